/*
 * rowkern.c: the row kernel of the scans (scan.c): how one guess splits a
 * node of plain secrets whose values fit a byte, read from a row at the
 * node's columns: the values themselves (the scan keeps them), the parts,
 * the pairs of entries in one part, the entries won, the largest part and
 * the row's hash (cbo_row_hash, for the scan's duplicate rows). It is most
 * of a search below the openers: 55% of `rank --exact` on the 2023 lists
 * before the vector version (docs/optimal.md, "The kernels").
 *
 * Versions by processor level (cb_cpu_level, base/cpu.c), chosen once per
 * search (cbo_row_kernel): the baseline one counts the entries in memory,
 * with SSE2 byte shifts up to 16 entries and byte counters for games of
 * at most CB_FEWVALS values; the AVX2 one, up to CB_ROW_AVX2_MAX entries,
 * keeps the row in registers and compares every entry with every earlier
 * one (entry i's count of earlier equal entries is 0 for the first of its
 * part, and its part's size less one for the last): no counter in memory,
 * whose stores and loads of one address made the baseline's 12 cycles a
 * pair. Bigger rows go to rowbig.c's counters; the AVX-512 version is the
 * AVX2 one compiled for its 32 registers, which hold rows of up to
 * CB_ROW_AVX512_MAX entries. tests/unit/test_rowkern.c checks each level
 * the processor has against cbo_row_ref, the plain count. The vector versions are built with
 * target attributes, so the file runs on any x86-64.
 */
#include <stdlib.h>
#include <string.h>

#include "codebreaker/version.h"
#include "solver/rowkern_internal.h"
#include "solver/run_internal.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---- the row's hash ---- */

/* The hash's 64 keys, two a 64-bit word of the row (word i: keys 2i and 2i + 1, modulo 64). */
#define K1(j) (uint32_t)((0x9e3779b9u * (2u * (j) + 1u)) ^ 0x85ebca6bu)
#define K4(j) K1(j), K1(j + 1), K1(j + 2), K1(j + 3)
#define K16(j) K4(j), K4(j + 4), K4(j + 8), K4(j + 12)
static const uint32_t row_keys[64] __attribute__((aligned(32))) = {K16(0), K16(16), K16(32), K16(48)};
#undef K16
#undef K4
#undef K1

static inline uint64_t hash_end(uint64_t h)
{
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

uint64_t cbo_row_hash(const uint8_t *v, uint32_t n)
{
    uint64_t h = n * 0x9e3779b97f4a7c15ull;
    uint32_t words = (n + 31) / 32 * 4; /* whole 32-byte blocks, zero past n */
    for (uint32_t i = 0; i < words; i++) {
        uint64_t w = 0;
        uint32_t b = 8 * i;
        if (b + 8 <= n)
            memcpy(&w, v + b, 8);
        else
            for (uint32_t k = 0; b + k < n && k < 8; k++)
                w |= (uint64_t)v[b + k] << (8 * k);
        uint32_t a = (uint32_t)w + row_keys[(2 * i) & 63], c = (uint32_t)(w >> 32) + row_keys[(2 * i + 1) & 63];
        h += (uint64_t)a * c;
    }
    return hash_end(h);
}

/* ---- the reference ---- */

void cbo_row_ref(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    uint32_t cnt[256] = {0}, n = c->n, won = c->won;
    for (uint32_t e = 0; e < n; e++) {
        out[e] = rp[c->col[e]];
        cnt[out[e]]++;
    }
    *f = (cbo_rowfig){0};
    for (uint32_t k = 0; k < 256; k++) {
        f->parts += cnt[k] != 0;
        f->pairs += cnt[k] * (cnt[k] - 1) / 2;
        f->maxpart = cnt[k] > f->maxpart ? cnt[k] : f->maxpart;
    }
    f->won = won < 256 ? cnt[won] : 0;
    f->hash = c->hash ? cbo_row_hash(out, n) : 0;
}

/* ---- the baseline level ---- */

static inline uint32_t pop16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555);
    x = (x & 0x3333) + ((x >> 2) & 0x3333);
    x = (x + (x >> 4)) & 0x0f0f;
    return (x + (x >> 8)) & 0x1f;
}

#if defined(__SSE2__)
/*
 * Up to 16 entries: each compared with the 15 before it by SSE2 byte
 * shifts (values + 1, below 256 as nvals <= 255, never match the zeros
 * shifted in), no counters in memory.
 */
