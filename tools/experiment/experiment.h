/*
 * experiment.h: what the experiments of `codebreaker experiment` share:
 * the run's options, the resumable results file, the progress bar, the
 * simulation of one configuration, and figures written as SVG and PNG.
 *
 * A results file DIR/NAME.csv holds one row per configuration. Its first
 * columns are the configuration's key: what was played and with which
 * parameters (games, seed, iterations, the word list's digest). Before
 * running a configuration the experiment looks its key up; a row found is
 * reused, otherwise the configuration runs and its row is added at once
 * (the file rewritten whole), so an interrupted run resumes where it
 * stopped and a run with other parameters adds rows beside the old ones.
 * --fresh runs a configuration again and its row replaces the old one. A
 * file read back is checked: each row's digest (a last column, keyed with
 * the installation's secret key, cli_key_load), values in their columns'
 * ranges, and a key twice only with the same results (seconds and version
 * aside).
 */
#ifndef CB_EXPERIMENT_H
#define CB_EXPERIMENT_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "plot.h"
#include "progress.h"

#define EXP_MAX_COLS 32
#define EXP_MAX_PEGS 8

/* The options of one run (docs/analysis.md lists them per experiment). */
typedef struct exp_opts {
    const char *name;
    const char *out; /* the directory of the files */
    long games;      /* games per configuration; 0: the experiment's default */
    uint64_t seed;
    int threads;
    int fresh; /* run every configuration again */
    int plots; /* draw the figures */
    int quiet; /* no progress bar */
    const char *words;
    char range_var; /* 0, 'k' or 'n' */
    int lo, hi;
    int pegs[EXP_MAX_PEGS], npegs;
    int colors;
    const char *strategies; /* comma-separated, or NULL */
    const char *first;      /* comma-separated openers, or NULL */
    const char *game;       /* --game, or NULL */
    int iterations;
    long dict_size;  /* symble-lengths: dictionaries of this many random words per length (0: the whole list) */
    int paper_rules; /* target-turn: the data-visualisation paper's rules (answers only, a turn limit) */
} exp_opts;

/* The results file: rows of strings, the first nkeys columns the key. */
typedef struct exp_store {
    char path[1024];
    const char *const *cols;
    int ncols, nkeys;
    char ***rows;
    long *lines; /* the line each row was read from (0: added by this run), for messages */
    size_t nrows, cap;
    uint64_t key[2]; /* the installation's secret key (cli_key_load): each row's digest in a last column */
} exp_store;

/* The progress of a run (progress.h): weighted configurations, games within the current one. */
typedef struct exp_progress {
    cli_progress bar;
    double total, done; /* weights */
    double current;     /* weight of the configuration running */
    char label[64];
} exp_progress;

typedef struct exp_ctx {
    cli *c;
    exp_opts o;
    exp_store store;
    exp_progress bar;
    cb_game *game; /* the open game and its table, kept while configurations share them */
    cb_table *table;
    char game_key[512];
    double table_seconds;
    int ran, reused; /* configurations run now, and found in the file */
} exp_ctx;

/* One simulated configuration: the key, then what the simulation measured. */
typedef struct exp_sim {
    /* key */
    char game[16];     /* symble, wordle, mastermind */
    char list[160];    /* "complete", or the word list's name and digest */
    int k, n;          /* alphabet size, code length */
    char strategy[96]; /* cb_strategy_name(), options included */
    int target;        /* target turn, 0 none */
    char opener[32];   /* fixed first guess, or "" */
    long games;        /* requested games; 0: every secret */
    uint64_t seed;
    int iterations; /* montecarlo's, else 0 */
    /* values */
    double secrets;
    long played;
    double average, stddev, ci95, median;
    int max;
    double removed, seconds;
    long states;
    char first_guess[48];
    char distribution[512]; /* "guesses:games" pairs */
    double eq2;
    int counting, linear;
} exp_sim;

