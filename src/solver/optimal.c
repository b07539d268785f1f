/*
 * optimal.c: the exact solver: depth-first branch and bound over decision
 * trees (see optimal.h and docs/optimal.md).
 *
 * A node is a set of entries (secrets, or codeword-mapping pairs in Symble)
 * with the guesses that may be played there. solve(x, beta) returns the
 * least total number of guesses that solves every entry of x when that is
 * below beta, and otherwise some lower bound that is at least beta.
 *
 * Feedback values come from a "base": the game's table (rows: guesses,
 * columns: secrets) or the local table of an ancestor: the rows of the
 * guesses that still split its entries, over its entries only. Each node
 * reads its values through `row` (guess -> row) and `col` (entry -> column).
 * Local tables keep the working set of a subtree small and dense, and drop
 * the guesses that no longer split anything or split exactly like another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "codebreaker/feedback.h"
#include "codebreaker/optimal.h"
#include "game/game_internal.h"
#include "solver/solver_internal.h"
#include "base/parallel.h"

static int64_t solve(solver *S, const node *x, int64_t beta, uint32_t *best, int64_t known);

static uint64_t total_nodes(const solver *S)
{
    uint64_t t = 0;
    for (int i = 0; i < S->nthreads; i++)
        t += __atomic_load_n(&S->tls[i].nodes, __ATOMIC_RELAXED);
    return t;
}

static void report(solver *S, double t)
{
    cb_optimal_progress p;
    p.seconds = t - S->t0;
    p.nodes = total_nodes(S);
    p.best = __atomic_load_n(&S->best_root, __ATOMIC_RELAXED);
    p.opener = __atomic_load_n(&S->cur_opener, __ATOMIC_RELAXED);
    p.opener_index = __atomic_load_n(&S->cur_index, __ATOMIC_RELAXED);
    p.opener_count = S->opener_count;
    p.phase = S->phase;
    p.depth = S->phase_depth;
    S->opt.progress(&p, S->opt.progress_arg);
}

/* The time limit and the progress report: at the root's steps, and every so many nodes. */
static void check_clock(solver *S)
{
    double t = cb_seconds();
    if ((S->deadline > 0 && t >= S->deadline) ||
        (S->opt.cancel && !S->finishing && __atomic_load_n(S->opt.cancel, __ATOMIC_RELAXED)))
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    if (S->opt.progress) {
#pragma omp critical(cb_optimal_progress)
        if (t >= S->next_report) {
            S->next_report = t + S->opt.progress_interval;
            report(S, t);
        }
    }
}

static inline void tick(solver *S, tls *T)
{
    if ((__atomic_add_fetch(&T->nodes, 1, __ATOMIC_RELAXED) & 255) == 0)
        check_clock(S);
}

/* ---- the cache ---- */

static size_t make_key(const solver *S, const node *x, uint8_t *buf)
{
    size_t len = 0;
    buf[len++] = (uint8_t)x->d;
    buf[len++] = (uint8_t)S->depth_only;
    if (S->hard) {
        memcpy(buf + len, x->sig, (size_t)S->siglen);
        len += (size_t)S->siglen;
    }
    if (S->keywide) {
        memcpy(buf + len, x->sid, (size_t)x->n * 4);
        len += (size_t)x->n * 4;
    } else
        for (uint32_t i = 0; i < x->n; i++, len += 2) {
            uint16_t v = (uint16_t)x->sid[i];
            memcpy(buf + len, &v, 2);
        }
    return len;
}

static int cache_get(solver *S, tls *T, const node *x, cbo_cache_value *v)
{
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *key = alloc(S, T, 4 + (size_t)S->siglen + (size_t)x->n * 4);
    int found = 0;
    if (key) {
        size_t len = make_key(S, x, key);
        found = cbo_cache_get(S->cache, key, len, cbo_cache_hash(key, len), v);
    }
    cbo_arena_reset(&T->arena, mk);
    return found;
}

static void cache_put(solver *S, tls *T, const node *x, int64_t lb, int64_t exact, uint32_t best)
{
    if (stopped(S) || x->n < CB_CACHE_MIN)
        return;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *key = alloc(S, T, 4 + (size_t)S->siglen + (size_t)x->n * 4);
    if (key) {
        size_t len = make_key(S, x, key);
        cbo_cache_value v = {lb, exact, best};
#ifdef _OPENMP
        int thread = omp_get_thread_num();
#else
        int thread = 0;
#endif
        cbo_cache_put(S->cache, thread, key, len, cbo_cache_hash(key, len), &v);
    }
    cbo_arena_reset(&T->arena, mk);
}

/* ---- quick answers ---- */

/*
 * Cheap answers: tiny sets, the cache, and a candidate whose parts are all
 * trivial (singletons, pairs, single codewords) at the least possible cost.
 * Q_DONE: *val is solve()'s answer (and *best a best guess when exact).
 * Q_OPEN: *val is a lower bound below beta.
 */
static int quick(solver *S, const node *x, int64_t beta, int64_t *val, uint32_t *best)
{
    tls *T = me(S);
    int r = x->d;
    *best = CB_NONE;
    if (r == 0) {
        *val = INF;
        return Q_DONE;
    }
    if (x->ncw == 1) {
        *val = S->depth_only ? 0 : x->n;
        *best = cb_game_secret_guess(S->game, x->sid[0] / (S->pairs ? CB_MAPPINGS : 1));
        return Q_DONE;
    }
    if (r == 1) {
        *val = INF;
        return Q_DONE;
    }
    if (!S->pairs && x->n == 2) {
        *val = S->depth_only ? 0 : 3;
        *best = cb_game_secret_guess(S->game, x->sid[0]);
        return Q_DONE;
    }
    int64_t lb = cbo_node_lb(S, x);
    if (lb >= beta) {
        *val = lb;
        return Q_DONE;
    }
    cbo_cache_value cv;
    int cache_first = x->n > 16;
    if (cache_first && cache_get(S, T, x, &cv)) {
        if (cv.exact >= 0 && cv.best != CB_NONE) {
            *val = cv.exact;
            *best = cv.best;
            return Q_DONE;
        }
        if (cv.lb >= beta) {
            *val = cv.lb;
            return Q_DONE;
        }
        lb = max64(lb, cv.lb);
    }
    if (cbo_candidates(S, x, &lb, val, best) == Q_DONE)
        return Q_DONE;
    if (!cache_first && cache_get(S, T, x, &cv)) {
        if (cv.exact >= 0 && cv.best != CB_NONE) {
            *val = cv.exact;
            *best = cv.best;
            return Q_DONE;
        }
        lb = max64(lb, cv.lb);
    }
    *val = lb;
    return lb >= beta ? Q_DONE : Q_OPEN;
}
/* The symmetries that survive playing gid at x (NULL when none are left). */
static const cbo_sym_group *child_group(solver *S, const node *x, uint32_t gid)
{
    if (!x->grp || cbo_sym_trivial(x->grp))
        return NULL;
    tls *T = me(S);
    cbo_sym_group *g = alloc(S, T, sizeof *g);
    cbo_sym_el *el = alloc(S, T, (size_t)x->grp->count * sizeof *el);
    if (!g || !el)
        return NULL;
    g->el = el;
    cbo_sym_stabilizer(x->grp, cb_game_code(S->game, gid), g);
    return cbo_sym_trivial(g) ? NULL : g;
}

