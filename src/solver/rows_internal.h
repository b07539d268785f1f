/*
 * rows_internal.h: a node's values (rows.c): read from the table, or without one a
 * row of the node's entries computed at a time; the hard-mode checks and signatures.
 */
#ifndef CB_SOLVER_ROWS_INTERNAL_H
#define CB_SOLVER_ROWS_INTERNAL_H

#include <stdint.h>

#include "game/game_internal.h"
#include "solver/run_internal.h"

/*
 * What a loop over the guesses of a node without a table (x->base NULL) needs: the node's secrets
 * position-major for the row kernel, gathered once rather than at every row as fly_fill does, and the
 * columns 0 to n - 1 of a row so computed, to count it in place.
 */
typedef struct cbo_flyrows {
    const uint8_t **soa;
    uint32_t *ident;
} cbo_flyrows;

/* f for x from the thread's arena (nothing when x reads a table). CB_ENOMEM. */
int cbo_fly_prepare(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_flyrows *f);

/* Row r (a guess of the game) of x's entries into out, through f (cbo_fly_prepare). */
static inline void cbo_fly_row(const cbo_solver *S, const cbo_node *x, const cbo_flyrows *f, uint32_t r, uint8_t *out)
{
    S->tabk(S->game->n, cb_game_code(S->game, r), f->soa, x->n, 1, out);
}

/*
 * Row r of x's one-byte values for the fast counts, read at the columns *col: x's base row, or
 * without a table the row computed into buf (cbo_fly_row) with the columns 0 to n - 1.
 */
static inline const uint8_t *cbo_row_at(const cbo_solver *S, const cbo_node *x, const cbo_flyrows *f, uint32_t r,
                                        uint8_t *buf, const uint32_t **col)
{
    if (x->base) {
        *col = x->col;
        return x->base + (size_t)r * x->stride;
    }
    cbo_fly_row(S, x, f, r, buf);
    *col = f->ident;
    return buf;
}

/* ---- hard mode ---- */

/* The constraint one turn adds (game.c states the rule); lc holds each guess's letter counts. */
static inline int cbo_respects_inline(const cbo_solver *S, const cbg_hard_turn *h, uint32_t g)
{
    const uint8_t *counts = S->lc + (size_t)g * (size_t)S->game->k;
    if (S->pk)
        return cbg_hard_turn_check_packed(h, S->pk[2 * (size_t)g], S->pk[2 * (size_t)g + 1], counts);
    return cbg_hard_turn_check(S->game, h, cb_game_code(S->game, g), counts, NULL);
}
/* Hard mode: g respects the turn h; sig (greens, least letter counts) after guess g got feedback fb. */
int cbo_respects(const cbo_solver *S, const cbg_hard_turn *h, uint32_t g);
void cbo_sig_apply(const cbo_solver *S, uint8_t *sig, uint32_t g, uint32_t fb);
/* x's signature into out (S->siglen bytes): x->sig, or its parent's (psig) with the turn that led to x. */
void cbo_sig_of(const cbo_solver *S, const cbo_node *x, uint8_t *out);
/* out[i] = the value of base row r for entry i of x (lw bytes each, 16 bytes of room after them). */
void cbo_fill(const cbo_solver *S, const cbo_node *x, uint32_t r, uint8_t *out);

#endif
