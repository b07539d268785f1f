/*
 * test_simulate.c: the simulator against the published figures, and its
 * promises: every game replays legally, results do not depend on the
 * thread count, the strategies' options do what they say.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

static uint32_t code(const world *w, const char *text)
{
    uint32_t gi = CB_NONE;
    cb_game_parse_code(w->game, text, &gi, NULL);
    return gi;
}

/* Simulate one configuration; the strategy config starts from the defaults with this name. */
typedef struct setup {
    const char *name;
    int candidates_only, target_turn, hard, iterations;
    cb_tie tie;
    uint32_t first;
    uint64_t seed;
    size_t sample;
    int max_guesses, threads, keep;
} setup;

static int simulate(const world *w, setup su, cb_sim_result *r)
{
    cb_strategy_config cfg;
    cb_sim_options opt;
    cb_strategy *s = NULL;
    cb_error err;
    cb_strategy_config_default(&cfg);
    cfg.name = su.name;
    cfg.candidates_only = su.candidates_only;
    cfg.target_turn = su.target_turn;
    cfg.iterations = su.iterations;
    cfg.tie = su.tie;
    cfg.first_guess = su.first ? su.first : CB_NONE;
    cfg.seed = su.seed;
    cb_sim_options_default(&opt);
    opt.seed = su.seed;
    opt.sample = su.sample;
    opt.threads = su.threads;
    opt.keep_games = su.keep;
    cb_state *start = NULL; /* hard mode and the limit are the position's: every game starts from one in them */
    int rc = su.hard || su.max_guesses ? cb_state_new(w->table, &start) : CB_OK;
    if (rc == CB_OK && start && su.hard)
        rc = cb_state_set_hard(start, CB_HARD_REVEALED);
    if (rc == CB_OK && start)
        rc = cb_state_set_max_guesses(start, su.max_guesses);
    opt.from = start;
    if (rc == CB_OK)
        rc = cb_strategy_new(w->table, &cfg, &s, &err);
    if (rc == CB_OK)
        rc = cb_simulate(w->table, s, &opt, r, &err);
    if (rc != CB_OK)
        fprintf(stderr, "%s: %s\n", su.name, err.message);
    cb_strategy_free(s);
    cb_state_free(start);
    return rc;
}

/*
 * Mastermind 6x4, every guess allowed, ties to a candidate then the lowest
 * code: Kooi (2005), "Yet another Mastermind strategy", ICGA Journal 28(1),
 * Table 1 (Knuth's minimax 5801 = 4.476, worst case 5; Irving's expected
 * size 5696 = 4.395; Neuwirth's entropy 5722 = 4.415; most parts 5668 =
 * 4.373) and, with guesses restricted to the candidates, 5828, 5722, 5786,
 * 5701. Openers as Kooi gives them: 1122 (minimax), 1123 (expected and
 * most parts), 1234 (entropy).
 */
static void kooi(void)
{
    static const struct {
        const char *name;
        int candidates_only;
        uint64_t total;
        const char *opener;
    } figures[] = {
        {"minimax", 0, 5801, "1122"}, {"expected", 0, 5696, "1123"}, {"entropy", 0, 5722, "1234"},
        {"parts", 0, 5668, "1123"},   {"minimax", 1, 5828, "1122"},  {"expected", 1, 5722, "1123"},
        {"entropy", 1, 5786, "1234"}, {"parts", 1, 5701, "1123"},
    };
    world w = open_world("mastermind");
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++) {
        cb_sim_result r;
        setup su = {.name = figures[i].name, .candidates_only = figures[i].candidates_only};
        CHECK(simulate(&w, su, &r) == CB_OK);
        CHECK_MSG(r.games == 1296 && r.total == figures[i].total && r.first_guess == code(&w, figures[i].opener),
                  "%s%s: %llu guesses, opener %u (Kooi: %llu, %s)", figures[i].name,
                  figures[i].candidates_only ? " --candidates-only" : "", (unsigned long long)r.total, r.first_guess,
                  (unsigned long long)figures[i].total, figures[i].opener);
        if (i == 0)
            CHECK(r.max == 5 && fabs(r.average - 4.476) < 0.0005 && r.lost == 0 && r.wins == 1296);
        cb_sim_result_release(&r);
    }
    close_world(&w);
}

