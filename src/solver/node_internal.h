/*
 * node_internal.h: a node of the search (a set of entries and the guesses that may
 * be played there), the tables a node's scan leaves for its parts, and the small
 * helpers of values and bounds that every file of the search uses.
 */
#ifndef CB_SOLVER_NODE_INTERNAL_H
#define CB_SOLVER_NODE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "solver/symmetry_internal.h"
#include "tuning.h"

#define CBO_INF ((int64_t)1 << 60)
#define CBO_UNL 255 /* no limit on the guesses left */

/* A set of entries and the guesses that may be played there (see search.c). */
typedef struct cbo_node {
    uint32_t n;           /* entries */
    const uint32_t *sid;  /* entry ids, increasing: secret, or secret * CB_MAPPINGS + mapping */
    const uint32_t *col;  /* column of each entry in base */
    const uint32_t *crow; /* row in base of each entry's codeword played as a guess, or CB_NONE */
    const uint8_t *base;
    size_t stride;            /* values per row of base */
    int raw;                  /* base is the game's table: Symble values still need a mapping */
    uint32_t m;               /* guesses */
    const uint32_t *row;      /* row in base of each guess; NULL: guess j is row j */
    const uint32_t *gid;      /* game index of each guess */
    int d;                    /* guesses left, or CBO_UNL */
    int level;                /* guesses played since the root */
    uint32_t cg, cfb;         /* hard mode: the turn that led here (cg CB_NONE: none) */
    const uint8_t *sig;       /* hard mode: greens and least letter counts so far, or NULL: psig and the turn */
    const uint8_t *psig;      /* with sig NULL: the parent's (most parts never reach the cache, which needs it) */
    const cbo_sym_group *grp; /* symmetries fixing the history, or NULL */
    uint32_t bmax;            /* no guess makes more parts than this here (won included) */
    struct cbo_lbtab *up;     /* or NULL: the parent's guesses ordered for scan_lb (guess j is the parent's kept j) */
    struct cbo_ltcopy *ltc;   /* or NULL: base secret-major, made when a part first reads it (scan.c) */
    uint32_t ncw;             /* codewords among the entries */
    uint32_t maxsame;         /* most entries of one codeword */
    const struct cbo_node *parent; /* the node it is a part of (NULL: the root): the turns that led here */
} cbo_node;

/*
 * What scan_lb of a node's parts reads (scan.c makes it, scanlb.c reads it): the node's kept guesses
 * by their number of parts there, most first (no guess makes more parts in a
 * part than in the node), and their values, secret-major in blocks of
 * CB_LBSCAN_BLOCK guesses, filled when first read. One thread reads it.
 */
typedef struct cbo_lbtab {
    uint32_t n, k;         /* the node's entries, its kept guesses */
    const uint32_t *sid;   /* the node's entries */
    const uint32_t *gid;   /* the kept guesses */
    const uint16_t *parts; /* parts of each kept guess at the node, won included */
    uint32_t *ord;         /* kept guesses by parts, most first, ties in list order */
    uint8_t *t;            /* block b, entry i: CB_LBSCAN_BLOCK values at (b * n + i) * CB_LBSCAN_BLOCK */
    uint32_t ready;        /* blocks filled */
} cbo_lbtab;

/*
 * A local table's secret-major copy (scan.c): row e of t holds entry e's values of the k rows of lt
 * (n values each), ts bytes a row and 32 bytes of slack. The node's scan makes room for it; the
 * first of its parts that reads it fills it, one thread at a time (`ready` published after).
 */
typedef struct cbo_ltcopy {
    const uint8_t *lt;
    uint8_t *t;
    size_t ts;
    uint32_t n, k;
    int ready;
} cbo_ltcopy;

/* ---- small helpers ---- */

static inline int64_t cbo_sat(int64_t v)
{
    return v >= CBO_INF ? CBO_INF : v;
}
static inline int64_t cbo_max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}
static inline int64_t cbo_min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static inline int cbo_child_d(int d)
{
    return d == CBO_UNL ? CBO_UNL : d - 1;
}

/*
 * A budget that cannot cut anything short (CBO_INF less some bounds). Only then
 * are the parts of an opener solved in parallel: under a real budget the
 * one-by-one order, small parts first, usually cuts the guess off early,
 * and concurrent work would run with budgets already stale.
 */
static inline int cbo_unbounded(int64_t beta)
{
    return beta > CBO_INF / 2;
}

static inline __attribute__((always_inline)) uint32_t cbo_get(const uint8_t *p, size_t i, int w)
{
    return w == 1 ? p[i] : ((const uint16_t *)(const void *)p)[i];
}

static inline __attribute__((always_inline)) void cbo_put(uint8_t *p, size_t i, uint32_t v, int w)
{
    if (w == 1)
        p[i] = (uint8_t)v;
    else
        ((uint16_t *)(void *)p)[i] = (uint16_t)v;
}

static inline uint32_t cbo_guess_row(const cbo_node *x, uint32_t j)
{
    return x->row ? x->row[j] : j;
}

#endif
