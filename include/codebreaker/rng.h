/*
 * rng.h: the library's random numbers: small, fast, seeded explicitly.
 *
 * Everything random in codebreaker (random strategies, random tie-breaks,
 * samples of secrets, Monte Carlo rollouts) draws from a cb_rng made from
 * a seed the caller chose, so that any run can be repeated. The generator
 * is xoshiro256** seeded through splitmix64; a cb_rng is a plain value,
 * one per thread, copied freely.
 */
#ifndef CODEBREAKER_RNG_H
#define CODEBREAKER_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_rng {
    uint64_t s[4];
} cb_rng;

/* Start rng from seed (any value, 0 included). */
void cb_rng_seed(cb_rng *rng, uint64_t seed);
/* Start rng from a seed and a stream number: independent sequences per game, per thread. */
void cb_rng_seed2(cb_rng *rng, uint64_t seed, uint64_t stream);
/* The next 64 random bits. */
uint64_t cb_rng_next(cb_rng *rng);
/* A uniform integer in [0, n), without bias; 0 when n is 0. */
uint32_t cb_rng_below(cb_rng *rng, uint32_t n);
/* A uniform double in [0, 1). */
double cb_rng_uniform(cb_rng *rng);
/*
 * One step of splitmix64 (Steele, Lea and Flood): advances *state and
 * returns 64 well-mixed bits. It seeds the generator above, and draws the
 * daily game's secret from its date's key (cb_daily_draw).
 */
uint64_t cb_rng_splitmix(uint64_t *state);

#ifdef __cplusplus
}
#endif

#endif
