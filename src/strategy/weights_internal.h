/*
 * weights_internal.h: the word weights (weights.c).
 */
#ifndef CB_STRATEGY_WEIGHTS_INTERNAL_H
#define CB_STRATEGY_WEIGHTS_INTERNAL_H

#include <stdint.h>

#include "codebreaker/state.h"
#include "strategy/strategy_internal.h"

/* The secret's weight, 1 each without weights; their total over st; g's probability. */
double cbs_weight_total(const cb_strategy *s, const cb_state *st);
double cbs_probability(const cb_strategy *s, const cb_state *st, uint32_t g, double total);

#endif
