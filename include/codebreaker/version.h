/*
 * version.h: the library's version, at compile time and at run time, and
 * what a version promises to the programs built on it.
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

#ifdef __cplusplus
extern "C" {
#endif

#define CB_VERSION_MAJOR 0
#define CB_VERSION_MINOR 2
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

#ifdef __cplusplus
}
#endif

#endif
