/*
 * registry.c: the games people know by name (the registry of game.h; what
 * each rule is, rules.c), and the check of a game's set-up. Adding a preset
 * is a row here; the program, the server and the Python package list games
 * through these functions (the program alone checks its set-up with
 * cb_game_setup_config).
 */
#include <stdio.h>
#include <string.h>

#include "base/status_internal.h"
#include "game/game_internal.h"
#include "game/registry_internal.h"
#include "game/rule_internal.h"

/*
 * The games people know by name, in the order help texts list them. A field left out is 0 or
 * NULL: one board, the rule's guess limit and strategy, the original Wordle lists.
 * Several boards: one more guess a board (Dordle 7, Quordle 9, Octordle 13, Sedecordle 21).
 */
static const cb_game_preset presets[] = {
    {.name = "wordle",
     .label = "Wordle",
     .summary = "five-letter words; green, yellow and gray letters",
     .rule = CB_RULE_WORDLE},
    {.name = "symble",
     .label = "Symble",
     .summary = "Wordle whose colours reach the player through symbols of hidden meaning",
     .rule = CB_RULE_SYMBLE},
    {.name = "mastermind",
     .label = "Mastermind",
     .summary = "6 colours, 4 pegs: black and white pegs",
     .rule = CB_RULE_MASTERMIND,
     .colors = 6,
     .length = 4,
     .first_digit = 1},
    {.name = "super",
     .label = "Super Mastermind",
     .summary = "8 colours, 5 pegs",
     .rule = CB_RULE_MASTERMIND,
     .colors = 8,
     .length = 5,
     .first_digit = 1},
    {.name = "bulls",
     .label = "Bulls & Cows",
     .summary = "4 different digits of 10: bulls and cows",
     .rule = CB_RULE_MASTERMIND,
     .colors = 10,
     .length = 4,
     .no_repeat = 1},
    {.name = "wordle6",
     .label = "Wordle 6",
     .summary = "Wordle on six letters: 2525 common words to find, any English word to guess",
     .rule = CB_RULE_WORDLE,
     .lists = "english6",
     .length = 6},
    {.name = "jotto",
     .label = "Jotto",
     .summary = "the 1955 word game: how many letters in common, not where",
     .rule = CB_RULE_JOTTO,
     .lists = "jotto"},
    {.name = "bagels",
     .label = "Bagels",
     .summary = "3 different digits: fermi, pico or bagels",
     .rule = CB_RULE_MASTERMIND,
     .colors = 10,
     .length = 3,
     .no_repeat = 1},
    {.name = "dordle",
     .label = "Dordle",
     .summary = "two Wordle boards, one guess scored on each",
     .rule = CB_RULE_WORDLE,
     .boards = 2,
     .max_guesses = 7,
     .strategy = "sum-entropy"},
    {.name = "quordle",
     .label = "Quordle",
     .summary = "four Wordle boards",
     .rule = CB_RULE_WORDLE,
     .boards = 4,
     .max_guesses = 9,
     .strategy = "sum-entropy"},
    {.name = "octordle",
     .label = "Octordle",
     .summary = "eight Wordle boards",
     .rule = CB_RULE_WORDLE,
     .boards = 8,
     .max_guesses = 13,
     .strategy = "sum-entropy"},
    {.name = "sedecordle",
     .label = "Sedecordle",
     .summary = "sixteen Wordle boards",
     .rule = CB_RULE_WORDLE,
     .boards = 16,
     .max_guesses = 21,
     .strategy = "sum-entropy"},
    {.name = "absurdle",
     .label = "Absurdle",
     .summary = "Wordle against a codemaker who keeps the most words possible",
     .rule = CB_RULE_WORDLE,
     .adversary = 1,
     .max_guesses = 8,
     .strategy = "minimax"},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

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
    if (cb_rule_describe(p->rule)->words && !p->colors) {
        cfg->dictionary = p->dictionary;
        if (p->lists && cb_game_config_lists(cfg, p->lists, NULL) != CB_OK)
            return CB_ENOTFOUND;
    }
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
/* 1 when the set-up asks for hard mode: its own hard (1 on, -1 off), else the preset's. */
static int asks_hard(const cb_game_setup *s)
{
    const cb_game_preset *p = cb_game_setup_preset(s);
    return s->hard ? s->hard > 0 : p && p->hard;
}

static int setup_variant(const cb_game_setup *s, const cb_game_preset *p, int *boards, int *adversary, cb_error *err)
{
    int k = p->boards > 1 ? p->boards : s->boards ? s->boards : 1;
    int one = p->boards <= 1;
    int adv = p->adversary || s->adversary;
    if (p->boards > 1 && s->boards && s->boards != p->boards)
        return cb_error_set(err, CB_EINVAL, "%s has %d boards, not %d: give one of game and boards", p->name, p->boards,
                            s->boards);
    if (s->boards && one && (s->boards < 2 || s->boards > CB_MAX_BOARDS))
        return cb_error_set(err, CB_EINVAL, "boards: %d is out of range (2 to %d)", s->boards, CB_MAX_BOARDS);
    if (k > 1 && adv)
        return cb_error_set(err, CB_EINVAL, "an adversary plays one board: give boards or adversary, not both");
    if ((k > 1 || adv) && !cbg_rule_of(p->rule)->variants)
        return cb_error_set(err, CB_EINVAL,
                            "several boards and the adversary take Wordle or Mastermind rules, not %s's",
                            cb_rule_describe(p->rule)->label);
    if (k > 1 && asks_hard(s))
        return cb_error_set(err, CB_EINVAL,
                            "several boards are played without hard mode (the published games have none)");
    if (boards)
        *boards = k;
    if (adversary)
        *adversary = adv;
    return CB_OK;
}

/*
 * Where the words come from: lists, a dictionary, word files, words in memory, or every code
 * (colors and pegs). What the set-up names replaces the preset's source; length applies to both.
 */
static int setup_words(const cb_game_setup *s, const cb_game_preset *p, cb_game_config *cfg, cb_error *err)
{
    int files = s->answers || s->guesses;
    if (s->words && (files || s->dictionary || s->lists || s->colors || s->pegs))
        return cb_error_set(err, CB_EINVAL, "words names the game's words alone: no lists, dictionary or files");
    if (s->dictionary && files)
        return cb_error_set(err, CB_EINVAL, "give either a dictionary or word lists, not both");
    if (s->lists && (files || s->dictionary))
        return cb_error_set(err, CB_EINVAL,
                            "give either bundled lists or word lists (answers, guesses, words, "
                            "dictionary)");
    if (!cb_rule_describe(cfg->rule)->words) {
        if (s->lists || files || s->dictionary || s->words)
            return cb_error_set(err, CB_EINVAL, "lists, dictionary and word lists apply to word games, not to %s",
                                p->label);
        if (s->length)
            return cb_error_set(err, CB_EINVAL, "length applies to word games: codes take pegs");
        cfg->colors = s->colors ? s->colors : cfg->colors;
        cfg->length = s->pegs ? s->pegs : cfg->length;
        return CB_OK;
    }
    if (s->colors || s->pegs) {
        if (s->lists)
            return cb_error_set(err, CB_EINVAL, "lists and a complete dictionary (colors, pegs) exclude each other");
        if (!s->colors || !s->pegs)
            return cb_error_set(err, CB_EINVAL, "a complete dictionary needs both colors and pegs");
        if (files || s->dictionary)
            return cb_error_set(err, CB_EINVAL, "give either word lists or colors and pegs, not both");
        if (s->length)
            return cb_error_set(err, CB_EINVAL, "length applies to word lists: a complete dictionary takes pegs");
        cfg->colors = s->colors;
        cfg->length = s->pegs;
        cfg->answers_data = cfg->guesses_data = NULL;
        cfg->dictionary = NULL;
        return CB_OK;
    }
    if (files || s->dictionary || s->lists || s->words) { /* the set-up's words replace the preset's */
        cfg->answers_data = cfg->guesses_data = NULL;
        cfg->dictionary = s->dictionary;
        cfg->answers_path = s->answers;
        cfg->guesses_path = s->guesses;
        cfg->words_text = s->words;
    }
    cfg->length = s->length ? s->length : p->length;
    return s->lists ? cb_game_config_lists(cfg, s->lists, err) : CB_OK;
}

int cb_game_setup_config(const cb_game_setup *s, cb_game_config *cfg, int *boards, int *adversary, cb_error *err)
{
    const char *name = s->game ? s->game : "wordle";
    const cb_game_preset *p = cb_game_preset_find(name);
    cb_game_config_default(cfg);
    if (!p)
        return unknown_game(name, err);
    if (cb_game_config_preset(name, cfg) != CB_OK)
        return cb_error_set(err, CB_ENOTFOUND, "%s: its bundled lists '%s' are not known", p->name, p->lists);
    int rc = setup_variant(s, p, boards, adversary, err);
    if (rc == CB_OK)
        rc = setup_words(s, p, cfg, err);
    if (rc != CB_OK)
        return rc;
    if (s->no_repeat)
        cfg->no_repeat = s->no_repeat > 0;
    cfg->alphabet = s->alphabet;
    cfg->lenient = s->lenient;
    if (asks_hard(s) && !cb_rule_describe(p->rule)->hard_mode)
        return cb_error_set(err, CB_EINVAL, "%s has no hard mode", p->label);
    if (s->max_guesses < 0)
        return cb_error_set(err, CB_EINVAL, "max_guesses: %d is not a number of guesses", s->max_guesses);
    return CB_OK;
}

cb_hard cb_game_setup_hard(const cb_game_setup *s)
{
    const cb_game_preset *p = cb_game_setup_preset(s);
    return asks_hard(s) ? (cb_hard)cb_rule_describe(p->rule)->hard_mode : CB_HARD_NONE;
}

int cb_game_setup_max_guesses(const cb_game_setup *s)
{
    const cb_game_preset *p = cb_game_setup_preset(s);
    if (s->max_guesses > 0 || !p)
        return p ? s->max_guesses : 0;
    if (p->max_guesses)
        return p->max_guesses;
    int boards = p->boards > 1 ? p->boards : s->boards > 1 ? s->boards : 1;
    return cb_rule_describe(p->rule)->max_guesses + boards - 1;
}

const cb_game_preset *cb_game_setup_preset(const cb_game_setup *s)
{
    return cb_game_preset_find(s->game ? s->game : "wordle");
}

const char *cb_game_setup_lists(const cb_game_setup *s)
{
    return cbg_setup_lists(s, cb_game_setup_preset(s));
}

const char *cbg_setup_lists(const cb_game_setup *s, const cb_game_preset *p)
{
    if (!p || !cb_rule_describe(p->rule)->words || s->answers || s->guesses || s->dictionary || s->words || s->colors ||
        s->pegs || (!s->lists && (p->colors || p->dictionary)))
        return NULL;
    return s->lists ? s->lists : p->lists ? p->lists : "original";
}

const char *cb_game_setup_strategy(const cb_game_setup *s)
{
    const cb_game_preset *p = cb_game_setup_preset(s);
    if (!p)
        return NULL;
    if (p->strategy)
        return p->strategy;
    if (s->boards > 1)
        return "sum-entropy";
    if (s->adversary)
        return "minimax";
    const cb_rule_info *r = cb_rule_describe(p->rule);
    return cb_game_setup_hard(s) && r->hard_strategy ? r->hard_strategy : r->strategy;
}

static unsigned long long hash_text(unsigned long long h, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)(text ? text : ""); *c; c++)
        h = (h ^ *c) * 1099511628211ull; /* FNV-1a */
    return h;
}