static void child_task(solver *S, const node *c, int64_t lbc, int64_t *tot, int64_t beta)
{
    int64_t cur;
#pragma omp atomic read
    cur = *tot;
    if (cur >= beta || stopped(S))
        return;
    int64_t v = solve(S, c, beta - (cur - lbc), NULL, lbc);
#pragma omp atomic
    *tot += v - lbc;
}

static int cmp_size_asc(const void *a, const void *b, void *ctx)
{
    const kids *k = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    uint32_t nx = k->c[x].n, ny = k->c[y].n;
    return nx != ny ? (nx > ny) - (nx < ny) : (x > y) - (x < y);
}

/* qsort with a context, as a plain insertion sort merged with qsort for big arrays. */
static void sort_idx(uint32_t *a, uint32_t n, int (*cmp)(const void *, const void *, void *), void *ctx)
{
    for (uint32_t i = 1; i < n; i++) {
        uint32_t v = a[i], j = i;
        while (j > 0 && cmp(&a[j - 1], &v, ctx) > 0) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/*
 * Under a budget, before any part is searched: the one-guess look-ahead
 * bound of each open part, biggest first (they gain the most), until the
 * parts' bounds reach the budget. Each bound is a proved lower bound of its
 * part (docs/optimal.md), so a guess cut off here is cut off soundly; the
 * bounds also go to the cache, for the search below and for other openers.
 * Returns the new sum of bounds.
 */
static int64_t raise_bounds(solver *S, tls *T, kids *ks, const uint32_t *open, uint32_t nopen, int64_t tot,
                            int64_t beta)
{
    for (uint32_t j = nopen; j-- > 0 && tot < beta && !stopped(S);) {
        uint32_t i = open[j];
        node *c = &ks->c[i];
        if (c->n < CB_LBSCAN_MIN)
            break;
        int64_t v = cbo_scan_lb(S, c, ks->lb[i]);
        if (v > ks->lb[i]) {
            tot = sat(tot - ks->lb[i] + v);
            ks->lb[i] = v;
            cache_put(S, T, c, v, -1, CB_NONE);
        }
    }
    return tot;
}

/*
 * Total guesses when x plays kept guess kk of sc: exact when below beta,
 * else a lower bound at least beta. With par, the parts are solved as tasks.
 */
static int64_t eval_guess(solver *S, const node *x, const scan *sc, uint32_t kk, int64_t beta, int par)
{
    tls *T = me(S);
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint32_t n = x->n;
    const uint8_t *vec;
    kids ks;
    int64_t tot = INF;
    if (sc->lt)
        vec = sc->lt + (size_t)kk * n * (size_t)S->lw;
    else {
        uint8_t *v = alloc(S, T, (size_t)n * (size_t)S->lw);
        if (!v)
            goto out;
        cbo_fill(S, x, sc->srow[kk], v);
        vec = v;
    }
    const cbo_sym_group *grp = child_group(S, x, sc->gid[kk]);
    if (cbo_split(S, x, sc, vec, sc->gid[kk], grp, &ks) != CB_OK)
        goto out;
    tot = ks.wc;
    for (uint32_t i = 0; i < ks.count; i++)
        tot = sat(tot + ks.lb[i]);
    if (tot >= beta)
        goto out;
    /* cheap answers for every part first: they may cut this guess off */
    uint32_t *open = alloc(S, T, ((size_t)ks.count + 1) * sizeof *open), nopen = 0;
    if (!open) {
        tot = INF;
        goto out;
    }
    for (uint32_t i = 0; i < ks.count; i++) {
        if (ks.done[i])
            continue;
        int64_t v;
        uint32_t b;
        int q = quick(S, &ks.c[i], beta - (tot - ks.lb[i]), &v, &b);
        tot = sat(tot - ks.lb[i] + v);
        ks.lb[i] = v;
        if (tot >= beta)
            goto out;
        if (q == Q_OPEN)
            open[nopen++] = i;
    }
    sort_idx(open, nopen, cmp_size_asc, &ks);
    if (!par && !unbounded(beta) && x->level <= CB_LBSCAN_LEVEL)
        tot = raise_bounds(S, T, &ks, open, nopen, tot, beta);
    if (tot >= beta)
        goto out;
    if (par && nopen > 1) {
        for (uint32_t j = nopen; j-- > 0;) { /* biggest first */
            uint32_t i = open[j];
            if (ks.c[i].n < CB_PAR_PART)
                break;
            node *c = &ks.c[i];
            int64_t lbc = ks.lb[i];
            open[j] = CB_NONE;
#pragma omp task firstprivate(c, lbc) shared(tot)
            child_task(S, c, lbc, &tot, beta);
        }
        for (uint32_t j = 0; j < nopen; j++)
            if (open[j] != CB_NONE)
                child_task(S, &ks.c[open[j]], ks.lb[open[j]], &tot, beta);
#pragma omp taskwait
    } else
        for (uint32_t j = 0; j < nopen && tot < beta && !stopped(S); j++) {
            uint32_t i = open[j];
            int64_t v = solve(S, &ks.c[i], beta - (tot - ks.lb[i]), NULL, ks.lb[i]);
            tot = sat(tot - ks.lb[i] + v);
        }
out:
    cbo_arena_reset(&T->arena, mk);
    return tot;
}

/* ---- solving a node ---- */

static int cmp_key(const void *a, const void *b, void *ctx)
{
    const scan *sc = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (sc->key[x] != sc->key[y])
        return sc->key[x] < sc->key[y] ? -1 : 1;
    return (x > y) - (x < y);
}

/* Sort indices by key (merge sort; qsort_r is not standard C). */
static void merge_sort(uint32_t *a, uint32_t *tmp, uint32_t n, const scan *sc)
{
    if (n < 24) {
        sort_idx(a, n, cmp_key, (void *)sc);
        return;
    }
    uint32_t h = n / 2;
    merge_sort(a, tmp, h, sc);
    merge_sort(a + h, tmp, n - h, sc);
    uint32_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_key(&a[i], &a[j], (void *)sc) <= 0 ? a[i++] : a[j++];
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, (size_t)n * sizeof *a);
}

/*
 * The guesses to try at x, in order: those bounded below beta, one per orbit
 * of the symmetries, best key first, at most opt.top of them. Returns how
 * many; *skipped becomes the least bound of the guesses left out for their
 * bound (unchanged when none).
 */
static uint32_t order_guesses(solver *S, const node *x, const scan *sc, int64_t beta, uint32_t *order, int64_t *skipped)
{
    tls *T = me(S);
    uint32_t cnt = 0;
    int sym = x->grp && !cbo_sym_trivial(x->grp);
    if (sym)
        seen_reset(T, sc->k);
    for (uint32_t kk = 0; kk < sc->k; kk++) {
        if (sc->lb[kk] >= beta) { /* cannot be the best: only its bound matters */
            if (sc->lb[kk] < *skipped)
                *skipped = sc->lb[kk];
            continue;
        }
        if (sym) {
            uint64_t canon = cbo_sym_canon(x->grp, cb_game_code(S->game, sc->gid[kk]));
            if (seen_find(T, canon * 0x9e3779b97f4a7c15ull, kk) != CB_NONE)
                continue;
        }
        order[cnt++] = kk;
    }
    uint32_t *tmp = alloc(S, T, ((size_t)cnt + 1) * sizeof *tmp);
    if (tmp)
        merge_sort(order, tmp, cnt, sc);
    if (S->top > 0 && cnt > (uint32_t)S->top)
        cnt = (uint32_t)S->top;
    return cnt;
}

/*
 * The guesses of a node in greedy order, lazily, in bands of equal bound:
 * the heap holds the guesses whose bound is `band` (the least not yet
 * handed out), by key; the next band is gathered when it runs dry, so a node
 * that stops after a guess or two never sorts the rest. A guess is skipped
 * when an equivalent one (same orbit under the symmetries) was handed out;
 * at most opt.top are handed out.
 */
typedef struct picker {
    const scan *sc;
    const cbo_sym_group *grp;
    int banded;        /* off in depth-only searches, whose bounds are 0 or infinite */
    int64_t beta;      /* guesses bounded at or above it never enter */
    int64_t band;      /* bound of the guesses in the heap */
    int64_t next_band; /* least bound above `band` below beta, INF when none */
    uint32_t *heap, size;
    uint64_t *canon; /* canonical forms handed out */
    uint32_t ncanon, given;
} picker;

static inline int key_less(const scan *sc, uint32_t a, uint32_t b)
{
    return sc->key[a] != sc->key[b] ? sc->key[a] < sc->key[b] : a < b;
}

static void sift_down(picker *pk, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < pk->size && key_less(pk->sc, pk->heap[l], pk->heap[m]))
            m = l;
        if (r < pk->size && key_less(pk->sc, pk->heap[r], pk->heap[m]))
            m = r;
        if (m == i)
            return;
        uint32_t t = pk->heap[i];
        pk->heap[i] = pk->heap[m];
        pk->heap[m] = t;
        i = m;
    }
}

