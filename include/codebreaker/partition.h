/*
 * partition.h: how the candidates of a state fall over the feedbacks of a
 * guess. Every greedy strategy is this plus a score of the part sizes.
 *
 * Each candidate lands in one part, keyed by the feedback it would give.
 * In Symble the key of a codeword is the smallest observed id among its
 * still-possible mappings: before the mapping is known this groups the
 * patterns that differ only by a renaming of the symbols (so a part counts
 * codewords, and its size is information about the codeword, not about the
 * mapping); once the mapping is known it is the plain feedback.
 *
 * A cb_partition is a reusable work area: cb_partition_init() it once,
 * compute into it many times, cb_partition_release() it at the end. The
 * arrays it exposes are valid until the next compute or release.
 */
#ifndef CODEBREAKER_PARTITION_H
#define CODEBREAKER_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_partition {
    size_t parts;    /* non-empty parts */
    uint32_t *ids;   /* key of each part, increasing */
    uint32_t *sizes; /* candidates in each part */
    uint32_t total;  /* candidates partitioned */
    long won_part;   /* index of the part that wins at once, or -1 */
    /* work areas, private */
    uint32_t *counts_;
    size_t counts_len_;
    uint32_t *keys_;
    size_t cap_;
} cb_partition;

void cb_partition_init(cb_partition *p);
void cb_partition_release(cb_partition *p);

/*
 * Partition the candidates of st by guess gi (any allowed guess, legal or
 * not). CB_ENOMEM is the only failure.
 */
int cb_partition_compute(cb_partition *p, const cb_state *st, cb_guess_index gi);

/*
 * The part key of each candidate of st for guess gi, in candidate order,
 * written to keys (room for cb_state_count(st) entries).
 */
void cb_partition_keys(const cb_state *st, cb_guess_index gi, uint32_t *keys);

#ifdef __cplusplus
}
#endif

#endif
