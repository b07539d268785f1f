/*
 * bench_lbcount.c: time per (entry, guess) pair of the look-ahead's count
 * (src/solver/lbcount.c), the scalar reference against the level in use
 * (the processor's best, capped by CB_CPU_LEVEL=scalar|avx2|avx512), on random blocks shaped like an all-openers
 * proof's: a parent of P entries, nodes of n of them, 256 guesses, V feedback values. Prints nanoseconds per pair and,
 * at the clock given (GHz, default: the processor's nominal one from /proc/cpuinfo), cycles per pair: first with one
 * block read again and again (in the caches: the kernel's own speed), then as a proof reads them, each count on another
 * block of a table of 3158 entries and 58 blocks (the NYT 2023 lists' root, 47 MB) and on other entries, so the rows
 * come from memory. usage: bench_lbcount [GHZ]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codebreaker/version.h"
#include "solver/lbcount_internal.h"
#include "bench_clock.h"

/* Best of 5 runs of `reps` counts, in ns per pair. */
static double run(int fast, const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t nvals, long reps,
                  uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon, unsigned *check)
{
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        double t0 = bench_now();
        for (long i = 0; i < reps; i++) {
            if (fast)
                cbo_lbcount_kernel(cb_cpu_level_current())(blk, col, n, CB_LBSCAN_BLOCK, nvals, 0, bm, parts, haswon);
            else
                cbo_lb_count_ref(blk, col, n, CB_LBSCAN_BLOCK, 0, bm, parts, haswon);
            *check += parts[i & (CB_LBSCAN_BLOCK - 1)];
        }
        double t = (bench_now() - t0) / ((double)reps * n * CB_LBSCAN_BLOCK) * 1e9;
        if (t < best)
            best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    double ghz = bench_start(argc, argv);
    const uint32_t P = 3000;
    static const uint32_t sizes[] = {16, 64, 256, 1024};
    static const uint32_t values[] = {15, 243};
    uint8_t *blk = malloc((size_t)P * CB_LBSCAN_BLOCK);
    uint32_t *col = malloc(P * sizeof *col);
    uint64_t(*bm)[4] = calloc(CB_LBSCAN_BLOCK, sizeof *bm);
    uint16_t parts[CB_LBSCAN_BLOCK];
    uint8_t haswon[CB_LBSCAN_BLOCK];
    unsigned check = 0, seed = 1;
    if (!blk || !col || !bm)
        return 1;
    printf("# the look-ahead's count, per (entry, guess) pair; cycles at %.3f GHz\n", ghz);
    bench_machine();
    printf("%-8s %-6s %12s %12s %12s %12s %8s\n", "values", "n", "scalar ns", "cycles", "level ns", "cycles",
           "speedup");
    for (size_t vi = 0; vi < sizeof values / sizeof *values; vi++)
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            uint32_t nvals = values[vi], n = sizes[si];
            for (size_t i = 0; i < (size_t)P * CB_LBSCAN_BLOCK; i++) {
                seed = seed * 1103515245u + 12345u;
                blk[i] = (uint8_t)((seed >> 16) % nvals);
            }
            /* n of the parent's entries, in order, as a part's are */
            for (uint32_t e = 0, k = 0; e < P && k < n; e++)
                if ((uint64_t)(P - e) * ((seed = seed * 1103515245u + 12345u) >> 16 & 0x7fff) <
                    (uint64_t)(n - k) * 0x8000)
                    col[k++] = e;
            long reps = (long)(2e7 / ((double)n * CB_LBSCAN_BLOCK)) + 1;
            double a = run(0, blk, col, n, nvals, reps, bm, parts, haswon, &check);
            double b = run(1, blk, col, n, nvals, reps, bm, parts, haswon, &check);
            printf("%-8u %-6u %12.3f %12.2f %12.3f %12.2f %7.1fx\n", nvals, n, a, a * ghz, b, b * ghz, a / b);
        }
    /* as a proof: a table of NB blocks of P2 entries, each count on the next block and another node */
    enum { P2 = 3158, NB = 58, NODES = 64 };
    uint8_t *big = malloc((size_t)NB * P2 * CB_LBSCAN_BLOCK);
    uint32_t *cols = malloc((size_t)NODES * P2 * sizeof *cols);
    if (!big || !cols)
        return 1;
    for (size_t i = 0; i < (size_t)NB * P2 * CB_LBSCAN_BLOCK; i++) {
        seed = seed * 1103515245u + 12345u;
        big[i] = (uint8_t)((seed >> 16) % 243);
    }
    printf("# in a table of %u entries x %u blocks (%.0f MB), each count on another block and node\n", P2, NB,
           (double)NB * P2 * CB_LBSCAN_BLOCK / 1e6);
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        uint32_t n = sizes[si];
        for (uint32_t k = 0; k < NODES; k++)
            for (uint32_t e = 0, c = 0; e < P2 && c < n; e++)
                if ((uint64_t)(P2 - e) * ((seed = seed * 1103515245u + 12345u) >> 16 & 0x7fff) <
                    (uint64_t)(n - c) * 0x8000)
                    cols[(size_t)k * P2 + c++] = e;
        double t[2];
        for (int fast = 0; fast < 2; fast++) {
            long reps = (long)(2e8 / ((double)n * CB_LBSCAN_BLOCK)) + 1;
            t[fast] = 1e30;
            for (int r = 0; r < 3; r++) {
                double t0 = bench_now();
                for (long i = 0; i < reps; i++) {
                    const uint8_t *bb = big + (size_t)(i % NB) * P2 * CB_LBSCAN_BLOCK;
                    const uint32_t *cc = cols + (size_t)(i % NODES) * P2;
                    if (fast)
                        cbo_lbcount_kernel(cb_cpu_level_current())(bb, cc, n, CB_LBSCAN_BLOCK, 243, 0, bm, parts,
                                                                   haswon);
                    else
                        cbo_lb_count_ref(bb, cc, n, CB_LBSCAN_BLOCK, 0, bm, parts, haswon);
                    check += parts[i & (CB_LBSCAN_BLOCK - 1)];
                }
                double x = (bench_now() - t0) / ((double)reps * n * CB_LBSCAN_BLOCK) * 1e9;
                t[fast] = x < t[fast] ? x : t[fast];
            }
        }
        printf("%-8u %-6u %12.3f %12.2f %12.3f %12.2f %7.1fx\n", 243, n, t[0], t[0] * ghz, t[1], t[1] * ghz,
               t[0] / t[1]);
    }
    free(big);
    free(cols);
    printf("# checksum %u\n", check);
    free(blk);
    free(col);
    free(bm);
    return 0;
}
