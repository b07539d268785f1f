/*
 * table.h: every (guess, secret) feedback of a game, computed once.
 *
 * Rows are guess-major: row g holds the feedback of guess g against each
 * secret, in secret order, one byte per entry when the game's raw ids fit
 * in a byte (Mastermind, words of up to 5 letters), two bytes up to 10
 * letters, four beyond. Games whose table would exceed the memory limit
 * (or not pay for the work the caller says, or find no memory under
 * CB_TABLE_AUTO) get an on-the-fly table with the same interface: cb_table_row() returns
 * NULL and cb_table_get()/cb_table_fill() compute entries directly
 * (cb_table_fill with the vectorised kernel, so a whole state's
 * candidates cost a few nanoseconds each; for that an on-the-fly table
 * keeps a position-major copy of the codes, `length` bytes per code).
 * For Symble the entries are raw colour patterns (see game.h).
 *
 * A table is immutable once built and may be shared between threads. It
 * keeps a pointer to its game, which must outlive it.
 */
#ifndef CODEBREAKER_TABLE_H
#define CODEBREAKER_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_table cb_table;

typedef enum cb_table_mode {
    CB_TABLE_AUTO = 0, /* precompute when it fits the limit and memory (and pays for the work, when given) */
    CB_TABLE_ON = 1,   /* precompute, or fail with CB_ETOOBIG saying how much memory is needed */
    CB_TABLE_OFF = 2   /* always on the fly */
} cb_table_mode;

typedef struct cb_table_options {
    cb_table_mode mode;
    size_t max_bytes; /* memory limit for a precomputed table; 0 = default (2 GiB) */
    int threads;      /* 0 = OpenMP's default */
    int no_columns; /* 1: no secret-major copy for the scorers nor the exact solver (they read rows; to measure or test
                       that path) */
    /*
     * The caller's estimate of the feedbacks it will read, in (guess, secret) pairs; 0 = unknown.
     * Under CB_TABLE_AUTO a table that fits is then precomputed only when cb_table_pays says so.
     */
    double work;
    /*
     * Stops of the build, looked at between blocks of CB_TABLE_STOP_ROWS rows (src/tuning.h) and before
     * the first: the seconds from the call (0: none), and a flag that any thread may set (atomic store;
     * NULL: none). A build stopped by either frees what it made and returns CB_ECANCELED with no table.
     */
    double time_limit;
    const volatile int *cancel;
} cb_table_options;

void cb_table_options_default(cb_table_options *opt);

int cb_table_new(const cb_game *game, const cb_table_options *opt, cb_table **out, cb_error *err);
void cb_table_free(cb_table *table);

const cb_game *cb_table_game(const cb_table *table);
/* Bytes per entry (1, 2 or 4); the width an on-the-fly table would have. */
int cb_table_width(const cb_table *table);
/* 1 when entries are precomputed, 0 when computed on the fly. */
int cb_table_precomputed(const cb_table *table);
/* Bytes a precomputed table of this game takes (or would take). */
double cb_table_bytes_needed(const cb_game *game);
/*
 * 1 when precomputing the table and reading work pairs from it is estimated to cost less CPU time
 * than computing those pairs on the fly (the model and its measured constants: src/tuning.h). It
 * says nothing about memory: cb_table_options.max_bytes is the limit.
 */
int cb_table_pays(const cb_game *game, double work);
/*
 * About what one feedback read through this table costs, in reads of a precomputed table held in
 * cache: 1 when precomputed; on the fly the kernel's cost a pair over such a read (src/tuning.h: 2.5
 * for Mastermind, 4 for the word rules). For front ends that bound work (cb_strategy_work).
 */
double cb_table_pair_cost(const cb_table *table);
/* Wall time the build took, in seconds. */
double cb_table_build_seconds(const cb_table *table);

/* Row of guess g (width bytes per entry), or NULL for an on-the-fly table. */
const void *cb_table_row(const cb_table *table, uint32_t g);
/* The raw feedback of guess g against secret s. */
uint32_t cb_table_get(const cb_table *table, cb_guess_index g, cb_secret_index s);
/* out[i] = raw feedback of guess g against secrets[i], for i < n. */
void cb_table_fill(const cb_table *table, uint32_t g, const uint32_t *secrets, size_t n, uint32_t *out);

#ifdef __cplusplus
}
#endif

#endif
