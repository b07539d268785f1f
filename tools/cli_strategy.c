/*
 * cli_strategy.c: the strategy options every playing command shares, the work of the strategies
 * (which chooses the table: cli_open_game), and GUESS=FEEDBACK histories.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_opt strategy_opts[] = {
    {"strategy", "NAMES",
     "the strategies to play (default: the rule's, parts for Wordle); several comma-separated, each with options of "
     "its own ('minimax,minimax --tie frequency --delay 2'); several boards: sum-entropy (default), sum-expected, "
     "one-by-one, or a name below played one board at a time",
     cli_strategy_names},
    {"first", "GUESS", "play GUESS as the first guess"},
    {"candidates-only", NULL, "every guess must be a remaining candidate"},
    {"target-turn", "T", "guesses from turn T on must be candidates (random-any: default 3)"},
    {"tie", "RULE",
     "first (default: prefer a candidate, then the lowest index), random, or frequency (a candidate, then the "
     "most frequent letters)"},
    {"delay", "N", "play a random candidate on turns 1 to N, then the strategy (the blog's delayed minimax)"},
    {"seed", "S", "seed of everything random (default 0)"},
    {"iterations", "N", "montecarlo: random continuations per guess (default 100)"},
    {"max-pairs", "N",
     "greedy: score at most N (candidate, guess) pairs a turn, else a fixed-seed sample of the guesses, candidates "
     "first (default 1.2e9 without a precomputed table; off: no bound; docs/limits.md)"},
    {"freq", "FILE", "word frequencies, lines of 'word weight' (default: bundled for 5-letter words; - for stdin)"},
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
    if (!cli_is_whole(v) || *v == '-' || *end != '\0' || errno) {
        cli_fail(CB_EINVAL, "--seed: '%s' is not a whole number from 0 to 2^64-1", v);
        *ok = 0;
        return 0;
    }
    return (uint64_t)x;
}

static int parse_tie(const char *v, cb_tie *tie)
{
    if (strcmp(v, "first") == 0)
        *tie = CB_TIE_FIRST;
    else if (strcmp(v, "random") == 0)
        *tie = CB_TIE_RANDOM;
    else if (strcmp(v, "frequency") == 0)
        *tie = CB_TIE_FREQUENCY;
    else
        return -1;
    return 0;
}

/* --max-pairs: a positive number of pairs, or off (-1); 0 on a bad value. */
static double parse_pairs(const char *v)
{
    char *end;
    if (strcmp(v, "off") == 0)
        return -1;
    errno = 0;
    double x = strtod(v, &end);
    return *end == '\0' && !errno && x >= 1 && x <= 1e18 ? x : 0;
}

/* A whole number from lo to hi, or -1. */
static long parse_count(const char *v, long lo, long hi)
{
    char *end;
    errno = 0;
    long x = v ? strtol(v, &end, 10) : -1;
    return v && cli_is_whole(v) && *end == '\0' && !errno && x >= lo && x <= hi ? x : -1;
}

/*
 * One item of --strategy: a name, then options of its own that override the shared ones, as
 * cb_strategy_name() prints them ("minimax --tie frequency --delay 2"), so that printed names play again.
 */
