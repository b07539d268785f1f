/*
 * bounds_internal.h: the counting lower bounds (bounds.c).
 */
#ifndef CB_SOLVER_BOUNDS_INTERNAL_H
#define CB_SOLVER_BOUNDS_INTERNAL_H

#include <stdint.h>

#include "solver/run_internal.h"

/* Lower bound for a part of c entries of w codewords, r guesses left, at most b parts per guess. */
int64_t cbo_part_lb(const cbo_solver *S, uint32_t c, uint32_t w, int r, uint32_t b);
/* Lower bound for node x itself. */
int64_t cbo_node_lb(const cbo_solver *S, const cbo_node *x);

#endif
