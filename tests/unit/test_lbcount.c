/*
 * test_lbcount.c: the look-ahead's count (src/solver/lbcount.c) at every
 * processor level this machine has (cb_cpu_level), the lower ones forced
 * with cb_cpu_level_cap, against the scalar reference and both against a
 * count written the slowest way, over random blocks of every word count,
 * ragged block ends, the edges of the chunks of entries and empty nodes
 * (fixed seeds); and the sets' popcount (cbo_lb_sets) at each level.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codebreaker/status.h"
#include "codebreaker/version.h"
#include "solver/lbcount_internal.h"

/* Distinct values of guess b over the n rows, and whether `won` is one, by looking at each value once per pair. */
static void slow(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t b, uint32_t won, unsigned *parts,
                 unsigned *haswon)
{
    unsigned char seen[256] = {0};
    *parts = 0;
    *haswon = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint8_t v = blk[(size_t)col[e] * CB_LBSCAN_BLOCK + b];
        if (!seen[v]) {
            seen[v] = 1;
            ++*parts;
        }
        if (v == won)
            *haswon = 1;
    }
}

/* 400 random counts at the level in use against the reference and the slow count; the number of failures. */
static int trials(uint8_t *blk, uint32_t *col, uint64_t (*bm)[4], unsigned long long seed)
{
    enum { P = 400 };
    uint16_t pf[CB_LBSCAN_BLOCK], pr[CB_LBSCAN_BLOCK];
    uint8_t wf[CB_LBSCAN_BLOCK], wr[CB_LBSCAN_BLOCK];
    static const uint32_t nvals_list[] = {1, 2, 15, 63, 64, 65, 127, 128, 129, 200, 243, 255, 256};
    const char *level = cb_cpu_level_name(cb_cpu_level_current());
    int bad = 0;
    for (int trial = 0; trial < 400; trial++) {
        uint32_t nvals = nvals_list[trial % (sizeof nvals_list / sizeof *nvals_list)];
        uint32_t n = trial % 7 == 0 ? 0 : (uint32_t)(check_rand(&seed) % P) + 1;
        if (trial % 7 == 3) /* the chunks' edges: a chunk, one short of it, one past it, two */
            n = CB_LBCOUNT_CHUNK * (1 + (uint32_t)(check_rand(&seed) % 2)) + (uint32_t)(check_rand(&seed) % 3) - 1;
        uint32_t jn = trial % 3 == 0 ? CB_LBSCAN_BLOCK : (uint32_t)(check_rand(&seed) % CB_LBSCAN_BLOCK) + 1;
        uint32_t won = (uint32_t)(check_rand(&seed) % nvals);
        /* few distinct values at times, so the win is sometimes absent and parts sometimes 1 */
        uint32_t spread = trial % 4 == 1 ? 1 + (uint32_t)(check_rand(&seed) % 3) : nvals;
        if (spread > nvals)
            spread = nvals;
        uint32_t base = (uint32_t)(check_rand(&seed) % (nvals - spread + 1));
        for (size_t i = 0; i < (size_t)P * CB_LBSCAN_BLOCK; i++)
            blk[i] = (uint8_t)(base + check_rand(&seed) % spread);
        for (uint32_t e = 0; e < n; e++)
            col[e] = (uint32_t)(check_rand(&seed) % P); /* repeats too: the count must not care */
        memset(pf, 0xee, sizeof pf);
        memset(wf, 0xee, sizeof wf);
        cbo_lbcount_kernel(cb_cpu_level_current())(blk, col, n, jn, nvals, won, bm, pf, wf);
        cbo_lb_count_ref(blk, col, n, jn, won, bm, pr, wr);
        for (uint32_t b = 0; b < jn && bad < 10; b++) {
            unsigned ps, ws;
            slow(blk, col, n, b, won, &ps, &ws);
            int ok = pf[b] == ps && wf[b] == ws && pr[b] == ps && wr[b] == ws;
            CHECK_MSG(ok, "%s: nvals %u n %u jn %u won %u guess %u: level %u/%u, reference %u/%u, slow %u/%u", level,
                      nvals, n, jn, won, b, pf[b], wf[b], pr[b], wr[b], ps, ws);
            bad += !ok;
        }
        int zero = 1;
        for (uint32_t b = 0; b < CB_LBSCAN_BLOCK; b++)
            zero &= !bm[b][0] && !bm[b][1] && !bm[b][2] && !bm[b][3];
        CHECK_MSG(zero, "%s: the sets are left at zero (trial %d)", level, trial);
    }
    return bad;
}

