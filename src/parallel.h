/* parallel.h: how many threads a parallel region of the library uses. */
#ifndef CB_PARALLEL_H
#define CB_PARALLEL_H

#ifdef _OPENMP
#include <omp.h>
/* `requested` when positive, else OpenMP's default. */
static inline int cb__threads(int requested)
{
    return requested > 0 ? requested : omp_get_max_threads();
}
#else
static inline int cb__threads(int requested)
{
    return requested > 0 ? 1 : 1;
}
#endif

#endif