static void row_small(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint8_t *out, cbo_rowfig *f)
{
    uint64_t w0 = 0, w1 = 0;
    uint32_t i = 0;
    for (; i < n && i < 8; i++)
        w0 |= (uint64_t)rp[col[i]] << (8 * i);
    for (; i < n; i++)
        w1 |= (uint64_t)rp[col[i]] << (8 * (i - 8));
    __m128i v = _mm_set_epi64x((long long)w1, (long long)w0);
    _mm_storeu_si128((__m128i *)(void *)out, v); /* rows have 16 bytes of slack after them */
    __m128i v1 = _mm_add_epi8(v, _mm_set1_epi8(1)), acc = _mm_setzero_si128(), dup = _mm_setzero_si128();
#define CB_SHIFT_STEP(k)                                                                                               \
    do {                                                                                                               \
        if (n > k) {                                                                                                   \
            __m128i e = _mm_cmpeq_epi8(v1, _mm_slli_si128(v1, k));                                                     \
            dup = _mm_or_si128(dup, e);                                                                                \
            acc = _mm_sub_epi8(acc, e);                                                                                \
        }                                                                                                              \
    } while (0)
    CB_SHIFT_STEP(1);
    CB_SHIFT_STEP(2);
    CB_SHIFT_STEP(3);
    CB_SHIFT_STEP(4);
    CB_SHIFT_STEP(5);
    CB_SHIFT_STEP(6);
    CB_SHIFT_STEP(7);
    CB_SHIFT_STEP(8);
    CB_SHIFT_STEP(9);
    CB_SHIFT_STEP(10);
    CB_SHIFT_STEP(11);
    CB_SHIFT_STEP(12);
    CB_SHIFT_STEP(13);
    CB_SHIFT_STEP(14);
    CB_SHIFT_STEP(15);
#undef CB_SHIFT_STEP
    static const uint8_t ones[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    __m128i valid = _mm_loadu_si128((const __m128i *)(const void *)(ones + 16 - n)); /* lanes < n */
    uint32_t vm = (1u << n) - 1;
    acc = _mm_and_si128(acc, valid);
    __m128i mx = _mm_max_epu8(acc, _mm_srli_si128(acc, 8)); /* the last of a part of c counts c - 1 */
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 4));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 2));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 1));
    f->maxpart = ((uint32_t)_mm_cvtsi128_si32(mx) & 0xff) + 1;
    __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
    f->pairs = (uint32_t)(_mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128(s, 8)));
    f->parts = n - pop16((uint32_t)_mm_movemask_epi8(dup) & vm);
    f->won = pop16((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)won))) & vm);
}

/*
 * More than 16 entries when the game has at most CB_FEWVALS feedback values
 * (Mastermind): byte counters in four interleaved sets, so that equal
 * neighbours do not wait on each other's stores, merged over the values with
 * SSE2: parts, sum of squares and largest part without a branch.
 */
static void row_fewvals(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint32_t nvals,
                        uint8_t (*c)[CB_FEWVALS], uint8_t *out, cbo_rowfig *f)
{
    uint32_t e = 0;
    for (; e + 3 < n; e += 4) {
        uint32_t k0 = rp[col[e]], k1 = rp[col[e + 1]], k2 = rp[col[e + 2]], k3 = rp[col[e + 3]];
        out[e] = (uint8_t)k0;
        out[e + 1] = (uint8_t)k1;
        out[e + 2] = (uint8_t)k2;
        out[e + 3] = (uint8_t)k3;
        c[0][k0]++;
        c[1][k1]++;
        c[2][k2]++;
        c[3][k3]++;
    }
    for (; e < n; e++) {
        uint32_t k = rp[col[e]];
        out[e] = (uint8_t)k;
        c[0][k]++;
    }
    f->won = (uint32_t)c[0][won] + c[1][won] + c[2][won] + c[3][won];
    __m128i zero = _mm_setzero_si128(), mx = zero, sq = zero;
    uint32_t p = 0;
    for (uint32_t v = 0; v < nvals; v += 16) {
        __m128i *q0 = (__m128i *)(void *)(c[0] + v), *q1 = (__m128i *)(void *)(c[1] + v);
        __m128i *q2 = (__m128i *)(void *)(c[2] + v), *q3 = (__m128i *)(void *)(c[3] + v);
        __m128i t = _mm_add_epi8(_mm_add_epi8(_mm_load_si128(q0), _mm_load_si128(q1)),
                                 _mm_add_epi8(_mm_load_si128(q2), _mm_load_si128(q3)));
        _mm_store_si128(q0, zero);
        _mm_store_si128(q1, zero);
        _mm_store_si128(q2, zero);
        _mm_store_si128(q3, zero);
        p += 16 - pop16((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(t, zero)));
        mx = _mm_max_epu8(mx, t);
        __m128i lo = _mm_unpacklo_epi8(t, zero), hi = _mm_unpackhi_epi8(t, zero);
        sq = _mm_add_epi32(sq, _mm_add_epi32(_mm_madd_epi16(lo, lo), _mm_madd_epi16(hi, hi)));
    }
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 8));
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 4));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 8));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 4));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 2));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 1));
    f->parts = p;
    f->pairs = ((uint32_t)_mm_cvtsi128_si32(sq) - n) / 2;
    f->maxpart = (uint32_t)_mm_cvtsi128_si32(mx) & 0xff;
}
#endif

