/* rng.c: xoshiro256** (Blackman and Vigna), seeded through splitmix64. */
#include "codebreaker/rng.h"

uint64_t cb_rng_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void cb_rng_seed(cb_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = cb_rng_splitmix(&seed);
}

void cb_rng_seed2(cb_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    uint64_t mixed = cb_rng_splitmix(&x) ^ (stream * 0xd1342543de82ef95ull + 0x2545f4914f6cdd1dull);
    cb_rng_seed(rng, mixed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t cb_rng_next(cb_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t cb_rng_below(cb_rng *rng, uint32_t n)
{
    if (n == 0)
        return 0;
    /* Lemire's multiply-and-reject: unbiased with one multiplication most of the time */
    uint64_t m = (cb_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (cb_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double cb_rng_uniform(cb_rng *rng)
{
    return (double)(cb_rng_next(rng) >> 11) * 0x1.0p-53;
}
