/*
 * strategy.h: codebreakers: how to choose the next guess for a state.
 *
 * A strategy is made once for a table (cb_strategy_new) and then asked,
 * any number of times and from any number of threads at once, for the
 * guess to play in a state (cb_strategy_choose) or for the ranked table of
 * every guess's scores (cb_strategy_rank). It keeps no memory of earlier
 * calls: the choice depends only on the state (its candidates, its
 * history, its turn and hard mode), the configuration and, for random
 * strategies, the cb_rng passed in. So interactive modes may ask about any
 * state, one turn at a time, and get what the simulator plays.
 *
 * Greedy strategies score the partition of the candidates by a guess's
 * feedback (partition.h). The "won" part counts as a part of size 1 when
 * the guess is a candidate. In Symble part sizes count codewords, not
 * (codeword, mapping) pairs, so the entropy is information about the
 * codeword. Scores are computed exactly (integers; entropy in fixed point),
 * so equal partitions tie exactly, whatever the thread count.
 *
 * Ties: CB_TIE_FIRST prefers a remaining candidate, then the lowest index in
 * the guess list (alphabetical for the bundled Wordle lists); CB_TIE_RANDOM
 * picks uniformly among the tied guesses with the rng; CB_TIE_FREQUENCY
 * (the blog's letter-frequency tie-break) prefers a remaining candidate,
 * then the guess made of the most frequent letters: the largest sum, over
 * its positions, of how often its symbol occurs among all the game's
 * secrets (repeated letters count each time, as Scrabble scores a word),
 * then the lowest index. Strategies whose choice depends on the rng
 * (random, random-any, any tie random, any delay) are not deterministic;
 * cb_strategy_deterministic() says which.
 *
 * Delay (the blog's "delayed minimax"): with delay D > 0, turns 1 to D play
 * a uniformly random remaining candidate (turn 1 plays first_guess when one
 * is set), and the strategy decides from turn D + 1 on.
 *
 * Every strategy plays the last candidate when only one remains, respects
 * the state's hard mode (cb_state_hard or the config's `hard`), and only
 * returns guesses that are legal in the state.
 *
 * Ownership as in status.h. A strategy keeps a pointer to its table, which
 * must outlive it.
 */
#ifndef CODEBREAKER_STRATEGY_H
#define CODEBREAKER_STRATEGY_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "state.h"
#include "status.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cb_strategy_kind {
    CB_STRATEGY_MINIMAX = 0,           /* minimise the largest part (Knuth 1976) */
    CB_STRATEGY_EXPECTED = 1,          /* minimise the expected part size, sum of squares / N (Irving) */
    CB_STRATEGY_PARTS = 2,             /* maximise the number of parts (Kooi 2005) */
    CB_STRATEGY_ENTROPY = 3,           /* maximise the entropy of the part sizes (Neuwirth) */
    CB_STRATEGY_ENTROPY_KNUTH = 4,     /* entropy; among equal scores always a candidate if one ties */
    CB_STRATEGY_RANDOM = 5,            /* a uniformly random remaining candidate */
    CB_STRATEGY_RANDOM_ANY = 6,        /* a uniformly random allowed guess until the target turn */
    CB_STRATEGY_MONTECARLO = 7,        /* the candidate with the lowest average over random continuations */
    CB_STRATEGY_FREQUENCY = 8,         /* the most frequent remaining candidate (words, or letters) */
    CB_STRATEGY_ENTROPY_FREQUENCY = 9, /* entropy plus the candidate's word probability */
    CB_STRATEGY_FIRST = 10,            /* the first remaining candidate in list order */
    CB_STRATEGY_REGEX = 11,            /* the first answer matching the feedback's pattern (Wordle rules) */
    CB_STRATEGY_TREE = 12              /* "tree:FILE": play a stored decision tree (exact-solver issue); last */
} cb_strategy_kind;

#define CB_STRATEGY_KINDS 13

typedef enum cb_tie { CB_TIE_FIRST = 0, CB_TIE_RANDOM = 1, CB_TIE_FREQUENCY = 2 } cb_tie;

/* random-any's target turn when the config gives none. */
#define CB_RANDOM_ANY_TARGET 3
/* montecarlo's rollouts per guess when the config gives none. */
#define CB_MONTECARLO_ITERATIONS 100

/*
 * How to make a strategy. Start from cb_strategy_config_default() and
 * change fields.
 *
 * `name` is one of the names of cb_strategy_info (e.g. "minimax"), or
 * "tree:FILE". first_guess, when not CB_NONE, is the guess index played on
 * the first turn. candidates_only restricts every guess to the remaining
 * candidates; target_turn T > 0 restricts the guesses of turns T, T+1, ...
 * (turns count from 1). `hard` plays Wordle hard mode even when the state
 * passed in is not in it. seed drives montecarlo's rollouts (which are
 * seeded from it and the state's history, so montecarlo is deterministic
 * for a given seed) and nothing else: other randomness comes from the rng
 * given to each call (or, when that is NULL, from seed and the history).
 * iterations is montecarlo's rollouts per remaining candidate, the guesses
 * it weighs (0: CB_MONTECARLO_ITERATIONS). delay D > 0 plays random
 * candidates on turns 1 to D (above); not for trees.
 *
 * Word frequencies (frequency, entropy-frequency): `frequency` points at
 * one weight per secret (copied; need not outlive the call); else
 * frequency_path names a file of "word<TAB or space>weight" lines (see
 * cb_frequency_load); else, for games of five-letter words, the bundled
 * Wordle frequencies; else frequency plays the candidate with the most
 * common letters per position among the remaining candidates and
 * entropy-frequency weighs every candidate alike.
 *
 * threads bounds the threads one call uses (0: OpenMP's default).
 *
 * cancel, when not NULL, is a flag the caller may set (non-zero) from any
 * thread, with an atomic store, to stop a decision or a ranking that is
 * under way: cb_strategy_choose, cb_strategy_rank and cb_simulate then
 * return CB_ECANCELED within a block of scoring (32 guesses against the
 * candidates). It must outlive the strategy.
 */
