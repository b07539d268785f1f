/*
 * symmetry.c: the symmetries of complete dictionaries that the exact solver
 * uses, and the greedy strategies' pool in big games (strategy/pool.c): the
 * group of the root, the order of a group, the canonical form of a code
 * under it, whether a code is the least of its orbit, and the stabilizer of
 * a guess (the symmetries left after playing it).
 */
#include <stdlib.h>
#include <string.h>

#include "game/rule_internal.h"
#include "game/game_internal.h"
#include "solver/symmetry_internal.h"

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

/* The colours g leaves free (no element fixes them), in order, into unused. */
static void free_colours(const cbo_sym_group *g, uint8_t *unused)
{
    int nu = 0;
    for (int c = 0; c < g->k; c++)
        if (!(g->used >> c & 1))
            unused[nu++] = (uint8_t)c;
}

/*
 * The image under el of position j of code, position by position from 0:
 * a used colour through el->col, a free one renamed to the next free colour
 * at its first appearance (relabel: k entries 0xff before position 0).
 */
static inline uint8_t image_at(const cbo_sym_group *g, const cbo_sym_el *el, const uint8_t *code, int j,
                               const uint8_t *unused, uint8_t *relabel, int *next)
{
    uint8_t c = code[el->perm[j]];
    if (g->used >> c & 1)
        return el->col[c];
    if (relabel[c] == 0xff)
        relabel[c] = unused[(*next)++];
    return relabel[c];
}

uint64_t cbo_sym_canon(const cbo_sym_group *g, const uint8_t *code)
{
    uint64_t best = UINT64_MAX;
    uint8_t unused[CB_MAX_SYMBOLS];
    free_colours(g, unused);
    for (uint32_t e = 0; e < g->count; e++) {
        uint8_t relabel[CB_MAX_SYMBOLS];
        int next = 0;
        uint64_t v = 0;
        memset(relabel, 0xff, (size_t)g->k);
        for (int j = 0; j < g->n; j++)
            v = v * (uint64_t)g->k + image_at(g, &g->el[e], code, j, unused, relabel, &next);
        if (v < best)
            best = v;
    }
    return best;
}

int cbo_sym_least(const cbo_sym_group *g, const uint8_t *code)
{
    uint8_t unused[CB_MAX_SYMBOLS];
    free_colours(g, unused);
    for (uint32_t e = 0; e < g->count; e++) {
        uint8_t relabel[CB_MAX_SYMBOLS];
        int next = 0;
        memset(relabel, 0xff, (size_t)g->k);
        for (int j = 0; j < g->n; j++) {
            uint8_t img = image_at(g, &g->el[e], code, j, unused, relabel, &next);
            if (img < code[j])
                return 0;
            if (img > code[j])
                break;
        }
    }
    return 1;
}

cbo_sym_group *cbo_sym_root(const cb_game *game)
{
    int n = game->n;
    uint64_t perms = cbg_rule_of(game->rule)->permutable ? factorial_sat(n) : 1;
    if (perms > 40320) /* more than 8 pegs: positions are left alone */
        perms = 1;
    cbo_sym_group *g = calloc(1, sizeof *g);
    if (!g || !(g->el = calloc(perms, sizeof *g->el))) {
        free(g);
        return NULL;
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
    return g;
}

void cbo_sym_free(cbo_sym_group *g)
{
    if (g)
        free(g->el);
    free(g);
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
