/*
 * test_rowkern.c: the scans' row kernel (src/solver/rowkern.c) at every
 * processor level this machine has (cb_cpu_level), the lower ones forced
 * with cb_cpu_level_cap, against the plain count cbo_row_ref and both
 * against a count of equal pairs written the slowest way: random rows of
 * every size around the kernels' edges (16 entries, each register of 32, the
 * AVX2 limit), few and many distinct values, the win present or not, the
 * values and their hash, the bytes past the row's slack untouched and the
 * counters left at zero (fixed seeds).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/memory_internal.h"
#include "codebreaker/version.h"
#include "solver/rowkern_internal.h"
#include "solver/run_internal.h"

enum { COLS = 600, SLACK = 16, GUARD = 48 };

/* The figures of values v[0..n) by looking at every pair once. */
static void slow(const uint8_t *v, uint32_t n, uint32_t won, cbo_rowfig *f)
{
    *f = (cbo_rowfig){0};
    for (uint32_t i = 0; i < n; i++) {
        uint32_t before = 0, same = 0;
        for (uint32_t j = 0; j < n; j++) {
            before += j < i && v[j] == v[i];
            same += v[j] == v[i];
        }
        f->parts += before == 0;
        f->pairs += before;
        f->maxpart = same > f->maxpart ? same : f->maxpart;
        f->won += v[i] == won;
    }
}

static int same_fig(const cbo_rowfig *a, const cbo_rowfig *b)
{
    return a->parts == b->parts && a->pairs == b->pairs && a->won == b->won && a->maxpart == b->maxpart;
}

/* 600 random rows through kernel k against the reference and the slow count; the number of failures. */
static int trials(cbo_row_fn k, cbo_tls *T, uint8_t *rp, uint32_t *col, unsigned long long seed)
{
    uint8_t ident[COLS + SLACK];
    static const uint32_t sizes[] = {1,  2,  3,  7,  8,   15,  16,  17,  31,  32,  33,  47,  63, 64,
                                     65, 95, 96, 97, 127, 128, 129, 160, 255, 256, 300, 599, 600};
    static const uint32_t nvals_list[] = {1, 2, 14, 64, 65, 243, 255, 256};
    const char *level = cb_cpu_level_name(cb_cpu_level_current());
    uint8_t out[COLS + GUARD], want[COLS + GUARD];
    int bad = 0;
    for (int trial = 0; trial < 600 && bad < 10; trial++) {
        uint32_t nvals = nvals_list[trial % (sizeof nvals_list / sizeof *nvals_list)];
        uint32_t n =
            trial % 3 ? sizes[(trial / 3) % (sizeof sizes / sizeof *sizes)] : 1 + (uint32_t)(check_rand(&seed) % 140);
        /* a few values at times (big parts), all of them else; the win sometimes absent */
        uint32_t spread = trial % 5 == 1 ? 1 + (uint32_t)(check_rand(&seed) % 4) : nvals;
        if (spread > nvals)
            spread = nvals;
        uint32_t base = (uint32_t)(check_rand(&seed) % (nvals - spread + 1));
        uint32_t won = (uint32_t)(check_rand(&seed) % nvals);
        for (uint32_t i = 0; i < COLS; i++)
            rp[i] = (uint8_t)(base + check_rand(&seed) % spread);
        for (uint32_t e = 0; e < n; e++) /* distinct columns as a node's, or repeats: the count must not care */
            col[e] = trial % 4 == 2 ? (uint32_t)(check_rand(&seed) % COLS) : (e * 7 + (uint32_t)trial) % COLS;
        int hash = trial % 2, contig = trial % 4 == 3;
        const uint8_t *row = rp;
        if (contig) { /* the values in place, columns 0 to n - 1 */
            for (uint32_t e = 0; e < n; e++)
                ident[e] = rp[col[e]];
            for (uint32_t e = 0; e < n; e++)
                col[e] = e;
            row = ident;
        }
        cbo_rowctx rc = {col, n, won, nvals, contig, hash, T};
        memset(out, 0xa5, sizeof out);
        cbo_rowfig got, ref, s;
        k(&rc, row, out, &got);
        cbo_row_ref(&rc, row, want, &ref);
        slow(want, n, won, &s);
        int ok = same_fig(&got, &ref) && same_fig(&ref, &s) && memcmp(out, want, n) == 0 && got.hash == ref.hash &&
                 (!hash || ref.hash == cbo_row_hash(want, n));
        for (uint32_t i = n + SLACK; i < n + GUARD; i++)
            ok &= out[i] == 0xa5;
        for (uint32_t v = 0; v <= nvals; v++)
            ok &= T->cnt[v] == 0 && T->cnt2[v] == 0 &&
                  (v >= CB_FEWVALS || !(T->few[0][v] | T->few[1][v] | T->few[2][v] | T->few[3][v]));
        CHECK_MSG(
            ok,
            "%s: n %u nvals %u won %u hash %d contig %d: parts %u/%u/%u pairs %u/%u/%u won %u/%u/%u maxpart %u/%u/%u "
            "(level/reference/slow), hash %llx/%llx",
            level, n, nvals, won, hash, contig, got.parts, ref.parts, s.parts, got.pairs, ref.pairs, s.pairs, got.won,
            ref.won, s.won, got.maxpart, ref.maxpart, s.maxpart, (unsigned long long)got.hash,
            (unsigned long long)ref.hash);
        bad += !ok;
    }
    return bad;
}

