/*
 * grade.c: the grades of the coach's review (review.c): skill and its
 * interval, luck, the chance a strategy loses, and the optimal line, from
 * the values and strategies the searches proved (coach.h, cb_coach_turn).
 */
#include <stdlib.h>

#include "codebreaker/coach.h"
#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "solver/coach_internal.h"

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

/* The feedback guess g draws against entry (secret s, mapping m; m -1 outside Symble). */
static uint32_t seen(const cb_table *table, cb_guess_index g, uint32_t s, int m)
{
    uint32_t raw = cb_table_get(table, g, s);
    return m >= 0 ? cb_game_observe(cb_table_game(table), raw, m) : raw;
}

/* Guesses the tree plays against an entry, from its root. */
static int depth(const cb_table *table, const cb_tree *tree, uint32_t s, int m)
{
    uint32_t at = cb_tree_root(tree);
    const cb_game *game = cb_table_game(table);
    for (int d = 1; at != CB_NONE && d <= CB_TREE_MAX_DEPTH; d++) {
        uint32_t fb = seen(table, cb_tree_guess(tree, at), s, m);
        if (fb == cb_game_won(game))
            return d;
        at = cb_tree_child(tree, at, fb);
    }
    return 0;
}

/*
 * The luck of feedback fb for the strategy `tree` from st: each feedback's
 * part, its expected guesses left, against the one received.
 */
double cbo_coach_luck(const cb_table *table, const cb_state *st, const cb_tree *tree, uint32_t fb)
{
    const cb_game *game = cb_table_game(table);
    uint32_t nf = cb_game_feedback_count(game), g = cb_tree_guess(tree, cb_tree_root(tree));
    uint64_t *count = calloc(nf, sizeof *count), *left = calloc(nf, sizeof *left), total = 0;
    double better = 0, same = 0;
    const uint8_t *masks = cb_state_masks(st);
    if (!count || !left) {
        free(count);
        free(left);
        return -1;
    }
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            uint32_t s = cb_state_candidates(st)[i];
            if (masks && !(masks[i] >> m & 1))
                continue;
            uint32_t f = seen(table, g, s, masks ? m : -1);
            count[f]++;
            left[f] += (uint64_t)depth(table, tree, s, masks ? m : -1) - 1;
            total++;
        }
    double mine = count[fb] ? (double)left[fb] / (double)count[fb] : 0;
    for (uint32_t f = 0; f < nf; f++) {
        if (!count[f])
            continue;
        double e = (double)left[f] / (double)count[f];
        if (e > mine)
            better += (double)count[f]; /* that draw would have left more to do */
        else if (e == mine)
            same += (double)count[f];
    }
    free(count);
    free(left);
    return total ? 100.0 * (better + same / 2) / (double)total : -1;
}

/*
 * The luck of feedback fb for guess g from st when no strategy was searched
 * (an opener read from the book): the feedbacks ranked by the entries they
 * leave instead of the guesses (fewer is luckier), weighted and tied as above.
 */
double cbo_coach_luck_by_size(const cb_table *table, const cb_state *st, cb_guess_index g, uint32_t fb)
{
    uint32_t nf = cb_game_feedback_count(cb_table_game(table));
    uint64_t *count = calloc(nf, sizeof *count), total = 0;
    const uint8_t *masks = cb_state_masks(st);
    double better = 0, same = 0;
    if (!count)
        return -1;
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            if (masks && !(masks[i] >> m & 1))
                continue;
            count[seen(table, g, cb_state_candidates(st)[i], masks ? m : -1)]++;
            total++;
        }
    for (uint32_t f = 0; f < nf; f++) {
        if (count[f] > count[fb])
            better += (double)count[f];
        else if (count[f] == count[fb])
            same += (double)count[f];
    }
    free(count);
    return total ? 100.0 * (better + same / 2) / (double)total : -1;
}

/* The entries a strategy loses beyond the game's limit: the share of st's entries it needs more guesses for. */
double cbo_coach_lose_share(const cb_table *table, const cb_state *st, const cb_tree *tree, int max_guesses)
{
    const uint8_t *masks = cb_state_masks(st);
    uint64_t lost = 0, total = 0;
    int left = max_guesses - (int)cb_state_turns(st);
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            if (masks && !(masks[i] >> m & 1))
                continue;
            int d = depth(table, tree, cb_state_candidates(st)[i], masks ? m : -1);
            lost += d == 0 || d > left;
            total++;
        }
    return total ? (double)lost / (double)total : -1;
}

/* 100 x max(0, 1 - x), rounded down to a tenth: 100 only for x at most 0, so only for a guess as good as the best. */
static double skill_of_cost(double x)
{
    if (x <= 1e-12)
        return 100;
    double sk = x >= 1 ? 0 : 100.0 * (1 - x);
    sk = (double)(long long)(sk * 10) / 10;
    return sk > 99.9 ? 99.9 : sk;
}

/* The expected guesses of a total over m entries, +inf for none (UINT64_MAX). */
static double per_entry(uint64_t total, uint64_t m)
{
    return total == UINT64_MAX ? 1e300 : (double)total / (double)m;
}

void cbo_coach_skill(const cbo_coach_grade_in *g, double *lo, double *hi)
{
    double cost_lo, cost_hi;
    *lo = *hi = -1;
    if (!g->m)
        return;
    if (!g->p_lose && !g->b_lose) { /* both sure to win: the expected guesses lost against the best */
        cost_lo = per_entry(g->p_lo, g->m) - per_entry(g->b_hi, g->m);
        cost_hi = per_entry(g->p_hi, g->m) - per_entry(g->b_lo, g->m);
    } else if (g->p_lose && !g->b_lose) { /* the guess can lose, the best cannot: its guesses lost, plus L */
        double e_lo = per_entry(g->e0_lo, g->m), e_hi = per_entry(g->e0_hi, g->m);
        cost_lo = (e_lo - per_entry(g->b_hi, g->m) > 0 ? e_lo - per_entry(g->b_hi, g->m) : 0) + g->l_lo;
        cost_hi = (e_hi - per_entry(g->b_lo, g->m) > 0 ? e_hi - per_entry(g->b_lo, g->m) : 0) + g->l_hi;
    } else if (g->p_lose && g->b_lose) { /* every guess can lose: the chance of losing beyond the least */
        cost_lo = g->l_lo - g->lb_hi;
        cost_hi = g->l_hi - g->lb_lo;
    } else
        return;
    *hi = skill_of_cost(cost_lo);
    *lo = skill_of_cost(cost_hi);
}
