/*
 * cache.c: the exact solver's memory: a stack allocator per thread (blocks
 * that never move, released to a mark) and the cache of solved sets shared
 * by the threads, with its memory limit.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/memory_internal.h"
#include "solver/cache_internal.h"
#include "solver/run_internal.h"

void cbo_arena_init(cbo_arena *a)
{
    memset(a, 0, sizeof *a);
}

void cbo_arena_release_all(cbo_arena *a)
{
    for (int i = 0; i < a->nblk; i++)
        free(a->blk[i].mem);
    memset(a, 0, sizeof *a);
}

void *cbo_arena_alloc(cbo_arena *a, size_t bytes)
{
    bytes = (bytes + 63) & ~(size_t)63;
    if (a->nblk == 0 || a->blk[a->cur].used + bytes > a->blk[a->cur].size) {
        int next = a->nblk == 0 ? 0 : a->cur + 1;
        if (next < a->nblk && a->blk[next].size < bytes) { /* too small: drop it and those after */
            for (int i = next; i < a->nblk; i++)
                free(a->blk[i].mem);
            a->nblk = next;
        }
        if (next >= a->nblk) {
            if (next >= CB_ARENA_BLOCKS)
                return NULL;
            size_t size = next ? a->blk[next - 1].size * 2 : CB_ARENA_MIN_BLOCK;
            if (size < bytes)
                size = bytes;
            char *mem = cbb_alloc_big(size); /* 64-byte aligned at least */
            if (!mem)
                return NULL;
            a->blk[next] = (cbo_arena_block){mem, size, 0};
            a->nblk = next + 1;
        }
        a->cur = next;
        a->blk[next].used = 0;
    }
    void *p = a->blk[a->cur].mem + a->blk[a->cur].used;
    a->blk[a->cur].used += bytes;
    return p;
}

void cbo_arena_recycle(cbo_arena *a, size_t keep)
{
    size_t kept = 0;
    int n = 0;
    while (n < a->nblk && kept + a->blk[n].size <= keep)
        kept += a->blk[n++].size;
    for (int i = n; i < a->nblk; i++)
        free(a->blk[i].mem);
    a->nblk = n;
    a->cur = 0;
    if (n)
        a->blk[0].used = 0;
}

cbo_mark cbo_arena_mark(const cbo_arena *a)
{
    cbo_mark m = {a->cur, a->nblk ? a->blk[a->cur].used : 0};
    return m;
}

void cbo_arena_reset(cbo_arena *a, cbo_mark m)
{
    if (!a->nblk)
        return;
    a->cur = m.cur;
    a->blk[m.cur].used = m.used;
}

typedef struct centry {
    struct centry *next;
    uint64_t hash;
    int64_t lb, exact;
    uint32_t best, len;
    unsigned char key[];
} centry;

/* Per-thread chunks that entries are carved from; freed with the cache. */
typedef struct cchunk {
    struct cchunk *prev;
    size_t used, size; /* size: what the search counts, at most cap less the header */
    size_t cap;        /* bytes allocated, the header included */
    unsigned char mem[];
} cchunk;

struct cbo_cache {
    centry **buckets;
    size_t mask;
    size_t limit;
    size_t bytes;     /* updated atomically */
    uint64_t entries; /* updated atomically */
    int threads;
    int full;        /* the buckets cannot grow (limit or memory): grow() is not called again */
    cchunk **chunks; /* one list per thread */
    cchunk **spare;  /* one list per thread: chunks of an earlier search, the oldest on top, taken first */
    int lists;       /* the lists of chunks and spare (at least threads) */
    size_t nbk;      /* buckets allocated (at least mask + 1): an earlier search's, kept */
#ifdef _OPENMP
    omp_lock_t locks[CB_CACHE_LOCKS];
#endif
};

/*
 * c as a new cache: no entry, limit_bytes, buckets for about expect_bytes of
 * entries (the kept ones when there are enough, cleared), lists for
 * `threads`; counted as a new cache counts itself. CB_ENOMEM.
 */
static int setup(cbo_cache *c, size_t limit_bytes, size_t expect_bytes, int threads)
{
    size_t nb = CB_CACHE_MIN_BUCKETS;
    while (nb < expect_bytes / 256 && nb < CB_CACHE_MAX_BUCKETS)
        nb <<= 1;
    if (c->nbk >= nb)
        memset(c->buckets, 0, nb * sizeof *c->buckets);
    else {
        free(c->buckets);
        c->nbk = 0;
        if (!(c->buckets = calloc(nb, sizeof *c->buckets)))
            return CB_ENOMEM;
        c->nbk = nb;
    }
    if (threads > c->lists) {
        cchunk **ch = realloc(c->chunks, (size_t)threads * sizeof *ch);
        if (ch)
            c->chunks = ch;
        cchunk **sp = ch ? realloc(c->spare, (size_t)threads * sizeof *sp) : NULL;
        if (!sp)
            return CB_ENOMEM;
        c->spare = sp;
        for (int t = c->lists; t < threads; t++)
            c->chunks[t] = c->spare[t] = NULL;
        c->lists = threads;
    }
    c->mask = nb - 1;
    c->limit = limit_bytes;
    c->bytes = nb * sizeof *c->buckets;
    c->entries = 0;
    c->full = 0;
    c->threads = threads;
    return CB_OK;
}

