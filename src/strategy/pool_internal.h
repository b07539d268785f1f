/*
 * pool_internal.h: the guesses a strategy may play (pool.c).
 */
#ifndef CB_STRATEGY_POOL_INTERNAL_H
#define CB_STRATEGY_POOL_INTERNAL_H

#include <stddef.h>

#include "codebreaker/state.h"
#include "strategy/strategy_internal.h"

/* The guesses the strategy may play in st, sorted by guess index, into ws->pool. */
int cbs_make_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int cands_only, size_t *npool);
/*
 * A greedy strategy's pool made fit to score (docs/limits.md): one
 * guess an orbit of the symmetries that fix the history (complete
 * dictionaries, tie rule first: the choice is the same), then, when the
 * candidates times the guesses are above the strategy's max_pairs
 * (CB_GREEDY_MAX_PAIRS by default), a fixed-seed sample: the candidates and
 * other guesses up to max_pairs / candidates (at least CB_POOL_MIN); 1 in
 * *bounded then.
 */
int cbs_bound_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, size_t *npool, int *bounded);
/* Must the strategy play a candidate in st? */
int cbs_candidates_only(const cb_strategy *s, const cb_state *st);

#endif
