/* share.c: the emoji grid of a finished game (share.h), for the program's play and the dashboard; each rule its signs
 * (cbg_rule.share_sign, with the squares of game/signs.c).
 */
#include <stdio.h>
#include <string.h>

#include "codebreaker/share.h"
#include "codebreaker/status.h"
#include "game/rule_internal.h"

#define TITLE_MAX 64

/* Text being written into a buffer; full once something did not fit. */
typedef struct out {
    char *buf;
    size_t size, len;
    int full;
} out;

static void put(out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->full || o->len + n >= o->size) {
        o->full = 1;
        return;
    }
    memcpy(o->buf + o->len, s, n + 1);
    o->len += n;
}

static void row(out *o, const cb_game *g, uint32_t fb, unsigned flags)
{
    const cbg_rule *rule = cbg_rule_of(cb_game_rule(g));
    for (int i = 0; i < cb_game_length(g); i++)
        put(o, rule->share_sign(g, fb, i, flags));
    put(o, "\n");
}

int cb_share_grid(const cb_state *st, const char *title, unsigned flags, char *buf, size_t size)
{
    if (!st || !buf || size == 0 || (title && (strlen(title) > TITLE_MAX || strchr(title, '\n'))))
        return CB_EINVAL;
    buf[0] = '\0';
    size_t turns = cb_state_turns(st);
    int max_guesses = cb_state_max_guesses(st); /* never below the turns: the state keeps to it */
    if (max_guesses < 1)
        return CB_EINVAL;
    const cb_game *g = cb_state_game(st);
    if (!title)
        title = cb_game_rule_info(g)->label;
    out o = {buf, size, 0, 0};
    char head[TITLE_MAX + 48];
    if (cb_state_won(st))
        snprintf(head, sizeof head, "%s %zu/%d%s\n\n", title, turns, max_guesses, cb_state_hard(st) ? "*" : "");
    else
        snprintf(head, sizeof head, "%s X/%d%s\n\n", title, max_guesses, cb_state_hard(st) ? "*" : "");
    put(&o, head);
    for (size_t t = 0; t < turns; t++) {
        cb_guess_index gi;
        uint32_t fb;
        cb_state_turn(st, t, &gi, &fb);
        row(&o, g, fb, flags);
    }
    return o.full ? CB_ETOOBIG : CB_OK;
}
