/* parallel.h: how many threads a parallel region of the library uses, and how it reads a cancel flag. */
#ifndef CB_PARALLEL_H
#define CB_PARALLEL_H

#ifdef _OPENMP
#include <omp.h>
/* `requested` when positive, else OpenMP's default. */
static inline int cbb_threads(int requested)
{
    return requested > 0 ? requested : omp_get_max_threads();
}
#else
static inline int cbb_threads(int requested)
{
    return requested > 0 ? 1 : 1;
}
#endif

/* 1 once a cancel flag (NULL: none) has been set; an atomic read, as writers store it atomically. */
static inline int cbb_flag(const volatile int *flag)
{
    return flag && __atomic_load_n(flag, __ATOMIC_RELAXED) != 0;
}

#endif
