/*
 * scanlb.c: a lower bound of a node by looking one guess ahead, the least
 * over its guesses of the bounds of their parts, counted by blocks of
 * guesses through the secret-major table where the parts' sizes settle it.
 */
#include <string.h>

#include "solver/cache_internal.h"
#include "solver/clock_internal.h"
#include "solver/count_internal.h"
#include "solver/node_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/rows_internal.h"
#include "solver/scan_internal.h"
#include "solver/scanlb_internal.h"
#include "solver/run_internal.h"

/*
 * A lower bound of x by looking one guess ahead, and nothing else: the least
 * over every allowed guess of |x| plus the bounds of its parts. It is the
 * scan's lbmin without the local table, the order or the duplicate rows, so
 * it costs reads only. It stops as soon as some guess bounds x at `known` or
 * less (x's own bound: no gain is possible) and then returns `known`.
 */
/*
 * scan_lb through the secret-major table S->tt, for plain secrets whose
 * parts all have the bound 2c - 1: a guess's bound is then 3n - won -
 * parts, and only the number of its parts is needed. Guesses go in blocks;
 * for each secret the block's values are read from one contiguous row and
 * marked in a 256-bit set per guess.
 */

/* What bounding a guess exactly takes (cbo_row_generic): refined() below. */
typedef struct cbo_refine {
    uint8_t *tmp;
    uint32_t *touched;
    const int64_t *lbt;
    int r;
    int64_t wc;
} refine;

/* The exact look-ahead bound of x's guess j (the weak bounds' refinement). */
static int64_t refined(cbo_solver *S, const cbo_node *x, const refine *rf, uint32_t j)
{
    cbo_rowstat st;
    cbo_row_generic(S, x, cbo_guess_row(x, j), rf->tmp, 0, rf->touched, rf->lbt, rf->r, &st);
    return cbo_sat(rf->wc + st.lbsum);
}

