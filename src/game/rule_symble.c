/*
 * rule_symble.c: Symble's rule. Wordle played from the secret's side: each
 * position of the codeword is coloured as Wordle would colour it against
 * the guess, and the colours reach the player through three symbols whose
 * meaning is hidden (one of CB_MAPPINGS bijections, game.c's observed ids;
 * a win is its own id, 3^n). No hard mode.
 */
#include <math.h>
#include <stdio.h>

#include "codebreaker/feedback.h"
#include "codebreaker/share.h"
#include "game/game_internal.h"
#include "game/kernel_internal.h"

uint32_t cb_feedback_symble(const uint8_t *guess, const uint8_t *codeword, int n)
{
    return cb_feedback_wordle(codeword, guess, n);
}

static void ids(int n, cbg_ids *ids)
{
    ids->raw = cb_pow3(n);
    ids->won = ids->raw;
    ids->count = ids->raw + 1;
}

static void format(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    if (id == game->won)
        snprintf(buf, size, "won");
    else
        cbg_format_pattern(game->n, id, "abc", buf, size);
}

static int parse(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    return cbg_parse_pattern(game, text, 1, id, err);
}

static const char *share_sign(const cb_game *game, uint32_t fb, int i, unsigned flags)
{
    static const char *const sign[3] = {"\u2600\uFE0F", "\u2665\uFE0F", "\U0001F4A7"}; /* ☀️ ♥️ 💧 */
    return fb == game->won ? cbg_share_square(2, flags) : sign[cbg_digit3(fb, i)];
}

#define CHUNK(n, g, l, soa, base, cnt, width, out) cbg_pattern_chunk(n, g, l, soa, base, cnt, 1, width, out)
#define CHUNK_w(n, g, l, soa, base, cnt, width, out) cbg_pattern_chunk_w(n, g, l, soa, base, cnt, 1, width, out)

CBG_ROWS(CHUNK) /* row at CB_LANES, row_w at CB_LANES_WIDE (kernel_internal.h) */
CBG_KERNEL_LEVELS(symble_row, row)

/* The first guess's feedbacks are seen up to the mappings: (3^n + 3) / 6 classes. */
static double possible(int n, int first)
{
    double p3 = pow(3, n);
    return first ? (p3 + 3) / 6 : p3;
}

static double open(int n, int first)
{
    return first ? (pow(3, n) + 3) / 6 : pow(3, n) - n - 1;
}

const cbg_rule cbg_rule_symble = {
    .info = {.name = "symble",
             .label = "Symble",
             .feedback = "one of three symbols a letter, their meaning hidden: abcca",
             .words = 1,
             .hidden = 1,
             .max_guesses = 8,
             .strategy = "entropy-knuth",
             .marks = CB_MARKS_COLOURS},
    .max_colors = CB_MAX_COMPLETE,
    .max_length = CB_MAX_LENGTH,
    .feedback = cb_feedback_symble,
    .ids = ids,
    .format = format,
    .parse = parse,
    .share_sign = share_sign,
    .kernel = CBG_KERNEL_TABLE(symble_row),
    .column = CB_RULE_WORDLE,
    .pair_ns = CB_PAIR_NS_WORDS,
    .possible = possible,
    .open = open,
};
