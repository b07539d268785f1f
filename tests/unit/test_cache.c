/*
 * test_cache.c: the exact solver's cache of solved sets (src/solver/cache.c):
 * every entry put is found again with its merged value, by one thread and by
 * several at once, while the buckets grow from their first number to many
 * times it; under a memory limit the cache stops adding and loses nothing it
 * holds.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "solver/cache_internal.h"

/* The key of entry i: 4 to 19 bytes, not a prefix of another's (its length is in it). */
static size_t key_of(uint32_t i, unsigned char *key)
{
    size_t len = 4 + i % 16;
    memset(key, 0, 20);
    memcpy(key, &i, 4);
    key[len - 1] ^= (unsigned char)(0x80 | len);
    return len;
}

/* Put entries [from, to) as thread t: lb i, and exact 2i for every third. */
static void put_range(cbo_cache *c, int t, uint32_t from, uint32_t to)
{
    unsigned char key[20];
    for (uint32_t i = from; i < to; i++) {
        size_t len = key_of(i, key);
        cbo_cache_value v = {(int64_t)i, i % 3 == 0 ? 2 * (int64_t)i : -1, i % 3 == 0 ? i : CB_NONE};
        cbo_cache_put(c, t, key, len, cbo_cache_hash(key, len), &v);
    }
}

/* How many of entries [0, n) are missing or hold a wrong value. */
static uint32_t wrong(cbo_cache *c, uint32_t n)
{
    unsigned char key[20];
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        size_t len = key_of(i, key);
        cbo_cache_value v;
        if (!cbo_cache_get(c, key, len, cbo_cache_hash(key, len), &v))
            bad++;
        else if (i % 3 == 0 ? v.exact != 2 * (int64_t)i || v.lb != 2 * (int64_t)i || v.best != i
                            : v.exact != -1 || v.lb != (int64_t)i || v.best != CB_NONE)
            bad++;
    }
    return bad;
}

int main(void)
{
    enum { N = 600000 };
    unsigned char key[20];
    /* one thread: the buckets grow (600000 entries, 4096 buckets at first) */
    cbo_cache *c = NULL;
    CHECK(cbo_cache_new((size_t)1 << 30, 0, 1, &c) == 0 && c);
    if (c) {
        size_t first = cbo_cache_buckets(c);
        put_range(c, 0, 0, N);
        CHECK_MSG(cbo_cache_entries(c) == N, "%llu entries", (unsigned long long)cbo_cache_entries(c));
        CHECK_MSG(cbo_cache_buckets(c) >= 4 * first && cbo_cache_entries(c) <= 2 * cbo_cache_buckets(c),
                  "%zu buckets at first, %zu after %d entries", first, cbo_cache_buckets(c), N);
        CHECK_MSG(wrong(c, N) == 0, "%u entries lost or wrong", wrong(c, N));
        size_t len = key_of(N + 5, key);
        cbo_cache_value v;
        CHECK(!cbo_cache_get(c, key, len, cbo_cache_hash(key, len), &v));
        /* a put merges: a higher bound raises lb, a lower one does not */
        len = key_of(7, key);
        cbo_cache_value up = {100, -1, CB_NONE}, down = {1, -1, CB_NONE};
        cbo_cache_put(c, 0, key, len, cbo_cache_hash(key, len), &up);
        cbo_cache_put(c, 0, key, len, cbo_cache_hash(key, len), &down);
        CHECK(cbo_cache_get(c, key, len, cbo_cache_hash(key, len), &v) && v.lb == 100 && v.exact == -1);
        cbo_cache_free(c);
    }
    /* two threads putting and reading at once while the buckets grow: nothing lost */
    c = NULL;
    CHECK(cbo_cache_new((size_t)1 << 30, 0, 2, &c) == 0 && c);
    if (c) {
#pragma omp parallel for num_threads(2) schedule(static, 1)
        for (int t = 0; t < 2; t++) {
            put_range(c, t, (uint32_t)t * (N / 2), (uint32_t)(t + 1) * (N / 2));
            (void)wrong(c, N / 4); /* lookups during the other thread's growth */
        }
        CHECK_MSG(cbo_cache_entries(c) == N && wrong(c, N) == 0, "two threads: %llu entries, %u lost or wrong",
                  (unsigned long long)cbo_cache_entries(c), wrong(c, N));
        cbo_cache_free(c);
    }
    /* a limit of 4 MiB: the cache fills, then keeps what it has and adds nothing */
    c = NULL;
    CHECK(cbo_cache_new((size_t)4 << 20, 0, 1, &c) == 0 && c);
    if (c) {
        put_range(c, 0, 0, N);
        uint64_t kept = cbo_cache_entries(c);
        CHECK_MSG(kept > 10000 && kept < N, "%llu entries kept under 4 MiB", (unsigned long long)kept);
        CHECK_MSG(wrong(c, (uint32_t)kept) == 0, "under the limit: %u of the first %llu lost or wrong",
                  wrong(c, (uint32_t)kept), (unsigned long long)kept);
        cbo_cache_free(c);
    }
    return check_done("test_cache");
}
