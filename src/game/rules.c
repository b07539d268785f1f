/*
 * rules.c: the registry of rules. Each rule is a table of functions in its
 * own file (rule_internal.h, rule_NAME.c); the descriptors of game.h are
 * read from there. Adding a rule is its file, a line here and its
 * reference check in tests/unit/ref_rules.c (docs/hacking.md).
 */
#include <stddef.h>

#include "game/game_internal.h"
#include "game/rule_internal.h"

/* The rules by cb_rule value, each defined in its file (rule_*.c): adding a rule is a line here. */
static const cbg_rule *const rules[] = {
    [CB_RULE_MASTERMIND] = &cbg_rule_mastermind,
    [CB_RULE_WORDLE] = &cbg_rule_wordle,
    [CB_RULE_SYMBLE] = &cbg_rule_symble,
    [CB_RULE_JOTTO] = &cbg_rule_jotto,
};
#define NRULES (sizeof rules / sizeof rules[0])

const cbg_rule *cbg_rule_of(cb_rule rule)
{
    return (unsigned)rule < NRULES ? rules[rule] : NULL;
}

const char *cb_marks_name(cb_marks marks)
{
    static const char *const names[] = {
        [CB_MARKS_PEGS] = "pegs", [CB_MARKS_COLOURS] = "colours", [CB_MARKS_COUNT] = "count"};
    return (unsigned)marks < sizeof names / sizeof names[0] ? names[marks] : NULL;
}

const cb_rule_info *cb_rule_describe(cb_rule rule)
{
    return (unsigned)rule < NRULES ? &rules[rule]->info : NULL;
}

const cb_rule_info *cb_game_rule_info(const cb_game *game)
{
    return &rules[game->rule]->info;
}

int cb_game_default_max_guesses(const cb_game *game)
{
    return rules[game->rule]->info.max_guesses;
}

const char *cb_game_rule_name(const cb_game *game)
{
    return rules[game->rule]->info.name;
}
