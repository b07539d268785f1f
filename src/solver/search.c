/*
 * search.c: solving one node of the exact solver: the least total number of
 * guesses that solves every entry of a node when that is below a budget
 * (beta), else a lower bound at least beta (see optimal.h and
 * docs/optimal.md). Cheap answers first (tiny sets, the cache, a candidate
 * whose parts are all trivial), then the guesses in greedy order, lazily, in
 * bands of equal bound, each guess's parts solved smallest first under what
 * is left of the budget.
 *
 * Feedback values come from a "base": the game's table (rows: guesses,
 * columns: secrets) or the local table of an ancestor: the rows of the
 * guesses that still split its entries, over its entries only. Each node
 * reads its values through `row` (guess -> row) and `col` (entry -> column).
 * Local tables keep the working set of a subtree small and dense, and drop
 * the guesses that no longer split anything or split exactly like another.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/bounds_internal.h"
#include "solver/cache_internal.h"
#include "solver/checkpoint_internal.h"
#include "solver/clock_internal.h"
#include "solver/count_internal.h"
#include "solver/node_internal.h"
#include "solver/rows_internal.h"
#include "solver/scan_internal.h"
#include "solver/scanlb_internal.h"
#include "solver/search_internal.h"
#include "solver/run_internal.h"
#include "solver/split_internal.h"
#include "solver/symmetry_internal.h"

static inline void tick(cbo_solver *S, cbo_tls *T)
{
    if ((__atomic_add_fetch(&T->nodes, 1, __ATOMIC_RELAXED) & (CB_CLOCK_NODES - 1)) == 0)
        cbo_check_clock(S);
}

static int cache_get(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_cache_value *v)
{
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *key = cbo_alloc(S, T, cbo_key_room(S, x));
    int found = 0;
    if (key) {
        size_t len = cbo_node_key(S, x, CB_NONE, key);
        found = cbo_cache_get(S->cache, key, len, cbo_cache_hash(key, len), v);
    }
    cbo_arena_reset(&T->arena, mk);
    return found;
}

/*
 * A value of x into the cache (cbo_node_put), unless the search is stopping (what it returns then is no
 * proof); a node too small for the cache costs no call.
 */
static void cache_put(cbo_solver *S, cbo_tls *T, const cbo_node *x, int64_t lb, int64_t exact, uint32_t best)
{
    if (!cbo_stopped(S) && x->n >= CB_CACHE_MIN)
        cbo_node_put(S, T, x, CB_NONE, lb, exact, best);
}

/*
 * Cheap answers: tiny sets, the cache, and a candidate whose parts are all
 * trivial (singletons, pairs, single codewords) at the least possible cost.
 * CBO_Q_DONE: *val is cbo_solve()'s answer (and *best a best guess when exact).
 * CBO_Q_OPEN: *val is a lower bound below beta.
 */
static int quick(cbo_solver *S, const cbo_node *x, int64_t beta, int64_t *val, uint32_t *best)
{
    cbo_tls *T = cbo_me(S);
    int r = x->d;
    *best = CB_NONE;
    if (r == 0) {
        *val = CBO_INF;
        return CBO_Q_DONE;
    }
    if (x->ncw == 1) {
        *val = S->depth_only ? 0 : x->n;
        *best = cb_game_secret_guess(S->game, x->sid[0] / (S->pairs ? CB_MAPPINGS : 1));
        return CBO_Q_DONE;
    }
    if (r == 1) {
        *val = CBO_INF;
        return CBO_Q_DONE;
    }
    if (!S->pairs && x->n == 2) {
        *val = S->depth_only ? 0 : 3;
        *best = cb_game_secret_guess(S->game, x->sid[0]);
        return CBO_Q_DONE;
    }
    int64_t lb = cbo_node_lb(S, x);
    if (lb >= beta) {
        *val = lb;
        return CBO_Q_DONE;
    }
    cbo_cache_value cv;
    int cache_first = x->n > 16;
    if (cache_first && cache_get(S, T, x, &cv)) {
        if (cv.exact >= 0 && cv.best != CB_NONE) {
            *val = cv.exact;
            *best = cv.best;
            return CBO_Q_DONE;
        }
        if (cv.lb >= beta) {
            *val = cv.lb;
            return CBO_Q_DONE;
        }
        lb = cbo_max64(lb, cv.lb);
    }
    if (cbo_candidates(S, x, &lb, val, best) == CBO_Q_DONE)
        return CBO_Q_DONE;
    if (!cache_first && cache_get(S, T, x, &cv)) {
        if (cv.exact >= 0 && cv.best != CB_NONE) {
            *val = cv.exact;
            *best = cv.best;
            return CBO_Q_DONE;
        }
        lb = cbo_max64(lb, cv.lb);
    }
    *val = lb;
    return lb >= beta ? CBO_Q_DONE : CBO_Q_OPEN;
}
/* The symmetries that survive playing gid at x (NULL when none are left). */
const cbo_sym_group *cbo_child_group(cbo_solver *S, const cbo_node *x, uint32_t gid)
{
    if (!x->grp || cbo_sym_trivial(x->grp))
        return NULL;
    cbo_tls *T = cbo_me(S);
    cbo_sym_group *g = cbo_alloc(S, T, sizeof *g);
    cbo_sym_el *el = cbo_alloc(S, T, (size_t)x->grp->count * sizeof *el);
    if (!g || !el)
        return NULL;
    g->el = el;
    cbo_sym_stabilizer(x->grp, cb_game_code(S->game, gid), g);
    return cbo_sym_trivial(g) ? NULL : g;
}

