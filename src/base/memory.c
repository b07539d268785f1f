/*
 * memory.c: big arrays on huge pages where the system has them, and their
 * byte transposition (memory_internal.h). Measured in docs/optimal.md
 * ("Huge pages and a cache that grows").
 */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include <stdint.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/memory_internal.h"
#include "tuning.h"

void *cbb_alloc_big(size_t size)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size >= CB_BIG_ALLOC_MIN) {
        size_t huge = (size_t)2 << 20, rounded = (size + huge - 1) & ~(huge - 1);
        if (rounded >= size) { /* else size is near SIZE_MAX: no memory */
            void *p = aligned_alloc(huge, rounded);
            if (p) {
                (void)madvise(p, rounded, MADV_HUGEPAGE); /* a hint: the block works without it */
                return p;
            }
        }
    }
#endif
    if (size > SIZE_MAX - 64)
        return NULL;
    return aligned_alloc(64, size ? (size + 63) & ~(size_t)63 : 64);
}

void cbb_transpose_ref(const unsigned char *src, size_t sstride, size_t rows, size_t cols, unsigned char *dst,
                       size_t dstride)
{
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            dst[c * dstride + r] = src[r * sstride + c];
}

#if defined(__SSE2__)
/*
 * One 16 x 16 block: four rounds of interleaving row i with row i + 8 transpose it (each round one
 * punpcklbw / punpckhbw pair per row). SSE2 intrinsics, so that gcc and clang both build it.
 */
static void transpose16(const unsigned char *src, size_t sstride, unsigned char *dst, size_t dstride)
{
    __m128i a[16], b[16];
    for (int i = 0; i < 16; i++)
        a[i] = _mm_loadu_si128((const __m128i *)(const void *)(src + (size_t)i * sstride));
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 8; i++) {
            b[2 * i] = _mm_unpacklo_epi8(a[i], a[i + 8]);
            b[2 * i + 1] = _mm_unpackhi_epi8(a[i], a[i + 8]);
        }
        for (int i = 0; i < 8; i++) {
            a[2 * i] = _mm_unpacklo_epi8(b[i], b[i + 8]);
            a[2 * i + 1] = _mm_unpackhi_epi8(b[i], b[i + 8]);
        }
    }
    for (int i = 0; i < 16; i++)
        _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)i * dstride), a[i]);
}
#endif

void cbb_transpose(const unsigned char *src, size_t sstride, size_t rows, size_t cols, unsigned char *dst,
                   size_t dstride)
{
    size_t r0 = 0;
#if defined(__SSE2__)
    /* blocks of 16 rows, each across every column: the 16 rows are read in sequence */
    for (; r0 + 16 <= rows; r0 += 16) {
        size_t c0 = 0;
        for (; c0 + 16 <= cols; c0 += 16)
            transpose16(src + r0 * sstride + c0, sstride, dst + c0 * dstride + r0, dstride);
        cbb_transpose_ref(src + r0 * sstride + c0, sstride, 16, cols - c0, dst + c0 * dstride + r0, dstride);
    }
#endif
    cbb_transpose_ref(src + r0 * sstride, sstride, rows - r0, cols, dst + r0, dstride);
}
