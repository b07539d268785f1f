/* cmd_simulate.c: `codebreaker simulate`: strategies played against every secret, measured. */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "progress.h"

#define BAR_WIDTH 28

typedef struct run {
    cb_strategy *s;
    cb_sim_result r;
} run;

/* The progress display of one strategy's games: the caller owns both; label is read at each call. */
typedef struct progress {
    cli_progress bar;
    const char *label;
} progress;

/* cb_simulate's progress callback (one call at a time): draws on the terminal, never cancels. */
static int show_progress(void *ctx, size_t done, size_t total)
{
    progress *p = ctx;
    cli_progress_show(&p->bar, done == total, total ? (double)done / (double)total : 1.0, p->label, "%zu/%zu games",
                      done, total);
    return 0;
}

/* The options part of a strategy's name ("" when none). */
static const char *name_options(const cb_strategy *s)
{
    const char *name = cb_strategy_name(s), *opt = strstr(name, " --");
    return opt ? opt : name + strlen(name);
}

/* 1 when every strategy has the same options (then they are printed once, above the table). */
static int shared_options(const run *runs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (strcmp(name_options(runs[i].s), name_options(runs[0].s)) != 0)
            return 0;
    return 1;
}

/* Strategy i's name in the table: without its options when they are shared, else whole. */
static void base_name(const run *runs, size_t n, size_t i, char *out, size_t size)
{
    const char *name = cb_strategy_name(runs[i].s);
    int len = shared_options(runs, n) ? (int)(name_options(runs[i].s) - name) : (int)strlen(name);
    snprintf(out, size, "%.*s", len, name);
}

static void format_guess(const cb_game *g, uint32_t gi, char *buf, size_t size)
{
    if (gi == CB_NONE)
        snprintf(buf, size, "(varies)");
    else
        cb_game_format_code(g, gi, buf, size);
}

/* One row of the side-by-side table: a label, then one cell per strategy. */
static void row(const char *label, char (*cells)[48], size_t n, int width)
{
    printf("%-24s", label);
    for (size_t i = 0; i < n; i++)
        printf("%*s", width, cells[i]);
    printf("\n");
}

static void print_table(const cli *c, run *runs, size_t n, int width)
{
    char(*cells)[48] = calloc(n, sizeof *cells), label[64];
    const cb_game *g = c->game;
    if (!cells)
        return;
#define ROW(lbl, ...)                                                                                                  \
    do {                                                                                                               \
        for (size_t i = 0; i < n; i++) {                                                                               \
            const cb_sim_result *r = &runs[i].r;                                                                       \
            (void)r;                                                                                                   \
            snprintf(cells[i], sizeof cells[i], __VA_ARGS__);                                                          \
        }                                                                                                              \
        row(lbl, cells, n, width);                                                                                     \
    } while (0)
    for (size_t i = 0; i < n; i++)
        base_name(runs, n, i, cells[i], sizeof cells[i]);
    row("strategy", cells, n, width);
    ROW("games", "%zu", r->games);
    ROW("total guesses", "%llu", (unsigned long long)r->total);
    ROW("average", "%.4f", r->average);
    ROW("median", "%g", r->median);
    ROW("standard deviation", "%.4f", r->stddev);
    ROW("best / worst case", "%d / %d", r->min, r->max);
    snprintf(label, sizeof label, "wins within %d", runs[0].r.wins_within);
    ROW(label, "%zu (%.2f%%)", r->wins, 100.0 * (double)r->wins / (double)r->games);
    if (runs[0].r.lost)
        ROW("lost (scored max + 1)", "%zu", r->lost);
    for (size_t i = 0; i < n; i++)
        format_guess(g, runs[i].r.first_guess, cells[i], sizeof cells[i]);
    row("first guess", cells, n, width);
    ROW("removed per turn", "%.2f%%", 100.0 * r->removed);
    ROW("states scored", "%zu", r->states);
    int sampled = 0;
    for (size_t i = 0; i < n; i++)
        sampled |= cb_strategy_bounded(runs[i].s) > 0;
    if (sampled) /* a sampled pool of guesses in big games (--max-pairs, docs/limits.md) */
        for (size_t i = 0; i < n; i++)
            snprintf(cells[i], sizeof cells[i], "%llu", cb_strategy_bounded(runs[i].s));
    if (sampled)
        row("states sampled", cells, n, width);
    ROW("time per game", "%.3f ms", 1000.0 * r->seconds / (double)r->games);
    ROW("time in all", "%.3f s", r->seconds);
#undef ROW
    free(cells);
}

