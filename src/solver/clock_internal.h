/*
 * clock_internal.h: when a search stops (clock.c): the nodes and work counted over
 * the threads, the work budget, the time limit and the cancel flag.
 */
#ifndef CB_SOLVER_CLOCK_INTERNAL_H
#define CB_SOLVER_CLOCK_INTERNAL_H

#include <stdint.h>

#include "solver/run_internal.h"
#include "tuning.h"

/* Search nodes entered so far, over every thread. */
uint64_t cbo_total_nodes(const cbo_solver *S);
uint64_t cbo_total_work(const cbo_solver *S);
/*
 * A scan of n entries by m guesses on thread T, counted in the work budget
 * (opt.work_limit): n pairs a guess, and CB_WORK_ROW more for the row's own
 * cost, which dominates small nodes (tuning.h).
 */
static inline void cbo_count_work(cbo_tls *T, uint32_t n, uint32_t m)
{
    __atomic_add_fetch(&T->work, ((uint64_t)n + CB_WORK_ROW) * m, __ATOMIC_RELAXED);
}
/* The time limit, the cancel flag and the progress report. */
void cbo_check_clock(cbo_solver *S);
/*
 * The time limit and the cancel flag only, not the work budget (whose stops
 * stay where cbo_check_clock looks): 1 when the search is to stop.
 */
int cbo_check_cancel(cbo_solver *S);

#endif
