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
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

/* The secret of a rollout: a candidate position, and its hidden mapping (Symble) or -1. */
typedef struct draw {
    uint32_t pos;
    int mapping;
} draw;

/* A map of 32-bit keys to 32-bit values by open addressing; CB_NONE marks a free slot. */
typedef struct u32map {
    uint32_t *key, *val;
    size_t mask;
} u32map;

static int map_alloc(u32map *m, size_t want)
{
    size_t cap = 16;
    while (cap < 2 * want)
        cap *= 2;
    m->key = malloc(cap * sizeof *m->key);
    m->val = malloc(cap * sizeof *m->val);
    m->mask = cap - 1;
    return m->key && m->val ? CB_OK : CB_ENOMEM;
}

static void map_clear(u32map *m)
{
    memset(m->key, 0xff, (m->mask + 1) * sizeof *m->key); /* CB_NONE */
}

/* The slot of key k: either holding k, or free (then key[slot] is CB_NONE). */
static size_t map_find(const u32map *m, uint32_t k)
{
    size_t h = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 32) & m->mask;
    while (m->key[h] != k && m->key[h] != CB_NONE)
        h = (h + 1) & m->mask;
    return h;
}

/* One thread's work areas: per candidate, per (candidate, mapping) entry, per draw, per target. */
typedef struct mc_work {
    uint32_t *raw;      /* per candidate: the raw feedback of the guess */
    uint32_t *ent_pos;  /* bucket entries: candidate position ... */
    uint8_t *ent_mask;  /* ... the mappings under which it gives the bucket's feedback ... */
    uint32_t *ent_bkt;  /* ... and the bucket */
    uint32_t *bkt_cand; /* the entries by bucket, candidate order kept: the secret ... */
    uint8_t *bkt_mask;  /* ... and its mappings */
    uint32_t *start;    /* per bucket: first sorted entry (buckets + 1) */
    uint32_t *cur;      /* rollout state: secrets */
    uint8_t *cur_mask;
    uint32_t *buf;       /* rollout feedbacks */
    uint32_t *bucket_fb; /* per bucket (at most one per draw): its feedback */
    uint32_t *draw_bkt;  /* per draw: its bucket */
    uint32_t *tgt_raw;   /* targets, (bucket, mapping) pairs: the raw pattern that shows the bucket's feedback */
    uint32_t *tgt_bkt;
    int8_t *tgt_map;
    uint32_t *tgt_order; /* targets grouped by raw pattern */
    uint32_t *grp_first; /* per distinct raw pattern: its targets in tgt_order */
    uint32_t *grp_count;
    u32map fbs;  /* feedback -> bucket */
    u32map raws; /* raw pattern -> group */
} mc_work;

static void work_free(mc_work *w)
{
    void *all[] = {w->raw,     w->ent_pos, w->ent_mask, w->ent_bkt,   w->bkt_cand,  w->bkt_mask,
                   w->start,   w->cur,     w->cur_mask, w->buf,       w->bucket_fb, w->draw_bkt,
                   w->tgt_raw, w->tgt_bkt, w->tgt_map,  w->tgt_order, w->grp_first, w->grp_count,
                   w->fbs.key, w->fbs.val, w->raws.key, w->raws.val};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
}

static int work_alloc(mc_work *w, size_t n, int iters)
{
    size_t it = (size_t)iters, pairs = it * CB_MAPPINGS;
    memset(w, 0, sizeof *w);
    w->raw = malloc(n * sizeof *w->raw);
    w->ent_pos = malloc(n * CB_MAPPINGS * sizeof *w->ent_pos);
    w->ent_mask = malloc(n * CB_MAPPINGS);
    w->ent_bkt = malloc(n * CB_MAPPINGS * sizeof *w->ent_bkt);
    w->bkt_cand = malloc(n * CB_MAPPINGS * sizeof *w->bkt_cand);
    w->bkt_mask = malloc(n * CB_MAPPINGS);
    w->start = malloc((it + 2) * sizeof *w->start);
    w->cur = malloc(n * sizeof *w->cur);
    w->cur_mask = malloc(n);
    w->buf = malloc(n * sizeof *w->buf);
    w->bucket_fb = malloc(it * sizeof *w->bucket_fb);
    w->draw_bkt = malloc(it * sizeof *w->draw_bkt);
    w->tgt_raw = malloc(pairs * sizeof *w->tgt_raw);
    w->tgt_bkt = malloc(pairs * sizeof *w->tgt_bkt);
    w->tgt_map = malloc(pairs);
    w->tgt_order = malloc(pairs * sizeof *w->tgt_order);
    w->grp_first = malloc(pairs * sizeof *w->grp_first);
    w->grp_count = malloc(pairs * sizeof *w->grp_count);
    int rc = map_alloc(&w->fbs, it) == CB_OK && map_alloc(&w->raws, pairs) == CB_OK ? CB_OK : CB_ENOMEM;
    if (rc == CB_OK && w->raw && w->ent_pos && w->ent_mask && w->ent_bkt && w->bkt_cand && w->bkt_mask && w->start &&
        w->cur && w->cur_mask && w->buf && w->bucket_fb && w->draw_bkt && w->tgt_raw && w->tgt_bkt && w->tgt_map &&
        w->tgt_order && w->grp_first && w->grp_count)
        return CB_OK;
    work_free(w);
    return CB_ENOMEM;
}

