/*
 * checkpoint_internal.h: checkpoints inside an opener (checkpoint.c): the cache key of a node and a value
 * put under it, the points a search reports (cb_optimal_options.on_point) and those of an earlier run put
 * back into the cache.
 */
#ifndef CB_SOLVER_CHECKPOINT_INTERNAL_H
#define CB_SOLVER_CHECKPOINT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/status.h"
#include "solver/cache_internal.h"
#include "solver/node_internal.h"
#include "solver/run_internal.h"

/* Bytes a key of x needs at most (cbo_node_key), a guess's included. */
static inline size_t cbo_key_room(const cbo_solver *S, const cbo_node *x)
{
    return 8 + (size_t)S->siglen + (size_t)x->n * 4;
}
/*
 * The cache key of x into buf (cbo_key_room bytes): the guesses left, the kind of search, hard mode's
 * signature and the entries. play != CB_NONE: the key of the value of playing that guess at x instead,
 * which no node's key equals. Returns its length.
 */
size_t cbo_node_key(const cbo_solver *S, const cbo_node *x, uint32_t play, uint8_t *buf);
/*
 * Put a value of x into the cache under its key (cbo_node_key; play != CB_NONE: the value of playing
 * play at x): lb, exact (-1: not known) and best (a best guess, CB_NONE when none), copied. The key is
 * built in T's arena, given back before the return. Nothing when x has fewer than CB_CACHE_MIN entries.
 * CB_OK, or CB_ENOMEM (nothing put) when the arena has no room for the key.
 */
int cbo_node_put(cbo_solver *S, cbo_tls *T, const cbo_node *x, uint32_t play, int64_t lb, int64_t exact, uint32_t best);
/* Set up S's checkpoints from its options (on_point, point_work) in solver_init. */
void cbo_ckpt_init(cbo_solver *S);
/*
 * x was settled by a search that took `work` pairs: its least total (exact, best guess best) or a bound at
 * or above its budget; play != CB_NONE: the same of playing play at x. Reported as a point (opt.on_point)
 * when it took enough work, below an opener, outside the prelude and the fallback, and not stopped.
 */
void cbo_ckpt_settled(cbo_solver *S, const cbo_node *x, uint32_t play, int64_t value, int exact, uint32_t best,
                      uint64_t work);
/*
 * A restored point of playing g at x (opt.points) that settles it under budget beta: 1 and *value (its exact
 * total, or a bound at least beta), else 0.
 */
int cbo_ckpt_guess(cbo_solver *S, cbo_tls *T, const cbo_node *x, uint32_t g, int64_t beta, int64_t *value);
/* Put opt.points into the cache, each found from the root; CB_EINVAL (err naming the point), CB_ENOMEM. */
int cbo_ckpt_restore(cbo_solver *S, const cbo_node *root, cb_error *err);

#endif
