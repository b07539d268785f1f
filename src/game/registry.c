/*
 * registry.c: the games people know by name and what each rule is (the
 * registry of game.h), and the check of a game's set-up. Adding a preset
 * is a row here; the program, the server and the Python package list games
 * through these functions (the program alone checks its set-up with
 * cb_game_setup_config).
 */
#include <stdio.h>
#include <string.h>

#include "base/status_internal.h"
#include "game/game_internal.h"

static const cb_rule_info rules[] = {
    [CB_RULE_MASTERMIND] = {"mastermind", "Mastermind", "black and white pegs: 2B1W (2 black, 1 white)", 0, 0, 0, 10,
                            "parts", NULL},
    [CB_RULE_WORDLE] = {"wordle", "Wordle", "G green, Y yellow, . gray, one a letter: .Y..G", 1, 1, 0, 6, "parts",
                        "exact"},
    [CB_RULE_SYMBLE] = {"symble", "Symble", "one of three symbols a letter, their meaning hidden: abcca", 1, 0, 1, 8,
                        "entropy-knuth", NULL},
};

/* Several boards: one more guess a board (Dordle 7, Quordle 9, Octordle 13, Sedecordle 21). */
static const cb_game_preset presets[] = {
    {"wordle", "Wordle", "five-letter words; green, yellow and gray letters", CB_RULE_WORDLE, 0, 0, 0, 0, 1, 0, 6},
    {"symble", "Symble", "Wordle whose colours reach the player through symbols of hidden meaning", CB_RULE_SYMBLE, 0,
     0, 0, 0, 1, 0, 8},
    {"mastermind", "Mastermind", "6 colours, 4 pegs: black and white pegs", CB_RULE_MASTERMIND, 6, 4, 0, 1, 1, 0, 10},
    {"super", "Super Mastermind", "8 colours, 5 pegs", CB_RULE_MASTERMIND, 8, 5, 0, 1, 1, 0, 10},
    {"bulls", "Bulls & Cows", "4 different digits of 10: bulls and cows", CB_RULE_MASTERMIND, 10, 4, 1, 0, 1, 0, 10},
    {"dordle", "Dordle", "two Wordle boards, one guess scored on each", CB_RULE_WORDLE, 0, 0, 0, 0, 2, 0, 7},
    {"quordle", "Quordle", "four Wordle boards", CB_RULE_WORDLE, 0, 0, 0, 0, 4, 0, 9},
    {"octordle", "Octordle", "eight Wordle boards", CB_RULE_WORDLE, 0, 0, 0, 0, 8, 0, 13},
    {"sedecordle", "Sedecordle", "sixteen Wordle boards", CB_RULE_WORDLE, 0, 0, 0, 0, 16, 0, 21},
    {"absurdle", "Absurdle", "Wordle against a codemaker who keeps the most words possible", CB_RULE_WORDLE, 0, 0, 0, 0,
     1, 1, 8},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

const cb_rule_info *cb_rule_describe(cb_rule rule)
{
    return (unsigned)rule < sizeof rules / sizeof rules[0] ? &rules[rule] : NULL;
}

const cb_rule_info *cb_game_rule_info(const cb_game *game)
{
    return &rules[game->rule];
}

size_t cb_game_preset_count(void)
{
    return NPRESETS;
}

const cb_game_preset *cb_game_preset_at(size_t i)
{
    return i < NPRESETS ? &presets[i] : NULL;
}

const cb_game_preset *cb_game_preset_find(const char *name)
{
    for (size_t i = 0; name && i < NPRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

int cb_game_config_preset(const char *name, cb_game_config *cfg)
{
    const cb_game_preset *p = cb_game_preset_find(name);
    cb_game_config_default(cfg);
    if (!p)
        return CB_ENOTFOUND;
    cfg->rule = p->rule;
    cfg->colors = p->colors;
    cfg->length = p->length;
    cfg->no_repeat = p->no_repeat;
    cfg->first_digit = p->first_digit;
    return CB_OK;
}

void cb_game_setup_default(cb_game_setup *s)
{
    memset(s, 0, sizeof *s);
}

static int unknown_game(const char *name, cb_error *err)
{
    char names[256];
    size_t len = 0;
    names[0] = '\0';
    for (size_t i = 0; i < NPRESETS && len < sizeof names; i++)
        len = cbb_list_name(names, sizeof names, len, i, NPRESETS, presets[i].name);
    return cb_error_set(err, CB_ENOTFOUND, "unknown game '%s' (use %s)", name, names);
}

/* The boards and the adversary, against the preset: the variants take one rule and no hard mode. */
static int setup_variant(const cb_game_setup *s, const cb_game_preset *p, int *boards, int *adversary, cb_error *err)
{
    int k = p->boards > 1 ? p->boards : s->boards ? s->boards : 1;
    int adv = p->adversary || s->adversary;
    if (p->boards > 1 && s->boards && s->boards != p->boards)
        return cb_error_set(err, CB_EINVAL, "%s has %d boards, not %d: give one of game and boards", p->name, p->boards,
                            s->boards);
    if (s->boards && p->boards == 1 && (s->boards < 2 || s->boards > CB_MAX_BOARDS))
        return cb_error_set(err, CB_EINVAL, "boards: %d is out of range (2 to %d)", s->boards, CB_MAX_BOARDS);
    if (k > 1 && adv)
        return cb_error_set(err, CB_EINVAL, "an adversary plays one board: give boards or adversary, not both");
    if ((k > 1 || adv) && p->rule == CB_RULE_SYMBLE)
        return cb_error_set(err, CB_EINVAL,
                            "several boards and the adversary take Wordle or Mastermind rules, not Symble's");
    if (k > 1 && s->hard)
        return cb_error_set(err, CB_EINVAL,
                            "several boards are played without hard mode (the published games have none)");
    if (boards)
        *boards = k;
    if (adversary)
        *adversary = adv;
    return CB_OK;
}

/* Where the words come from: lists, a dictionary, word files, or every code (colors and pegs). */
static int setup_words(const cb_game_setup *s, cb_game_config *cfg, cb_error *err)
{
    int files = s->answers || s->guesses;
    if (s->dictionary && files)
        return cb_error_set(err, CB_EINVAL, "give either a dictionary or word lists, not both");
    if (s->lists && (files || s->dictionary))
        return cb_error_set(err, CB_EINVAL,
                            "give either bundled lists or word lists (answers, guesses, words, "
                            "dictionary)");
    if (cfg->rule == CB_RULE_MASTERMIND) {
        if (s->lists)
            return cb_error_set(err, CB_EINVAL,
                                "lists names word lists: it applies to Wordle and Symble, not to codes");
        if (files || s->dictionary)
            return cb_error_set(err, CB_EINVAL, "Mastermind games take colors and pegs, not word lists");
        cfg->colors = s->colors ? s->colors : cfg->colors;
        cfg->length = s->pegs ? s->pegs : cfg->length;
        return CB_OK;
    }
    if (s->colors || s->pegs) {
        if (s->lists)
            return cb_error_set(err, CB_EINVAL,
                                "lists names word lists: it applies to Wordle and Symble, not to codes");
        if (!s->colors || !s->pegs)
            return cb_error_set(err, CB_EINVAL, "a complete dictionary needs both colors and pegs");
        if (files || s->dictionary)
            return cb_error_set(err, CB_EINVAL, "give either word lists or colors and pegs, not both");
        cfg->colors = s->colors;
        cfg->length = s->pegs;
        return CB_OK;
    }
    cfg->answers_path = s->answers;
    cfg->guesses_path = s->guesses;
    cfg->dictionary = s->dictionary;
    cfg->length = s->length;
    return s->lists ? cb_game_config_lists(cfg, s->lists, err) : CB_OK;
}

int cb_game_setup_config(const cb_game_setup *s, cb_game_config *cfg, int *boards, int *adversary, cb_error *err)
{
    const char *name = s->game ? s->game : "wordle";
    const cb_game_preset *p = cb_game_preset_find(name);
    cb_game_config_default(cfg);
    if (!p)
        return unknown_game(name, err);
    cb_game_config_preset(name, cfg);
    int rc = setup_variant(s, p, boards, adversary, err);
    if (rc == CB_OK)
        rc = setup_words(s, cfg, err);
    if (rc != CB_OK)
        return rc;
    if (s->no_repeat)
        cfg->no_repeat = 1;
    cfg->alphabet = s->alphabet;
    cfg->lenient = s->lenient;
    if (s->hard && !rules[p->rule].hard_mode)
        return cb_error_set(err, CB_EINVAL, "hard applies to Wordle rules only");
    return CB_OK;
}
