/*
 * coach.h: the exact coach: guesses ranked by their proved value from a
 * position, and a game reviewed turn by turn against optimal play.
 *
 * Values are totals: the least number of guesses, summed over the
 * candidates of a position (codeword-mapping pairs in Symble), that finish
 * every game from there when a guess is played first, the guesses from the
 * position on counted, the winning one included (as the exact solver counts
 * them, optimal.h). The expected number of guesses to finish is the total
 * over the number of candidates. A value is proved (exact) or, when the
 * time limit stopped its search, a proved lower bound: never a value passed
 * off as exact.
 *
 * Both run the exact solver (cb_optimal_solve) from positions; they need a
 * precomputed table. Ownership as in status.h.
 */
#ifndef CODEBREAKER_COACH_H
#define CODEBREAKER_COACH_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "json.h"
#include "optimal.h"
#include "state.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How to coach: start from cb_coach_options_default(). */
typedef struct cb_coach_options {
    int limit;                  /* rank: how many guesses (default 10, at most CB_COACH_MAX_LIMIT) */
    int max_guesses;            /* 0: no limit; else the whole game's (the turns played count) */
    int candidates_only;        /* every guess a remaining candidate */
    double time_limit;          /* seconds for each search (rank: the whole ranking; review: each turn); 0: none */
    int threads;                /* 0: OpenMP's default */
    const volatile int *cancel; /* as cb_optimal_options.cancel */
    const double *weights;      /* per secret, the word's frequency: ties go to the commoner word (NULL: none) */
    /*
     * Review: the best opener of the game and its total when known (a proof
     * shipped as data): the first turn then searches only the guess played.
     * CB_NONE: the review takes the shipped proof when there is one
     * (cb_coach_opening), else the first turn searches every opener.
     */
    cb_guess_index opening_best;
    uint64_t opening_total;
} cb_coach_options;

#define CB_COACH_MAX_LIMIT 1000
#define CB_COACH_LINE 16 /* guesses of an optimal line kept */

void cb_coach_options_default(cb_coach_options *opt);

/*
 * A Wordle opener of game, made from bundled lists as they are (cb_word_lists),
 * with its proved total in a mode, as shipped ("proofs/openers.tsv", each
 * with the command that proves it): *best and *total. With best_only, only
 * an opener proved the best of every opener. CB_ENOTFOUND when none is
 * shipped for the game and mode.
 */
int cb_coach_opening(const cb_game *game, int hard, int max_guesses, int best_only, cb_guess_index *best,
                     uint64_t *total);

/* A guess and its value from a position. */
typedef struct cb_coach_guess {
    cb_guess_index guess;
    uint64_t total;    /* total guesses from the position when it is played first: exact, or a lower bound */
    int proved;        /* 1: total is exact */
    int candidate;     /* 1: it may be the secret (a chance to win at once) */
    double win_chance; /* the share of the candidates it wins at once */
    int worst;         /* proved: most guesses from the position in the strategy found; else 0 */
} cb_coach_guess;

typedef struct cb_coach_rank {
    uint64_t candidates;     /* the position's candidates (pairs in Symble) */
    size_t count;            /* guesses ranked, at most limit */
    cb_coach_guess *guesses; /* best first: least total, proved values before bounds, candidates on ties, then
                                commoner words, then list order */
    size_t searched;         /* distinct guesses the search looked at (one per symmetry class) */
    int stopped;             /* the time limit or the cancel flag stopped the search: some values are bounds */
    double seconds;
    /*
     * NULL: the values were proved by this search. Else the bundled results
     * file they were read from ("proofs/original.results"): the opening of
     * Wordle on lists whose all-openers proof is shipped (normal mode, no
     * guess limit, any allowed guess), nothing searched. Such a file settles
     * the best opener exactly (worst 0: not recorded) and gives every other a
     * proved lower bound at or above the best total, not the N best exactly.
     */
    const char *source;
} cb_coach_rank;

/*
 * The `limit` best guesses of position st by proved value. Guesses that
 * split nothing are left out; under the symmetries of complete
 * dictionaries one guess stands for its class. At the opening of a game
 * whose all-openers proof is bundled (cb_coach_rank.source), the values
 * are read from it instead of searched: at once. Errors as cb_optimal_solve,
 * and CB_EINVAL for a position with no candidate or a finished game.
 * Release with cb_coach_rank_release().
 */
int cb_coach_rank_solve(const cb_table *table, const cb_state *st, const cb_coach_options *opt, cb_coach_rank *out,
                        cb_error *err);
void cb_coach_rank_release(cb_coach_rank *r);

/* One turn of a reviewed game. */
typedef struct cb_coach_turn {
    cb_guess_index guess;
    uint32_t feedback;
    uint64_t candidates; /* before the guess */
    uint64_t total;      /* the guess's total from here: exact (proved) or a lower bound */
    int proved;
    cb_guess_index best; /* a best guess here, CB_NONE when none was proved */
    uint64_t best_total; /* its total: exact (best_proved) or, unproved, the least proved bound */
    int best_proved;
    uint64_t left; /* candidates after the feedback */
    /*
     * skill: 100 x max(0, 1 - (E - E*)), E and E* the expected guesses to
     * finish with the guess played and with the best one: 100 for a best
     * guess, 0 for a guess that costs a whole guess or more on average.
     * luck: the percentile of the feedback received among those the guess
     * could draw, ranked by the expected guesses they leave (fewer is
     * luckier), each weighted by its candidates, ties counting half: 50 is
     * an average draw, 100 the luckiest. -1 when unknown (values unproved).
     */
    double skill, luck;
    /*
     * When the game was won (its answer known) and the best total proved:
     * the guesses optimal play makes from here to the answer (the strategy
     * found at this position, a best guess first), line_len of them; in
     * Symble, whose mapping stays hidden, none.
     */
    cb_guess_index line[CB_COACH_LINE];
    int line_len;
} cb_coach_turn;

typedef struct cb_coach_review {
    size_t turns;
    cb_coach_turn *turn;
    int won;        /* the last feedback won */
    uint64_t total; /* guesses played */
    double seconds;
} cb_coach_review;

/*
 * Review a game played on table: guesses[i] received feedbacks[i], from the
 * start (hard set: in hard mode). For each turn, the position before it is
 * solved: the value of the guess played, and of the best one. A turn that
 * breaks hard mode or a feedback that contradicts the earlier ones is
 * CB_EILLEGAL or CB_ECONTRADICT, with err naming the turn. Release with
 * cb_coach_review_release().
 */
int cb_coach_review_game(const cb_table *table, const cb_guess_index *guesses, const uint32_t *feedbacks, size_t turns,
                         int hard, const cb_coach_options *opt, cb_coach_review *out, cb_error *err);
void cb_coach_review_release(cb_coach_review *r);

/*
 * The JSON of a ranking and of a review (docs/json.md, rank-exact and
 * review): one object appended to j, the words written in game's notation
 * (a value: like the cb_json value functions, no comma before it).
 * The program's --json (`rank --exact`, `review`) and the dashboard's
 * /api/rank/exact and /api/review both write them with these. Ownership:
 * the caller owns j (cb_json_init to cb_json_release) and r; the functions
 * only append to j and read r. An allocation failure sets j->failed, as
 * for every cb_json append.
 */
void cb_coach_rank_json(const cb_game *game, const cb_coach_rank *r, cb_json *j);
void cb_coach_review_json(const cb_game *game, const cb_coach_review *r, cb_json *j);

#ifdef __cplusplus
}
#endif

#endif
