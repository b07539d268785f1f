/*
 * memory.c: big arrays on huge pages where the system has them
 * (memory_internal.h). Measured in docs/optimal.md ("Huge pages and a
 * cache that grows").
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
