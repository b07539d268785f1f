/*
 * multi.h: several boards at once (Dordle, Quordle, Octordle, Sedecordle).
 *
 * Rules. There are k secrets, one per board, drawn from the game's secrets
 * (distinct in a simulation, as in the published games). Every guess is
 * scored against each board that is not yet solved, and each board shows
 * its own feedback. A board is solved when its secret is guessed (its
 * feedback is the winning one); later guesses leave it alone. The game is
 * won when every board is solved within the limit, cb_multi_max_guesses():
 * the single game's limit plus k - 1, which gives Wordle's published 7, 9,
 * 13 and 21 guesses for 2, 4, 8 and 16 boards.
 *
 * Several boards need Wordle or Mastermind rules (Symble's hidden mapping
 * per board is not defined) and no hard mode (the published games have
 * none).
 *
 * Strategies (cb_multi_strategy_new) score one guess over every unsolved
 * board at once, from each board's partition of its candidates:
 *  - "sum-entropy": the largest sum over the boards of the entropy of the
 *    partition (bits of information about all the secrets together);
 *  - "sum-expected": the smallest sum over the boards of the expected
 *    number of candidates left (sum of squares / N; a guess that would solve
 *    the board leaves none);
 *  - "one-by-one": the baseline a person plays: the single-board strategy
 *    of the config (parts by default, cb_strategy_config's name) on the
 *    board with the fewest candidates, the others ignored.
 * The two scoring strategies first finish a board whose candidates are
 * down to one (the lowest such board), and when the guesses left are no
 * more than the unsolved boards they play only candidates (any other guess
 * would lose). Ties: a guess that is a candidate on some board, the largest
 * chance to solve a board (sum of 1/N over the boards it may solve), then
 * the lowest guess index. Every choice depends only on the boards, so the
 * strategies are deterministic.
 *
 * Ownership as in status.h. A cb_multi and a cb_multi_strategy keep
 * pointers to their table, which must outlive them. A strategy may be asked
 * from several threads at once; a cb_multi is one thread's while it changes.
 */
#ifndef CODEBREAKER_MULTI_H
#define CODEBREAKER_MULTI_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "state.h"
#include "status.h"
#include "strategy.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CB_MULTI_MAX_TURNS 64 /* most guesses one multi-board game may record */

/*
 * The boards of a named multi-board game: dordle 2, quordle 4, octordle 8,
 * sedecordle 16; 0 for other names.
 */
int cb_multi_preset_boards(const char *name);

/* The guess limit of k boards of game: cb_game_default_max_guesses(game) + k - 1. */
int cb_multi_default_max_guesses(const cb_game *game, int boards);

typedef struct cb_multi cb_multi;

/*
 * k boards (1 <= k <= CB_MAX_BOARDS) of table's game, each with every
 * secret a candidate, and a limit of max_guesses (0: the default above;
 * at most CB_MULTI_MAX_TURNS). CB_EINVAL, with a sentence, for a bad k,
 * limit or rule (Symble).
 */
int cb_multi_new(const cb_table *table, int boards, int max_guesses, cb_multi **out, cb_error *err);
void cb_multi_free(cb_multi *m);
/* Forget every turn. */
void cb_multi_reset(cb_multi *m);

const cb_table *cb_multi_table(const cb_multi *m);
int cb_multi_boards(const cb_multi *m);
int cb_multi_max_guesses(const cb_multi *m);
/* Board b's own state (its candidates and the turns it saw). */
const cb_state *cb_multi_board(const cb_multi *m, int b);
/* The turn (1, 2, ...) on which board b was solved, or 0. */
int cb_multi_solved_turn(const cb_multi *m, int b);
/* Boards not yet solved. */
int cb_multi_unsolved(const cb_multi *m);
/* 1 when every board is solved. */
int cb_multi_won(const cb_multi *m);
/* 1 when the game is over: won, or the limit reached. */
int cb_multi_over(const cb_multi *m);
/* Turns played, and turn t's guess. */
size_t cb_multi_turns(const cb_multi *m);
cb_guess_index cb_multi_guess(const cb_multi *m, size_t t);