int cbo_cache_new(size_t limit_bytes, size_t expect_bytes, int threads, cbo_cache **out)
{
    cbo_cache *c = calloc(1, sizeof *c);
    if (!c)
        return -2;
#ifdef _OPENMP
    for (int i = 0; i < CB_CACHE_LOCKS; i++)
        omp_init_lock(&c->locks[i]);
#endif
    if (setup(c, limit_bytes, expect_bytes, threads) != CB_OK) {
        cbo_cache_free(c);
        return -2;
    }
    *out = c;
    return 0;
}

static void free_list(cchunk *k)
{
    while (k) {
        cchunk *prev = k->prev;
        free(k);
        k = prev;
    }
}

void cbo_cache_free(cbo_cache *c)
{
    if (!c)
        return;
    for (int t = 0; t < c->lists; t++) {
        free_list(c->chunks[t]);
        free_list(c->spare[t]);
    }
#ifdef _OPENMP
    for (int i = 0; i < CB_CACHE_LOCKS; i++)
        omp_destroy_lock(&c->locks[i]);
#endif
    free(c->chunks);
    free(c->spare);
    free(c->buckets);
    free(c);
}

void cbo_cache_recycle(cbo_cache *c, size_t keep)
{
    size_t kept = c->nbk * sizeof *c->buckets;
    if (kept > keep) {
        free(c->buckets);
        c->buckets = NULL;
        c->nbk = 0;
        kept = 0;
    }
    for (int t = 0; t < c->lists; t++) {
        for (cchunk *k = c->chunks[t], *prev; k; k = prev) { /* newest first: the oldest ends on top */
            prev = k->prev;
            k->prev = c->spare[t];
            c->spare[t] = k;
        }
        c->chunks[t] = NULL;
        cchunk **p = &c->spare[t];
        while (*p && kept + (*p)->cap <= keep) {
            kept += (*p)->cap;
            p = &(*p)->prev;
        }
        free_list(*p);
        *p = NULL;
    }
    c->entries = 0;
}

uint64_t cbo_cache_entries(const cbo_cache *c)
{
    return c->entries;
}

size_t cbo_cache_buckets(const cbo_cache *c)
{
    return c->mask + 1;
}

uint64_t cbo_cache_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (len * 0xff51afd7ed558ccdull);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
        p += 8;
        len -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, len);
    h = (h ^ w) * 0x94d049bb133111ebull;
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

/*
 * An entry's bucket is bits 8 and up of its hash, its lock bits 8 to 15: the
 * entries of a bucket share its lock, whatever the number of buckets (at
 * least CB_CACHE_LOCKS), so that growing the buckets moves no entry to
 * another lock.
 */
_Static_assert(CB_CACHE_MIN_BUCKETS >= CB_CACHE_LOCKS && (CB_CACHE_LOCKS & (CB_CACHE_LOCKS - 1)) == 0,
               "a bucket's entries share one lock");

static inline size_t lock_of(uint64_t hash)
{
    return (size_t)(hash >> 8) & (CB_CACHE_LOCKS - 1);
}

static void lock(cbo_cache *c, uint64_t hash)
{
#ifdef _OPENMP
    omp_set_lock(&c->locks[lock_of(hash)]);
#else
    (void)c;
    (void)hash;
#endif
}

static void unlock(cbo_cache *c, uint64_t hash)
{
#ifdef _OPENMP
    omp_unset_lock(&c->locks[lock_of(hash)]);
#else
    (void)c;
    (void)hash;
#endif
}

/*
 * Four times the buckets once there are twice as many entries as buckets,
 * so that a lookup walks a short chain however long the search runs (a
 * proof over every opener caches tens of millions of sets). The caller
 * holds no lock; this takes them all, in order. Without the memory for the
 * new array (or past the limit) the buckets stay as they are.
 */