/* Fill the heap with the guesses of bound `band` (all below beta when not banded). */
static void band_fill(picker *pk, int64_t band)
{
    const scan *sc = pk->sc;
    pk->band = band;
    pk->next_band = INF;
    pk->size = 0;
    for (uint32_t kk = 0; kk < sc->k; kk++) {
        int64_t b = sc->lb[kk];
        if (b >= pk->beta)
            continue;
        if (!pk->banded || b == band)
            pk->heap[pk->size++] = kk;
        else if (b > band && b < pk->next_band)
            pk->next_band = b;
    }
    for (uint32_t i = pk->size / 2; i-- > 0;)
        sift_down(pk, i);
}

/* Set up pk for x; *skipped becomes the least bound of the guesses left out (bound at least beta). */
static int picker_init(solver *S, const node *x, const scan *sc, int64_t beta, picker *pk, int64_t *skipped)
{
    tls *T = me(S);
    memset(pk, 0, sizeof *pk);
    pk->sc = sc;
    pk->banded = !S->depth_only;
    pk->beta = beta;
    pk->grp = x->grp && !cbo_sym_trivial(x->grp) ? x->grp : NULL;
    pk->heap = alloc(S, T, ((size_t)sc->k + 1) * sizeof *pk->heap);
    if (pk->grp)
        pk->canon = alloc(S, T, ((size_t)sc->k + 1) * sizeof *pk->canon);
    if (!pk->heap || (pk->grp && !pk->canon))
        return CB_ENOMEM;
    int64_t least = INF;
    for (uint32_t kk = 0; kk < sc->k; kk++)
        if (sc->lb[kk] >= beta)
            *skipped = min64(*skipped, sc->lb[kk]);
        else
            least = min64(least, sc->lb[kk]);
    if (least < INF)
        band_fill(pk, least);
    else
        pk->band = pk->next_band = INF;
    return CB_OK;
}

/* The least bound among the guesses never handed out. */
static int64_t picker_rest(const picker *pk)
{
    return pk->size ? pk->band : pk->next_band;
}

/*
 * The next guess to try with bound b2, or CB_NONE. Guesses passed over for
 * their bound lower *skipped.
 */
static uint32_t picker_next(solver *S, picker *pk, int64_t b2, int64_t *skipped)
{
    if (S->top > 0 && pk->given >= (uint32_t)S->top)
        return CB_NONE;
    for (;;) {
        if (!pk->size) {
            if (pk->next_band >= b2 || !pk->banded) {
                *skipped = min64(*skipped, pk->next_band);
                pk->next_band = INF;
                return CB_NONE;
            }
            band_fill(pk, pk->next_band);
        }
        if (pk->banded && pk->band >= b2) { /* this band and every later one are bounded at b2 or more */
            *skipped = min64(*skipped, pk->band);
            pk->size = 0;
            pk->next_band = INF;
            return CB_NONE;
        }
        uint32_t kk = pk->heap[0];
        pk->heap[0] = pk->heap[--pk->size];
        sift_down(pk, 0);
        if (pk->sc->lb[kk] >= b2) {
            *skipped = min64(*skipped, pk->sc->lb[kk]);
            continue;
        }
        if (pk->grp) {
            uint64_t c = cbo_sym_canon(pk->grp, cb_game_code(S->game, pk->sc->gid[kk]));
            uint32_t i = 0;
            while (i < pk->ncanon && pk->canon[i] != c)
                i++;
            if (i < pk->ncanon)
                continue; /* an equivalent guess was tried */
            pk->canon[pk->ncanon++] = c;
        }
        pk->given++;
        return kk;
    }
}

/*
 * The least total for x when below beta (then *best, if asked, is a best
 * guess), else a lower bound at least beta. known >= 0: quick() was already
 * asked and gave this lower bound.
 */
static int64_t solve(solver *S, const node *x, int64_t beta, uint32_t *best, int64_t known)
{
    tls *T = me(S);
    int64_t lb;
    uint32_t b = CB_NONE;
    tick(S, T);
    if (best)
        *best = CB_NONE;
    if (known < 0) {
        if (quick(S, x, beta, &lb, &b) == Q_DONE) {
            if (best)
                *best = b;
            return lb;
        }
    } else
        lb = known;
    if (stopped(S))
        return lb;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    scan sc;
    int64_t result = lb;
    uint32_t bestg = CB_NONE;
    if (cbo_scan(S, x, lb, &sc) != CB_OK)
        goto out;
    if (sc.early != CB_NONE) {
        result = sc.lb[sc.early];
        bestg = sc.gid[sc.early];
        cache_put(S, T, x, result, result, bestg);
        goto out;
    }
    lb = max64(lb, sc.lbmin);
    if (lb >= beta) {
        result = lb;
        cache_put(S, T, x, lb, -1, CB_NONE);
        goto out;
    }
    for (uint32_t kk = 0; kk < sc.k; kk++)
        if (sc.tx[kk] && sc.lb[kk] == lb) { /* every part trivial at the least bound: done */
            result = lb;
            bestg = sc.gid[kk];
            cache_put(S, T, x, lb, lb, bestg);
            goto out;
        }
    picker pk;
    int64_t bestv = INF, bound = INF, b2 = beta;
    if (picker_init(S, x, &sc, beta, &pk, &bound) != CB_OK)
        goto out;
    uint32_t kk;
    int first = 1;
    while ((kk = picker_next(S, &pk, b2, &bound)) != CB_NONE) {
        /* the first guess of a big node under an opener searched without budget is solved exactly whatever
         * happens: its parts may run in parallel */
        int par = first && x->level == 1 && x->n >= CB_PAR_NODE && S->nthreads > 1 && unbounded(b2) && in_parallel();
        int64_t t = eval_guess(S, x, &sc, kk, b2, par);
        first = 0;
        if (stopped(S)) {
            bound = min64(bound, t);
            break;
        }
        if (t < b2) {
            bestv = t;
            bestg = sc.gid[kk];
            b2 = t;
            if (t <= lb)
                break;
        } else
            bound = min64(bound, t);
    }
    if (stopped(S)) { /* what is proved: the least bound over the guesses */
        bound = min64(bound, picker_rest(&pk));
        result = max64(lb, min64(bound, bestv));
        bestg = CB_NONE;
    } else if (bestv < beta) {
        result = bestv;
        cache_put(S, T, x, bestv, bestv, bestg);
    } else {
        result = bound;
        cache_put(S, T, x, bound, -1, CB_NONE);
    }
out:
    cbo_arena_reset(&T->arena, mk);
    if (best)
        *best = result < beta ? bestg : CB_NONE;
    return result;
}

