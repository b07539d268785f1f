/* history.c: GUESS=FEEDBACK lists from requests into states. */
#include <stdio.h>
#include <string.h>

#include "history.h"

static int apply(web_req *r, cb_state *st, char *entry, int turn)
{
    const cb_game *g = cb_state_game(st);
    char *eq = strchr(entry, '=');
    uint32_t gi, fb;
    cb_error err;
    char why[200];
    if (!eq)
        return web_req_fail(r, 400, "history: '%.60s' is not GUESS=FEEDBACK", entry);
    *eq = '\0';
    int rc = cb_game_parse_code(g, entry, &gi, &err);
    if (rc == CB_OK)
        rc = cb_game_parse_feedback(g, eq + 1, &fb, &err);
    *eq = '=';
    if (rc != CB_OK)
        return web_req_fail(r, 400, "history: %s", err.message);
    if (!cb_state_legal(st, gi, why, sizeof why))
        return web_req_fail(r, 422, "history: %.60s breaks hard mode: %s", entry, why);
    rc = cb_state_apply(st, gi, fb);
    if (rc == CB_ECONTRADICT)
        return web_req_fail(r, 422,
                            turn ? "history: no secret gives %.60s after the turns before it"
                                 : "history: no secret gives %.60s",
                            entry);
    if (rc != CB_OK)
        return web_req_fail(r, 400, "history: %.60s: %s", entry, cb_strerror(rc));
    return 0;
}

int web_history_read(web_req *r, const char *name, cb_state *st)
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
        if (apply(r, st, p, turn++) < 0)
            return -1;
        p += len + (end != '\0');
    }
    return 0;
}
