/*
 * lbcount_internal.h: the look-ahead's count (lbcount.c) at each processor level,
 * with the scalar reference the tests check it against.
 */
#ifndef CB_SOLVER_LBCOUNT_INTERNAL_H
#define CB_SOLVER_LBCOUNT_INTERNAL_H

#include <stdint.h>

#include "codebreaker/version.h"
#include "tuning.h"

/*
 * For the jn guesses (at most CB_LBSCAN_BLOCK) of a block whose values for
 * entry e are the row blk + col[e] * CB_LBSCAN_BLOCK (rows of CB_LBSCAN_BLOCK
 * bytes, all readable; values below nvals <= 256): parts[b] = how many
 * distinct values guess b makes, haswon[b] = whether one is `won`. parts and
 * haswon have room for CB_LBSCAN_BLOCK; bm is CB_LBSCAN_BLOCK zero sets,
 * left at zero. cbo_lbcount_kernel: the version of a processor level, the
 * best this build has at or below it.
 */
typedef void cbo_lbcount_fn(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                            uint32_t won, uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon);
cbo_lbcount_fn *cbo_lbcount_kernel(cb_cpu_level level);
/* The same, always the scalar version with the baseline's popcount (the tests' reference). */
void cbo_lb_count_ref(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t won, uint64_t (*bm)[4],
                      uint16_t *parts, uint8_t *haswon);
/*
 * The parts and the win of the jn guesses whose sets are bm (marked by the caller), which it leaves at zero;
 * with the hardware popcount from level CB_CPU_AVX2 on (cbo_lbsets_kernel, as cbo_lbcount_kernel).
 */
typedef void cbo_lbsets_fn(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts, uint8_t *haswon);
cbo_lbsets_fn *cbo_lbsets_kernel(cb_cpu_level level);

#endif