/* Any row: two sets of counters in T, so that equal neighbours do not wait on each other's stores. */
static void row_counters(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint32_t nvals, uint8_t *out,
                         cbo_tls *T, cbo_rowfig *f)
{
    uint32_t *c0 = T->cnt, *c1 = T->cnt2, p = 0, pr = 0, mx = 0, e = 0;
    for (; e + 1 < n; e += 2) {
        uint32_t k0 = rp[col[e]], k1 = rp[col[e + 1]];
        out[e] = (uint8_t)k0;
        out[e + 1] = (uint8_t)k1;
        c0[k0]++;
        c1[k1]++;
    }
    if (e < n) {
        uint32_t k0 = rp[col[e]];
        out[e] = (uint8_t)k0;
        c0[k0]++;
    }
    f->won = c0[won] + c1[won];
    /*
     * Read the counts back without a branch on them (a part's first entry against its others was
     * a branch the processor guessed wrong about once a part): over the feedback values when there
     * are fewer of them than entries, else over the entries, clearing as it goes.
     */
    if (nvals < n)
        for (uint32_t k = 0; k < nvals; k++) {
            uint32_t c = c0[k] + c1[k];
            p += c != 0;
            pr += c * (c - 1) / 2; /* 0 for c = 0 too: unsigned */
            mx = c > mx ? c : mx;
            c0[k] = c1[k] = 0;
        }
    else
        for (e = 0; e < n; e++) {
            uint32_t k = out[e], c = c0[k] + c1[k];
            p += c != 0;
            pr += c * (c - 1) / 2;
            mx = c > mx ? c : mx;
            c0[k] = c1[k] = 0;
        }
    f->maxpart = mx;
    f->parts = p;
    f->pairs = pr;
}

void cbo_row_base(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    const uint32_t *col = c->col;
    uint32_t n = c->n, won = c->won, nvals = c->nvals;
    cbo_tls *T = c->T;
#if defined(__SSE2__)
    if (n <= 16 && nvals <= 255)
        row_small(rp, col, n, won, out, f);
    else if (nvals <= CB_FEWVALS && n <= 255)
        row_fewvals(rp, col, n, won, nvals, T->few, out, f);
    else if (n > CB_ROW_BASE_SMALL_MAX && cbo_row_big_fits(c))
        cbo_row_big(c, rp, out, f);
    else
#endif
        row_counters(rp, col, n, won, nvals, out, T, f);
    f->hash = c->hash ? cbo_row_hash(out, n) : 0;
}

/* ---- AVX2 ---- */

#if CB_CPU_DISPATCH
#include <immintrin.h>

#define CB_AVX2 __attribute__((target("avx2,popcnt")))

/* The values of entries e0 to e0 + 7 below n, one byte each from the lowest, 0 past n. */
static inline __attribute__((always_inline)) uint64_t gather8(const uint8_t *rp, const uint32_t *col, uint32_t e0,
                                                              uint32_t n)
{
    const uint32_t *c = col + e0;
    if (e0 + 8 <= n) { /* a tree of ORs, not a chain */
        uint32_t lo =
            ((uint32_t)rp[c[0]] | (uint32_t)rp[c[1]] << 8) | ((uint32_t)rp[c[2]] << 16 | (uint32_t)rp[c[3]] << 24);
        uint32_t hi =
            ((uint32_t)rp[c[4]] | (uint32_t)rp[c[5]] << 8) | ((uint32_t)rp[c[6]] << 16 | (uint32_t)rp[c[7]] << 24);
        return (uint64_t)lo | (uint64_t)hi << 32;
    }
    uint64_t w = 0;
    for (uint32_t i = 0; e0 + i < n; i++)
        w |= (uint64_t)rp[c[i]] << (8 * i);
    return w;
}

