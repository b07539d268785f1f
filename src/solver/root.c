/*
 * root.c: the root of the exact solver: its node, the search over its
 * guesses (the openers) with a shared budget, a first budget from quick
 * strategies (the prelude), the least worst case, and the tree of the
 * strategy found.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/bounds_internal.h"
#include "solver/cache_internal.h"
#include "solver/clock_internal.h"
#include "solver/node_internal.h"
#include "solver/root_internal.h"
#include "solver/rows_internal.h"
#include "solver/scan_internal.h"
#include "solver/search_internal.h"
#include "solver/run_internal.h"
#include "solver/split_internal.h"
#include "solver/symmetry_internal.h"
#include "tree/tree_internal.h"

void cbo_root_release(cbo_root *r)
{
    free(r->sid);
    free(r->col);
    free(r->crow);
    free(r->gid);
    free(r->row);
    free(r->sig);
    if (r->grp)
        free(r->grp->el);
    free(r->grp);
}

/* The root's entries: every secret (every pair in Symble), or the candidates of opt.from. */
static int root_entries(cbo_solver *S, cbo_root *rt, const cb_state *from)
{
    const cb_game *game = S->game;
    uint32_t mult = S->pairs ? CB_MAPPINGS : 1, n = 0;
    size_t count = from ? cb_state_count(from) : game->nsecret;
    const uint32_t *cands = from ? cb_state_candidates(from) : NULL;
    const uint8_t *masks = from ? cb_state_masks(from) : NULL;
    rt->sid = malloc((count * mult + 1) * sizeof *rt->sid);
    rt->col = malloc((count * mult + 1) * sizeof *rt->col);
    rt->crow = malloc((count * mult + 1) * sizeof *rt->crow);
    if (!rt->sid || !rt->col || !rt->crow)
        return CB_ENOMEM;
    rt->x.maxsame = 1;
    for (size_t i = 0; i < count; i++) {
        uint32_t sec = cands ? cands[i] : (uint32_t)i, same = 0;
        for (uint32_t m = 0; m < mult; m++) {
            if (masks && !(masks[i] >> m & 1))
                continue;
            rt->sid[n] = sec * mult + m;
            rt->col[n] = sec;
            rt->crow[n++] = game->secret_guess[sec];
            same++;
        }
        rt->x.maxsame = same > rt->x.maxsame ? same : rt->x.maxsame;
    }
    rt->x.n = n;
    rt->x.ncw = (uint32_t)count;
    return CB_OK;
}

/* Guess g respects every turn of from (hard mode). */
static int legal_after(const cbo_solver *S, const cb_state *from, uint32_t g)
{
    for (size_t t = 0; t < cb_state_turns(from); t++) {
        uint32_t tg, fb;
        cbg_hard_turn h;
        cb_state_turn(from, t, &tg, &fb);
        cbg_hard_turn_make(S->game, tg, fb, &h);
        if (!cbo_respects(S, &h, g))
            return 0;
    }
    return 1;
}

/* The root's guesses: every guess, the candidates (candidates only), or those hard mode leaves after from. */
static int root_guesses(cbo_solver *S, cbo_root *rt, const cb_state *from)
{
    const cb_game *game = S->game;
    uint32_t m = 0, cap = S->cands ? rt->x.ncw : game->nguess;
    rt->gid = malloc(((size_t)cap + 1) * sizeof *rt->gid);
    rt->row = malloc(((size_t)cap + 1) * sizeof *rt->row);
    if (!rt->gid || !rt->row)
        return CB_ENOMEM;
    if (S->cands)
        for (uint32_t i = 0; i < rt->x.n; i++) {
            if (i > 0 && rt->col[i] == rt->col[i - 1])
                continue; /* Symble: one guess a codeword */
            rt->gid[m] = rt->row[m] = rt->crow[i];
            m++;
        }
    else
        for (uint32_t g = 0; g < game->nguess; g++)
            if (!from || !S->hard || legal_after(S, from, g)) {
                rt->gid[m] = rt->row[m] = g;
                m++;
            }
    rt->x.m = m;
    return CB_OK;
}