static void child_task(cbo_solver *S, const cbo_node *c, int64_t lbc, int64_t *tot, int64_t beta)
{
    int64_t cur;
#pragma omp atomic read
    cur = *tot;
    if (cur >= beta || cbo_stopped(S))
        return;
    int64_t v = cbo_solve(S, c, beta - (cur - lbc), NULL, lbc);
#pragma omp atomic
    *tot += v - lbc;
}

static int cmp_size_asc(const void *a, const void *b, void *ctx)
{
    const cbo_kids *k = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    uint32_t nx = k->c[x].n, ny = k->c[y].n;
    return nx != ny ? (nx > ny) - (nx < ny) : (x > y) - (x < y);
}

/* qsort with a context, as a plain insertion sort merged with qsort for big arrays. */
void cbo_sort_idx(uint32_t *a, uint32_t n, int (*cmp)(const void *, const void *, void *), void *ctx)
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
static int64_t raise_bounds(cbo_solver *S, cbo_tls *T, cbo_kids *ks, const uint32_t *open, uint32_t nopen, int64_t tot,
                            int64_t beta)
{
    int tl = S->opt.from ? CB_LBSCAN_TARGET_LEVEL_POSITION : CB_LBSCAN_TARGET_LEVEL;
    for (uint32_t j = nopen; j-- > 0 && tot < beta && !cbo_stopped(S);) {
        uint32_t i = open[j];
        cbo_node *c = &ks->c[i];
        if (c->n < CB_LBSCAN_MIN)
            break;
        int64_t v = cbo_scan_lb(S, c, ks->lb[i], c->level >= tl ? beta - (tot - ks->lb[i]) : CBO_INF);
        if (v > ks->lb[i]) {
            tot = cbo_sat(tot - ks->lb[i] + v);
            ks->lb[i] = v;
            cache_put(S, T, c, v, -1, CB_NONE);
        }
    }
    return tot;
}

/* The open parts of a guess, the big ones as tasks (biggest first), the rest on this thread; the caller waits. */
static void par_parts(cbo_solver *S, cbo_kids *ks, uint32_t *open, uint32_t nopen, int64_t *tot, int64_t beta)
{
    for (uint32_t j = nopen; j-- > 0;) { /* biggest first */
        uint32_t i = open[j];
        if (ks->c[i].n < CB_PAR_PART)
            break;
        cbo_node *c = &ks->c[i];
        int64_t lbc = ks->lb[i];
        open[j] = CB_NONE;
/* each task copies the pointer tot: this function returns before its tasks end */
#pragma omp task firstprivate(c, lbc, tot)
        child_task(S, c, lbc, tot, beta);
    }
    for (uint32_t j = 0; j < nopen; j++)
        if (open[j] != CB_NONE)
            child_task(S, &ks->c[open[j]], ks->lb[open[j]], tot, beta);
}

/*
 * Total guesses when x plays kept guess kk of sc: exact when below beta,
 * else a lower bound at least beta. With par, the parts are solved as tasks.
 */
