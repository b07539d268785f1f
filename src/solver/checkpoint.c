/*
 * checkpoint.c: checkpoints inside an opener (cb_optimal_options.on_point,
 * points; docs/optimal.md "The checkpoint file"). A node below an opener
 * whose search took at least opt.point_work pairs, and a guess tried at a
 * node whose evaluation took as much, are reported as points once settled
 * (exactly, or with a bound at or above the budget they were searched
 * under): the turns that lead to the node from the root, and the value. A
 * resumed run is given them back: each is found again from the root by the
 * turns (the children of split.c, read from the game's table, as the tree
 * is built) and put into the cache under the node's key, so the search
 * takes it as the value it had already proved (a guess's under a key of its
 * own, which the search looks up before evaluating a guess at the levels
 * the points reach). The file itself is ckptfile.c's.
 */
#include <string.h>

#include "solver/bounds_internal.h"
#include "solver/cache_internal.h"
#include "solver/checkpoint_internal.h"
#include "solver/node_internal.h"
#include "solver/rows_internal.h"
#include "solver/run_internal.h"
#include "solver/split_internal.h"

size_t cbo_node_key(const cbo_solver *S, const cbo_node *x, uint32_t play, uint8_t *buf)
{
    size_t len = 0;
    buf[len++] = (uint8_t)x->d;
    buf[len++] = (uint8_t)(play != CB_NONE ? 2 : S->depth_only); /* 2: a guess's value, never a node's key */
    if (S->hard) {
        cbo_sig_of(S, x, buf + len);
        len += (size_t)S->siglen;
    }
    if (S->keywide) {
        memcpy(buf + len, x->sid, (size_t)x->n * 4);
        len += (size_t)x->n * 4;
    } else
        for (uint32_t i = 0; i < x->n; i++, len += 2) {
            uint16_t v = (uint16_t)x->sid[i];
            memcpy(buf + len, &v, 2);
        }
    if (play != CB_NONE) {
        memcpy(buf + len, &play, 4);
        len += 4;
    }
    return len;
}

int cbo_node_put(cbo_solver *S, cbo_tls *T, const cbo_node *x, uint32_t play, int64_t lb, int64_t exact, uint32_t best)
{
    if (x->n < CB_CACHE_MIN)
        return CB_OK;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *key = cbo_alloc(S, T, cbo_key_room(S, x));
    if (key) {
        size_t len = cbo_node_key(S, x, play, key);
        cbo_cache_value v = {lb, exact, best};
#ifdef _OPENMP
        int thread = omp_get_thread_num();
#else
        int thread = 0;
#endif
        cbo_cache_put(S->cache, thread, key, len, cbo_cache_hash(key, len), &v);
    }
    cbo_arena_reset(&T->arena, mk);
    return key ? CB_OK : CB_ENOMEM;
}

void cbo_ckpt_init(cbo_solver *S)
{
    const cb_optimal_options *o = &S->opt;
    S->ck_work = 0;
    S->ck_level = 0;
    if (S->pairs || o->objective != CB_OBJECTIVE_TOTAL || o->top > 0)
        return;
    if (o->on_point)
        S->ck_work = o->point_work ? o->point_work : CB_OPTIMAL_POINT_WORK;
    for (size_t i = 0; i < o->npoints; i++)
        if (o->points[i].play != CB_NONE && o->points[i].turns > S->ck_level)
            S->ck_level = o->points[i].turns;
}

void cbo_ckpt_settled(cbo_solver *S, const cbo_node *x, uint32_t play, int64_t value, int exact, uint32_t best,
                      uint64_t work)
{
    if (!S->ck_work || work < S->ck_work || x->level < 1 || x->level > CB_OPTIMAL_POINT_DEPTH || x->n < CB_CACHE_MIN ||
        value >= CBO_INF || S->top > 0 || S->depth_only || S->finishing || S->phase == 3 || cbo_stopped(S) ||
        (exact && play == CB_NONE && best == CB_NONE))
        return;
    cb_optimal_point p;
    memset(&p, 0, sizeof p);
    p.turns = x->level;
    const cbo_node *y = x;
    for (int t = x->level - 1; t >= 0; t--, y = y->parent) {
        if (!y || y->cg == CB_NONE)
            return; /* not a node of the search's tree (none is) */
        p.guess[t] = y->cg;
        p.feedback[t] = y->cfb;
    }
    p.play = play;
    p.value = (uint64_t)value;
    p.exact = exact;
    p.best = exact && play == CB_NONE ? best : CB_NONE;
#pragma omp critical(cb_optimal_point)
    S->opt.on_point(&p, S->opt.on_point_arg);
}

