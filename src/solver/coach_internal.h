/*
 * coach_internal.h: what the coach's files (coach.c, the ranking; review.c,
 * the review; grade.c, its grades) share: the solver's options for a search
 * from a position and the searches run side by side.
 */
#ifndef CB_SOLVER_COACH_INTERNAL_H
#define CB_SOLVER_COACH_INTERNAL_H

#include "codebreaker/coach.h"

/* One search of the coach: its options, and after cbo_coach_jobs_run its status, result and error. */
typedef struct cbo_coach_job {
    cb_optimal_options so;
    cb_optimal_result res;
    cb_error err;
    int rc, used;
} cbo_coach_job;

/*
 * The limit on guesses a search from st counts: st's own
 * (cb_state_max_guesses), or none where no guess is left within it (a game
 * already lost, played on: its turns are graded by the guesses to finish,
 * coach.h).
 */
int cbo_coach_limit_at(const cb_state *st);
/*
 * The position a search from st runs from: *pos is st itself when its limit
 * is cbo_coach_limit_at's, else a copy of st with no limit in *own (the
 * caller's, cb_state_free; NULL when st itself). CB_OK or CB_ENOMEM.
 */
int cbo_coach_position(const cb_state *st, cb_state **own, const cb_state **pos);

/* The solver's options for a search from st, in st's mode and limit (coach.c says how the budget is spent). */
void cbo_coach_solver_options(const cb_coach_options *o, const cb_state *st, cb_optimal_options *so);

/*
 * Run the n searches of jobs (those with used set, every stride-th) on
 * table: side by side on `threads` threads when each has a budget of work
 * (so runs on one thread), else one after the other, each on its own
 * threads. Each job's rc, res and err are its own; release them with
 * cbo_coach_jobs_release().
 */
void cbo_coach_jobs_run(const cb_table *table, cbo_coach_job *jobs, size_t n, size_t stride, int threads, int budgeted);
void cbo_coach_jobs_release(cbo_coach_job *jobs, size_t n);

/* The entries of st whose codeword is guess g: the share g wins at once. */
uint64_t cbo_coach_wins_at_once(const cb_state *st, cb_guess_index g);

/* Whether the search for the fewest games lost can finish a scan of st's entries against every guess. */
int cbo_coach_loss_pays(const cb_state *st);

/* ---- the grades of a turn (grade.c) ---- */

/* The guesses tree plays against the answer (a guess index that may be the secret), into t->line. */
void cbo_coach_line(const cb_table *table, const cb_tree *tree, cb_guess_index answer, cb_coach_turn *t);

/*
 * The luck of feedback fb for the strategy `tree` from st: each feedback's
 * part, its expected guesses left, against the one received (coach.h).
 */
double cbo_coach_luck(const cb_table *table, const cb_state *st, const cb_tree *tree, uint32_t fb);

/*
 * The luck of feedback fb for guess g from st when no strategy was searched
 * (an opener read from the book): the feedbacks ranked by the entries they
 * leave instead of the guesses (fewer is luckier), weighted and tied alike.
 */
double cbo_coach_luck_by_size(const cb_table *table, const cb_state *st, cb_guess_index g, uint32_t fb);

/* The share of st's entries the strategy `tree` needs more guesses for than max_guesses allows. */
double cbo_coach_lose_share(const cb_table *table, const cb_state *st, const cb_tree *tree, int max_guesses);

/*
 * What is proved of a turn for its skill, totals over m entries: the guess
 * played and the best one each sure to win within the limit in [lo, hi]
 * (hi UINT64_MAX: no strategy held), or can lose (p_lose, b_lose); a guess
 * that can lose: its total with no limit in [e0_lo, e0_hi] and its least
 * chance of losing within the limit in [l_lo, l_hi]; the best's, where every
 * guess can lose, in [lb_lo, lb_hi].
 */
typedef struct cbo_coach_grade_in {
    uint64_t m;
    uint64_t p_lo, p_hi, b_lo, b_hi;
    int p_lose, b_lose;
    uint64_t e0_lo, e0_hi;
    double l_lo, l_hi, lb_lo, lb_hi;
} cbo_coach_grade_in;

/*
 * The skill of a turn (docs/usage.md, review), as an interval [*lo, *hi]
 * that holds it, equal ends when proved; -1 both when nothing bounds it:
 * 100 x max(0, 1 - C), rounded down to a tenth, where C is E - E* for a
 * guess and a best sure to win (E, E* their expected guesses), max(0, E0 -
 * E*) + L for a guess that can lose where the best cannot (E0 its expected
 * guesses with no limit, L its least chance of losing), and L - L* where
 * every guess can lose.
 */
void cbo_coach_skill(const cbo_coach_grade_in *g, double *lo, double *hi);

#endif
