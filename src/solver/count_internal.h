/*
 * count_internal.h: counting how a guess splits a node (count.c): the candidates'
 * check, the generic count of a row, the bounds of a node's parts by size, and the
 * figures that settle the bound of a row the row kernel counted (rowkern.c).
 */
#ifndef CB_SOLVER_COUNT_INTERNAL_H
#define CB_SOLVER_COUNT_INTERNAL_H

#include <stdint.h>

#include "game/game_internal.h"
#include "solver/run_internal.h"

/* What cbo_candidates concludes. */
enum { CBO_Q_OPEN = 0, CBO_Q_DONE = 1 };

/*
 * A candidate whose parts are all trivial (single entries, pairs, single
 * codewords) at the least possible cost: CBO_Q_DONE with *val and *best. Else
 * CBO_Q_OPEN, having raised *lb when no candidate splits into single entries.
 */
int cbo_candidates(cbo_solver *S, const cbo_node *x, int64_t *lb, int64_t *val, uint32_t *best);

/*
 * ---- counting the parts of a row ----
 *
 * The common case, plain secrets, one-byte values and parts whose bound is
 * 2c - 1, is counted by the row kernel of the run's processor level
 * (rowkern.c, S->rowk); the figures below settle its bound.
 */

/* How one guess splits the entries of a node. */
typedef struct cbo_rowstat {
    uint32_t parts; /* non-empty parts, the won part included */
    uint32_t won;   /* entries won at once */
    uint64_t sq;    /* sum of the squares of the part sizes */
    uint64_t maxpart;
    int64_t lbsum; /* lower bounds of the parts, won part excluded */
    int triv;      /* every part is solved exactly by its bound */
} cbo_rowstat;

/*
 * Every other case than the fast counts (count.c): the values into v (unless `filled`: v holds
 * them), then the parts one by one, bounded by lbt (by size) or cbo_part_lb.
 */
void cbo_row_generic(cbo_solver *S, const cbo_node *x, uint32_t srow, uint8_t *v, int filled, uint32_t *touched,
                     const int64_t *lbt, int r, cbo_rowstat *st);

/* The bounds of a node's parts by their size, for plain secrets (cbo_scan_prepare). */
typedef struct cbo_partlb {
    int64_t *t;   /* t[c]: the bound of a part of c secrets */
    uint32_t lin; /* t[c] = 2c - 1 for every c up to lin */
    uint32_t inf; /* t[c] is INF for every c from inf on (n + 1: for none) */
    int zero;     /* t[c] is 0 for every c below inf (a search of depth only: a part fits or not) */
    int fast;     /* whether the row kernel (rowkern.c) counts the rows */
} cbo_partlb;

/*
 * What every look at x's guesses needs: b, the bounds of its parts by size,
 * and in hard mode the demands h of the turn that led to x. Returns whether
 * the guesses must respect h.
 */
int cbo_scan_prepare(const cbo_solver *S, const cbo_node *x, int r, cbo_partlb *b, cbg_hard_turn *h);

/*
 * A fast count's figures into *st when the parts' sizes settle the bound: 1
 * when each part costs 2c - 1, when each costs 0 (depth only, every part
 * below inf), or when one has an INF bound (a part of two or more is not the
 * won one); else 0, and row_generic bounds the parts.
 */
static inline int cbo_plain_stats(const cbo_partlb *b, uint32_t n, uint32_t parts, uint32_t pairs, uint32_t won,
                                  uint32_t maxpart, cbo_rowstat *st)
{
    st->parts = parts;
    st->won = won;
    st->sq = n + 2 * (uint64_t)pairs;
    st->maxpart = maxpart;
    if (maxpart <= b->lin) {
        st->lbsum = 2 * (int64_t)(n - won) - (int64_t)(parts - won);
        st->triv = pairs == n - parts;
        return 1;
    }
    if (b->zero && maxpart < b->inf) {
        st->lbsum = 0;
        st->triv = pairs == n - parts;
        return 1;
    }
    if (maxpart >= 2 && maxpart >= b->inf) {
        st->lbsum = CBO_INF;
        st->triv = 0;
        return 1;
    }
    return 0;
}

#endif