/* The history of from: hard mode's letters so far, and the symmetries that fix its guesses. */
static int root_history(cbo_solver *S, cbo_root *rt, const cb_state *from)
{
    const cbo_sym_group *grp = S->sym ? S->root_grp : NULL;
    rt->sig = calloc((size_t)S->siglen + 1, 1);
    if (!rt->sig)
        return CB_ENOMEM;
    for (size_t t = 0; from && t < cb_state_turns(from); t++) {
        uint32_t g, fb;
        cb_state_turn(from, t, &g, &fb);
        if (S->hard)
            cbo_sig_apply(S, rt->sig, g, fb);
        if (!grp || cbo_sym_trivial(grp))
            continue;
        cbo_sym_group *next = calloc(1, sizeof *next);
        cbo_sym_el *el = next ? calloc(grp->count, sizeof *el) : NULL;
        if (!el) {
            free(next);
            return CB_ENOMEM;
        }
        next->el = el;
        cbo_sym_stabilizer(grp, cb_game_code(S->game, g), next);
        if (rt->grp)
            free(rt->grp->el);
        free(rt->grp);
        grp = rt->grp = next;
    }
    rt->x.grp = grp && !cbo_sym_trivial(grp) ? grp : NULL;
    return CB_OK;
}

int cbo_root_init(cbo_solver *S, cbo_root *rt)
{
    const cb_state *from = S->opt.from;
    memset(rt, 0, sizeof *rt);
    int rc = root_entries(S, rt, from);
    if (rc == CB_OK)
        rc = root_guesses(S, rt, from);
    if (rc == CB_OK)
        rc = root_history(S, rt, from);
    if (rc != CB_OK)
        return rc;
    int played = from ? (int)cb_state_turns(from) : 0;
    cbo_node *x = &rt->x;
    x->sid = rt->sid;
    x->col = rt->col;
    x->crow = rt->crow;
    x->base = S->gbase;
    x->stride = S->gstride;
    x->raw = 1;
    x->row = rt->row;
    x->gid = rt->gid;
    x->d = !S->maxd ? CBO_UNL : S->maxd > played ? S->maxd - played : 0;
    x->cg = CB_NONE;
    x->sig = rt->sig;
    x->bmax = S->nvals;
    return CB_OK;
}

/* Add x's strategy under tree node `parent` by feedback fb (parent CB_NONE: the root), opening with `first`. */
int cbo_build_tree(cbo_solver *S, const cbo_node *x, cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t first)
{
    cbo_tls *T = cbo_me(S);
    uint32_t g = first;
    if (g == CB_NONE) {
        int64_t v = cbo_solve(S, x, CBO_INF, &g, -1);
        if (cbo_stopped(S))
            return CB_ECANCELED;
        if (g == CB_NONE || v >= CBO_INF)
            return CB_EINVAL;
    }
    uint32_t id;
    int rc = parent == CB_NONE ? cb_tree_set_root(tree, g, &id) : cb_tree_add_child(tree, parent, fb, g, &id);
    if (rc != CB_OK)
        return rc;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *vec = cbo_alloc(S, T, (size_t)x->n * (size_t)S->lw);
    cbo_kids ks;
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
    /* opt.exact_top N > 1: the N least exact totals so far (least first), and the budget they give */
    int64_t *tops, rank_budget;
    int ntop, want;
} root_best;