typedef struct cb_strategy_config {
    const char *name;
    cb_guess_index first_guess;
    int candidates_only;
    int target_turn;
    int hard;
    cb_tie tie;
    uint64_t seed;
    int iterations;
    int delay;
    const double *frequency;
    const char *frequency_path;
    int threads;
    const volatile int *cancel;
} cb_strategy_config;

/*
 * name "parts" (the best greedy strategy on Wordle and Mastermind), no fixed
 * opener, no restrictions, tie first, seed 0, default iterations, all threads.
 */
void cb_strategy_config_default(cb_strategy_config *cfg);

/* What a strategy name means: for help texts and pickers. */
typedef struct cb_strategy_info {
    const char *name;
    cb_strategy_kind kind;
    const char *summary; /* one line */
    const char *source;  /* where it comes from */
    int greedy;          /* 1 when it scores partitions (minimax, expected, parts, entropy*) */
} cb_strategy_info;

/* The known strategies, in the order of cb_strategy_kind; *count gets how many. tree:FILE is last. */
const cb_strategy_info *cb_strategy_list(size_t *count);

typedef struct cb_strategy cb_strategy;

/*
 * Make a strategy for table from cfg. CB_ENOTFOUND for an unknown name,
 * CB_EINVAL for a bad option (a first guess out of range, a tree file on a
 * build without trees), CB_EIO/CB_EPARSE for a bad frequency file; err says
 * which in a sentence.
 */
int cb_strategy_new(const cb_table *table, const cb_strategy_config *cfg, cb_strategy **out, cb_error *err);
void cb_strategy_free(cb_strategy *s);

cb_strategy_kind cb_strategy_get_kind(const cb_strategy *s);
/* The name with its options, e.g. "entropy", "minimax --candidates-only --tie random". */
const char *cb_strategy_name(const cb_strategy *s);
/* The config it was made from (strings and arrays not kept: name and frequency are NULL). */
const cb_strategy_config *cb_strategy_get_config(const cb_strategy *s);
/* 1 when the choice depends only on the state (so a simulation may build one decision tree). */
int cb_strategy_deterministic(const cb_strategy *s);

/*
 * The guess to play in st: its guess index in *guess, and in *score (when
 * not NULL) the strategy's score of it: the largest part (minimax), the
 * expected part size (expected), the number of parts (parts), the entropy
 * in bits (entropy, entropy-knuth), entropy plus probability
 * (entropy-frequency), the average number of further guesses over the
 * rollouts (montecarlo), the weight (frequency), 0 otherwise. rng may be
 * NULL for deterministic strategies; a random one then draws from a
 * generator seeded with cfg->seed and the history. CB_EEMPTY when st has no
 * candidate or no legal guess remains; CB_ECANCELED when cfg->cancel was set; CB_ENOMEM.
 */
int cb_strategy_choose(const cb_strategy *s, const cb_state *st, cb_rng *rng, cb_guess_index *guess, double *score);

/* Every score of one guess in a state: a row of the "partition table" of the papers. */
typedef struct cb_guess_score {
    cb_guess_index guess;
    uint32_t largest; /* size of the largest part */
    double expected;  /* expected size of the part the secret falls in: sum of squares / N */
    uint32_t parts;   /* non-empty parts, the won part included */
    double entropy;   /* Shannon entropy of the part sizes, bits */
    double frequency; /* the guess's word probability among the candidates (0 when not a candidate) */
    int candidate;    /* 1 when the guess is a remaining candidate */
    int legal;        /* 1 when the guess is legal now (hard mode) */
    double score;     /* the ranking strategy's own score (as cb_strategy_choose) */
} cb_guess_score;

/* The scores of guess gi in st (score is left 0; legal from cb_state_legal). */
int cb_guess_score_compute(const cb_state *st, cb_guess_index gi, cb_guess_score *out);

/*
 * The best `limit` guesses of st in the strategy's order (best first, ties
 * broken as CB_TIE_FIRST, or CB_TIE_FREQUENCY when the strategy's tie rule
 * is that; the delay is ignored), among the guesses the strategy may play now
 * (legal, candidates only when required), each with every score; written
 * to out (room for limit entries), *count gets how many. Works for the
 * greedy strategies, frequency, first and montecarlo; CB_EINVAL for the
 * random ones and trees. CB_EEMPTY when st has no candidate; CB_ECANCELED
 * when cfg->cancel was set.
 */
int cb_strategy_rank(const cb_strategy *s, const cb_state *st, size_t limit, cb_guess_score *out, size_t *count);

/*
 * Per-secret weights from a frequency file: lines "word weight" (tab or
 * spaces, `#` comments), weights non-negative; path NULL means the bundled
 * Wordle frequencies ("wordle/frequency.tsv"). Secrets missing from the
 * file get weight 0. *out gets cb_game_secret_count() weights, freed with
 * free(); *found (when not NULL) how many secrets the file named.
 */
int cb_frequency_load(const cb_game *game, const char *path, double **out, size_t *found, cb_error *err);

#ifdef __cplusplus
}
#endif

#endif