/* Bars in eighths of a block on UTF-8 terminals, else in '#'. */
static void bar(double len, int utf8)
{
    static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    int full = (int)len, part = (int)((len - full) * 8), used = full + (part > 0);
    for (int i = 0; i < full; i++)
        fputs(utf8 ? "█" : "#", stdout);
    if (part > 0)
        fputs(utf8 ? eighths[part] : "#", stdout);
    printf("%*s", BAR_WIDTH - used, "");
}

static int utf8_locale(void)
{
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8");
    }
    return 0;
}

static void print_histogram(run *runs, size_t n)
{
    int lo = runs[0].r.min, hi = 0, utf8 = utf8_locale();
    uint64_t top = 1;
    for (size_t i = 0; i < n; i++) {
        const cb_sim_result *r = &runs[i].r;
        lo = r->min < lo ? r->min : lo;
        hi = r->max > hi ? r->max : hi;
        for (size_t g = 0; g < r->distribution_len; g++)
            top = r->distribution[g] > top ? r->distribution[g] : top;
    }
    printf("\ndistribution of guesses per game\n%-8s", "guesses");
    for (size_t i = 0; i < n; i++) {
        char name[48];
        base_name(runs, n, i, name, sizeof name);
        printf("  %-*.*s", BAR_WIDTH + 7, BAR_WIDTH + 7, name);
    }
    printf("\n");
    for (int g = lo; g <= hi; g++) {
        int lost = runs[0].r.lost && g == runs[0].r.max;
        if (lost)
            printf("%-8s", "lost");
        else
            printf("%-8d", g);
        for (size_t i = 0; i < n; i++) {
            const cb_sim_result *r = &runs[i].r;
            uint64_t count = (size_t)g < r->distribution_len ? r->distribution[g] : 0;
            printf("  %6llu ", (unsigned long long)count);
            bar((double)count / (double)top * BAR_WIDTH, utf8);
        }
        printf("\n");
    }
}

/* One strategy's line of --json; 0 or the exit status. */
static int print_json(const cli *c, const run *u, uint64_t seed, size_t sample, int max_guesses)
{
    const cb_sim_result *r = &u->r;
    char word[CB_MAX_LENGTH * 4 + 1];
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "strategy", r->strategy);
    cb_json_kstr(&j, "game", cb_game_name(c->game));
    cb_json_kbool(&j, "hard", c->hard != CB_HARD_NONE); /* the position's mode, which no strategy's name carries */
    cb_json_kuint(&j, "games", r->games);
    cb_json_kuint(&j, "sample", sample);
    cb_json_kuint(&j, "seed", seed);
    if (max_guesses)
        cb_json_kint(&j, "max_guesses", max_guesses);
    else
        cb_json_knull(&j, "max_guesses");
    cb_json_kuint(&j, "total", r->total);
    cb_json_kfixed(&j, "average", r->average, 6);
    cb_json_key(&j, "median");
    cb_json_printf(&j, "%g", r->median);
    cb_json_kfixed(&j, "stddev", r->stddev, 6);
    cb_json_kint(&j, "min", r->min);
    cb_json_kint(&j, "max", r->max);
    cb_json_key(&j, "distribution");
    cb_json_raw(&j, "[");
    for (size_t g = 0; g < r->distribution_len; g++) {
        cb_json_sep(&j);
        cb_json_uint(&j, r->distribution[g]);
    }
    cb_json_raw(&j, "]");
    cb_json_kuint(&j, "lost", r->lost);
    cb_json_key(&j, "wins_within");
    cb_json_raw(&j, "{");
    cb_json_kint(&j, "guesses", r->wins_within);
    cb_json_kuint(&j, "games", r->wins);
    cb_json_kfixed(&j, "share", (double)r->wins / (double)r->games, 6);
    cb_json_raw(&j, "}");
    if (r->first_guess == CB_NONE)
        cb_json_knull(&j, "first_guess");
    else {
        cb_game_format_code(c->game, r->first_guess, word, sizeof word);
        cb_json_kstr(&j, "first_guess", word);
    }
    cb_json_kfixed(&j, "removed", r->removed, 6);
    cb_json_kuint(&j, "states", r->states);
    cb_json_kuint(&j, "states_sampled", cb_strategy_bounded(u->s));
    cb_json_kfixed(&j, "seconds", r->seconds, 3);
    cb_json_kbool(&j, "table_precomputed", cb_table_precomputed(c->table));
    cb_json_kfixed(&j, "table_seconds", cb_table_build_seconds(c->table), 3);
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

