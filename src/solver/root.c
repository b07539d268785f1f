/*
 * root.c: the root of the exact solver: its node, the search over its
 * guesses (the openers) with a shared budget, a first budget from quick
 * strategies (the prelude), the least worst case, and the tree of the
 * strategy found.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/solver_internal.h"

void cbo_root_release(root *r)
{
    free(r->sid);
    free(r->col);
    free(r->crow);
    free(r->gid);
    free(r->row);
    free(r->sig);
}

int cbo_root_init(solver *S, root *rt)
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

/* Add x's strategy under tree node `parent` by feedback fb (parent CB_NONE: the root), opening with `first`. */
int cbo_build_tree(solver *S, const node *x, cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t first)
{
    tls *T = me(S);
    uint32_t g = first;
    if (g == CB_NONE) {
        int64_t v = cbo_solve(S, x, INF, &g, -1);
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
        const cbo_sym_group *grp = cbo_child_group(S, x, g);
        if (cbo_split(S, x, NULL, vec, g, grp, &ks) == CB_OK) {
            rc = CB_OK;
            for (uint32_t i = 0; i < ks.count && rc == CB_OK; i++)
                rc = cbo_build_tree(S, &ks.c[i], tree, id, ks.c[i].cfb, CB_NONE);
        }
    }
    cbo_arena_reset(&T->arena, mk);
    return rc;
}

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
static int settle(solver *S, search_run *R, root_best *rb, cb_optimal_opener *op, int report)
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
static void tell_best(solver *S, search_run *R, const root_best *rb, uint32_t g, int64_t total)
{
    cb_tree *tree;
    if (!S->opt.on_best || cb_tree_new(S->game, &tree) != CB_OK)
        return;
    cb_tree_stats st;
    cb_error e;
    if (cbo_build_tree(S, &R->rt.x, tree, CB_NONE, 0, g) == CB_OK &&
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
static void opener(solver *S, search_run *R, const node *x, const scan *sc, uint32_t kk, uint32_t i,
                   cb_optimal_opener *op, root_best *rb, int sure)
{
    int64_t b2 = root_budget(rb);
    cbo_check_clock(S);
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
    int64_t t = cbo_eval_guess(S, x, sc, kk, b2, S->nthreads > 1 && (sure || unbounded(b2)));
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
        *out = cbo_eval_guess(S, x, sc, kk, INF, 0);
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
    if (cbo_new_cache(S) != CB_OK) {
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
    cbo_sort_idx(order, h, cmp_total, tot); /* least total first, ties in the solver's order (a stable sort) */
    *upper = tot[order[0]];
    return CB_OK;
}

/* Search the openers of the root (or just opt.first) with bound beta. */
int cbo_search_root(solver *S, search_run *R, int64_t beta)
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
        cnt = cbo_order_guesses(S, x, &sc, INF + 1, order, &skipped); /* every orbit, even those that cannot finish */
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
static int least_depth(solver *S, search_run *R, int *depth)
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
        int rc = cbo_search_root(S, R, 1);
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

int cbo_run_search(solver *S, search_run *R, cb_optimal_result *res)
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
    return cbo_search_root(S, R, INF);
}
