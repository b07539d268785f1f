/*
 * pool.c: the guesses a strategy may play in a state: every guess, the
 * legal ones in hard mode (filtered turn by turn and kept for the states
 * below), or the candidates when the strategy or the turn asks for them.
 */
#include <stdlib.h>
#include <string.h>

#include "strategy/strategy_internal.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The legal guesses of a hard-mode state, filtered turn by turn and kept in ws for the states below it. */
static int hard_pool(const cb_game *game, const cb_state *st, cbs_ws *ws, size_t *count)
{
    size_t turns = cb_state_turns(st);
    if (ws->nlegal < turns) {
        cbs_legal *l = realloc(ws->legal, turns * sizeof *l);
        if (!l)
            return CB_ENOMEM;
        memset(l + ws->nlegal, 0, (turns - ws->nlegal) * sizeof *l);
        ws->legal = l;
        ws->nlegal = turns;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    const uint32_t *prev = NULL;
    size_t nprev = game->nguess;
    for (size_t t = 0; t < turns; t++) {
        uint32_t g, fb;
        cbg_hard_turn rule;
        cbs_legal *l = &ws->legal[t];
        cb_state_turn(st, t, &g, &fb);
        h = ((h ^ g) * 0x100000001b3ull ^ fb) * 0x100000001b3ull;
        if (l->list && l->hash == h) {
            prev = l->list;
            nprev = l->count;
            continue;
        }
        if (l->cap < nprev) {
            free(l->list);
            l->list = malloc((nprev ? nprev : 1) * sizeof *l->list);
            l->cap = l->list ? nprev : 0;
            if (!l->list)
                return CB_ENOMEM;
        }
        cbg_hard_turn_make(game, g, fb, &rule);
        l->count = 0;
        for (size_t i = 0; i < nprev; i++) {
            uint32_t gi = prev ? prev[i] : (uint32_t)i;
            if (cbg_hard_turn_check(game, &rule, cb_game_code(game, gi), NULL, NULL))
                l->list[l->count++] = gi;
        }
        l->hash = h;
        prev = l->list;
        nprev = l->count;
        for (size_t u = t + 1; u < ws->nlegal; u++) /* deeper lists followed the old turn */
            ws->legal[u].hash = 0;
    }
    for (size_t i = 0; i < nprev; i++)
        ws->pool[i] = prev ? prev[i] : (uint32_t)i;
    *count = nprev;
    return CB_OK;
}

int cbs_make_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int cands_only, size_t *npool)
{
    const cb_game *game = s->game;
    size_t n = cb_state_count(st), cap = cands_only ? n : game->nguess;
    if (ws->pool_cap < cap) {
        free(ws->pool);
        ws->pool = malloc((cap ? cap : 1) * sizeof *ws->pool);
        ws->pool_cap = ws->pool ? cap : 0;
        if (!ws->pool)
            return CB_ENOMEM;
    }
    size_t k = 0;
    if (cands_only) {
        const uint32_t *c = cb_state_candidates(st);
        int sorted = 1;
        for (size_t i = 0; i < n; i++) {
            ws->pool[k++] = game->secret_guess[c[i]];
            sorted &= i == 0 || ws->pool[k - 1] > ws->pool[k - 2];
        }
        if (!sorted)
            qsort(ws->pool, k, sizeof *ws->pool, cmp_u32);
    } else if (cb_state_hard(st) && game->rule == CB_RULE_WORDLE) {
        int rc = hard_pool(game, st, ws, &k);
        if (rc != CB_OK)
            return rc;
    } else
        for (uint32_t g = 0; g < game->nguess; g++)
            ws->pool[k++] = g;
    *npool = k;
    return k ? CB_OK : CB_EEMPTY;
}

int cbs_candidates_only(const cb_strategy *s, const cb_state *st)
{
    int turn = (int)cb_state_turns(st) + 1;
    const cb_strategy_config *c = &s->cfg;
    if (cbs_has(s, CB_TRAIT_CANDIDATES) || (s->row->candidates_here && s->row->candidates_here(s, st)))
        return 1;
    return c->candidates_only || (c->target_turn > 0 && turn >= c->target_turn);
}
