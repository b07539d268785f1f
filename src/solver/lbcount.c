/*
 * lbcount.c: the inner count of the one-guess look-ahead (scan_lb in
 * scanlb.c): for a block of guesses, how many distinct feedbacks each makes
 * over a node's entries, and whether one of them is the win: a third of an
 * all-openers proof's time, and most of it before the vector versions
 * (docs/optimal.md, "The kernels").
 *
 * Three versions give the same answer, one for each processor level
 * (cb_cpu_level, base/cpu.c), chosen once a search (S->lbcount, S->lbsets):
 * the scalar one marks each value in a 256-bit set per guess, ten scalar
 * instructions a pair, and counts the sets with the baseline's popcount
 * (libgcc's, in software); the AVX2 one keeps the sets of 8 to 32 guesses
 * in registers, one 64-bit word of each per lane, and marks 4 pairs with a
 * variable shift and an OR per word; the AVX-512 one does so for 32
 * guesses, 8 pairs at a time. tests/unit/test_lbcount.c checks each level
 * the processor has against the scalar one. A node of more than
 * CB_LBCOUNT_CHUNK entries is counted a chunk of entries at a time, every
 * pass over the chunk's rows while they are in the first-level cache, with
 * the next chunk's rows prefetched: the rows are scattered in a table of
 * tens of megabytes, and read a pass at a time they cost a miss each every
 * other pass. The vector versions are built with target attributes, so the
 * file is compiled for baseline x86-64 and runs on any processor.
 */
#include <string.h>

#include "codebreaker/version.h"
#include "solver/lbcount_internal.h"

/* The sets' parts and wins, always inlined into a baseline and a hardware-popcount copy. */
static inline __attribute__((always_inline)) void sets(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts,
                                                       uint8_t *haswon)
{
    for (uint32_t b = 0; b < jn; b++) {
        parts[b] = (uint16_t)(__builtin_popcountll(bm[b][0]) + __builtin_popcountll(bm[b][1]) +
                              __builtin_popcountll(bm[b][2]) + __builtin_popcountll(bm[b][3]));
        haswon[b] = (uint8_t)((bm[b][won >> 6] >> (won & 63)) & 1);
        bm[b][0] = bm[b][1] = bm[b][2] = bm[b][3] = 0;
    }
}

/* Not inlined, so that libgcc's popcount is called from the scalar level only (no hot path above it). */
__attribute__((noinline)) static void sets_scalar(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts,
                                                  uint8_t *haswon)
{
    sets(bm, jn, won, parts, haswon);
}

#if CB_CPU_DISPATCH
#include <immintrin.h>

#define CB_POPCNT __attribute__((target("popcnt")))
#define CB_AVX2 __attribute__((target("avx2,popcnt")))
#define CB_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,popcnt")))

CB_POPCNT static void sets_popcnt(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts, uint8_t *haswon)
{
    sets(bm, jn, won, parts, haswon);
}
#endif

cbo_lbsets_fn *cbo_lbsets_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX2)
        return sets_popcnt;
#endif
    (void)level;
    return sets_scalar;
}

void cbo_lb_count_ref(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t won, uint64_t (*bm)[4],
                      uint16_t *parts, uint8_t *haswon)
{
    for (uint32_t e = 0; e < n; e++) {
        const uint8_t *row = blk + (size_t)col[e] * CB_LBSCAN_BLOCK;
        for (uint32_t b = 0; b < jn; b++) {
            uint32_t v = row[b];
            bm[b][v >> 6] |= 1ull << (v & 63);
        }
    }
    sets_scalar(bm, jn, won, parts, haswon);
}

#if CB_CPU_DISPATCH

/*
 * Guesses b0 to b0 + 8H - 1 over entries e0 to e1 - 1, their sets in nw
 * words: word w of guess b0 + 8h + i is lane i of a[h][w], loaded from and
 * stored back to acc[4h + w]. A shift by 64 or more gives zero, so word w
 * takes 1 << (v - 64w) whatever v is. Always inlined with constant H and nw,
 * so each shape is its own loop, its sets in registers (H nw of them).
 */
