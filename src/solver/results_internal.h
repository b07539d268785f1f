/*
 * results_internal.h: the search line of a results file (results.c) in a
 * hard mode given apart from a position: the opening book names the mode of
 * each bundled file it reads, with no state to carry it.
 */
#ifndef CB_SOLVER_RESULTS_INTERNAL_H
#define CB_SOLVER_RESULTS_INTERNAL_H

#include <stddef.h>

#include "codebreaker/optimal.h"

/* cb_optimal_search_line of o on game, in hard mode `mode` and guess limit max_guesses rather than o->from's. */
void cbo_search_line(const cb_game *game, const cb_optimal_options *o, cb_hard mode, int max_guesses, char *buf,
                     size_t size);

#endif