static const int8_t row_iota[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

/* Lanes below k of 32: all ones. */
CB_AVX2 static inline __attribute__((always_inline)) __m256i lanes_below(uint32_t k)
{
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)k), _mm256_loadu_si256((const __m256i *)(const void *)row_iota));
}

/* Register b of the row: entries 32b to 32b + 31, zero past n; read in place when the columns are 0 to n - 1. */
CB_AVX2 static inline __attribute__((always_inline)) __m256i row_load(const cbo_rowctx *c, const uint8_t *rp,
                                                                      uint32_t b)
{
    uint32_t e = 32 * b, n = c->n, left = n - e;
    if (c->contig) { /* at most 15 bytes past the row: its slack */
        const uint8_t *p = rp + e;
        __m256i x = left > 16 ? _mm256_loadu_si256((const __m256i *)(const void *)p)
                              : _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
        return left >= 32 ? x : _mm256_and_si256(x, lanes_below(left));
    }
    const uint32_t *col = c->col;
    return _mm256_set_epi64x((long long)gather8(rp, col, e + 24, n), (long long)gather8(rp, col, e + 16, n),
                             (long long)gather8(rp, col, e + 8, n), (long long)gather8(rp, col, e, n));
}

/* The hash's products for register b of the row (cbo_row_hash). */
CB_AVX2 static inline __attribute__((always_inline)) __m256i row_nh(__m256i v, int b)
{
    __m256i a = _mm256_add_epi32(v, _mm256_load_si256((const __m256i *)(const void *)(row_keys + 8 * b)));
    return _mm256_mul_epu32(a, _mm256_srli_epi64(a, 32));
}

CB_AVX2 static inline __attribute__((always_inline)) uint64_t sum4(__m256i h)
{
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(s, _mm_srli_si128(s, 8)));
}

/*
 * The hash h of a row, having asked for the slot of the scan's set of rows that it looks at first
 * (scan.c, rows_find), while the row is counted: a miss there cost as much as the count.
 */
static inline __attribute__((always_inline)) uint64_t fetch_slot(const cbo_rowctx *c, uint64_t h)
{
    _mm_prefetch((const char *)(c->T->rows + ((uint32_t)h & c->T->rows_mask)), _MM_HINT_T0);
    return h;
}

/* The largest byte of m. */
CB_AVX2 static inline __attribute__((always_inline)) uint32_t max16(__m128i m)
{
    m = _mm_max_epu8(m, _mm_srli_si128(m, 8));
    m = _mm_max_epu8(m, _mm_srli_si128(m, 4));
    m = _mm_max_epu8(m, _mm_srli_si128(m, 2));
    m = _mm_max_epu8(m, _mm_srli_si128(m, 1));
    return (uint32_t)_mm_cvtsi128_si32(m) & 0xff;
}

/*
 * Up to 16 entries: the row twice in one register, each entry compared in the low half with the
 * entry k before it and in the high half with the one k + 8 before (a byte shuffle, zeros below
 * entry 0), k from 1 to 8: half the steps of one compare a distance.
 */
#define C1(k, i) (int8_t)((i) >= (k) ? (i) - (k) : -128)
#define C8(k, i)                                                                                                       \
    C1(k, i), C1(k, i + 1), C1(k, i + 2), C1(k, i + 3), C1(k, i + 4), C1(k, i + 5), C1(k, i + 6), C1(k, i + 7)
#define CROW(k)                                                                                                        \
    {                                                                                                                  \
        C8(k, 0), C8(k, 8), C8(k + 8, 0), C8(k + 8, 8)                                                                 \
    }
static const int8_t small_ctrl[8][32]
    __attribute__((aligned(32))) = {CROW(1), CROW(2), CROW(3), CROW(4), CROW(5), CROW(6), CROW(7), CROW(8)};
#undef CROW
#undef C8
#undef C1

CB_AVX2 static void row_small2(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    uint32_t n = c->n;
    __m128i v;
    if (c->contig)
        v = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)rp), _mm256_castsi256_si128(lanes_below(n)));
    else
        v = _mm_set_epi64x((long long)gather8(rp, c->col, 8, n), (long long)gather8(rp, c->col, 0, n));
    _mm_storeu_si128((__m128i *)(void *)out, v); /* rows have 16 bytes of slack after them */
    if (c->hash)
        f->hash = fetch_slot(c, hash_end(n * 0x9e3779b97f4a7c15ull + sum4(row_nh(_mm256_zextsi128_si256(v), 0))));
    else
        f->hash = 0;
    __m128i v1 = _mm_add_epi8(v, _mm_set1_epi8(1)); /* 1 to 255 (nvals <= 255): never the zeros shifted in */
    __m256i vv = _mm256_broadcastsi128_si256(v1), a0 = _mm256_setzero_si256(), a1 = a0;
    uint32_t steps = n - 1 < 8 ? n - 1 : 8;