CB_AVX512 static inline __attribute__((always_inline)) void group(const uint8_t *blk, const uint32_t *col, uint32_t e0,
                                                                  uint32_t e1, uint32_t b0, const int H, const int nw,
                                                                  __m512i *acc)
{
    const __m512i one = _mm512_set1_epi64(1);
    __m512i a[4][4];
    for (int h = 0; h < H; h++)
        for (int w = 0; w < nw; w++)
            a[h][w] = _mm512_load_si512((const void *)(acc + 4 * h + w));
    for (uint32_t e = e0; e < e1; e++) {
        const uint8_t *row = blk + (size_t)col[e] * CB_LBSCAN_BLOCK + b0;
        for (int q = 0; q < H / 2; q++) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(row + 16 * q));
            __m512i v[2] = {_mm512_cvtepu8_epi64(x), _mm512_cvtepu8_epi64(_mm_unpackhi_epi64(x, x))};
            for (int h = 0; h < 2; h++)
                for (int w = 0; w < nw; w++) {
                    __m512i s = w ? _mm512_sub_epi64(v[h], _mm512_set1_epi64(64 * w)) : v[h];
                    a[2 * q + h][w] = _mm512_or_si512(a[2 * q + h][w], _mm512_sllv_epi64(one, s));
                }
        }
    }
    for (int h = 0; h < H; h++)
        for (int w = 0; w < nw; w++)
            _mm512_store_si512((void *)(acc + 4 * h + w), a[h][w]);
}

/* The parts and wins of the 8H guesses from b0 whose sets are acc (won < nvals <= 64 nw). */
CB_AVX512 static inline __attribute__((always_inline)) void
group_end(const __m512i *acc, uint32_t b0, uint32_t won, const int H, const int nw, uint16_t *parts, uint8_t *haswon)
{
    const __m512i one = _mm512_set1_epi64(1);
    __m512i wbit = _mm512_set1_epi64(won & 63);
    for (int h = 0; h < H; h++) {
        __m512i c = _mm512_popcnt_epi64(acc[4 * h]);
        for (int w = 1; w < nw; w++)
            c = _mm512_add_epi64(c, _mm512_popcnt_epi64(acc[4 * h + w]));
        __m512i hw = _mm512_and_si512(_mm512_srlv_epi64(acc[4 * h + (won >> 6)], wbit), one);
        _mm_storeu_si128((__m128i *)(void *)(parts + b0 + 8 * h), _mm512_cvtepi64_epi16(c));
        _mm_storel_epi64((__m128i *)(void *)(haswon + b0 + 8 * h), _mm512_cvtepi64_epi8(hw));
    }
}

/* Fetch the rows of entries e0 to e1 - 1 (lines of 64 bytes each) into the first-level cache. */
static inline void prefetch_rows(const uint8_t *blk, const uint32_t *col, uint32_t e0, uint32_t e1, uint32_t lines)
{
    for (uint32_t e = e0; e < e1; e++)
        for (uint32_t l = 0; l < lines; l++)
            _mm_prefetch((const char *)(blk + (size_t)col[e] * CB_LBSCAN_BLOCK + 64 * l), _MM_HINT_T0);
}

/*
 * CB_LBCOUNT_HALVES halves of 8 guesses a pass. The rows hold CB_LBSCAN_BLOCK values, a multiple of a
 * pass, so the last pass reads inside them (and counts junk past jn, into parts' and haswon's room).
 * The entries go in chunks of CB_LBCOUNT_CHUNK: every pass of the block reads a chunk's rows while
 * they are in the first-level cache, and the next chunk's rows are fetched meanwhile.
 */
CB_AVX512 static void count_nw(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t won,
                               const int nw, uint16_t *parts, uint8_t *haswon)
{
    enum { H = CB_LBCOUNT_HALVES, PASS = 8 * CB_LBCOUNT_HALVES, NPASS = CB_LBSCAN_BLOCK / PASS };
    __m512i acc[NPASS][4 * H];
    uint32_t np = (jn + PASS - 1) / PASS, lines = (jn + 63) / 64;
    for (uint32_t p = 0; p < np; p++)
        for (int i = 0; i < 4 * H; i++)
            acc[p][i] = _mm512_setzero_si512();
    prefetch_rows(blk, col, 0, n < CB_LBCOUNT_CHUNK ? n : CB_LBCOUNT_CHUNK, lines);
    for (uint32_t e0 = 0; e0 < n; e0 += CB_LBCOUNT_CHUNK) {
        uint32_t e1 = n - e0 < CB_LBCOUNT_CHUNK ? n : e0 + CB_LBCOUNT_CHUNK;
        uint32_t f1 = n - e1 < CB_LBCOUNT_CHUNK ? n : e1 + CB_LBCOUNT_CHUNK;
        prefetch_rows(blk, col, e1, f1, lines);
        for (uint32_t p = 0; p < np; p++)
            group(blk, col, e0, e1, p * PASS, H, nw, acc[p]);
    }
    for (uint32_t p = 0; p < np; p++)
        group_end(acc[p], p * PASS, won, H, nw, parts, haswon);
}

