/*
 * rowbig.c: the row kernel's rows of more than CB_ROW_AVX2_MAX entries
 * (rowkern.c), whose compares of every entry with every earlier one would
 * grow as the square of the entries: each value counted in one of four
 * sets of 16-bit counters (T->big, kept at zero), so that equal neighbours
 * do not wait on each other's stores, and the counters read back and
 * cleared with vectors over the values at each processor level: SSE2 8
 * values a step, AVX2 16, AVX-512 32, no branch on a count (the baseline's
 * counters read them back one value at a time). tests/unit/test_rowkern.c
 * checks every level against cbo_row_ref; bench/bench_rowkern.c times them.
 * The row's hash is the caller's (rowkern.c).
 */
#include <string.h>

#include "solver/rowkern_internal.h"
#include "solver/run_internal.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if CB_CPU_DISPATCH
#include <immintrin.h>
#endif

/* The values of row rp at the columns of c into out, each counted in set e % 4 of cnt (4 x 256). */
static inline __attribute__((always_inline)) void big_count(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out,
                                                            uint16_t *cnt)
{
    uint16_t *c0 = cnt, *c1 = cnt + 256, *c2 = cnt + 512, *c3 = cnt + 768;
    const uint32_t *col = c->col;
    uint32_t n = c->n, e = 0;
    if (c->contig) {
        memcpy(out, rp, n);
        for (; e + 3 < n; e += 4) {
            c0[rp[e]]++;
            c1[rp[e + 1]]++;
            c2[rp[e + 2]]++;
            c3[rp[e + 3]]++;
        }
        for (; e < n; e++)
            c0[rp[e]]++;
        return;
    }
    for (; e + 3 < n; e += 4) {
        uint32_t k0 = rp[col[e]], k1 = rp[col[e + 1]], k2 = rp[col[e + 2]], k3 = rp[col[e + 3]];
        out[e] = (uint8_t)k0;
        out[e + 1] = (uint8_t)k1;
        out[e + 2] = (uint8_t)k2;
        out[e + 3] = (uint8_t)k3;
        c0[k0]++;
        c1[k1]++;
        c2[k2]++;
        c3[k3]++;
    }
    for (; e < n; e++) {
        uint32_t k = rp[col[e]];
        out[e] = (uint8_t)k;
        c0[k]++;
    }
}

/* The entries whose value is c->won, before the counters are cleared. */
static inline uint32_t big_won(const cbo_rowctx *c, const uint16_t *cnt)
{
    uint32_t w = c->won;
    return w < 256 ? (uint32_t)cnt[w] + cnt[256 + w] + cnt[512 + w] + cnt[768 + w] : 0;
}

