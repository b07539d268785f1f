/*
 * rule_mastermind.c: Mastermind's rule (and Bulls and Cows', Bagels'):
 * black pegs for the right colour in the right place, white for the right
 * colour elsewhere; a feedback is blacks * (n + 1) + whites. Hard mode:
 * every guess could still be the secret.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "codebreaker/feedback.h"
#include "codebreaker/share.h"
#include "game/game_internal.h"
#include "game/kernel_internal.h"

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

static void ids(int n, cbg_ids *ids)
{
    ids->count = ids->raw = (uint32_t)((n + 1) * (n + 1));
    ids->won = (uint32_t)(n * (n + 1));
}

static void format(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    snprintf(buf, size, "%uB%uW", id / (uint32_t)(game->n + 1), id % (uint32_t)(game->n + 1));
}

/* Parse `2B1W`, `2B`, `1W`, `2 1`, `2,1`, `2/1`. */
static int parse(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    long b = -1, w = -1, plain[2];
    int nplain = 0;
    const char *p = text;
    while (*p) {
        if (isspace((unsigned char)*p) || *p == ',' || *p == '/') {
            p++;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            goto bad;
        char *end;
        long v = strtol(p, &end, 10);
        p = end;
        if (v > game->n) /* also when strtol clamped an overlong number: b + w stays small */
            return cb_error_set(err, CB_EPARSE, "'%s' cannot happen with %d pegs", text, game->n);
        while (isspace((unsigned char)*p))
            p++;
        if (*p == 'b' || *p == 'B') {
            if (b >= 0)
                goto bad;
            b = v;
            p++;
        } else if (*p == 'w' || *p == 'W') {
            if (w >= 0)
                goto bad;
            w = v;
            p++;
        } else if (nplain < 2)
            plain[nplain++] = v;
        else
            goto bad;
    }
    if (nplain == 2 && b < 0 && w < 0) {
        b = plain[0];
        w = plain[1];
    } else if (nplain)
        goto bad;
    if (b < 0 && w < 0)
        goto bad;
    if (b < 0)
        b = 0;
    if (w < 0)
        w = 0;
    if (b + w > game->n || (b == game->n - 1 && w == 1))
        return cb_error_set(err, CB_EPARSE, "'%s' cannot happen with %d pegs", text, game->n);
    *id = (uint32_t)b * (uint32_t)(game->n + 1) + (uint32_t)w;
    return CB_OK;
bad:
    return cb_error_set(err, CB_EPARSE, "'%s' is not a Mastermind feedback: write blacks and whites as 2B1W", text);
}

static const char *share_sign(const cb_game *game, uint32_t fb, int i, unsigned flags)
{
    (void)flags;
    unsigned blacks = fb / (unsigned)(game->n + 1), whites = fb % (unsigned)(game->n + 1);
    return (unsigned)i < blacks ? "\u26AB" : (unsigned)i < blacks + whites ? "\u26AA" : "\u2796"; /* ⚫ ⚪ ➖ */
}

/* One chunk's blacks and whites, and the row: chunk and row at CB_LANES, chunk_w and row_w at CB_LANES_WIDE. */
#define CHUNK(W)                                                                                                       \
    CBG_INLINE void chunk##W(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa, size_t base,    \
                             size_t cnt, int width, void *out)                                                         \
    {                                                                                                                  \
        (void)width; /* ids fit a byte: one byte an entry */                                                           \
        cbg_v8##W black, common;                                                                                       \
        cbg_common_chunk##W(n, g, l, soa, base, &black, &common);                                                      \
        cbg_v8##W id = black * (uint8_t)(n + 1) + common - black;                                                      \
        memcpy((uint8_t *)out + base, &id, cnt);                                                                       \
    }

/* Four and five pegs get their length as a constant, so that the lanes stay in registers. */
#define ROW(W)                                                                                                         \
    CBG_INLINE void row##W(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width, void *out) \
    {                                                                                                                  \
        cbg_letters l;                                                                                                 \
        cbg_guess_letters(n, guess, &l);                                                                               \
        if (n == 4)                                                                                                    \
            CBG_ROW##W(chunk##W, 4, guess, &l, soa, count, 1, out);                                                    \
        else if (n == 5)                                                                                               \
            CBG_ROW##W(chunk##W, 5, guess, &l, soa, count, 1, out);                                                    \
        else                                                                                                           \
            CBG_ROW##W(chunk##W, n, guess, &l, soa, count, width, out);                                                \
    }
CHUNK()
ROW()
CBG_WIDE(CHUNK(_w) ROW(_w))
CBG_KERNEL_LEVELS(mastermind_row, row)

/* Blacks and whites of at most n pegs, but n - 1 blacks and a white. */
static double possible(int n, int first)
{
    (void)first;
    return (n + 1.0) * (n + 2.0) / 2 - 1;
}

static double open(int n, int first)
{
    (void)first;
    return (n + 1.0) * (n + 2.0) / 2 - 2;
}

const cbg_rule cbg_rule_mastermind = {
    .info = {.name = "mastermind",
             .label = "Mastermind",
             .feedback = "black and white pegs: 2B1W (2 black, 1 white)",
             .hard_mode = CB_HARD_POSSIBLE,
             .max_guesses = 10,
             .strategy = "parts",
             .hard_max_guesses = 10,
             .marks = CB_MARKS_PEGS},
    .max_colors = 16,
    .max_length = 10,
    .feedback = cb_feedback_mastermind,
    .ids = ids,
    .format = format,
    .parse = parse,
    .share_sign = share_sign,
    .kernel = CBG_KERNEL_TABLE(mastermind_row),
    .column = CB_RULE_MASTERMIND,
    .byte_ids = 1,
    .pair_ns = CB_PAIR_NS_MASTERMIND,
    .permutable = 1,
    .variants = 1,
    .possible = possible,
    .open = open,
    .hard_turn = cbg_hard_turn_possible,
};