#define SMALL_STEP(k, acc)                                                                                             \
    do {                                                                                                               \
        if ((k) > steps)                                                                                               \
            goto counted;                                                                                              \
        __m256i x_ = _mm256_shuffle_epi8(vv, _mm256_load_si256((const __m256i *)(const void *)small_ctrl[(k)-1]));     \
        acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(vv, x_));                                                         \
    } while (0)
    SMALL_STEP(1, a0);
    SMALL_STEP(2, a1);
    SMALL_STEP(3, a0);
    SMALL_STEP(4, a1);
    SMALL_STEP(5, a0);
    SMALL_STEP(6, a1);
    SMALL_STEP(7, a0);
    SMALL_STEP(8, a1);
#undef SMALL_STEP
counted:;
    __m256i a2 = _mm256_add_epi8(a0, a1);
    __m128i valid = _mm256_castsi256_si128(lanes_below(n));
    __m128i acc = _mm_and_si128(_mm_add_epi8(_mm256_castsi256_si128(a2), _mm256_extracti128_si256(a2, 1)), valid);
    uint32_t bits = (1u << n) - 1;
    __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
    f->pairs = (uint32_t)_mm_cvtsi128_si32(_mm_add_epi64(s, _mm_srli_si128(s, 8)));
    f->parts =
        (uint32_t)__builtin_popcount((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(acc, _mm_setzero_si128())) & bits);
    f->won = (uint32_t)__builtin_popcount(
        (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v1, _mm_set1_epi8((char)(c->won + 1)))) & bits);
    f->maxpart = max16(acc) + 1;
}

/*
 * Entry 32b + i, lane i of register vb, is compared with entry 32b + i - k for every k from 1 to
 * 32R - 1 (only those to n - 1 where the last register needs no more), counting in accb the
 * earlier entries equal to it (in two sets, odd and even distances, up to 2 registers: half the
 * chain of additions). The earlier entries at distance k = 32q + r are lane i of the pair
 * (v(b - q - 1), v(b - q)) moved up by r bytes (ROW_SHIFT), zeros below entry 0: each such move
 * of the pair (v(c - 1), vc) serves every b >= c. Always inlined with a constant R, and written
 * out register by register (ROW_PASS), so that the counts stay in registers.
 */
#define ROW_SHIFT(r)                                                                                                   \
    ((r) == 16 ? t : (r) < 16 ? _mm256_alignr_epi8(hi, t, (16 - (r)) & 31) : _mm256_alignr_epi8(t, lo, (32 - (r)) & 31))
#define ROW_ADD(b, r, x)                                                                                               \
    do {                                                                                                               \
        if (R <= 2 && ((r)&1))                                                                                         \
            odd##b = _mm256_sub_epi8(odd##b, _mm256_cmpeq_epi8(v##b, x));                                              \
        else                                                                                                           \
            acc##b = _mm256_sub_epi8(acc##b, _mm256_cmpeq_epi8(v##b, x));                                              \
    } while (0)
#define ROW_CMP(b, c, r, x)                                                                                            \
    do {                                                                                                               \
        if ((b) >= (c) && (b) < R && ((b) < R - 1 || (c) > 0 || (r) <= lim))                                           \
            ROW_ADD(b, r, x);                                                                                          \
    } while (0)
#define ROW_CMP0(b, c, x)                                                                                              \
    do {                                                                                                               \
        if ((b) >= (c) && (b) < R)                                                                                     \
            ROW_ADD(b, 0, x);                                                                                          \
    } while (0)
#define ROW_STEP(c, r)                                                                                                 \
    do {                                                                                                               \
        if (R == 1 && (r) > lim)                                                                                       \
            goto counted;                                                                                              \
        __m256i x_ = ROW_SHIFT(r);                                                                                     \
        ROW_CMP(0, c, r, x_);                                                                                          \
        ROW_CMP(1, c, r, x_);                                                                                          \
        ROW_CMP(2, c, r, x_);                                                                                          \
        ROW_CMP(3, c, r, x_);                                                                                          \
    } while (0)