/* cbo_lb_sets at the level in use on random sets against bit-by-bit counts; the number of failures. */
static int sets_trials(uint64_t (*bm)[4], unsigned long long seed)
{
    uint16_t parts[CB_LBSCAN_BLOCK], want[CB_LBSCAN_BLOCK];
    uint8_t haswon[CB_LBSCAN_BLOCK], wwon[CB_LBSCAN_BLOCK];
    int bad = 0;
    for (int trial = 0; trial < 50; trial++) {
        uint32_t jn = (uint32_t)(check_rand(&seed) % CB_LBSCAN_BLOCK) + 1, won = (uint32_t)(check_rand(&seed) % 256);
        for (uint32_t b = 0; b < jn; b++) {
            unsigned k = 0;
            for (int w = 0; w < 4; w++) {
                /* sparse, dense, empty and full words */
                uint64_t r = check_rand(&seed) ^ (check_rand(&seed) << 32), m = (uint64_t)(trial % 4);
                bm[b][w] = m == 0 ? r & check_rand(&seed) : m == 1 ? r | check_rand(&seed) : m == 2 ? 0 : ~0ull;
                for (int i = 0; i < 64; i++)
                    k += (unsigned)(bm[b][w] >> i & 1);
            }
            want[b] = (uint16_t)k;
            wwon[b] = (uint8_t)(bm[b][won / 64] >> (won % 64) & 1);
        }
        cbo_lbsets_kernel(cb_cpu_level_current())(bm, jn, won, parts, haswon);
        for (uint32_t b = 0; b < jn && bad < 10; b++) {
            int ok = parts[b] == want[b] && haswon[b] == wwon[b] && !bm[b][0] && !bm[b][1] && !bm[b][2] && !bm[b][3];
            CHECK_MSG(ok, "%s: sets of guess %u: %u/%u, want %u/%u", cb_cpu_level_name(cb_cpu_level_current()), b,
                      parts[b], haswon[b], want[b], wwon[b]);
            bad += !ok;
        }
    }
    return bad;
}

int main(void)
{
    enum { P = 400 };
    uint8_t *blk = malloc((size_t)P * CB_LBSCAN_BLOCK);
    uint32_t col[P];
    uint64_t(*bm)[4] = calloc(CB_LBSCAN_BLOCK, sizeof *bm);
    if (!blk || !bm)
        return 1;
    cb_cpu_level best = cb_cpu_level_best();
    CHECK(cb_cpu_level_current() == best); /* uncapped */
    printf("best level of this processor and build: %s; checking it and each one below\n", cb_cpu_level_name(best));
    for (int l = (int)best; l >= (int)CB_CPU_SCALAR; l--) {
        CHECK(cb_cpu_level_cap((cb_cpu_level)l) == (cb_cpu_level)l);
        int bad = trials(blk, col, bm, 25) + sets_trials(bm, 26);
        printf("level %s: %s\n", cb_cpu_level_name((cb_cpu_level)l), bad ? "FAILED" : "as the reference");
    }
    /* a cap above the best gives the best; below scalar, scalar */
    CHECK(cb_cpu_level_cap(CB_CPU_AVX512) == best);
    CHECK(cb_cpu_level_cap((cb_cpu_level)-1) == CB_CPU_SCALAR);
    CHECK(cb_cpu_level_cap(CB_CPU_AVX512) == best);
    CHECK(strcmp(cb_cpu_level_name(CB_CPU_AVX2), "avx2") == 0);
    /* the one reader of CB_CPU_LEVEL's names (the program and the benchmarks call it) */
    for (int l = CB_CPU_SCALAR; l <= CB_CPU_AVX512; l++) {
        cb_cpu_level got = CB_CPU_SCALAR;
        CHECK(cb_cpu_level_parse(cb_cpu_level_name((cb_cpu_level)l), &got) == CB_OK && got == (cb_cpu_level)l);
    }
    cb_cpu_level kept = CB_CPU_AVX2;
    CHECK(cb_cpu_level_parse("AVX2", &kept) == CB_EINVAL && kept == CB_CPU_AVX2);
    CHECK(cb_cpu_level_parse("", &kept) == CB_EINVAL && cb_cpu_level_parse(NULL, &kept) == CB_EINVAL);
    free(blk);
    free(bm);
    return check_done("test_lbcount");
}
