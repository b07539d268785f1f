/*
 * simulate.h: a strategy played against every secret (or a seeded sample),
 * measured as the papers measure it.
 *
 * A deterministic strategy is played as one decision tree: each distinct
 * state is scored once, however many games pass through it (all 2315
 * Wordle games are a few thousand states). Random strategies play each
 * game with its own generator, seeded from the options' seed and the
 * game's number, so results never depend on the thread count.
 *
 * Symble: each game's hidden mapping is drawn from the seed and the game's
 * number, unless options->mapping fixes it.
 *
 * Ownership: cb_simulate() fills a cb_sim_result that the caller releases
 * with cb_sim_result_release() (which accepts a zeroed struct).
 */
#ifndef CODEBREAKER_SIMULATE_H
#define CODEBREAKER_SIMULATE_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"
#include "strategy.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Progress: called with the games finished so far and the total, from one
 * thread at a time (not necessarily the caller's), at most about a hundred
 * times a run and once at the end. A non-zero return cancels the run.
 */
typedef int (*cb_progress_fn)(void *ctx, size_t done, size_t total);

struct cb_sim_game;

/*
 * Per game: called once for every game as it ends (so games arrive in the
 * order the run finishes them, not in secret order), with `index`, the
 * game's place in the run (secret order, or opt->secrets'), and its record,
 * whose path is valid during the call only. From one thread at a time, not
 * necessarily the caller's; keep it short. A non-zero return cancels the run.
 */
typedef int (*cb_game_fn)(void *ctx, size_t index, const struct cb_sim_game *game);

typedef struct cb_sim_options {
    const uint32_t *secrets; /* play exactly these secret indices (may repeat), when not NULL */
    size_t nsecrets;
    size_t sample;   /* else play `sample` distinct random secrets (0: every secret) */
    uint64_t seed;   /* the sample, random strategies, Symble mappings */
    int wins_within; /* the G of result.wins (0: from's guess limit, else 6 Wordle, 8 Symble, 10 Mastermind) */
    int mapping;     /* Symble: the hidden mapping of every game (0..5), or -1 for a random one each */
    int threads;     /* 0: OpenMP's default */
    int keep_games;  /* 1: fill result.game with every game's guesses */
    cb_progress_fn progress;
    void *progress_ctx;
    cb_game_fn on_game; /* when not NULL, told of every game as it ends */
    void *on_game_ctx;
    /* when not NULL and *cancel becomes non-zero, stop with CB_ECANCELED; the library reads it with
       __atomic_load_n, so another thread sets it with an atomic store (__atomic_store_n, or C11's) */
    const volatile int *cancel;
    /* the position every game starts from, a state of the table with no turns, which carries the mode the games
       are played in (cb_state_hard) and their guess limit (cb_state_max_guesses, 0: none; a game not won within
       it scores the limit + 1); NULL: a fresh state (cb_state_new), normal mode, no limit */
    const cb_state *from;
} cb_sim_options;

/* Every secret, seed 0, from NULL (no limit), random mappings, all threads, no game records, no callbacks. */
void cb_sim_options_default(cb_sim_options *opt);

/*
 * One game as played: the secret, the guesses. `seconds` is the time spent
 * choosing its guesses: the wall time of the decision in each state it went
 * through, as if it had been played alone (a state is decided once however
 * many games reach it, and its time counts in each of them; so the games'
 * seconds add up to more than the run's when they share states).
 */
typedef struct cb_sim_game {
    uint32_t secret; /* secret index */
    int mapping;     /* Symble: the hidden mapping; -1 otherwise */
    int guesses;     /* guesses used (the limit + 1 when lost) */
    int won;
    int played;           /* guesses in path (the limit when lost) */
    const uint32_t *path; /* the guess indices played, in order */
    double removed;       /* mean share of candidates removed by its turns that did not win (0 if none) */
    double seconds;       /* time spent choosing its guesses (above) */
} cb_sim_game;

typedef struct cb_sim_result {
    char strategy[128]; /* cb_strategy_name() */
    size_t games;
    uint64_t total; /* guesses over all games, lost ones at the limit + 1 */
    double average;
    double median; /* the middle game (average of the two middle ones for an even count) */
    double stddev; /* population standard deviation of the guesses per game */
    int min, max;
    uint64_t *distribution;  /* distribution[g] = games that took g guesses, g = 0 .. max */
    size_t distribution_len; /* max + 1 */
    size_t lost;             /* games not won within the limit */
    int wins_within;         /* G */
    size_t wins;             /* games won within G guesses */
    uint32_t first_guess;    /* the opener of every game, or CB_NONE when the games differ */
    double removed;          /* mean share of candidates removed per turn, over turns that did not win */
    double seconds;          /* wall time of the run (the table not included) */
    size_t states;           /* states scored (nodes of the decision tree, for deterministic strategies) */
    cb_sim_game *game;       /* `games` records (secret order, or opt->secrets'), when keep_games; else NULL */
    uint32_t *paths_;        /* private storage of the paths */
} cb_sim_result;

/*
 * Play strategy s on the games of opt (NULL: the defaults), each from
 * opt->from in its hard mode and within its guess limit (the one carrier of
 * both). CB_EINVAL for a bad option (sample above the secret count, a secret
 * out of range, a position of another table or with turns, a strategy that
 * does not finish a game within 1000 guesses when from has no limit);
 * CB_ECANCELED when cancelled (result released); err says which. opt and
 * opt->from are only read.
 */
int cb_simulate(const cb_table *table, const cb_strategy *s, const cb_sim_options *opt, cb_sim_result *result,
                cb_error *err);
void cb_sim_result_release(cb_sim_result *r);

/* Share of games won within g guesses (0..1). */
double cb_sim_result_share_within(const cb_sim_result *r, int g);

#ifdef __cplusplus
}
#endif

#endif