/* Replay every game of r: legal (hard mode), each feedback applied, the last guess the secret. */
static int replays(const world *w, const cb_sim_result *r, int hard, int target_turn)
{
    cb_state *st;
    int bad = 0;
    cb_state_new(w->table, &st);
    cb_state_set_hard(st, check_mode(st, hard));
    for (size_t i = 0; i < r->games; i++) {
        const cb_sim_game *g = &r->game[i];
        cb_state_reset(st);
        for (int t = 0; t < g->played && !bad; t++) {
            uint32_t raw = cb_table_get(w->table, g->path[t], g->secret);
            uint32_t fb = g->mapping >= 0 ? cb_game_observe(w->game, raw, g->mapping) : raw;
            if (!cb_state_legal(st, g->path[t], NULL, 0))
                bad = 1;
            if (target_turn && t + 1 >= target_turn && !cb_state_is_candidate(st, g->path[t]))
                bad = 2;
            if (fb != cb_game_won(w->game) && cb_state_apply(st, g->path[t], fb) != CB_OK)
                bad = 3;
            if ((t + 1 == g->played && g->won) != (fb == cb_game_won(w->game)))
                bad = 4;
        }
        if (bad) {
            fprintf(stderr, "game %zu of %s does not replay (%d)\n", i, r->strategy, bad);
            break;
        }
    }
    cb_state_free(st);
    return !bad;
}

/*
 * Wordle, the original lists (2315 answers, 12972 guesses), tie first.
 * Published greedy averages (the data-visualisation paper and the Wordle
 * solver write-ups): about 3.57 minimax, 3.48 expected, 3.46 entropy,
 * 3.43 parts, every game won within 6. The totals are ours, exactly.
 */
static void wordle(const world *w)
{
    static const struct {
        const char *name;
        uint64_t total;
        double published;
        const char *opener;
    } figures[] = {
        {"minimax", 8272, 3.57, "arise"},
        {"expected", 8059, 3.48, "roate"},
        {"entropy", 8020, 3.46, "soare"},
        {"parts", 7949, 3.43, "trace"},
    };
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++) {
        cb_sim_result r;
        setup su = {.name = figures[i].name, .keep = i == 0};
        CHECK(simulate(w, su, &r) == CB_OK);
        CHECK_MSG(r.games == 2315 && r.total == figures[i].total && fabs(r.average - figures[i].published) < 0.006 &&
                      r.max <= 6 && r.wins == 2315 && r.first_guess == code(w, figures[i].opener),
                  "wordle %s: %llu guesses (%.4f), worst %d", figures[i].name, (unsigned long long)r.total, r.average,
                  r.max);
        if (i == 0)
            CHECK(replays(w, &r, 0, 0));
        cb_sim_result_release(&r);
    }
}

