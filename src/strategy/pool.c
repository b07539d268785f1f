/*
 * pool.c: the guesses a strategy may play in a state: every guess, the
 * legal ones in hard mode (filtered turn by turn and kept for the states
 * below), or the candidates when the strategy or the turn asks for them;
 * for a greedy strategy in a big game, one guess a symmetry class and a
 * fixed-seed sample above max_pairs (cbs_bound_pool, docs/limits.md).
 */
#include <stdlib.h>
#include <string.h>

#include "solver/symmetry_internal.h"
#include "strategy/decide_internal.h"
#include "strategy/pool_internal.h"
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
    } else if (cb_state_hard(st) && cb_game_rule_info(game)->hard_mode) {
        int rc = hard_pool(game, st, ws, &k);
        if (rc != CB_OK)
            return rc;
    } else
        for (uint32_t g = 0; g < game->nguess; g++)
            ws->pool[k++] = g;
    *npool = k;
    return k ? CB_OK : CB_EEMPTY;
}

/*
 * Keep one guess of each orbit of the symmetries that fix every guess so far
 * (permutations of the positions, Mastermind rules, and of the colours, of a
 * complete dictionary): the least index of the orbit. The guesses of an
 * orbit split the candidates alike and are all candidates or none, so the
 * best guess and its least index stay the same. CB_OK with *npool unchanged
 * when nothing is symmetric.
 */
static int symmetric_pool(const cb_game *game, const cb_state *st, cbs_ws *ws, size_t *npool)
{
    cbo_sym_group *g = cbo_sym_root(game), h = {0};
    if (!g)
        return CB_ENOMEM;
    h.el = malloc(g->count * sizeof *h.el);
    int rc = h.el ? CB_OK : CB_ENOMEM;
    for (size_t t = 0; rc == CB_OK && t < cb_state_turns(st); t++) {
        uint32_t gi, fb;
        cb_state_turn(st, t, &gi, &fb);
        cbo_sym_stabilizer(g, cb_game_code(game, gi), &h);
        cbo_sym_el *swap = g->el;
        *g = h;
        h.el = swap;
    }
    if (rc == CB_OK && !cbo_sym_trivial(g)) {
        size_t k = 0;
        for (size_t i = 0; i < *npool; i++)
            if (cbo_sym_least(g, cb_game_code(game, ws->pool[i])))
                ws->pool[k++] = ws->pool[i];
        *npool = k;
    }
    free(h.el);
    cbo_sym_free(g);
    return rc;
}

/* 1 when the guesses of st may be cut to one an orbit: the choice stays the same (first tie rule, no weights). */
static int symmetric(const cb_strategy *s, const cb_state *st)
{
    const cb_game *game = s->game;
    return game->complete && !cb_state_hard(st) && !cb_game_rule_info(game)->hidden && s->cfg.tie == CB_TIE_FIRST &&
           !cbs_has(s, CB_TRAIT_WEIGHTS);
}

/*
 * A fixed-seed sample of pool[0..*npool): the candidates (or a sample of
 * them when they alone are too many) and other guesses up to `keep`,
 * sorted by index again.
 */
static void sample_pool(const cb_state *st, cbs_ws *ws, size_t *npool, size_t keep)
{
    cb_rng rng;
    size_t n = *npool, k = 0;
    cb_rng_seed2(&rng, CB_POOL_SEED, cbs_history_hash(st));
    for (size_t i = 0; i < n; i++) /* the candidates first */
        if (cb_state_is_candidate(st, ws->pool[i])) {
            uint32_t t = ws->pool[k];
            ws->pool[k++] = ws->pool[i];
            ws->pool[i] = t;
        }
    size_t from = k < keep ? k : 0, span = k < keep ? n : k; /* draw the rest from the others, or among candidates */
    for (size_t i = from; i < keep && i < span; i++) {
        size_t j = i + cb_rng_below(&rng, (uint32_t)(span - i));
        uint32_t t = ws->pool[i];
        ws->pool[i] = ws->pool[j];
        ws->pool[j] = t;
    }
    *npool = keep < n ? keep : n;
    qsort(ws->pool, *npool, sizeof *ws->pool, cmp_u32);
}

int cbs_bound_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, size_t *npool, int *bounded)
{
    double n = (double)cb_state_count(st);
    double limit = s->cfg.max_pairs > 0 ? s->cfg.max_pairs : CB_GREEDY_MAX_PAIRS;
    *bounded = 0;
    if (n * (double)*npool > CB_SYMMETRY_MIN_PAIRS && *npool == s->game->nguess && symmetric(s, st)) {
        int rc = symmetric_pool(s->game, st, ws, npool);
        if (rc != CB_OK)
            return rc;
    }
    if (s->cfg.max_pairs < 0 || (s->cfg.max_pairs == 0 && cb_table_precomputed(s->table)) ||
        n * (double)*npool <= limit)
        return CB_OK; /* a precomputed table is at most 2 GiB: its decisions stay fast */
    double keep = limit / n;
    sample_pool(st, ws, npool, keep < CB_POOL_MIN ? CB_POOL_MIN : (size_t)keep);
    *bounded = 1;
    return CB_OK;
}

int cbs_candidates_only(const cb_strategy *s, const cb_state *st)
{
    int turn = (int)cb_state_turns(st) + 1;
    const cb_strategy_config *c = &s->cfg;
    if (cbs_has(s, CB_TRAIT_CANDIDATES) || (s->row->candidates_here && s->row->candidates_here(s, st)))
        return 1;
    return c->candidates_only || (c->target_turn > 0 && turn >= c->target_turn);
}
