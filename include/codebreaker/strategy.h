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
 * the state's hard mode (cb_state_hard: the position carries it, no
 * strategy has a mode of its own), and only returns guesses that are legal
 * in the state.
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

typedef enum cb_tie { CB_TIE_FIRST = 0, CB_TIE_RANDOM = 1, CB_TIE_FREQUENCY = 2 } cb_tie;

/* random-any's target turn when the config gives none. */
#define CB_RANDOM_ANY_TARGET 3
/* montecarlo's rollouts per guess when the config gives none. */
#define CB_MONTECARLO_ITERATIONS 100

/*
 * How to make a strategy. Start from cb_strategy_config_default() and
 * change fields.
 *
 * `name` is a name of the registry (cb_strategy_find: e.g. "minimax",
 * or "tree:FILE"). first_guess, when not CB_NONE, is the guess index played on
 * the first turn. candidates_only restricts every guess to the remaining
 * candidates; target_turn T > 0 restricts the guesses of turns T, T+1, ...
 * (turns count from 1). seed drives montecarlo's rollouts (which are
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
 * max_pairs bounds a greedy decision: when the candidates times the guesses
 * it may play are more, it scores a fixed-seed sample of the guesses (the
 * candidates first) of max_pairs / candidates guesses, at least 64
 * (docs/limits.md; cb_strategy_bounded counts such decisions). 0: the
 * default, 1.2e9 pairs when feedbacks are computed on the fly, no bound
 * with a precomputed table; negative: no bound. Games of complete dictionaries also
 * score one guess of each class of guesses that the symmetries fixing the
 * history make alike (tie rule first): exact, the same choice.
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
    cb_tie tie;
    uint64_t seed;
    int iterations;
    int delay;
    const double *frequency;
    const char *frequency_path;
    int threads;
    const volatile int *cancel;
    double max_pairs;
} cb_strategy_config;

/*
 * name "parts" (the best greedy strategy on Wordle and Mastermind), no fixed
 * opener, no restrictions, tie first, seed 0, default iterations, all threads.
 */
void cb_strategy_config_default(cb_strategy_config *cfg);

/*
 * The registry: one row per strategy, in the order help texts list them.
 * Names are the stable interface (configs, files, the API); a row's place
 * in the list is not. Front ends read the rows instead of knowing the
 * strategies: what to offer, which can rank, how to write a score, what a
 * decision costs.
 */
enum {
    CB_TRAIT_GREEDY = 1 << 0,     /* scores the partition of the candidates by each guess */
    CB_TRAIT_RANDOM = 1 << 1,     /* draws from the rng: never deterministic */
    CB_TRAIT_RANKS = 1 << 2,      /* cb_strategy_rank orders the guesses by its score */
    CB_TRAIT_CANDIDATES = 1 << 3, /* plays only remaining candidates */
    CB_TRAIT_ARGUMENT = 1 << 4,   /* the name takes an argument: "tree:FILE" */
    CB_TRAIT_WORDLE = 1 << 5,     /* reads green, yellow and gray letters: Wordle rules only */
    CB_TRAIT_WEIGHTS = 1 << 6,    /* reads word frequencies (cb_strategy_config.frequency) */
    CB_TRAIT_NO_TIES = 1 << 7,    /* its choice is one guess: the tie rule does not apply */
    CB_TRAIT_RANDOM_TIES = 1 << 8 /* as its source plays it, ties go at random (CB_TIE_RANDOM): reproductions do */
};

/* What one decision costs, for front ends that bound work (cb_strategy_work). */
typedef enum cb_strategy_cost {
    CB_COST_PARTITION = 0,  /* every allowed guess against every candidate */
    CB_COST_CANDIDATES = 1, /* a look at each candidate */
    CB_COST_LETTERS = 2,    /* each letter of each candidate */
    CB_COST_SECRETS = 3,    /* a pass over every secret of the game */
    CB_COST_ROLLOUTS = 4,   /* random games from each candidate: candidates^2 x iterations */
    CB_COST_ANY = 5,        /* a look at each candidate and each guess */
    CB_COST_NONE = 6        /* a lookup (a stored tree) */
} cb_strategy_cost;

typedef struct cb_strategy_info {
    const char *name;    /* "minimax"; "tree:FILE" for CB_TRAIT_ARGUMENT */
    const char *label;   /* for people, by the literature's name: "Knuth worst case" */
    const char *summary; /* one line */
    const char *source;  /* where it comes from */
    unsigned traits;     /* CB_TRAIT_* */
    cb_strategy_cost cost;
    /*
     * How its score is written: a printf format with one double conversion
     * ("largest part %.0f", "%.2f bits"), score_one for a score of exactly 1
     * when it differs ("1 part"), NULL for strategies without a score.
     */
    const char *score_format;
    const char *score_one;
} cb_strategy_info;

/* How many strategies the registry holds; row i (NULL past the end). */
size_t cb_strategy_count(void);
const cb_strategy_info *cb_strategy_at(size_t i);
/* The row of a strategy name ("tree:x.tree" finds tree:FILE), or NULL. */
const cb_strategy_info *cb_strategy_find(const char *name);

/* score written as info's score_format says (empty without one); like snprintf, returns the length. */
int cb_strategy_format_score(const cb_strategy_info *info, double score, char *buf, size_t size);

typedef struct cb_strategy cb_strategy;

/*
 * Make a strategy for table from cfg. CB_ENOTFOUND for an unknown name,
 * CB_EINVAL for a bad option (a first guess out of range, a tree file on a
 * build without trees), CB_EIO/CB_EPARSE for a bad frequency file; err says
 * which in a sentence.
 */
int cb_strategy_new(const cb_table *table, const cb_strategy_config *cfg, cb_strategy **out, cb_error *err);
void cb_strategy_free(cb_strategy *s);

/* The registry row the strategy was made from. */
const cb_strategy_info *cb_strategy_get_info(const cb_strategy *s);
/* The name with its options, e.g. "entropy", "minimax --candidates-only --tie random". */
const char *cb_strategy_name(const cb_strategy *s);
/*
 * Decisions of s so far that scored a sampled pool because they were above
 * max_pairs (cb_strategy_config); 0 when every decision scored every guess.
 */
unsigned long long cb_strategy_bounded(const cb_strategy *s);
/* The config it was made from (strings and arrays not kept: name and frequency are NULL). */
const cb_strategy_config *cb_strategy_get_config(const cb_strategy *s);
/* 1 when the choice depends only on the state (so a simulation may build one decision tree). */
int cb_strategy_deterministic(const cb_strategy *s);

/*
 * About how much work deciding in st takes, in (guess, candidate) pairs or
 * the like (cb_strategy_cost of its row, its options), each weighted by
 * cb_table_pair_cost of its table: 0 when the choice is fixed (one
 * candidate, the opener).
 * For front ends that refuse or warn before a long decision.
 */
double cb_strategy_work(const cb_strategy *s, const cb_state *st);

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
