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

#include "codebreaker/status.h"
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

/*
 * The kernels' level capped as CB_CPU_LEVEL says (scalar, avx2, avx512), read by the library's parser
 * as the program reads it; a bad value ends the benchmark with status 2, as it ends the program.
 */
static inline void bench_cap_level(void)
{
    const char *cap = getenv("CB_CPU_LEVEL");
    cb_cpu_level l;
    if (!cap || !*cap)
        return;
    if (cb_cpu_level_parse(cap, &l) != CB_OK) {
        fprintf(stderr, "CB_CPU_LEVEL is '%s': scalar, avx2 or avx512\n", cap);
        exit(2);
    }
    cb_cpu_level_cap(l);
}

/*
 * What a kernel benchmark does first: cap the level (CB_CPU_LEVEL) and return the clock that turns its
 * nanoseconds into cycles, the processor's nominal one unless argv[1] gives it in GHz.
 */
static inline double bench_start(int argc, char **argv)
{
    char model[128];
    double ghz = argc > 1 ? atof(argv[1]) : bench_nominal_ghz(model, sizeof model);
    bench_cap_level();
    return ghz;
}

/* The line every benchmark prints first: the processor's model and the kernels' level in use and best here. */
static inline void bench_machine(void)
{
    char model[128];
    bench_nominal_ghz(model, sizeof model);
    printf("# cpu: %s; level in use: %s (best here: %s)\n", model, cb_cpu_level_name(cb_cpu_level_current()),
           cb_cpu_level_name(cb_cpu_level_best()));
}

#endif
