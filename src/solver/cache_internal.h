/*
 * cache_internal.h: the solver's memory (cache.c): a stack allocator a thread and the
 * cache of solved sets that the threads of a run share.
 */
#ifndef CB_SOLVER_CACHE_INTERNAL_H
#define CB_SOLVER_CACHE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/game.h"
#include "tuning.h"

/*
 * A stack allocator: memory comes from big blocks and goes back in the
 * reverse order, by returning to a mark. Blocks never move, so pointers stay
 * valid until their mark is released.
 */

typedef struct cbo_arena_block {
    char *mem;
    size_t size, used;
} cbo_arena_block;

typedef struct cbo_arena {
    cbo_arena_block blk[CB_ARENA_BLOCKS];
    int nblk, cur;
} cbo_arena;

typedef struct cbo_mark {
    int cur;
    size_t used;
} cbo_mark;

void cbo_arena_init(cbo_arena *a);
void cbo_arena_release_all(cbo_arena *a);
/* bytes (aligned to 64) or NULL when out of memory. */
void *cbo_arena_alloc(cbo_arena *a, size_t bytes);
/* Nothing in use; the first blocks kept while they total at most keep bytes, the others freed. */
void cbo_arena_recycle(cbo_arena *a, size_t keep);
cbo_mark cbo_arena_mark(const cbo_arena *a);
void cbo_arena_reset(cbo_arena *a, cbo_mark m);

/*
 * The cache: key bytes (the candidate set and what else decides its value)
 * -> a proved lower bound, the exact value when known and the best guess.
 * Safe to use from many threads at once. When its memory limit is reached it
 * keeps its entries and stops adding new ones.
 */
typedef struct cbo_cache cbo_cache;

typedef struct cbo_cache_value {
    int64_t lb;    /* proved lower bound */
    int64_t exact; /* exact value, or -1 */
    uint32_t best; /* a best guess when exact, else CB_NONE */
} cbo_cache_value;

/* A cache holding at most limit_bytes, with buckets for about expect_bytes of entries. */
int cbo_cache_new(size_t limit_bytes, size_t expect_bytes, int threads, cbo_cache **out);
void cbo_cache_free(cbo_cache *c);
/*
 * Every entry forgotten, the memory kept for the next search (cbo_new_cache
 * sets it up): its chunks and buckets while they total at most keep bytes,
 * the others freed. No thread may be using c.
 */
void cbo_cache_recycle(cbo_cache *c, size_t keep);
uint64_t cbo_cache_hash(const void *key, size_t len);
/* 1 and *v when key is present. */
int cbo_cache_get(cbo_cache *c, const void *key, size_t len, uint64_t hash, cbo_cache_value *v);
/* Merge v into the entry of key (raising lb, setting exact), creating it when there is room. */
void cbo_cache_put(cbo_cache *c, int thread, const void *key, size_t len, uint64_t hash, const cbo_cache_value *v);
uint64_t cbo_cache_entries(const cbo_cache *c);
/* The number of buckets now: they grow with the entries (cache.c, grow). */
size_t cbo_cache_buckets(const cbo_cache *c);

struct cbo_solver;
/* A new, empty cache for S: S->cache's memory cleared when it has one (cbo_cache_recycle), else new. */
int cbo_new_cache(struct cbo_solver *S);

#endif
