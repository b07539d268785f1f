/* partition.c: candidates grouped by the feedback a guess would give. */
#include <stdlib.h>
#include <string.h>

#include "codebreaker/partition.h"
#include "game/game_internal.h"
#include "tuning.h"

void cb_partition_init(cb_partition *p)
{
    memset(p, 0, sizeof *p);
}

void cb_partition_release(cb_partition *p)
{
    free(p->ids);
    free(p->sizes);
    free(p->counts_);
    free(p->keys_);
    memset(p, 0, sizeof *p);
}

static uint32_t symble_key(const cb_game *game, uint32_t raw, unsigned mask)
{
    if (mask == (1u << CB_MAPPINGS) - 1 && game->observe_min)
        return game->observe_min[raw];
    uint32_t lo = UINT32_MAX;
    for (int m = 0; m < CB_MAPPINGS; m++)
        if (mask >> m & 1) {
            uint32_t o = cb_game_observe(game, raw, m);
            if (o < lo)
                lo = o;
        }
    return lo;
}

void cb_partition_keys(const cb_state *st, uint32_t gi, uint32_t *keys)
{
    const cb_game *game = cb_state_game(st);
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    cb_table_fill(cb_state_table(st), gi, cands, n, keys);
    if (masks)
        for (size_t i = 0; i < n; i++)
            keys[i] = symble_key(game, keys[i], masks[i]);
}

static int reserve(cb_partition *p, size_t n)
{
    if (n <= p->cap_)
        return CB_OK;
    uint32_t *ids = realloc(p->ids, n * sizeof *ids);
    if (ids)
        p->ids = ids;
    uint32_t *sizes = realloc(p->sizes, n * sizeof *sizes);
    if (sizes)
        p->sizes = sizes;
    uint32_t *keys = realloc(p->keys_, n * sizeof *keys);
    if (keys)
        p->keys_ = keys;
    if (!ids || !sizes || !keys)
        return CB_ENOMEM;
    p->cap_ = n;
    return CB_OK;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int cb_partition_compute(cb_partition *p, const cb_state *st, uint32_t gi)
{
    const cb_game *game = cb_state_game(st);
    size_t n = cb_state_count(st);
    if (reserve(p, n ? n : 1) != CB_OK)
        return CB_ENOMEM;
    cb_partition_keys(st, gi, p->keys_);
    p->parts = 0;
    p->total = (uint32_t)n;
    p->won_part = -1;
    if (game->fb_count <= CB_PARTITION_DENSE_LIMIT) {
        if (p->counts_len_ < game->fb_count) {
            free(p->counts_);
            p->counts_ = calloc(game->fb_count, sizeof *p->counts_);
            if (!p->counts_) {
                p->counts_len_ = 0;
                return CB_ENOMEM;
            }
            p->counts_len_ = game->fb_count;
        }
        for (size_t i = 0; i < n; i++)
            if (p->counts_[p->keys_[i]]++ == 0)
                p->ids[p->parts++] = p->keys_[i];
        qsort(p->ids, p->parts, sizeof *p->ids, cmp_u32);
        for (size_t k = 0; k < p->parts; k++) {
            p->sizes[k] = p->counts_[p->ids[k]];
            p->counts_[p->ids[k]] = 0; /* leave the counts clear for the next call */
        }
    } else {
        qsort(p->keys_, n, sizeof *p->keys_, cmp_u32);
        for (size_t i = 0; i < n; i++) {
            if (i == 0 || p->keys_[i] != p->keys_[i - 1]) {
                p->ids[p->parts] = p->keys_[i];
                p->sizes[p->parts++] = 0;
            }
            p->sizes[p->parts - 1]++;
        }
    }
    for (size_t k = 0; k < p->parts; k++)
        if (p->ids[k] == game->won)
            p->won_part = (long)k;
    return CB_OK;
}