/* The guesses of game g separated by spaces, in *line (grown as needed); 0, or -1 out of memory. */
static int path_text(const cb_game *game, const cb_sim_game *g, char **line, size_t *cap)
{
    size_t need = (size_t)g->played * (CB_MAX_LENGTH * 4 + 1) + 1, len = 0;
    if (need > *cap) {
        char *bigger = realloc(*line, need);
        if (!bigger)
            return -1;
        *line = bigger;
        *cap = need;
    }
    (*line)[0] = '\0';
    for (int t = 0; t < g->played; t++) {
        if (t)
            (*line)[len++] = ' ';
        cb_game_format_code(game, g->path[t], *line + len, *cap - len);
        len += strlen(*line + len);
    }
    return 0;
}

static int write_csv(const cli *c, const char *path, const run *runs, size_t n)
{
    out_file o;
    int symble = cb_game_rule_info(c->game)->hidden;
    char word[CB_MAX_LENGTH * 4 + 1], *line = NULL;
    size_t cap = 0;
    int rc = out_open(&o, "--csv", path);
    if (rc)
        return rc;
    fprintf(o.f, "strategy,secret,guesses,won,path%s\n", symble ? ",mapping" : "");
    for (size_t i = 0; i < n && !ferror(o.f); i++)
        for (size_t k = 0; k < runs[i].r.games; k++) {
            const cb_sim_game *g = &runs[i].r.game[k];
            out_csv_field(o.f, runs[i].r.strategy);
            cb_game_format_code(c->game, cb_game_secret_guess(c->game, g->secret), word, sizeof word);
            fputc(',', o.f);
            out_csv_field(o.f, word);
            fprintf(o.f, ",%d,%d,", g->guesses, g->won);
            if (path_text(c->game, g, &line, &cap) != 0) {
                out_abandon(&o);
                free(line);
                return cli_fail(CB_ENOMEM, "out of memory");
            }
            out_csv_field(o.f, line);
            if (symble) {
                char m[4];
                cb_game_mapping_name(g->mapping, m);
                fprintf(o.f, ",%s", m);
            }
            fputc('\n', o.f);
        }
    free(line);
    return out_commit(&o, "--csv");
}

/* The feedback the codebreaker saw when guess gi met game g's secret. */
static uint32_t seen(const cb_table *t, const cb_sim_game *g, uint32_t gi)
{
    const cb_game *game = cb_table_game(t);
    uint32_t raw = cb_table_get(t, gi, g->secret);
    return cb_game_seen(game, raw, g->mapping);
}

/* Add the games of r to tree t: each game's path, merged from the root. */
static int add_games(const cli *c, const cb_sim_result *r, cb_tree *t)
{
    int rc = CB_OK;
    for (size_t i = 0; i < r->games && rc == CB_OK; i++) {
        const cb_sim_game *g = &r->game[i];
        uint32_t node = cb_tree_root(t);
        if (!g->won)
            return cli_fail(CB_EINVAL, "--tree: a game was lost within --max-guesses; a tree must solve every secret");
        if (node == CB_NONE)
            rc = cb_tree_set_root(t, g->path[0], &node);
        for (int k = 0; k + 1 < g->played && rc == CB_OK; k++) {
            uint32_t fb = seen(c->table, g, g->path[k]), child = cb_tree_child(t, node, fb);
            if (child == CB_NONE)
                rc = cb_tree_add_child(t, node, fb, g->path[k + 1], &child);
            node = child;
        }
    }
    return rc == CB_OK ? 0 : cli_fail(rc, "--tree: %s", cb_strerror(rc));
}

/*
 * Write the decision tree of a deterministic strategy. In Symble a tree
 * must answer every (codeword, mapping) pair, so the strategy is played
 * again under each of the six mappings.
 */
