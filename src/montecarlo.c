/*
 * montecarlo.c: the Symble thesis's Monte Carlo codebreaker (3.4): for each
 * guess, play `iterations` random continuations (a random secret, then
 * random remaining candidates until the win) and average the guesses.
 *
 * The secrets of the rollouts are drawn once per state and shared by every
 * guess (common random numbers: guesses are compared on the same games);
 * every generator is seeded from the strategy's seed, the state's history
 * and the guess, so a choice never depends on the thread count.
 */
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "strategy_internal.h"

/* The secret of a rollout: a candidate position, and its hidden mapping (Symble) or -1. */
typedef struct draw {
    uint32_t pos;
    int mapping;
} draw;

/* One thread's work areas. */
typedef struct mc_work {
    uint32_t *start; /* nkeys + 1 bucket starts */
    uint32_t *fill;
    uint32_t *ent_pos; /* entries sorted by feedback: candidate position */
    uint8_t *ent_mask; /* and the mappings under which it gives that feedback */
    uint32_t *fbs;     /* per (position, mapping): the observed feedback */
    uint32_t *cur;     /* rollout state: secrets */
    uint8_t *cur_mask;
} mc_work;

static void work_free(mc_work *w)
{
    free(w->start);
    free(w->fill);
    free(w->ent_pos);
    free(w->ent_mask);
    free(w->fbs);
    free(w->cur);
    free(w->cur_mask);
}

static int work_alloc(mc_work *w, size_t n, uint32_t nkeys)
{
    memset(w, 0, sizeof *w);
    w->start = calloc((size_t)nkeys + 1, sizeof *w->start);
    w->fill = malloc(((size_t)nkeys + 1) * sizeof *w->fill);
    w->ent_pos = malloc(n * CB_MAPPINGS * sizeof *w->ent_pos);
    w->ent_mask = malloc(n * CB_MAPPINGS);
    w->fbs = malloc(n * CB_MAPPINGS * sizeof *w->fbs);
    w->cur = malloc(n * sizeof *w->cur);
    w->cur_mask = malloc(n);
    if (w->start && w->fill && w->ent_pos && w->ent_mask && w->fbs && w->cur && w->cur_mask)
        return CB_OK;
    work_free(w);
    return CB_ENOMEM;
}

static uint32_t observe(const cb_game *game, uint32_t raw, int m)
{
    return m < 0 ? raw : cb_game_observe(game, raw, m);
}

/* Random play from the k secrets in cur (masks in cur_mask for Symble) until `secret` is guessed. */
static int rollout(const cb_game *game, const cb_table *table, mc_work *w, size_t k, int symble, uint32_t secret,
                   int mapping, cb_rng *rng)
{
    int guesses = 0;
    for (;;) {
        uint32_t pick = w->cur[cb_rng_below(rng, (uint32_t)k)];
        uint32_t g = game->secret_guess[pick];
        guesses++;
        if (pick == secret || guesses > 10000)
            return guesses;
        uint32_t fb = observe(game, cb_table_get(table, g, secret), mapping);
        size_t kept = 0;
        for (size_t j = 0; j < k; j++) {
            uint32_t raw = cb_table_get(table, g, w->cur[j]);
            if (!symble) {
                if (raw == fb)
                    w->cur[kept++] = w->cur[j];
                continue;
            }
            uint8_t mask = 0;
            for (int m = 0; m < CB_MAPPINGS; m++)
                if ((w->cur_mask[j] >> m & 1) && cb_game_observe(game, raw, m) == fb)
                    mask = (uint8_t)(mask | 1u << m);
            if (mask) {
                w->cur_mask[kept] = mask;
                w->cur[kept++] = w->cur[j];
            }
        }
        k = kept;
    }
}

/*
 * Guess g: bucket the (candidate, mapping) pairs by the feedback they give,
 * then play every drawn secret from its bucket. Returns the total guesses.
 */
