/*
 * count.c: how a guess splits a node, counted: the check of the candidates
 * (whether one splits a node into trivial parts), the generic count of a row
 * and the bounds of a node's parts by their size.
 */
#include <string.h>

#include "codebreaker/feedback.h"
#include "solver/bounds_internal.h"
#include "solver/cache_internal.h"
#include "solver/count_internal.h"
#include "solver/node_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/rows_internal.h"
#include "solver/run_internal.h"

/*
 * The row kernel for a candidate, where only parts of at most lim entries (1 or
 * 2) matter: 0 at the first value met lim + 1 times (most candidates of a
 * big node meet one within a few dozen entries), else 1 with the parts,
 * pairs and win.
 */
static inline int row_cand1(const cbo_solver *S, const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won,
                            uint8_t *out, cbo_tls *T, uint32_t lim, uint32_t *parts, uint32_t *pairs, uint32_t *w)
{
    if (n <= 16) {
        cbo_rowfig f;
        cbo_rowctx rc = {col, n, won, S->nvals, 0, 0, T};
        S->rowk(&rc, rp, out, &f);
        *parts = f.parts;
        *pairs = f.pairs;
        *w = f.won;
        return f.maxpart <= lim;
    }
    uint32_t *cnt = T->cnt, e = 0, ok = 1;
    while (e < n) {
        uint32_t k = rp[col[e]];
        out[e++] = (uint8_t)k;
        if (++cnt[k] > lim) {
            ok = 0;
            break;
        }
    }
    uint32_t p = 0, pr = 0;
    *w = cnt[won];
    for (uint32_t f = 0; f < e; f++) { /* as the counters' second pass (rowkern.c), clearing them */
        uint32_t c = cnt[out[f]];
        p += c != 0;
        pr += c * (c - 1) / 2;
        cnt[out[f]] = 0;
    }
    *parts = p;
    *pairs = pr;
    return ok;
}

/*
 * Symble's pairs: count entry e (value k in v) towards the codewords of its
 * part, once per codeword. The entries of a codeword are adjacent, so the
 * codeword of the entry before (*last_cw) tells a new one; a codeword seen
 * already counts only in a part it has not reached by an earlier mapping.
 */
static inline void count_codeword(const cbo_node *x, const uint8_t *v, int lw, uint32_t e, uint32_t k,
                                  uint32_t *last_cw, uint32_t *cw)
{
    uint32_t c = x->sid[e] / CB_MAPPINGS;
    if (c != *last_cw) {
        *last_cw = c;
        cw[k]++;
        return;
    }
    for (uint32_t f = e; f-- > 0 && x->sid[f] / CB_MAPPINGS == c;)
        if (cbo_get(v, f, lw) == k)
            return;
    cw[k]++;
}

/*
 * A candidate whose parts are all trivial (single entries, pairs, single
 * codewords) at the least possible cost: CBO_Q_DONE with *val and *best. Else
 * CBO_Q_OPEN, having raised *lb when no candidate splits into single entries.
 */
int cbo_candidates(cbo_solver *S, const cbo_node *x, int64_t *lb, int64_t *val, uint32_t *best)
{
    cbo_tls *T = cbo_me(S);
    int r = x->d;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *v = cbo_alloc(S, T, (size_t)x->n * (size_t)S->lw + 16);
    uint32_t *touched = cbo_alloc(S, T, ((size_t)x->n + 1) * sizeof *touched);
    cbo_flyrows fly;
    int64_t mincand = CBO_INF;
    uint32_t mincand_g = CB_NONE;
    int64_t wc = S->depth_only ? 0 : x->n;
    if (!v || !touched || cbo_fly_prepare(S, T, x, &fly) != CB_OK) {
        cbo_arena_reset(&T->arena, mk);
        return CBO_Q_OPEN;
    }
    uint32_t *cnt = T->cnt, *cw = T->cnt2;
    /* parts of one entry cost 1, of two 3 when two guesses are left after this one; others are not trivial */
    int fast = !S->pairs && !S->depth_only && S->lw == 1 && (r == CBO_UNL || r >= 2);
    uint32_t lim = r == CBO_UNL || r >= 3 ? 2 : 1;
    for (uint32_t i = 0; i < x->n; i++) {
        if (x->crow[i] == CB_NONE || (i > 0 && S->pairs && x->sid[i] / CB_MAPPINGS == x->sid[i - 1] / CB_MAPPINGS))
            continue;
        if (fast) { /* parts of one or two entries, each at its least cost */
            uint32_t parts, pairs, won;
            const uint32_t *col;
            const uint8_t *rp = cbo_row_at(S, x, &fly, x->crow[i], v, &col); /* on the fly: v, read in place */
            if (row_cand1(S, rp, col, x->n, S->won, v, T, lim, &parts, &pairs, &won)) {
                int64_t cost = wc + (int64_t)(parts - won) + 2 * (int64_t)pairs;
                if (cost < mincand) {
                    mincand = cost;
                    mincand_g = x->crow[i];
                    if (cost <= *lb)
                        break;
                }
            }
            continue;
        }
        cbo_fill(S, x, x->crow[i], v);
        uint32_t parts = 0, last_cw = CB_NONE;
        for (uint32_t e = 0; e < x->n; e++) {
            uint32_t k = cbo_get(v, e, S->lw);
            if (cnt[k]++ == 0)
                touched[parts++] = k;
            if (S->pairs)
                count_codeword(x, v, S->lw, e, k, &last_cw, cw);
        }
        int64_t cost = wc;
        int trivial = 1;
        for (uint32_t p = 0; p < parts; p++) {
            uint32_t k = touched[p], c = cnt[k], w = S->pairs ? cw[k] : c;
            cnt[k] = 0;
            if (S->pairs)
                cw[k] = 0;
            if (k == S->won)
                continue;
            if (w == 1)
                cost += S->depth_only ? 0 : c;
            else if (!S->pairs && c == 2 && cbo_child_d(r) >= 2)
                cost += S->depth_only ? 0 : 3;
            else
                trivial = 0;
        }
        if (trivial && cost < mincand) {
            mincand = cost;
            mincand_g = x->crow[i];
            if (cost <= *lb)
                break;
        }
    }
    cbo_arena_reset(&T->arena, mk);
    if (!S->pairs && !S->depth_only && mincand > 2 * (int64_t)x->n - 1)
        *lb = cbo_max64(*lb, 2 * (int64_t)x->n); /* every guess leaves a part of two or more, or wins nothing */
    if (mincand <= *lb) {
        /* mincand_g is a row of x's base; find its game index */
        for (uint32_t i = 0; i < x->n; i++)
            if (x->crow[i] == mincand_g) {
                *best = cb_game_secret_guess(S->game, x->sid[i] / (S->pairs ? CB_MAPPINGS : 1));
                break;
            }
        *val = mincand;
        return CBO_Q_DONE;
    }
    return CBO_Q_OPEN;
}