/* ---- set-up ---- */

void cb_optimal_options_default(cb_optimal_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->objective = CB_OBJECTIVE_TOTAL;
    opt->first = CB_NONE;
    opt->symmetry = 1;
}

static size_t default_cache_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    size_t ram = pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)4 << 30;
    size_t c = ram / 4;
    return c > ((size_t)4 << 30) ? (size_t)4 << 30 : c;
}

static int sym_possible(const cb_game *game)
{
    if (!game->complete || game->k > 60)
        return 0;
    double bits = 0; /* canonical forms are base-k numbers in 64 bits */
    for (int i = 0; i < game->n; i++)
        bits += __builtin_log2((double)game->k);
    return bits < 62;
}

static uint64_t factorial(int k)
{
    uint64_t f = 1;
    for (int i = 2; i <= k; i++)
        f = f > UINT64_MAX / (uint64_t)i ? UINT64_MAX : f * (uint64_t)i;
    return f;
}

uint64_t cb_optimal_symmetries(const cb_game *game)
{
    if (!game->complete)
        return 1;
    uint64_t a = factorial(game->k), b = game->rule == CB_RULE_MASTERMIND ? factorial(game->n) : 1;
    return a == UINT64_MAX || b == UINT64_MAX || a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* Every permutation of the positions (Mastermind) or just the identity, with no colour fixed yet. */
static int root_group(solver *S)
{
    const cb_game *game = S->game;
    int n = game->n;
    uint64_t perms = game->rule == CB_RULE_MASTERMIND ? factorial(n) : 1;
    if (perms > 40320) /* more than 8 pegs: positions are left alone */
        perms = 1;
    cbo_sym_group *g = calloc(1, sizeof *g);
    if (!g)
        return CB_ENOMEM;
    g->el = calloc(perms, sizeof *g->el);
    if (!g->el) {
        free(g);
        return CB_ENOMEM;
    }
    g->k = game->k;
    g->n = n;
    g->used = 0;
    uint8_t p[CB_MAX_LENGTH];
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)i;
    for (;;) { /* permutations in lexicographic order */
        cbo_sym_el *el = &g->el[g->count++];
        memcpy(el->perm, p, (size_t)n);
        memset(el->col, 0xff, sizeof el->col);
        if (perms == 1)
            break;
        int i = n - 2;
        while (i >= 0 && p[i] > p[i + 1])
            i--;
        if (i < 0)
            break;
        int j = n - 1;
        while (p[j] < p[i])
            j--;
        uint8_t t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
    }
    S->root_grp = g;
    return CB_OK;
}

static void solver_free(solver *S)
{
    if (S->tls)
        for (int i = 0; i < S->nthreads; i++) {
            cbo_arena_release_all(&S->tls[i].arena);
            free(S->tls[i].cnt);
            free(S->tls[i].cnt2);
            free(S->tls[i].seen);
            free(S->tls[i].gmap);
            free(S->tls[i].lbbm);
        }
    free(S->tt);
    free(S->tls);
    free(S->lc);
    cbo_cache_free(S->cache);
    if (S->root_grp)
        free(S->root_grp->el);
    free(S->root_grp);
}

static int new_cache(solver *S)
{
    cbo_cache_free(S->cache);
    S->cache = NULL;
    size_t bytes = S->opt.cache_bytes ? S->opt.cache_bytes : default_cache_bytes();
    size_t expect = (size_t)S->game->nsecret * (S->pairs ? CB_MAPPINGS : 1) * 1024; /* buckets follow the game's size */
    return cbo_cache_new(bytes, expect < bytes ? expect : bytes, S->nthreads, &S->cache) == 0 ? CB_OK : CB_ENOMEM;
}

