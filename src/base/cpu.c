/*
 * cpu.c: the processor level of the kernels chosen at run time
 * (codebreaker/version.h, cb_cpu_level): what the processor has, found
 * once, and the cap a program may put on it. Both are atomics, so threads
 * that ask while another caps never race.
 */
#include <string.h>

#include "codebreaker/status.h"
#include "codebreaker/version.h"
#include "tuning.h"

static int best_level = -1;                /* -1 until found */
static int cap_level = (int)CB_CPU_AVX512; /* no cap */

/* What the processor has, among the levels this build compiled (CB_CPU_DISPATCH). */
static int detect(void)
{
#if CB_CPU_DISPATCH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512vpopcntdq"))
        return CB_CPU_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
        return CB_CPU_AVX2;
#endif
    return CB_CPU_SCALAR;
}

cb_cpu_level cb_cpu_level_best(void)
{
    int b = __atomic_load_n(&best_level, __ATOMIC_RELAXED);
    if (b < 0) { /* two threads may both look: they store the same answer */
        b = detect();
        __atomic_store_n(&best_level, b, __ATOMIC_RELAXED);
    }
    return (cb_cpu_level)b;
}

cb_cpu_level cb_cpu_level_current(void)
{
    int b = (int)cb_cpu_level_best(), c = __atomic_load_n(&cap_level, __ATOMIC_RELAXED);
    return (cb_cpu_level)(b < c ? b : c);
}

cb_cpu_level cb_cpu_level_cap(cb_cpu_level cap)
{
    int c = (int)cap < (int)CB_CPU_SCALAR   ? (int)CB_CPU_SCALAR
            : (int)cap > (int)CB_CPU_AVX512 ? (int)CB_CPU_AVX512
                                            : (int)cap;
    __atomic_store_n(&cap_level, c, __ATOMIC_RELAXED);
    return cb_cpu_level_current();
}

const char *cb_cpu_level_name(cb_cpu_level level)
{
    switch (level) {
    case CB_CPU_SCALAR:
        return "scalar";
    case CB_CPU_AVX2:
        return "avx2";
    case CB_CPU_AVX512:
        return "avx512";
    }
    return "unknown";
}

const char *cb_cpu_kernel_at(size_t i, cb_cpu_level *level)
{
    static const struct {
        const char *name;
        int top; /* tuning.h: the highest level it has a version of */
    } kernels[] = {{"table", CB_TOP_TABLE},
                   {"partition", CB_TOP_PARTITION},
                   {"row", CB_TOP_ROW},
                   {"look_ahead", CB_TOP_LOOKAHEAD},
                   {"look_ahead_count", CB_TOP_LBCOUNT}};
    if (i >= sizeof kernels / sizeof kernels[0])
        return NULL;
    if (level) {
        int c = (int)cb_cpu_level_current();
        *level = (cb_cpu_level)(c < kernels[i].top ? c : kernels[i].top);
    }
    return kernels[i].name;
}

int cb_cpu_level_parse(const char *name, cb_cpu_level *level)
{
    for (int l = CB_CPU_SCALAR; name && l <= CB_CPU_AVX512; l++)
        if (strcmp(name, cb_cpu_level_name((cb_cpu_level)l)) == 0) {
            *level = (cb_cpu_level)l;
            return CB_OK;
        }
    return CB_EINVAL;
}
