/*
 * bounds.c: the counting lower bounds of the search: the least total a set
 * of entries can need, from how many parts a guess makes and how many
 * guesses are left (docs/optimal.md, "Lower bounds").
 */
#include "solver/bounds_internal.h"
#include "solver/node_internal.h"
#include "solver/run_internal.h"

/*
 * Least total for c entries with r guesses left when a guess makes at most
 * b parts (won included): one entry per node, at most (b-1)^(k-1) nodes at
 * depth k. INF when c entries do not fit in r levels.
 */
static int64_t fill_lb(uint64_t c, uint64_t b, int r)
{
    if (c == 0)
        return 0;
    if (r == CBO_UNL && b <= 2)
        return (int64_t)(c * (c + 1) / 2);
    int64_t t = 0;
    uint64_t slots = 1;
    for (int k = 1; r == CBO_UNL || k <= r; k++) {
        uint64_t take = c < slots ? c : slots;
        t += (int64_t)k * (int64_t)take;
        c -= take;
        if (!c)
            return t;
        if (b <= 1)
            return CBO_INF;
        if (slots < ((uint64_t)1 << 40))
            slots *= b - 1;
    }
    return CBO_INF;
}

/* Lower bound for a part of c entries of w codewords, r guesses left, at most b parts per guess. */
int64_t cbo_part_lb(const cbo_solver *S, uint32_t c, uint32_t w, int r, uint32_t b)
{
    if (r == 0)
        return CBO_INF;
    if (w == 1)
        return S->depth_only ? 0 : (int64_t)c;
    if (S->depth_only)
        return fill_lb(w, b, r) >= CBO_INF ? CBO_INF : 0;
    if (!S->pairs)
        return fill_lb(c, b, r);
    if (r == 1)
        return CBO_INF;
    uint32_t same = c - w + 1 < CB_MAPPINGS ? c - w + 1 : CB_MAPPINGS;
    int64_t a = 2 * (int64_t)c - same, f = fill_lb(w, b, r);
    return f >= CBO_INF ? CBO_INF : cbo_max64(a, f + (int64_t)(c - w));
}

/* Lower bound for node x itself. */
int64_t cbo_node_lb(const cbo_solver *S, const cbo_node *x)
{
    if (!S->pairs || S->depth_only || x->ncw == 1)
        return cbo_part_lb(S, x->n, x->ncw, x->d, x->bmax);
    if (x->d <= 1)
        return CBO_INF;
    int64_t a = 2 * (int64_t)x->n - x->maxsame, f = fill_lb(x->ncw, x->bmax, x->d);
    return f >= CBO_INF ? CBO_INF : cbo_max64(a, f + (int64_t)(x->n - x->ncw));
}
