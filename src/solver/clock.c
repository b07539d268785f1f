/*
 * clock.c: when the exact solver stops: its counters of nodes and work over
 * the threads, the work budget, the time limit, the cancel flag and the
 * progress report. The search, the scans and the root look here; this file
 * calls none of them.
 */
#include "solver/clock_internal.h"
#include "solver/run_internal.h"

uint64_t cbo_total_nodes(const cbo_solver *S)
{
    uint64_t t = 0;
    for (int i = 0; i < S->nthreads; i++)
        t += __atomic_load_n(&S->tls[i].nodes, __ATOMIC_RELAXED);
    return t;
}

uint64_t cbo_total_work(const cbo_solver *S)
{
    uint64_t t = 0;
    for (int i = 0; i < S->nthreads; i++)
        t += __atomic_load_n(&S->tls[i].work, __ATOMIC_RELAXED);
    return t;
}

static void report(cbo_solver *S, double t)
{
    cb_optimal_progress p;
    p.seconds = t - S->t0;
    p.nodes = cbo_total_nodes(S);
    p.best = __atomic_load_n(&S->best_root, __ATOMIC_RELAXED);
    p.opener = __atomic_load_n(&S->cur_opener, __ATOMIC_RELAXED);
    p.opener_index = __atomic_load_n(&S->cur_index, __ATOMIC_RELAXED);
    p.opener_count = S->opener_count;
    p.settled = __atomic_load_n(&S->settled, __ATOMIC_RELAXED);
    p.phase = S->phase;
    p.depth = S->phase_depth;
    S->opt.progress(&p, S->opt.progress_arg);
}

/* The time limit and the cancel flag (also inside big scans, between blocks of guesses). */
int cbo_check_cancel(cbo_solver *S)
{
    if (S->deadline > 0 && cb_seconds() >= S->deadline) {
        __atomic_store_n(&S->timed_out, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    } else if (S->opt.cancel && (!S->finishing || S->fallback) && __atomic_load_n(S->opt.cancel, __ATOMIC_RELAXED)) {
        /* the greedy strategy after a stop is a search of its own: the flag stops it too */
        __atomic_store_n(&S->canceled, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&S->timed_out, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    }
    return cbo_stopped(S);
}

/*
 * The work budget, the time limit and the progress report: at the root's
 * steps, and every so many nodes. The budget is looked at first, so that on
 * one thread a search stops at the same node whatever the clock says.
 */
void cbo_check_clock(cbo_solver *S)
{
    double t = cb_seconds();
    uint64_t limit = S->finishing ? S->finish_limit : S->opt.work_limit; /* 0: none */
    if (limit && cbo_total_work(S) >= limit)
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    else
        cbo_check_cancel(S);
    double next;
    __atomic_load(&S->next_report, &next, __ATOMIC_RELAXED);
    if (S->opt.progress && t >= next) { /* the lock only when a report is due */
#pragma omp critical(cb_optimal_progress)
        {
            __atomic_load(&S->next_report, &next, __ATOMIC_RELAXED);
            if (t >= next) {
                next = t + S->opt.progress_interval;
                __atomic_store(&S->next_report, &next, __ATOMIC_RELAXED);
                report(S, t);
            }
        }
    }
}