int cbo_ckpt_guess(cbo_solver *S, cbo_tls *T, const cbo_node *x, uint32_t g, int64_t beta, int64_t *value)
{
    if (x->level < 1 || x->level > S->ck_level || x->n < CB_CACHE_MIN)
        return 0;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *key = cbo_alloc(S, T, cbo_key_room(S, x));
    cbo_cache_value v;
    int found = 0;
    if (key) {
        size_t len = cbo_node_key(S, x, g, key);
        found = cbo_cache_get(S->cache, key, len, cbo_cache_hash(key, len), &v);
    }
    cbo_arena_reset(&T->arena, mk);
    if (found && v.exact >= 0) {
        *value = v.exact;
        return 1;
    }
    if (found && v.lb >= beta) {
        *value = v.lb;
        return 1;
    }
    return 0;
}

/* The node point i's turns lead to from root, in *out (its arrays in T's arena); CB_EINVAL when they lead nowhere. */
static int find_node(cbo_solver *S, cbo_tls *T, const cbo_node *root, const cb_optimal_point *p, size_t i,
                     const cbo_node **out, cb_error *err)
{
    const cbo_node *x = root;
    uint32_t ng = S->game->nguess;
    if (p->turns < 1 || p->turns > CB_OPTIMAL_POINT_DEPTH)
        return cb_error_set(err, CB_EINVAL, "the checkpoint's point %zu (from 0): %d turns", i, p->turns);
    for (int t = 0; t < p->turns; t++) {
        uint32_t g = p->guess[t];
        cbo_kids ks;
        if (g >= ng)
            return cb_error_set(err, CB_EINVAL,
                                "the checkpoint's point %zu (from 0): turn %d plays no guess of the game", i, t + 1);
        uint8_t *vec = cbo_alloc(S, T, (size_t)x->n * (size_t)S->lw);
        if (!vec)
            return CB_ENOMEM;
        cbo_fill(S, x, g, vec); /* x reads the game's table: row g is guess g */
        if (cbo_split(S, x, NULL, vec, g, NULL, &ks) != CB_OK)
            return CB_ENOMEM;
        const cbo_node *next = NULL;
        for (uint32_t j = 0; j < ks.count && !next; j++)
            if (ks.c[j].cfb == p->feedback[t])
                next = &ks.c[j];
        if (!next)
            return cb_error_set(err, CB_EINVAL,
                                "the checkpoint's point %zu (from 0): turn %d draws a feedback no candidate left gives",
                                i, t + 1);
        x = next;
    }
    *out = x;
    return CB_OK;
}

int cbo_ckpt_restore(cbo_solver *S, const cbo_node *root, cb_error *err)
{
    const cb_optimal_options *o = &S->opt;
    cbo_tls *T = cbo_me(S);
    if (!o->npoints || S->pairs || o->objective != CB_OBJECTIVE_TOTAL || o->top > 0)
        return CB_OK;
    for (size_t i = 0; i < o->npoints; i++) {
        const cb_optimal_point *p = &o->points[i];
        const cbo_node *x = NULL;
        cbo_mark mk = cbo_arena_mark(&T->arena);
        int rc = find_node(S, T, root, p, i, &x, err);
        int64_t lb = rc == CB_OK ? cbo_node_lb(S, x) : 0;
        if (rc == CB_OK && (p->value >= (uint64_t)CBO_INF || (int64_t)p->value < lb))
            rc = cb_error_set(err, CB_EINVAL,
                              "the checkpoint's point %zu (from 0): %llu is below the position's lower bound %lld", i,
                              (unsigned long long)p->value, (long long)lb);
        if (rc == CB_OK && ((p->play != CB_NONE && p->play >= S->game->nguess) ||
                            (p->play == CB_NONE && p->exact && p->best >= S->game->nguess)))
            rc = cb_error_set(err, CB_EINVAL, "the checkpoint's point %zu (from 0): no guess of the game", i);
        if (rc == CB_OK)
            rc = cbo_node_put(S, T, x, p->play, (int64_t)p->value, p->exact ? (int64_t)p->value : -1,
                              p->play == CB_NONE && p->exact ? p->best : CB_NONE);
        cbo_arena_reset(&T->arena, mk);
        if (rc == CB_ENOMEM)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        if (rc != CB_OK)
            return rc;
    }
    return CB_OK;
}
