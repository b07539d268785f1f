/*
 * rule_wordle.c: Wordle's rule. Each letter of a guess turns green (right
 * place), yellow (elsewhere in the word, as often as the secret has it
 * unmatched) or gray; a feedback is the colours as base-3 digits, position
 * i of weight 3^i. Hard mode: every revealed letter is used again.
 */
#include <math.h>
#include <stdio.h>

#include "codebreaker/feedback.h"
#include "codebreaker/share.h"
#include "game/game_internal.h"
#include "game/kernel_internal.h"

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

static void ids(int n, cbg_ids *ids)
{
    ids->count = ids->raw = cb_pow3(n);
    ids->won = ids->count - 1;
}

static void format(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    cbg_format_pattern(game->n, id, ".YG", buf, size);
}

static int parse(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    return cbg_parse_pattern(game, text, 0, id, err);
}

static const char *share_sign(const cb_game *game, uint32_t fb, int i, unsigned flags)
{
    (void)game;
    return cbg_share_square(cbg_digit3(fb, i), flags);
}

#define CHUNK(n, g, l, soa, base, cnt, width, out) cbg_pattern_chunk(n, g, l, soa, base, cnt, 0, width, out)
#define CHUNK_w(n, g, l, soa, base, cnt, width, out) cbg_pattern_chunk_w(n, g, l, soa, base, cnt, 0, width, out)

/*
 * Wordle's five letters in bytes get their length as a constant, so that the lanes stay in registers;
 * row at CB_LANES, row_w at CB_LANES_WIDE (kernel_internal.h).
 */
#define ROW(W)                                                                                                         \
    CBG_INLINE void row##W(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width, void *out) \
    {                                                                                                                  \
        cbg_letters l;                                                                                                 \
        cbg_guess_letters(n, guess, &l);                                                                               \
        if (n == 5 && width == 1)                                                                                      \
            CBG_ROW##W(CHUNK##W, 5, guess, &l, soa, count, 1, out);                                                    \
        else                                                                                                           \
            CBG_ROW##W(CHUNK##W, n, guess, &l, soa, count, width, out);                                                \
    }
ROW()
CBG_WIDE(ROW(_w))
CBG_KERNEL_LEVELS(wordle_row, row)

/* Every pattern but those with n - 1 greens and a yellow. */
static double possible(int n, int first)
{
    (void)first;
    return pow(3, n) - n;
}

static double open(int n, int first)
{
    (void)first;
    return pow(3, n) - n - 1;
}

/* Every green letter stays in place and every revealed letter appears at least as often as the turn revealed it. */
static void hard_turn(const cb_game *game, uint32_t g, uint32_t fb, cbg_hard_turn *h)
{
    const uint8_t *prev = cb_game_code(game, g);
    h->possible = 0;
    h->ngreen = h->nneed = 0;
    h->gmask = h->gval = 0;
    for (int i = 0; i < game->n; i++, fb /= 3) {
        if (fb % 3 == 2) {
            h->gpos[h->ngreen] = (uint8_t)i;
            h->gsym[h->ngreen++] = prev[i];
            if (i < 8) {
                h->gmask |= (uint64_t)0xff << (8 * i);
                h->gval |= (uint64_t)prev[i] << (8 * i);
            }
        }
        if (fb % 3 == 0)
            continue;
        int k = 0;
        while (k < h->nneed && h->nsym[k] != prev[i])
            k++;
        if (k == h->nneed) {
            h->nsym[h->nneed] = prev[i];
            h->ncount[h->nneed++] = 0;
        }
        h->ncount[k]++;
    }
    h->nmask = 0;
    h->nfull = 1;
    for (int k = 0; k < h->nneed; k++) {
        if (h->nsym[k] < 32 && h->ncount[k] <= 2)
            h->nmask |= (uint64_t)1 << (h->nsym[k] + (h->ncount[k] == 2 ? 32 : 0));
        else
            h->nfull = 0;
    }
}

const cbg_rule cbg_rule_wordle = {
    .info = {.name = "wordle",
             .label = "Wordle",
             .feedback = "G green, Y yellow, . gray, one a letter: .Y..G",
             .words = 1,
             .hard_mode = CB_HARD_REVEALED,
             .max_guesses = 6,
             .strategy = "parts",
             .hard_strategy = "exact",
             .hard_max_guesses = 6,
             .marks = CB_MARKS_COLOURS},
    .max_colors = CB_MAX_COMPLETE,
    .max_length = CB_MAX_LENGTH,
    .feedback = cb_feedback_wordle,
    .ids = ids,
    .format = format,
    .parse = parse,
    .share_sign = share_sign,
    .kernel = CBG_KERNEL_TABLE(wordle_row),
    .column = CB_RULE_SYMBLE,
    .pair_ns = CB_PAIR_NS_WORDS,
    .variants = 1,
    .possible = possible,
    .open = open,
    .hard_turn = hard_turn,
};