CB_AVX512 static void count_avx512(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                                   uint32_t won, uint16_t *parts, uint8_t *haswon)
{
    switch ((nvals + 63) / 64) {
    case 1:
        count_nw(blk, col, n, jn, won, 1, parts, haswon);
        break;
    case 2:
        count_nw(blk, col, n, jn, won, 2, parts, haswon);
        break;
    case 3:
        count_nw(blk, col, n, jn, won, 3, parts, haswon);
        break;
    default:
        count_nw(blk, col, n, jn, won, 4, parts, haswon);
        break;
    }
}

/* ---- AVX2 ---- */

/*
 * Guesses b0 to b0 + 4Q - 1 over entries e0 to e1 - 1, their sets in nw
 * words: word w of guess b0 + 4q + i is lane i of a[q][w], loaded from and
 * stored back to acc[nw q + w]. A shift by 64 or more gives zero, and so
 * does a "negative" one (v - 64w wraps to a huge count), so word w takes
 * 1 << (v - 64w) whatever v is. Always inlined with constant Q and nw.
 */
CB_AVX2 static inline __attribute__((always_inline)) void group2(const uint8_t *blk, const uint32_t *col, uint32_t e0,
                                                                 uint32_t e1, uint32_t b0, const int Q, const int nw,
                                                                 __m256i *acc)
{
    const __m256i one = _mm256_set1_epi64x(1), c64 = _mm256_set1_epi64x(64);
    __m256i a[CB_LBCOUNT_AVX2_REGS][4];
    for (int q = 0; q < Q; q++)
        for (int w = 0; w < nw; w++)
            a[q][w] = _mm256_load_si256(acc + nw * q + w);
    for (uint32_t e = e0; e < e1; e++) {
        const uint8_t *row = blk + (size_t)col[e] * CB_LBSCAN_BLOCK + b0;
        for (int q = 0; q < Q; q++) {
            int x;
            memcpy(&x, row + 4 * q, sizeof x);
            __m256i v = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(x));
            for (int w = 0; w < nw; w++) {
                a[q][w] = _mm256_or_si256(a[q][w], _mm256_sllv_epi64(one, v));
                if (w + 1 < nw)
                    v = _mm256_sub_epi64(v, c64);
            }
        }
    }
    for (int q = 0; q < Q; q++)
        for (int w = 0; w < nw; w++)
            _mm256_store_si256(acc + nw * q + w, a[q][w]);
}

/* The bits of each 64-bit lane of the nw words x[0..nw-1], summed over the words, per lane. */
CB_AVX2 static inline __attribute__((always_inline)) __m256i popcount_lanes(const __m256i *x, const int nw)
{
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                                         2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0f);
    __m256i sum = _mm256_setzero_si256();
    for (int w = 0; w < nw; w++) { /* at most 4 x 8 a byte: no overflow */
        __m256i lo = _mm256_and_si256(x[w], low), hi = _mm256_and_si256(_mm256_srli_epi16(x[w], 4), low);
        sum = _mm256_add_epi8(sum, _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo), _mm256_shuffle_epi8(lut, hi)));
    }
    return _mm256_sad_epu8(sum, _mm256_setzero_si256());
}

