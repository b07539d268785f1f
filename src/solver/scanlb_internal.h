/*
 * scanlb_internal.h: the one-guess look-ahead bound of a node (scanlb.c).
 */
#ifndef CB_SOLVER_SCANLB_INTERNAL_H
#define CB_SOLVER_SCANLB_INTERNAL_H

#include <stdint.h>

#include "codebreaker/version.h"
#include "game/game_internal.h"
#include "solver/run_internal.h"

/* The look-ahead bound of scanlb.c at a processor level (AVX2's or the baseline's), chosen once a search. */
typedef int64_t cbo_scanlb_fn(struct cbo_solver *S, const struct cbo_node *x, int64_t known, int64_t target,
                              const cbg_hard_turn *h, const struct cbo_refine *rf, uint32_t *weak);
cbo_scanlb_fn *cbo_scanlb_kernel(cb_cpu_level level);
/*
 * A lower bound of x from one guess of look-ahead (every allowed guess, no
 * table kept): at least `known`, which it returns as soon as a guess shows
 * that nothing more can be proved this way. It stops counting once the
 * guesses left are all bounded at `target` or more (INF: never): the bound
 * is then at least the lesser of the look-ahead's and `target`, and exactly
 * the look-ahead's when that is below `target`.
 */
int64_t cbo_scan_lb(cbo_solver *S, const cbo_node *x, int64_t known, int64_t target);

#endif
