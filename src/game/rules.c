/*
 * rules.c: what each rule is (its name, label, feedback, traits, guess
 * limit and strategies): the descriptors of game.h, read by game.c,
 * registry.c and the front ends. Adding a rule is a row here, its feedback
 * in feedback.c and its reference check in tests/unit/ref_rules.c.
 */
#include <stddef.h>

#include "game/game_internal.h"

static const cb_rule_info rules[] = {
    [CB_RULE_MASTERMIND] = {.name = "mastermind",
                            .label = "Mastermind",
                            .feedback = "black and white pegs: 2B1W (2 black, 1 white)",
                            .max_guesses = 10,
                            .strategy = "parts",
                            .marks = CB_MARKS_PEGS},
    [CB_RULE_WORDLE] = {.name = "wordle",
                        .label = "Wordle",
                        .feedback = "G green, Y yellow, . gray, one a letter: .Y..G",
                        .words = 1,
                        .hard_mode = 1,
                        .max_guesses = 6,
                        .strategy = "parts",
                        .hard_strategy = "exact",
                        .hard_max_guesses = 6,
                        .marks = CB_MARKS_COLOURS},
    [CB_RULE_SYMBLE] = {.name = "symble",
                        .label = "Symble",
                        .feedback = "one of three symbols a letter, their meaning hidden: abcca",
                        .words = 1,
                        .hidden = 1,
                        .max_guesses = 8,
                        .strategy = "entropy-knuth",
                        .marks = CB_MARKS_COLOURS},
    [CB_RULE_JOTTO] = {.name = "jotto",
                       .label = "Jotto",
                       .feedback = "the letters in common, wherever they stand: 2 (won when the word is the secret)",
                       .words = 1,
                       .max_guesses = 15,
                       .strategy = "entropy",
                       .marks = CB_MARKS_COUNT},
};

const char *cb_marks_name(cb_marks marks)
{
    static const char *const names[] = {
        [CB_MARKS_PEGS] = "pegs", [CB_MARKS_COLOURS] = "colours", [CB_MARKS_COUNT] = "count"};
    return (unsigned)marks < sizeof names / sizeof names[0] ? names[marks] : NULL;
}

const cb_rule_info *cb_rule_describe(cb_rule rule)
{
    return (unsigned)rule < sizeof rules / sizeof rules[0] ? &rules[rule] : NULL;
}

const cb_rule_info *cb_game_rule_info(const cb_game *game)
{
    return &rules[game->rule];
}

int cb_game_default_max_guesses(const cb_game *game)
{
    return rules[game->rule].max_guesses;
}

const char *cb_game_rule_name(const cb_game *game)
{
    return rules[game->rule].name;
}
