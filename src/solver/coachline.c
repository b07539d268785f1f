/* coachline.c: the optimal line of a reviewed turn (coach.c): the guesses a strategy plays to the answer. */
#include "codebreaker/coach.h"
#include "solver/solver_internal.h"

/* The guesses tree plays against the answer (a guess index that may be the secret), into t->line. */
void cbo_coach_line(const cb_table *table, const cb_tree *tree, cb_guess_index answer, cb_coach_turn *t)
{
    const cb_game *game = cb_table_game(table);
    cb_secret_index s = cb_game_guess_secret(game, answer);
    uint32_t at = cb_tree_root(tree);
    t->line_len = 0;
    if (s == CB_NONE || cb_game_rule(game) == CB_RULE_SYMBLE)
        return;
    while (at != CB_NONE && t->line_len < CB_COACH_LINE) {
        cb_guess_index g = cb_tree_guess(tree, at);
        t->line[t->line_len++] = g;
        uint32_t fb = cb_table_get(table, g, s);
        if (fb == cb_game_won(game))
            return;
        at = cb_tree_child(tree, at, fb);
    }
    t->line_len = 0; /* the tree does not reach it: no line */
}