#if defined(__SSE2__)
/* The sum of the four 32-bit lanes of s. */
static inline uint32_t sum4x32(__m128i s)
{
    s = _mm_add_epi32(s, _mm_srli_si128(s, 8));
    s = _mm_add_epi32(s, _mm_srli_si128(s, 4));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

/* The largest of the eight 16-bit lanes of m (each below 32768). */
static inline uint32_t max8x16(__m128i m)
{
    m = _mm_max_epi16(m, _mm_srli_si128(m, 8));
    m = _mm_max_epi16(m, _mm_srli_si128(m, 4));
    m = _mm_max_epi16(m, _mm_srli_si128(m, 2));
    return (uint32_t)_mm_cvtsi128_si32(m) & 0xffff;
}
#endif

int cbo_row_big_fits(const cbo_rowctx *c)
{
#if defined(__SSE2__)
    return c->n <= 32767 && c->nvals <= 256; /* a count and the sum of squares fit a signed 16 and 32 bits */
#else
    (void)c;
    return 0;
#endif
}

#if defined(__SSE2__)
void cbo_row_big(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    uint16_t *cnt = c->T->big;
    big_count(c, rp, out, cnt);
    f->won = big_won(c, cnt);
    const __m128i zero = _mm_setzero_si128();
    __m128i mx = zero, sq = zero, empty = zero;
    uint32_t top = (c->nvals + 7) & ~7u;
    for (uint32_t v = 0; v < top; v += 8) {
        __m128i t = zero;
        for (int s = 0; s < 4; s++) {
            __m128i *q = (__m128i *)(void *)(cnt + 256 * s + v);
            t = _mm_add_epi16(t, _mm_loadu_si128(q));
            _mm_storeu_si128(q, zero);
        }
        empty = _mm_sub_epi16(empty, _mm_cmpeq_epi16(t, zero));
        mx = _mm_max_epi16(mx, t);
        sq = _mm_add_epi32(sq, _mm_madd_epi16(t, t));
    }
    f->parts = top - sum4x32(_mm_madd_epi16(empty, _mm_set1_epi16(1)));
    f->pairs = (sum4x32(sq) - c->n) / 2;
    f->maxpart = max8x16(mx);
}
#endif

#if CB_CPU_DISPATCH
CB_TARGET_AVX2 void cbo_row_big_avx2(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    uint16_t *cnt = c->T->big;
    big_count(c, rp, out, cnt);
    f->won = big_won(c, cnt);
    const __m256i zero = _mm256_setzero_si256();
    __m256i mx = zero, sq = zero, empty = zero;
    uint32_t top = (c->nvals + 15) & ~15u;
    for (uint32_t v = 0; v < top; v += 16) {
        __m256i t = zero;
        for (int s = 0; s < 4; s++) {
            __m256i *q = (__m256i *)(void *)(cnt + 256 * s + v);
            t = _mm256_add_epi16(t, _mm256_loadu_si256(q));
            _mm256_storeu_si256(q, zero);
        }
        empty = _mm256_sub_epi16(empty, _mm256_cmpeq_epi16(t, zero));
        mx = _mm256_max_epi16(mx, t);
        sq = _mm256_add_epi32(sq, _mm256_madd_epi16(t, t));
    }
    empty = _mm256_madd_epi16(empty, _mm256_set1_epi16(1));
    f->parts = top - sum4x32(_mm_add_epi32(_mm256_castsi256_si128(empty), _mm256_extracti128_si256(empty, 1)));
    f->pairs = (sum4x32(_mm_add_epi32(_mm256_castsi256_si128(sq), _mm256_extracti128_si256(sq, 1))) - c->n) / 2;
    f->maxpart = max8x16(_mm_max_epi16(_mm256_castsi256_si128(mx), _mm256_extracti128_si256(mx, 1)));
}

CB_TARGET_AVX512 void cbo_row_big_avx512(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f)
{
    uint16_t *cnt = c->T->big;
    big_count(c, rp, out, cnt);
    f->won = big_won(c, cnt);
    const __m512i zero = _mm512_setzero_si512();
    __m512i mx = zero, sq = zero;
    uint32_t empty = 0, top = (c->nvals + 31) & ~31u;
    for (uint32_t v = 0; v < top; v += 32) {
        __m512i t = zero;
        for (int s = 0; s < 4; s++) {
            void *q = cnt + 256 * s + v;
            t = _mm512_add_epi16(t, _mm512_loadu_si512(q));
            _mm512_storeu_si512(q, zero);
        }
        empty += (uint32_t)__builtin_popcount(_mm512_cmpeq_epi16_mask(t, zero));
        mx = _mm512_max_epi16(mx, t);
        sq = _mm512_add_epi32(sq, _mm512_madd_epi16(t, t));
    }
    f->parts = top - empty;
    f->pairs = ((uint32_t)_mm512_reduce_add_epi32(sq) - c->n) / 2;
    __m256i m = _mm256_max_epi16(_mm512_castsi512_si256(mx), _mm512_extracti64x4_epi64(mx, 1));
    f->maxpart = max8x16(_mm_max_epi16(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1)));
}
#endif
