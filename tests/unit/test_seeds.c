/*
 * test_seeds.c: the source documents' strategy ideas (issue 11) against slow references: the blog's
 * letter-frequency tie-break and delayed strategies.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

/* The slow tie-break by letter frequency: symbol counts over every secret, summed over the guess's positions. */
static unsigned long long letter_score(const cb_game *g, uint32_t gi)
{
    static unsigned long long counts[CB_MAX_SYMBOLS];
    static const cb_game *counted;
    unsigned long long sum = 0;
    for (uint32_t s = 0; counted != g && s < cb_game_secret_count(g); s++) {
        const uint8_t *code = cb_game_code(g, cb_game_secret_guess(g, s));
        for (int p = 0; p < cb_game_length(g); p++)
            counts[code[p]]++;
    }
    counted = g;
    for (int p = 0; p < cb_game_length(g); p++)
        sum += counts[cb_game_code(g, gi)[p]];
    return sum;
}

/* The key of a guess to minimise, counted part by part with the feedback table (kind: 0 minimax, 1 expected, 2 parts).
 */
static unsigned long long slow_key(const cb_state *st, uint32_t gi, int kind, uint32_t *counts)
{
    const cb_game *g = cb_state_game(st);
    const uint32_t *c = cb_state_candidates(st);
    size_t n = cb_state_count(st);
    unsigned long long largest = 0, sumsq = 0, parts = 0;
    memset(counts, 0, cb_game_feedback_count(g) * sizeof *counts);
    for (size_t i = 0; i < n; i++)
        counts[cb_table_get(cb_state_table(st), gi, c[i])]++;
    for (uint32_t f = 0; f < cb_game_feedback_count(g); f++) {
        largest = counts[f] > largest ? counts[f] : largest;
        sumsq += (unsigned long long)counts[f] * counts[f];
        parts += counts[f] > 0;
    }
    return kind == 0 ? largest : kind == 1 ? sumsq : 1000000 - parts;
}

/* The slow choice under --tie frequency: the best key, then a candidate, then the most frequent letters, then index. */
static uint32_t slow_choice(const cb_state *st, int kind)
{
    const cb_game *g = cb_state_game(st);
    uint32_t *counts = malloc(cb_game_feedback_count(g) * sizeof *counts), best = CB_NONE;
    unsigned long long bkey = 0, bletters = 0;
    int bcand = 0;
    if (cb_state_count(st) == 1)
        best = cb_game_secret_guess(g, cb_state_candidates(st)[0]);
    for (uint32_t gi = 0; counts && cb_state_count(st) > 1 && gi < cb_game_guess_count(g); gi++) {
        unsigned long long key = slow_key(st, gi, kind, counts), letters = letter_score(g, gi);
        int cand = cb_state_is_candidate(st, gi);
        if (best == CB_NONE || key < bkey || (key == bkey && (cand > bcand || (cand == bcand && letters > bletters)))) {
            best = gi;
            bkey = key;
            bcand = cand;
            bletters = letters;
        }
    }
    free(counts);
    return best;
}

/* A state after `turns` random guesses against a random secret. */
static void random_state(const world *w, cb_state *st, int turns, unsigned long long *seed)
{
    uint32_t secret = (uint32_t)(check_rand(seed) % cb_game_secret_count(w->game));
    cb_state_reset(st);
    for (int t = 0; t < turns; t++) {
        uint32_t gi = (uint32_t)(check_rand(seed) % cb_game_guess_count(w->game));
        uint32_t fb = cb_table_get(w->table, gi, secret);
        if (fb == cb_game_won(w->game))
            break;
        cb_state_apply(st, gi, fb);
    }
}

