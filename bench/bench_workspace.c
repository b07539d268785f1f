/*
 * bench_workspace.c: the exact solver's searches one after another in one
 * process, as the coach, a review or the exact strategy runs them, each in
 * fresh memory (no workspace) against all in one kept workspace
 * (cb_optimal_options.workspace): minor page faults, user and system
 * seconds of the process over each round of searches (getrusage), rounds
 * alternated, medians printed; every search's total must be the same both
 * ways. Positions of the original Wordle lists after one guess, normal mode,
 * at most 6 guesses, one thread, a cache of 256 MiB (the coach's options).
 * usage: bench_workspace [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_clock.h"
#include "codebreaker/codebreaker.h"

static const char *const positions[] = {
    "salet=.Y...", "salet=..Y..", "salet=Y....", "crane=..Y..", "crane=.....", "crane=Y....",
    "roate=.Y...", "roate=..Y..", "trace=.G...", "slate=...Y.", "soare=.Y...", "adieu=Y....",
};
enum { NPOS = sizeof positions / sizeof positions[0], MAXROUNDS = 31 };

typedef struct figures {
    double faults, user, sys;
} figures;

static figures usage_now(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    figures f = {(double)u.ru_minflt, (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec,
                 (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec};
    return f;
}

/* Every position searched once (with ws, or fresh without); totals into tot. CB_OK or the first error. */
static int round_of(const cb_table *t, cb_optimal_workspace *ws, uint64_t *tot)
{
    for (int i = 0; i < NPOS; i++) {
        cb_state *st;
        cb_error err;
        int rc = cb_state_new(t, &st);
        if (rc == CB_OK)
            rc = cb_state_apply_text(st, positions[i], NULL, NULL, &err);
        if (rc == CB_OK)
            rc = cb_state_set_max_guesses(st, 6);
        cb_optimal_options o;
        cb_optimal_options_default(&o);
        o.from = st;
        o.threads = 1;
        o.cache_bytes = (size_t)256 << 20;
        o.workspace = ws;
        cb_optimal_result r;
        if (rc == CB_OK && (rc = cb_optimal_solve(t, &o, &r, &err)) == CB_OK) {
            tot[i] = r.total;
            cb_optimal_result_release(&r);
        }
        cb_state_free(st);
        if (rc != CB_OK) {
            fprintf(stderr, "%s: %s\n", positions[i], cb_strerror(rc));
            return rc;
        }
    }
    return CB_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    if (rounds < 1 || rounds > MAXROUNDS)
        rounds = 9;
    bench_cap_level();
    bench_machine();
    cb_game_config cfg;
    cb_game_config_default(&cfg);
    cb_game *g;
    cb_table *t;
    cb_error err;
    if (cb_game_new(&cfg, &g, &err) != CB_OK || cb_table_new(g, NULL, &t, &err) != CB_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    cb_optimal_workspace *ws;
    if (cb_optimal_workspace_new(&ws) != CB_OK)
        return 1;
    uint64_t fresh[NPOS], kept[NPOS];
    double d[2][3][MAXROUNDS];
    if (round_of(t, NULL, fresh) != CB_OK || round_of(t, ws, kept) != CB_OK) /* the table's copy, the heap */
        return 1;
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < 2; k++) {
            figures a = usage_now();
            if (round_of(t, k ? ws : NULL, k ? kept : fresh) != CB_OK)
                return 1;
            figures b = usage_now();
            d[k][0][r] = b.faults - a.faults;
            d[k][1][r] = b.user - a.user;
            d[k][2][r] = b.sys - a.sys;
            if (memcmp(fresh, kept, sizeof fresh) != 0) {
                fprintf(stderr, "bench_workspace: the totals differ with a workspace\n");
                return 1;
            }
        }
    printf("# %d searches a round, %d rounds alternated, medians of the process's figures a round\n", NPOS, rounds);
    for (int k = 0; k < 2; k++)
        printf("%-10s %8.0f faults  user %.3f s  system %.3f s\n", k ? "workspace" : "fresh", median(d[k][0], rounds),
               median(d[k][1], rounds), median(d[k][2], rounds));
    cb_optimal_workspace_free(ws);
    cb_table_free(t);
    cb_game_free(g);
    return 0;
}
