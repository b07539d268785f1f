/*
 * test_threads.c: the library's entry points that the web server calls, from 8 threads at once,
 * each answer compared with the one a single thread gets. The server's request threads share games
 * and tables and make strategies, states, frequencies and coach rankings of their own; a hidden
 * static (strtok's, once in weights.c) gives spurious errors or wrong answers here, and the
 * ThreadSanitizer build (preset tsan) reports the race itself.
 */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "world.h"

#define THREADS 8
#define ROUNDS 6
#define RANKED 10

typedef struct expected {
    const cb_table *wordle, *mastermind;
    double *freq; /* the bundled Wordle frequencies, loaded alone */
    size_t found;
    cb_guess_index ranked[32][RANKED]; /* per strategy of the registry that ranks: its best guesses */
    size_t count[32];
    uint64_t coach_total[RANKED]; /* the coach's ranking of a Mastermind position */
    cb_guess_index coach_guess[RANKED];
    size_t coach_count;
} expected;

typedef struct worker {
    const expected *want;
    int failures; /* answers that differ from the single thread's, or errors */
    char why[640];
} worker;

/* The strategies compared: those that rank, take no argument and draw nothing at random. */
static int compared(const cb_strategy_info *info)
{
    return (info->traits & CB_TRAIT_RANKS) && !(info->traits & (CB_TRAIT_ARGUMENT | CB_TRAIT_RANDOM));
}

/* The table a strategy of the registry ranks on: Wordle's for the frequency strategies, else Mastermind's. */
static const cb_table *table_for(const expected *e, const cb_strategy_info *info)
{
    return info->traits & (CB_TRAIT_WEIGHTS | CB_TRAIT_WORDLE) ? e->wordle : e->mastermind;
}

static int position(const cb_table *t, cb_state **st, cb_error *err)
{
    int wordle = cb_game_length(cb_table_game(t)) == 5;
    int rc = cb_state_new(t, st);
    if (rc == CB_OK)
        rc = cb_state_apply_text(*st, wordle ? "salet=.Y..." : "1122=1B0W", NULL, NULL, err);
    if (rc == CB_OK && !wordle)
        rc = cb_state_apply_text(*st, "1344=1B1W", NULL, NULL, err);
    return rc;
}

/* The strategy's best RANKED guesses in the position, as a request thread of the server makes them. */
static int rank(const cb_table *t, const char *name, cb_guess_index *out, size_t *count, cb_error *err)
{
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = name;
    cfg.threads = 1;
    cb_strategy *s = NULL;
    cb_state *st = NULL;
    cb_guess_score sc[RANKED];
    int rc = cb_strategy_new(t, &cfg, &s, err);
    if (rc == CB_OK)
        rc = position(t, &st, err);
    if (rc == CB_OK)
        rc = cb_strategy_rank(s, st, RANKED, sc, count);
    for (size_t i = 0; rc == CB_OK && i < *count; i++)
        out[i] = sc[i].guess;
    cb_state_free(st);
    cb_strategy_free(s);
    return rc;
}

static int coach(const cb_table *t, uint64_t *total, cb_guess_index *guess, size_t *count, cb_error *err)
{
    cb_coach_options o;
    cb_coach_options_default(&o);
    o.limit = RANKED;
    o.threads = 1;
    cb_coach_rank k;
    cb_state *st = NULL;
    int rc = position(t, &st, err);
    if (rc == CB_OK)
        rc = cb_coach_rank_solve(t, st, &o, &k, err);
    if (rc == CB_OK) {
        *count = k.count;
        for (size_t i = 0; i < k.count; i++) {
            total[i] = k.guesses[i].total;
            guess[i] = k.guesses[i].guess;
        }
        cb_coach_rank_release(&k);
    }
    cb_state_free(st);
    return rc;
}

static void fail(worker *w, const char *what, const char *detail)
{
    if (!w->failures++)
        snprintf(w->why, sizeof w->why, "%s: %s", what, detail);
}

