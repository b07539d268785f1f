/*
 * decide.c: the small helpers of a decision that the strategy files share
 * (a decision's set of guesses, the best so far, the pick among them, the
 * seed of a history, the stop between blocks). A leaf: it calls no other
 * strategy file, so strategy.c, which dispatches to the rows, is the only
 * file that calls into the families and none of them calls back.
 */
#include <stdlib.h>

#include "base/parallel.h"

#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

uint64_t cbs_history_hash(const cb_state *st)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t t = 0; t < cb_state_turns(st); t++) {
        uint32_t g, fb;
        cb_state_turn(st, t, &g, &fb);
        h = (h ^ g) * 0x100000001b3ull;
        h = (h ^ fb) * 0x100000001b3ull;
    }
    return h;
}

int cbs_decision_push(cbs_decision *d, uint32_t g)
{
    if (d->count == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 16;
        uint32_t *set = realloc(d->set, cap * sizeof *set);
        if (!set)
            return CB_ENOMEM;
        d->set = set;
        d->cap = cap;
    }
    d->set[d->count++] = g;
    return CB_OK;
}

uint32_t cbs_pick(const cbs_decision *d, cb_rng *rng)
{
    if (d->count == 1 || !rng)
        return d->set[0];
    return d->set[cb_rng_below(rng, (uint32_t)d->count)];
}

int cbs_best_offer(cbs_best *b, double key, uint32_t g)
{
    if (key > b->key)
        return CB_OK;
    if (key < b->key) {
        b->key = key;
        b->tied.count = 0;
    }
    return cbs_decision_push(&b->tied, g);
}

int cbs_halted(const cb_strategy *s, const cbs_ws *ws, int *fail)
{
    if (__atomic_load_n(fail, __ATOMIC_RELAXED) != CB_OK)
        return 1;
    if (!cbb_flag(s->cfg.cancel) && !(ws && cbb_flag(ws->cancel)))
        return 0;
    __atomic_store_n(fail, CB_ECANCELED, __ATOMIC_RELAXED);
    return 1;
}
