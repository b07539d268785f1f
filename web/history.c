/* history.c: GUESS=FEEDBACK lists from requests into states. */
#include <stdio.h>
#include <string.h>

#include "history.h"

#define FIT_WORDS 20 /* allowed words named in an answer */

/*
 * A contradiction at `entry` (guess gi, feedback fb, after `turn` turns): a
 * 422 whose answer also carries `outside_list` when the game has allowed
 * words beyond its answers: {turn, count, words (the first FIT_WORDS),
 * wider}: how many allowed words would fit and the lists to widen to.
 */
static int contradiction(web_req *r, const cb_state *st, const char *entry, int turn, uint32_t gi, uint32_t fb,
                         const char *wider)
{
    const cb_game *g = cb_state_game(st);
    char after[40] = "";
    if (turn)
        snprintf(after, sizeof after, " after the turns before it");
    if (cb_game_guess_count(g) == cb_game_secret_count(g))
        return web_req_fail(r, 422, "history: no secret gives %.60s%s", entry, after);
    uint32_t fit[FIT_WORDS];
    size_t n = cb_state_fit_guesses(st, gi, fb, fit, FIT_WORDS);
    cb_json *j = &r->out;
    cb_json_clear(j);
    cb_json_printf(j, "{\"outside_list\":{\"turn\":%d,\"count\":%zu,\"words\":[", turn, n);
    for (size_t i = 0; i < n && i < FIT_WORDS; i++) {
        char word[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(g, fit[i], word, sizeof word);
        cb_json_sep(j);
        cb_json_str(j, word);
    }
    cb_json_raw(j, "],\"wider\":");
    if (wider)
        cb_json_str(j, wider);
    else
        cb_json_raw(j, "null");
    cb_json_raw(j, "}}");
    if (n == 0)
        return web_req_fail(r, 422, "history: no answer nor any allowed word gives %.60s%s", entry, after);
    return web_req_fail(r, 422, "history: no answer of the list gives %.60s%s, but %zu allowed word%s would", entry,
                        after, n, n == 1 ? "" : "s");
}

static int apply(web_req *r, cb_state *st, char *entry, int turn, const char *wider)
{
    uint32_t gi, fb;
    cb_error err;
    int rc = cb_state_apply_text(st, entry, &gi, &fb, &err);
    if (rc == CB_ECONTRADICT)
        return contradiction(r, st, entry, turn, gi, fb, wider);
    if (rc == CB_EILLEGAL)
        return web_req_fail(r, 422, "history: %s", err.message);
    if (rc != CB_OK)
        return web_req_fail(r, 400, "history: %s", err.message);
    return 0;
}

int web_history_read(web_req *r, const char *name, cb_state *st, const char *wider)
{
    const char *text = web_req_get(r, name);
    char buf[WEB_MAX_VALUE + 1];
    int turn = 0;
    size_t checked = 0;
    if (!text)
        return 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *p = buf; *p;) {
        p += strspn(p, ", \t\r\n");
        size_t len = strcspn(p, ", \t\r\n");
        if (!len)
            break;
        char end = p[len];
        p[len] = '\0';
        if (turn == WEB_MAX_TURNS)
            return web_req_fail(r, 400, "history: more than %d turns", WEB_MAX_TURNS);
        checked += cb_state_count(st);
        if (checked > WEB_MAX_FILTER)
            return web_req_fail(r, 422,
                                "history: its turns would check more than %u candidates in all (the limit): "
                                "turns that tell nothing new on so large a game are refused",
                                WEB_MAX_FILTER);
        if (apply(r, st, p, turn++, wider) < 0)
            return -1;
        p += len + (end != '\0');
    }
    return 0;
}
