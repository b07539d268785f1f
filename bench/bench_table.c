/*
 * bench_table.c: wall time to build the feedback table of the bundled
 * Wordle lists: 12972 guesses x 2315 answers, and 12972 x 12972 (every
 * allowed word a secret). Prints the best and median of several runs.
 * usage: bench_table [RUNS] [THREADS]; CB_CPU_LEVEL=scalar|avx2|avx512 caps the kernel's level.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "codebreaker/codebreaker.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench(const char *what, const cb_game_config *cfg, int runs, int threads)
{
    cb_game *g;
    cb_error err;
    double t[64];
    if (cb_game_new(cfg, &g, &err) != CB_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    cb_table_options opt;
    cb_table_options_default(&opt);
    opt.mode = CB_TABLE_ON;
    opt.threads = threads;
    for (int r = 0; r < runs; r++) {
        cb_table *table;
        if (cb_table_new(g, &opt, &table, &err) != CB_OK) {
            fprintf(stderr, "%s\n", err.message);
            return 1;
        }
        t[r] = cb_table_build_seconds(table);
        cb_table_free(table);
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    printf("%-28s %5u x %5u  best %.3f s  median %.3f s  (%d runs, %s threads)\n", what, cb_game_guess_count(g),
           cb_game_secret_count(g), t[0], t[runs / 2], runs, threads ? "requested" : "all");
    cb_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 7, threads = argc > 2 ? atoi(argv[2]) : 0;
    if (runs < 1 || runs > 64)
        runs = 7;
    bench_cap_level();
    bench_machine(); /* the table's kernel: the processor's level, capped by CB_CPU_LEVEL */
    cb_game_config cfg;
    cb_game_config_default(&cfg);
    int rc = bench("wordle answers", &cfg, runs, threads);
    cfg.answers_path = cfg.guesses_path = NULL;
    cb_game_config_preset("symble", &cfg);
    rc |= bench("symble answers", &cfg, runs, threads);
    /* every allowed word a secret: the answers list is the allowed list */
    cb_game_config_default(&cfg);
    const char *dir = getenv("CB_DATA");
    char path[4096];
    snprintf(path, sizeof path, "%s/wordle/allowed.txt", dir ? dir : "data");
    cfg.answers_path = path;
    cfg.guesses_path = path;
    rc |= bench("wordle all allowed", &cfg, runs, threads);
    cb_game_config_preset("mastermind", &cfg);
    rc |= bench("mastermind 6x4", &cfg, runs, threads);
    return rc;
}