/* How to play a configuration. */
typedef struct exp_play {
    cb_game_config game;
    cb_strategy_config strategy;
    size_t sample;       /* distinct random secrets (0: every secret, unless draws) */
    size_t draws;        /* else this many uniformly random secrets, with repeats */
    double weight;       /* its share of the run's work, for the time left */
    const char *label;   /* for the progress bar */
    const char *list_id; /* the word list's name and digest (exp_list_id), or "complete" */
    int no_table;        /* compute feedback on the fly: random play needs no N x N table */
    int max_guesses;     /* a game not won within it stops and scores max_guesses + 1 (0: no limit) */
} exp_play;

/* The experiments: each prints its table and draws its figures. */
int exp_symble_lengths(exp_ctx *x);
int exp_length_growth(exp_ctx *x);
int exp_alphabet_growth(exp_ctx *x);
int exp_first_guess_entropy(exp_ctx *x);
int exp_target_turn(exp_ctx *x);
int exp_opening_sweep(exp_ctx *x);

/* The columns of simulation results files; EXP_SIM_KEYS of them are the key. */
extern const char *const exp_sim_cols[];
#define EXP_SIM_COLS 26
#define EXP_SIM_KEYS 10

/* Open DIR/NAME.csv (creating DIR), check its header, load its rows; an exit status on failure. */
int exp_store_open(exp_ctx *x, const char *const *cols, int ncols, int nkeys);
/* The row whose key equals key's (values of the first nkeys columns), or NULL. */
char **exp_store_find(const exp_store *s, char *const *key);
/* Add a row (ncols values), replacing the row of its key if any, and rewrite the file; an exit status on failure. */
int exp_store_append(exp_store *s, char *const *values);
void exp_store_close(exp_store *s);

/*
 * Progress (x->bar, in x; nothing to free): plan the run's total weight
 * (starts the clock: on a terminal only, unless --quiet), then begin and end
 * each configuration (label copied), with steps (the share of its games)
 * between. Clear erases the line before other output; the next step draws it
 * again.
 */
void exp_progress_plan(exp_ctx *x, double weight);
void exp_progress_begin(exp_ctx *x, const char *label, double weight);
void exp_progress_step(exp_ctx *x, double fraction);
void exp_progress_end(exp_ctx *x);
void exp_progress_clear(exp_ctx *x);

/*
 * Play one configuration, or find it in the results file: fills *row
 * (key fields must be set by the caller except those play describes).
 * Returns 0 or an exit status (the error printed).
 */
int exp_simulate(exp_ctx *x, const exp_play *play, exp_sim *row);
/*
 * Run (or find) configurations 0..n-1 in order, with the progress bar
 * planned over the ones not found. Returns 0 or an exit status.
 */
int exp_run_all(exp_ctx *x, const exp_play *plays, exp_sim *rows, size_t n);
/*
 * A word list's identity for keys: its name and a digest of its bytes
 * (path a file, or NULL with data the bundled file `name`); also the
 * number of lines of each length 0..CB_MAX_LENGTH in counts (may be NULL).
 * An exit status when the file cannot be read.
 */
int exp_list_id(const char *path, const char *data, char *out, size_t size, double *counts);
/*
 * The game of a configuration and its table (precomputed up to 1 GiB, or
 * always on the fly with no_table), opened once and kept while the
 * configurations share them.
 */
int exp_open_game(exp_ctx *x, const cb_game_config *cfg, int no_table);

/* Draw a figure as DIR/BASE.svg and DIR/BASE.png; kind 'l' lines, 'b' bars. Prints the error. */
int exp_figure(exp_ctx *x, const char *base, int kind, const plot_figure *fig, const plot_series *s, size_t n);

/* Summary lines under every table: the files written. */
void exp_footer(exp_ctx *x, const char *const *figures, size_t nfigures);

/* The strategies of --strategy (or the default list), split at commas into names[]; how many. */
size_t exp_strategy_names(const exp_ctx *x, const char *def, char names[][48], size_t max);

#endif
