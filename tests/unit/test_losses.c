/*
 * test_losses.c: the search for the fewest games lost within a limit
 * (cb_coach_least_losses, src/solver/losses.c: the coach's "can lose") against a brute force that
 * tries every guess at every node with no pruning and no shortcut, on small
 * games of every rule (hard mode and candidates only too), from random
 * positions (fixed seeds), for the best first guess and for a given one:
 * the same number of entries won, the best guess achieving it, and with a
 * small budget a value never above the truth, marked inexact. The fast path
 * (the scan of every guess read from the table's secret-major copy) is
 * checked against the rows: the same position on a table made without the
 * copy gives the same figures, best guess and work, with budgets or not.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"
#include "tuning.h"

/* The entries of st with feedback f from guess g. */
static uint64_t part_size(const cb_state *st, uint32_t g, uint32_t f)
{
    const cb_game *game = cb_state_game(st);
    const uint8_t *masks = cb_state_masks(st);
    uint64_t n = 0;
    for (size_t i = 0; i < cb_state_count(st); i++) {
        uint32_t raw = cb_game_feedback(game, g, cb_state_candidates(st)[i]);
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++)
            if (masks ? (masks[i] >> m & 1) && cb_game_observe(game, raw, m) == f : raw == f)
                n++;
    }
    return n;
}

/* The most entries of st found within k guesses, first played first (CB_NONE: any), by trying everything. */
static uint64_t brute(cb_state *st, int k, uint32_t first, int cands)
{
    const cb_game *game = cb_state_game(st);
    if (k <= 0 || cb_state_entries(st) == 0)
        return 0;
    uint64_t best = 0;
    for (uint32_t g = 0; g < cb_game_guess_count(game); g++) {
        if ((first != CB_NONE && g != first) || !cb_state_legal(st, g, NULL, 0) ||
            (cands && !cb_state_is_candidate(st, g)))
            continue;
        uint64_t val = 0;
        for (uint32_t f = 0; f < cb_game_feedback_count(game); f++) {
            uint64_t n = part_size(st, g, f);
            if (!n)
                continue;
            if (f == cb_game_won(game))
                val += n;
            else if (k > 1 && cb_state_apply(st, g, f) == CB_OK) {
                val += brute(st, k - 1, CB_NONE, cands);
                cb_state_undo(st);
            }
        }
        if (val > best)
            best = val;
    }
    return best;
}

/* The same search on st and on st_rows (the position on a table without the secret-major copy). */
static void same_as_rows(const char *name, int trial, const cb_state *st, const cb_state *st_rows, int k, int cands,
                         const uint64_t *budgets, size_t nb)
{
    for (size_t b = 0; b < nb; b++) {
        cb_coach_losses x, y;
        CHECK(cb_coach_least_losses(st, k, CB_NONE, cands, budgets[b], &x, NULL) == CB_OK);
        CHECK(cb_coach_least_losses(st_rows, k, CB_NONE, cands, budgets[b], &y, NULL) == CB_OK);
        CHECK_MSG(x.won == y.won && x.best == y.best && x.exact == y.exact && x.work == y.work &&
                      x.entries == y.entries,
                  "%s trial %d k %d budget %llu: columns won %llu best %u work %llu, rows won %llu best %u work %llu",
                  name, trial, k, (unsigned long long)budgets[b], (unsigned long long)x.won, x.best,
                  (unsigned long long)x.work, (unsigned long long)y.won, y.best, (unsigned long long)y.work);
    }
}

/* game's table with the secret-major copy into *t and one made without it into *rows; 0 when either failed. */
static int two_tables(const cb_game *game, cb_table **t, cb_table **rows)
{
    cb_table_options no_cols;
    cb_table_options_default(&no_cols);
    no_cols.no_columns = 1;
    *t = *rows = NULL;
    CHECK(game && cb_table_new(game, NULL, t, NULL) == CB_OK);
    CHECK(!game || cb_table_new(game, &no_cols, rows, NULL) == CB_OK);
    return *t && *rows;
}

