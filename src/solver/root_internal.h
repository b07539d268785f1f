/*
 * root_internal.h: the root of the search (root.c): its node, the search over
 * its openers and the tree of the result.
 */
#ifndef CB_SOLVER_ROOT_INTERNAL_H
#define CB_SOLVER_ROOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/optimal.h"
#include "codebreaker/tree.h"
#include "solver/run_internal.h"

/* The root node: every secret (every pair in Symble), every guess (or candidate); or the position opt.from. */
typedef struct cbo_root {
    cbo_node x;
    uint32_t *sid, *col, *crow, *gid, *row;
    uint8_t *sig;
    cbo_sym_group *grp; /* the symmetries that fix a position's history (opt.from), or NULL */
} cbo_root;

typedef struct cbo_search_run {
    cbo_root rt;
    cb_optimal_opener *openers;
    size_t nopen;
    uint32_t best; /* best opener */
    int64_t bestv; /* its total (exact) or INF */
    int64_t lower; /* proved lower bound at the root */
    uint64_t symmetries;
    size_t opener_count;
    const cb_optimal_opener *bad; /* a known result (opt.known) that cannot hold, refused */
    const char *bad_why;
    int root_stopped; /* a stop came during the scan of the root: no opener has a bound */
    int book;         /* the optimum was the turn-two book's: only its best guess searched (cb_optimal_result) */
    cb_tree *held;    /* a strategy built and checked by a fallback (owned; make_tree takes it), or NULL */
} cbo_search_run;

/* The root node: every secret (every pair in Symble), every guess (or candidate); or the position opt.from. */
int cbo_root_init(cbo_solver *S, cbo_root *rt);
void cbo_root_release(cbo_root *r);
/* Add x's strategy under tree node `parent` by feedback fb (parent CB_NONE: the root), opening with `first`. */
int cbo_build_tree(cbo_solver *S, const cbo_node *x, cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t first);
/* Search the openers of the root (or just opt.first) with bound beta. */
int cbo_search_root(cbo_solver *S, cbo_search_run *R, int64_t beta);
/* The known result of opener g (opt.known), or NULL. */
const cb_optimal_opener *cbo_known_opener(const cbo_solver *S, uint32_t g);
/* The search of the objective: the least worst case first when asked, then the least total. */
int cbo_run_search(cbo_solver *S, cbo_search_run *R, cb_optimal_result *res);

#endif
