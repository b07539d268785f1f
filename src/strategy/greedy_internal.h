/*
 * greedy_internal.h: the greedy decision (greedy.c): every pool guess scored by the
 * row's key, and a fixed guess's score.
 */
#ifndef CB_STRATEGY_GREEDY_INTERNAL_H
#define CB_STRATEGY_GREEDY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/state.h"
#include "strategy/strategy_internal.h"

int cbs_greedy_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                      int threads);
double cbs_greedy_fixed_score(const cb_strategy *s, const cb_state *st, uint32_t g);

#endif
