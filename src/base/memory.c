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
                /* a hint: the block works without it. The whole huge pages of size only: a last one partly
                 * used stays on small pages (a table of 28.6 MiB resident as 28.6, not 30) */
                (void)madvise(p, size & ~(huge - 1), MADV_HUGEPAGE);
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

void cbb_transpose(const unsigned char *src, size_t sstride, size_t rows, size_t cols, unsigned char *dst,
                   size_t dstride)
{
    size_t r0 = 0;
#if defined(__SSE2__)
    /* blocks of 16 rows, each across every column: the 16 rows are read in sequence */
    for (; r0 + 16 <= rows; r0 += 16) {
        size_t c0 = 0;
        for (; c0 + 16 <= cols; c0 += 16) {
            const uint8_t *in[16];
            for (int i = 0; i < 16; i++)
                in[i] = src + (r0 + (size_t)i) * sstride + c0;
            cbb_tr16(in, dst + c0 * dstride + r0, dstride);
        }
        cbb_transpose_ref(src + r0 * sstride + c0, sstride, 16, cols - c0, dst + c0 * dstride + r0, dstride);
    }
#endif
    cbb_transpose_ref(src + r0 * sstride, sstride, rows - r0, cols, dst + r0, dstride);
}
