/*
 * version.h: the library's version, at compile time and at run time, what
 * a version promises to the programs built on it, and the processor level
 * its kernels run at.
 *
 * Versions are MAJOR.MINOR.PATCH (CMakeLists.txt reads them from here).
 * CB_VERSION* are the headers' version, the one a program was compiled
 * against; cb_version() and cb_version_number() are the library's, the one
 * loaded at run time.
 *
 * The promise (the ABI of libcodebreaker.so):
 *  - What the ABI is: the functions declared in these headers and their
 *    parameters, the values of the enums and #defines, and the layout of
 *    the structs a caller declares or allocates itself (the *_config,
 *    *_options and *_result structs, cb_error, cb_partition, cb_guess_score,
 *    cb_tree_stats, cb_strategy_info, cb_sim_game).
 *  - What it is not, and may change in any release: the insides of the
 *    opaque types (cb_game, cb_table, cb_state, cb_strategy, cb_tree, cb_rng
 *    behind its functions), struct fields whose names end in `_` (private),
 *    the wording of messages (cb_error.message, cb_strerror()), the choice
 *    among equally scored guesses where a header does not fix it, speed and
 *    memory use. The internal prefixes (cbb_, cbg_, cbt_, cbs_, cbo_, cbd_:
 *    docs/design.md) are the library's own and are not exported by
 *    libcodebreaker.so.
 *  - Before 1.0 (now): a PATCH release keeps the API and the ABI; a MINOR
 *    release may change both, and says how in its notes. The SONAME is
 *    libcodebreaker.so.0.MINOR, so a program is never loaded with a library
 *    of another minor version.
 *  - From 1.0 on: MINOR releases only add (functions, enum values at the
 *    end, status codes; never a field to a struct above); anything else
 *    waits for a MAJOR release, whose SONAME is libcodebreaker.so.MAJOR.
 *  - Always: fill config and options structs with their *_default()
 *    function before setting fields, so that a field a later version adds
 *    gets its default when the program is rebuilt; do not rely on the values
 *    of status codes beyond their names and their sign (CB_OK is 0, failures
 *    are negative).
 */
#ifndef CODEBREAKER_VERSION_H
#define CODEBREAKER_VERSION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CB_VERSION_MAJOR 0
#define CB_VERSION_MINOR 4
#define CB_VERSION_PATCH 0
#define CB_VERSION_STRING_(a, b, c) #a "." #b "." #c
#define CB_VERSION_STRING(a, b, c) CB_VERSION_STRING_(a, b, c)
/* "MAJOR.MINOR.PATCH" */
#define CB_VERSION CB_VERSION_STRING(CB_VERSION_MAJOR, CB_VERSION_MINOR, CB_VERSION_PATCH)
/* MAJOR * 10000 + MINOR * 100 + PATCH, for comparisons in #if. */
#define CB_VERSION_NUMBER (CB_VERSION_MAJOR * 10000 + CB_VERSION_MINOR * 100 + CB_VERSION_PATCH)

/* The loaded library's version, e.g. "0.1.0"; a static string. */
const char *cb_version(void);
/* The loaded library's CB_VERSION_NUMBER. */
int cb_version_number(void);

/*
 * The instruction sets that the kernels chosen at run time may use, lowest
 * first: baseline x86-64 (and any other processor), AVX2 with hardware
 * popcount, AVX-512 (F, BW, VL, VPOPCNTDQ). Every level gives the same
 * results; only the speed differs. Every vector kernel (the feedback
 * table's, the partition's, the exact solver's) has a version a level it
 * gains from, and its user picks one once (a table when it is made, a
 * search when it starts) at the level in use, so a cap reaches them all.
 */
typedef enum { CB_CPU_SCALAR = 0, CB_CPU_AVX2 = 1, CB_CPU_AVX512 = 2 } cb_cpu_level;

/* The highest level this processor and this build of the library support. */
cb_cpu_level cb_cpu_level_best(void);
/* The level in use: the best one, at most the cap (CB_CPU_AVX512 until capped). */
cb_cpu_level cb_cpu_level_current(void);
/*
 * Caps the level for the whole process, e.g. to measure or test a lower
 * one (the program's CB_CPU_LEVEL); returns the level now in use. Safe to
 * call from any thread, but meant for start-up: a search under way may mix
 * levels, which changes nothing but its speed.
 */
cb_cpu_level cb_cpu_level_cap(cb_cpu_level cap);
/* "scalar", "avx2" or "avx512"; "unknown" for any other value. A static string. */
const char *cb_cpu_level_name(cb_cpu_level level);
/*
 * The level a name gives (cb_cpu_level_name's names, e.g. the program's CB_CPU_LEVEL) in *level:
 * CB_OK, or CB_EINVAL for any other name (NULL included), *level then unchanged.
 */
int cb_cpu_level_parse(const char *name, cb_cpu_level *level);
/*
 * The vector kernels, i from 0: the name of kernel i ("table",
 * "partition", "row", "look_ahead", "look_ahead_count"), and in *level
 * (may be NULL) the level of the version it runs now: the level in use, or
 * the highest below it that the kernel has a version of (no kernel has an
 * AVX-512 version but the look-ahead count). NULL past the last.
 */
const char *cb_cpu_kernel_at(size_t i, cb_cpu_level *level);

#ifdef __cplusplus
}
#endif

#endif
