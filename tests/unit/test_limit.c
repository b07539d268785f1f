/*
 * test_limit.c: the guess limit is the position's (issue 55, "the position
 * is the one currency"): the same position with the limits 0 (none), 6 and
 * 3 set on the state (cb_state_set_max_guesses), and each entry point that
 * once took a max_guesses of its own obeys the state's: cb_simulate (from),
 * cb_optimal_solve (from), cb_tree_verify, the coach's ranking and review,
 * and the coach's look-ups in the bundled proofs (cb_coach_opening,
 * cb_coach_book_open, cb_coach_opening_tree).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

/* The opening of table's game within the limit max_guesses (0: none); NULL when it cannot be made. */
static cb_state *opening(const cb_table *t, int max_guesses, int hard)
{
    cb_state *st = NULL;
    if (cb_state_new(t, &st) != CB_OK)
        return NULL;
    if (cb_state_set_max_guesses(st, max_guesses) != CB_OK ||
        cb_state_set_hard(st, hard ? CB_HARD_REVEALED : CB_HARD_NONE) != CB_OK) {
        cb_state_free(st);
        return NULL;
    }
    return st;
}

/* minimax on every secret from an opening within max_guesses. */
static int simulate(const world *w, int max_guesses, cb_sim_result *r)
{
    cb_strategy_config cfg;
    cb_strategy *s = NULL;
    cb_sim_options opt;
    cb_error err;
    cb_state *st = opening(w->table, max_guesses, 0);
    cb_strategy_config_default(&cfg);
    cfg.name = "minimax";
    cb_sim_options_default(&opt);
    opt.threads = 1;
    opt.from = st;
    int rc = st ? cb_strategy_new(w->table, &cfg, &s, &err) : CB_ENOMEM;
    if (rc == CB_OK)
        rc = cb_simulate(w->table, s, &opt, r, &err);
    cb_strategy_free(s);
    cb_state_free(st);
    return rc;
}

/* Simulation: a game not won within the position's limit is lost and scores the limit + 1. */
static void simulation(const world *w)
{
    cb_sim_result r0, r6, r3;
    CHECK(simulate(w, 0, &r0) == CB_OK && simulate(w, 6, &r6) == CB_OK && simulate(w, 3, &r3) == CB_OK);
    CHECK_MSG(r0.max > 3 && r0.max <= 6, "minimax needs %d guesses at most", r0.max); /* 3 cuts, 6 does not */
    CHECK(r0.lost == 0 && r6.lost == 0 && r6.total == r0.total && r6.max == r0.max);
    uint64_t within = 0, over = 0;
    for (size_t g = 0; g < r0.distribution_len; g++) {
        if (g <= 3)
            within += g * r0.distribution[g];
        else
            over += r0.distribution[g];
    }
    CHECK_MSG(r3.lost == over && r3.total == within + 4 * over && r3.max == 4, "lost %zu of %llu, total %llu", r3.lost,
              (unsigned long long)over, (unsigned long long)r3.total);
    /* wins within G: the position's limit, else the game's own (10 for Mastermind) */
    CHECK(r3.wins_within == 3 && r6.wins_within == 6 && r0.wins_within == cb_game_default_max_guesses(w->game));
    cb_sim_result_release(&r0);
    cb_sim_result_release(&r6);
    cb_sim_result_release(&r3);
}

/* The exact solver and the tree check: the limit of from, nothing else. */
static void solver(const world *w)
{
    cb_optimal_result r[3];
    int limits[3] = {0, 6, 3};
    cb_state *st[3];
    char what[256];
    for (int i = 0; i < 3; i++) {
        cb_optimal_options o;
        cb_optimal_options_default(&o);
        o.threads = 1;
        st[i] = opening(w->table, limits[i], 0);
        o.from = st[i];
        CHECK(st[i] && cb_optimal_solve(w->table, &o, &r[i], NULL) == CB_OK && r[i].proved);
        cb_optimal_describe(&o, what, sizeof what);
        CHECK_MSG(strstr(what, i == 0   ? "no limit on guesses"
                               : i == 1 ? "at most 6 guesses"
                                        : "at most 3 guesses"),
                  "%s", what);
    }
    /* 6 does not bind the optimum; 3 does (its worst case is more) or leaves nothing */
    CHECK(!r[0].infeasible && !r[1].infeasible && r[1].total == r[0].total && r[0].stats.max <= 6);
    CHECK(r[0].stats.max > 3 && (r[2].infeasible || (r[2].total > r[0].total && r[2].stats.max <= 3)));
    /* the optimum's tree checked within each position's limit: its worst case fits 6, not one less */
    cb_state *tight = opening(w->table, r[0].stats.max - 1, 0);
    cb_tree_stats ts;
    cb_error err;
    CHECK(cb_tree_verify(r[0].tree, st[0], &ts, &err) == CB_OK && ts.total == r[0].total);
    CHECK(cb_tree_verify(r[0].tree, st[1], &ts, &err) == CB_OK);
    CHECK(tight && cb_tree_verify(r[0].tree, tight, &ts, &err) == CB_EINVAL &&
          strstr(err.message, "more than the limit"));
    cb_state_free(tight);
    /* a position with no guess left within its limit: proved impossible, nothing searched */
    cb_state *used = opening(w->table, 1, 0);
    cb_guess_index g;
    cb_optimal_options o;
    cb_optimal_result u;
    CHECK(used && cb_game_parse_code(w->game, "123", &g, NULL) == CB_OK && cb_state_apply(used, g, 0) == CB_OK);
    cb_optimal_options_default(&o);
    o.from = used;
    CHECK(cb_optimal_solve(w->table, &o, &u, NULL) == CB_OK && u.infeasible && u.proved && u.nodes == 0);
    cb_optimal_result_release(&u);
    cb_state_free(used);
    for (int i = 0; i < 3; i++) {
        cb_optimal_result_release(&r[i]);
        cb_state_free(st[i]);
    }
}