/*
 * 300 random blocks through the block kernel k (32 rows at once, read secret-major) against the
 * slow count and the hash of each row, entries 1 to CB_ROWBLOCK_MAX; the number of failures.
 */
static int block_trials(cbo_block_fn k, cbo_tls *T, unsigned long long seed)
{
    enum { SM = 64, RS_MAX = 96 };
    static uint8_t sm[CB_ROWBLOCK_MAX * SM + 32], rows[32 * RS_MAX + 32];
    static const uint32_t nvals_list[] = {1, 2, 14, 243, 255};
    const char *level = cb_cpu_level_name(cb_cpu_level_current());
    int bad = 0;
    for (int trial = 0; trial < 300 && bad < 10; trial++) {
        uint32_t n =
            trial < CB_ROWBLOCK_MAX ? (uint32_t)trial + 1 : 1 + (uint32_t)(check_rand(&seed) % CB_ROWBLOCK_MAX);
        uint32_t nb = trial % 3 ? 32 : 1 + (uint32_t)(check_rand(&seed) % 32);
        uint32_t nvals = nvals_list[trial % (sizeof nvals_list / sizeof *nvals_list)];
        uint32_t spread = trial % 4 == 1 ? 1 + (uint32_t)(check_rand(&seed) % 3) : nvals;
        spread = spread > nvals ? nvals : spread;
        uint32_t base = (uint32_t)(check_rand(&seed) % (nvals - spread + 1)),
                 won = (uint32_t)(check_rand(&seed) % nvals);
        size_t rs = n + (size_t)(check_rand(&seed) % (RS_MAX - n + 1));
        const uint8_t *in[CB_ROWBLOCK_MAX];
        for (size_t i = 0; i < sizeof sm; i++)
            sm[i] = (uint8_t)(base + check_rand(&seed) % spread);
        for (size_t i = 0; i < sizeof rows; i++)
            rows[i] = (uint8_t)check_rand(&seed); /* past each row: anything */
        for (uint32_t e = 0; e < n; e++) {
            in[e] = sm + (size_t)e * SM + (size_t)(trial % 7); /* unaligned at times */
            for (uint32_t b = 0; b < 32; b++)
                rows[b * rs + e] = in[e][b];
        }
        cbo_rowctx rc = {NULL, n, won, nvals, 1, trial % 2, T};
        cbo_rowfig f[32];
        k(&rc, in, rows, rs, nb, f);
        int ok = 1;
        for (uint32_t b = 0; b < nb; b++) {
            cbo_rowfig s;
            slow(rows + b * rs, n, won, &s);
            ok &= same_fig(&f[b], &s) && f[b].hash == (rc.hash ? cbo_row_hash(rows + b * rs, n) : 0);
        }
        CHECK_MSG(ok, "%s block: n %u nb %u nvals %u won %u hash %d", level, n, nb, nvals, won, rc.hash);
        bad += !ok;
    }
    return bad;
}

