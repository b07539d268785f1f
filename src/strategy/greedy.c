/*
 * greedy.c: the greedy strategies: each scores the partition of the
 * candidates by every guess it may play and plays the best. A greedy
 * strategy is a row: a key to minimise over the partition statistics
 * (cbs_pstats, all exact integers, so equal partitions tie exactly) and the
 * score people read from that key. Adding one is a row here, a line in
 * registry.c and a test.
 */
#include <math.h>
#include <stdlib.h>

#include "strategy/decide_internal.h"
#include "strategy/greedy_internal.h"
#include "strategy/strategy_internal.h"
#include "strategy/weights_internal.h"

#define GREEDY CB_TRAIT_GREEDY | CB_TRAIT_RANKS

static double largest_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)n, (void)prob;
    return (double)ps->largest;
}
static double same_score(double key, size_t n)
{
    (void)n;
    return key;
}

static double sumsq_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)n, (void)prob;
    return (double)ps->sumsq;
}
static double expected_score(double key, size_t n)
{
    return n ? key / (double)n : 0.0;
}

static double parts_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)n, (void)prob;
    return -(double)ps->parts;
}
static double negated_score(double key, size_t n)
{
    (void)n;
    return -key;
}

/* Entropy in bits is log2 N - slog / (N CB_LOG_SCALE): the least slog is the most entropy. */
static double slog_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)n, (void)prob;
    return (double)ps->slog;
}
static double entropy_score(double key, size_t n)
{
    cbs_pstats ps = {.slog = (uint64_t)key};
    return cbs_entropy(&ps, n);
}

static double singles_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)n, (void)prob;
    return -(double)ps->singles;
}

static double entropy_prob_key(const cbs_pstats *ps, size_t n, double prob)
{
    return -(cbs_entropy(ps, n) + prob);
}

/* The information-theory study probes with entropy while more than 3 remain, then plays a candidate. */
static int few_left(const cb_strategy *s, const cb_state *st)
{
    (void)s;
    return cb_state_count(st) <= 3;
}

const cbs_row cbs_row_minimax = {
    .info = {"minimax", "Knuth worst case", "minimises the largest part", "Knuth 1976", GREEDY, CB_COST_PARTITION,
             "largest part %.0f", NULL},
    .key = largest_key,
    .score = same_score,
};

const cbs_row cbs_row_expected = {
    .info = {"expected", "Irving expected size", "minimises the expected part size (sum of squares / N)", "Irving 1979",
             GREEDY, CB_COST_PARTITION, "expected part %.2f", NULL},
    .key = sumsq_key,
    .score = expected_score,
};

const cbs_row cbs_row_parts = {
    .info = {"parts", "Kooi most parts", "maximises the number of parts", "Kooi 2005", GREEDY, CB_COST_PARTITION,
             "%.0f parts", "1 part"},
    .key = parts_key,
    .score = negated_score,
};

const cbs_row cbs_row_max_singletons = {
    .info = {"max-singletons", "Most singletons", "maximises the parts of one candidate (solved on the next guess)",
             "this project", GREEDY, CB_COST_PARTITION, "%.0f parts of one", "1 part of one"},
    .key = singles_key,
    .score = negated_score,
};

const cbs_row cbs_row_entropy = {
    .info = {"entropy", "Neuwirth entropy", "maximises the entropy of the part sizes", "Neuwirth 1982",
             GREEDY | CB_TRAIT_RANDOM_TIES, CB_COST_PARTITION, "%.2f bits", NULL},
    .key = slog_key,
    .score = entropy_score,
};

const cbs_row cbs_row_entropy_knuth = {
    .info = {"entropy-knuth", "Neuwirth entropy, candidates first", "entropy; among equal scores always a candidate",
             "Symble thesis 3.2, 3.5", GREEDY | CB_TRAIT_RANDOM_TIES, CB_COST_PARTITION, "%.2f bits", NULL},
    .key = slog_key,
    .score = entropy_score,
    .candidates_first = 1,
};

const cbs_row cbs_row_entropy_frequency = {
    .info = {"entropy-frequency", "Entropy weighted by frequency",
             "entropy plus the candidate's word probability; probes while more than 3 remain",
             "information-theory study", GREEDY | CB_TRAIT_WEIGHTS, CB_COST_PARTITION, "score %.3f", NULL},
    .key = entropy_prob_key,
    .score = negated_score,
    .candidates_here = few_left,
};

/*
 * Score every guess of pool[0..npool) and put the best ones (all tied) in
 * ws->dec, sorted by guess index. Parallel over the pool: static chunks
 * in order, so the merged ties stay sorted whatever the thread count.
 */