/* The parts and wins of the 4Q guesses from b0 whose sets are acc (won < nvals <= 64 nw). */
CB_AVX2 static inline __attribute__((always_inline)) void
group2_end(const __m256i *acc, uint32_t b0, uint32_t won, const int Q, const int nw, uint16_t *parts, uint8_t *haswon)
{
    const __m256i one = _mm256_set1_epi64x(1), wbit = _mm256_set1_epi64x(won & 63);
    for (int q = 0; q < Q; q++) {
        uint64_t c[4], hw[4];
        _mm256_storeu_si256((__m256i *)(void *)c, popcount_lanes(acc + nw * q, nw));
        _mm256_storeu_si256((__m256i *)(void *)hw,
                            _mm256_and_si256(_mm256_srlv_epi64(acc[nw * q + (won >> 6)], wbit), one));
        for (int i = 0; i < 4; i++) {
            parts[b0 + 4 * q + i] = (uint16_t)c[i];
            haswon[b0 + 4 * q + i] = (uint8_t)hw[i];
        }
    }
}

/*
 * Passes of 4Q guesses, Q nw = CB_LBCOUNT_AVX2_REGS registers of sets, over chunks of entries as the
 * AVX-512 count does (count_nw): the last pass reads inside the rows and counts junk past jn.
 */
CB_AVX2 static inline __attribute__((always_inline)) void count2_nw(const uint8_t *blk, const uint32_t *col, uint32_t n,
                                                                    uint32_t jn, uint32_t won, const int nw,
                                                                    uint16_t *parts, uint8_t *haswon)
{
    enum { R = CB_LBCOUNT_AVX2_REGS };
    const int Q = R / nw > 4 ? 8 : R / nw > 2 ? 4 : 2, pass = 4 * Q; /* a power of 2: passes tile the rows */
    __m256i acc[CB_LBSCAN_BLOCK / 8][R];
    uint32_t np = (jn + (uint32_t)pass - 1) / (uint32_t)pass, lines = (jn + 63) / 64;
    for (uint32_t p = 0; p < np; p++)
        for (int i = 0; i < R; i++)
            acc[p][i] = _mm256_setzero_si256();
    prefetch_rows(blk, col, 0, n < CB_LBCOUNT_CHUNK ? n : CB_LBCOUNT_CHUNK, lines);
    for (uint32_t e0 = 0; e0 < n; e0 += CB_LBCOUNT_CHUNK) {
        uint32_t e1 = n - e0 < CB_LBCOUNT_CHUNK ? n : e0 + CB_LBCOUNT_CHUNK;
        uint32_t f1 = n - e1 < CB_LBCOUNT_CHUNK ? n : e1 + CB_LBCOUNT_CHUNK;
        prefetch_rows(blk, col, e1, f1, lines);
        for (uint32_t p = 0; p < np; p++)
            group2(blk, col, e0, e1, p * (uint32_t)pass, Q, nw, acc[p]);
    }
    for (uint32_t p = 0; p < np; p++)
        group2_end(acc[p], p * (uint32_t)pass, won, Q, nw, parts, haswon);
}

CB_AVX2 static void count_avx2(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                               uint32_t won, uint16_t *parts, uint8_t *haswon)
{
    switch ((nvals + 63) / 64) {
    case 1:
        count2_nw(blk, col, n, jn, won, 1, parts, haswon);
        break;
    case 2:
        count2_nw(blk, col, n, jn, won, 2, parts, haswon);
        break;
    case 3:
        count2_nw(blk, col, n, jn, won, 3, parts, haswon);
        break;
    default:
        count2_nw(blk, col, n, jn, won, 4, parts, haswon);
        break;
    }
}
#endif

static void count_scalar(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals, uint32_t won,
                         uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon)
{
    (void)nvals;
    cbo_lb_count_ref(blk, col, n, jn, won, bm, parts, haswon);
}

#if CB_CPU_DISPATCH
static void count_avx2_fn(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                          uint32_t won, uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon)
{
    (void)bm;
    count_avx2(blk, col, n, jn, nvals, won, parts, haswon);
}

static void count_avx512_fn(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                            uint32_t won, uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon)
{
    (void)bm;
    count_avx512(blk, col, n, jn, nvals, won, parts, haswon);
}
#endif

cbo_lbcount_fn *cbo_lbcount_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX512 && CB_TOP_LBCOUNT >= 2)
        return count_avx512_fn;
    if (level >= CB_CPU_AVX2)
        return count_avx2_fn;
#endif
    (void)level;
    return count_scalar;
}