/* Always inlined into a version a processor level (below), chosen once a search (S->scanlb). */
static inline __attribute__((always_inline)) int64_t scan_lb_t(cbo_solver *S, const cbo_node *x, int64_t known,
                                                               int64_t target, const cbg_hard_turn *h, const refine *rf,
                                                               uint32_t *weak)
{
    cbo_tls *T = cbo_me(S);
    uint32_t n = x->n, m = x->m, won = S->won;
    uint64_t(*bm)[4] = T->lbbm;
    cbo_lbtab *up = x->up;
    uint32_t gblk[CB_LBSCAN_BLOCK], jblk[CB_LBSCAN_BLOCK];
    uint16_t parts[CB_LBSCAN_BLOCK];
    uint8_t haswon[CB_LBSCAN_BLOCK];
    int64_t best = CBO_INF, lim = target;
    for (uint32_t j = 0; j < m; j++)
        weak[j] = UINT32_MAX;
    int watch = (uint64_t)n * m >= CB_SCAN_WATCH; /* as cbo_scan: a stop keeps `known` */
    for (uint32_t j0 = 0; j0 < m && best > known; j0 += CB_LBSCAN_BLOCK) {
        uint32_t jn = m - j0 < CB_LBSCAN_BLOCK ? m - j0 : CB_LBSCAN_BLOCK;
        if (watch && (j0 / CB_LBSCAN_BLOCK & 15) == 15 && cbo_check_cancel(S))
            return known;
        if (up) {
            /*
             * by parts in the parent, most first: no guess from here on is bounded below the first's 3n - 1 - u.
             * Stop when that is the least bound so far, or when it reaches lim: the target, or, when the weak bounds
             * are bounded again (n > bmax), the least exact bound found (below).
             */
            uint32_t u = up->parts[up->ord[j0]] < n ? up->parts[up->ord[j0]] : n;
            int64_t rest = 3 * (int64_t)n - 1 - (int64_t)u;
            if (rest >= lim || (n <= x->bmax && rest >= best)) {
                best = cbo_min64(best, rest);
                for (uint32_t j = j0; j < m; j++) {
                    uint32_t jj = up->ord[j], uj = up->parts[jj] < n ? up->parts[jj] : n;
                    if (!h || cbo_respects_inline(S, h, x->gid[jj]))
                        weak[jj] = 3 * n - 1 - uj;
                }
                break;
            }
            cbo_tab_fill(S, up, j0 / CB_LBSCAN_BLOCK);
            const uint8_t *blk = up->t + (size_t)(j0 / CB_LBSCAN_BLOCK) * up->n * CB_LBSCAN_BLOCK;
            S->lbcount(blk, x->col, n, jn, S->nvals, won, bm, parts, haswon);
            for (uint32_t b = 0; b < jn; b++) {
                jblk[b] = up->ord[j0 + b];
                gblk[b] = x->gid[jblk[b]];
            }
        } else {
            for (uint32_t b = 0; b < jn; b++) {
                jblk[b] = j0 + b;
                gblk[b] = x->gid[j0 + b];
            }
            for (uint32_t e = 0; e < n; e++) {
                const uint8_t *row = S->tt + (size_t)x->sid[e] * S->game->nguess;
                for (uint32_t b = 0; b < jn; b++) {
                    uint32_t v = row[gblk[b]];
                    bm[b][v >> 6] |= 1ull << (v & 63);
                }
            }
            S->lbsets(bm, jn, won, parts, haswon);
        }
        uint32_t least = CB_NONE;
        for (uint32_t b = 0; b < jn; b++) {
            uint32_t p = parts[b], w = haswon[b];
            if ((p == 1 && !w) || (h && !cbo_respects_inline(S, h, gblk[b])))
                continue;
            weak[jblk[b]] = 3 * n - w - p;
            if (3 * (int64_t)n - w - (int64_t)p < best) {
                best = 3 * (int64_t)n - w - (int64_t)p;
                least = jblk[b];
            }
        }
        if (up && rf && n > x->bmax && least != CB_NONE) {
            /*
             * the weak bounds are refined until the next reaches the least exact bound: a guess whose weak
             * bound is at least the exact bound of the least one counted so far is never refined, so the
             * count stops there too, and the result is the same
             */
            lim = cbo_min64(lim, refined(S, x, rf, least));
        }
    }
    return cbo_max64(best, known);
}

static int64_t scan_lb_scalar(cbo_solver *S, const cbo_node *x, int64_t known, int64_t target, const cbg_hard_turn *h,
                              const refine *rf, uint32_t *weak)
{
    return scan_lb_t(S, x, known, target, h, rf, weak);
}

#if CB_CPU_DISPATCH
CB_TARGET_AVX2 static int64_t scan_lb_avx2(cbo_solver *S, const cbo_node *x, int64_t known, int64_t target,
                                           const cbg_hard_turn *h, const refine *rf, uint32_t *weak)
{
    return scan_lb_t(S, x, known, target, h, rf, weak);
}

#endif

cbo_scanlb_fn *cbo_scanlb_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX2 && CB_TOP_LOOKAHEAD >= 1)
        return scan_lb_avx2;
#endif
    (void)level;
    return scan_lb_scalar;
}

/* The guesses with a weak bound (below UINT32_MAX, at most top), least first, then CB_NONE; NULL without memory. */
static uint32_t *by_weak(cbo_solver *S, cbo_tls *T, const uint32_t *weak, uint32_t m, uint32_t top)
{
    uint32_t *start = cbo_alloc(S, T, ((size_t)top + 2) * sizeof *start),
             *by = cbo_alloc(S, T, ((size_t)m + 1) * sizeof *by);
    if (!start || !by)
        return NULL;
    memset(start, 0, ((size_t)top + 2) * sizeof *start);
    uint32_t cnt = 0;
    for (uint32_t j = 0; j < m; j++)
        if (weak[j] <= top) {
            start[weak[j] + 1]++;
            cnt++;
        }
    for (uint32_t v = 1; v <= top + 1; v++)
        start[v] += start[v - 1];
    for (uint32_t j = 0; j < m; j++)
        if (weak[j] <= top)
            by[start[weak[j]]++] = j;
    by[cnt] = CB_NONE;
    return by;
}