static int item_config(const cli *c, char *item, cb_strategy_config *cfg)
{
    char *save = NULL, *tok = strtok_r(item, " ", &save);
    cfg->name = tok ? tok : item;
    if (strcmp(cfg->name, "tree:-") == 0) /* the tree on standard input, as every file option takes - */
        cfg->name = strcmp(cli_stdin_path("--strategy tree:"), "-") == 0 ? cfg->name : "tree:/dev/stdin";
    while (tok && (tok = strtok_r(NULL, " ", &save)) != NULL) {
        const char *opt = tok;
        long x = 0;
        cb_error err;
        if (strcmp(opt, "--candidates-only") == 0) {
            cfg->candidates_only = 1;
            continue;
        }
        const char *v = strtok_r(NULL, " ", &save);
        if (!v)
            return cli_fail(CB_EINVAL, "--strategy '%s': %s needs a value", cfg->name, opt);
        if (strcmp(opt, "--tie") == 0 && parse_tie(v, &cfg->tie) == 0)
            continue;
        if (strcmp(opt, "--delay") == 0 && (x = parse_count(v, 0, 1000)) >= 0)
            cfg->delay = (int)x;
        else if (strcmp(opt, "--target-turn") == 0 && (x = parse_count(v, 1, 1000)) >= 0)
            cfg->target_turn = (int)x;
        else if (strcmp(opt, "--iterations") == 0 && (x = parse_count(v, 1, 1000000)) >= 0)
            cfg->iterations = (int)x;
        else if (strcmp(opt, "--max-pairs") == 0 && parse_pairs(v) != 0)
            cfg->max_pairs = parse_pairs(v);
        else if (strcmp(opt, "--first") == 0) {
            if (cb_game_parse_code(c->game, v, &cfg->first_guess, &err) != CB_OK)
                return cli_fail(err.code, "--strategy '%s': --first: %s", cfg->name, err.message);
        } else
            return cli_fail(CB_EINVAL,
                            "--strategy '%s': '%s %s' is not an option of a strategy (--tie, --delay, --first, "
                            "--candidates-only, --target-turn, --iterations, --max-pairs)",
                            cfg->name, opt, v);
    }
    return 0;
}

/* Whether the strategy of that name chooses one guess, so that a tie rule would be accepted and change nothing. */
static int has_no_ties(const char *name)
{
    const cb_strategy_info *info = cb_strategy_find(name);
    return info && (info->traits & CB_TRAIT_NO_TIES);
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
    cfg->delay = ok ? (int)cli_int(c, "delay", 0, 0, 1000, &ok) : 0;
    cfg->threads = ok ? cli_threads(c, &ok) : 0;
    cfg->seed = ok ? cli_seed(c, &ok) : 0;
    if (!ok)
        return 2;
    cfg->frequency_path = cli_input(c, "freq");
    const char *tie = cli_get(c, "tie");
    if (tie && parse_tie(tie, &cfg->tie) != 0)
        return cli_fail(CB_EINVAL, "--tie: '%s' is not first, random or frequency", tie);
    const char *pairs = cli_get(c, "max-pairs");
    if (pairs && (cfg->max_pairs = parse_pairs(pairs)) == 0)
        return cli_fail(CB_EINVAL, "--max-pairs: '%s' is not a number from 1 to 1e18, or off", pairs);
    const char *first = cli_get(c, "first");
    if (first) {
        if (cb_game_parse_code(c->game, first, &cfg->first_guess, &err) != CB_OK)
            return cli_fail(err.code, "--first: %s", err.message);
    }
    return 0;
}

/* Make the strategy of config `own` into slot i of the caller's array (ctx). */
typedef int (*make_fn)(const cli *c, cb_strategy_config *own, void *ctx, size_t i, cb_error *err);

/* The names of --strategy, or default_names. */
static const char *strategy_names(const cli *c, const char *default_names)
{
    const char *names = cli_get(c, "strategy");
    return names ? names : default_names;
}

/* Room for every item of names: they are at least two characters apart. */
static size_t most_items(const char *names)
{
    return strlen(names) / 2 + 2;
}

/*
 * Make every item of names, each with the shared options and its own, into the caller's array (ctx)
 * through make; *made gets how many were made (to release on failure). Prints the error and returns the
 * exit status on failure.
 */
static int make_each(const cli *c, const char *names, make_fn make, void *ctx, size_t *made)
{
    cb_strategy_config cfg;
    int rc = base_config(c, &cfg);
    *made = 0;
    if (rc)
        return rc;
    char *list = strdup(names);
    if (!list)
        return cli_fail(CB_ENOMEM, "out of memory");
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        cb_error err;
        cb_strategy_config own = cfg;
        if ((rc = item_config(c, name, &own)) != 0)
            break;
        if (own.tie != CB_TIE_FIRST && has_no_ties(own.name)) {
            rc = cli_fail(CB_EINVAL, "--tie %s: %s has no ties to break (it chooses no best among equals)",
                          own.tie == CB_TIE_RANDOM ? "random" : "frequency", own.name);
            break;
        }
        if (make(c, &own, ctx, *made, &err) != CB_OK) {
            rc = cli_fail_err(&err);
            break;
        }
        (*made)++;
    }
    free(list);
    if (rc == 0 && *made == 0)
        rc = cli_fail(CB_EINVAL, "--strategy: no strategy named");
    return rc;
}

