/*
 * bench_rowkern.c: time per (entry, guess) pair of the scans' row kernel
 * (src/solver/rowkern.c): the baseline level against the level in use (the
 * processor's best, capped by CB_CPU_LEVEL=scalar|avx2|avx512), on rows of
 * n entries with Wordle's 243 feedback values, each row another row of a
 * table of 64 rows of 4096 columns (in the caches: the kernel's own speed),
 * hashed as the scan's duplicate check asks; read at n scattered columns
 * (a part reading its parent's local table) and in place (the secret-major
 * block), and 32 rows at once from their secret-major block (the block kernel,
 * nodes of at most CB_ROWBLOCK_MAX entries, against the baseline's 32 rows in place). Prints processor nanoseconds per
 * pair and, at the clock given (GHz, default: the processor's nominal one from /proc/cpuinfo), cycles per pair, with
 * the processor's model and the level. usage: bench_rowkern [GHZ]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codebreaker/version.h"
#include "solver/rowkern_internal.h"
#include "bench_clock.h"

enum { COLS = 4096, ROWS = 64 };

/* Best of 7 runs of `reps` rows through k, in ns per pair. */
static double run(cbo_row_fn k, const cbo_rowctx *c, const uint8_t *tab, long reps, uint8_t *out, unsigned *check)
{
    double best = 1e30;
    for (int r = 0; r < 7; r++) {
        double t0 = bench_now();
        for (long i = 0; i < reps; i++) {
            cbo_rowfig f;
            k(c, tab + (size_t)(i % ROWS) * COLS, out, &f);
            *check += f.parts + f.pairs + (unsigned)f.hash;
        }
        double t = (bench_now() - t0) / ((double)reps * c->n) * 1e9;
        if (t < best)
            best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    double ghz = bench_start(argc, argv);
    static const uint32_t sizes[] = {8, 16, 23, 32, 45, 64, 96, 97, 112, 128, 129, 200, 400, 1000};
    uint8_t *tab = malloc((size_t)ROWS * COLS + 64), out[COLS + 64];
    uint32_t *col = malloc(COLS * sizeof *col);
    struct cbo_tls *T = cbo_row_work_new();
    unsigned check = 0, seed = 1;
    if (!tab || !col || !T)
        return 1;
    for (size_t i = 0; i < (size_t)ROWS * COLS + 64; i++) { /* half the values 0, as big parts make */
        seed = seed * 1103515245u + 12345u;
        tab[i] = (uint8_t)((seed >> 16) % 243 * (seed >> 30 & 1));
    }
    cbo_row_fn level = cbo_row_kernel(cb_cpu_level_current());
    printf("# the scans' row kernel, per (entry, guess) pair, rows hashed; cycles at %.3f GHz\n", ghz);
    bench_machine();
    printf("%-10s %-6s %12s %12s %12s %12s %8s\n", "columns", "n", "baseline ns", "cycles", "level ns", "cycles",
           "speedup");
    for (int contig = 0; contig < 2; contig++)
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            uint32_t n = sizes[si];
            for (uint32_t e = 0; e < n; e++) {
                seed = seed * 1103515245u + 12345u;
                col[e] = contig ? e : (seed >> 8) % COLS;
            }
            cbo_rowctx c = {col, n, 0, 243, contig, 1, T};
            long reps = (long)(4e6 / n) + 1;
            double a = run(cbo_row_base, &c, tab, reps, out, &check);
            double b = run(level, &c, tab, reps, out, &check);
            printf("%-10s %-6u %12.3f %12.2f %12.3f %12.2f %7.1fx\n", contig ? "in place" : "scattered", n, a, a * ghz,
                   b, b * ghz, a / b);
        }
    /* the block kernel: entry e's values of 32 rows at sm + e * 64, the rows themselves guess-major at rows */
    static uint8_t sm[CB_ROWBLOCK_MAX * 64 + 32], rows[32 * CB_ROWBLOCK_MAX + 32];
    const uint8_t *in[CB_ROWBLOCK_MAX];
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && sizes[si] <= CB_ROWBLOCK_MAX; si++) {
        uint32_t n = sizes[si];
        for (uint32_t e = 0; e < n; e++) {
            in[e] = sm + (size_t)e * 64;
            for (uint32_t b = 0; b < 32; b++)
                rows[b * n + e] = sm[(size_t)e * 64 + b] = tab[(size_t)b * COLS + e];
        }
        cbo_rowctx c = {col, n, 0, 243, 1, 1, T};
        long reps = (long)(4e6 / n / 32) + 1;
        double best[2] = {1e30, 1e30};
        cbo_block_fn k = cbo_block_kernel(cb_cpu_level_current());
        if (!k)
            break;
        for (uint32_t e = 0; e < n; e++)
            col[e] = e;
        for (int lv = 0; lv < 2; lv++) {
            for (int r = 0; r < 7; r++) {
                double t0 = bench_now();
                for (long i = 0; i < reps; i++) {
                    cbo_rowfig f[32];
                    if (lv)
                        k(&c, in, rows, n, 32, f);
                    else /* the baseline: the 32 rows in place */
                        for (uint32_t b = 0; b < 32; b++)
                            cbo_row_base(&c, rows + b * n, out, f + b);
                    check += f[i & 31].parts + f[i & 31].pairs + (unsigned)f[i & 31].hash;
                }
                double t = (bench_now() - t0) / ((double)reps * 32 * n) * 1e9;
                best[lv] = t < best[lv] ? t : best[lv];
            }
        }
        printf("%-10s %-6u %12.3f %12.2f %12.3f %12.2f %7.1fx\n", "block", n, best[0], best[0] * ghz, best[1],
               best[1] * ghz, best[0] / best[1]);
    }
    printf("# checksum %u\n", check);
    free(tab);
    free(col);
    cbo_row_work_free(T);
    return 0;
}
