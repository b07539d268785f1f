/*
 * coach.h: the exact coach: guesses ranked by their proved value from a
 * position, and a game reviewed turn by turn against optimal play.
 *
 * Values are totals: the least number of guesses, summed over the
 * candidates of a position (codeword-mapping pairs in Symble), that finish
 * every game from there when a guess is played first, the guesses from the
 * position on counted, the winning one included (as the exact solver counts
 * them, optimal.h). The expected number of guesses to finish is the total
 * over the number of candidates. A value is proved (exact) or, when its
 * search ran out of work, an interval with both ends proved: a lower bound
 * and the total of a strategy held (never a value passed off as exact). A
 * guess from which no strategy is sure to win within the limit on guesses
 * is marked so (can_lose). The limit is the position's
 * (cb_state_max_guesses, 0: none), as its hard mode is; neither is taken
 * apart from the position (but the limit of a game played on past it, which
 * no position holds: cb_coach_options.past_limit).
 *
 * Every search has a budget counted in work (cb_optimal_options.work_limit)
 * and runs on one thread, so that a figure depends only on the position and
 * the options, never on the clock or the machine's load; independent
 * searches run side by side on the threads asked for. The time limit is an
 * outer guard only, and the result says when it fired (timed_out).
 *
 * The opening of Wordle on bundled lists is read from the opening book
 * (data/book, cb_coach_book): every opener settled there by the program's
 * own all-openers run is a look-up, not a search.
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
    /*
     * Each search's budget of work in pairs (cb_optimal_options.work_limit):
     * CB_COACH_WORK by default, the same for the program, the server and
     * Python; 0: none (then a search runs on every thread until done).
     */
    uint64_t work;
    int no_book; /* 1: do not read the opening book (for checking it) */
    /*
     * Review only: the guess limit of a game played on past it, which its
     * position cannot hold (no turn is recorded past a state's limit,
     * cb_state_set_max_guesses): its turns up to the limit are graded under
     * it, the rest with none. 0 (the default): played's own limit, the one
     * carrier of it otherwise; set, it must be below played's turns, and
     * played must have no limit of its own.
     */
    int past_limit;
} cb_coach_options;

#define CB_COACH_MAX_LIMIT 1000
#define CB_COACH_LINE 16 /* guesses of an optimal line kept */
/* The default budget of each coach search, in pairs scanned (optimal.h; a few seconds of one core at most). */
#define CB_COACH_WORK 4000000000ull

void cb_coach_options_default(cb_coach_options *opt);

/*
 * The coach's default limit on guesses for game: the game's own (6 for
 * Wordle, in both modes) where the game's rule has one a player is held to
 * (Wordle's rules), else 0 (none). Front ends set it on the position they
 * coach (cb_state_set_max_guesses) unless told otherwise.
 */
int cb_coach_max_guesses(const cb_game *game);

/*
 * A Wordle opener of st's game, made from bundled lists as they are
 * (cb_word_lists), with its proved total in st's hard mode (cb_state_hard)
 * under st's guess limit (cb_state_max_guesses, 0: none; st's turns do not
 * matter), as shipped ("proofs/openers.tsv", each with the command that
 * proves it): *best and *total. With best_only, only an opener proved the
 * best of every opener. CB_ENOTFOUND when none is shipped for the game,
 * mode and limit. st is only read; nothing is allocated.
 */
int cb_coach_opening(const cb_state *st, int best_only, cb_guess_index *best, uint64_t *total);

/*
 * The opening book of Wordle on bundled lists: what the program's own
 * all-openers runs, shipped as data (data/proofs, data/book; the commands in
 * data/README.md), prove of every opener in one mode and guess limit.
 */
#define CB_BOOK_CUTOFF 99999 /* the --cutoff of the book runs: every opener below it settled exactly */

typedef struct cb_coach_book_entry {
    uint64_t lower; /* a proved lower bound on the opener's total (0: none); its total when exact */
    uint64_t upper; /* the total of a strategy held (a proved upper bound; its total when exact), else UINT64_MAX */
    int exact;
    int can_lose; /* proved: no strategy opening with it is sure to win within the limit */
} cb_coach_book_entry;

typedef struct cb_coach_book {
    cb_coach_book_entry *entry; /* by guess index, count of them */
    size_t count;
    size_t exact;        /* openers with an exact total */
    int files;           /* bundled files read */
    cb_guess_index best; /* the least exact total (CB_NONE: none) */
    uint64_t best_total;
    int best_proved; /* every other opener is proved to total at least as much */
} cb_coach_book;

/*
 * The book of st's game (Wordle on bundled lists as they are) in st's hard
 * mode (cb_state_hard) and guess limit (cb_state_max_guesses, 0: none; st's
 * turns do not matter), merged from every bundled file whose search bears
 * on it (book.c). CB_ENOTFOUND when no file does; CB_EINVAL, err naming the
 * file, for a damaged one; CB_ENOMEM. st is only read; release out (the
 * caller's) with cb_coach_book_release().
 */