static uint32_t observe(const cb_game *game, uint32_t raw, int m)
{
    return m < 0 ? raw : cb_game_observe(game, raw, m);
}

/*
 * Random play from the k secrets src (masks src_mask for Symble) until
 * `secret` is guessed; the secrets left after each guess go to w->cur.
 */
static int rollout(const cb_game *game, const cb_table *table, mc_work *w, const uint32_t *src, const uint8_t *src_mask,
                   size_t k, int symble, uint32_t secret, int mapping, cb_rng *rng)
{
    int guesses = 0;
    for (;;) {
        uint32_t pick = src[cb_rng_below(rng, (uint32_t)k)];
        uint32_t g = game->secret_guess[pick];
        guesses++;
        if (pick == secret || guesses > 10000)
            return guesses;
        uint32_t fb = observe(game, cb_table_get(table, g, secret), mapping), want[CB_MAPPINGS];
        size_t kept = 0;
        cb_table_fill(table, g, src, k, w->buf);
        if (!symble) {
            for (size_t j = 0; j < k; j++) {
                w->cur[kept] = src[j];
                kept += w->buf[j] == fb;
            }
        } else {
            for (int m = 0; m < CB_MAPPINGS; m++) /* the raw pattern each mapping shows as fb */
                want[m] = cbg_observe_inverse(game, fb, m);
            for (size_t j = 0; j < k; j++) {
                unsigned mask = 0;
                for (int m = 0; m < CB_MAPPINGS; m++)
                    mask |= (unsigned)(w->buf[j] == want[m]) << m;
                mask &= src_mask[j];
                w->cur_mask[kept] = (uint8_t)mask;
                w->cur[kept] = src[j];
                kept += mask != 0;
            }
        }
        src = w->cur;
        src_mask = w->cur_mask;
        k = kept;
    }
}

/* The draws' feedbacks, one bucket per distinct one, and the (bucket, mapping) targets grouped by raw pattern. */
static size_t make_buckets(const cb_game *game, mc_work *w, const draw *draws, int iters, int symble)
{
    size_t nb = 0, nt = 0, ngroups = 0;
    map_clear(&w->fbs);
    for (int it = 0; it < iters; it++) {
        uint32_t fb = observe(game, w->raw[draws[it].pos], draws[it].mapping);
        size_t h = map_find(&w->fbs, fb);
        if (w->fbs.key[h] == CB_NONE) {
            w->fbs.key[h] = fb;
            w->fbs.val[h] = (uint32_t)nb;
            w->bucket_fb[nb++] = fb;
        }
        w->draw_bkt[it] = w->fbs.val[h];
    }
    for (size_t b = 0; b < nb; b++) /* the raw pattern each mapping shows as the bucket's feedback */
        for (int m = symble ? 0 : -1; m < (symble ? CB_MAPPINGS : 0); m++) {
            uint32_t r = m < 0 ? w->bucket_fb[b] : cbg_observe_inverse(game, w->bucket_fb[b], m);
            if (r == CB_NONE)
                continue;
            w->tgt_raw[nt] = r;
            w->tgt_bkt[nt] = (uint32_t)b;
            w->tgt_map[nt++] = (int8_t)m;
        }
    map_clear(&w->raws);
    for (size_t q = 0; q < nt; q++) {
        size_t h = map_find(&w->raws, w->tgt_raw[q]);
        if (w->raws.key[h] == CB_NONE) {
            w->raws.key[h] = w->tgt_raw[q];
            w->raws.val[h] = (uint32_t)ngroups;
            w->grp_count[ngroups++] = 0;
        }
        w->grp_count[w->raws.val[h]]++;
    }
    for (size_t k = 0, at = 0; k < ngroups; k++) {
        w->grp_first[k] = (uint32_t)at;
        at += w->grp_count[k];
        w->grp_count[k] = 0;
    }
    for (size_t q = 0; q < nt; q++) { /* (bucket, mapping) order within each group */
        uint32_t k = w->raws.val[map_find(&w->raws, w->tgt_raw[q])];
        w->tgt_order[w->grp_first[k] + w->grp_count[k]++] = (uint32_t)q;
    }
    return nb;
}

/*
 * Guess g: each drawn secret falls in the bucket of its feedback; the
 * candidates that give a drawn feedback (under a mapping still possible
 * for them) join that bucket, in candidate order with their mappings
 * merged, and every drawn secret is played from its bucket. Only the
 * draws' feedbacks are bucketed, so nothing scales with the 3^n feedback
 * ids of long Symble words. Returns the total guesses.
 */