int cb_game_setup_key(const cb_game_setup *s, char *buf, size_t size, cb_error *err)
{
    cb_game_config cfg;
    int k, adv;
    int rc = cb_game_setup_config(s, &cfg, &k, &adv, err);
    if (rc != CB_OK)
        return rc;
    const cb_game_preset *p = cb_game_setup_preset(s);
    char variant[32] = "";
    if (k > 1 && p->boards <= 1)
        snprintf(variant, sizeof variant, "/boards%d", k);
    else if (adv && !p->adversary)
        snprintf(variant, sizeof variant, "/adversary");
    const char *lists = cbg_setup_lists(s, p); /* not NULL where the key names it: words from lists */
    const char *norep = cfg.no_repeat ? "/norep" : "";
    int n;
    if (!cb_rule_describe(cfg.rule)->words)
        n = snprintf(buf, size, "%s/%dx%d%s%s", p->name, cfg.colors, cfg.length, norep, variant);
    else if (cfg.colors)
        n = snprintf(buf, size, "%s/complete/%dx%d%s%s", p->name, cfg.colors, cfg.length, norep, variant);
    else if (cfg.words_text)
        n = snprintf(buf, size, "%s/upload/%016llx%s%s", p->name, hash_text(14695981039346656037ull, cfg.words_text),
                     cfg.lenient ? "/lenient" : "", variant);
    else if (cfg.answers_path || cfg.guesses_path) {
        unsigned long long h = hash_text(hash_text(14695981039346656037ull, cfg.answers_path), "\n");
        n = snprintf(buf, size, "%s/files/%016llx%s", p->name, hash_text(h, cfg.guesses_path), variant);
    } else if (cfg.dictionary)
        n = snprintf(buf, size, "%s/%s/%d%s", p->name, cfg.dictionary, cfg.length ? cfg.length : 5, variant);
    else if (cfg.length)
        n = snprintf(buf, size, "%s/%s/%d%s", p->name, lists, cfg.length, variant);
    else
        n = snprintf(buf, size, "%s/%s%s", p->name, lists, variant);
    if (cfg.alphabet && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "/alphabet%016llx", hash_text(14695981039346656037ull, cfg.alphabet));
    if (n < 0 || (size_t)n >= size)
        return cb_error_set(err, CB_ETOOBIG, "the game's key is longer than %zu bytes", size);
    return CB_OK;
}

int cb_game_frequency_bundled(const cb_game *game)
{
    return cb_rule_describe(game->rule)->words && !cb_game_complete(game) && cb_game_length(game) == 5;
}