/* Hard mode plays legal guesses only; the distribution adds up; a lost game scores G + 1. */
static void hard_and_limits(const world *w)
{
    cb_sim_result r;
    CHECK(simulate(w, (setup){.name = "parts", .hard = 1, .keep = 1}, &r) == CB_OK);
    CHECK(r.games == 2315 && replays(w, &r, 1, 0));
    uint64_t sum = 0, total = 0;
    for (size_t g = 0; g < r.distribution_len; g++) {
        sum += r.distribution[g];
        total += g * r.distribution[g];
    }
    CHECK(sum == r.games && total == r.total && r.max > 6 && r.wins < r.games);
    cb_sim_result_release(&r);

    CHECK(simulate(w, (setup){.name = "minimax", .hard = 1, .max_guesses = 6, .keep = 1}, &r) == CB_OK);
    CHECK(r.lost > 0 && r.max == 7 && r.distribution[7] == r.lost && r.wins == r.games - r.lost);
    CHECK(fabs(cb_sim_result_share_within(&r, 6) - (double)r.wins / (double)r.games) < 1e-12);
    for (size_t i = 0; i < r.games; i++)
        if (!r.game[i].won)
            CHECK(r.game[i].guesses == 7 && r.game[i].played == 6);
    cb_sim_result_release(&r);

    /* the games start from a position of the table with no turns: one with a turn is refused */
    cb_state *st = NULL;
    cb_strategy *s = NULL;
    cb_sim_options opt;
    cb_error err;
    cb_sim_options_default(&opt);
    CHECK(cb_state_new(w->table, &st) == CB_OK && cb_state_apply_text(st, "salet=.....", NULL, NULL, NULL) == CB_OK);
    CHECK(cb_strategy_new(w->table, NULL, &s, NULL) == CB_OK);
    opt.from = st;
    CHECK(cb_simulate(w->table, s, &opt, &r, &err) == CB_EINVAL && strstr(err.message, "with turns"));
    cb_strategy_free(s);
    cb_state_free(st);
}

/* random over many seeds: about 4.08 on Wordle (the baseline of the papers). */
static void random_baseline(const world *w)
{
    double sum = 0;
    int seeds = 12;
    for (int seed = 1; seed <= seeds; seed++) {
        cb_sim_result r;
        CHECK(simulate(w, (setup){.name = "random", .seed = (uint64_t)seed}, &r) == CB_OK);
        sum += r.average;
        CHECK(r.first_guess == CB_NONE && r.states > 2315);
        cb_sim_result_release(&r);
    }
    CHECK_MSG(fabs(sum / seeds - 4.08) < 0.04, "random averages %.4f over %d seeds", sum / seeds, seeds);
}

static int same_games(const cb_sim_result *a, const cb_sim_result *b)
{
    if (a->games != b->games || a->total != b->total || a->removed != b->removed)
        return 0;
    for (size_t i = 0; i < a->games; i++) {
        const cb_sim_game *x = &a->game[i], *y = &b->game[i];
        if (x->secret != y->secret || x->played != y->played || x->mapping != y->mapping ||
            memcmp(x->path, y->path, (size_t)x->played * sizeof *x->path) != 0)
            return 0;
    }
    return 1;
}

/* Deterministic strategies, and seeded random ones, give the same games on 1 and 2 threads. */
static void threads(const world *mm)
{
    static const setup setups[] = {
        {.name = "entropy", .keep = 1},
        {.name = "random", .seed = 3, .keep = 1},
        {.name = "entropy", .tie = CB_TIE_RANDOM, .seed = 4, .sample = 300, .keep = 1},
        {.name = "montecarlo", .iterations = 10, .sample = 12, .seed = 5, .keep = 1},
        {.name = "random-any", .target_turn = 3, .seed = 6, .keep = 1},
    };
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
        cb_sim_result one, two;
        setup a = setups[i], b = setups[i];
        a.threads = 1;
        b.threads = 2;
        CHECK(simulate(mm, a, &one) == CB_OK && simulate(mm, b, &two) == CB_OK);
        CHECK_MSG(same_games(&one, &two), "%s: 1 and 2 threads differ", setups[i].name);
        CHECK(replays(mm, &one, 0, setups[i].target_turn));
        cb_sim_result_release(&one);
        cb_sim_result_release(&two);
    }
}