int cb_coach_book_open(const cb_state *st, cb_coach_book *out, cb_error *err);
void cb_coach_book_release(cb_coach_book *b);

/*
 * Turn two of Wordle on bundled lists by look-up: the book runs' turn-two
 * files (data/book/NAME.turn2, written by `optimal --turn-two` as the book was
 * proved; docs/optimal.md), for the openers they cover. At position st, a
 * game of one turn (its opener and the feedback it drew) in st's hard mode,
 * under st's guess limit (which must be the file's own: 6), *best
 * gets a best guess and *total the least total of that position (its
 * guesses from turn two on, summed over its candidates), both proved.
 * CB_ENOTFOUND when st is not after exactly one turn or no bundled file
 * covers the game, mode, limit and opener (or the feedback is the win);
 * CB_EINVAL, err naming the file and line, for a line that does not verify.
 * st is only read; reads only the opener's line; nothing allocated that
 * outlives the call.
 */
int cb_coach_turn_two(const cb_state *st, cb_guess_index *best, uint64_t *total, cb_error *err);

/*
 * The best opener's optimal strategy for st's game (Wordle on bundled lists
 * as they are) in st's hard mode and guess limit (st's turns do not
 * matter), as shipped (data/trees, written by `optimal --first
 * OPENER --tree`; data/README.md): *out (the caller's, cb_tree_free) and
 * its total *total, after checking it against the rules from the opening
 * within the limit (cb_tree_verify). CB_ENOTFOUND when none is shipped for
 * them; CB_ENOMEM. st is only read.
 */
int cb_coach_opening_tree(const cb_state *st, cb_tree **out, uint64_t *total, cb_error *err);

/* A guess and its value from a position. */
typedef struct cb_coach_guess {
    cb_guess_index guess;
    uint64_t total;    /* total guesses from the position when it is played first: exact, or a lower bound */
    int proved;        /* 1: total is exact */
    int candidate;     /* 1: it may be the secret (a chance to win at once) */
    double win_chance; /* the share of the candidates it wins at once */
    int worst;         /* proved: most guesses from the position in the strategy found; else 0 */
    uint64_t upper;    /* the total of a strategy held (>= total; equal when proved); UINT64_MAX: none */
    int can_lose;      /* proved: no strategy after it is sure to win within the limit (total, upper unset) */
    int answer_word;   /* it is one of the game's possible secrets (the answer list's vocabulary) */
    /*
     * can_lose: the chance of losing after it, the least (lose_proved) or a
     * strategy's (at most that) as cb_coach_least_losses finds it within
     * CB_COACH_LOSS_WORK; -1 unknown (the opening book's impossible openers)
     */
    double lose_chance;
    int lose_proved;
} cb_coach_guess;

typedef struct cb_coach_rank {
    uint64_t candidates;     /* the position's candidates (pairs in Symble) */
    size_t count;            /* guesses ranked, at most limit */
    cb_coach_guess *guesses; /* best first: least total, proved values before bounds, candidates on ties, then
                                commoner words, then list order (from the book: proved values first) */
    size_t searched;         /* distinct guesses the search looked at (one per symmetry class) */
    int stopped;             /* the time limit or the cancel flag stopped the search: some values are bounds */
    double seconds;
    /*
     * NULL: the values were found by this search. "book": read from the
     * opening book (cb_coach_book_open), nothing searched, at the opening of
     * a game and mode whose best opener the book proves: the openers it
     * settles exactly come first, least first, then the others with their
     * proved lower bounds (not a proof that no bound hides a better one).
     */
    const char *source;
    int timed_out; /* the time limit, not the work budget, stopped a search: the figures may differ on a rerun */
    /*
     * No guess is sure to win within the limit: the guesses are then ranked
     * by their chance of losing, the first the one that loses least of all.
     */
    int can_lose;
    /*
     * The limit on guesses the values count (0: none): the position's, or
     * none at a position with no guess left within it (a game lost, played
     * on: ranked by the guesses to finish).
     */
    int max_guesses;
} cb_coach_rank;

/*
 * The `limit` best guesses of position st by proved value, in st's hard
 * mode and under its guess limit (none when st has no guess left within
 * it: then by the guesses to finish). Guesses that
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

/*
 * The fewest games lost within a limit, where no strategy is sure to win
 * (losses.c): the most entries of position st (pairs in Symble) a strategy
 * finishes within guesses_left more guesses, playing `first` first
 * (CB_NONE: the best first guess, into out->best), every guess respecting
 * hard mode when st is in it, and a candidate when candidates_only. The
 * search stops after `work` entries scanned (a guess against an entry; 0:
 * none): out->won is then that of a strategy it holds, out->exact 0, so
 * the figure depends only on the position and the budget. CB_ENOMEM;
 * CB_EINVAL for guesses_left below 1 or a first guess not playable at st.
 * st is only read; out is the caller's.
 */
