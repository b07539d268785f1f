/* opt_results.h: the results file of `codebreaker optimal --results` (cmd_optimal_results.c). */
#ifndef CB_OPT_RESULTS_H
#define CB_OPT_RESULTS_H

#include <stdio.h>
#include <sys/types.h>

#include "commands.h"

/*
 * A sealed file of optimal appended to a line at a time, as its lines are
 * proved (the results, turn-two and checkpoint files): held inside the
 * caller's opt_results, opt_turn_two or opt_checkpoint; path borrowed.
 */
typedef struct opt_append {
    const char *path;
    int fd;          /* appended to, one write() a line; -1 when closed */
    int failed, err; /* a write failed, and its errno: said by opt_append_close */
} opt_append;

/*
 * Open path (read and checked by the caller first) for appending, creating
 * it: a last line without its newline cut off first at cut (>= 0; -1:
 * none), or, newline set, the newline of a last line kept without one
 * written; then head, when the file holds nothing (new, empty, or nothing
 * but the line cut off). 0, or the exit status after the message (a->fd
 * then -1: nothing to close).
 */
int opt_append_open(opt_append *a, const char *path, off_t cut, int newline, const char *head);
/*
 * Append line (its newline included) whole, with one write(): 0; -1 when
 * a is closed or a write failed (this one: remembered for opt_append_close).
 */
int opt_append_line(opt_append *a, const char *line);
/*
 * Close; when a write failed, prints it (what: the lines lost after the
 * failure, "openers", "points") and returns the exit status, else 0.
 */
int opt_append_close(opt_append *a, const char *what);

typedef struct opt_results {
    const cb_game *game;
    opt_append out;                 /* the file */
    cb_optimal_reader *reader;      /* what the file held, checked line by line, and its seal */
    const cb_optimal_opener *known; /* the openers the file already settles (the reader's, its lines merged) */
    size_t n;
    int public;           /* the file is of format 2: its lines are sealed with a key anyone can compute */
    unsigned char *again; /* format 2: by guess, 1 when this run settled the opener again */
} opt_results;

/*
 * Read path if it exists (its search line must equal config, its words the
 * game's, each line's digest must verify), then open it for appending,
 * writing the header when new. A malformed line, one that does not verify,
 * or one that contradicts an earlier line of its opener (two totals, a
 * total below a bound) is refused with its line number; a file of format 1
 * (unsigned) is refused with how to sign it; a last line without its
 * newline (an interrupted write) is dropped with a warning. Prints the
 * error and returns the exit status on failure, 0 when fine.
 */
int opt_results_open(opt_results *r, const char *path, const cb_game *game, const char *config);
/* The on_opener callback: one sealed line, written whole. A failure is remembered for opt_results_close. */
void opt_results_append(const cb_optimal_opener *op, void *arg);
/* Close; prints the error and returns the exit status when a write failed, else 0. */
int opt_results_close(opt_results *r);
/*
 * Of the openers a file of format 2 settled (before opt_results_close), how
 * many this run did not settle again: the conclusions that rest on lines
 * anyone could have sealed. first: the winner, whose total the run checks
 * by rebuilding its strategy. 0 for a file of format 3.
 */
size_t opt_results_unattested(const opt_results *r, uint32_t first);
/*
 * `optimal --results FILE --sign`: check every line of path as a run reads
 * it (formats 1 and 2, and 3 of another key, accepted), derive every
 * opener again with the options o (one search for the openers that share
 * a budget: a line "W T" below T + 1, "W >=B" at B; o's progress shown,
 * cancel heeded, and set at the first line that does not hold), and refuse, naming the line and what the program
 * derives, unless each line holds; then write it again in format 3 sealed
 * with this installation's key, comments kept (replaced whole, or not at
 * all). A file of format 3 of this key is only verified. Prints what it
 * did (the searches on stderr unless quiet); 0, or the exit status.
 */
int opt_results_sign(const char *path, const cb_table *table, const cb_optimal_options *o, volatile int *cancel,
                     const char *config, int quiet);

/* The turn-two file of `optimal --turn-two` (docs/optimal.md, "The turn-two file"). */
typedef struct opt_turn_two {
    const cb_game *game;
    opt_append out; /* the file */
    cb_optimal_seal seal;
    size_t openers; /* opener lines the file held */
} opt_turn_two;

/*
 * Read path if it exists (header of search config and the game's words,
 * every line verified by cb_optimal_turn_two_parse; a last line without
 * its newline dropped with a warning), then open it for appending, writing
 * the header when new. Prints the error and returns the exit status on
 * failure, 0 when fine.
 */
int opt_turn_two_open(opt_turn_two *t, const char *path, const cb_game *game, const char *config);
/* The on_children callback: one sealed line, written whole. A failure is remembered for opt_turn_two_close. */
void opt_turn_two_append(const cb_optimal_opener *op, const cb_optimal_child *kids, size_t n, void *arg);
/* Close; prints the error and returns the exit status when a write failed, else 0. */
int opt_turn_two_close(opt_turn_two *t);

/*
 * codebreaker-mpi (tools/mpi/optimal_mpi.c) sets this before running the
 * optimal command: the search over openers is shared between processes.
 * NULL in the codebreaker program.
 */
typedef struct optimal_share {
    int rank, size;
    /* every rank: the leader's known openers (from its results file) to the others */
    int (*share_known)(struct optimal_share *sh, cb_optimal_opener **known, size_t *n);
    /* workers: the library's claim and on_opener hooks, then the end of their search */
    size_t (*claim)(void *arg, size_t count, uint64_t *budget);
    void (*send)(const cb_optimal_opener *op, void *arg);
    void (*finish)(struct optimal_share *sh);
    /* the leader: hand out openers and collect results (appended to res when not NULL) until every worker ends */
    int (*serve)(struct optimal_share *sh, opt_results *res, cb_optimal_opener **all, size_t *n);
} optimal_share;

extern optimal_share *optimal_shared;

#endif