/* What simulate plays is what cb_strategy_choose says, one turn at a time, for any state. */
static void one_turn_at_a_time(const world *w)
{
    static const char *const names[] = {"expected", "entropy-frequency", "frequency"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        cb_sim_result r;
        cb_strategy *s;
        cb_strategy_config cfg;
        cb_state *st;
        CHECK(simulate(w, (setup){.name = names[k], .sample = 25, .seed = 9, .keep = 1}, &r) == CB_OK);
        cb_strategy_config_default(&cfg);
        cfg.name = names[k];
        cb_strategy_new(w->table, &cfg, &s, NULL);
        cb_state_new(w->table, &st);
        int bad = 0;
        uint32_t opener;
        CHECK(cb_strategy_choose(s, st, NULL, &opener, NULL) == CB_OK && opener == r.first_guess);
        for (size_t i = 0; i < r.games; i++) {
            const cb_sim_game *g = &r.game[i];
            cb_state_reset(st);
            cb_state_apply(st, g->path[0], cb_table_get(w->table, g->path[0], g->secret));
            for (int t = 1; t < g->played; t++) {
                uint32_t gi;
                CHECK(cb_strategy_choose(s, st, NULL, &gi, NULL) == CB_OK);
                bad += gi != g->path[t];
                cb_state_apply(st, g->path[t], cb_table_get(w->table, g->path[t], g->secret));
            }
        }
        CHECK_MSG(bad == 0 && r.wins == r.games, "%s: %d turns differ", names[k], bad);
        cb_state_free(st);
        cb_strategy_free(s);
        cb_sim_result_release(&r);
    }
}

/* Options and the smaller strategies on Mastermind and Wordle. */
static void strategies(const world *mm, const world *w)
{
    cb_sim_result r;
    CHECK(simulate(mm, (setup){.name = "first"}, &r) == CB_OK && r.first_guess == code(mm, "1111") && r.lost == 0);
    cb_sim_result_release(&r);
    CHECK(simulate(mm, (setup){.name = "minimax", .first = code(mm, "1234"), .keep = 1}, &r) == CB_OK);
    CHECK(r.first_guess == code(mm, "1234") && replays(mm, &r, 0, 0));
    cb_sim_result_release(&r);
    CHECK(simulate(mm, (setup){.name = "entropy", .target_turn = 2, .keep = 1}, &r) == CB_OK);
    CHECK(replays(mm, &r, 0, 2) && r.first_guess == code(mm, "1234"));
    cb_sim_result_release(&r);
    CHECK(simulate(mm, (setup){.name = "minimax", .max_guesses = 4}, &r) == CB_OK);
    CHECK(r.lost > 0 && r.max == 5 && r.total == 5801); /* a lost game scores 5, as it would have won in 5 */
    cb_sim_result_release(&r);
    CHECK(simulate(w, (setup){.name = "frequency", .sample = 200, .seed = 2}, &r) == CB_OK);
    CHECK(r.first_guess == code(w, "which") && r.lost == 0 && r.games == 200);
    cb_sim_result_release(&r);
    CHECK(simulate(w, (setup){.name = "montecarlo", .sample = 3, .iterations = 20, .seed = 1, .keep = 1}, &r) == CB_OK);
    CHECK(r.lost == 0 && replays(w, &r, 0, 0));
    cb_sim_result_release(&r);
    /* bad options */
    cb_sim_options opt;
    cb_strategy *s;
    cb_error err;
    cb_strategy_new(mm->table, NULL, &s, NULL);
    cb_sim_options_default(&opt);
    opt.sample = 1297;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_EINVAL && strstr(err.message, "1297"));
    uint32_t secrets[2] = {3, 5000};
    cb_sim_options_default(&opt);
    opt.secrets = secrets;
    opt.nsecrets = 2;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_EINVAL && r.distribution == NULL);
    opt.nsecrets = 1;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_OK && r.games == 1 && r.game == NULL);
    cb_sim_result_release(&r);
    cb_strategy_free(s);
}