int64_t cbo_eval_guess(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t kk, int64_t beta, int par)
{
    cbo_tls *T = cbo_me(S);
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint32_t n = x->n;
    const uint8_t *vec;
    cbo_kids ks;
    int64_t tot = CBO_INF;
    if (sc->lt)
        vec = sc->lt + (size_t)kk * n * (size_t)S->lw;
    else {
        uint8_t *v = cbo_alloc(S, T, (size_t)n * (size_t)S->lw);
        if (!v)
            goto out;
        cbo_fill(S, x, sc->srow[kk], v);
        vec = v;
    }
    const cbo_sym_group *grp = cbo_child_group(S, x, sc->gid[kk]);
    if (cbo_split(S, x, sc, vec, sc->gid[kk], grp, &ks) != CB_OK)
        goto out;
    tot = ks.wc;
    for (uint32_t i = 0; i < ks.count; i++)
        tot = cbo_sat(tot + ks.lb[i]);
    if (tot >= beta)
        goto out;
    /* cheap answers for every part first: they may cut this guess off */
    uint32_t *open = cbo_alloc(S, T, ((size_t)ks.count + 1) * sizeof *open), nopen = 0;
    if (!open) {
        tot = CBO_INF;
        goto out;
    }
    for (uint32_t i = 0; i < ks.count; i++) {
        if (ks.done[i])
            continue;
        int64_t v;
        uint32_t b;
        int q = quick(S, &ks.c[i], beta - (tot - ks.lb[i]), &v, &b);
        tot = cbo_sat(tot - ks.lb[i] + v);
        ks.lb[i] = v;
        if (tot >= beta)
            goto out;
        if (q == CBO_Q_OPEN)
            open[nopen++] = i;
    }
    cbo_sort_idx(open, nopen, cmp_size_asc, &ks);
    if (!par && !cbo_unbounded(beta) && x->level <= CB_LBSCAN_LEVEL)
        tot = raise_bounds(S, T, &ks, open, nopen, tot, beta);
    if (tot >= beta)
        goto out;
    if (par && nopen > 1 && x->level == 0) {
        /*
         * the root's wait covers the tasks below its parts too (a taskwait would
         * only run its own children), so that this thread helps with the guesses
         * of a big part once its own parts are done
         */
#pragma omp taskgroup
        par_parts(S, &ks, open, nopen, &tot, beta);
    } else if (par && nopen > 1) {
        par_parts(S, &ks, open, nopen, &tot, beta);
#pragma omp taskwait
    } else
        for (uint32_t j = 0; j < nopen && tot < beta && !cbo_stopped(S); j++) {
            uint32_t i = open[j];
            int64_t v = cbo_solve(S, &ks.c[i], beta - (tot - ks.lb[i]), NULL, ks.lb[i]);
            tot = cbo_sat(tot - ks.lb[i] + v);
        }
out:
    cbo_arena_reset(&T->arena, mk);
    return tot;
}

/*
 * cbo_eval_guess of kept guess kk at x below the root, with the checkpoints: a value an earlier run proved
 * (opt.points) that settles it under beta is taken as it stands; a value that took enough work is reported.
 */
static int64_t eval_point(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t kk, int64_t beta, int par)
{
    cbo_tls *T = cbo_me(S);
    int64_t t;
    if (S->ck_level && cbo_ckpt_guess(S, T, x, sc->gid[kk], beta, &t))
        return t;
    uint64_t w0 = __atomic_load_n(&T->work, __ATOMIC_RELAXED);
    t = cbo_eval_guess(S, x, sc, kk, beta, par);
    if (S->ck_work)
        cbo_ckpt_settled(S, x, sc->gid[kk], t, t < beta, CB_NONE, __atomic_load_n(&T->work, __ATOMIC_RELAXED) - w0);
    return t;
}

static int cmp_key(const void *a, const void *b, void *ctx)
{
    const cbo_kept *sc = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (sc->key[x] != sc->key[y])
        return sc->key[x] < sc->key[y] ? -1 : 1;
    return (x > y) - (x < y);
}

