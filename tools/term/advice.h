/*
 * advice.h: the strategy behind play's hints, assist's proposals and solve,
 * made from the command's options and asked one state at a time.
 *
 * Answers of a deterministic strategy are memoised by the history (and
 * hard mode) of the state asked about, so that undo, repeated hints, the
 * end-of-game replay and a test that plays every secret through the same
 * code ask each distinct state once. Random strategies draw from one
 * generator seeded with --seed.
 *
 * Hints and proposals in games too large to score (a cost above
 * ADVICE_MAX_WORK, e.g. the first turns of a complete dictionary of
 * millions of codes) get the first remaining candidate instead, and the
 * answer says so. An exact advice (solve) never does: it plays what the
 * strategy plays, as simulate does, and refuses (CB_ETOOBIG) a state whose
 * cost is above ADVICE_REFUSE_WORK.
 */
#ifndef CB_ADVICE_H
#define CB_ADVICE_H

#include "cli.h"

/*
 * The cost of scoring a state: (candidate, guess) pairs, weighted by what
 * one costs (cb_table_pair_cost: 1 read from a precomputed table, 2.5 to
 * 4 computed on the fly). Above ADVICE_MAX_WORK the first
 * candidate is proposed; above ADVICE_BUSY_WORK the busy hook is called
 * before scoring (seconds of work on two cores).
 */
#define ADVICE_MAX_WORK 4e9
#define ADVICE_BUSY_WORK 3e8
/* Exact advice refuses above this: about a minute and a half on two cores (2.3e10 a second measured). */
#define ADVICE_REFUSE_WORK 2e12

typedef struct advice_memo advice_memo;

typedef struct advice {
    const cb_table *table;
    cb_strategy *strategy; /* what --strategy plays */
    cb_strategy *ranker;   /* what `top` ranks with: the strategy, or the default when it cannot rank */
    cb_rng rng;            /* random strategies */
    advice_memo *memo;     /* NULL for random strategies */
    void (*busy)(void *ctx, const cb_state *st); /* when not NULL: called before a long computation */
    void *busy_ctx;
    int exact; /* 1: never replace the strategy's choice (solve); set after advice_open */
} advice;

/* One answer: a guess and the strategy's score of it. */
typedef struct advice_pick {
    uint32_t guess;
    double score;
    int scored; /* 0 when the state was too large to score (guess is the first candidate) */
} advice_pick;

/* The best greedy strategy for a game: the default of --strategy. */

/*
 * Make the strategy from c's strategy options (cli_strategy_opts; one
 * --strategy, default cli_default_strategy()) for c->table; random
 * strategies draw from a generator seeded with seed. Hard mode is not
 * taken from --hard but from each state asked about (assist turns it on
 * and off). Prints errors; returns the exit status.
 */
int advice_open(advice *a, const cli *c, uint64_t seed);
/* Make a named strategy with every other option at its default (tests, replays). */
int advice_open_named(advice *a, const cb_table *table, const char *name, uint64_t seed, cb_error *err);
void advice_close(advice *a);

/* The cost of ranking every guess in st (`top`): candidates times guesses, weighted as above. */
double advice_rank_cost(const advice *a, const cb_state *st);

/* The strategy's guess for st. CB_EEMPTY when st has no candidate; CB_ENOMEM. */
int advice_choose(advice *a, const cb_state *st, advice_pick *pick);

/* The strategy's score of a pick in words ("5.84 bits", "largest part 97"), or "" when it has none. */
void advice_format_score(const advice *a, const advice_pick *pick, char *buf, size_t size);

/*
 * Play the strategy against secret si (Symble: hidden mapping `mapping`)
 * from a fresh state in hard mode or not, up to max_turns guesses: the
 * guesses and observed feedbacks go to guesses[] and fbs[] (room for
 * max_turns), *turns gets how many were played, *won whether the last
 * one won.
 */
int advice_playout(advice *a, uint32_t si, int mapping, cb_hard hard, int max_turns, uint32_t *guesses, uint32_t *fbs,
                   int *turns, int *won);

/* The observed feedback of guess gi against secret si (Symble: through mapping). */
uint32_t advice_feedback(const cb_table *t, uint32_t gi, uint32_t si, int mapping);

#endif
