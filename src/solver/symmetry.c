/*
 * symmetry.c: the symmetries of complete dictionaries that the exact solver
 * uses: the order of a group, the canonical form of a code under it, and the
 * stabilizer of a guess (the symmetries left after playing it).
 */
#include <stdlib.h>
#include <string.h>

#include "solver/solver_internal.h"

static uint64_t factorial_sat(int k)
{
    uint64_t f = 1;
    for (int i = 2; i <= k; i++) {
        if (f > UINT64_MAX / (uint64_t)i)
            return UINT64_MAX;
        f *= (uint64_t)i;
    }
    return f;
}

uint64_t cbo_sym_order(const cbo_sym_group *g)
{
    int unused = g->k - __builtin_popcountll(g->used);
    uint64_t f = factorial_sat(unused);
    if (f == UINT64_MAX || (g->count && f > UINT64_MAX / g->count))
        return UINT64_MAX;
    return f * g->count;
}

int cbo_sym_trivial(const cbo_sym_group *g)
{
    return g->count <= 1 && g->k - __builtin_popcountll(g->used) <= 1;
}

uint64_t cbo_sym_canon(const cbo_sym_group *g, const uint8_t *code)
{
    uint64_t best = UINT64_MAX;
    uint8_t unused[CB_MAX_SYMBOLS];
    int nu = 0;
    for (int c = 0; c < g->k; c++)
        if (!(g->used >> c & 1))
            unused[nu++] = (uint8_t)c;
    for (uint32_t e = 0; e < g->count; e++) {
        const cbo_sym_el *el = &g->el[e];
        uint8_t relabel[CB_MAX_SYMBOLS];
        int next = 0;
        uint64_t v = 0;
        memset(relabel, 0xff, (size_t)g->k);
        for (int j = 0; j < g->n; j++) {
            uint8_t c = code[el->perm[j]], img;
            if (g->used >> c & 1)
                img = el->col[c];
            else {
                if (relabel[c] == 0xff)
                    relabel[c] = unused[next++];
                img = relabel[c];
            }
            v = v * (uint64_t)g->k + img;
        }
        if (v < best)
            best = v;
    }
    return best;
}

void cbo_sym_stabilizer(const cbo_sym_group *g, const uint8_t *code, cbo_sym_group *out)
{
    uint64_t newly = 0;
    for (int j = 0; j < g->n; j++)
        if (!(g->used >> code[j] & 1))
            newly |= 1ull << code[j];
    out->k = g->k;
    out->n = g->n;
    out->used = g->used | newly;
    out->count = 0;
    for (uint32_t e = 0; e < g->count; e++) {
        cbo_sym_el el = g->el[e];
        int ok = 1;
        for (int j = 0; j < g->n && ok; j++) {
            uint8_t a = code[el.perm[j]], b = code[j];
            if (g->used >> a & 1)
                ok = el.col[a] == b;
            else if (g->used >> b & 1)
                ok = 0; /* an unused colour cannot map onto a used one */
            else if (el.col[a] != 0xff)
                ok = el.col[a] == b; /* set by an earlier position */
            else
                el.col[a] = b;
        }
        /* the new part of the colour map must be one-to-one */
        for (int a = 0; a < g->k && ok; a++)
            for (int b = a + 1; b < g->k && ok; b++)
                if ((newly >> a & 1) && (newly >> b & 1) && el.col[a] == el.col[b])
                    ok = 0;
        if (ok)
            out->el[out->count++] = el;
    }
}