void cbo_row_generic(cbo_solver *S, const cbo_node *x, uint32_t srow, uint8_t *v, int filled, uint32_t *touched,
                     const int64_t *lbt, int r, cbo_rowstat *st)
{
    cbo_tls *T = cbo_me(S);
    uint32_t n = x->n, *cnt = T->cnt, *cw = T->cnt2;
    int lw = S->lw;
    uint32_t parts = 0, last_cw = CB_NONE;
    int fused = !filled && !S->pairs && lw == 1 && x->base;
    if (fused) { /* values and counts in one pass */
        const uint8_t *rp = x->base + (size_t)srow * x->stride;
        const uint32_t *col = x->col;
        for (uint32_t e = 0; e < n; e++) {
            uint32_t k = rp[col[e]];
            v[e] = (uint8_t)k;
            if (cnt[k]++ == 0)
                touched[parts++] = k;
        }
    } else if (!filled)
        cbo_fill(S, x, srow, v);
    for (uint32_t e = 0; e < n && !fused; e++) {
        uint32_t k = cbo_get(v, e, lw);
        if (cnt[k]++ == 0)
            touched[parts++] = k;
        if (S->pairs)
            count_codeword(x, v, lw, e, k, &last_cw, cw);
    }
    st->parts = parts;
    st->won = cnt[S->won];
    st->sq = st->maxpart = 0;
    st->lbsum = 0;
    st->triv = 1;
    for (uint32_t p = 0; p < parts; p++) {
        uint32_t k = touched[p], c = cnt[k];
        cnt[k] = 0;
        st->sq += (uint64_t)c * c;
        if (c > st->maxpart)
            st->maxpart = c;
        if (k == S->won) {
            cw[k] = 0;
            continue;
        }
        if (S->pairs) {
            uint32_t w = cw[k];
            cw[k] = 0;
            st->lbsum = cbo_sat(st->lbsum + cbo_part_lb(S, c, w, r, x->bmax));
            if (w > 1)
                st->triv = 0;
        } else {
            st->lbsum = cbo_sat(st->lbsum + lbt[c]);
            if (c > 2)
                st->triv = 0;
        }
    }
}

int cbo_scan_prepare(const cbo_solver *S, const cbo_node *x, int r, cbo_partlb *b, cbg_hard_turn *h)
{
    b->lin = 0;
    b->inf = x->n + 1;
    b->zero = S->depth_only;
    if (!S->pairs)
        for (uint32_t c = 1; c <= x->n; c++) {
            b->t[c] = cbo_part_lb(S, c, c, r, x->bmax);
            if (b->lin == c - 1 && b->t[c] == 2 * (int64_t)c - 1)
                b->lin = c;
            if (b->inf > x->n && b->t[c] >= CBO_INF)
                b->inf = c;
            if (b->inf > x->n && b->t[c] != 0)
                b->zero = 0;
        }
    b->fast = !S->pairs && S->lw == 1 && (r == CBO_UNL || r >= 1);
    int filter = S->hard && x->cg != CB_NONE;
    if (filter)
        cbg_hard_turn_make(S->game, x->cg, x->cfb, h);
    return filter;
}
