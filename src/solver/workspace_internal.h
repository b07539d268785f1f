/*
 * workspace_internal.h: a search's work areas (workspace.c), from the
 * caller's workspace (cb_optimal_options.workspace) when it gives one.
 */
#ifndef CB_SOLVER_WORKSPACE_INTERNAL_H
#define CB_SOLVER_WORKSPACE_INTERNAL_H

#include "codebreaker/optimal.h"

struct cbo_solver;
/* 1 when ws was free and is now the caller's; 0 when another search holds it. */
int cbo_workspace_claim(cb_optimal_workspace *ws);
void cbo_workspace_unclaim(cb_optimal_workspace *ws);
/* S->tls: S->nthreads threads' work areas, each as fresh (zero, gmap CB_NONE). CB_ENOMEM (release them then). */
int cbo_threads_alloc(struct cbo_solver *S);
/* Back into the workspace, cleared, or freed without one; S->tls is NULL after. */
void cbo_threads_release(struct cbo_solver *S);
/* S->cache: the workspace's kept cache (NULL without one), for cbo_new_cache to set up. */
void cbo_cache_take(struct cbo_solver *S);
/* S->cache back into the workspace, cleared, or freed without one; S->cache is NULL after. */
void cbo_cache_give(struct cbo_solver *S);

#endif