/* The hash's definition: zeros past n count as absent up to the 32-byte block, and n counts. */
static void hash_checks(void)
{
    uint8_t a[64] = {1, 2, 3}, b[64] = {1, 2, 3};
    b[40] = 9; /* past n: not read */
    CHECK(cbo_row_hash(a, 3) == cbo_row_hash(b, 3));
    CHECK(cbo_row_hash(a, 3) != cbo_row_hash(a, 4)); /* the same bytes, zero-padded, but another n */
    a[2] = 4;
    CHECK(cbo_row_hash(a, 3) != cbo_row_hash(b, 3));
}

/*
 * Tiles turned over (cbb_tr16, the scans' secret-major blocks) against the plain version and the
 * definition, rows at scattered places, the bytes around each written row untouched.
 */
static void tr16_checks(void)
{
    enum { SRC = 4096, OSTRIDE_MAX = 80, DST = 16 * OSTRIDE_MAX + 64 };
    static uint8_t src[SRC], got[DST], want[DST];
    unsigned long long seed = 7;
    int bad = 0;
    for (int trial = 0; trial < 200 && bad < 5; trial++) {
        for (size_t i = 0; i < SRC; i++)
            src[i] = (uint8_t)check_rand(&seed);
        const uint8_t *in[16];
        for (int r = 0; r < 16; r++)
            in[r] = src + check_rand(&seed) % (SRC - 16);
        size_t ostride = 16 + (size_t)(check_rand(&seed) % (OSTRIDE_MAX - 15)); /* 16 to 80 */
        memset(got, 0x5a, sizeof got);
        memset(want, 0x5a, sizeof want);
        cbb_tr16(in, got + 8, ostride);
        cbb_tr16_ref(in, want + 8, ostride);
        int ok = memcmp(got, want, sizeof got) == 0;
        for (int i = 0; i < 16; i++)
            for (int r = 0; r < 16; r++)
                ok &= got[8 + (size_t)i * ostride + (size_t)r] == in[r][i];
        for (size_t b = 0; b < DST; b++) /* outside the 16 rows of 16: untouched */
            if (b < 8 || (b - 8) % ostride >= 16 || (b - 8) / ostride >= 16)
                ok &= got[b] == 0x5a;
        CHECK_MSG(ok, "tr16: trial %d ostride %zu", trial, ostride);
        bad += !ok;
    }
}

int main(void)
{
    uint8_t *rp = malloc(COLS + 64);
    uint32_t *col = malloc(COLS * sizeof *col);
    cbo_tls *T = cbo_row_work_new();
    if (!rp || !col || !T)
        return 1;
    hash_checks();
    tr16_checks();
    cb_cpu_level best = cb_cpu_level_best();
    printf("best level of this processor and build: %s; checking it and each one below\n", cb_cpu_level_name(best));
    /* the levels the row kernels have a version of (CB_TOP_ROW): AVX-512 would run AVX2's again */
    for (int l = (int)best < CB_TOP_ROW ? (int)best : CB_TOP_ROW; l >= (int)CB_CPU_SCALAR; l--) {
        CHECK(cb_cpu_level_cap((cb_cpu_level)l) == (cb_cpu_level)l);
        int bad = trials(cbo_row_kernel(cb_cpu_level_current()), T, rp, col, 42 + (unsigned long long)l);
        cbo_block_fn blk = cbo_block_kernel(cb_cpu_level_current());
        if (blk)
            bad += block_trials(blk, T, 9 + (unsigned long long)l);
        printf("level %s: %s\n", cb_cpu_level_name((cb_cpu_level)l), bad ? "FAILED" : "as the reference");
    }
    CHECK(cbo_row_kernel(CB_CPU_SCALAR) == cbo_row_base);
    CHECK(cbo_block_kernel(CB_CPU_SCALAR) == NULL);
    CHECK(best < CB_CPU_AVX2 || cbo_block_kernel(CB_CPU_AVX2) != NULL);
    cb_cpu_level_cap(CB_CPU_AVX512);
    cbo_row_work_free(T);
    free(rp);
    free(col);
    return check_done("test_rowkern");
}