typedef struct cb_coach_losses {
    uint64_t entries;    /* the position's entries */
    uint64_t won;        /* the most of them a strategy found finishes within the guesses left */
    cb_guess_index best; /* its first guess (`first` when given) */
    int exact;           /* the search finished: no strategy finishes more */
    uint64_t work;       /* entries scanned */
} cb_coach_losses;

#define CB_COACH_LOSS_WORK 50000000ull /* the coach's budget for it: well under a second */

int cb_coach_least_losses(const cb_state *st, int guesses_left, cb_guess_index first, int candidates_only,
                          uint64_t work, cb_coach_losses *out, cb_error *err);

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
     * finish with the guess played and with the best one, rounded down to a
     * tenth: 100 only for a guess as good as the best, 0 for one that costs a
     * whole guess or more on average; a guess that can lose is charged its
     * least chance of losing as well (cbo_coach_skill, docs/usage.md); -1
     * when the values leave an interval (skill_low, skill_high).
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
    /*
     * The upper ends (a strategy held: equal to the value when proved,
     * UINT64_MAX none); can_lose: no strategy after the guess is sure to win
     * within the limit (total and upper unset), with lose_chance the share
     * of the candidates lost (below; -1 unknown). best_can_lose: nothing at
     * the position is sure to win.
     */
    uint64_t upper, best_upper;
    int can_lose, best_can_lose;
    double lose_chance;
    /*
     * The best guess that could win now (a candidate), CB_NONE when none is
     * known, with its value as above; answer_word: the guess played, and the
     * best one, are possible secrets of the game (the answer list's words).
     */
    cb_guess_index best_candidate;
    uint64_t candidate_total, candidate_upper;
    int candidate_proved;
    int answer_word, best_answer_word;
    int book;      /* the values of this turn were read from the opening book */
    int timed_out; /* the time limit stopped a search of this turn */
    /*
     * Where the guess played can lose: lose_proved set when lose_chance is
     * the least chance of losing after it (the play that loses least,
     * searched to the end within CB_COACH_LOSS_WORK), else lose_chance is
     * that of a strategy held (at most that). Where every guess can lose
     * (best_can_lose), best is the guess that loses least found, with
     * best_lose_chance (-1 unknown) and best_lose_proved likewise.
     */
    int lose_proved;
    double best_lose_chance;
    int best_lose_proved;
    /*
     * The limit on guesses this turn is graded under (0: none): the
     * game's (played's, or past_limit), or none for a turn with no guess left within it (the game
     * was lost at the limit: the turns played on are graded by the guesses
     * to finish, as without a limit).
     */
    int max_guesses;
    /*
     * The skill proved for this turn as an interval that holds it, equal ends
     * (skill) when the values close it; -1 both when nothing bounds it
     * (docs/usage.md, review, says how skill is computed: a guess that can
     * lose is charged its least chance of losing beside its guesses).
     */
    double skill_low, skill_high;
    int best_book; /* the best guess and its total were read from the turn-two file (cb_coach_turn_two) */
} cb_coach_turn;

typedef struct cb_coach_review {
    size_t turns;
    cb_coach_turn *turn;
    int won;        /* the last feedback won */
    uint64_t total; /* guesses played */
    double seconds;
    /*
     * The game's grade: skill and luck averaged over the turns where they are
     * known, a final guess forced (one candidate left) counted 100 for skill;
     * -1 when no turn has one.
     */
    double skill, luck;
    int timed_out; /* the time limit stopped a search: the figures may differ on a rerun */
    uint64_t work; /* the budget each search had (pairs) */
    int widened;   /* set by the caller: the game was widened (every allowed word an answer); written in JSON */
    /*
     * skill_turns: the turns whose skill is proved, over which skill is the
     * average (held below 100 when another turn has none); skill_low and
     * skill_high: the average over every turn of its interval's ends (a turn
     * with none counting 0 to 100).
     */
    int skill_turns;
    double skill_low, skill_high;
} cb_coach_review;

/*
 * Review the game position `played` went through: its turns from the start
 * (cb_state_turns, 1 to CB_TREE_MAX_DEPTH of them), in its hard mode
 * (cb_state_hard) and under its guess limit (cb_state_max_guesses, or
 * opt->past_limit for a game played on past it). The turns were checked as they were applied (hard mode,
 * contradictions: cb_state_apply), so nothing is checked again: for each
 * turn the position before it (cb_state_at) is solved, the value of the
 * guess played and of the best one. CB_EINVAL for a position with no turn
 * or too many, or a past_limit that does not fit it; the solver's errors with err naming the turn. played is only
 * read (it must outlive the call, not the review); opt may be NULL (the
 * defaults); release out (the caller's) with cb_coach_review_release().
 */
int cb_coach_review_game(const cb_state *played, const cb_coach_options *opt, cb_coach_review *out, cb_error *err);
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