static int write_tree(const cli *c, const run *runs, size_t n, const cb_sim_options *base)
{
    const char *path = cli_get(c, "tree");
    cb_tree_format f;
    cb_tree *t = NULL;
    cb_error err;
    char header[256];
    if (cli_tree_format(c, &f) != 0)
        return 2;
    if (n != 1 || !cb_strategy_deterministic(runs[0].s))
        return cli_fail(CB_EINVAL, "--tree needs one deterministic strategy (not random, not --tie random)");
    if (cb_tree_new(c->game, &t) != CB_OK)
        return cli_fail(CB_ENOMEM, "out of memory");
    int rc = 0;
    if (!cb_game_rule_info(c->game)->hidden)
        rc = add_games(c, &runs[0].r, t);
    for (int m = 0; m < CB_MAPPINGS && rc == 0 && cb_game_rule_info(c->game)->hidden; m++) {
        cb_sim_options opt = *base;
        cb_sim_result r;
        memset(&r, 0, sizeof r);
        opt.mapping = m;
        opt.keep_games = 1;
        rc = cb_simulate(c->table, runs[0].s, &opt, &r, &err) == CB_OK ? add_games(c, &r, t) : cli_fail_err(&err);
        cb_sim_result_release(&r);
    }
    if (rc == 0) {
        snprintf(header, sizeof header, "%s\nstrategy %s", cb_game_name(c->game), cb_strategy_name(runs[0].s));
        rc = out_tree("--tree", path, t, c->table, f, header);
    }
    cb_tree_free(t);
    return rc;
}

static int to_stdout(const cli *c);

/* Read the simulation options into opt, the limit on guesses (for the opening, opt->from) into *max_guesses;
   returns an exit status on a bad one. */
static int sim_options(const cli *c, cb_sim_options *opt, int *max_guesses)
{
    int ok = 1;
    cb_sim_options_default(opt);
    opt->sample = (size_t)cli_int(c, "sample", 0, 1, 1L << 40, &ok);
    *max_guesses = ok ? (int)cli_int(c, "max-guesses", 0, 1, 1000, &ok) : 0;
    opt->threads = ok ? cli_threads(c, &ok) : 0;
    opt->seed = ok ? cli_seed(c, &ok) : 0;
    if (!ok)
        return 2;
    opt->keep_games = cli_get(c, "csv") || cli_get(c, "tree");
    const char *csv = cli_get(c, "csv"), *tree = cli_get(c, "tree");
    if (csv && tree && strcmp(csv, "-") == 0 && strcmp(tree, "-") == 0)
        return cli_fail(CB_EINVAL, "--csv - and --tree - cannot both write to stdout");
    if (to_stdout(c) && cli_flag(c, "json"))
        return cli_fail(CB_EINVAL, "--json and a file written to stdout (-) cannot share it");
    if (cli_get(c, "tree") && opt->sample)
        return cli_fail(CB_EINVAL, "--tree writes the strategy for every secret: leave out --sample");
    const char *mapping = cli_get(c, "mapping");
    if (mapping) {
        if (!cb_game_rule_info(c->game)->hidden)
            return cli_fail(CB_EINVAL, "--mapping applies to Symble only");
        if ((opt->mapping = cb_game_mapping_parse(mapping)) < 0)
            return cli_fail(CB_EINVAL, "--mapping: '%s' is not an order of the symbols a, b, c", mapping);
    }
    if (opt->sample > cb_game_secret_count(c->game))
        return cli_fail(CB_EINVAL, "--sample: %zu is more than the %u secrets of the game", opt->sample,
                        cb_game_secret_count(c->game));
    return 0;
}

static void print_header(const cli *c, const run *runs, size_t n, const cb_sim_options *opt)
{
    const char *opts = shared_options(runs, n) && *name_options(runs[0].s) ? name_options(runs[0].s) : NULL;
    printf("%s: ", cb_game_name(c->game));
    if (opt->sample)
        printf("a sample of %zu secret%s (seed %llu)", opt->sample, opt->sample == 1 ? "" : "s",
               (unsigned long long)opt->seed);
    else
        printf("every secret (%u game%s), seed %llu", cb_game_secret_count(c->game),
               cb_game_secret_count(c->game) == 1 ? "" : "s", (unsigned long long)opt->seed);
    int max_guesses = opt->from ? cb_state_max_guesses(opt->from) : 0;
    if (max_guesses)
        printf(", at most %d guess%s", max_guesses, max_guesses == 1 ? "" : "es");
    if (c->hard)
        printf(", hard mode");
    if (opts)
        printf(", options%s", opts);
    if (cb_table_precomputed(c->table))
        printf("\nfeedback table built in %.3f s\n\n", cb_table_build_seconds(c->table));
    else
        printf("\nfeedback computed on the fly (no table)\n\n");
}

