/*
 * rule_jotto.c: Jotto's rule (the 1955 word game): a guess scores the
 * letters it has in common with the secret, wherever they stand, 0 .. n,
 * and n + 1 when it is the secret (n in common without winning is an
 * anagram). No hard mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/feedback.h"
#include "codebreaker/share.h"
#include "game/game_internal.h"
#include "game/kernel_internal.h"

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

static void ids(int n, cbg_ids *ids)
{
    ids->count = ids->raw = (uint32_t)n + 2;
    ids->won = (uint32_t)n + 1;
}

static void format(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    if (id == game->won)
        snprintf(buf, size, "won");
    else
        snprintf(buf, size, "%u", id);
}

/* The letters in common, 0 .. length, or `won`. */
static int parse(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    if (strcmp(text, "won") == 0 || strcmp(text, "WON") == 0 || strcmp(text, "win") == 0) {
        *id = game->won;
        return CB_OK;
    }
    size_t len = strlen(text);
    if (len == 0 || len > 2 || strspn(text, "0123456789") != len)
        return cb_error_set(err, CB_EPARSE,
                            "'%s' is not a Jotto feedback: write the letters in common (0 to %d) or won", text,
                            game->n);
    long v = strtol(text, NULL, 10);
    if (v > game->n)
        return cb_error_set(err, CB_EPARSE, "'%s': words of %d letters have at most %d in common", text, game->n,
                            game->n);
    *id = (uint32_t)v;
    return CB_OK;
}

/* A yellow square a letter in common; all green when won. */
static const char *share_sign(const cb_game *game, uint32_t fb, int i, unsigned flags)
{
    return cbg_share_square(fb == game->won ? 2 : (unsigned)i < fb ? 1 : 0, flags);
}

/*
 * The letters in common as Mastermind counts them (blacks and whites), or n + 1 when all are black: chunk
 * and row at CB_LANES, chunk_w and row_w at CB_LANES_WIDE (kernel_internal.h).
 */
#define CHUNK(W)                                                                                                       \
    CBG_INLINE void chunk##W(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa, size_t base,    \
                             size_t cnt, int width, void *out)                                                         \
    {                                                                                                                  \
        (void)width; /* ids fit a byte: one byte an entry */                                                           \
        cbg_v8##W black, common;                                                                                       \
        cbg_common_chunk##W(n, g, l, soa, base, &black, &common);                                                      \
        cbg_v8##W won = (cbg_v8##W)(black == (uint8_t)n);                                                              \
        cbg_v8##W id = (won & (uint8_t)(n + 1)) | (~won & common);                                                     \
        memcpy((uint8_t *)out + base, &id, cnt);                                                                       \
    }

CHUNK()
CBG_WIDE(CHUNK(_w))
CBG_ROWS(chunk)
CBG_KERNEL_LEVELS(jotto_row, row)

static double possible(int n, int first)
{
    (void)first;
    return n + 2.0;
}

static double open(int n, int first)
{
    (void)first;
    return n + 1.0;
}

const cbg_rule cbg_rule_jotto = {
    .info = {.name = "jotto",
             .label = "Jotto",
             .feedback = "the letters in common, wherever they stand: 2 (won when the word is the secret)",
             .words = 1,
             .max_guesses = 15,
             .strategy = "entropy",
             .marks = CB_MARKS_COUNT},
    .max_colors = CB_MAX_COMPLETE,
    .max_length = CB_MAX_LENGTH,
    .feedback = cb_feedback_jotto,
    .ids = ids,
    .format = format,
    .parse = parse,
    .share_sign = share_sign,
    .kernel = CBG_KERNEL_TABLE(jotto_row),
    .column = CB_RULE_JOTTO,
    .byte_ids = 1,
    .pair_ns = CB_PAIR_NS_WORDS,
    .possible = possible,
    .open = open,
};