static uint64_t play_guess(const cb_strategy *s, const cb_state *st, mc_work *w, uint32_t g, const draw *draws,
                           int iters, cb_rng *rng)
{
    const cb_game *game = s->game;
    const cb_table *table = s->table;
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    uint32_t nkeys = game->fb_count;
    memset(w->start, 0, ((size_t)nkeys + 1) * sizeof *w->start);
    for (size_t i = 0; i < n; i++) {
        uint32_t raw = cb_table_get(table, g, cands[i]);
        for (int m = masks ? 0 : -1; m < (masks ? CB_MAPPINGS : 0); m++) {
            uint32_t fb = observe(game, raw, m);
            w->fbs[i * CB_MAPPINGS + (size_t)(m < 0 ? 0 : m)] = fb;
            if (m < 0 || (masks[i] >> m & 1))
                w->start[fb + 1]++;
        }
    }
    for (uint32_t f = 0; f < nkeys; f++)
        w->start[f + 1] += w->start[f];
    memcpy(w->fill, w->start, ((size_t)nkeys + 1) * sizeof *w->fill);
    for (size_t i = 0; i < n; i++)
        for (int m = masks ? 0 : -1; m < (masks ? CB_MAPPINGS : 0); m++) {
            if (m >= 0 && !(masks[i] >> m & 1))
                continue;
            uint32_t fb = w->fbs[i * CB_MAPPINGS + (size_t)(m < 0 ? 0 : m)], at = w->fill[fb]++;
            w->ent_pos[at] = (uint32_t)i;
            w->ent_mask[at] = (uint8_t)(m < 0 ? 0 : 1u << m);
        }
    uint64_t total = 0;
    for (int it = 0; it < iters; it++) {
        const draw *d = &draws[it];
        uint32_t fb = w->fbs[d->pos * CB_MAPPINGS + (size_t)(d->mapping < 0 ? 0 : d->mapping)];
        total++;
        if (fb == game->won)
            continue;
        size_t k = 0;
        for (uint32_t e = w->start[fb]; e < w->start[fb + 1]; e++) {
            if (k && w->cur[k - 1] == cands[w->ent_pos[e]]) { /* same codeword, another mapping */
                w->cur_mask[k - 1] |= w->ent_mask[e];
                continue;
            }
            w->cur[k] = cands[w->ent_pos[e]];
            w->cur_mask[k++] = w->ent_mask[e];
        }
        total += (uint64_t)rollout(game, table, w, k, masks != NULL, cands[d->pos], d->mapping, rng);
    }
    return total;
}

int cb__montecarlo(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, int threads,
                   double *avg)
{
    size_t n = cb_state_count(st);
    const uint8_t *masks = cb_state_masks(st);
    int iters = s->cfg.iterations, fail = 0;
    uint64_t hash = cb__history_hash(st);
    draw *draws = malloc((size_t)iters * sizeof *draws);
    cb_rng rng;
    if (!draws)
        return CB_ENOMEM;
    cb_rng_seed2(&rng, s->cfg.seed, hash);
    for (int it = 0; it < iters; it++) {
        draws[it].pos = cb_rng_below(&rng, (uint32_t)n);
        draws[it].mapping = -1;
        if (masks) { /* a uniformly random mapping among the secret's possible ones */
            unsigned mask = masks[draws[it].pos];
            uint32_t k = cb_rng_below(&rng, (uint32_t)__builtin_popcount(mask));
            for (int m = 0; m < CB_MAPPINGS; m++)
                if ((mask >> m & 1) && k-- == 0)
                    draws[it].mapping = m;
        }
    }
    int nt = threads > 1 && npool > 1 ? threads : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        mc_work w;
        int ok = work_alloc(&w, n, s->game->fb_count) == CB_OK;
        if (!ok) {
#pragma omp atomic write
            fail = 1;
        }
#pragma omp for schedule(dynamic, 16)
        for (size_t i = 0; i < npool; i++) {
            if (!ok)
                continue;
            cb_rng r;
            cb_rng_seed2(&r, s->cfg.seed ^ hash, pool[i]);
            avg[i] = (double)play_guess(s, st, &w, pool[i], draws, iters, &r) / iters;
        }
        if (ok)
            work_free(&w);
    }
    free(draws);
    return fail ? CB_ENOMEM : CB_OK;
}
