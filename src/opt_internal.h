/*
 * opt_internal.h: the exact solver's private parts shared between its files:
 * a stack allocator, the cache of solved sets and the symmetry groups.
 */
#ifndef CB_OPT_INTERNAL_H
#define CB_OPT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/game.h"

/*
 * A stack allocator: memory comes from big blocks and goes back in the
 * reverse order, by returning to a mark. Blocks never move, so pointers stay
 * valid until their mark is released.
 */
#define CB_ARENA_BLOCKS 48

typedef struct cb_arena_block {
    char *mem;
    size_t size, used;
} cb_arena_block;

typedef struct cb_arena {
    cb_arena_block blk[CB_ARENA_BLOCKS];
    int nblk, cur;
} cb_arena;

typedef struct cb_arena_mark {
    int cur;
    size_t used;
} cb_arena_mark;

void cb__arena_init(cb_arena *a);
void cb__arena_release_all(cb_arena *a);
/* bytes (aligned to 64) or NULL when out of memory. */
void *cb__arena_alloc(cb_arena *a, size_t bytes);
cb_arena_mark cb__arena_mark(const cb_arena *a);
void cb__arena_reset(cb_arena *a, cb_arena_mark m);

/*
 * The cache: key bytes (the candidate set and what else decides its value)
 * -> a proved lower bound, the exact value when known and the best guess.
 * Safe to use from many threads at once. When its memory limit is reached it
 * keeps its entries and stops adding new ones.
 */
typedef struct cb_cache cb_cache;

typedef struct cb_cache_value {
    int64_t lb;    /* proved lower bound */
    int64_t exact; /* exact value, or -1 */
    uint32_t best; /* a best guess when exact, else CB_NONE */
} cb_cache_value;

/* A cache holding at most limit_bytes, with buckets for about expect_bytes of entries. */
int cb__cache_new(size_t limit_bytes, size_t expect_bytes, int threads, cb_cache **out);
void cb__cache_free(cb_cache *c);
uint64_t cb__cache_hash(const void *key, size_t len);
/* 1 and *v when key is present. */
int cb__cache_get(cb_cache *c, const void *key, size_t len, uint64_t hash, cb_cache_value *v);
/* Merge v into the entry of key (raising lb, setting exact), creating it when there is room. */
void cb__cache_put(cb_cache *c, int thread, const void *key, size_t len, uint64_t hash, const cb_cache_value *v);
uint64_t cb__cache_entries(const cb_cache *c);

/*
 * Symmetries of complete dictionaries: a group of maps of codes, each a
 * permutation of positions (perm[j]: the position whose symbol moves to j)
 * and of colours. The group is stored as a list of elements whose colour map
 * is fixed on the colours already used by the history (`used`), times every
 * permutation of the unused colours. Every element fixes each guess of the
 * history, so it maps the candidates onto themselves.
 */
typedef struct cb_sym_el {
    uint8_t perm[CB_MAX_LENGTH];
    uint8_t col[CB_MAX_SYMBOLS]; /* image of each used colour */
} cb_sym_el;

typedef struct cb_sym_group {
    uint32_t count;   /* list elements */
    uint64_t used;    /* bit mask of used colours */
    int k, n;
    cb_sym_el *el;
} cb_sym_group;

/* Order of the group (list size times (unused colours)!), saturating. */
uint64_t cb__sym_order(const cb_sym_group *g);
/* 1 when the group is just the identity. */
int cb__sym_trivial(const cb_sym_group *g);
/*
 * Canonical form of code (n symbols) under the group: the least image, as a
 * base-k number. Codes of one orbit, and only they, share it.
 */
uint64_t cb__sym_canon(const cb_sym_group *g, const uint8_t *code);
/* The elements of g that fix code, into out (room for g->count elements). */
void cb__sym_stabilizer(const cb_sym_group *g, const uint8_t *code, cb_sym_group *out);

#endif
