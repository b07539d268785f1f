/* cli_strategy.c: the strategy options every playing command shares, and GUESS=FEEDBACK histories. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_opt strategy_opts[] = {
    {"strategy", "NAMES",
     "minimax, expected, parts (default), entropy, entropy-knuth, random, random-any, "
     "montecarlo, frequency, entropy-frequency, first; several comma-separated"},
    {"first", "GUESS", "play GUESS as the first guess"},
    {"candidates-only", NULL, "every guess must be a remaining candidate"},
    {"target-turn", "T", "guesses from turn T on must be candidates (random-any: default 3)"},
    {"tie", "RULE", "first (default: prefer a candidate, then the lowest index) or random"},
    {"seed", "S", "seed of everything random (default 0)"},
    {"iterations", "N", "montecarlo: random continuations per guess (default 100)"},
    {"freq", "FILE", "word frequencies, lines of 'word weight' (default: bundled for 5-letter words)"},
    {NULL, NULL, NULL},
};
const cli_group cli_strategy_group = {"strategy", strategy_opts};

uint64_t cli_seed(const cli *c, int *ok)
{
    const char *v = cli_get(c, "seed");
    if (!v)
        return 0;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (*v == '\0' || *v == '-' || *end != '\0' || errno) {
        cli_fail(CB_EINVAL, "--seed: '%s' is not a whole number from 0 to 2^64-1", v);
        *ok = 0;
        return 0;
    }
    return (uint64_t)x;
}

/* The strategy options common to every name of --strategy. */
static int base_config(const cli *c, cb_strategy_config *cfg)
{
    int ok = 1;
    cb_error err;
    cb_strategy_config_default(cfg);
    cfg->candidates_only = cli_flag(c, "candidates-only");
    cfg->target_turn = (int)cli_int(c, "target-turn", 0, 1, 1000, &ok);
    cfg->iterations = ok ? (int)cli_int(c, "iterations", 0, 1, 1000000, &ok) : 0;
    cfg->threads = ok ? cli_threads(c, &ok) : 0;
    cfg->seed = ok ? cli_seed(c, &ok) : 0;
    if (!ok)
        return 2;
    cfg->hard = cli_flag(c, "hard");
    cfg->frequency_path = cli_get(c, "freq");
    const char *tie = cli_get(c, "tie");
    if (tie && strcmp(tie, "random") == 0)
        cfg->tie = CB_TIE_RANDOM;
    else if (tie && strcmp(tie, "first") != 0)
        return cli_fail(CB_EINVAL, "--tie: '%s' is not first or random", tie);
    const char *first = cli_get(c, "first");
    if (first) {
        if (cb_game_parse_code(c->game, first, &cfg->first_guess, &err) != CB_OK)
            return cli_fail(err.code, "--first: %s", err.message);
    }
    return 0;
}

int cli_make_strategies(const cli *c, const char *default_name, cb_strategy ***out, size_t *count)
{
    cb_strategy_config cfg;
    int rc = base_config(c, &cfg);
    const char *names = cli_get(c, "strategy");
    *out = NULL;
    *count = 0;
    if (rc)
        return rc;
    if (!names)
        names = default_name;
    char *list = strdup(names);
    cb_strategy **s = calloc(strlen(names) / 2 + 2, sizeof *s);
    if (!list || !s) {
        free(list);
        free(s);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    size_t n = 0;
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        cb_error err;
        cfg.name = name;
        if (cb_strategy_new(c->table, &cfg, &s[n], &err) != CB_OK) {
            rc = cli_fail_err(&err);
            break;
        }
        n++;
    }
    free(list);
    if (rc == 0 && n == 0)
        rc = cli_fail(CB_EINVAL, "--strategy: no strategy named");
    if (rc) {
        cli_free_strategies(s, n);
        return rc;
    }
    *out = s;
    *count = n;
    return 0;
}

void cli_free_strategies(cb_strategy **s, size_t count)
{
    for (size_t i = 0; s && i < count; i++)
        cb_strategy_free(s[i]);
    free(s);
}

/* The options that make every allowed word a possible answer, for a message; "" when there are none. */
static void wider_options(const cli *c, char *buf, size_t size)
{
    const char *lists = cli_get(c, "lists"), *guesses = cli_get(c, "guesses");
    const cb_word_lists *l = cb_word_lists_find(lists ? lists : "original");
    buf[0] = '\0';
    if (guesses)
        snprintf(buf, size, " (--words %s takes every allowed word as a possible answer)", guesses);
    else if (!cli_get(c, "answers") && l && l->wider)
        snprintf(buf, size, " (--lists %s takes every allowed word as a possible answer)", l->wider);
}

/* Feedback fb of guess gi (typed as arg, after i turns) fits no candidate: say so, and which allowed words fit. */
static int contradiction(const cli *c, const cb_state *st, const char *arg, int i, uint32_t gi, uint32_t fb)
{
    char after[64] = "", words[160] = "", hint[160];
    uint32_t fit[4];
    size_t nfit = 0, used = 0;
    if (i > 0)
        snprintf(after, sizeof after, " after the %d feedback%s before it", i, i > 1 ? "s" : "");
    int wider = cb_game_guess_count(c->game) > cb_game_secret_count(c->game);
    if (wider)
        nfit = cb_state_fit_guesses(st, gi, fb, fit, 4);
    if (nfit == 0)
        return cli_fail(CB_ECONTRADICT, "no %s gives %s%s%s", wider ? "answer nor any allowed word" : "secret", arg,
                        after, i > 0 ? ": the history contradicts itself" : "");
    for (size_t k = 0; k < nfit && k < 4; k++) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(c->game, fit[k], w, sizeof w);
        used += (size_t)snprintf(words + used, sizeof words - used, " %s", w);
    }
    wider_options(c, hint, sizeof hint);
    return cli_fail(CB_ECONTRADICT, "no answer of the list gives %s%s, but %zu allowed word%s would:%s%s%s", arg, after,
                    nfit, nfit == 1 ? "" : "s", words, nfit > 4 ? " ..." : "", hint);
}

int cli_apply_history(const cli *c, cb_state *st, char **args, int n)
{
    for (int i = 0; i < n; i++) {
        char *arg = args[i], *eq = strchr(arg, '=');
        uint32_t guess, fb;
        cb_error err;
        char why[160];
        if (!eq)
            return cli_fail(CB_EINVAL, "'%s' is not GUESS=FEEDBACK", arg);
        *eq = '\0';
        int rc = cb_game_parse_code(c->game, arg, &guess, &err);
        if (rc == CB_OK)
            rc = cb_game_parse_feedback(c->game, eq + 1, &fb, &err);
        *eq = '=';
        if (rc != CB_OK)
            return cli_fail_err(&err);
        if (!cb_state_legal(st, guess, why, sizeof why))
            return cli_fail(CB_EILLEGAL, "%s: %s", arg, why);
        rc = cb_state_apply(st, guess, fb);
        if (rc == CB_ECONTRADICT)
            return contradiction(c, st, arg, i, guess, fb);
        if (rc != CB_OK)
            return cli_fail(rc, "%s: %s", arg, cb_strerror(rc));
    }
    return 0;
}
