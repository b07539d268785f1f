/* memory_internal.h: the library's big arrays (feedback tables, the solver's copy and its arena). */
#ifndef CB_MEMORY_INTERNAL_H
#define CB_MEMORY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * size bytes, not zeroed, for an array read at random over tens of
 * megabytes or more, aligned to 64 bytes; NULL without memory. From
 * CB_BIG_ALLOC_MIN bytes on (tuning.h), on Linux, the block is aligned to
 * 2 MiB and the kernel is asked to back its whole 2 MiB pages with huge pages
 * (madvise MADV_HUGEPAGE: a hint, which it may ignore; a last page partly
 * used stays small): a page fault and a TLB entry then cover 2 MiB instead
 * of 4 KiB. The caller frees the block with free().
 */
void *cbb_alloc_big(size_t size);

/*
 * dst[c * dstride + r] = src[r * sstride + c] for every row r < rows and
 * column c < cols: a byte matrix transposed (the secret-major copies of a
 * feedback table: the table's cbt_columns and the solver's). Blocks of 16 x 16 bytes with SSE2 where it exists,
 * one byte at a time at the edges and elsewhere; cbb_transpose_ref is the
 * plain loop that tests/unit/test_table.c checks it against. The two areas
 * must not overlap; the caller owns both.
 */
void cbb_transpose(const unsigned char *src, size_t sstride, size_t rows, size_t cols, unsigned char *dst,
                   size_t dstride);
void cbb_transpose_ref(const unsigned char *src, size_t sstride, size_t rows, size_t cols, unsigned char *dst,
                       size_t dstride);

/* The plain version of cbb_tr16 (the tests' reference). */
static inline void cbb_tr16_ref(const uint8_t *const in[16], uint8_t *out, size_t ostride)
{
    uint8_t t[16][16];
    for (int r = 0; r < 16; r++)
        for (int i = 0; i < 16; i++)
            t[i][r] = in[r][i];
    for (int i = 0; i < 16; i++)
        memcpy(out + (size_t)i * ostride, t[i], 16);
}

/*
 * A 16 x 16 tile of bytes turned over: out + i * ostride gets byte i of each of the 16 rows in[0..15]
 * (row r's as byte r), 16 bytes read at each in[r] and 16 written at each out + i * ostride. Four
 * rounds of a perfect shuffle (b[2i], b[2i + 1]: the bytes of a[i] and a[i + 8] interleaved) move
 * byte i of row r to byte r of row i; SSE2 intrinsics, so that gcc and clang both build it. The
 * blocks of cbb_transpose and the solver's secret-major tiles (solver/scan.c) both use it.
 */
static inline void cbb_tr16(const uint8_t *const in[16], uint8_t *out, size_t ostride)
{
#if defined(__SSE2__)
    __m128i a[16], b[16];
    for (int r = 0; r < 16; r++)
        a[r] = _mm_loadu_si128((const __m128i *)(const void *)in[r]);
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
        _mm_storeu_si128((__m128i *)(void *)(out + (size_t)i * ostride), a[i]);
#else
    cbb_tr16_ref(in, out, ostride);
#endif
}

#endif