static int greedy_best(const cb_strategy *s, const cb_state *st, const cbs_node *nd, cbs_ws *ws, const uint32_t *pool,
                       size_t npool, int threads)
{
    int nt = threads > 1 && npool * nd->n > 20000 ? threads : 1;
    cbs_best one, *bests = nt == 1 ? &one : malloc((size_t)nt * sizeof *bests);
    int fail = 0, weighs = cbs_has(s, CB_TRAIT_WEIGHTS);
    double total = weighs ? cbs_weight_total(s, st) : 0;
    int cut = s->row == &cbs_row_minimax; /* a part above the best largest part so far ends the count */
    if (!bests)
        return CB_ENOMEM;
    for (int t = 0; t < nt; t++)
        bests[t] = (cbs_best){INFINITY, {NULL, 0, 0, 0}};
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        int t = omp_get_thread_num();
        cbs_scratch own = {0}, *sc = t == 0 ? &ws->scratch : &own;
        cbs_best *b = &bests[t];
        if (cbs_scratch_reserve(sc, nd) != CB_OK)
            __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
#pragma omp for schedule(static)
        for (size_t lo = 0; lo < npool; lo += CB_SCORE_BLOCK) {
            cbs_pstats ps[CB_SCORE_BLOCK];
            size_t count = npool - lo < CB_SCORE_BLOCK ? npool - lo : CB_SCORE_BLOCK;
            uint32_t limit = cut && b->key < INFINITY ? (uint32_t)b->key : UINT32_MAX;
            if (cbs_halted(s, ws, &fail))
                continue;
            cbs_score_many(nd, sc, pool + lo, count, limit, ps);
            for (size_t j = 0; j < count; j++) {
                if (ps[j].largest == UINT32_MAX)
                    continue; /* stopped early: worse than a guess already seen */
                double prob = weighs ? cbs_probability(s, st, pool[lo + j], total) : 0;
                if (cbs_best_offer(b, s->row->key(&ps[j], nd->n, prob), pool[lo + j]) != CB_OK)
                    __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
            }
        }
        if (sc == &own)
            cbs_scratch_release(&own);
    }
    double key = INFINITY;
    for (int t = 0; t < nt; t++)
        key = bests[t].key < key ? bests[t].key : key;
    cbs_decision *d = &ws->dec;
    for (int t = 0; t < nt; t++) {
        for (size_t i = 0; !fail && bests[t].key == key && i < bests[t].tied.count; i++)
            if (cbs_decision_push(d, bests[t].tied.set[i]) != CB_OK)
                fail = CB_ENOMEM;
        free(bests[t].tied.set);
    }
    d->score = s->row->score(key, nd->n);
    if (bests != &one)
        free(bests);
    return fail;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The best candidates alone; 1 in *perfect when one splits them into singletons (no guess does better). */
static int candidates_perfect(const cb_strategy *s, const cb_state *st, const cbs_node *nd, cbs_ws *ws, int threads,
                              int *perfect)
{
    size_t n = cb_state_count(st);
    const uint32_t *c = cb_state_candidates(st);
    uint32_t *cg = malloc(n * sizeof *cg);
    *perfect = 0;
    if (!cg)
        return CB_ENOMEM;
    for (size_t i = 0; i < n; i++)
        cg[i] = s->game->secret_guess[c[i]];
    qsort(cg, n, sizeof *cg, cmp_u32);
    int rc = greedy_best(s, st, nd, ws, cg, n, threads);
    free(cg);
    if (rc == CB_OK) {
        cbs_pstats ps;
        cbs_score(nd, &ws->scratch, ws->dec.set[0], UINT32_MAX, &ps);
        *perfect = ps.largest == 1;
        if (!*perfect)
            ws->dec.count = 0;
    }
    return rc;
}

/* Greedy: when candidates win ties, a candidate splitting into singletons ends the search. */
int cbs_greedy_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                      int threads)
{
    cbs_node nd;
    int rc = cbs_node_prepare(&nd, st, s->clogc, s->clogc_len), perfect = 0;
    int prefer = s->cfg.tie != CB_TIE_RANDOM || s->row->candidates_first;
    if (rc == CB_OK)
        rc = cbs_node_fly(&nd, npool, threads);
    if (rc == CB_OK && prefer && npool > cb_state_count(st))
        rc = candidates_perfect(s, st, &nd, ws, threads, &perfect);
    if (rc == CB_OK && !perfect)
        rc = greedy_best(s, st, &nd, ws, pool, npool, threads);
    cbs_node_release(&nd);
    return rc;
}

double cbs_greedy_fixed_score(const cb_strategy *s, const cb_state *st, uint32_t g)
{
    cbs_node nd;
    cbs_scratch sc = {0};
    cbs_pstats ps;
    double score = 0;
    size_t n = cb_state_count(st);
    if (cbs_node_prepare(&nd, st, s->clogc, s->clogc_len) != CB_OK)
        return 0;
    if (cbs_scratch_reserve(&sc, &nd) == CB_OK) {
        cbs_score(&nd, &sc, g, UINT32_MAX, &ps);
        double prob = cbs_has(s, CB_TRAIT_WEIGHTS) ? cbs_probability(s, st, g, cbs_weight_total(s, st)) : 0;
        score = s->row->score(s->row->key(&ps, n, prob), n);
    }
    cbs_scratch_release(&sc);
    cbs_node_release(&nd);
    return score;
}