static void tie_frequency(const world *w, int states)
{
    static const char *const names[] = {"minimax", "expected", "parts"};
    unsigned long long seed = 11;
    cb_state *st;
    CHECK(cb_state_new(w->table, &st) == CB_OK);
    for (int k = 0; k < 3; k++) {
        cb_strategy_config cfg;
        cb_strategy *s, *first;
        cb_strategy_config_default(&cfg);
        cfg.name = names[k];
        cfg.tie = CB_TIE_FREQUENCY;
        CHECK(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
        CHECK(cb_strategy_deterministic(s));
        CHECK(strstr(cb_strategy_name(s), "--tie frequency") != NULL);
        cfg.tie = CB_TIE_FIRST;
        CHECK(cb_strategy_new(w->table, &cfg, &first, NULL) == CB_OK);
        int differ = 0;
        for (int i = 0; i < states; i++) {
            uint32_t got = CB_NONE, want;
            random_state(w, st, 1 + i % 2, &seed);
            if (cb_state_count(st) > 400) /* keep the slow reference quick */
                continue;
            want = slow_choice(st, k);
            CHECK(cb_strategy_choose(s, st, NULL, &got, NULL) == CB_OK);
            CHECK_MSG(got == want, "%s state %d (%zu candidates): %u, slow %u", names[k], i, cb_state_count(st), got,
                      want);
            cb_guess_score top;
            size_t count = 0;
            CHECK(cb_strategy_rank(s, st, 1, &top, &count) == CB_OK && count == 1 && top.guess == want);
            uint32_t plain;
            CHECK(cb_strategy_choose(first, st, NULL, &plain, NULL) == CB_OK);
            differ += plain != got;
        }
        CHECK_MSG(differ > 0, "%s: the tie-break never changed a choice", names[k]);
        cb_strategy_free(s);
        cb_strategy_free(first);
    }
    cb_state_free(st);
}

/* Delayed minimax on Wordle: turns 1..D random candidates (different between games), then minimax's choice. */
static void delay(const world *w)
{
    cb_strategy_config cfg;
    cb_strategy *s, *plain;
    cb_sim_options opt;
    cb_sim_result r = {0};
    cb_state *st;
    cb_strategy_config_default(&cfg);
    cfg.name = "minimax";
    CHECK(cb_strategy_new(w->table, &cfg, &plain, NULL) == CB_OK);
    cfg.delay = 2;
    CHECK(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
    CHECK(!cb_strategy_deterministic(s) && strstr(cb_strategy_name(s), "--delay 2"));
    cb_sim_options_default(&opt);
    opt.sample = 200;
    opt.seed = 5;
    opt.keep_games = 1;
    CHECK(cb_simulate(w->table, s, &opt, &r, NULL) == CB_OK);
    CHECK(cb_state_new(w->table, &st) == CB_OK);
    size_t openers = 0;
    for (size_t i = 0; i < r.games; i++) {
        const cb_sim_game *g = &r.game[i];
        cb_state_reset(st);
        for (int t = 0; t < g->played; t++) {
            uint32_t gi = g->path[t];
            if (t < 2)
                CHECK_MSG(cb_state_is_candidate(st, gi), "game %zu turn %d: not a candidate", i, t + 1);
            else {
                uint32_t want;
                CHECK(cb_strategy_choose(plain, st, NULL, &want, NULL) == CB_OK);
                CHECK_MSG(gi == want, "game %zu turn %d: not minimax's guess", i, t + 1);
            }
            cb_state_apply(st, gi, cb_table_get(w->table, gi, g->secret));
        }
        openers += i > 0 && g->path[0] != r.game[0].path[0];
    }
    CHECK(r.first_guess == CB_NONE && openers > 150);
    cb_sim_result_release(&r);
    /* with an opener, turn 1 is the opener and turn 2 a random candidate */
    cfg.first_guess = 0;
    cb_strategy_free(s);
    CHECK(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
    CHECK(cb_simulate(w->table, s, &opt, &r, NULL) == CB_OK && r.first_guess == 0);
    cb_sim_result_release(&r);
    cb_strategy_free(s);
    /* a tree plays its own guesses */
    cfg.name = "tree:/nonexistent";
    cb_error err;
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_EINVAL && strstr(err.message, "delay"));
    cfg.name = "minimax";
    cfg.delay = -1;
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_EINVAL);
    cb_state_free(st);
    cb_strategy_free(plain);
}

/*
 * The Symble thesis, Table 1, "lower bound" column (k = 6, n = 2..9): equation (2) with ln(3^n/6 + 1/2)
 * computed as ln(3^n/6) + 1/2 gives all eight printed values to the third decimal (docs/seeds.md);
 * equation (2) as printed does not. And the perfect first-guess entropies log2(3^n/6 + 1/2).
 */
static void thesis_bounds(void)
{
    static const double column[] = {2.219, 2.022, 1.924, 1.866, 1.827, 1.799, 1.778, 1.762};
    for (int n = 2; n <= 9; n++) {
        double read = (n * log(6) - (log(pow(3, n) / 6) + 0.5)) / (n * log(3)) + 1;
        double printed = cb_bound_information(CB_RULE_SYMBLE, n, pow(6, n));
        CHECK_MSG(fabs(read - column[n - 2]) < 0.0011, "n = %d: %.4f against %.3f", n, read, column[n - 2]);
        CHECK(fabs(printed - column[n - 2]) > 0.04); /* eq. (2) as printed: 2.315 at n = 2 */
    }
    CHECK(fabs(log2(cb_feedbacks_possible(CB_RULE_SYMBLE, 4, 1)) - 3.807) < 0.0005);
    CHECK(fabs(log2(cb_feedbacks_possible(CB_RULE_SYMBLE, 5, 1)) - 5.358) < 0.0005);
}

int main(void)
{
    thesis_bounds();
    world w = open_world("wordle");
    tie_frequency(&w, 24);
    delay(&w);
    close_world(&w);
    return check_done("test_seeds");
}
