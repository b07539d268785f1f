/*
 * test_lbcount.c: the look-ahead's count (src/solver/lbcount.c), the
 * version this processor takes against the portable one and both against
 * a count written the slowest way, over random blocks of every word count,
 * ragged block ends, the edges of the chunks of entries and empty nodes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "solver/solver_internal.h"

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

int main(void)
{
    enum { P = 400 };
    uint8_t *blk = malloc((size_t)P * CB_LBSCAN_BLOCK);
    uint32_t col[P];
    uint64_t(*bm)[4] = calloc(CB_LBSCAN_BLOCK, sizeof *bm);
    uint16_t pf[CB_LBSCAN_BLOCK], pr[CB_LBSCAN_BLOCK];
    uint8_t wf[CB_LBSCAN_BLOCK], wr[CB_LBSCAN_BLOCK];
    unsigned long long seed = 25;
    static const uint32_t nvals_list[] = {1, 2, 15, 63, 64, 65, 127, 128, 129, 200, 243, 255, 256};
    int bad = 0;
    if (!blk || !bm)
        return 1;
    printf("fast version: %s\n", cbo_lb_count_fast() ? "AVX-512" : "none");
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
        cbo_lb_count(blk, col, n, jn, nvals, won, bm, pf, wf);
        cbo_lb_count_ref(blk, col, n, jn, won, bm, pr, wr);
        for (uint32_t b = 0; b < jn && bad < 10; b++) {
            unsigned ps, ws;
            slow(blk, col, n, b, won, &ps, &ws);
            int ok = pf[b] == ps && wf[b] == ws && pr[b] == ps && wr[b] == ws;
            CHECK_MSG(ok, "nvals %u n %u jn %u won %u guess %u: fast %u/%u, portable %u/%u, slow %u/%u", nvals, n, jn,
                      won, b, pf[b], wf[b], pr[b], wr[b], ps, ws);
            bad += !ok;
        }
        int zero = 1;
        for (uint32_t b = 0; b < CB_LBSCAN_BLOCK; b++)
            zero &= !bm[b][0] && !bm[b][1] && !bm[b][2] && !bm[b][3];
        CHECK_MSG(zero, "the sets are left at zero (trial %d)", trial);
    }
    free(blk);
    free(bm);
    return check_done("test_lbcount");
}