#define ROW_PASS(c, vlo, vhi)                                                                                          \
    do {                                                                                                               \
        if (R > (c)) {                                                                                                 \
            __m256i lo = (vlo), hi = (vhi);                                                                            \
            __m256i t = _mm256_permute2x128_si256(hi, lo, 0x03); /* lo's high half, hi's low half */                   \
            if ((c) > 0) /* distance 32 (b - c + 1): the pair's low register as it is */                               \
            {                                                                                                          \
                ROW_CMP0(1, c, lo);                                                                                    \
                ROW_CMP0(2, c, lo);                                                                                    \
                ROW_CMP0(3, c, lo);                                                                                    \
            }                                                                                                          \
            ROW_STEP(c, 1);                                                                                            \
            ROW_STEP(c, 2);                                                                                            \
            ROW_STEP(c, 3);                                                                                            \
            ROW_STEP(c, 4);                                                                                            \
            ROW_STEP(c, 5);                                                                                            \
            ROW_STEP(c, 6);                                                                                            \
            ROW_STEP(c, 7);                                                                                            \
            ROW_STEP(c, 8);                                                                                            \
            ROW_STEP(c, 9);                                                                                            \
            ROW_STEP(c, 10);                                                                                           \
            ROW_STEP(c, 11);                                                                                           \
            ROW_STEP(c, 12);                                                                                           \
            ROW_STEP(c, 13);                                                                                           \
            ROW_STEP(c, 14);                                                                                           \
            ROW_STEP(c, 15);                                                                                           \
            ROW_STEP(c, 16);                                                                                           \
            ROW_STEP(c, 17);                                                                                           \
            ROW_STEP(c, 18);                                                                                           \
            ROW_STEP(c, 19);                                                                                           \
            ROW_STEP(c, 20);                                                                                           \
            ROW_STEP(c, 21);                                                                                           \
            ROW_STEP(c, 22);                                                                                           \
            ROW_STEP(c, 23);                                                                                           \
            ROW_STEP(c, 24);                                                                                           \
            ROW_STEP(c, 25);                                                                                           \
            ROW_STEP(c, 26);                                                                                           \
            ROW_STEP(c, 27);                                                                                           \
            ROW_STEP(c, 28);                                                                                           \
            ROW_STEP(c, 29);                                                                                           \
            ROW_STEP(c, 30);                                                                                           \
            ROW_STEP(c, 31);                                                                                           \
        }                                                                                                              \
    } while (0)

/* The figures of register v's lanes in `bits`, whose counts of earlier equal entries are acc. */
CB_AVX2 static inline __attribute__((always_inline)) void
row_end(__m256i v, __m256i acc, uint32_t bits, __m256i wv, uint32_t *first, uint32_t *wins, __m256i *mx, __m256i *sad)
{
    __m256i zero = _mm256_setzero_si256();
    *first += (uint32_t)__builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(acc, zero)) & bits);
    *wins += (uint32_t)__builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, wv)) & bits);
    *mx = _mm256_max_epu8(*mx, acc);
    *sad = _mm256_add_epi64(*sad, _mm256_sad_epu8(acc, zero));
}

CB_AVX2 static inline __attribute__((always_inline)) void row_regs(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out,
                                                                   cbo_rowfig *f, const int R)
{
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi8(1);
    uint32_t n = c->n;
    __m256i v0 = row_load(c, rp, 0), v1 = zero, v2 = zero, v3 = zero;
    if (R > 1)
        v1 = row_load(c, rp, 1);
    if (R > 2)
        v2 = row_load(c, rp, 2);
    if (R > 3)
        v3 = row_load(c, rp, 3);
    f->hash = 0;
    if (c->hash) {
        __m256i h = row_nh(v0, 0);
        if (R > 1)
            h = _mm256_add_epi64(h, row_nh(v1, 1));
        if (R > 2)
            h = _mm256_add_epi64(h, row_nh(v2, 2));
        if (R > 3)
            h = _mm256_add_epi64(h, row_nh(v3, 3));
        f->hash = fetch_slot(c, hash_end(n * 0x9e3779b97f4a7c15ull + sum4(h)));
    }
    /* the values; past n, at most 15 bytes of the 16 of slack after the row */
    uint32_t last = n - 32 * (uint32_t)(R - 1);
    __m256i vl = R == 1 ? v0 : R == 2 ? v1 : R == 3 ? v2 : v3;
    if (R > 1)
        _mm256_storeu_si256((__m256i *)(void *)out, v0);
    if (R > 2)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32), v1);
    if (R > 3)
        _mm256_storeu_si256((__m256i *)(void *)(out + 64), v2);
    if (last > 16)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (R - 1)), vl);
    else
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * (R - 1)), _mm256_castsi256_si128(vl));
    /* 1 to 255 (nvals <= 255): never the zeros moved in below entry 0 */
    v0 = _mm256_add_epi8(v0, one);
    v1 = _mm256_add_epi8(v1, one);
    v2 = _mm256_add_epi8(v2, one);
    v3 = _mm256_add_epi8(v3, one);
    __m256i acc0 = zero, acc1 = zero, acc2 = zero, acc3 = zero, odd0 = zero, odd1 = zero, odd2 = zero, odd3 = zero;
    uint32_t lim = last - 1; /* the last register needs distances up to n - 1: r <= lim when q = R - 1 */
    ROW_PASS(0, zero, v0);
    ROW_PASS(1, v0, v1);
    ROW_PASS(2, v1, v2);
    ROW_PASS(3, v2, v3);
