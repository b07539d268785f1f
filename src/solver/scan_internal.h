/*
 * scan_internal.h: the scan of every guess of a node (scan.c): what it keeps, and
 * the first look at a small node.
 */
#ifndef CB_SOLVER_SCAN_INTERNAL_H
#define CB_SOLVER_SCAN_INTERNAL_H

#include <stdint.h>

#include "solver/run_internal.h"

/* What the scan of a node keeps: the guesses worth playing there. */
typedef struct cbo_kept {
    uint32_t k;             /* guesses kept */
    uint32_t *gid, *srow;   /* game index and row in the node's base */
    int64_t *lb;            /* lower bound of the total when playing it (exact when tx) */
    uint64_t *key;          /* greedy order, least first */
    uint8_t *tx;            /* every part is trivial: lb is the exact total */
    uint8_t *lt;            /* local table: k rows of n values, or NULL */
    struct cbo_ltcopy *ltc; /* or NULL: lt secret-major, for the parts' scans (scan.c) */
    uint32_t *kc;           /* with lt: row of each entry's codeword, or CB_NONE */
    int64_t lbmin;
    uint32_t bmax;
    uint32_t early; /* a kept guess proved optimal during the scan, or CB_NONE */
    cbo_lbtab *tab; /* or NULL: for the parts' scan_lb (with a local table, below the root, under a budget) */
} cbo_kept;

/*
 * Look at every guess of x: drop those that split nothing, or (with a local
 * table) split exactly like an earlier one; bound the rest. Stops early when
 * a guess whose parts are all trivial meets `target`, a lower bound of x.
 * counted: cbo_scan_first counted the scan's work. Allocates in the thread's
 * arena; CB_ENOMEM.
 */
int cbo_scan(cbo_solver *S, const cbo_node *x, int64_t target, cbo_kept *sc, int counted);
/*
 * What cbo_scan_first tells: x is settled (its total *val, exact, with guess *gid), bounded at
 * *val >= beta, or open: not looked at, or looked at and its work counted (cbo_scan's `counted`).
 */
enum { CBO_SCAN_OPEN, CBO_SCAN_LOOKED, CBO_SCAN_SOLVED, CBO_SCAN_BOUND };
/*
 * A first look at a small node, the figures of each guess only (no row kept, no duplicates dropped):
 * what cbo_solve would conclude from cbo_scan, when that is the scan's early end (a guess whose parts
 * are all trivial at `known`, x's lower bound), a least bound at beta or more, or a guess whose parts
 * are all trivial at the least bound, with the same guess and the same work counted; else
 * CBO_SCAN_OPEN or CBO_SCAN_LOOKED. Half of a ranking's scans end so after keeping and comparing
 * thousands of rows (docs/optimal.md). Allocates nothing.
 */
int cbo_scan_first(cbo_solver *S, const cbo_node *x, int64_t known, int64_t beta, int64_t *val, uint32_t *gid);

/*
 * Fill the blocks of t up to block b (scan.c). The guesses of a node may be tried by several
 * threads at once, each bounding its parts through the node's table: one thread fills at a time.
 */
void cbo_tab_fill(const cbo_solver *S, cbo_lbtab *t, uint32_t b);

#endif