/* Random positions of game (a turn or two played, the feedback of a random secret), every k and mode. */
static void compare(const char *name, cb_game *game, int with_hard, unsigned long long seed)
{
    cb_table *t, *rows;
    if (!two_tables(game, &t, &rows)) {
        cb_table_free(t);
        cb_table_free(rows);
        cb_game_free(game);
        return;
    }
    uint32_t ng = cb_game_guess_count(game), ns = cb_game_secret_count(game);
    for (int trial = 0; trial < 24; trial++) {
        cb_state *st = NULL, *st_rows = NULL;
        CHECK(cb_state_new(t, &st) == CB_OK);
        CHECK(cb_state_new(rows, &st_rows) == CB_OK);
        if (!st || !st_rows) {
            cb_state_free(st);
            cb_state_free(st_rows);
            break;
        }
        int hard = with_hard && trial % 2;
        int cands = trial % 5 == 4;
        cb_state_set_hard(st, check_mode(st, hard));
        cb_state_set_hard(st_rows, check_mode(st_rows, hard));
        uint32_t secret = (uint32_t)(check_rand(&seed) % ns);
        for (int turn = 0; turn < trial % 3; turn++) {
            uint32_t g = (uint32_t)(check_rand(&seed) % ng);
            uint32_t fb = cb_table_get(t, g, secret);
            if (cb_state_masks(st))
                fb = cb_game_observe(game, fb, 0);
            if (!cb_state_legal(st, g, NULL, 0) || fb == cb_game_won(game) || cb_state_apply(st, g, fb) != CB_OK)
                break;
            CHECK(cb_state_apply(st_rows, g, fb) == CB_OK);
        }
        for (int k = 1; k <= 3; k++) {
            cb_coach_losses r;
            uint64_t want = brute(st, k, CB_NONE, cands);
            static const uint64_t budgets[] = {0, 5, 40, 300};
            same_as_rows(name, trial, st, st_rows, k, cands, budgets, 4);
            CHECK(cb_coach_least_losses(st, k, CB_NONE, cands, 0, &r, NULL) == CB_OK);
            CHECK_MSG(r.exact && r.won == want && r.entries == cb_state_entries(st),
                      "%s trial %d k %d: won %llu, brute %llu", name, trial, k, (unsigned long long)r.won,
                      (unsigned long long)want);
            /* the best guess named achieves it (or, where nothing can be won, none is needed) */
            if (want && r.best != CB_NONE)
                CHECK_MSG(brute(st, k, r.best, cands) == want, "%s trial %d k %d: best guess falls short", name, trial,
                          k);
            /* a given first guess */
            uint32_t g = (uint32_t)(check_rand(&seed) % ng);
            if (cb_state_legal(st, g, NULL, 0) && (!cands || cb_state_is_candidate(st, g))) {
                uint64_t wg = brute(st, k, g, cands);
                CHECK(cb_coach_least_losses(st, k, g, cands, 0, &r, NULL) == CB_OK);
                CHECK_MSG(r.exact && r.won == wg && r.best == g, "%s trial %d k %d first %u: won %llu, brute %llu",
                          name, trial, k, g, (unsigned long long)r.won, (unsigned long long)wg);
            }
            /* a budget that stops it: a strategy's wins, never more than the truth, and said inexact */
            CHECK(cb_coach_least_losses(st, k, CB_NONE, cands, 5, &r, NULL) == CB_OK);
            CHECK_MSG(r.won <= want && (r.exact ? r.won == want : 1), "%s trial %d k %d budget: %llu > %llu", name,
                      trial, k, (unsigned long long)r.won, (unsigned long long)want);
            if (cb_state_entries(st) > 5 && k >= 2)
                CHECK_MSG(!r.exact, "%s trial %d k %d: exact after 5 entries scanned", name, trial, k);
        }
        cb_state_free(st);
        cb_state_free(st_rows);
    }
    cb_table_free(t);
    cb_table_free(rows);
    cb_game_free(game);
}

/*
 * Columns against rows on a game whose scan takes several blocks of guesses
 * (CB_LOSSES_BLOCK bytes over a node of a hundred entries or more): a turn
 * played, budgets that stop the search at various depths.
 */
static void blocks(const char *name, cb_game *game, unsigned long long seed)
{
    cb_table *t, *rows;
    two_tables(game, &t, &rows);
    uint32_t ng = game ? cb_game_guess_count(game) : 0, ns = game ? cb_game_secret_count(game) : 1;
    int multi = 0; /* trials whose root scan takes several blocks */
    for (int trial = 0; t && rows && trial < 6; trial++) {
        cb_state *st = NULL, *st_rows = NULL;
        CHECK(cb_state_new(t, &st) == CB_OK && cb_state_new(rows, &st_rows) == CB_OK);
        uint32_t secret = (uint32_t)(check_rand(&seed) % ns), g = (uint32_t)(check_rand(&seed) % ng);
        uint32_t fb = cb_table_get(t, g, secret);
        if (st && st_rows && fb != cb_game_won(game) && cb_state_apply(st, g, fb) == CB_OK &&
            cb_state_apply(st_rows, g, fb) == CB_OK) {
            multi += ng > CB_LOSSES_BLOCK / cb_state_count(st);
            static const uint64_t budgets[] = {20000, 200000, 2000000};
            for (int k = 2; k <= 3; k++)
                same_as_rows(name, trial, st, st_rows, k, trial % 3 == 2, budgets, 3);
        }
        cb_state_free(st);
        cb_state_free(st_rows);
    }
    CHECK_MSG(multi >= 3, "%s: %d of 6 trials scan several blocks", name, multi);
    cb_table_free(t);
    cb_table_free(rows);
    cb_game_free(game);
}

int main(void)
{
    compare("mastermind 3x3", world_game(CB_RULE_MASTERMIND, 3, 3, 0), 0, 1);
    compare("mastermind 4x2", world_game(CB_RULE_MASTERMIND, 4, 2, 0), 0, 2);
    compare("wordle rules 3x3", world_game(CB_RULE_WORDLE, 3, 3, 0), 1, 3);
    compare("wordle rules 2x4", world_game(CB_RULE_WORDLE, 2, 4, 0), 1, 4);
    compare("symble 2x3", world_game(CB_RULE_SYMBLE, 2, 3, 0), 0, 5);
    blocks("mastermind 6 colours x 4", world_game(CB_RULE_MASTERMIND, 6, 4, 0), 6);
    blocks("wordle rules 7 letters x 4", world_game(CB_RULE_WORDLE, 7, 4, 0), 7);
    return check_done("test_losses");
}
