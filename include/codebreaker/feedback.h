/*
 * feedback.h: the three scoring rules, one function each, on raw codes.
 *
 * Codes are arrays of n symbol indices (0..63), 1 <= n <= CB_MAX_LENGTH.
 * Results are feedback ids as described in game.h. These are the direct,
 * pair-at-a-time functions; table.h computes whole rows much faster.
 */
#ifndef CODEBREAKER_FEEDBACK_H
#define CODEBREAKER_FEEDBACK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Mastermind: blacks * (n + 1) + whites. */
uint32_t cb_feedback_mastermind(const uint8_t *guess, const uint8_t *secret, int n);

/*
 * Wordle: per guess position, green when the symbols match; then, left to
 * right, yellow while the secret has unmatched copies of the symbol among
 * its non-green positions; gray otherwise. Digit i of the id (weight 3^i)
 * is 0 gray, 1 yellow, 2 green.
 */
uint32_t cb_feedback_wordle(const uint8_t *guess, const uint8_t *secret, int n);

/*
 * Symble raw colours: per *codeword* position, i.e. Wordle with guess and
 * codeword swapped: cb_feedback_wordle(codeword, guess, n).
 */
uint32_t cb_feedback_symble(const uint8_t *guess, const uint8_t *codeword, int n);

/*
 * Jotto: the letters guess and secret have in common, each counted as
 * often as both hold it, wherever it stands (0 .. n), or n + 1 when guess
 * is the secret.
 */
uint32_t cb_feedback_jotto(const uint8_t *guess, const uint8_t *secret, int n);

/* 3^n for 0 <= n <= CB_MAX_LENGTH. */
uint32_t cb_pow3(int n);

#ifdef __cplusplus
}
#endif

#endif