/* Symble: games under hidden mappings replay, and the thesis's entropy-knuth never loses to plain entropy ties. */
static void symble(void)
{
    world w = open_world("symble");
    cb_sim_result r;
    CHECK(simulate(&w, (setup){.name = "entropy-knuth", .sample = 60, .seed = 4, .keep = 1}, &r) == CB_OK);
    CHECK(r.lost == 0 && r.games == 60 && replays(&w, &r, 0, 0));
    int mappings = 0;
    for (size_t i = 0; i < r.games; i++)
        mappings |= 1 << r.game[i].mapping;
    CHECK(mappings == 0x3f);
    cb_sim_result_release(&r);
    close_world(&w);
}

#include <time.h>
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
/* A game of a preset (word rules: the Wordle answers alone) or a complete dictionary, its table precomputed or on the
 * fly. */
static world open_table(const char *preset, int colors, int pegs, cb_table_mode mode)
{
    world w = {NULL, NULL};
    cb_game_config cfg;
    cb_table_options opt;
    cb_error err;
    cb_game_config_preset(preset, &cfg);
    if (colors) {
        cfg.colors = colors;
        cfg.length = pegs;
    } else if (cfg.rule != CB_RULE_MASTERMIND)
        cfg.answers_data = "wordle/answers.txt"; /* the answers alone, as secrets and guesses: a small table */
    cb_table_options_default(&opt);
    opt.mode = mode;
    if (cb_game_new(&cfg, &w.game, &err) != CB_OK || cb_table_new(w.game, &opt, &w.table, &err) != CB_OK) {
        fprintf(stderr, "%s: %s\n", preset, err.message);
        exit(1);
    }
    return w;
}

/* The same games, guess for guess, whether feedback comes from the table or is computed on the fly. */
static void on_the_fly(void)
{
    static const struct {
        const char *preset;
        int colors, pegs;
        setup su;
    } runs[] = {
        {"symble", 0, 0, {.name = "montecarlo", .iterations = 8, .sample = 5, .seed = 3, .keep = 1}},
        {"symble", 0, 0, {.name = "entropy", .sample = 20, .seed = 2, .keep = 1}},
        {"symble", 5, 5, {.name = "random", .sample = 200, .seed = 5, .keep = 1}},
        {"symble", 4, 5, {.name = "montecarlo", .iterations = 10, .sample = 6, .seed = 5, .keep = 1}},
        {"mastermind", 0, 0, {.name = "expected", .keep = 1}},
        {"wordle", 4, 4, {.name = "random", .sample = 100, .seed = 8, .keep = 1}},
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        double t0 = now();
        world on = open_table(runs[k].preset, runs[k].colors, runs[k].pegs, CB_TABLE_ON);
        world off = open_table(runs[k].preset, runs[k].colors, runs[k].pegs, CB_TABLE_OFF);
        cb_sim_result a, b;
        CHECK(simulate(&on, runs[k].su, &a) == CB_OK && simulate(&off, runs[k].su, &b) == CB_OK);
        int same = a.games == b.games && a.total == b.total;
        for (size_t i = 0; same && i < a.games; i++) {
            same = a.game[i].secret == b.game[i].secret && a.game[i].played == b.game[i].played &&
                   fabs(a.game[i].removed - b.game[i].removed) < 1e-12;
            for (int t = 0; same && t < a.game[i].played; t++)
                same = a.game[i].path[t] == b.game[i].path[t];
        }
        CHECK_MSG(same, "%s %s: the games differ on the fly (total %llu against %llu)", runs[k].preset, runs[k].su.name,
                  (unsigned long long)a.total, (unsigned long long)b.total);
        cb_sim_result_release(&a);
        cb_sim_result_release(&b);
        close_world(&on);
        close_world(&off);
        if (getenv("CB_TEST_TIMES"))
            fprintf(stderr, "    %6.3f s  %s %s\n", now() - t0, runs[k].preset, runs[k].su.name);
    }
}

static int cancel_after(void *ctx, size_t done, size_t total)
{
    (void)total;
    *(size_t *)ctx = done;
    return done >= 100;
}