/* Sort indices by key (merge sort; qsort_r is not standard C). */
static void merge_sort(uint32_t *a, uint32_t *tmp, uint32_t n, const cbo_kept *sc)
{
    if (n < 24) {
        cbo_sort_idx(a, n, cmp_key, (void *)sc);
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
uint32_t cbo_order_guesses(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, int64_t beta, uint32_t *order,
                           int64_t *skipped)
{
    cbo_tls *T = cbo_me(S);
    uint32_t cnt = 0;
    int sym = x->grp && !cbo_sym_trivial(x->grp);
    if (sym)
        cbo_seen_reset(T, sc->k);
    for (uint32_t kk = 0; kk < sc->k; kk++) {
        if (sc->lb[kk] >= beta) { /* cannot be the best: only its bound matters */
            if (sc->lb[kk] < *skipped)
                *skipped = sc->lb[kk];
            continue;
        }
        if (sym) {
            uint64_t canon = cbo_sym_canon(x->grp, cb_game_code(S->game, sc->gid[kk]));
            if (cbo_seen_find(T, canon * 0x9e3779b97f4a7c15ull, kk) != CB_NONE)
                continue;
        }
        order[cnt++] = kk;
    }
    uint32_t *tmp = cbo_alloc(S, T, ((size_t)cnt + 1) * sizeof *tmp);
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
    const cbo_kept *sc;
    const cbo_sym_group *grp;
    int banded;        /* off in depth-only searches, whose bounds are 0 or infinite */
    int64_t beta;      /* guesses bounded at or above it never enter */
    int64_t band;      /* bound of the guesses in the heap */
    int64_t next_band; /* least bound above `band` below beta, INF when none */
    uint32_t *heap, size;
    uint64_t *canon; /* canonical forms handed out */
    uint32_t ncanon, given;
} picker;

static inline int key_less(const cbo_kept *sc, uint32_t a, uint32_t b)
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
    const cbo_kept *sc = pk->sc;
    pk->band = band;
    pk->next_band = CBO_INF;
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
static int picker_init(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, int64_t beta, picker *pk, int64_t *skipped)
{
    cbo_tls *T = cbo_me(S);
    memset(pk, 0, sizeof *pk);
    pk->sc = sc;
    pk->banded = !S->depth_only;
    pk->beta = beta;
    pk->grp = x->grp && !cbo_sym_trivial(x->grp) ? x->grp : NULL;
    pk->heap = cbo_alloc(S, T, ((size_t)sc->k + 1) * sizeof *pk->heap);
    if (pk->grp)
        pk->canon = cbo_alloc(S, T, ((size_t)sc->k + 1) * sizeof *pk->canon);
    if (!pk->heap || (pk->grp && !pk->canon))
        return CB_ENOMEM;
    int64_t least = CBO_INF;
    for (uint32_t kk = 0; kk < sc->k; kk++)
        if (sc->lb[kk] >= beta)
            *skipped = cbo_min64(*skipped, sc->lb[kk]);
        else
            least = cbo_min64(least, sc->lb[kk]);
    if (least < CBO_INF)
        band_fill(pk, least);
    else
        pk->band = pk->next_band = CBO_INF;
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
static uint32_t picker_next(cbo_solver *S, picker *pk, int64_t b2, int64_t *skipped)
{
    if (S->top > 0 && pk->given >= (uint32_t)S->top)
        return CB_NONE;
    for (;;) {
        if (!pk->size) {
            if (pk->next_band >= b2 || !pk->banded) {
                *skipped = cbo_min64(*skipped, pk->next_band);
                pk->next_band = CBO_INF;
                return CB_NONE;
            }
            band_fill(pk, pk->next_band);
        }
        if (pk->banded && pk->band >= b2) { /* this band and every later one are bounded at b2 or more */
            *skipped = cbo_min64(*skipped, pk->band);
            pk->size = 0;
            pk->next_band = CBO_INF;
            return CB_NONE;
        }
        uint32_t kk = pk->heap[0];
        pk->heap[0] = pk->heap[--pk->size];
        sift_down(pk, 0);
        if (pk->sc->lb[kk] >= b2) {
            *skipped = cbo_min64(*skipped, pk->sc->lb[kk]);
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
/* The guesses of a big node tried at once (par_guesses): the best so far, shared by the tasks. */
typedef struct par_best {
    int64_t best;  /* least total found (exact), or the node's budget */
    uint32_t g;    /* its guess */
    int64_t bound; /* least bound of the guesses that did not beat it */
    int64_t lb;    /* the node's lower bound: a guess that meets it ends the search */
} par_best;

static void guess_task(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t kk, par_best *pb)
{
    int64_t b2 = __atomic_load_n(&pb->best, __ATOMIC_ACQUIRE), t;
    if (b2 <= pb->lb)
        return; /* a guess met the node's lower bound: it is solved */
    /* after a stop, a guess not tried keeps the bound its scan proved */
    t = sc->lb[kk] >= b2 || cbo_stopped(S) ? sc->lb[kk] : eval_point(S, x, sc, kk, b2, 0);
#pragma omp critical(cbo_par_guess)
    if (t < pb->best && t < b2 && !cbo_stopped(S)) { /* below its budget: exact */
        __atomic_store_n(&pb->best, t, __ATOMIC_RELEASE);
        pb->g = sc->gid[kk];
    } else
        pb->bound = cbo_min64(pb->bound, t);
}

/*
 * The guesses of x after the first, as tasks: each starts with the best
 * total known as its budget (so the threads share the work of one big
 * node, as the openers at the root do). The picker hands them out in
 * order on this thread; it stops when a guess meets the node's lower bound.
 */
static void par_guesses(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, picker *pk, int64_t lb, int64_t *b2,
                        int64_t *bestv, uint32_t *bestg, int64_t *bound)
{
    par_best pb = {*b2, *bestg, CBO_INF, lb};
    uint32_t kk;
    while (!cbo_stopped(S) && __atomic_load_n(&pb.best, __ATOMIC_ACQUIRE) > lb &&
           (kk = picker_next(S, pk, __atomic_load_n(&pb.best, __ATOMIC_ACQUIRE), bound)) != CB_NONE) {
#pragma omp task firstprivate(kk) shared(pb)
        guess_task(S, x, sc, kk, &pb);
    }
#pragma omp taskwait
    *bound = cbo_min64(*bound, pb.bound);
    if (pb.best < *b2) {
        *b2 = *bestv = pb.best;
        *bestg = pb.g;
    }
}

int64_t cbo_solve(cbo_solver *S, const cbo_node *x, int64_t beta, uint32_t *best, int64_t known)
{
    cbo_tls *T = cbo_me(S);
    int64_t lb;
    uint32_t b = CB_NONE;
    tick(S, T);
    if (best)
        *best = CB_NONE;
    if (known < 0) {
        if (quick(S, x, beta, &lb, &b) == CBO_Q_DONE) {
            if (best)
                *best = b;
            return lb;
        }
    } else
        lb = known;
    if (cbo_stopped(S))
        return lb;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint64_t w0 = __atomic_load_n(&T->work, __ATOMIC_RELAXED);
    cbo_kept sc;
    int64_t result = lb;
    uint32_t bestg = CB_NONE;
    int64_t qv;
    int q = cbo_scan_first(S, x, lb, beta, &qv, &bestg);
    if (q == CBO_SCAN_SOLVED || q == CBO_SCAN_BOUND) { /* what the scan below would have concluded */
        result = qv;
        cache_put(S, T, x, qv, q == CBO_SCAN_SOLVED ? qv : -1, q == CBO_SCAN_SOLVED ? bestg : CB_NONE);
        goto out;
    }
    if (cbo_scan(S, x, lb, &sc, q == CBO_SCAN_LOOKED) != CB_OK)
        goto out;
    if (sc.early != CB_NONE) {
        result = sc.lb[sc.early];
        bestg = sc.gid[sc.early];
        cache_put(S, T, x, result, result, bestg);
        goto out;
    }
    lb = cbo_max64(lb, sc.lbmin);
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
    int64_t bestv = CBO_INF, bound = CBO_INF, b2 = beta;
    if (picker_init(S, x, &sc, beta, &pk, &bound) != CB_OK)
        goto out;
    uint32_t kk;
    int first = 1;
    while ((kk = picker_next(S, &pk, b2, &bound)) != CB_NONE) {
        /* the first guess of a big node under an opener searched without budget is solved exactly whatever
         * happens: its parts may run in parallel */
        int big = x->level == 1 && S->nthreads > 1 && cbo_in_parallel();
        int par = first && big && x->n >= CB_PAR_NODE && cbo_unbounded(b2);
        int64_t t = eval_point(S, x, &sc, kk, b2, par);
        if (cbo_stopped(S)) {
            bound = cbo_min64(bound, t);
            break;
        }
        if (t < b2) {
            bestv = t;
            bestg = sc.gid[kk];
            b2 = t;
            if (t <= lb)
                break;
        } else
            bound = cbo_min64(bound, t);
        if (first && big && x->n >= CB_PAR_GUESS_NODE) { /* the others at once, over the threads */
            par_guesses(S, x, &sc, &pk, lb, &b2, &bestv, &bestg, &bound);
            break;
        }
        first = 0;
    }
    if (cbo_stopped(S)) { /* what is proved: the least bound over the guesses */
        bound = cbo_min64(bound, picker_rest(&pk));
        result = cbo_max64(lb, cbo_min64(bound, bestv));
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
    if (S->ck_work && (result >= beta || bestg != CB_NONE))
        cbo_ckpt_settled(S, x, CB_NONE, result, result < beta, bestg, __atomic_load_n(&T->work, __ATOMIC_RELAXED) - w0);
    if (best)
        *best = result < beta ? bestg : CB_NONE;
    return result;
}
