/* feedback.c: the scoring rules, pair at a time. */
#include "codebreaker/feedback.h"

#include "codebreaker/game.h"

uint32_t cb_pow3(int n)
{
    uint32_t p = 1;
    for (int i = 0; i < n; i++)
        p *= 3;
    return p;
}

uint32_t cb_feedback_mastermind(const uint8_t *guess, const uint8_t *secret, int n)
{
    uint8_t cg[CB_MAX_SYMBOLS] = {0}, cs[CB_MAX_SYMBOLS] = {0};
    uint32_t black = 0, common = 0;
    for (int i = 0; i < n; i++) {
        if (guess[i] == secret[i])
            black++;
        cg[guess[i]]++;
        cs[secret[i]]++;
    }
    for (int i = 0; i < n; i++) {
        uint8_t c = guess[i];
        if (cg[c]) { /* count each colour once */
            common += cg[c] < cs[c] ? cg[c] : cs[c];
            cg[c] = 0;
        }
    }
    return black * (uint32_t)(n + 1) + (common - black);
}

uint32_t cb_feedback_wordle(const uint8_t *guess, const uint8_t *secret, int n)
{
    uint8_t left[CB_MAX_SYMBOLS] = {0}; /* unmatched copies in the secret */
    uint32_t id = 0, w = 1;
    for (int i = 0; i < n; i++)
        if (guess[i] != secret[i])
            left[secret[i]]++;
    for (int i = 0; i < n; i++, w *= 3) {
        if (guess[i] == secret[i])
            id += 2 * w;
        else if (left[guess[i]]) {
            left[guess[i]]--;
            id += w;
        }
    }
    return id;
}

uint32_t cb_feedback_symble(const uint8_t *guess, const uint8_t *codeword, int n)
{
    return cb_feedback_wordle(codeword, guess, n);
}

uint32_t cb_feedback_jotto(const uint8_t *guess, const uint8_t *secret, int n)
{
    uint8_t left[CB_MAX_SYMBOLS] = {0}; /* copies in the secret not yet matched */
    uint32_t common = 0;
    int same = 1;
    for (int i = 0; i < n; i++) {
        left[secret[i]]++;
        same &= guess[i] == secret[i];
    }
    if (same)
        return (uint32_t)n + 1;
    for (int i = 0; i < n; i++)
        if (left[guess[i]]) {
            left[guess[i]]--;
            common++;
        }
    return common;
}
