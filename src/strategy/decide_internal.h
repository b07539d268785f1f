/*
 * decide_internal.h: the helpers every strategy's decision shares (decide.c): a
 * decision's set of guesses, the best so far, the checks between blocks of
 * scoring, the pick among ties and the seed of a history.
 */
#ifndef CB_STRATEGY_DECIDE_INTERNAL_H
#define CB_STRATEGY_DECIDE_INTERNAL_H

#include <stdint.h>

#include "codebreaker/rng.h"
#include "codebreaker/state.h"
#include "strategy/strategy_internal.h"

/* The best of a decision so far: its key and the guesses that reach it (decide.c). */
typedef struct cbs_best {
    double key;
    cbs_decision tied;
} cbs_best;
/* Offer guess g with key (least wins; equal keys tie); CB_ENOMEM. */
int cbs_best_offer(cbs_best *b, double key, uint32_t g);
/*
 * Between blocks of scoring: 1 when the work should stop, because a thread
 * failed (*fail holds its status) or a cancel flag was set (then *fail
 * becomes CB_ECANCELED). ws may be NULL.
 */
int cbs_halted(const cb_strategy *s, const cbs_ws *ws, int *fail);
/* Add guess g to a decision's set; CB_ENOMEM. */
int cbs_decision_push(cbs_decision *d, uint32_t g);
/* Pick the guess of a decision with rng (NULL: the first). */
uint32_t cbs_pick(const cbs_decision *d, cb_rng *rng);
/* A hash of the state's history, for seeding. */
uint64_t cbs_history_hash(const cb_state *st);

#endif