static int run_all(cli *c, run *runs, size_t n, const cb_sim_options *base)
{
    for (size_t i = 0; i < n; i++) {
        cb_sim_options opt = *base;
        char label[48];
        progress p;
        cb_error err;
        base_name(runs, n, i, label, sizeof label);
        p.label = label;
        cli_progress_start(&p.bar, 0, 0, 30); /* on terminals only, as before: no lines in logs */
        if (p.bar.mode != CLI_PROGRESS_OFF) {
            opt.progress = show_progress;
            opt.progress_ctx = &p;
        }
        int rc = cb_simulate(c->table, runs[i].s, &opt, &runs[i].r, &err);
        cli_progress_clear(&p.bar);
        if (rc != CB_OK)
            return cli_fail_err(&err);
    }
    return 0;
}

/* 1 when --csv or --tree writes to stdout (-), which then holds that file alone. */
static int to_stdout(const cli *c)
{
    const char *csv = cli_get(c, "csv"), *tree = cli_get(c, "tree");
    return (csv && strcmp(csv, "-") == 0) || (tree && strcmp(tree, "-") == 0);
}

/* The feedbacks a simulation reads, for the table's cost model (cli_games_work). */
static double sim_work(cli *c, const cb_sim_options *opt)
{
    return cli_games_work(c, opt->sample ? (double)opt->sample : (double)cb_game_secret_count(c->game));
}

static int run_cmd(cli *c)
{
    int rc = cli_no_args(c);
    if (rc)
        return rc;
    rc = cli_open_game_only(c);
    if (rc == 0)
        rc = cli_check_freq_read(c, cli_default_strategy(c));
    cb_strategy **s = NULL;
    size_t n = 0;
    cb_sim_options opt;
    cb_table_mode mode;
    int max_guesses = 0;
    if (rc == 0)
        rc = sim_options(c, &opt, &max_guesses);
    if (rc == 0)
        rc = cli_table_mode(c, CB_TABLE_AUTO, &mode);
    if (rc == 0)
        rc = cli_open_table_work(c, c->game, mode, sim_work(c, &opt), &c->table);
    if (rc == 0)
        rc = cli_make_strategies(c, cli_default_strategy(c), &s, &n);
    if (rc)
        return rc;
    cb_state *start = NULL; /* the opening in the game's hard mode and limit, which every game starts from */
    run *runs = calloc(n, sizeof *runs);
    if (!runs || cb_state_new(c->table, &start) != CB_OK) {
        free(runs);
        cli_free_strategies(s, n);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    cb_state_set_hard(start, c->hard);
    cb_state_set_max_guesses(start, max_guesses); /* 0..1000, checked when read */
    opt.from = start;
    for (size_t i = 0; i < n; i++)
        runs[i].s = s[i];
    rc = run_all(c, runs, n, &opt);
    if (rc == 0 && cli_get(c, "csv"))
        rc = write_csv(c, cli_get(c, "csv"), runs, n);
    if (rc == 0 && cli_get(c, "tree"))
        rc = write_tree(c, runs, n, &opt);
    if (rc == 0 && to_stdout(c))
        ; /* the file given as - is the whole output */
    else if (rc == 0 && cli_flag(c, "json")) {
        for (size_t i = 0; rc == 0 && i < n; i++)
            rc = print_json(c, &runs[i], opt.seed, opt.sample, max_guesses);
    } else if (rc == 0) {
        int width = 16;
        for (size_t i = 0; i < n; i++) {
            char name[48];
            base_name(runs, n, i, name, sizeof name);
            width = (int)strlen(name) + 3 > width ? (int)strlen(name) + 3 : width;
        }
        print_header(c, runs, n, &opt);
        print_table(c, runs, n, width);
        print_histogram(runs, n);
    }
    for (size_t i = 0; i < n; i++)
        cb_sim_result_release(&runs[i].r);
    free(runs);
    cb_state_free(start);
    cli_free_strategies(s, n);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object per strategy)"},
    {"sample", "N", "play N random secrets (seeded by --seed) instead of all"},
    {"max-guesses", "G", "stop a game after G guesses; a lost game scores G+1"},
    {"csv", "FILE", "write one row per game: strategy, secret, guesses, won, the guesses (- for stdout)"},
    {"mapping", "XYZ", "Symble: the hidden mapping of every game (default: random per game)"},
    {"tree", "FILE", "write the decision tree of a deterministic strategy (docs/tree-format.md; - for stdout)"},
    {"tree-format", "FMT", "text (default) or json"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_simulate = {
    "simulate",
    "[OPTIONS]",
    "play strategies against every secret (or a sample) and report the statistics of the papers",
    "codebreaker simulate --game wordle --strategy minimax,entropy,parts",
    opts,
    CLI_STRATEGY_GAME,
    run_cmd,
};