/* The coach's ranking at a position and limit: its best value (UINT64_MAX when it can lose) and the limit told. */
static uint64_t rank_best(const world *w, const cb_state *st, int *told, int *can_lose)
{
    cb_coach_options o;
    cb_coach_rank r;
    cb_error err;
    uint64_t v = 0;
    cb_coach_options_default(&o);
    o.limit = 3;
    o.threads = 1;
    if (cb_coach_rank_solve(w->table, st, &o, &r, &err) != CB_OK || !r.count)
        return 0;
    v = r.guesses[0].can_lose ? UINT64_MAX : r.guesses[0].total;
    *told = r.max_guesses;
    *can_lose = r.can_lose;
    cb_coach_rank_release(&r);
    return v;
}

/* The coach: ranking and review under the position's limit; past_limit for a game played on past it. */
static void coach(const world *w)
{
    int told, lose;
    cb_state *st0 = opening(w->table, 0, 0), *st6 = opening(w->table, 6, 0), *st2 = opening(w->table, 2, 0);
    CHECK(st0 && st6 && st2);
    uint64_t v0 = rank_best(w, st0, &told, &lose);
    CHECK(v0 > 0 && v0 != UINT64_MAX && told == 0 && !lose);
    CHECK(rank_best(w, st6, &told, &lose) == v0 && told == 6 && !lose);
    CHECK(rank_best(w, st2, &told, &lose) == UINT64_MAX && told == 2 && lose); /* 64 codes in 2 guesses: none */
    /* a game lost at its limit, played on: ranked with none */
    cb_guess_index g[4];
    cb_secret_index secret;
    const char *codes[4] = {"111", "222", "333", "444"};
    CHECK(cb_game_parse_secret(w->game, "444", &secret, NULL) == CB_OK);
    for (int i = 0; i < 4; i++)
        CHECK(cb_game_parse_code(w->game, codes[i], &g[i], NULL) == CB_OK);
    cb_state *played = opening(w->table, 0, 0);
    for (int i = 0; played && i < 3; i++)
        CHECK(cb_state_apply(played, g[i], cb_game_feedback(w->game, g[i], secret)) == CB_OK);
    CHECK(cb_state_set_max_guesses(played, 3) == CB_OK && cb_state_over(played));
    CHECK(rank_best(w, played, &told, &lose) == 1 && told == 0 && !lose); /* 444 the one candidate */
    /* the review: within the position's limit (4), then past it (3: past_limit), then refused */
    CHECK(cb_state_set_max_guesses(played, 4) == CB_OK &&
          cb_state_apply(played, g[3], cb_game_feedback(w->game, g[3], secret)) == CB_OK && cb_state_won(played));
    cb_coach_options o;
    cb_coach_review rv;
    cb_error err;
    cb_coach_options_default(&o);
    o.threads = 1;
    CHECK(cb_coach_review_game(played, &o, &rv, &err) == CB_OK && rv.turns == 4);
    for (size_t i = 0; i < rv.turns; i++)
        CHECK_MSG(rv.turn[i].max_guesses == 4, "turn %zu: %d", i + 1, rv.turn[i].max_guesses);
    cb_coach_review_release(&rv);
    CHECK(cb_state_set_max_guesses(played, 3) == CB_EINVAL); /* the position cannot hold 3 */
    o.past_limit = 3;
    CHECK(cb_coach_review_game(played, &o, &rv, &err) == CB_EINVAL); /* played has a limit of its own */
    CHECK(cb_state_set_max_guesses(played, 0) == CB_OK);
    CHECK(cb_coach_review_game(played, &o, &rv, &err) == CB_OK && rv.turns == 4);
    for (size_t i = 0; i < rv.turns; i++)
        CHECK_MSG(rv.turn[i].max_guesses == (i < 3 ? 3 : 0), "turn %zu: %d", i + 1, rv.turn[i].max_guesses);
    cb_coach_review_release(&rv);
    o.past_limit = 4; /* a game within it: its position carries it */
    CHECK(cb_coach_review_game(played, &o, &rv, &err) == CB_EINVAL);
    o.past_limit = 0;
    CHECK(cb_coach_review_game(played, &o, &rv, &err) == CB_OK && rv.turns == 4 && rv.turn[3].max_guesses == 0);
    cb_coach_review_release(&rv);
    cb_state_free(played);
    cb_state_free(st0);
    cb_state_free(st6);
    cb_state_free(st2);
}

