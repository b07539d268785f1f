/*
 * candidates.c: the strategies that look at the candidates, not at the
 * partitions: random (the baseline), random-any (any allowed guess until a
 * target turn, from the data-visualisation paper), first (the first
 * candidate in list order) and frequency (the most frequent candidate, by
 * word weights or, without them, by its letters per position).
 */
#include <math.h>
#include <stdlib.h>

#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

/* random, random-any: every pool guess is a choice; the rng picks. */
static int every_guess(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                       int threads)
{
    (void)s, (void)st, (void)threads;
    int rc = CB_OK;
    for (size_t i = 0; i < npool && rc == CB_OK; i++)
        rc = cbs_decision_push(&ws->dec, pool[i]);
    return rc;
}

/* random-any plays any allowed guess before its target turn (default CB_RANDOM_ANY_TARGET), candidates from it. */
static int from_target(const cb_strategy *s, const cb_state *st)
{
    int turn = (int)cb_state_turns(st) + 1;
    return turn >= (s->cfg.target_turn ? s->cfg.target_turn : CB_RANDOM_ANY_TARGET);
}

/* first: the first remaining candidate in list order. */
static int first_candidate(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                           int threads)
{
    (void)pool, (void)npool, (void)threads;
    return cbs_decision_push(&ws->dec, s->game->secret_guess[cb_state_candidates(st)[0]]);
}

/* first ranks in list order. */
static int list_order(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, double *key,
                      double *score)
{
    (void)s, (void)st, (void)pool;
    for (size_t i = 0; i < npool; i++)
        key[i] = score[i] = 0;
    return CB_OK;
}

typedef size_t letter_counts[CB_MAX_SYMBOLS];

/* Without word weights: how often each symbol stands at each position among the candidates. */
static letter_counts *count_letters(const cb_strategy *s, const cb_state *st)
{
    const cb_game *game = s->game;
    const uint32_t *cands = cb_state_candidates(st);
    letter_counts *counts = calloc((size_t)game->n, sizeof *counts);
    for (size_t i = 0; counts && i < cb_state_count(st); i++) {
        const uint8_t *code = cb_game_code(game, game->secret_guess[cands[i]]);
        for (int p = 0; p < game->n; p++)
            counts[p][code[p]]++;
    }
    return counts;
}

/* The frequency strategy's value of candidate g: its word weight, or its letters' counts. */
static double frequency_value(const cb_strategy *s, const letter_counts *counts, uint32_t g)
{
    double w = 0;
    if (s->weights)
        return s->weights[cb_game_guess_secret(s->game, g)];
    for (int p = 0; p < s->game->n; p++)
        w += (double)counts[p][cb_game_code(s->game, g)[p]];
    return w;
}

/* frequency: the heaviest candidate; without word weights, the most common letters per position. */
static int heaviest(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                    int threads)
{
    (void)threads;
    letter_counts *counts = s->weights ? NULL : count_letters(s, st);
    if (!s->weights && !counts)
        return CB_ENOMEM;
    cbs_best b = {INFINITY, ws->dec};
    b.tied.count = 0;
    int rc = CB_OK;
    for (size_t i = 0; i < npool && rc == CB_OK; i++)
        rc = cbs_best_offer(&b, -frequency_value(s, counts, pool[i]), pool[i]);
    ws->dec = b.tied;
    ws->dec.score = -b.key;
    free(counts);
    return rc;
}

static int by_weight(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, double *key,
                     double *score)
{
    letter_counts *counts = s->weights ? NULL : count_letters(s, st);
    if (!s->weights && !counts)
        return CB_ENOMEM;
    for (size_t i = 0; i < npool; i++) {
        score[i] = frequency_value(s, counts, pool[i]);
        key[i] = -score[i];
    }
    free(counts);
    return CB_OK;
}

const cbs_row cbs_row_random = {
    .info = {"random", "Random guessing", "a uniformly random remaining candidate", "the baseline",
             CB_TRAIT_RANDOM | CB_TRAIT_CANDIDATES, CB_COST_CANDIDATES, NULL, NULL},
    .decide = every_guess,
};

const cbs_row cbs_row_random_any = {
    .info = {"random-any", "Random, untargeted", "a uniformly random allowed guess until the target turn (default 3)",
             "data-visualisation paper", CB_TRAIT_RANDOM, CB_COST_ANY, NULL, NULL},
    .decide = every_guess,
    .candidates_here = from_target,
};

const cbs_row cbs_row_frequency = {
    .info = {"frequency", "Most frequent word", "the remaining candidate with the highest word (or letter) frequency",
             "blog and information-theory study", CB_TRAIT_RANKS | CB_TRAIT_CANDIDATES | CB_TRAIT_WEIGHTS,
             CB_COST_LETTERS, "weight %.3g", NULL},
    .decide = heaviest,
    .rank = by_weight,
};

const cbs_row cbs_row_first = {
    .info = {"first", "First candidate", "the first remaining candidate in list order", "regex study",
             CB_TRAIT_RANKS | CB_TRAIT_CANDIDATES | CB_TRAIT_NO_TIES, CB_COST_CANDIDATES, NULL, NULL},
    .decide = first_candidate,
    .rank = list_order,
};
