/*
 * search_internal.h: one node of the search (search.c): the least total that
 * solves it below a budget, else a lower bound.
 */
#ifndef CB_SOLVER_SEARCH_INTERNAL_H
#define CB_SOLVER_SEARCH_INTERNAL_H

#include <stdint.h>

#include "solver/scan_internal.h"
#include "solver/run_internal.h"

/* Sort the indices a[0..n) by cmp (an insertion sort: stable, for short arrays). */
void cbo_sort_idx(uint32_t *a, uint32_t n, int (*cmp)(const void *, const void *, void *), void *ctx);
/* The symmetries that survive playing gid at x (NULL when none are left). */
const cbo_sym_group *cbo_child_group(cbo_solver *S, const cbo_node *x, uint32_t gid);
/*
 * Total guesses when x plays kept guess kk of sc: exact when below beta,
 * else a lower bound at least beta. With par, the parts are solved as tasks.
 */
int64_t cbo_eval_guess(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, uint32_t kk, int64_t beta, int par);
/*
 * The guesses to try at x, in order: those bounded below beta, one per orbit
 * of the symmetries, best key first, at most opt.top of them. Returns how
 * many; *skipped becomes the least bound of the guesses left out for their
 * bound (unchanged when none).
 */
uint32_t cbo_order_guesses(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, int64_t beta, uint32_t *order,
                           int64_t *skipped);
/*
 * The least total for x when below beta (then *best, if asked, is a best
 * guess), else a lower bound at least beta. known >= 0: quick() was already
 * asked and gave this lower bound.
 */
int64_t cbo_solve(cbo_solver *S, const cbo_node *x, int64_t beta, uint32_t *best, int64_t known);

#endif