/* A game and its table made in the thread (the server makes a game on its first request). */
static void own_game(worker *w)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_error err;
    cb_game_config_preset("mastermind", &cfg);
    if (cb_game_new(&cfg, &g, &err) != CB_OK || cb_table_new(g, NULL, &t, &err) != CB_OK)
        fail(w, "mastermind", err.message);
    else if (cb_game_secret_count(g) != 1296)
        fail(w, "mastermind", "not 1296 secrets");
    cb_table_free(t);
    cb_game_free(g);
}

static void *work(void *p)
{
    worker *w = p;
    const expected *e = w->want;
    cb_error err;
    for (int round = 0; round < ROUNDS; round++) {
        for (int k = 0; k < 4; k++) {
            double *f = NULL;
            size_t found = 0;
            if (cb_frequency_load(cb_table_game(e->wordle), NULL, &f, &found, &err) != CB_OK)
                fail(w, "cb_frequency_load", err.message);
            else if (found != e->found ||
                     memcmp(f, e->freq, cb_game_secret_count(cb_table_game(e->wordle)) * sizeof *f) != 0)
                fail(w, "cb_frequency_load", "other weights than a single thread's");
            free(f);
        }
        for (size_t i = 0, r = 0; i < cb_strategy_count(); i++) {
            const cb_strategy_info *info = cb_strategy_at(i);
            if (!compared(info))
                continue;
            cb_guess_index got[RANKED];
            size_t n = 0;
            if (rank(table_for(e, info), info->name, got, &n, &err) != CB_OK)
                fail(w, info->name, err.message);
            else if (n != e->count[r] || memcmp(got, e->ranked[r], n * sizeof *got) != 0)
                fail(w, info->name, "another ranking than a single thread's");
            r++;
        }
        if (round == 0) {
            uint64_t total[RANKED];
            cb_guess_index guess[RANKED];
            size_t n = 0;
            if (coach(e->mastermind, total, guess, &n, &err) != CB_OK)
                fail(w, "cb_coach_rank_solve", err.message);
            else if (n != e->coach_count || memcmp(total, e->coach_total, n * sizeof *total) != 0 ||
                     memcmp(guess, e->coach_guess, n * sizeof *guess) != 0)
                fail(w, "cb_coach_rank_solve", "another ranking than a single thread's");
            own_game(w);
        }
    }
    return NULL;
}

int main(void)
{
    world wordle = open_world("wordle"), mm = open_world("mastermind");
    expected e;
    memset(&e, 0, sizeof e);
    e.wordle = wordle.table;
    e.mastermind = mm.table;
    cb_error err;
    CHECK(cb_frequency_load(wordle.game, NULL, &e.freq, &e.found, &err) == CB_OK);
    CHECK(e.found > 2000);
    size_t r = 0;
    for (size_t i = 0; i < cb_strategy_count(); i++) {
        const cb_strategy_info *info = cb_strategy_at(i);
        if (!compared(info))
            continue;
        CHECK(r < 32);
        CHECK_MSG(rank(table_for(&e, info), info->name, e.ranked[r], &e.count[r], &err) == CB_OK, "%s: %s", info->name,
                  err.message);
        CHECK(e.count[r] > 0);
        r++;
    }
    CHECK(r >= 8);
    CHECK(coach(mm.table, e.coach_total, e.coach_guess, &e.coach_count, &err) == CB_OK);
    CHECK(e.coach_count > 0);

    pthread_t t[THREADS];
    worker w[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].want = &e;
        CHECK(pthread_create(&t[i], NULL, work, &w[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK_MSG(w[i].failures == 0, "thread %d: %d wrong answers, the first %s", i, w[i].failures, w[i].why);
    }
    free(e.freq);
    close_world(&mm);
    close_world(&wordle);
    return check_done("test_threads");
}