static void cancel(const world *mm)
{
    cb_strategy *s;
    cb_sim_options opt;
    cb_sim_result r;
    cb_error err;
    size_t seen = 0;
    volatile int stop = 1;
    cb_strategy_new(mm->table, NULL, &s, NULL);
    cb_sim_options_default(&opt);
    opt.progress = cancel_after;
    opt.progress_ctx = &seen;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_ECANCELED && seen >= 100 && r.games == 0);
    cb_sim_options_default(&opt);
    opt.cancel = &stop;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_ECANCELED);
    cb_strategy_free(s);
}

/* What the per-game callback saw: each game once, its record as the result keeps it. */
typedef struct told {
    size_t calls, limit;
    int *count;
    cb_sim_game *rec;
    uint32_t *paths; /* 16 per game */
    int paths_ok;
} told;

static int on_game(void *ctx, size_t index, const cb_sim_game *g)
{
    told *t = ctx;
    t->calls++;
    t->count[index]++;
    t->rec[index] = *g;
    t->paths_ok &= g->played <= 16;
    if (g->played <= 16)
        memcpy(t->paths + index * 16, g->path, (size_t)g->played * sizeof *g->path);
    return t->limit && t->calls >= t->limit;
}

static void per_game(const world *mm)
{
    cb_strategy *s;
    cb_sim_options opt;
    cb_sim_result r;
    cb_error err;
    size_t n = cb_game_secret_count(mm->game);
    told t = {0, 0, calloc(n, sizeof(int)), calloc(n, sizeof(cb_sim_game)), calloc(n * 16, sizeof(uint32_t)), 1};
    cb_strategy_new(mm->table, NULL, &s, NULL);
    cb_sim_options_default(&opt);
    opt.threads = 2;
    opt.keep_games = 1;
    opt.on_game = on_game;
    opt.on_game_ctx = &t;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_OK && r.games == n && t.calls == n && t.paths_ok);
    double longest = 0;
    for (size_t i = 0; i < r.games && t.calls == n; i++) {
        const cb_sim_game *a = &r.game[i], *b = &t.rec[i];
        CHECK_MSG(t.count[i] == 1 && a->secret == b->secret && a->guesses == b->guesses && a->won == b->won &&
                      a->played == b->played && a->removed == b->removed && a->seconds == b->seconds &&
                      memcmp(a->path, t.paths + i * 16, (size_t)a->played * sizeof *a->path) == 0,
                  "game %zu", i);
        CHECK(a->seconds >= 0 && a->seconds <= r.seconds + 1e-3);
        longest = a->seconds > longest ? a->seconds : longest;
    }
    CHECK(longest > 0);
    cb_sim_result_release(&r);
    t.limit = 10; /* a non-zero return cancels */
    t.calls = 0;
    CHECK(cb_simulate(mm->table, s, &opt, &r, &err) == CB_ECANCELED && t.calls == 10 && r.games == 0);
    cb_strategy_free(s);
    free(t.count);
    free(t.rec);
    free(t.paths);
}

#define TIMED(call)                                                                                                    \
    do {                                                                                                               \
        double t0 = now();                                                                                             \
        call;                                                                                                          \
        if (getenv("CB_TEST_TIMES"))                                                                                   \
            fprintf(stderr, "%6.3f s  %s\n", now() - t0, #call);                                                       \
    } while (0)

int main(void)
{
    world mm = open_world("mastermind"), w = open_world("wordle");
    TIMED(kooi());
    TIMED(wordle(&w));
    TIMED(hard_and_limits(&w));
    TIMED(random_baseline(&w));
    TIMED(threads(&mm));
    TIMED(one_turn_at_a_time(&w));
    TIMED(strategies(&mm, &w));
    TIMED(symble());
    TIMED(on_the_fly());
    TIMED(cancel(&mm));
    TIMED(per_game(&mm));
    close_world(&mm);
    close_world(&w);
    return check_done("test_simulate");
}