/* The coach's look-ups in the bundled proofs: the row, the book and the tree of the position's mode and limit. */
static void lookups(void)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_table_options to;
    cb_error err;
    cb_guess_index best;
    uint64_t total;
    char word[16];
    cb_game_config_default(&cfg);
    CHECK(cb_game_config_lists(&cfg, "original", &err) == CB_OK && cb_game_new(&cfg, &g, &err) == CB_OK);
    cb_table_options_default(&to);
    to.mode = CB_TABLE_OFF; /* nothing here reads the table: the states only need one */
    CHECK(g && cb_table_new(g, &to, &t, &err) == CB_OK);
    cb_state *n0 = opening(t, 0, 0), *n6 = opening(t, 6, 0), *h6 = opening(t, 6, 1), *h0 = opening(t, 0, 1),
             *h3 = opening(t, 3, 1);
    CHECK(n0 && n6 && h6 && h0 && h3);
    /* proofs/openers.tsv: SALET 7920 with no limit, 8122 in hard mode within 6; no row for the others */
    CHECK(cb_coach_opening(n0, 1, &best, &total) == CB_OK && total == 7920);
    cb_game_format_code(g, best, word, sizeof word);
    CHECK(strcmp(word, "salet") == 0);
    CHECK(cb_coach_opening(h6, 1, &best, &total) == CB_OK && total == 8122);
    CHECK(cb_coach_opening(n6, 0, &best, &total) == CB_ENOTFOUND);
    CHECK(cb_coach_opening(h0, 0, &best, &total) == CB_ENOTFOUND &&
          cb_coach_opening(h3, 0, &best, &total) == CB_ENOTFOUND);
    /* the book: within 6 in hard mode SALET 8122 proved best; with none nothing exact; within 3 it can lose */
    cb_coach_book b;
    CHECK(cb_coach_book_open(h6, &b, &err) == CB_OK && b.best_proved && b.best_total == 8122);
    cb_coach_book_release(&b);
    CHECK(cb_coach_book_open(h0, &b, &err) == CB_OK && b.exact == 0 && !b.best_proved);
    cb_coach_book_release(&b);
    size_t lose = 0;
    CHECK(cb_coach_book_open(h3, &b, &err) == CB_OK && b.exact == 0);
    for (size_t i = 0; i < b.count; i++)
        lose += b.entry[i].can_lose;
    CHECK_MSG(lose > 0, "within 3 no opener can lose"); /* 6's impossible openers are impossible within 3 */
    cb_coach_book_release(&b);
    cb_tree *tree = NULL; /* the shipped trees are nyt2023's: none for these lists in any limit */
    CHECK(cb_coach_opening_tree(n6, &tree, &total, &err) == CB_ENOTFOUND && !tree);
    cb_state_free(n0);
    cb_state_free(n6);
    cb_state_free(h6);
    cb_state_free(h0);
    cb_state_free(h3);
    cb_table_free(t);
    cb_game_free(g);
    /* nyt2023's tree within 6 (data/trees), checked within the position's 6; none with no limit or within 7 */
    g = NULL;
    t = NULL;
    CHECK(cb_game_config_lists(&cfg, "nyt2023", &err) == CB_OK && cb_game_new(&cfg, &g, &err) == CB_OK);
    CHECK(g && cb_table_new(g, &to, &t, &err) == CB_OK);
    n0 = opening(t, 0, 0);
    n6 = opening(t, 6, 0);
    cb_state *n7 = opening(t, 7, 0);
    CHECK(n0 && n6 && n7);
    CHECK(cb_coach_opening_tree(n6, &tree, &total, &err) == CB_OK && tree && total > 0);
    CHECK(cb_coach_opening(n0, 1, &best, &total) == CB_OK && total == 11219); /* TARSE, no limit (openers.tsv) */
    cb_tree_free(tree);
    tree = NULL;
    CHECK(cb_coach_opening_tree(n0, &tree, &total, &err) == CB_ENOTFOUND && !tree);
    CHECK(cb_coach_opening_tree(n7, &tree, &total, &err) == CB_ENOTFOUND && !tree);
    cb_state_free(n0);
    cb_state_free(n6);
    cb_state_free(n7);
    cb_table_free(t);
    cb_game_free(g);
}

int main(void)
{
    world w = {world_game(CB_RULE_MASTERMIND, 4, 3, 0), NULL};
    CHECK(w.game && cb_table_new(w.game, NULL, &w.table, NULL) == CB_OK);
    if (w.table) {
        simulation(&w);
        solver(&w);
        coach(&w);
    }
    close_world(&w);
    lookups();
    return check_done("test_limit");
}
