/*
 * ref_rules.c - the test suite's independent reference implementation of the
 * feedback rules, written from the rules as stated (not from the library).
 * Deliberately slow and literal; see ref_rules.h for the rules.
 */
#include "ref_rules.h"

#include <limits.h>
#include <stdlib.h>

/*
 * Wordle:
 *  1. For each guess position i: green if guess[i] == secret[i].
 *  2. Then, left to right over the non-green guess positions i: yellow if
 *     the letter guess[i] still has an unmatched copy in the secret among
 *     the non-green positions of the secret (each copy used at most once;
 *     greens have already consumed their own copy); otherwise gray.
 */
void ref_wordle(const unsigned char *guess, const unsigned char *secret, int n, char *out)
{
    /* used[j] != 0 means secret position j has been consumed. */
    unsigned char *used;
    int i, j;

    used = (unsigned char *)calloc(n > 0 ? (size_t)n : 1u, 1u);
    if (used == NULL) {
        abort();
    }

    /* Step 1: greens, each consuming its own secret copy. */
    for (i = 0; i < n; i++) {
        if (guess[i] == secret[i]) {
            out[i] = 'G';
            used[i] = 1;
        } else {
            out[i] = '.';
        }
    }

    /* Step 2: left to right over the non-green guess positions. */
    for (i = 0; i < n; i++) {
        if (out[i] == 'G') {
            continue;
        }
        /* Look for an unmatched copy of guess[i] in the secret. */
        for (j = 0; j < n; j++) {
            if (!used[j] && secret[j] == guess[i]) {
                used[j] = 1;
                out[i] = 'Y';
                break;
            }
        }
        /* If none was found, out[i] stays '.' (gray). */
    }

    out[n > 0 ? n : 0] = '\0';
    free(used);
}

/*
 * Symble: Wordle with guess and codeword swapped; the colours are reported
 * per codeword position.
 */
void ref_symble(const unsigned char *guess, const unsigned char *codeword, int n, char *out)
{
    ref_wordle(codeword, guess, n, out);
}

/*
 * Mastermind:
 *  black = number of positions i with guess[i] == secret[i];
 *  white = (sum over colours c of min(count of c in guess,
 *                                     count of c in secret)) - black.
 */
void ref_mastermind(const unsigned char *guess, const unsigned char *secret, int n, int colors, int *black, int *white)
{
    int b = 0, common = 0;
    int i, c;

    (void)colors; /* every possible symbol value is counted below */

    for (i = 0; i < n; i++) {
        if (guess[i] == secret[i]) {
            b++;
        }
    }

    for (c = 0; c <= UCHAR_MAX; c++) {
        int in_guess = 0, in_secret = 0;
        for (i = 0; i < n; i++) {
            if (guess[i] == c) {
                in_guess++;
            }
            if (secret[i] == c) {
                in_secret++;
            }
        }
        common += in_guess < in_secret ? in_guess : in_secret;
    }

    *black = b;
    *white = common - b;
}

int ref_jotto(const unsigned char *guess, const unsigned char *secret, int n, int *won)
{
    int matched[64] = {0}; /* matched[j]: secret letter j is taken */
    int common = 0;
    *won = 1;
    for (int i = 0; i < n; i++)
        if (guess[i] != secret[i])
            *won = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            if (!matched[j] && secret[j] == guess[i]) {
                matched[j] = 1;
                common++;
                break;
            }
        }
    }
    return common;
}
