/*
 * fuzz_notation.c: the notation parser (codes, feedbacks, Symble mappings)
 * on any text, in Wordle, Mastermind, Bulls and Cows and Symble. What
 * parses must spell back to text that parses to the same id, and a parsed
 * guess and feedback are applied to a state as a history entry would be.
 * Input: one byte choosing the game, then "GUESS=FEEDBACK" (or a feedback alone).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/codebreaker.h"
#include "games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NGAMES 4
static cb_game *games[NGAMES];
static cb_table *tables[NGAMES];

static void open_games(void)
{
    static const char *const presets[NGAMES] = {"wordle", "mastermind", "bulls", "symble"};
    fuzz_open_games(presets, NGAMES, CB_TABLE_OFF, games, tables);
}

static void check_code(const cb_game *g, const char *text)
{
    uint32_t gi, again;
    char spelled[256];
    if (cb_game_parse_code(g, text, &gi, NULL) != CB_OK)
        return;
    if (gi >= cb_game_guess_count(g))
        abort();
    cb_game_format_code(g, gi, spelled, sizeof spelled);
    if (cb_game_parse_code(g, spelled, &again, NULL) != CB_OK || again != gi)
        abort(); /* a code spells back to itself */
}

static void check_feedback(const cb_game *g, const char *text, uint32_t *fb)
{
    uint32_t again;
    char spelled[256];
    cb_error err;
    *fb = CB_NONE;
    if (cb_game_parse_feedback(g, text, fb, &err) != CB_OK) {
        if (!err.message[0])
            abort(); /* every refusal says why */
        *fb = CB_NONE;
        return;
    }
    cb_game_format_feedback(g, *fb, spelled, sizeof spelled);
    if (cb_game_parse_feedback(g, spelled, &again, NULL) != CB_OK || again != *fb)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!games[0])
        open_games();
    if (size < 1 || size > 4096)
        return 0;
    int which = data[0] % NGAMES;
    const cb_game *g = games[which];
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char *eq = strchr(text, '=');
    uint32_t fb;
    if (eq) {
        *eq = '\0';
        check_code(g, text);
        check_feedback(g, eq + 1, &fb);
        uint32_t gi;
        cb_state *st;
        if (fb != CB_NONE && cb_game_parse_code(g, text, &gi, NULL) == CB_OK &&
            cb_state_new(tables[which], &st) == CB_OK) {
            cb_state_apply(st, gi, fb); /* CB_OK, or a refusal: never a crash */
            cb_state_free(st);
        }
    } else {
        check_code(g, text);
        check_feedback(g, text, &fb);
        cb_game_mapping_parse(text);
    }
    free(text);
    return 0;
}
