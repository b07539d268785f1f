/*
 * bench_clock.h: what the kernel benchmarks share: the thread's processor
 * time, and the processor's model and nominal clock, printed beside every
 * figure (a figure without its machine says little).
 */
#ifndef CB_BENCH_CLOCK_H
#define CB_BENCH_CLOCK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codebreaker/version.h"

/* The thread's processor time: on a shared machine, the time it was not running is not counted. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The processor's nominal clock in GHz and its model name (into model), from /proc/cpuinfo. */
static inline double bench_nominal_ghz(char *model, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    double mhz = 0;
    snprintf(model, size, "unknown");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            snprintf(model, size, "%s", colon + 2);
            model[strcspn(model, "\n")] = 0;
        }
        if (sscanf(line, "cpu MHz : %lf", &mhz) == 1)
            break;
    }
    if (f)
        fclose(f);
    return mhz / 1000;
}

/* The kernels' level capped as CB_CPU_LEVEL says (scalar, avx2, avx512), as the program does. */
static inline void bench_cap_level(void)
{
    const char *cap = getenv("CB_CPU_LEVEL");
    for (int l = CB_CPU_SCALAR; cap && l <= CB_CPU_AVX512; l++)
        if (strcmp(cap, cb_cpu_level_name((cb_cpu_level)l)) == 0)
            cb_cpu_level_cap((cb_cpu_level)l);
}

#endif
