/*
 * hash.c: SipHash-2-4 (hash_internal.h), written from the paper: the keyed
 * digest that results files of `optimal` seal each line with.
 */
#include <string.h>

#include "base/hash_internal.h"

static uint64_t rotl(uint64_t x, int b)
{
    return (x << b) | (x >> (64 - b));
}

/* One SipRound on the state v. */
static void sip_round(uint64_t v[4])
{
    v[0] += v[1];
    v[1] = rotl(v[1], 13) ^ v[0];
    v[0] = rotl(v[0], 32);
    v[2] += v[3];
    v[3] = rotl(v[3], 16) ^ v[2];
    v[0] += v[3];
    v[3] = rotl(v[3], 21) ^ v[0];
    v[2] += v[1];
    v[1] = rotl(v[1], 17) ^ v[2];
    v[2] = rotl(v[2], 32);
}

/* The little-endian number of the n (at most 8) bytes at p. */
static uint64_t load_le(const unsigned char *p, size_t n)
{
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= (uint64_t)p[i] << (8 * i);
    return m;
}

/* Absorb one 8-byte word m with two rounds (the "2" of SipHash-2-4). */
static void compress(uint64_t v[4], uint64_t m)
{
    v[3] ^= m;
    sip_round(v);
    sip_round(v);
    v[0] ^= m;
}

uint64_t cbb_siphash(uint64_t k0, uint64_t k1, const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t v[4] = {k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull, k0 ^ 0x6c7967656e657261ull,
                     k1 ^ 0x7465646279746573ull};
    size_t full = len - len % 8;
    for (size_t i = 0; i < full; i += 8)
        compress(v, load_le(p + i, 8));
    compress(v, load_le(p + full, len % 8) | (uint64_t)(len & 0xff) << 56); /* the tail and the length */
    v[2] ^= 0xff;
    for (int r = 0; r < 4; r++) /* the "4": finalization rounds */
        sip_round(v);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}