static int make_single(const cli *c, cb_strategy_config *own, void *ctx, size_t i, cb_error *err)
{
    cb_strategy **s = ctx;
    return cb_strategy_new(c->table, own, &s[i], err);
}

int cli_make_strategies(const cli *c, const char *default_name, cb_strategy ***out, size_t *count)
{
    const char *names = strategy_names(c, default_name);
    cb_strategy **s = calloc(most_items(names), sizeof *s);
    *out = NULL;
    *count = 0;
    if (!s)
        return cli_fail(CB_ENOMEM, "out of memory");
    size_t n;
    int rc = make_each(c, names, make_single, s, &n);
    if (rc) {
        cli_free_strategies(s, n);
        return rc;
    }
    *out = s;
    *count = n;
    return 0;
}

int cli_check_freq_read(const cli *c, const char *default_names)
{
    const char *path = cli_get(c, "freq");
    char *list = path ? strdup(strategy_names(c, default_names)) : NULL;
    int reads = 0;
    if (!path)
        return 0;
    if (!list)
        return cli_fail(CB_ENOMEM, "out of memory");
    for (char *save = NULL, *item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *rest = NULL, *name = strtok_r(item, " ", &rest);
        const cb_strategy_info *info = name ? cb_strategy_find(name) : NULL;
        reads |= !info || (info->traits & CB_TRAIT_WEIGHTS); /* an unknown name is the maker's error */
    }
    free(list);
    return reads ? 0
                 : cli_fail(CB_EINVAL,
                            "--freq %s: no strategy of this run reads word frequencies (frequency and "
                            "entropy-frequency do)",
                            path);
}

int cli_strategies_cost(const cli *c, const char *default_names)
{
    char *list = strdup(strategy_names(c, default_names));
    int cost = CB_COST_NONE;
    if (!list)
        return -1;
    for (char *save = NULL, *item = strtok_r(list, ",", &save); item && cost >= 0; item = strtok_r(NULL, ",", &save)) {
        char *rest = NULL, *name = strtok_r(item, " ", &rest);
        const cb_strategy_info *info = name ? cb_strategy_find(name) : NULL;
        /* exact runs the exact solver, far faster with a precomputed table: whenever it fits */
        if (!info || info->cost == CB_COST_ROLLOUTS || info->cost == CB_COST_SECRETS ||
            strcmp(info->name, "exact") == 0)
            cost = -1;
        else if (info->cost == CB_COST_PARTITION)
            cost = CB_COST_PARTITION;
        else if (cost != CB_COST_PARTITION)
            cost = CB_COST_CANDIDATES;
    }
    free(list);
    return cost;
}

