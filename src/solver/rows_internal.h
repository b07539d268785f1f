/*
 * rows_internal.h: what the files that look at a node's guesses share (rows.c,
 * count.c, scan.c, scanlb.c): a row of a node's values without a table, the
 * hard-mode check, and the figures of the common case (plain secrets,
 * one-byte values), whose row kernel is rowkern.c.
 */
#ifndef CB_SOLVER_ROWS_INTERNAL_H
#define CB_SOLVER_ROWS_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "base/memory_internal.h"
#include "game/game_internal.h"
#include "solver/solver_internal.h"
#include "table/table_internal.h"

/* ---- values (rows.c) ---- */

/*
 * What a loop over the guesses of a node without a table (x->base NULL) needs: the node's secrets
 * position-major for the row kernel, gathered once rather than at every row as fly_fill does, and the
 * columns 0 to n - 1 of a row so computed, to count it in place.
 */
typedef struct flyrows {
    const uint8_t **soa;
    uint32_t *ident;
} flyrows;

/* f for x from the thread's arena (nothing when x reads a table). CB_ENOMEM. */
int cbo_fly_prepare(solver *S, tls *T, const node *x, flyrows *f);

/* Row r (a guess of the game) of x's entries into out, through f (cbo_fly_prepare). */
static inline void fly_row(const solver *S, const node *x, const flyrows *f, uint32_t r, uint8_t *out)
{
    S->tabk(S->game->n, cb_game_code(S->game, r), f->soa, x->n, 1, out);
}

/*
 * Row r of x's one-byte values for the fast counts, read at the columns *col: x's base row, or
 * without a table the row computed into buf (fly_row) with the columns 0 to n - 1.
 */
static inline const uint8_t *row_at(const solver *S, const node *x, const flyrows *f, uint32_t r, uint8_t *buf,
                                    const uint32_t **col)
{
    if (x->base) {
        *col = x->col;
        return x->base + (size_t)r * x->stride;
    }
    fly_row(S, x, f, r, buf);
    *col = f->ident;
    return buf;
}

/* ---- turning a tile over (scan.c's secret-major blocks) ---- */

/* ---- hard mode ---- */

/* The constraint one turn adds (game.c states the rule); lc holds each guess's letter counts. */
static inline int respects(const solver *S, const cbg_hard_turn *h, uint32_t g)
{
    const uint8_t *counts = S->lc + (size_t)g * (size_t)S->game->k;
    if (S->pk)
        return cbg_hard_turn_check_packed(h, S->pk[2 * (size_t)g], S->pk[2 * (size_t)g + 1], counts);
    return cbg_hard_turn_check(S->game, h, cb_game_code(S->game, g), counts, NULL);
}

/*
 * ---- counting the parts of a row ----
 *
 * The common case, plain secrets, one-byte values and parts whose bound is
 * 2c - 1, is counted by the row kernel of the run's processor level
 * (rowkern.c, S->rowk); the figures below settle its bound.
 */

/* How one guess splits the entries of a node. */
typedef struct rowstat {
    uint32_t parts; /* non-empty parts, the won part included */
    uint32_t won;   /* entries won at once */
    uint64_t sq;    /* sum of the squares of the part sizes */
    uint64_t maxpart;
    int64_t lbsum; /* lower bounds of the parts, won part excluded */
    int triv;      /* every part is solved exactly by its bound */
} rowstat;

/*
 * Every other case than the fast counts (count.c): the values into v (unless `filled`: v holds
 * them), then the parts one by one, bounded by lbt (by size) or cbo_part_lb.
 */
void cbo_row_generic(solver *S, const node *x, uint32_t srow, uint8_t *v, int filled, uint32_t *touched,
                     const int64_t *lbt, int r, rowstat *st);

/* The bounds of a node's parts by their size, for plain secrets (cbo_scan_prepare). */
typedef struct partlb {
    int64_t *t;   /* t[c]: the bound of a part of c secrets */
    uint32_t lin; /* t[c] = 2c - 1 for every c up to lin */
    uint32_t inf; /* t[c] is INF for every c from inf on (n + 1: for none) */
    int fast;     /* whether the row kernel (rowkern.c) counts the rows */
} partlb;

/*
 * What every look at x's guesses needs: b, the bounds of its parts by size,
 * and in hard mode the demands h of the turn that led to x. Returns whether
 * the guesses must respect h.
 */
int cbo_scan_prepare(const solver *S, const node *x, int r, partlb *b, cbg_hard_turn *h);

/*
 * A fast count's figures into *st when the parts' sizes settle the bound: 1
 * when each part costs 2c - 1, or when one has an INF bound (a part of two
 * or more is not the won one); else 0, and row_generic bounds the parts.
 */
static inline int plain_stats(const partlb *b, uint32_t n, uint32_t parts, uint32_t pairs, uint32_t won,
                              uint32_t maxpart, rowstat *st)
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
    if (maxpart >= 2 && maxpart >= b->inf) {
        st->lbsum = INF;
        st->triv = 0;
        return 1;
    }
    return 0;
}

/*
 * Fill the blocks of t up to block b (scan.c). The guesses of a node may be tried by several
 * threads at once, each bounding its parts through the node's table: one thread fills at a time.
 */
void cbo_tab_fill(const solver *S, lbtab *t, uint32_t b);

#endif