static int64_t load64(const int64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

/*
 * The budget of the next opener: the fixed cutoff, else the best total
 * known, or, ranking N openers exactly, one above the N-th least total.
 */
static int64_t root_budget(const root_best *rb)
{
    if (rb->cutoff)
        return rb->cutoff;
    return rb->want > 1 ? load64(&rb->rank_budget) : load64(&rb->best);
}

/* Inside cb_optimal_root: keep total among the N least exact totals; the budget follows the N-th. */
static void rank_keep(root_best *rb, int64_t total)
{
    int i = rb->ntop < rb->want ? rb->ntop++ : rb->want - 1;
    if (i == rb->want - 1 && rb->ntop == rb->want && total >= rb->tops[i])
        return;
    for (; i > 0 && rb->tops[i - 1] > total; i--)
        rb->tops[i] = rb->tops[i - 1];
    rb->tops[i] = total;
    if (rb->ntop == rb->want)
        __atomic_store_n(&rb->rank_budget, cbo_sat(rb->tops[rb->want - 1] + 1), __ATOMIC_RELEASE);
}

/* Inside cb_optimal_root: op is settled; keep the best and tell the caller. Returns whether op is the new best. */
static int settle(cbo_solver *S, cbo_search_run *R, root_best *rb, cb_optimal_opener *op, int report)
{
    int better = 0;
    if (op->exact && rb->want > 1)
        rank_keep(rb, (int64_t)op->bound);
    if (op->exact) {
        if ((int64_t)op->bound < rb->best) {
            better = 1;
            __atomic_store_n(&rb->best, (int64_t)op->bound, __ATOMIC_RELEASE);
            R->best = op->guess;
            R->bestv = (int64_t)op->bound;
            __atomic_store_n(&S->best_root, op->bound, __ATOMIC_RELAXED);
        }
    } else {
        int64_t b = op->bound == UINT64_MAX ? CBO_INF : (int64_t)op->bound;
        __atomic_store_n(&rb->bound, cbo_min64(rb->bound, b), __ATOMIC_RELEASE);
    }
    __atomic_add_fetch(&S->settled, 1, __ATOMIC_RELAXED);
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
static void tell_best(cbo_solver *S, cbo_search_run *R, const root_best *rb, uint32_t g, int64_t total)
{
    cb_tree *tree;
    if (!S->opt.on_best || cb_tree_new(S->game, &tree) != CB_OK)
        return;
    cb_tree_stats st;
    cb_error e;
    if (cbo_build_tree(S, &R->rt.x, tree, CB_NONE, 0, g) == CB_OK &&
        cbd_tree_verify(tree, S->table, S->opt.from,
                        S->hard ? (cb_hard)cb_game_rule_info(S->game)->hard_mode : CB_HARD_NONE, S->maxd, &st,
                        &e) == CB_OK &&
        (int64_t)st.total == total) {
#pragma omp critical(cb_optimal_best)
        if (load64(&rb->best) == total && total < S->told) {
            S->told = total;
            S->opt.on_best(tree, &st, S->opt.on_best_arg);
        }
    }
    cb_tree_free(tree);
}

static int cmp_child(const void *a, const void *b)
{
    const cb_optimal_child *x = a, *y = b;
    return (x->feedback > y->feedback) - (x->feedback < y->feedback);
}

/*
 * Opener op, settled exactly at x: a best guess and the least total after
 * each feedback, read back through the cache as cbo_build_tree reads them
 * (its parts were solved exactly below their budgets), handed to
 * opt.on_children. 0 when a stop (or a lack of memory) came first: the
 * opener is then left unsettled, for a resumed run to search again.
 */
static int tell_children(cbo_solver *S, const cbo_node *x, const cb_optimal_opener *op)
{
    cbo_tls *T = cbo_me(S);
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *vec = cbo_alloc(S, T, (size_t)x->n * (size_t)S->lw);
    cb_optimal_child *ch = NULL;
    cbo_kids ks;
    int ok = 0;
    if (vec) {
        cbo_fill(S, x, op->guess, vec);
        if (cbo_split(S, x, NULL, vec, op->guess, cbo_child_group(S, x, op->guess), &ks) == CB_OK &&
            (ch = cbo_alloc(S, T, ((size_t)ks.count + 1) * sizeof *ch)) != NULL) {
            int64_t sum = ks.wc;
            ok = 1;
            for (uint32_t i = 0; i < ks.count && ok; i++) {
                uint32_t g = CB_NONE;
                int64_t v = cbo_solve(S, &ks.c[i], CBO_INF, &g, -1);
                ok = !cbo_stopped(S) && g != CB_NONE && v < CBO_INF;
                ch[i] = (cb_optimal_child){ks.c[i].cfb, g, (uint64_t)v};
                sum = cbo_sat(sum + v);
            }
            ok = ok && sum == (int64_t)op->bound; /* what proving the opener found, read back */
        }
    }
    if (ok) {
        qsort(ch, ks.count, sizeof *ch, cmp_child);
#pragma omp critical(cb_optimal_root)
        S->opt.on_children(op, ch, ks.count, S->opt.on_children_arg);
    }
    cbo_arena_reset(&T->arena, mk);
    return ok || !cbo_stopped(S);
}

/*
 * Search opener kk (the i-th) of the root with the best total known as
 * budget. Its parts run as tasks when no budget can cut it short: without a
 * budget, or for `sure`, an opener whose total is known to be below it.
 */
static void opener(cbo_solver *S, cbo_search_run *R, const cbo_node *x, const cbo_kept *sc, uint32_t kk, uint32_t i,
                   cb_optimal_opener *op, root_best *rb, int sure)
{
    int64_t b2 = root_budget(rb);
    cbo_check_clock(S);
    if (cbo_stopped(S))
        return;
    if (sc->lb[kk] >= b2 && S->opt.first == CB_NONE) {
        op->bound = sc->lb[kk] >= CBO_INF ? UINT64_MAX : (uint64_t)sc->lb[kk];
#pragma omp critical(cb_optimal_root)
        (void)settle(S, R, rb, op, 1);
        return;
    }
    __atomic_store_n(&S->cur_opener, op->guess, __ATOMIC_RELAXED);
    __atomic_store_n(&S->cur_index, (size_t)i, __ATOMIC_RELAXED);
    int64_t t = cbo_eval_guess(S, x, sc, kk, b2, S->nthreads > 1 && (sure || cbo_unbounded(b2)));
    op->bound = t >= CBO_INF ? UINT64_MAX : (uint64_t)t;
    /* a total below the budget is exact unless the search stopped; a bound at or above it is proved either way */
    if (t < b2 && cbo_stopped(S))
        return;
    op->exact = t < b2;
    if (op->exact && S->opt.on_children && !S->depth_only && S->top == 0 && !tell_children(S, x, op))
        return; /* stopped: searched again, with its children, by a resumed run */
    int better;
#pragma omp critical(cb_optimal_root)
    better = settle(S, R, rb, op, 1);
    if (better && S->opt.first == CB_NONE && !S->opt.claim)
        tell_best(S, R, rb, op->guess, t);
}

/* The game index whose class stands for g (g itself without symmetry). */
static uint64_t opener_class(const cbo_solver *S, uint32_t g)
{
    return S->sym ? cbo_sym_canon(S->root_grp, cb_game_code(S->game, g)) : g;
}

/* Keep only the openers asked for (opt.openers, then the slice); returns the new count. */
static uint32_t select_openers(cbo_solver *S, const cbo_kept *sc, uint32_t *order, uint32_t cnt)
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
static int known_exact(const cbo_solver *S)
{
    for (size_t j = 0; j < S->opt.nknown; j++)
        if (S->opt.known[j].exact)
            return 1;
    return 0;
}

const cb_optimal_opener *cbo_known_opener(const cbo_solver *S, uint32_t g)
{
    for (size_t j = 0; j < S->opt.nknown; j++)
        if (S->opt.known[j].guess == g)
            return &S->opt.known[j];
    return NULL;
}

/*
 * NULL when what an earlier run says of an opener (k) can hold, the
 * opener's scan bounding its total at lb under depth d; else why not.
 */
static const char *known_contradicts(const cb_optimal_opener *k, int64_t lb, int d)
{
    if (k->bound == UINT64_MAX && !k->exact)
        return d == CBO_UNL ? "no opener is impossible without a limit on guesses" : NULL;
    if (k->exact && (int64_t)k->bound < lb)
        return lb >= CBO_INF ? "the opener cannot solve every secret within the limit"
                             : "a total below the opener's lower bound";
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
static void prelude_task(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t kk, int64_t *out)
{
    if (!cbo_stopped(S))
        *out = cbo_eval_guess(S, x, sc, kk, CBO_INF, 0);
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
static int prelude(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t *order, uint32_t cnt, int64_t *upper)
{
    cbo_tls *T = cbo_me(S);
    uint32_t h = cnt < CB_PRELUDE_OPENERS ? cnt : CB_PRELUDE_OPENERS;
    *upper = CBO_INF;
    if (h < 2)
        return CB_OK;
    int64_t *tot = cbo_alloc(S, T, (size_t)sc->k * sizeof *tot); /* by opener kk: h of them set */
    if (!tot)
        return CB_ENOMEM;
    cbo_cache *main_cache = S->cache;
    S->cache = S->cache_prelude; /* a workspace's, cleared, or none */
    S->cache_prelude = NULL;
    if (cbo_new_cache(S) != CB_OK) {
        S->cache_prelude = S->cache;
        S->cache = main_cache;
        return CB_ENOMEM;
    }
    S->top = CB_PRELUDE_TOP;
    S->phase = 3;
    for (uint32_t i = 0; i < h; i++) {
        uint32_t kk = order[i];
        int64_t *out = &tot[kk];
        *out = CBO_INF;
#pragma omp task firstprivate(out, kk) if (S->nthreads > 1)
        prelude_task(S, x, sc, kk, out);
    }
#pragma omp taskwait
    S->top = 0;
    S->phase = 0;
    cbo_cache_recycle(S->cache, S->opt.workspace ? CB_WORKSPACE_KEEP : 0); /* its entries are the prelude's */
    S->cache_prelude = S->cache;
    S->cache = main_cache;
    if (cbo_stopped(S))
        return CB_OK;
    cbo_sort_idx(order, h, cmp_total, tot); /* least total first, ties in the solver's order (a stable sort) */
    *upper = tot[order[0]];
    return CB_OK;
}

/* The root with opt.first alone: no scan, the children take every guess (CB_EILLEGAL: not allowed there). */
static int scan_first(cbo_solver *S, cbo_search_run *R, const cbo_node *x, cbo_kept *sc, uint32_t **order,
                      uint32_t *cnt)
{
    cbo_tls *T = cbo_me(S);
    memset(sc, 0, sizeof *sc);
    sc->k = x->m;
    sc->gid = (uint32_t *)x->gid;
    sc->srow = (uint32_t *)x->row;
    sc->early = CB_NONE;
    *order = cbo_alloc(S, T, sizeof **order);
    sc->lb = cbo_alloc(S, T, ((size_t)sc->k + 1) * sizeof *sc->lb);
    if (!*order || !sc->lb)
        return CB_ENOMEM;
    (*order)[0] = CB_NONE;
    for (uint32_t kk = 0; kk < sc->k; kk++) {
        sc->lb[kk] = 0;
        if (sc->gid[kk] == S->opt.first)
            (*order)[0] = kk;
    }
    if ((*order)[0] == CB_NONE || (S->cands && S->game->guess_secret[S->opt.first] == CB_NONE))
        return CB_EILLEGAL; /* hard mode or candidates only forbid it here */
    *cnt = 1;
    R->lower = cbo_node_lb(S, x);
    R->opener_count = 1;
    return CB_OK;
}

/* Every guess of the root in the solver's order, one per orbit, those asked for (opt.openers, the slice, top). */
static int scan_all(cbo_solver *S, cbo_search_run *R, const cbo_node *x, cbo_kept *sc, uint32_t **order, uint32_t *cnt,
                    int all)
{
    cbo_tls *T = cbo_me(S);
    int rc = cbo_scan(S, x, -1, sc, 0);
    if (rc != CB_OK)
        return rc;
    *order = cbo_alloc(S, T, ((size_t)sc->k + 1) * sizeof **order);
    if (!*order)
        return CB_ENOMEM;
    uint32_t top = (uint32_t)S->top;
    S->top = 0; /* count every orbit; --top applies below */
    int64_t skipped = CBO_INF;
    *cnt = cbo_order_guesses(S, x, sc, CBO_INF + 1, *order, &skipped); /* every orbit, even those that cannot finish */
    S->top = (int)top;
    R->opener_count = *cnt;
    if (all)
        *cnt = select_openers(S, sc, *order, *cnt);
    R->lower = CBO_INF;
    for (uint32_t i = 0; i < *cnt; i++)
        R->lower = cbo_min64(R->lower, sc->lb[(*order)[i]]);
    if (S->top > 0 && *cnt > top)
        *cnt = top;
    R->lower = cbo_max64(R->lower, cbo_node_lb(S, x));
    return CB_OK;
}

/*
 * The openers an earlier run settled (opt.known), checked where it is
 * cheap: a result that cannot hold is CB_EINVAL (R->bad says which and
 * why); a total is settled now; a bound waits for the final budget
 * (recheck_known), except under a shared queue, whose leader checks them.
 */
static int take_known(cbo_solver *S, cbo_search_run *R, const cbo_node *x, const cbo_kept *sc, const uint32_t *order,
                      uint32_t cnt, int all, root_best *rb, uint8_t *done)
{
    for (uint32_t i = 0; i < cnt; i++) {
        cb_optimal_opener *op = &R->openers[i];
        op->guess = sc->gid[order[i]];
        const cb_optimal_opener *k = all && S->top == 0 ? cbo_known_opener(S, op->guess) : NULL;
        if (k && (R->bad_why = known_contradicts(k, sc->lb[order[i]], x->d)) != NULL) {
            R->bad = k;
            return CB_EINVAL;
        }
        if (!k)
            continue;
        *op = *k;
        if (!op->exact && op->bound < (uint64_t)sc->lb[order[i]]) /* the scan proves more */
            op->bound = (uint64_t)sc->lb[order[i]];
        done[i] = op->exact || S->opt.claim ? 1 : 2;
        if (done[i] == 1)
            (void)settle(S, R, rb, op, 0);
    }
    return CB_OK;
}

/*
 * The bounds of an earlier run (done 2): proofs only at or above the final
 * budget (a run never settles one below its budget); a lower one (a
 * damaged file) is searched again, and the new result reported.
 */
static void recheck_known(cbo_solver *S, cbo_search_run *R, const cbo_node *x, const cbo_kept *sc,
                          const uint32_t *order, uint32_t cnt, root_best *rb, uint8_t *done)
{
    for (uint32_t i = 0; i < cnt; i++) {
        cb_optimal_opener *op = &R->openers[i];
        if (done[i] != 2)
            continue;
        int64_t b = op->bound == UINT64_MAX ? CBO_INF : (int64_t)op->bound;
        if (cbo_stopped(S) || b >= root_budget(rb)) {
#pragma omp critical(cb_optimal_root)
            (void)settle(S, R, rb, op, 0);
            continue;
        }
        op->bound = 0;
        opener(S, R, x, sc, order[i], i, op, rb, 0);
        done[i] = 0; /* as if never known, should the search stop within it */
    }
}

/* The openers from a queue shared with other processes (opt.claim), one at a time. */
static void claimed(cbo_solver *S, cbo_search_run *R, const cbo_node *x, const cbo_kept *sc, const uint32_t *order,
                    uint32_t cnt, root_best *rb, uint8_t *done)
{
    size_t i;
    uint64_t elsewhere = UINT64_MAX;
    while (!cbo_stopped(S) && (i = S->opt.claim(S->opt.claim_arg, cnt, &elsewhere)) < cnt) {
        if (!rb->cutoff && elsewhere < (uint64_t)rb->best)
            __atomic_store_n(&rb->best, (int64_t)elsewhere, __ATOMIC_RELEASE);
        if (!done[i])
            opener(S, R, x, sc, order[i], (uint32_t)i, &R->openers[i], rb, 0);
        done[i] = 1;
    }
}

/*
 * The first opener searched alone (its parts in parallel), so that the
 * budget of the others does not depend on timing; then the others as
 * tasks, each with the best total known when it starts.
 */
static void search_openers(cbo_solver *S, cbo_search_run *R, const cbo_node *x, cbo_kept *sc, const uint32_t *order,
                           uint32_t cnt, root_best *rb, const uint8_t *done, int64_t beta, int lead_sure)
{
    int tasks = 0, lead = 1;
    for (uint32_t i = 0; i < cnt; i++) {
        if (done[i])
            continue;
        if (S->nthreads > 1 && !lead && root_budget(rb) < beta && !cbo_stopped(S)) {
            cb_optimal_opener *op = &R->openers[i];
            uint32_t kk = order[i];
            tasks = 1;
#pragma omp task firstprivate(op, kk, i) shared(rb, sc)
            opener(S, R, x, sc, kk, i, op, rb, 0);
        } else
            opener(S, R, x, sc, order[i], i, &R->openers[i], rb, lead && i == 0 && lead_sure);
        lead = 0;
    }
    if (tasks) {
#pragma omp taskwait
    }
}

/*
 * The position's optimum given by the caller (cb_optimal_options.book_guess, book_total: the turn-two book's):
 * the rank in order of its guess, *total its total; cnt when there is none or it does not apply.
 */
static uint32_t book_opener(cbo_solver *S, const cbo_kept *sc, const uint32_t *order, uint32_t cnt, int64_t *total)
{
    const cb_optimal_options *o = &S->opt;
    uint32_t g = o->book_guess;
    if (g == CB_NONE || g >= S->game->nguess || o->book_total >= (uint64_t)CBO_INF || !o->from ||
        o->objective != CB_OBJECTIVE_TOTAL || S->depth_only || S->cands || S->top || o->cutoff || o->openers ||
        o->slice_step > 1 || o->nknown || o->claim || o->exact_top > 1)
        return cnt;
    for (uint32_t i = 0; i < cnt; i++)
        if (opener_class(S, sc->gid[order[i]]) == opener_class(S, g)) {
            if (sc->lb[order[i]] > (int64_t)o->book_total)
                return cnt; /* the scan bounds it above the book's total: believe neither, search */
            *total = (int64_t)o->book_total;
            return i;
        }
    return cnt; /* dropped by the scan (its row equal to an earlier guess's): search */
}

/*
 * The book's best guess (the first in order) searched alone with the book's total as budget (its parts in
 * parallel). When it proves that total, the book's proof that no guess does better bounds every other opener
 * (at the book's total, or their scan's bound where more), and all are settled; else the book is not believed:
 * the budget is set back to beta and the other openers are searched as without it.
 */
static void book_search(cbo_solver *S, cbo_search_run *R, const cbo_node *x, cbo_kept *sc, const uint32_t *order,
                        uint32_t cnt, root_best *rb, uint8_t *done, int64_t total, int64_t beta)
{
    cb_optimal_opener *lead = &R->openers[0];
    rb->best = cbo_min64(beta, cbo_sat(total + 1));
    opener(S, R, x, sc, order[0], 0, lead, rb, 1);
    done[0] = 1;
    if (cbo_stopped(S) || !lead->exact || (int64_t)lead->bound != total) {
        if (!lead->exact)
            rb->best = beta;
        return;
    }
    for (uint32_t i = 1; i < cnt; i++) {
        cb_optimal_opener *op = &R->openers[i];
        int64_t b = cbo_max64(sc->lb[order[i]], total);
        op->exact = 0;
        op->bound = b >= CBO_INF ? UINT64_MAX : (uint64_t)b;
        (void)settle(S, R, rb, op, 1);
        done[i] = 1;
    }
    R->book = 1;
}

/* What the search proved at the root: openers never settled keep their scan bound; the root's lower bound. */
static void root_lower(cbo_solver *S, cbo_search_run *R, const cbo_kept *sc, const uint32_t *order, uint32_t cnt,
                       const root_best *rb, const uint8_t *done)
{
    int64_t bound = rb->bound;
    if (cbo_stopped(S))
        for (uint32_t i = 0; i < cnt; i++) {
            cb_optimal_opener *op = &R->openers[i];
            if (!done[i] && !op->exact && op->bound == 0)
                op->bound = sc->lb[order[i]] >= CBO_INF ? UINT64_MAX : (uint64_t)sc->lb[order[i]];
            if (!op->exact)
                bound = cbo_min64(bound, op->bound == UINT64_MAX ? CBO_INF : (int64_t)op->bound);
        }
    /* with --top the searches below the root are restricted: their totals bound nothing */
    if (S->top == 0 && S->opt.first != CB_NONE)
        R->lower = cbo_stopped(S) ? cbo_max64(R->lower, bound) : (R->bestv < CBO_INF ? R->bestv : bound);
    else if (S->top == 0)
        R->lower = cbo_max64(R->lower, cbo_min64(R->bestv, bound));
}

/* Search the openers of the root (or just opt.first) with bound beta. */
int cbo_search_root(cbo_solver *S, cbo_search_run *R, int64_t beta)
{
    cbo_tls *T = cbo_me(S);
    cbo_node *x = &R->rt.x;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    cbo_kept sc;
    uint32_t *order = NULL, cnt = 0;
    int all = S->opt.first == CB_NONE && !S->depth_only;
    R->best = CB_NONE;
    R->bestv = CBO_INF;
    R->nopen = 0;
    int rc =
        S->opt.first != CB_NONE ? scan_first(S, R, x, &sc, &order, &cnt) : scan_all(S, R, x, &sc, &order, &cnt, all);
    if (rc == CB_ECANCELED && cbo_stopped(S)) { /* stopped in the root's scan: what is proved is the root's bound */
        cbo_arena_reset(&T->arena, mk);
        R->root_stopped = 1;
        R->lower = cbo_node_lb(S, x);
        return (R->openers = calloc(1, sizeof *R->openers)) ? CB_OK : CB_ENOMEM;
    }
    if (rc != CB_OK)
        return rc;
    R->openers = calloc(cnt ? cnt : 1, sizeof *R->openers);
    uint8_t *done = cbo_alloc(S, T, (size_t)cnt + 1);
    root_best rb = {beta, CBO_INF, 0, NULL, beta, 0, all && S->top == 0 ? S->opt.exact_top : 0};
    if (rb.want > 1 && !(rb.tops = cbo_alloc(S, T, (size_t)rb.want * sizeof *rb.tops)))
        return CB_ENOMEM;
    for (int i = 0; rb.tops && i < rb.want; i++) /* none yet: rank_keep compares with the N-th from the first */
        rb.tops[i] = CBO_INF;
    if (!R->openers || !done)
        return CB_ENOMEM;
    memset(done, 0, (size_t)cnt + 1);
    S->opener_count = cnt;
    __atomic_store_n(&S->settled, 0, __ATOMIC_RELAXED);
    if (all && S->opt.cutoff > 0 && S->top == 0)
        rb.cutoff = S->opt.cutoff < (uint64_t)CBO_INF ? (int64_t)S->opt.cutoff : CBO_INF;
    int64_t upper = CBO_INF, booked = CBO_INF; /* the least total of the prelude, the lead's; the book's */
    uint32_t bi = all ? book_opener(S, &sc, order, cnt, &booked) : cnt;
    for (; bi > 0 && bi < cnt; bi--) { /* the book's best guess first */
        uint32_t t = order[bi];
        order[bi] = order[bi - 1];
        order[bi - 1] = t;
    }
    if (bi == cnt && all && !rb.cutoff && rb.want <= 1 && S->top == 0 && !S->opt.claim && !known_exact(S)) {
        if ((rc = prelude(S, x, &sc, order, cnt, &upper)) != CB_OK)
            return rc;
        if (upper < rb.best)
            rb.best = upper + 1;
    }
    R->nopen = cnt;
    if ((rc = take_known(S, R, x, &sc, order, cnt, all, &rb, done)) != CB_OK)
        return rc;
    if (booked < CBO_INF)
        book_search(S, R, x, &sc, order, cnt, &rb, done, booked, beta);
    if (all && S->opt.claim && S->top == 0)
        claimed(S, R, x, &sc, order, cnt, &rb, done);
    else
        search_openers(S, R, x, &sc, order, cnt, &rb, done, beta, upper < CBO_INF);
    recheck_known(S, R, x, &sc, order, cnt, &rb, done);
    root_lower(S, R, &sc, order, cnt, &rb, done);
    cbo_arena_reset(&T->arena, mk);
    return CB_OK;
}

/* Objective worst: the least limit on guesses under which every secret is solved (0: none). */
static int least_depth(cbo_solver *S, cbo_search_run *R, int *depth)
{
    int hi = S->maxd ? S->maxd : CB_TREE_MAX_DEPTH;
    S->depth_only = 1;
    S->phase = 1;
    *depth = 0;
    for (int d = 1; d <= hi && !cbo_stopped(S); d++) {
        S->maxd = d;
        S->phase_depth = d;
        R->rt.x.d = d;
        free(R->openers);
        R->openers = NULL;
        int rc = cbo_search_root(S, R, 1);
        if (rc != CB_OK)
            return rc;
        if (!cbo_stopped(S) && R->bestv == 0) {
            *depth = d;
            break;
        }
    }
    S->depth_only = 0;
    S->phase = 0;
    R->best = CB_NONE; /* the strategy of the total search comes next */
    R->bestv = CBO_INF;
    return CB_OK;
}

int cbo_run_search(cbo_solver *S, cbo_search_run *R, cb_optimal_result *res)
{
    if (S->opt.objective == CB_OBJECTIVE_WORST) {
        int d, rc;
        if ((rc = least_depth(S, R, &d)) != CB_OK)
            return rc;
        if (cbo_stopped(S)) {
            S->maxd = S->limit;
            R->rt.x.d = S->maxd ? S->maxd : CBO_UNL;
            R->lower = CBO_INF; /* nothing proved about the total */
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
    return cbo_search_root(S, R, CBO_INF);
}