static uint64_t play_guess(const cb_strategy *s, const cb_state *st, mc_work *w, uint32_t g, const draw *draws,
                           int iters, cb_rng *rng)
{
    const cb_game *game = s->game;
    size_t n = cb_state_count(st), ne = 0;
    const uint32_t *cands = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    cb_table_fill(s->table, g, cands, n, w->raw);
    size_t nb = make_buckets(game, w, draws, iters, masks != NULL);
    for (size_t i = 0; i < n; i++) {
        size_t h = map_find(&w->raws, w->raw[i]);
        if (w->raws.key[h] == CB_NONE)
            continue;
        uint32_t k = w->raws.val[h];
        size_t e0 = ne;
        for (uint32_t j = 0; j < w->grp_count[k]; j++) {
            uint32_t q = w->tgt_order[w->grp_first[k] + j];
            int m = w->tgt_map[q];
            if (m >= 0 && !(masks[i] >> m & 1))
                continue;
            size_t e = e0;
            while (e < ne && w->ent_bkt[e] != w->tgt_bkt[q])
                e++;
            if (e == ne) {
                w->ent_bkt[ne] = w->tgt_bkt[q];
                w->ent_pos[ne] = (uint32_t)i;
                w->ent_mask[ne++] = 0;
            }
            if (m >= 0)
                w->ent_mask[e] = (uint8_t)(w->ent_mask[e] | 1u << m);
        }
    }
    memset(w->start, 0, (nb + 2) * sizeof *w->start); /* counting sort of the entries by bucket, stable */
    for (size_t e = 0; e < ne; e++)
        w->start[w->ent_bkt[e] + 2]++;
    for (size_t b = 0; b < nb; b++)
        w->start[b + 2] += w->start[b + 1];
    for (size_t e = 0; e < ne; e++) { /* the buckets' secrets, contiguous: start[b] .. start[b + 1] is bucket b */
        uint32_t at = w->start[w->ent_bkt[e] + 1]++;
        w->bkt_cand[at] = cands[w->ent_pos[e]];
        w->bkt_mask[at] = w->ent_mask[e];
    }
    uint64_t total = 0;
    for (int it = 0; it < iters; it++) {
        uint32_t b = w->draw_bkt[it];
        total++;
        if (w->bucket_fb[b] == game->won)
            continue;
        total += (uint64_t)rollout(game, s->table, w, w->bkt_cand + w->start[b], w->bkt_mask + w->start[b],
                                   w->start[b + 1] - w->start[b], masks != NULL, cands[draws[it].pos],
                                   draws[it].mapping, rng);
    }
    return total;
}

static int rollouts(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, int threads,
                    const volatile int *cancel, double *avg)
{
    size_t n = cb_state_count(st);
    const uint8_t *masks = cb_state_masks(st);
    int iters = s->cfg.iterations, fail = 0;
    uint64_t hash = cbs_history_hash(st);
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
        int ok = work_alloc(&w, n, iters) == CB_OK;
        if (!ok)
            __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 16)
        for (size_t i = 0; i < npool; i++) {
            if (!ok || __atomic_load_n(&fail, __ATOMIC_RELAXED))
                continue;
            if (cbb_flag(s->cfg.cancel) || cbb_flag(cancel)) {
                __atomic_store_n(&fail, CB_ECANCELED, __ATOMIC_RELAXED);
                continue;
            }
            cb_rng r;
            cb_rng_seed2(&r, s->cfg.seed ^ hash, pool[i]);
            avg[i] = (double)play_guess(s, st, &w, pool[i], draws, iters, &r) / iters;
        }
        if (ok)
            work_free(&w);
    }
    free(draws);
    return fail;
}

/* The guess with the lowest average over the rollouts. */
static int lowest_average(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                          int threads)
{
    double *avg = malloc(npool * sizeof *avg);
    if (!avg)
        return CB_ENOMEM;
    int rc = rollouts(s, st, pool, npool, threads, ws->cancel, avg);
    cbs_best b = {INFINITY, ws->dec};
    b.tied.count = 0;
    for (size_t i = 0; i < npool && rc == CB_OK; i++)
        rc = cbs_best_offer(&b, avg[i], pool[i]);
    ws->dec = b.tied;
    ws->dec.score = b.key;
    free(avg);
    return rc;
}

static int by_average(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, double *key,
                      double *score)
{
    int rc = rollouts(s, st, pool, npool, cbb_threads(s->cfg.threads), NULL, key);
    for (size_t i = 0; i < npool; i++)
        score[i] = key[i];
    return rc;
}

const cbs_row cbs_row_montecarlo = {
    .info = {"montecarlo", "Monte Carlo rollouts",
             "the candidate with the lowest average over random continuations after it", "Symble thesis 3.4",
             CB_TRAIT_RANKS | CB_TRAIT_CANDIDATES, CB_COST_ROLLOUTS, "%.2f guesses to go on average", NULL},
    .decide = lowest_average,
    .rank = by_average,
    .iterations = 1,
};
