/*
 * split.c: the children of a node for the guess played: its entries
 * grouped by feedback, each part a node with the guesses it inherits.
 */
#include <string.h>

#include "codebreaker/feedback.h"
#include "solver/bounds_internal.h"
#include "solver/node_internal.h"
#include "solver/rows_internal.h"
#include "solver/scan_internal.h"
#include "solver/run_internal.h"
#include "solver/split_internal.h"
#include "solver/symmetry_internal.h"

/*
 * The children of x for the guess with values vec (one per entry), played
 * from the list (m, row, gid) that the children inherit, and with local
 * table lt (NULL: the children read x's base). gid_played is the guess.
 */
int cbo_split(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, const uint8_t *vec, uint32_t gid_played,
              const cbo_sym_group *grp, cbo_kids *out)
{
    cbo_tls *T = cbo_me(S);
    uint32_t n = x->n;
    int lw = S->lw;
    uint32_t *cnt = T->cnt;
    uint32_t *vals = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *vals);
    uint32_t *pos = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *pos);
    uint32_t *order = cbo_alloc(S, T, (size_t)n * sizeof *order);
    if (!vals || !pos || !order)
        return CB_ENOMEM;
    uint32_t parts = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t k = cbo_get(vec, e, lw);
        if (cnt[k]++ == 0)
            vals[parts++] = k;
    }
    uint32_t off = 0;
    for (uint32_t p = 0; p < parts; p++) { /* cnt[k] becomes the next slot of part k */
        uint32_t c = cnt[vals[p]];
        pos[p] = off;
        cnt[vals[p]] = off;
        off += c;
    }
    for (uint32_t e = 0; e < n; e++)
        order[cnt[cbo_get(vec, e, lw)]++] = e;
    for (uint32_t p = 0; p < parts; p++)
        cnt[vals[p]] = 0;
    pos[parts] = n;
    uint32_t *sid = cbo_alloc(S, T, (size_t)n * sizeof *sid), *col = cbo_alloc(S, T, (size_t)n * sizeof *col);
    uint32_t *crow = cbo_alloc(S, T, (size_t)n * sizeof *crow);
    out->c = cbo_alloc(S, T, (size_t)parts * sizeof *out->c);
    out->lb = cbo_alloc(S, T, (size_t)parts * sizeof *out->lb);
    out->done = cbo_alloc(S, T, parts);
    if (!sid || !col || !crow || !out->c || !out->lb || !out->done)
        return CB_ENOMEM;
    const uint8_t *lt = sc ? sc->lt : NULL, *xsig = x->sig;
    if (S->hard && !xsig) { /* x's signature, for its children's */
        uint8_t *t = cbo_alloc(S, T, (size_t)S->siglen);
        if (!t)
            return CB_ENOMEM;
        cbo_sig_of(S, x, t);
        xsig = t;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t e = order[i];
        sid[i] = x->sid[e];
        col[i] = lt ? e : x->col[e];
        crow[i] = lt ? sc->kc[e] : x->crow[e];
    }
    out->count = 0;
    out->wc = S->depth_only ? 0 : n;
    for (uint32_t p = 0; p < parts; p++) {
        if (vals[p] == S->won)
            continue;
        cbo_node *c = &out->c[out->count];
        uint32_t a = pos[p], size = pos[p + 1] - pos[p];
        /* every field named, without a memset (rep stos) of the whole node first */
        *c = (cbo_node){.n = size,
                        .sid = sid + a,
                        .col = col + a,
                        .crow = crow + a,
                        .base = lt ? lt : x->base,
                        .stride = lt ? n : x->stride,
                        .raw = lt ? 0 : x->raw,
                        .m = 0,
                        .row = NULL,
                        .gid = NULL,
                        .d = cbo_child_d(x->d),
                        .level = x->level + 1,
                        .cg = gid_played,
                        .cfb = vals[p],
                        .sig = NULL,
                        .psig = xsig, /* c->sig is made when the cache wants it (make_key) */
                        .grp = grp,
                        .bmax = sc && sc->bmax ? sc->bmax : x->bmax,
                        .up = NULL,
                        .ltc = lt ? sc->ltc : NULL,
                        .ncw = size,
                        .maxsame = 1,
                        .parent = x};
        if (S->pairs) {
            uint32_t run = 0;
            c->ncw = 0;
            for (uint32_t i = 0; i < size; i++) {
                if (i == 0 || c->sid[i] / CB_MAPPINGS != c->sid[i - 1] / CB_MAPPINGS) {
                    c->ncw++;
                    run = 0;
                }
                if (++run > c->maxsame)
                    c->maxsame = run;
            }
        }
        if (S->cands) { /* the guesses are the child's own candidates */
            uint32_t *row = cbo_alloc(S, T, (size_t)c->ncw * sizeof *row),
                     *gid = cbo_alloc(S, T, (size_t)c->ncw * sizeof *gid);
            if (!row || !gid)
                return CB_ENOMEM;
            c->m = 0;
            for (uint32_t i = 0; i < size; i++)
                if (c->crow[i] != CB_NONE &&
                    (i == 0 || c->sid[i] / CB_MAPPINGS != c->sid[i - 1] / CB_MAPPINGS || !S->pairs)) {
                    row[c->m] = c->crow[i];
                    gid[c->m++] = cb_game_secret_guess(S->game, c->sid[i] / (S->pairs ? CB_MAPPINGS : 1));
                }
            c->row = row;
            c->gid = gid;
        } else if (sc) {
            c->m = sc->k;
            c->row = lt ? NULL : sc->srow;
            c->gid = sc->gid;
            c->up = sc->tab;
        } else {
            c->m = x->m;
            c->row = x->row;
            c->gid = x->gid;
        }
        out->lb[out->count] = cbo_part_lb(S, c->n, c->ncw, c->d, c->bmax);
        out->done[out->count] = c->ncw == 1 || (!S->pairs && c->n == 2);
        out->count++;
    }
    return CB_OK;
}
