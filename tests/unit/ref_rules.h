/*
 * ref_rules.h - the test suite's independent reference implementation of the
 * Wordle, Symble, Mastermind and Jotto feedback rules.
 *
 * Written directly from the rules as stated, as literally as possible, with
 * no attempt at speed and without looking at (or sharing code with) the
 * library's own scoring code.  Used only by the tests to cross-check the
 * library.
 */
#ifndef CODEBREAKER_TESTS_REF_RULES_H
#define CODEBREAKER_TESTS_REF_RULES_H

/*
 * Wordle feedback for guess against secret, both of length n (symbols are
 * small integers 0..63).  Writes n pattern characters plus a NUL to out:
 * 'G' green, 'Y' yellow, '.' gray, one per guess position.
 */
void ref_wordle(const unsigned char *guess, const unsigned char *secret, int n, char *out);

/*
 * Symble feedback: colours are given per codeword position, i.e.
 * ref_symble(guess, codeword) == ref_wordle(guess = codeword, secret = guess).
 * Writes n pattern characters plus a NUL to out.
 */
void ref_symble(const unsigned char *guess, const unsigned char *codeword, int n, char *out);

/*
 * Mastermind feedback for codes of n pegs over colours 0..colors-1
 * (any value 0..63 is accepted; colors is only a sanity bound).
 * black = positions with equal colour;
 * white = sum over colours c of min(#c in guess, #c in secret) - black.
 */
void ref_mastermind(const unsigned char *guess, const unsigned char *secret, int n, int colors, int *black, int *white);

/*
 * Jotto: the number of letters guess and secret have in common, wherever
 * they stand: each letter of the guess is matched with one not yet matched
 * letter of the secret, if any.  *won is 1 when the guess is the secret.
 */
int ref_jotto(const unsigned char *guess, const unsigned char *secret, int n, int *won);

#endif /* CODEBREAKER_TESTS_REF_RULES_H */