int64_t cbo_scan_lb(cbo_solver *S, const cbo_node *x, int64_t known, int64_t target)
{
    cbo_tls *T = cbo_me(S);
    uint32_t n = x->n, m = x->m;
    int r = cbo_child_d(x->d), lw = S->lw;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint32_t *touched = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *touched);
    cbo_partlb b = {.t = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *b.t)};
    uint8_t *tmp = cbo_alloc(S, T, (size_t)n * (size_t)lw + 16);
    cbo_flyrows fly;
    int64_t best = CBO_INF;
    cbo_count_work(T, n, m);
    if (!touched || !b.t || !tmp || cbo_fly_prepare(S, T, x, &fly) != CB_OK) {
        cbo_arena_reset(&T->arena, mk);
        return known;
    }
    cbg_hard_turn h;
    int filter = cbo_scan_prepare(S, x, r, &b, &h);
    int64_t wc = S->depth_only ? 0 : n;
    uint32_t *weak = S->tt ? cbo_alloc(S, T, (size_t)m * sizeof *weak) : NULL;
    if (weak && !S->pairs && !S->depth_only && (r == CBO_UNL || r >= 2)) {
        /*
         * 3n - won - parts bounds every guess (each part costs 2c - 1 at least);
         * it is the bound itself unless a part may be bigger than bmax. Then the
         * guesses are bounded again exactly, least weak bound first, until the
         * next weak bound reaches the least exact one or the target.
         */
        refine rf = {tmp, touched, b.t, r, wc};
        best = S->scanlb(S, x, known, target, filter ? &h : NULL, &rf, weak);
        uint32_t *by = n > x->bmax && best > known ? by_weak(S, T, weak, m, 3 * n) : NULL;
        if (by) {
            best = CBO_INF;
            uint32_t i = 0;
            for (; by[i] != CB_NONE && (int64_t)weak[by[i]] < cbo_min64(best, target) && best > known; i++) {
                if ((i & 1023) == 1023 && cbo_check_cancel(S)) {
                    best = known;
                    break;
                }
                best = cbo_min64(best, refined(S, x, &rf, by[i]));
            }
            if (by[i] != CB_NONE) /* the guesses left are bounded by their weak bounds, the least first */
                best = cbo_min64(best, weak[by[i]]);
        }
        cbo_arena_reset(&T->arena, mk);
        return cbo_max64(best, known);
    }
    int watch = (uint64_t)n * m * (uint64_t)lw >= CB_SCAN_WATCH; /* as cbo_scan: a stop keeps `known` */
    cbo_rowctx rc = {x->base ? x->col : fly.ident, n, S->won, S->nvals, !x->base, 0, T};
    for (uint32_t j = 0; j < m && best > known; j++) {
        uint32_t g = x->gid[j];
        if (watch && (j & 1023) == 1023) {
            cbo_check_clock(S);
            if (cbo_stopped(S)) {
                best = known;
                break;
            }
        }
        if (filter && !cbo_respects_inline(S, &h, g))
            continue;
        uint32_t srow = cbo_guess_row(x, j);
        cbo_rowstat st;
        if (b.fast) {
            cbo_rowfig f;
            const uint32_t *col;
            const uint8_t *rp = cbo_row_at(S, x, &fly, srow, tmp, &col);
            S->rowk(&rc, rp, tmp, &f);
            if (f.parts == 1 && !f.won)
                continue;
            if (cbo_plain_stats(&b, n, f.parts, f.pairs, f.won, f.maxpart, &st)) {
                best = cbo_min64(best, cbo_sat(wc + st.lbsum));
                continue;
            }
        }
        cbo_row_generic(S, x, srow, tmp, b.fast, touched, b.t, r, &st); /* the fast count left the values in tmp */
        if (st.parts == 1 && !st.won)
            continue;
        best = cbo_min64(best, cbo_sat(wc + st.lbsum));
    }
    cbo_arena_reset(&T->arena, mk);
    return cbo_max64(best, known);
}