/* 1 when name is one of the multi-board strategies'. */
static int multi_name(const char *name)
{
    size_t n;
    const char *const *names = cb_multi_strategy_names(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

/* A multi-board name, or a single-board one played one board at a time. */
static int make_multi(const cli *c, cb_strategy_config *own, void *ctx, size_t i, cb_error *err)
{
    cb_multi_strategy **s = ctx;
    const char *multi = multi_name(own->name) ? own->name : "one-by-one";
    if (multi_name(own->name))
        own->name = NULL; /* one-by-one alone plays the library's default single-board strategy */
    return cb_multi_strategy_new(c->table, multi, own, &s[i], err);
}

int cli_make_multi_strategies(const cli *c, const char *default_names, cb_multi_strategy ***out, size_t *count)
{
    const char *names = strategy_names(c, default_names);
    cb_multi_strategy **s = calloc(most_items(names), sizeof *s);
    *out = NULL;
    *count = 0;
    if (!s)
        return cli_fail(CB_ENOMEM, "out of memory");
    size_t n;
    int rc = make_each(c, names, make_multi, s, &n);
    if (rc) {
        cli_free_multi_strategies(s, n);
        return rc;
    }
    *out = s;
    *count = n;
    return 0;
}

void cli_free_multi_strategies(cb_multi_strategy **s, size_t count)
{
    for (size_t i = 0; s && i < count; i++)
        cb_multi_strategy_free(s[i]);
    free(s);
}

void cli_free_strategies(cb_strategy **s, size_t count)
{
    for (size_t i = 0; s && i < count; i++)
        cb_strategy_free(s[i]);
    free(s);
}

void cli_wider_hint(const cli *c, char *buf, size_t size)
{
    const char *lists = c->gopts.lists, *guesses = c->gopts.guesses;
    const cb_word_lists *l = cb_word_lists_find(lists ? lists : "original");
    buf[0] = '\0';
    if (guesses)
        snprintf(buf, size, " (--words %s takes every allowed word as a possible answer)", guesses);
    else if (!c->gopts.answers && l && l->wider)
        snprintf(buf, size, " (--lists %s takes every allowed word as a possible answer)", l->wider);
}

const cb_word_lists *cli_lists_with_answer(const cli *c, const char *word)
{
    const char *mine = c->gopts.lists ? c->gopts.lists : "original";
    size_t count;
    const cb_word_lists *all = cb_word_lists_all(&count);
    cb_game_config base;
    if (c->gopts.answers || c->gopts.guesses || !cb_word_lists_find(mine) || cli_game_config(c, &base) != 0)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        cb_game_config cfg = base;
        cb_game *g;
        cb_error err;
        uint32_t code;
        /* lists of their own answers (not every allowed word), other than the game's */
        if (!all[i].guesses || strcmp(all[i].name, mine) == 0)
            continue;
        if (cb_game_config_lists(&cfg, all[i].name, &err) != CB_OK || cb_game_new(&cfg, &g, &err) != CB_OK)
            continue;
        int found = cb_game_parse_secret(g, word, &code, &err) == CB_OK;
        cb_game_free(g);
        if (found)
            return &all[i];
    }
    return NULL;
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
    cli_wider_hint(c, hint, sizeof hint);
    return cli_fail(CB_ECONTRADICT, "no answer of the list gives %s%s, but %zu allowed word%s would:%s%s%s", arg, after,
                    nfit, nfit == 1 ? "" : "s", words, nfit > 4 ? " ..." : "", hint);
}

int cli_apply_history(const cli *c, cb_state *st, char **args, int n)
{
    for (int i = 0; i < n; i++) {
        uint32_t guess, fb;
        cb_error err;
        int rc = cb_state_apply_text(st, args[i], &guess, &fb, &err);
        if (rc == CB_ECONTRADICT)
            return contradiction(c, st, args[i], i, guess, fb);
        if (rc != CB_OK)
            return cli_fail(rc, "%s", err.message);
    }
    return 0;
}

/*
 * The games walk one decision tree, so a state is decided once however many games reach it. A
 * strategy that scores every guess against a state's candidates reads guesses x candidates pairs
 * there; the candidates of the scored states are counted as follows: the first state is all the
 * secrets (unless --first gives the opener), each game meets about CLI_PATH_SHARE of the secrets in the
 * states after it (the second turn's part dominates: 1/20 to 1/100 of the secrets for good openers),
 * and all the games together meet each secret in at most CLI_SCORED_TURNS scored states.
 * Overestimates favour the table. Other strategies read about one pair per candidate (the state's
 * filter).
 */
#define CLI_PATH_SHARE (1.0 / 16)
#define CLI_SCORED_TURNS 3.0

double cli_games_work(cli *c, double games)
{
    const cb_game *g = c->game;
    double secrets = cb_game_secret_count(g);
    double met = games * secrets * CLI_PATH_SHARE;
    int cost = cli_strategies_cost(c, cli_default_strategy(c));
    if (met > secrets * CLI_SCORED_TURNS)
        met = secrets * CLI_SCORED_TURNS;
    if (!cli_get(c, "first"))
        met += secrets;
    if (cost < 0)
        return 0; /* not modelled: precompute whenever the table fits */
    return cost == CB_COST_PARTITION ? met * cb_game_guess_count(g) : met;
}

int cli_open_game_games(cli *c, double games)
{
    cb_table_mode mode;
    int rc = cli_open_game_only(c);
    if (!rc)
        rc = cli_table_mode(c, CB_TABLE_AUTO, &mode);
    return rc ? rc : cli_open_table_work(c, c->game, mode, games < 0 ? 0 : cli_games_work(c, games), &c->table);
}

int cli_open_game(cli *c)
{
    return cli_open_game_games(c, -1);
}
