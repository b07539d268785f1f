/* memory_internal.h: the library's big arrays (feedback tables, the solver's copy and its arena). */
#ifndef CB_MEMORY_INTERNAL_H
#define CB_MEMORY_INTERNAL_H

#include <stddef.h>

/*
 * size bytes, not zeroed, for an array read at random over tens of
 * megabytes or more, aligned to 64 bytes; NULL without memory. From
 * CB_BIG_ALLOC_MIN bytes on (tuning.h), on Linux, the block is aligned to
 * 2 MiB and the kernel is asked to back it with huge pages (madvise
 * MADV_HUGEPAGE: a hint, which it may ignore): a page fault and a TLB entry
 * then cover 2 MiB instead of 4 KiB. The caller frees the block with free().
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

#endif