static int solver_init(solver *S, const cb_table *table, const cb_optimal_options *opt, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    memset(S, 0, sizeof *S);
    S->game = game;
    S->table = table;
    S->opt = *opt;
    if (S->opt.progress_interval <= 0)
        S->opt.progress_interval = 1.0;
    if (!cb_table_precomputed(table))
        return cb_error_set(err, CB_ETOOBIG, "the exact solver needs a precomputed feedback table (%s is too big)",
                            cb_game_name(game));
    if (cb_table_width(table) > 2)
        return cb_error_set(err, CB_ETOOBIG, "the exact solver handles codes of up to 10 symbols under word rules");
    if (opt->hard && game->rule != CB_RULE_WORDLE)
        return cb_error_set(err, CB_EINVAL, "hard mode applies to Wordle rules only");
    if (opt->max_guesses < 0 || opt->max_guesses > CB_TREE_MAX_DEPTH)
        return cb_error_set(err, CB_EINVAL, "the limit on guesses must be between 1 and %d", CB_TREE_MAX_DEPTH);
    if (opt->slice_step > 1 && opt->slice_start >= opt->slice_step)
        return cb_error_set(err, CB_EINVAL, "the slice's start must be below its step");
    for (size_t i = 0; i < opt->nknown; i++)
        if (opt->known[i].guess >= game->nguess)
            return cb_error_set(err, CB_EINVAL, "a known opener is not in the game's list");
    if (opt->first != CB_NONE && opt->first >= game->nguess)
        return cb_error_set(err, CB_EINVAL, "the first guess is not in the game's list");
    if (opt->first != CB_NONE && opt->candidates_only && game->guess_secret[opt->first] == CB_NONE) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(game, opt->first, w, sizeof w);
        return cb_error_set(err, CB_EINVAL, "%s cannot be the secret, so it is not a candidate to open with", w);
    }
    S->pairs = game->rule == CB_RULE_SYMBLE;
    if (S->pairs && !game->observe)
        return cb_error_set(err, CB_ETOOBIG, "the exact solver handles Symble words of up to 10 letters");
    if ((uint64_t)game->nsecret * (S->pairs ? (unsigned)CB_MAPPINGS : 1u) > (1u << 30))
        return cb_error_set(err, CB_ETOOBIG, "too many secrets for the exact solver");
    S->hard = opt->hard != 0;
    S->cands = opt->candidates_only != 0;
    S->top = opt->top > 0 ? opt->top : 0;
    S->dedup = !S->hard && !S->cands;
    S->maxd = opt->max_guesses > 0 ? opt->max_guesses : 0;
    S->nvals = game->fb_count;
    S->won = game->won;
    S->p3 = cb_pow3(game->n);
    S->obs = game->observe;
    S->lw = cb_table_width(table);
    if (S->nvals > (S->lw == 1 ? 256u : 65536u))
        return cb_error_set(err, CB_ETOOBIG, "feedback ids do not fit the solver's tables");
    S->gbase = cb_table_row(table, 0);
    S->gstride =
        game->nguess > 1 ? (size_t)((const uint8_t *)cb_table_row(table, 1) - S->gbase) / (size_t)S->lw : game->nsecret;
    S->keywide = (uint64_t)game->nsecret * (S->pairs ? (unsigned)CB_MAPPINGS : 1u) > 65535u;
    S->siglen = game->n + game->k;
    S->sym = opt->symmetry && sym_possible(game) && !S->pairs;
    S->best_root = UINT64_MAX;
    S->told = INF;
    S->nthreads = cbb_threads(opt->threads);
    if (S->nthreads < 1 || (uint64_t)game->nsecret * (S->pairs ? (unsigned)CB_MAPPINGS : 1u) < 256)
        S->nthreads = 1; /* tiny games take longer to share than to solve */
    S->tls = calloc((size_t)S->nthreads, sizeof *S->tls);
    if (!S->tls)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    uint32_t seen = 1u << CB_SEEN_BITS;
    while (seen < 2 * game->nguess)
        seen <<= 1;
    for (int i = 0; i < S->nthreads; i++) {
        tls *T = &S->tls[i];
        cbo_arena_init(&T->arena);
        T->cnt = calloc(S->nvals + 1, sizeof *T->cnt);
        T->cnt2 = calloc(S->nvals + 1, sizeof *T->cnt2);
        T->seen = calloc(seen, sizeof *T->seen);
        T->seen_cap = seen;
        T->seen_mask = seen - 1;
        T->gmap = malloc((size_t)game->nguess * sizeof *T->gmap);
        if (T->gmap)
            memset(T->gmap, 0xff, (size_t)game->nguess * sizeof *T->gmap);
        if (!T->gmap || !T->cnt || !T->cnt2 || !T->seen)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    if (S->hard) {
        S->lc = calloc((size_t)game->nguess * (size_t)game->k, 1);
        if (!S->lc)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        for (uint32_t g = 0; g < game->nguess; g++)
            for (int i = 0; i < game->n; i++)
                S->lc[(size_t)g * (size_t)game->k + cb_game_code(game, g)[i]]++;
    }
    if (!S->pairs && S->lw == 1 && opt->first == CB_NONE &&
        (uint64_t)game->nguess * game->nsecret <= ((uint64_t)1 << 28)) { /* the look-ahead bounds' table */
        S->tt = malloc((size_t)game->nguess * game->nsecret);
        for (int i = 0; i < S->nthreads && S->tt; i++)
            if (!(S->tls[i].lbbm = calloc(CB_LBSCAN_BLOCK, sizeof *S->tls[i].lbbm)))
                return cb_error_set(err, CB_ENOMEM, "out of memory");
        if (S->tt)
            for (uint32_t g0 = 0; g0 < game->nguess; g0 += 64)
                for (uint32_t s = 0; s < game->nsecret; s++)
                    for (uint32_t g = g0; g < game->nguess && g < g0 + 64; g++)
                        S->tt[(size_t)s * game->nguess + g] = S->gbase[(size_t)g * S->gstride + s];
    }
    if (S->sym && root_group(S) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    if (new_cache(S) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory for the cache");
    return CB_OK;
}

/* The root node: every secret (every pair in Symble), every guess (or candidate). */
typedef struct root {
    node x;
    uint32_t *sid, *col, *crow, *gid, *row;
    uint8_t *sig;
} root;

static void root_release(root *r)
{
    free(r->sid);
    free(r->col);
    free(r->crow);
    free(r->gid);
    free(r->row);
    free(r->sig);
}

static int root_init(solver *S, root *rt)
{
    const cb_game *game = S->game;
    uint32_t mult = S->pairs ? CB_MAPPINGS : 1, n = game->nsecret * mult;
    memset(rt, 0, sizeof *rt);
    rt->sid = malloc((size_t)n * sizeof *rt->sid);
    rt->col = malloc((size_t)n * sizeof *rt->col);
    rt->crow = malloc((size_t)n * sizeof *rt->crow);
    rt->sig = calloc((size_t)S->siglen + 1, 1);
    uint32_t m = S->cands ? game->nsecret : game->nguess;
    rt->gid = malloc((size_t)m * sizeof *rt->gid);
    rt->row = malloc((size_t)m * sizeof *rt->row);
    if (!rt->sid || !rt->col || !rt->crow || !rt->sig || !rt->gid || !rt->row)
        return CB_ENOMEM;
    for (uint32_t i = 0; i < n; i++) {
        rt->sid[i] = i;
        rt->col[i] = i / mult;
        rt->crow[i] = game->secret_guess[i / mult];
    }
    for (uint32_t j = 0; j < m; j++)
        rt->gid[j] = rt->row[j] = S->cands ? game->secret_guess[j] : j;
    node *x = &rt->x;
    x->n = n;
    x->sid = rt->sid;
    x->col = rt->col;
    x->crow = rt->crow;
    x->base = S->gbase;
    x->stride = S->gstride;
    x->raw = 1;
    x->m = m;
    x->row = rt->row;
    x->gid = rt->gid;
    x->d = S->maxd ? S->maxd : UNL;
    x->cg = CB_NONE;
    x->sig = rt->sig;
    x->grp = S->sym ? S->root_grp : NULL;
    x->bmax = S->nvals;
    x->ncw = game->nsecret;
    x->maxsame = mult;
    return CB_OK;
}

/* ---- the tree of the strategy found ---- */

/* Add x's strategy under tree node `parent` by feedback fb (parent CB_NONE: the root), opening with `first`. */
static int build_tree(solver *S, const node *x, cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t first)
{
    tls *T = me(S);
    uint32_t g = first;
    if (g == CB_NONE) {
        int64_t v = solve(S, x, INF, &g, -1);
        if (stopped(S))
            return CB_ECANCELED;
        if (g == CB_NONE || v >= INF)
            return CB_EINVAL;
    }
    uint32_t id;
    int rc = parent == CB_NONE ? cb_tree_set_root(tree, g, &id) : cb_tree_add_child(tree, parent, fb, g, &id);
    if (rc != CB_OK)
        return rc;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *vec = alloc(S, T, (size_t)x->n * (size_t)S->lw);
    kids ks;
    rc = CB_ENOMEM;
    if (vec) {
        /* x reads the game's table: row g is guess g */
        cbo_fill(S, x, g, vec);
        const cbo_sym_group *grp = child_group(S, x, g);
        if (cbo_split(S, x, NULL, vec, g, grp, &ks) == CB_OK) {
            rc = CB_OK;
            for (uint32_t i = 0; i < ks.count && rc == CB_OK; i++)
                rc = build_tree(S, &ks.c[i], tree, id, ks.c[i].cfb, CB_NONE);
        }
    }
    cbo_arena_reset(&T->arena, mk);
    return rc;
}

/* ---- the root ---- */

typedef struct run {
    root rt;
    cb_optimal_opener *openers;
    size_t nopen;
    uint32_t best; /* best opener */
    int64_t bestv; /* its total (exact) or INF */
    int64_t lower; /* proved lower bound at the root */
    uint64_t symmetries;
    size_t opener_count;
} run;

/*
 * What is known at the root while openers run as tasks. `best` and `bound`
 * are written inside the critical section cb_optimal_root and read outside
 * it, so every access is atomic.
 */
typedef struct root_best {
    int64_t best;   /* best total proved (or the budget) */
    int64_t bound;  /* least bound of the openers that did not beat it */
    int64_t cutoff; /* a fixed budget (opt.cutoff), or 0 */
} root_best;

static int64_t load64(const int64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

/* The budget of the next opener: the fixed cutoff, else the best total known. */
static int64_t root_budget(const root_best *rb)
{
    return rb->cutoff ? rb->cutoff : load64(&rb->best);
}

/* Inside cb_optimal_root: op is settled; keep the best and tell the caller. Returns whether op is the new best. */
static int settle(solver *S, run *R, root_best *rb, cb_optimal_opener *op, int report)
{
    int better = 0;
    if (op->exact) {
        if ((int64_t)op->bound < rb->best) {
            better = 1;
            __atomic_store_n(&rb->best, (int64_t)op->bound, __ATOMIC_RELEASE);
            R->best = op->guess;
            R->bestv = (int64_t)op->bound;
            __atomic_store_n(&S->best_root, op->bound, __ATOMIC_RELAXED);
        }
    } else {
        int64_t b = op->bound == UINT64_MAX ? INF : (int64_t)op->bound;
        __atomic_store_n(&rb->bound, min64(rb->bound, b), __ATOMIC_RELEASE);
    }
    if (report && S->opt.on_opener)
        S->opt.on_opener(op, S->opt.on_opener_arg);
    return better;
}

/*
 * Opener g was proved to total `total`, less than any before it: hand its
 * strategy to opt.on_best. It is rebuilt from the cache (the sets of its
 * strategy were solved exactly) and checked; a stop, a lack of memory or a
 * better opener settled meanwhile just skips the call.
 */
static void tell_best(solver *S, run *R, const root_best *rb, uint32_t g, int64_t total)
{
    cb_tree *tree;
    if (!S->opt.on_best || cb_tree_new(S->game, &tree) != CB_OK)
        return;
    cb_tree_stats st;
    cb_error e;
    if (build_tree(S, &R->rt.x, tree, CB_NONE, 0, g) == CB_OK &&
        cb_tree_verify(tree, S->table, S->hard, S->maxd, &st, &e) == CB_OK && (int64_t)st.total == total) {
#pragma omp critical(cb_optimal_best)
        if (load64(&rb->best) == total && total < S->told) {
            S->told = total;
            S->opt.on_best(tree, &st, S->opt.on_best_arg);
        }
    }
    cb_tree_free(tree);
}

/*
 * Search opener kk (the i-th) of the root with the best total known as
 * budget. Its parts run as tasks when no budget can cut it short: without a
 * budget, or for `sure`, an opener whose total is known to be below it.
 */
static void opener(solver *S, run *R, const node *x, const scan *sc, uint32_t kk, uint32_t i, cb_optimal_opener *op,
                   root_best *rb, int sure)
{
    int64_t b2 = root_budget(rb);
    check_clock(S);
    if (stopped(S))
        return;
    if (sc->lb[kk] >= b2 && S->opt.first == CB_NONE) {
        op->bound = sc->lb[kk] >= INF ? UINT64_MAX : (uint64_t)sc->lb[kk];
#pragma omp critical(cb_optimal_root)
        (void)settle(S, R, rb, op, 1);
        return;
    }
    __atomic_store_n(&S->cur_opener, op->guess, __ATOMIC_RELAXED);
    __atomic_store_n(&S->cur_index, (size_t)i, __ATOMIC_RELAXED);
    int64_t t = eval_guess(S, x, sc, kk, b2, S->nthreads > 1 && (sure || unbounded(b2)));
    op->bound = t >= INF ? UINT64_MAX : (uint64_t)t;
    /* a total below the budget is exact unless the search stopped; a bound at or above it is proved either way */
    if (t < b2 && stopped(S))
        return;
    op->exact = t < b2;
    int better;
#pragma omp critical(cb_optimal_root)
    better = settle(S, R, rb, op, 1);
    if (better && S->opt.first == CB_NONE && !S->opt.claim)
        tell_best(S, R, rb, op->guess, t);
}

/* The game index whose class stands for g (g itself without symmetry). */
static uint64_t opener_class(const solver *S, uint32_t g)
{
    return S->sym ? cbo_sym_canon(S->root_grp, cb_game_code(S->game, g)) : g;
}

/* Keep only the openers asked for (opt.openers, then the slice); returns the new count. */
static uint32_t select_openers(solver *S, const scan *sc, uint32_t *order, uint32_t cnt)
{
    const cb_optimal_options *o = &S->opt;
    uint32_t k = 0;
    if (o->openers) {
        for (uint32_t i = 0; i < cnt; i++) {
            uint64_t c = opener_class(S, sc->gid[order[i]]);
            for (size_t j = 0; j < o->nopeners; j++)
                if (o->openers[j] < S->game->nguess && opener_class(S, o->openers[j]) == c) {
                    order[k++] = order[i];
                    break;
                }
        }
        cnt = k;
    }
    if (o->slice_step > 1) {
        k = 0;
        for (uint32_t i = 0; i < cnt; i++)
            if (i % o->slice_step == o->slice_start)
                order[k++] = order[i];
        cnt = k;
    }
    return cnt;
}

/* Whether an earlier run settled an opener exactly (it gives the first budget). */
static int known_exact(const solver *S)
{
    for (size_t j = 0; j < S->opt.nknown; j++)
        if (S->opt.known[j].exact)
            return 1;
    return 0;
}

/* The known result of opener g (opt.known), or NULL. */
static const cb_optimal_opener *known_opener(const solver *S, uint32_t g)
{
    for (size_t j = 0; j < S->opt.nknown; j++)
        if (S->opt.known[j].guess == g)
            return &S->opt.known[j];
    return NULL;
}

/* Openers by their prelude total (ctx: the totals by opener), ties kept in order. */
static int cmp_total(const void *a, const void *b, void *ctx)
{
    const int64_t *tot = ctx;
    int64_t x = tot[*(const uint32_t *)a], y = tot[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

/* The prelude's task: the total of opener kk under the prelude's restriction, without a budget. */
static void prelude_task(solver *S, const node *x, const scan *sc, uint32_t kk, int64_t *out)
{
    if (!stopped(S))
        *out = eval_guess(S, x, sc, kk, INF, 0);
}

/*
 * A first budget for the search over every opener, from real strategies:
 * the first CB_PRELUDE_OPENERS openers in order, each played with only the
 * CB_PRELUDE_TOP best guesses by the greedy score at every node below it (as
 * --top does, with a cache of its own, so that nothing restricted is taken
 * for proved). Each total is that of a strategy, so the least, *upper, is at
 * least the optimum: every opener below it is still found exactly under the
 * budget *upper + 1. Those openers are then moved to the front of order,
 * least total first, so that the best ones set the budget early. *upper is
 * INF when the prelude did not finish (a stop) or was not worth it.
 */
static int prelude(solver *S, const node *x, const scan *sc, uint32_t *order, uint32_t cnt, int64_t *upper)
{
    tls *T = me(S);
    uint32_t h = cnt < CB_PRELUDE_OPENERS ? cnt : CB_PRELUDE_OPENERS;
    *upper = INF;
    if (h < 2)
        return CB_OK;
    int64_t *tot = alloc(S, T, (size_t)sc->k * sizeof *tot); /* by opener kk: h of them set */
    if (!tot)
        return CB_ENOMEM;
    cbo_cache *main_cache = S->cache;
    S->cache = NULL;
    if (new_cache(S) != CB_OK) {
        S->cache = main_cache;
        return CB_ENOMEM;
    }
    S->top = CB_PRELUDE_TOP;
    S->phase = 3;
    for (uint32_t i = 0; i < h; i++) {
        uint32_t kk = order[i];
        int64_t *out = &tot[kk];
        *out = INF;
#pragma omp task firstprivate(out, kk) if (S->nthreads > 1)
        prelude_task(S, x, sc, kk, out);
    }
#pragma omp taskwait
    S->top = 0;
    S->phase = 0;
    cbo_cache_free(S->cache);
    S->cache = main_cache;
    if (stopped(S))
        return CB_OK;
    sort_idx(order, h, cmp_total, tot); /* least total first, ties in the solver's order (a stable sort) */
    *upper = tot[order[0]];
    return CB_OK;
}

/* Search the openers of the root (or just opt.first) with bound beta. */
static int search_root(solver *S, run *R, int64_t beta)
{
    tls *T = me(S);
    node *x = &R->rt.x;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    scan sc;
    uint32_t *order = NULL, cnt;
    int all = S->opt.first == CB_NONE && !S->depth_only;
    R->best = CB_NONE;
    R->bestv = INF;
    R->nopen = 0;
    if (S->opt.first != CB_NONE) { /* no need to scan: one opener, the children take every guess */
        memset(&sc, 0, sizeof sc);
        sc.k = x->m;
        sc.gid = (uint32_t *)x->gid;
        sc.srow = (uint32_t *)x->row;
        sc.early = CB_NONE;
        order = alloc(S, T, sizeof *order);
        if (!order)
            return CB_ENOMEM;
        for (uint32_t kk = 0; kk < sc.k; kk++)
            if (sc.gid[kk] == S->opt.first)
                order[0] = kk;
        if (S->cands && S->game->guess_secret[S->opt.first] == CB_NONE)
            return CB_EINVAL;
        cnt = 1;
        sc.lb = alloc(S, T, (size_t)sc.k * sizeof *sc.lb);
        if (!sc.lb)
            return CB_ENOMEM;
        for (uint32_t kk = 0; kk < sc.k; kk++)
            sc.lb[kk] = 0;
        R->lower = cbo_node_lb(S, x);
        R->opener_count = 1;
    } else {
        if (cbo_scan(S, x, -1, &sc) != CB_OK)
            return CB_ENOMEM;
        order = alloc(S, T, ((size_t)sc.k + 1) * sizeof *order);
        if (!order)
            return CB_ENOMEM;
        uint32_t top = (uint32_t)S->top;
        S->top = 0; /* count every orbit; --top applies below */
        int64_t skipped = INF;
        cnt = order_guesses(S, x, &sc, INF + 1, order, &skipped); /* every orbit, even those that cannot finish */
        S->top = (int)top;
        R->opener_count = cnt;
        if (all)
            cnt = select_openers(S, &sc, order, cnt);
        R->lower = INF;
        for (uint32_t i = 0; i < cnt; i++)
            R->lower = min64(R->lower, sc.lb[order[i]]);
        if (S->top > 0 && cnt > top)
            cnt = top;
        R->lower = max64(R->lower, cbo_node_lb(S, x));
    }
    R->openers = calloc(cnt ? cnt : 1, sizeof *R->openers);
    if (!R->openers)
        return CB_ENOMEM;
    S->opener_count = cnt;
    /*
     * The openers settled by an earlier run first (they give the budget);
     * then the first opener searched alone (its parts in parallel), for a
     * good budget; then the others as tasks, each with the best total known
     * when it starts.
     */
    root_best rb = {beta, INF, 0};
    if (all && S->opt.cutoff > 0 && S->top == 0)
        rb.cutoff = S->opt.cutoff < (uint64_t)INF ? (int64_t)S->opt.cutoff : INF;
    int64_t upper = INF; /* the least total of the prelude, the lead's */
    if (all && !rb.cutoff && S->top == 0 && !S->opt.claim && !known_exact(S) && !S->depth_only) {
        int rc = prelude(S, x, &sc, order, cnt, &upper);
        if (rc != CB_OK)
            return rc;
        if (upper < rb.best)
            rb.best = upper + 1;
    }
    uint8_t *done = alloc(S, T, (size_t)cnt + 1);
    if (!done)
        return CB_ENOMEM;
    memset(done, 0, (size_t)cnt + 1);
    int tasks = 0;
    R->nopen = cnt;
    for (uint32_t i = 0; i < cnt; i++) {
        cb_optimal_opener *op = &R->openers[i];
        op->guess = sc.gid[order[i]];
        const cb_optimal_opener *k = all && S->top == 0 ? known_opener(S, op->guess) : NULL;
        if (k) {
            *op = *k;
            done[i] = 1;
            (void)settle(S, R, &rb, op, 0);
        }
    }
    uint32_t loop = cnt;
    if (all && S->opt.claim && S->top == 0) { /* openers from a shared queue, one at a time */
        size_t i;
        uint64_t elsewhere = UINT64_MAX;
        while (!stopped(S) && (i = S->opt.claim(S->opt.claim_arg, cnt, &elsewhere)) < cnt) {
            if (!rb.cutoff && elsewhere < (uint64_t)rb.best)
                __atomic_store_n(&rb.best, (int64_t)elsewhere, __ATOMIC_RELEASE);
            if (!done[i])
                opener(S, R, x, &sc, order[i], (uint32_t)i, &R->openers[i], &rb, 0);
            done[i] = 1;
        }
        loop = 0; /* nothing left for the loop below */
    }
    int lead = 1; /* the first opener is searched alone, so that the budget of the others does not depend on timing */
    for (uint32_t i = 0; i < loop; i++) {
        if (done[i])
            continue;
        if (S->nthreads > 1 && !lead && root_budget(&rb) < beta && !stopped(S)) {
            cb_optimal_opener *op = &R->openers[i];
            uint32_t kk = order[i];
            tasks = 1;
#pragma omp task firstprivate(op, kk, i) shared(rb, sc)
            opener(S, R, x, &sc, kk, i, op, &rb, 0);
        } else
            opener(S, R, x, &sc, order[i], i, &R->openers[i], &rb, lead && i == 0 && upper < INF);
        lead = 0;
    }
    if (tasks) {
#pragma omp taskwait
    }
    int64_t bound = rb.bound;
    if (stopped(S)) /* openers never settled bound nothing beyond their scan bound */
        for (uint32_t i = 0; i < cnt; i++)
            if (!done[i] && !R->openers[i].exact && R->openers[i].bound == 0)
                R->openers[i].bound = sc.lb[order[i]] >= INF ? UINT64_MAX : (uint64_t)sc.lb[order[i]];
    if (stopped(S))
        for (uint32_t i = 0; i < cnt; i++)
            if (!R->openers[i].exact)
                bound = min64(bound, R->openers[i].bound == UINT64_MAX ? INF : (int64_t)R->openers[i].bound);
    /* with --top the searches below the root are restricted: their totals bound nothing */
    if (S->top == 0 && S->opt.first != CB_NONE)
        R->lower = stopped(S) ? max64(R->lower, bound) : (R->bestv < INF ? R->bestv : bound);
    else if (S->top == 0)
        R->lower = max64(R->lower, min64(R->bestv, bound));
    cbo_arena_reset(&T->arena, mk);
    return CB_OK;
}

/* Objective worst: the least limit on guesses under which every secret is solved (0: none). */
static int least_depth(solver *S, run *R, int *depth)
{
    int hi = S->maxd ? S->maxd : CB_TREE_MAX_DEPTH;
    S->depth_only = 1;
    S->phase = 1;
    *depth = 0;
    for (int d = 1; d <= hi && !stopped(S); d++) {
        S->maxd = d;
        S->phase_depth = d;
        R->rt.x.d = d;
        free(R->openers);
        R->openers = NULL;
        int rc = search_root(S, R, 1);
        if (rc != CB_OK)
            return rc;
        if (!stopped(S) && R->bestv == 0) {
            *depth = d;
            break;
        }
    }
    S->depth_only = 0;
    S->phase = 0;
    R->best = CB_NONE; /* the strategy of the total search comes next */
    R->bestv = INF;
    return CB_OK;
}

static int run_search(solver *S, run *R, cb_optimal_result *res)
{
    if (S->opt.objective == CB_OBJECTIVE_WORST) {
        int d, rc;
        if ((rc = least_depth(S, R, &d)) != CB_OK)
            return rc;
        if (stopped(S)) {
            S->maxd = S->opt.max_guesses;
            R->rt.x.d = S->maxd ? S->maxd : UNL;
            R->lower = INF; /* nothing proved about the total */
            return CB_OK;
        }
        if (d == 0)
            return CB_OK; /* infeasible */
        res->worst_limit = d;
        S->maxd = d;
        R->rt.x.d = d;
        free(R->openers);
        R->openers = NULL;
    }
    return search_root(S, R, INF);
}

static void fill_result(solver *S, run *R, cb_optimal_result *res)
{
    res->openers = R->openers;
    res->openers_searched = R->nopen;
    R->openers = NULL;
    res->opener_count = R->opener_count;
    res->nodes = total_nodes(S);
    res->cache_entries = cbo_cache_entries(S->cache);
}

/* Build and check the tree of the strategy opening with R->best; its stats go to res. */
static int make_tree(solver *S, run *R, cb_optimal_result *res, cb_error *err)
{
    cb_tree *tree;
    if (cb_tree_new(S->game, &tree) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    S->phase = 2;
    int rc = build_tree(S, &R->rt.x, tree, CB_NONE, 0, R->best);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        if (rc == CB_ENOMEM || S->oom)
            return cb_error_set(err, CB_ENOMEM, "out of memory while building the tree");
        return cb_error_set(err, CB_EINVAL, "internal error: the strategy could not be rebuilt (%s)", cb_strerror(rc));
    }
    cb_error e;
    rc = cb_tree_verify(tree, S->table, S->hard, S->maxd, &res->stats, &e);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        return cb_error_set(err, rc == CB_ENOMEM ? rc : CB_EINVAL,
                            "internal error: the strategy found fails its "
                            "check: %s",
                            e.message);
    }
    if ((int64_t)res->stats.total != R->bestv) {
        cb_tree_free(tree);
        return cb_error_set(err, CB_EINVAL, "internal error: the strategy totals %llu, the search said %lld",
                            (unsigned long long)res->stats.total, (long long)R->bestv);
    }
    res->tree = tree;
    res->total = res->stats.total;
    res->first = R->best;
    return CB_OK;
}

/*
 * After a stop without a strategy: the greedy strategy (top 1) gives an upper
 * bound. Its openers' totals are not proofs: the caller is not told of them.
 */
static int greedy_fallback(solver *S, run *R)
{
    S->top = 1;
    S->opt.on_opener = NULL;
    S->opt.on_best = NULL;
    S->deadline = 0;
    S->finishing = 1;
    __atomic_store_n(&S->stop, 0, __ATOMIC_RELAXED);
    if (new_cache(S) != CB_OK)
        return CB_ENOMEM;
    int64_t lower = R->lower;
    cb_optimal_opener *ops = R->openers;
    size_t nops = R->nopen, count = R->opener_count;
    R->openers = NULL;
    int rc = search_root(S, R, INF);
    free(R->openers);
    R->openers = ops;
    R->nopen = nops;
    R->opener_count = count;
    R->lower = lower;
    return rc;
}

/* The search, then the tree; runs on one thread of a parallel team (the others take tasks). */
static int run_all(solver *S, run *R, cb_optimal_result *res, int *stopped_out, cb_error *err)
{
    int rc = run_search(S, R, res);
    *stopped_out = stopped(S);
    if (rc == CB_OK && *stopped_out && R->best == CB_NONE && !S->oom)
        rc = greedy_fallback(S, R);
    if (S->oom)
        rc = CB_ENOMEM;
    if (rc != CB_OK)
        return cb_error_set(err, rc, rc == CB_ENOMEM ? "out of memory during the search" : "the search failed: %s",
                            cb_strerror(rc));
    if (R->best == CB_NONE || R->bestv >= INF)
        return CB_OK;
    __atomic_store_n(&S->stop, 0, __ATOMIC_RELAXED);
    S->deadline = 0;
    S->finishing = 1;
    return make_tree(S, R, res, err);
}

int cb_optimal_solve(const cb_table *table, const cb_optimal_options *opt, cb_optimal_result *res, cb_error *err)
{
    solver S;
    run R;
    memset(res, 0, sizeof *res);
    memset(&R, 0, sizeof R);
    int rc = solver_init(&S, table, opt, err);
    if (rc == CB_OK && root_init(&S, &R.rt) != CB_OK)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc != CB_OK) {
        root_release(&R.rt);
        solver_free(&S);
        return rc;
    }
    res->symmetries = S.sym ? cbo_sym_order(S.root_grp) : 1;
    res->threads = S.nthreads;
    S.t0 = cb_seconds();
    S.next_report = S.t0 + S.opt.progress_interval;
    S.deadline = opt->time_limit > 0 ? S.t0 + opt->time_limit : 0;
    int was_stopped = 0;
#pragma omp parallel num_threads(S.nthreads)
#pragma omp single
    rc = run_all(&S, &R, res, &was_stopped, err);
    if (rc == CB_OK) {
        res->stopped = was_stopped;
        res->proved = !was_stopped && opt->top <= 0;
        res->subset = opt->first == CB_NONE && (opt->openers || opt->slice_step > 1);
        res->cut = !was_stopped && opt->first == CB_NONE && opt->cutoff > 0 && opt->top <= 0 && R.best == CB_NONE &&
                   R.lower < INF;
        res->infeasible = !was_stopped && !res->cut && (R.best == CB_NONE || R.bestv >= INF);
        if (res->cut)
            res->proved = 0;
        if (res->proved)
            res->lower = res->infeasible ? 0 : res->total;
        else
            res->lower = R.lower >= INF ? 0 : (uint64_t)R.lower;
        fill_result(&S, &R, res);
        res->seconds = cb_seconds() - S.t0;
    }
    free(R.openers);
    root_release(&R.rt);
    solver_free(&S);
    if (rc != CB_OK)
        cb_optimal_result_release(res);
    return rc;
}

void cb_optimal_result_release(cb_optimal_result *res)
{
    if (!res)
        return;
    cb_tree_free(res->tree);
    free(res->openers);
    res->tree = NULL;
    res->openers = NULL;
}
