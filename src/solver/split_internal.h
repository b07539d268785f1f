/*
 * split_internal.h: the children of a node for the guess played (split.c).
 */
#ifndef CB_SOLVER_SPLIT_INTERNAL_H
#define CB_SOLVER_SPLIT_INTERNAL_H

#include <stdint.h>

#include "solver/scan_internal.h"
#include "solver/run_internal.h"

/* The parts of a node for one guess, with their lower bounds. */
typedef struct cbo_kids {
    uint32_t count;
    cbo_node *c;
    int64_t *lb;
    uint8_t *done; /* lb is exact */
    int64_t wc;
} cbo_kids;

/*
 * The parts of x for the guess gid_played with values vec (one per entry):
 * the children, each with the list of guesses it inherits (sc's kept ones,
 * or x's own when sc is NULL) and the symmetries grp. CB_ENOMEM.
 */
int cbo_split(cbo_solver *S, const cbo_node *x, const cbo_kept *sc, const uint8_t *vec, uint32_t gid_played,
              const cbo_sym_group *grp, cbo_kids *out);

#endif