static void grow(cbo_cache *c)
{
#ifdef _OPENMP
    for (int i = 0; i < CB_CACHE_LOCKS; i++)
        omp_set_lock(&c->locks[i]);
#endif
    size_t nb = c->mask + 1, entries;
#pragma omp atomic read
    entries = c->entries;
    size_t bytes;
#pragma omp atomic read
    bytes = c->bytes;
    size_t nn = nb * 4, add = nn * sizeof *c->buckets;
    centry **nbk =
        entries > 2 * nb && nn <= CB_CACHE_MAX_BUCKETS && bytes + add < c->limit ? calloc(nn, sizeof *nbk) : NULL;
    if (!nbk && entries > 2 * nb)
        c->full = 1; /* no more buckets: not tried again */
    if (nbk) {
        for (size_t b = 0; b < nb; b++)
            for (centry *e = c->buckets[b], *next; e; e = next) {
                next = e->next;
                size_t to = (size_t)(e->hash >> 8) & (nn - 1);
                e->next = nbk[to];
                nbk[to] = e;
            }
        free(c->buckets);
        c->buckets = nbk;
        c->nbk = nn;
        c->mask = nn - 1;
#pragma omp atomic
        c->bytes += add - nb * sizeof *c->buckets;
    }
#ifdef _OPENMP
    for (int i = CB_CACHE_LOCKS - 1; i >= 0; i--)
        omp_unset_lock(&c->locks[i]);
#endif
}

static centry *find(cbo_cache *c, const void *key, size_t len, uint64_t hash)
{
    for (centry *e = c->buckets[(hash >> 8) & c->mask]; e; e = e->next)
        if (e->hash == hash && e->len == len && memcmp(e->key, key, len) == 0)
            return e;
    return NULL;
}

int cbo_cache_get(cbo_cache *c, const void *key, size_t len, uint64_t hash, cbo_cache_value *v)
{
    lock(c, hash);
    centry *e = find(c, key, len, hash);
    if (e) {
        v->lb = e->lb;
        v->exact = e->exact;
        v->best = e->best;
    }
    unlock(c, hash);
    return e != NULL;
}

static centry *carve(cbo_cache *c, int thread, size_t bytes)
{
    bytes = (bytes + 7) & ~(size_t)7;
    cchunk *k = c->chunks[thread];
    if (!k || k->used + bytes > k->size) {
        /* a thread's first chunk is small, on small pages: most searches cache a few hundred sets */
        size_t chunk = k ? CB_CACHE_CHUNK : CB_CACHE_FIRST_CHUNK;
        size_t size = bytes + sizeof *k > chunk ? bytes + sizeof *k : chunk;
        cchunk *nk;
        while ((nk = c->spare[thread]) != NULL && nk->cap < size) { /* too small for this one: dropped */
            c->spare[thread] = nk->prev;
            free(nk);
        }
        if (nk) /* an earlier search's, resident */
            c->spare[thread] = nk->prev;
        else if ((nk = cbb_alloc_big(size)) != NULL) /* its header inside: a chunk of CB_CACHE_CHUNK is one huge page */
            nk->cap = size;
        else
            return NULL;
        size -= sizeof *k;
        nk->prev = k;
        nk->used = 0;
        nk->size = size;
        c->chunks[thread] = k = nk;
#pragma omp atomic
        c->bytes += size;
    }
    centry *e = (centry *)(void *)(k->mem + k->used);
    k->used += bytes;
    return e;
}

void cbo_cache_put(cbo_cache *c, int thread, const void *key, size_t len, uint64_t hash, const cbo_cache_value *v)
{
    int crowded = 0;
    lock(c, hash);
    centry *e = find(c, key, len, hash);
    if (!e) {
        size_t bytes;
#pragma omp atomic read
        bytes = c->bytes;
        if (bytes < c->limit && (e = carve(c, thread, sizeof *e + len)) != NULL) {
            e->hash = hash;
            e->len = (uint32_t)len;
            e->lb = 0;
            e->exact = -1;
            e->best = CB_NONE;
            memcpy(e->key, key, len);
            size_t b = (hash >> 8) & c->mask;
            e->next = c->buckets[b];
            c->buckets[b] = e;
            uint64_t n;
#pragma omp atomic capture
            n = ++c->entries;
            crowded = n > 2 * (c->mask + 1) && !c->full;
        }
    }
    if (e) {
        if (v->lb > e->lb)
            e->lb = v->lb;
        if (v->exact >= 0 && e->exact < 0) {
            e->exact = v->exact;
            e->best = v->best;
            e->lb = v->exact;
        }
    }
    unlock(c, hash);
    if (crowded)
        grow(c);
}

/* A quarter of the memory, at most 4 GiB: the cache's limit when the options give none. */
static size_t default_cache_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    size_t ram = pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)4 << 30;
    size_t c = ram / 4;
    return c > ((size_t)4 << 30) ? (size_t)4 << 30 : c;
}

int cbo_new_cache(cbo_solver *S)
{
    size_t bytes = S->opt.cache_bytes ? S->opt.cache_bytes : default_cache_bytes();
    size_t expect = (size_t)S->game->nsecret * (S->pairs ? CB_MAPPINGS : 1) * 1024; /* buckets follow the game's size */
    if (expect > bytes)
        expect = bytes;
    if (!S->cache)
        return cbo_cache_new(bytes, expect, S->nthreads, &S->cache) == 0 ? CB_OK : CB_ENOMEM;
    cbo_cache_recycle(S->cache, CB_WORKSPACE_KEEP); /* its memory, resident, for the new one */
    return setup(S->cache, bytes, expect, S->nthreads);
}
