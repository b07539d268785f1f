/*
 * rows.c: the values of a node's rows (read from the table, or without one
 * computed by the table's kernel) and the hard-mode constraints of a node.
 */
#include <string.h>

#include "codebreaker/feedback.h"
#include "solver/node_internal.h"
#include "solver/rows_internal.h"
#include "solver/run_internal.h"
#include "table/table_internal.h"

/* ---- values ---- */

/*
 * Without a precomputed table (x->base NULL: x reads the game's rows, whose
 * columns are secrets) row r's values for x's entries come from the table's
 * kernel, a block of entries a call: out[i], one byte each
 * (cb_optimal_table_check takes an on-the-fly table only when values fit a
 * byte). For one row; a loop over a node's rows uses cbo_fly_row.
 */
static void fly_fill(const cbo_solver *S, const cbo_node *x, uint32_t r, uint8_t *out)
{
    uint32_t buf[CB_FILL_BLOCK];
    for (uint32_t i0 = 0; i0 < x->n; i0 += CB_FILL_BLOCK) {
        uint32_t k = x->n - i0 < CB_FILL_BLOCK ? x->n - i0 : CB_FILL_BLOCK;
        cb_table_fill(S->table, r, x->col + i0, k, buf);
        for (uint32_t i = 0; i < k; i++)
            out[i0 + i] = (uint8_t)buf[i];
    }
}

int cbo_fly_prepare(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_flyrows *f)
{
    const cb_game *game = S->game;
    int len = game->n;
    size_t pad = cbt_kernel_padding(x->n);
    f->soa = NULL;
    f->ident = NULL;
    if (x->base)
        return CB_OK;
    uint8_t *buf = cbo_alloc(S, T, (size_t)len * pad);
    f->soa = cbo_alloc(S, T, (size_t)len * sizeof *f->soa);
    f->ident = cbo_alloc(S, T, ((size_t)x->n + 1) * sizeof *f->ident);
    if (!buf || !f->soa || !f->ident)
        return CB_ENOMEM;
    memset(buf, 0, (size_t)len * pad);
    for (uint32_t e = 0; e < x->n; e++) {
        const uint8_t *code = cb_game_code(game, cb_game_secret_guess(game, x->col[e]));
        for (int p = 0; p < len; p++)
            buf[(size_t)p * pad + e] = code[p];
        f->ident[e] = e;
    }
    for (int p = 0; p < len; p++)
        f->soa[p] = buf + (size_t)p * pad;
    return CB_OK;
}

/* out[i] = the value of base row r for entry i of x. */
static inline __attribute__((always_inline)) void fill_w(const cbo_solver *S, const cbo_node *x, uint32_t r,
                                                         uint8_t *out, int w)
{
    if (!x->base) {
        fly_fill(S, x, r, out);
        return;
    }
    const uint8_t *rp = x->base + (size_t)r * x->stride * (size_t)w;
    const uint32_t *col = x->col;
    uint32_t n = x->n;
    if (x->raw && S->pairs) {
        for (uint32_t i = 0; i < n; i++)
            cbo_put(out, i, S->obs[(x->sid[i] % CB_MAPPINGS) * S->p3 + cbo_get(rp, col[i], w)], w);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        cbo_put(out, i, cbo_get(rp, col[i], w), w);
}

void cbo_fill(const cbo_solver *S, const cbo_node *x, uint32_t r, uint8_t *out)
{
    if (S->lw == 1)
        fill_w(S, x, r, out, 1);
    else
        fill_w(S, x, r, out, 2);
}

/* ---- hard mode ---- */

int cbo_respects(const cbo_solver *S, const cbg_hard_turn *h, uint32_t g)
{
    return cbo_respects_inline(S, h, g);
}

void cbo_sig_apply(const cbo_solver *S, uint8_t *sig, uint32_t g, uint32_t fb)
{
    cbg_hard_turn h;
    int n = S->game->n;
    cbg_hard_turn_make(S->game, g, fb, &h);
    for (int i = 0; i < h.ngreen; i++)
        sig[h.gpos[i]] = (uint8_t)(h.gsym[i] + 1);
    for (int i = 0; i < h.nneed; i++)
        if (sig[n + h.nsym[i]] < h.ncount[i])
            sig[n + h.nsym[i]] = h.ncount[i];
}

void cbo_sig_of(const cbo_solver *S, const cbo_node *x, uint8_t *out)
{
    memcpy(out, x->sig ? x->sig : x->psig, (size_t)S->siglen);
    if (!x->sig)
        cbo_sig_apply(S, out, x->cg, x->cfb);
}