/*
 * Record guess gi with fb[b], the feedback of board b, for every board b
 * (entries of boards already solved are ignored). All or nothing: on
 * CB_ECONTRADICT (board *bad has no candidate left, or would be a second
 * board solved by gi: the boards' words differ), CB_EINVAL (a feedback
 * out of range, *bad its board) or CB_EILLEGAL (the game is over; *bad -1)
 * nothing changes. bad may be NULL.
 */
int cb_multi_apply(cb_multi *m, cb_guess_index gi, const uint32_t *fb, int *bad);
/* The same, scoring gi against secrets[b] (secret indices, one per board). */
int cb_multi_apply_secrets(cb_multi *m, cb_guess_index gi, const cb_secret_index *secrets);
/* Forget the last turn; CB_EEMPTY when there is none. */
int cb_multi_undo(cb_multi *m);

typedef struct cb_multi_strategy cb_multi_strategy;

/* The names of the multi-board strategies, in order; *count gets how many. */
const char *const *cb_multi_strategy_names(size_t *count);

/*
 * Make the multi-board strategy `name` for table. single gives the
 * single-board strategy of one-by-one (its name; NULL: parts), the first
 * guess of every strategy (first_guess), threads and the cancel flag (see
 * strategy.h). CB_ENOTFOUND for an unknown name, other failures as
 * cb_strategy_new.
 */
int cb_multi_strategy_new(const cb_table *table, const char *name, const cb_strategy_config *single,
                          cb_multi_strategy **out, cb_error *err);
void cb_multi_strategy_free(cb_multi_strategy *s);
/* "sum-entropy", or "one-by-one (parts)". */
const char *cb_multi_strategy_name(const cb_multi_strategy *s);

/*
 * The guess to play on m's boards, and its score in *score when not NULL:
 * the sum of entropies in bits, the sum of expected candidates left, the
 * single strategy's score, or 0 for a forced candidate. CB_EEMPTY when the
 * game is over; CB_ECANCELED; CB_ENOMEM.
 */
int cb_multi_choose(const cb_multi_strategy *s, const cb_multi *m, cb_guess_index *guess, double *score);

/* A seeded sample of multi-board games (simulate --game quordle). */
typedef struct cb_multi_sim_options {
    int boards;      /* k */
    int max_guesses; /* 0: cb_multi_default_max_guesses */
    uint32_t games;  /* tuples of secrets to play */
    uint64_t seed;   /* game i plays the k distinct secrets drawn from cb_rng_seed2(seed, i) */
    int threads;     /* 0: OpenMP's default; games are shared out, each decided on one thread */
    const volatile int *cancel;
} cb_multi_sim_options;

#define CB_MULTI_SIM_HIST (CB_MULTI_MAX_TURNS + 1)

/* What one strategy did on the sample. */
typedef struct cb_multi_sim_result {
    uint32_t games;
    uint32_t wins;
    uint64_t guesses_won;             /* guesses of the won games, summed */
    uint64_t boards_solved;           /* boards solved over all games */
    uint32_t hist[CB_MULTI_SIM_HIST]; /* hist[n]: games won in n guesses */
    double seconds;                   /* wall time of this strategy's games */
} cb_multi_sim_result;

/*
 * Play the same sample of games with each of the n strategies; results[i]
 * gets strategy i's. The tuples depend only on the seed, the boards and
 * the game, not on the threads. CB_EINVAL (with a sentence) for bad
 * options, CB_ECANCELED (results hold the games finished), CB_ENOMEM.
 */
int cb_multi_simulate(const cb_table *table, cb_multi_strategy *const *strategies, size_t n,
                      const cb_multi_sim_options *opt, cb_multi_sim_result *results, cb_error *err);

/* The k distinct secrets of sample game i (what cb_multi_simulate plays): secrets gets k entries. */
void cb_multi_sample(const cb_game *game, int boards, uint64_t seed, uint64_t i, cb_secret_index *secrets);

#ifdef __cplusplus
}
#endif

#endif