counted:;
    acc0 = _mm256_add_epi8(acc0, odd0);
    acc1 = _mm256_add_epi8(acc1, odd1);
    acc2 = _mm256_add_epi8(acc2, odd2); /* (no odd sets past 2 registers: zero) */
    acc3 = _mm256_add_epi8(acc3, odd3);
    /* the last of a part of c counts c - 1 earlier entries, the first 0 */
    __m256i valid = lanes_below(last);
    uint32_t lastbits = last == 32 ? 0xffffffffu : (1u << last) - 1;
    __m256i wv = _mm256_set1_epi8((char)(c->won + 1)), mx = zero, sad = zero;
    uint32_t first = 0, wins = 0;
    if (R == 1)
        row_end(v0, _mm256_and_si256(acc0, valid), lastbits, wv, &first, &wins, &mx, &sad);
    else
        row_end(v0, acc0, 0xffffffffu, wv, &first, &wins, &mx, &sad);
    if (R == 2)
        row_end(v1, _mm256_and_si256(acc1, valid), lastbits, wv, &first, &wins, &mx, &sad);
    else if (R > 2)
        row_end(v1, acc1, 0xffffffffu, wv, &first, &wins, &mx, &sad);
    if (R == 3)
        row_end(v2, _mm256_and_si256(acc2, valid), lastbits, wv, &first, &wins, &mx, &sad);
    else if (R > 3)
        row_end(v2, acc2, 0xffffffffu, wv, &first, &wins, &mx, &sad);
    if (R == 4)
        row_end(v3, _mm256_and_si256(acc3, valid), lastbits, wv, &first, &wins, &mx, &sad);
    f->parts = first;
    f->won = wins;
    f->pairs = (uint32_t)sum4(sad);
    f->maxpart = max16(_mm_max_epu8(_mm256_castsi256_si128(mx), _mm256_extracti128_si256(mx, 1))) + 1;
}
#undef ROW_PASS
#undef ROW_STEP
#undef ROW_CMP0
#undef ROW_CMP
#undef ROW_ADD
#undef ROW_SHIFT

/* The vector levels' row kernel, big rows through `big` (rowbig.c) */
CB_AVX2 static inline __attribute__((always_inline)) void row_vec(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out,
                                                                  cbo_rowfig *f, cbo_row_fn big, uint32_t max)
{
    uint32_t n = c->n;
    if (n > max && cbo_row_big_fits(c) && !(c->nvals <= CB_FEWVALS && n <= 255)) {
        big(c, rp, out, f);
        f->hash = c->hash ? cbo_row_hash(out, n) : 0;
        return;
    }
    if (c->nvals > 255 || n > CB_ROW_AVX512_MAX) {
        cbo_row_base(c, rp, out, f);
        return;
    }
    if (n <= 16) {
        row_small2(c, rp, out, f);
        return;
    }
    switch ((n + 31) / 32) {
    case 1:
        row_regs(c, rp, out, f, 1);
        break;
    case 2:
        row_regs(c, rp, out, f, 2);
        break;
    case 3:
        row_regs(c, rp, out, f, 3);
        break;
    default:
        row_regs(c, rp, out, f, 4);
        break;
    }
}

CB_AVX2 static void row_avx2(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    row_vec(c, rp, out, f, cbo_row_big_avx2, CB_ROW_AVX2_MAX);
}

/* The same, compiled for AVX-512 (its compares into mask registers), big rows read back 32 values a step. */
CB_TARGET_AVX512 static void row_avx512(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    row_vec(c, rp, out, f, cbo_row_big_avx512, CB_ROW_AVX512_MAX);
}
#endif

#if CB_CPU_DISPATCH
/*
 * A lane a row: entry e's values of the 32 rows in one register, compared with every earlier
 * entry's; lane b of acc counts the earlier entries equal to entry e in row b (as row_regs does
 * along a row), summed over e into the parts, pairs (16-bit sums), wins and largest part of each
 * row. The hash of each row as row_regs makes it, from the row read in place.
 */
