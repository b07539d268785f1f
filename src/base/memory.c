/*
 * memory.c: big arrays on huge pages where the system has them
 * (memory_internal.h). Measured in docs/optimal.md ("The kernels").
 */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "base/memory_internal.h"
#include "tuning.h"

void *cbb_alloc_big(size_t size, int zero)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size >= CB_BIG_ALLOC_MIN) {
        size_t huge = (size_t)2 << 20, rounded = (size + huge - 1) & ~(huge - 1);
        if (rounded >= size) { /* else size is near SIZE_MAX: no memory */
            void *p = aligned_alloc(huge, rounded);
            if (p) {
                (void)madvise(p, rounded, MADV_HUGEPAGE); /* a hint: the block works without it */
                if (zero)
                    memset(p, 0, size);
                return p;
            }
        }
    }
#endif
    if (size > SIZE_MAX - 64)
        return NULL;
    void *p = aligned_alloc(64, size ? (size + 63) & ~(size_t)63 : 64);
    if (p && zero)
        memset(p, 0, size);
    return p;
}
