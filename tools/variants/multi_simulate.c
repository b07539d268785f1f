/* multi_simulate.c: `simulate --game quordle`: strategies on the same seeded sample of k-tuples of secrets. */
#include <stdlib.h>
#include <string.h>

#include "variants.h"

#define MULTI_DEFAULT_SAMPLE 1000
#define MULTI_MAX_SAMPLE 10000000L
#define MULTI_DEFAULT_STRATEGIES "sum-entropy,sum-expected,one-by-one"

static const char *const unsupported[] = {"csv", "tree", "tree-format", "mapping"};

/* The columns of the distribution: the fewest and most guesses any strategy won in. */
static void hist_range(const cb_multi_sim_result *r, size_t n, int max, int *lo, int *hi)
{
    *lo = max;
    *hi = 1;
    for (size_t i = 0; i < n; i++)
        for (int g = 1; g <= max; g++)
            if (r[i].hist[g]) {
                if (g < *lo)
                    *lo = g;
                if (g > *hi)
                    *hi = g;
            }
    if (*lo > *hi)
        *lo = *hi = max;
}

static void print_table(cb_multi_strategy **s, const cb_multi_sim_result *r, size_t n, int max)
{
    int lo, hi;
    hist_range(r, n, max, &lo, &hi);
    printf("%-30s %7s %8s %8s %9s", "strategy", "wins", "won %", "average", "boards");
    for (int g = lo; g <= hi; g++)
        printf(" %6d", g);
    printf(" %6s %10s\n", "lost", "ms/game");
    for (size_t i = 0; i < n; i++) {
        double games = r[i].games ? r[i].games : 1;
        printf("%-30s %7u %8.2f %8.4f %9.4f", cb_multi_strategy_name(s[i]), r[i].wins, 100.0 * r[i].wins / games,
               r[i].wins ? (double)r[i].guesses_won / r[i].wins : 0.0, (double)r[i].boards_solved / games);
        for (int g = lo; g <= hi; g++)
            printf(" %6u", r[i].hist[g]);
        printf(" %6u %10.3f\n", r[i].games - r[i].wins, 1000.0 * r[i].seconds / games);
    }
    printf("\nwins: games with every board solved within %d guesses; average: guesses of the games won;\n"
           "boards: boards solved per game; columns %d to %d: games won in that many guesses;\n"
           "ms/game: the strategy's wall time over its games, on every thread given.\n",
           max, lo, hi);
}

/* One JSON object per strategy, a line each; 0, or the exit status after an error. */
static int print_json(cb_multi_strategy **s, const cb_multi_sim_result *r, size_t n, int boards, int max,
                      const cb_multi_sim_options *o)
{
    for (size_t i = 0; i < n; i++) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "strategy", cb_multi_strategy_name(s[i]));
        cb_json_kint(&j, "boards", boards);
        cb_json_kint(&j, "max_guesses", max);
        cb_json_kuint(&j, "seed", o->seed);
        cb_json_kuint(&j, "games", r[i].games);
        cb_json_kuint(&j, "wins", r[i].wins);
        cb_json_key(&j, "average");
        cb_json_printf(&j, "%.6f", r[i].wins ? (double)r[i].guesses_won / r[i].wins : 0.0);
        cb_json_kuint(&j, "boards_solved", r[i].boards_solved);
        cb_json_key(&j, "seconds");
        cb_json_printf(&j, "%.3f", r[i].seconds);
        cb_json_key(&j, "distribution");
        cb_json_raw(&j, "[");
        for (int g = 1; g <= max; g++) {
            cb_json_sep(&j);
            cb_json_uint(&j, r[i].hist[g]);
        }
        cb_json_raw(&j, "]}");
        int rc = cli_json_print(&j);
        if (rc)
            return rc;
    }
    return 0;
}

int multi_simulate(cli *c)
{
    cli_variant_t v;
    cb_error err;
    int ok = 1, rc;
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (cli_get(c, unsupported[i]))
            return cli_fail(CB_EINVAL,
                            "--%s is for one board: several boards take --sample, --seed, --strategy, "
                            "--max-guesses and --json",
                            unsupported[i]);
    if ((rc = cli_no_args(c)) != 0 || (rc = cli_variant(c, &v)) != 0)
        return rc;
    cb_multi_sim_options o = {v.boards, 0, 0, 0, 0, NULL};
    o.games = (uint32_t)cli_int(c, "sample", MULTI_DEFAULT_SAMPLE, 1, MULTI_MAX_SAMPLE, &ok);
    o.max_guesses = ok ? (int)cli_int(c, "max-guesses", 0, 1, CB_MULTI_MAX_TURNS, &ok) : 0;
    o.seed = ok ? cli_seed(c, &ok) : 0;
    o.threads = ok ? cli_threads(c, &ok) : 0;
    if (!ok)
        return 2;
    if ((rc = cli_open_game(c)) != 0)
        return rc;
    int max = o.max_guesses ? o.max_guesses : cb_multi_default_max_guesses(c->game, v.boards);
    cb_multi_strategy **s;
    size_t n;
    if ((rc = cli_make_multi_strategies(c, MULTI_DEFAULT_STRATEGIES, &s, &n)) != 0)
        return rc;
    cb_multi_sim_result *r = calloc(n, sizeof *r);
    if (!r) {
        cli_free_multi_strategies(s, n);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    int json = cli_flag(c, "json");
    if (!json) {
        printf("%d boards of %s, at most %d guesses\n", v.boards, cb_game_name(c->game), max);
        printf("%u games of %d different secrets each, drawn with --seed %llu (the same games for every strategy)\n\n",
               o.games, v.boards, (unsigned long long)o.seed);
        fflush(stdout);
    }
    if (cb_multi_simulate(c->table, s, n, &o, r, &err) != CB_OK)
        rc = cli_fail_err(&err);
    else if (json)
        rc = print_json(s, r, n, v.boards, max, &o);
    else
        print_table(s, r, n, max);
    free(r);
    cli_free_multi_strategies(s, n);
    return rc;
}