CB_AVX2 static void block_avx2(const cbo_rowctx *c, const uint8_t *const *in, const uint8_t *rows, size_t rs,
                               uint32_t nb, cbo_rowfig *f)
{
    uint32_t n = c->n;
    __m256i v[CB_ROWBLOCK_MAX];
    const __m256i zero = _mm256_setzero_si256();
    for (uint32_t e = 0; e < n; e++)
        v[e] = _mm256_loadu_si256((const __m256i *)(const void *)in[e]);
    __m256i wv = _mm256_set1_epi8((char)c->won), first = zero, wins = zero, mx = zero, plo = zero, phi = zero;
    for (uint32_t e = 0; e < n; e++) {
        __m256i x = v[e], a0 = zero, a1 = zero;
        uint32_t e1 = 0;
        for (; e1 + 1 < e; e1 += 2) { /* two chains of additions */
            a0 = _mm256_sub_epi8(a0, _mm256_cmpeq_epi8(v[e1], x));
            a1 = _mm256_sub_epi8(a1, _mm256_cmpeq_epi8(v[e1 + 1], x));
        }
        if (e1 < e)
            a0 = _mm256_sub_epi8(a0, _mm256_cmpeq_epi8(v[e1], x));
        __m256i acc = _mm256_add_epi8(a0, a1);
        first = _mm256_sub_epi8(first, _mm256_cmpeq_epi8(acc, zero));
        wins = _mm256_sub_epi8(wins, _mm256_cmpeq_epi8(x, wv));
        mx = _mm256_max_epu8(mx, acc);
        plo = _mm256_add_epi16(plo, _mm256_unpacklo_epi8(acc, zero));
        phi = _mm256_add_epi16(phi, _mm256_unpackhi_epi8(acc, zero));
    }
    uint8_t fb[32], wb[32], mb[32];
    uint16_t pl[16], ph[16];
    _mm256_storeu_si256((__m256i *)(void *)fb, first);
    _mm256_storeu_si256((__m256i *)(void *)wb, wins);
    _mm256_storeu_si256((__m256i *)(void *)mb, mx);
    _mm256_storeu_si256((__m256i *)(void *)pl, plo);
    _mm256_storeu_si256((__m256i *)(void *)ph, phi);
    cbo_rowctx rc = *c;
    rc.contig = 1;
    for (uint32_t b = 0; b < nb; b++) {
        /* unpacklo takes bytes 0-7 and 16-23, unpackhi 8-15 and 24-31 */
        uint32_t q = (b & 16) >> 1 | (b & 7);
        f[b].parts = fb[b];
        f[b].won = c->won < 256 ? wb[b] : 0;
        f[b].maxpart = (uint32_t)mb[b] + 1;
        f[b].pairs = b & 8 ? ph[q] : pl[q];
        f[b].hash = 0;
        if (c->hash) {
            const uint8_t *rp = rows + b * rs;
            __m256i h = row_nh(row_load(&rc, rp, 0), 0);
            if (n > 32)
                h = _mm256_add_epi64(h, row_nh(row_load(&rc, rp, 1), 1));
            f[b].hash = hash_end(n * 0x9e3779b97f4a7c15ull + sum4(h)); /* (the scan fetches its slot) */
        }
    }
}
#endif

cbo_block_fn cbo_block_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX2)
        return block_avx2;
#else
    (void)level;
#endif
    return NULL;
}

cbo_row_fn cbo_row_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX512 && CB_TOP_ROW >= 2)
        return row_avx512;
    if (level >= CB_CPU_AVX2)
        return row_avx2;
#else
    (void)level;
#endif
    return cbo_row_base;
}

struct cbo_tls *cbo_row_work_new(void)
{
    cbo_tls *T = calloc(1, sizeof *T);
    if (!T)
        return NULL;
    T->cnt = calloc(257, sizeof *T->cnt);
    T->cnt2 = calloc(257, sizeof *T->cnt2);
    T->big = calloc(4 * 256, sizeof *T->big);
    T->rows = calloc(64, sizeof *T->rows); /* the set of rows whose slots the vector kernels fetch */
    T->rows_mask = 63;
    if (!T->cnt || !T->cnt2 || !T->big || !T->rows) {
        cbo_row_work_free(T);
        return NULL;
    }
    return T;
}

void cbo_row_work_free(struct cbo_tls *T)
{
    if (!T)
        return;
    free(T->cnt);
    free(T->cnt2);
    free(T->big);
    free(T->rows);
    free(T);
}
