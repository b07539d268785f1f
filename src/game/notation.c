/* notation.c: codes and feedbacks as people write them. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "game/rule_internal.h"

void cb_game_format_code(const cb_game *game, uint32_t gi, char *buf, size_t size)
{
    const uint8_t *code = cb_game_code(game, gi);
    size_t len = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; i < game->n; i++) {
        const char *sym = game->symbols[code[i]];
        size_t sl = strlen(sym);
        if (len + sl + 1 > size)
            break;
        memcpy(buf + len, sym, sl + 1);
        len += sl;
    }
}

void cb_game_format_secret(const cb_game *game, cb_secret_index si, char *buf, size_t size)
{
    cb_game_format_code(game, cb_game_secret_guess(game, si), buf, size);
}

/* Symbol index of folded code point cp, or -1. */
static int find_symbol(const cb_game *game, uint32_t cp)
{
    for (int i = 0; i < game->k; i++)
        if (game->cps[i] == cp)
            return i;
    return -1;
}

static const char *unit(const cb_game *game)
{
    return game->complete ? "symbols" : "letters";
}

int cb_game_parse_code(const cb_game *game, const char *text, uint32_t *gi, cb_error *err)
{
    uint8_t code[CB_MAX_LENGTH];
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text);
    int n = 0;
    *gi = CB_NONE;
    while (len) {
        int used = 0;
        long cp = cbg_utf8_decode(s, len, &used);
        if (cp < 0)
            return cb_error_set(err, CB_EPARSE, "'%s' is not valid UTF-8", text);
        s += used;
        len -= (size_t)used;
        if (game->complete && (cp == ' ' || cp == ',' || cp == '-'))
            continue; /* 1 1 2 2, 1,1,2,2 */
        int sym = find_symbol(game, cbg_fold((uint32_t)cp));
        if (sym < 0) {
            char ch[5];
            cbg_utf8_encode((uint32_t)cp, ch);
            return cb_error_set(err, CB_EPARSE, "'%s': '%s' is not a symbol of this game (%s to %s)", text, ch,
                                game->symbols[0], game->symbols[game->k - 1]);
        }
        if (n == CB_MAX_LENGTH || n == game->n) {
            n++;
            break;
        }
        code[n++] = (uint8_t)sym;
    }
    if (n != game->n)
        return cb_error_set(err, CB_EPARSE, "'%s' has %s%d %s; codes here have %d", text,
                            n > game->n ? "more than " : "", n > game->n ? game->n : n, unit(game), game->n);
    *gi = cb_game_find(game, code);
    const cb_word_lists *lists = cbg_game_lists(game);
    if (*gi == CB_NONE && game->no_repeat)
        return cb_error_set(err, CB_ENOTFOUND, "'%s' is not allowed: its symbols must all differ", text);
    if (*gi == CB_NONE && lists && !lists->guesses) /* one bundled list: say which (Jotto's own 200 words) */
        return cb_error_set(err, CB_ENOTFOUND, "'%s' is not one of the words of this game's list: %s", text,
                            lists->label);
    if (*gi == CB_NONE)
        return cb_error_set(err, CB_ENOTFOUND, "'%s' is not in the list of allowed guesses", text);
    return CB_OK;
}

int cb_game_parse_secret(const cb_game *game, const char *text, cb_secret_index *si, cb_error *err)
{
    cb_guess_index gi;
    *si = CB_NONE;
    int rc = cb_game_parse_code(game, text, &gi, err);
    if (rc != CB_OK)
        return rc;
    *si = cb_game_guess_secret(game, gi);
    if (*si == CB_NONE)
        return cb_error_set(err, CB_ENOTFOUND, "'%s' is an allowed guess but not one of the possible secrets", text);
    return CB_OK;
}

void cbg_format_pattern(int n, uint32_t id, const char *digits, char *buf, size_t size)
{
    int i;
    for (i = 0; i < n && (size_t)i + 1 < size; i++, id /= 3)
        buf[i] = digits[id % 3];
    if (size)
        buf[i] = '\0';
}

void cb_game_format_raw(const cb_game *game, uint32_t raw, char *buf, size_t size)
{
    cbg_format_pattern(game->n, raw, ".YG", buf, size);
}

void cb_game_format_feedback(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    cbg_rule_of(game->rule)->format(game, id, buf, size);
}

/* Colour of one typed character: 0 gray, 1 yellow, 2 green, -1 unknown. */
static int colour_of(char c)
{
    switch (tolower((unsigned char)c)) {
    case 'g':
    case '2':
        return 2;
    case 'y':
    case '1':
        return 1;
    case '.':
    case 'b':
    case '0':
    case 'x':
    case '-':
    case '_':
    case 'w':
        return 0;
    default:
        return -1;
    }
}

/* A colour pattern, a mark a position: Wordle's colours, or with symbols Symble's a, b, c (and "won"). */
int cbg_parse_pattern(const cb_game *game, const char *text, int symbols, uint32_t *id, cb_error *err)
{
    int symble = symbols;
    size_t len = strlen(text);
    if (symble && (strcmp(text, "won") == 0 || strcmp(text, "WON") == 0 || strcmp(text, "win") == 0)) {
        *id = game->won;
        return CB_OK;
    }
    if (len != (size_t)game->n)
        return cb_error_set(err, CB_EPARSE, "'%s' has %zu marks; this game's feedback has %d", text, len, game->n);
    uint32_t v = 0, w = 1;
    for (size_t i = 0; i < len; i++, w *= 3) {
        int c;
        if (symble) {
            char ch = (char)tolower((unsigned char)text[i]);
            c = ch >= 'a' && ch <= 'c' ? ch - 'a' : -1;
        } else
            c = colour_of(text[i]);
        if (c < 0)
            return cb_error_set(err, CB_EPARSE,
                                symble ? "'%s': '%c' is not a Symble symbol (use a, b, c, or 'won')"
                                       : "'%s': '%c' is not a colour (use G green, Y yellow, . gray)",
                                text, text[i]);
        v += (uint32_t)c * w;
    }
    *id = v;
    return CB_OK;
}

int cb_game_parse_feedback(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    *id = CB_NONE;
    return cbg_rule_of(game->rule)->parse(game, text, id, err);
}
