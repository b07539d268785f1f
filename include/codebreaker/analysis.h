/*
 * analysis.h: figures about a game that need no strategy: how many
 * feedbacks a guess can give, information-theoretic lower bounds on the
 * number of guesses, and the entropy of the partition a guess makes.
 * docs/analysis.md defines every figure and names its source.
 *
 * Notation: n the code length, k the alphabet size, N the number of
 * possible secrets. Counts that may pass 2^32 (k^n for large games that
 * are never built) are doubles.
 */
#ifndef CODEBREAKER_ANALYSIS_H
#define CODEBREAKER_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Shannon entropy, in bits, of a partition into parts of these sizes (0 when empty). */
double cb_entropy(const uint32_t *sizes, size_t parts);
/* The same for part sizes given as doubles (weights). */
double cb_entropy_weights(const double *sizes, size_t parts);

/* The number of derangements of n items (permutations without a fixed point), exact below 2^53. */
double cb_derangements(int n);

/*
 * Secrets of a complete dictionary: k^n, or k!/(k-n)! without repeated
 * symbols (0 when n > k).
 */
double cb_complete_size(int k, int n, int no_repeat);

/*
 * How many distinct feedbacks one guess can give, the win included, as the
 * Symble thesis counts them:
 *  - Symble, first guess (mapping unknown): the symbol patterns up to a
 *    renaming of the symbols, i.e. the ways to split n positions into at
 *    most three groups: (3^n + 3) / 6. The thesis counts the win among the
 *    one-symbol patterns.
 *  - Symble, later guesses (mapping known): 3^n patterns.
 *  - Wordle: 3^n - n colour patterns (no secret gives one yellow with every
 *    other letter green).
 *  - Mastermind: (n + 1)(n + 2) / 2 - 1 pairs blacks + whites <= n, less
 *    n - 1 blacks with 1 white.
 * For Wordle and Mastermind first and later counts are equal.
 */
double cb_feedbacks_possible(cb_rule rule, int n, int first);

/*
 * How many feedbacks other than the win one guess can give at most, exactly
 * (for the counting bound): Symble first guess (3^n + 3) / 6 (every
 * grouping of positions, the one-group pattern as all gray), later
 * 3^n - n - 1; Wordle 3^n - n - 1; Mastermind (n + 1)(n + 2) / 2 - 2.
 */
double cb_feedbacks_open(cb_rule rule, int n, int first);

/*
 * The information bound of the Symble thesis, equation (2), for N secrets:
 * x = (ln N - ln P) / ln F + 1 with P and F the first and later counts of
 * cb_feedbacks_possible(). For Symble complete dictionaries (N = k^n) this
 * is exactly the printed (n ln k - ln(3^n/6 + 1/2)) / (n ln 3) + 1; for
 * Wordle and Mastermind it is ln N / ln F.
 */
double cb_bound_information(cb_rule rule, int n, double secrets);

/*
 * The counting bound: the smallest T such that a strategy of at most T
 * guesses can tell N secrets apart. A decision tree whose root has at most
 * P' non-winning branches and every later node F' (cb_feedbacks_open())
 * solves at most S(T) = 1 + P' (1 + F' + F'^2 + ... + F'^(T-2)) secrets,
 * one per node. Returns 0 for N <= 0.
 */
int cb_bound_counting(cb_rule rule, int n, double secrets);

/*
 * The adjusted entropy of the first guess of a complete dictionary (thesis,
 * section on large alphabets): for a guess of n distinct symbols, the parts
 * "no symbol in common" (all gray: (k-n)^n secrets, or (k-n)!/(k-2n)!
 * without repeats) and "every symbol present but misplaced" (all yellow:
 * the n! derangements D(n)) counted exactly, the other secrets assumed
 * spread evenly over the remaining feedbacks. Symble shows both exact parts
 * as one pattern and has P - 1 others; Wordle and Mastermind have F - 2.
 * NaN when k < n (no guess of n distinct symbols).
 */
double cb_adjusted_entropy(cb_rule rule, int k, int n, int no_repeat);

/* The first-guess partition of one class of equivalent guesses of a complete dictionary. */
typedef struct cb_first_guess {
    uint8_t code[CB_MAX_LENGTH]; /* the class's smallest code (symbol indices) */
    int length;
    int distinct;   /* distinct symbols of the guess */
    double entropy; /* bits */
    double largest; /* secrets in the largest part */
    double parts;   /* non-empty parts (the win included) */
} cb_first_guess;

/*
 * The first guesses of a complete dictionary (every code of n symbols over
 * k, repeats allowed or not), one per class of guesses that split the
 * secrets alike by symmetry: for Mastermind and Wordle the codes with the
 * same symbol counts (0012 stands for 1233, 2103, ...); for Symble the
 * codes equal up to a renaming of the symbols (0012 for 1120, not 0102:
 * Symble's yellow goes to the leftmost copy of a codeword letter, so
 * moving positions changes which patterns fall together up to renaming).
 * Each class's partition of all secrets, keyed as the engine keys them
 * (partition.h: Symble patterns up to renaming, the win apart), comes from
 * a weighted enumeration over the guess's symbols plus one stand-in for
 * all other symbols, so k^n need not fit in memory. *out (freed by the
 * caller with free()) gets *count classes by decreasing entropy, ties in
 * increasing code order. CB_ETOOBIG when the enumeration would pass
 * max_work feedbacks (0 = 4e8) or n > 12; CB_EINVAL for k < 2, n < 1,
 * k > 64 or no code at all.
 */
int cb_first_guess_shapes(cb_rule rule, int k, int n, int no_repeat, double max_work, cb_first_guess **out,
                          size_t *count, cb_error *err);

/*
 * The entropy (bits) of the partition of st's candidates by each allowed
 * guess: entropy[g] for every g < cb_game_guess_count(), computed with
 * `threads` threads (0 = OpenMP's default). cancel, when not NULL, is a
 * flag another thread may set (atomic store) to stop: CB_ECANCELED within
 * a guess per thread. CB_ENOMEM otherwise.
 */
int cb_guess_entropies(const cb_state *st, int threads, const volatile int *cancel, double *entropy);

/*
 * Letter frequency per position (the information-theory study's heatmaps,
 * the C++ Wordle paper's Table 3): counts[p * k + c] gets how many codes
 * have symbol c at position p (k = cb_game_colors), over the secrets
 * (guesses 0) or over every allowed guess (guesses 1). counts has room for
 * n * k entries.
 */
void cb_letter_positions(const cb_game *game, int guesses, uint64_t *counts);

/*
 * The code of distinct symbols made of the per-position maxima, as the C++
 * Wordle paper picks CARES from its Table 3: positions in decreasing order
 * of their largest count (ties: the lower position), each taking its most
 * frequent symbol not taken yet (ties: the lower symbol). code[p] gets the
 * symbol, order[p] the rank (1 first) at which position p was filled.
 * CB_EINVAL when the alphabet has fewer symbols than the code has positions.
 */
int cb_letter_greedy(const cb_game *game, const uint64_t *counts, uint8_t *code, int *order);

#ifdef __cplusplus
}
#endif

#endif
