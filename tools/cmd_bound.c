/*
 * cmd_bound.c: `codebreaker bound`: information-theoretic lower bounds on
 * the number of guesses and first-guess entropies, for one game or a range
 * of alphabet sizes or code lengths (docs/analysis.md defines each figure).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "plot.h"

#define MAX_K 64
#define MAX_ROWS 512
#define WORDS_WORK 1e9 /* most (guess, secret) pairs the best-entropy search of a word list may take */

static const char *const rule_titles[] = {"Mastermind", "Wordle", "Symble"};

typedef struct row {
    int k, n;
    double secrets, first, later; /* N, P, F */
    double information;           /* equation (2) */
    int counting;
    int linear;                     /* floor(k / n) */
    double best, adjusted, perfect; /* entropies in bits; NaN when not computed */
    char best_guess[CB_MAX_LENGTH * 4 + 1];
    const char *skipped; /* why best is NaN, or NULL */
} row;

typedef struct setup {
    cb_game_config cfg;
    int complete;
    char range_var; /* 0, 'k' or 'n' */
    int lo, hi;
    int entropy; /* compute the best first guess */
} setup;

/* Spell a shape's code as the game would: digits from first_digit, then letters. */
static void spell_code(const uint8_t *code, int n, int first_digit, char *out)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    for (int i = 0; i < n; i++)
        out[i] = code[i] + first_digit < 36 ? digits[code[i] + first_digit] : '?';
    out[n] = '\0';
}

static void fill_formulas(row *r, cb_rule rule, int no_repeat, int complete)
{
    r->first = cb_feedbacks_possible(rule, r->n, 1);
    r->later = cb_feedbacks_possible(rule, r->n, 0);
    r->information = cb_bound_information(rule, r->n, r->secrets);
    r->counting = cb_bound_counting(rule, r->n, r->secrets);
    r->linear = r->k / r->n;
    r->perfect = log2(fmin(r->secrets, r->first));
    r->adjusted = complete ? cb_adjusted_entropy(rule, r->k, r->n, no_repeat) : NAN;
    r->best = NAN;
    r->best_guess[0] = '\0';
    r->skipped = NULL;
}

static int complete_row(const setup *su, int k, int n, row *r)
{
    const cb_game_config *cfg = &su->cfg;
    memset(r, 0, sizeof *r);
    r->k = k;
    r->n = n;
    r->secrets = cb_complete_size(k, n, cfg->no_repeat);
    if (r->secrets <= 0)
        return cli_fail(CB_EINVAL, "%d symbols cannot all differ with only %d colours", n, k);
    fill_formulas(r, cfg->rule, cfg->no_repeat, 1);
    if (!su->entropy)
        return 0;
    cb_first_guess *shapes;
    size_t count;
    cb_error err;
    int rc = cb_first_guess_shapes(cfg->rule, k, n, cfg->no_repeat, 0, &shapes, &count, &err);
    if (rc == CB_ETOOBIG) {
        r->skipped = "too large to enumerate";
        return 0;
    }
    if (rc != CB_OK)
        return cli_fail_err(&err);
    r->best = shapes[0].entropy;
    spell_code(shapes[0].code, n, cfg->first_digit, r->best_guess);
    free(shapes);
    return 0;
}

/* The best first-guess entropy of a word-list game: every guess against every secret. */
static int words_best(cli *c, row *r)
{
    const cb_game *g = c->game;
    double work = (double)cb_game_guess_count(g) * cb_game_secret_count(g);
    if (work > WORDS_WORK) {
        r->skipped = "too many (guess, secret) pairs";
        return 0;
    }
    cb_table *t;
    cb_state *st;
    int rc = cli_open_table(c, g, CB_TABLE_AUTO, &t), ok = 1;
    if (rc)
        return rc;
    int threads = cli_threads(c, &ok); /* checked by cli_open_table */
    double *h = malloc(cb_game_guess_count(g) * sizeof *h);
    if (!h || cb_state_new(t, &st) != CB_OK)
        rc = cli_fail(CB_ENOMEM, "out of memory");
    else {
        if (cb_guess_entropies(st, threads, NULL, h) != CB_OK)
            rc = cli_fail(CB_ENOMEM, "out of memory");
        uint32_t best = 0;
        for (uint32_t i = 1; rc == 0 && i < cb_game_guess_count(g); i++) {
            int cand = cb_state_is_candidate(st, i), best_cand = cb_state_is_candidate(st, best);
            if (h[i] > h[best] || (h[i] == h[best] && cand && !best_cand))
                best = i;
        }
        r->best = h[best];
        cb_game_format_code(g, best, r->best_guess, sizeof r->best_guess);
        cb_state_free(st);
    }
    free(h);
    cb_table_free(t);
    return rc;
}

static int words_row(cli *c, const setup *su, int n, row *r)
{
    cb_game_config cfg = su->cfg;
    cb_error err;
    memset(r, 0, sizeof *r);
    if (n > 0) {
        cfg.length = n;
        cfg.select_length = 1;
    }
    cb_game_free(c->game);
    c->game = NULL;
    if (cb_game_new(&cfg, &c->game, &err) != CB_OK)
        return cli_fail_err(&err);
    r->k = cb_game_colors(c->game);
    r->n = cb_game_length(c->game);
    r->secrets = cb_game_secret_count(c->game);
    fill_formulas(r, cfg.rule, 0, 0);
    return su->entropy ? words_best(c, r) : 0;
}

/* Parse "k=2..25" or "n=2..9". */
static int parse_range(const char *text, setup *su)
{
    char var, dots[3];
    int lo, hi, used = 0;
    if (sscanf(text, " %c = %d %2[.] %d %n", &var, &lo, dots, &hi, &used) != 4 || text[used] != '\0' ||
        strcmp(dots, "..") != 0 || (var != 'k' && var != 'n'))
        return cli_fail(CB_EINVAL, "--range: '%s' is not k=FROM..TO or n=FROM..TO", text);
    int min = var == 'k' ? 2 : 1, max = var == 'k' ? MAX_K : CB_MAX_LENGTH;
    if (lo < min || hi > max || lo > hi)
        return cli_fail(CB_EINVAL, "--range: %c must go up from %d to at most %d", var, min, max);
    su->range_var = var;
    su->lo = lo;
    su->hi = hi;
    return 0;
}

/* The game of the options, without making it: complete dictionaries may be far too large to build. */
static int read_setup(cli *c, setup *su)
{
    const cli_game_opts *g = &c->gopts;
    const char *name = g->game, *range = cli_get(c, "range");
    memset(su, 0, sizeof *su);
    su->entropy = !cli_flag(c, "no-entropy");
    if (range && parse_range(range, su))
        return 2;
    if (cb_game_config_preset(name ? name : cb_game_preset_at(0)->name, &su->cfg) != CB_OK) /* the first: the default */
        return cli_fail(CB_EINVAL, "unknown game '%s' (codebreaker bound --help lists them)", name);
    int colors, pegs = g->pegs;
    if (cli_colors(c, MAX_K, &colors))
        return 2;
    int lists = g->words || g->answers || g->guesses || g->dictionary || g->lists;
    if (colors || pegs || su->cfg.colors || su->range_var == 'k' || (!lists && su->range_var == 'n')) {
        if (lists)
            return cli_fail(CB_EINVAL, "give either word lists or --colors and --pegs, not both");
        su->complete = 1;
        su->cfg.no_repeat |= g->no_repeat;
        if (colors)
            su->cfg.colors = colors;
        if (pegs)
            su->cfg.length = pegs;
        if (su->range_var != 'k' && su->cfg.colors == 0)
            return cli_fail(CB_EINVAL, "a complete dictionary needs --colors K (or --range k=FROM..TO)");
        if (su->range_var != 'n' && su->cfg.length == 0)
            return cli_fail(CB_EINVAL, "a complete dictionary needs --pegs N (or --range n=FROM..TO)");
        return 0;
    }
    if (su->range_var == 'k')
        return cli_fail(CB_EINVAL, "--range k=... needs a complete dictionary (--pegs N), not word lists");
    return cli_game_config(c, &su->cfg);
}

static void print_num(double x, const char *fmt, int width)
{
    if (isnan(x))
        printf("%*s", width, "-");
    else
        printf(fmt, width, x);
}

static void print_table(const setup *su, const row *rows, int nrows)
{
    const cb_game_config *cfg = &su->cfg;
    if (su->complete)
        printf("%s, complete dictionaries%s\n", rule_titles[cfg->rule], cfg->no_repeat ? " without repeats" : "");
    else
        printf("%s, word lists\n", rule_titles[cfg->rule]);
    printf("%4s %3s %14s %8s %10s %8s %8s %6s  %-14s %8s %8s %8s\n", "k", "n", "secrets", "first", "later", "eq.(2)",
           "counting", "k/n", "best guess", "best H", "adj. H", "perf. H");
    for (int i = 0; i < nrows; i++) {
        const row *r = &rows[i];
        printf("%4d %3d %14.0f %8.0f %10.0f ", r->k, r->n, r->secrets, r->first, r->later);
        print_num(r->information, "%*.3f", 8);
        printf(" %8d %6d  %-14s ", r->counting, r->linear, r->best_guess[0] ? r->best_guess : "-");
        print_num(r->best, "%*.4f", 8);
        putchar(' ');
        print_num(r->adjusted, "%*.4f", 8);
        putchar(' ');
        print_num(r->perfect, "%*.4f", 8);
        putchar('\n');
    }
    printf(
        "\nfirst, later: feedbacks a first / later guess can give (the thesis's counts); eq.(2): the thesis's\n"
        "bound; counting: fewest guesses any strategy needs at worst; k/n: the linear approximation\n"
        "floor(k/n); H: first-guess entropies in bits (best, adjusted, perfect; the best counts the win as a part of\n"
        "its own, the perfect does not, so the best may exceed it). See docs/analysis.md.\n");
}

static void print_single(const setup *su, const cli *c, const row *r)
{
    const cb_game_config *cfg = &su->cfg;
    char game[160];
    if (su->complete)
        snprintf(game, sizeof game, "%s, complete dictionary: every code of %d symbols over %d%s",
                 cb_rule_describe(cfg->rule)->name, r->n, r->k, cfg->no_repeat ? ", without repeats" : "");
    else
        snprintf(game, sizeof game, "%s", cb_game_name(c->game));
    printf("game                  %s\n", game);
    printf("secrets N             %.0f\n", r->secrets);
    printf("feedbacks             %.0f for a first guess, %.0f for later ones%s\n", r->first, r->later,
           cb_rule_describe(cfg->rule)->hidden ? " (symbols up to renaming, then known)" : "");
    printf("bound, eq. (2)        %.4f guesses: (ln N - ln %.0f) / ln %.0f + 1\n", r->information, r->first, r->later);
    printf("counting bound        %d guess%s at worst, for any strategy\n", r->counting, r->counting == 1 ? "" : "es");
    printf("linear approximation  floor(k/n) = floor(%d/%d) = %d\n", r->k, r->n, r->linear);
    if (!isnan(r->best))
        printf("best first guess      %s, entropy %.4f bits (the win a part of its own)\n", r->best_guess, r->best);
    else
        printf("best first guess      not computed%s%s\n", r->skipped ? ": " : "", r->skipped ? r->skipped : "");
    if (!isnan(r->adjusted))
        printf("adjusted entropy      %.4f bits\n", r->adjusted);
    else
        printf("adjusted entropy      - (complete dictionaries with k >= n only)\n");
    printf("perfect entropy       %.4f bits = log2(%.0f), the win not a part of its own (so the best may exceed "
           "it)\n",
           r->perfect, fmin(r->secrets, r->first));
}

static void json_num(cb_json *j, const char *name, double x)
{
    cb_json_key(j, name);
    if (isnan(x))
        cb_json_null(j);
    else
        cb_json_printf(j, "%.10g", x);
}

/* A whole number held in a double, as "%.0f" prints it. */
static void json_whole(cb_json *j, const char *name, double x)
{
    cb_json_key(j, name);
    cb_json_printf(j, "%.0f", x);
}

static void print_json_row(cb_json *j, const row *r)
{
    cb_json_kint(j, "k", r->k);
    cb_json_kint(j, "n", r->n);
    json_whole(j, "secrets", r->secrets);
    json_whole(j, "first_feedbacks", r->first);
    json_whole(j, "later_feedbacks", r->later);
    json_num(j, "eq2", r->information);
    cb_json_kint(j, "counting", r->counting);
    cb_json_kint(j, "linear", r->linear);
    cb_json_kstr(j, "best_guess", r->best_guess[0] ? r->best_guess : NULL);
    json_num(j, "best_entropy", r->best);
    json_num(j, "adjusted_entropy", r->adjusted);
    json_num(j, "perfect_entropy", r->perfect);
}

/* --csv FILE (- for stdout): one row per size. */
static int write_csv(const char *path, const row *rows, int nrows)
{
    out_file o;
    int rc = out_open(&o, "--csv", path);
    if (rc)
        return rc;
    fprintf(o.f, "k,n,secrets,first_feedbacks,later_feedbacks,eq2,counting,linear,best_guess,best_entropy,"
                 "adjusted_entropy,perfect_entropy\n");
    for (int i = 0; i < nrows; i++) {
        const row *r = &rows[i];
        fprintf(o.f, "%d,%d,%.0f,%.0f,%.0f,%.6f,%d,%d,", r->k, r->n, r->secrets, r->first, r->later, r->information,
                r->counting, r->linear);
        out_csv_field(o.f, r->best_guess);
        fputc(',', o.f);
        if (!isnan(r->best))
            fprintf(o.f, "%.6f", r->best);
        fputc(',', o.f);
        if (!isnan(r->adjusted))
            fprintf(o.f, "%.6f", r->adjusted);
        fprintf(o.f, ",%.6f\n", r->perfect);
    }
    return out_commit(&o, "--csv");
}

/* The bounds (or the entropies) against the range variable. */
static int plot_rows(const char *path, const setup *su, const row *rows, int nrows, int entropies)
{
    double *x = malloc((size_t)nrows * sizeof *x), *y[3];
    for (int j = 0; j < 3; j++)
        y[j] = malloc((size_t)nrows * sizeof *y[j]);
    if (!x || !y[0] || !y[1] || !y[2])
        return cli_fail(CB_ENOMEM, "out of memory");
    for (int i = 0; i < nrows; i++) {
        x[i] = su->range_var == 'k' ? rows[i].k : rows[i].n;
        y[0][i] = entropies ? rows[i].best : rows[i].information;
        y[1][i] = entropies ? rows[i].adjusted : rows[i].counting;
        y[2][i] = entropies ? rows[i].perfect : rows[i].linear;
    }
    plot_series s[3] = {
        {entropies ? "best first guess" : "information bound, eq. (2)", x, y[0], NULL, (size_t)nrows, 0, 1, 1},
        {entropies ? "adjusted entropy" : "counting bound", x, y[1], NULL, (size_t)nrows, 0, 1, 2},
        {entropies ? "perfect entropy" : "linear approximation floor(k/n)", x, y[2], NULL, (size_t)nrows, 1, 0, 3},
    };
    char title[160], subtitle[160], why[256];
    const cb_game_config *cfg = &su->cfg;
    plot_figure fig;
    plot_figure_init(&fig);
    snprintf(title, sizeof title, "%s: %s", rule_titles[cfg->rule],
             entropies ? "entropy of the first guess" : "lower bounds on the worst case");
    if (!su->complete)
        snprintf(subtitle, sizeof subtitle, "words of each length, alphabet of the list");
    else if (su->range_var == 'k')
        snprintf(subtitle, sizeof subtitle, "complete dictionaries, n = %d%s", rows[0].n,
                 cfg->no_repeat ? ", no repeats" : "");
    else
        snprintf(subtitle, sizeof subtitle, "complete dictionaries, k = %d%s", rows[0].k,
                 cfg->no_repeat ? ", no repeats" : "");
    fig.title = title;
    fig.subtitle = subtitle;
    fig.xlabel = su->range_var == 'k' ? "alphabet size k" : "code length n";
    fig.ylabel = entropies ? "entropy (bits)" : "guesses";
    fig.integer_x = 1;
    if (!entropies)
        fig.ymin = 0;
    int rc = plot_lines(path, &fig, s, 3, why, sizeof why);
    free(x);
    for (int j = 0; j < 3; j++)
        free(y[j]);
    if (rc)
        cli_fail(rc == 2 ? CB_EINVAL : CB_EIO, "%s", why);
    return rc; /* 2 a bad name, 1 a failed write */
}

static int run(cli *c)
{
    setup su;
    int rc = cli_no_args(c);
    if (rc)
        return rc;
    rc = read_setup(c, &su);
    const char *plot = cli_get(c, "plot"), *plot_entropy = cli_get(c, "plot-entropy");
    if (rc)
        return rc;
    if ((plot || plot_entropy) && !su.range_var)
        return cli_fail(CB_EINVAL, "--plot and --plot-entropy draw a --range");
    if (plot && !plot_path_ok(plot))
        return cli_fail(CB_EINVAL, "--plot: '%s' must end in .svg or .png (or be - for SVG on stdout)", plot);
    if (plot && plot_entropy && strcmp(plot, "-") == 0 && strcmp(plot_entropy, "-") == 0)
        return cli_fail(CB_EINVAL, "--plot - and --plot-entropy - cannot both write to stdout");
    if (plot_entropy && !plot_path_ok(plot_entropy))
        return cli_fail(CB_EINVAL, "--plot-entropy: '%s' must end in .svg or .png (or be - for SVG on stdout)",
                        plot_entropy);
    const char *csv = cli_get(c, "csv");
    int csv_out = csv && strcmp(csv, "-") == 0;
    if (csv_out &&
        (cli_flag(c, "json") || (plot && strcmp(plot, "-") == 0) || (plot_entropy && strcmp(plot_entropy, "-") == 0)))
        return cli_fail(CB_EINVAL, "--csv - writes to stdout: give --json or --plot - without it, or --csv FILE");
    row rows[MAX_ROWS];
    int nrows = 0;
    if (!su.range_var) {
        rc = su.complete ? complete_row(&su, su.cfg.colors, su.cfg.length, &rows[0]) : words_row(c, &su, 0, &rows[0]);
        nrows = 1;
    } else
        for (int v = su.lo; rc == 0 && v <= su.hi && nrows < MAX_ROWS; v++) {
            int k = su.range_var == 'k' ? v : su.cfg.colors, n = su.range_var == 'n' ? v : su.cfg.length;
            rc = su.complete ? complete_row(&su, k, n, &rows[nrows]) : words_row(c, &su, n, &rows[nrows]);
            nrows++;
        }
    if (rc)
        return rc;
    int figure_out = (plot && strcmp(plot, "-") == 0) || (plot_entropy && strcmp(plot_entropy, "-") == 0);
    if (figure_out || csv_out)
        ; /* the figure or the CSV alone on stdout */
    else if (cli_flag(c, "json")) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "rule", cb_rule_describe(su.cfg.rule)->name);
        cb_json_kbool(&j, "complete", su.complete);
        if (!su.range_var)
            print_json_row(&j, &rows[0]);
        else {
            cb_json_key(&j, "rows");
            cb_json_raw(&j, "[");
            for (int i = 0; i < nrows; i++) {
                cb_json_sep(&j);
                cb_json_raw(&j, "{");
                print_json_row(&j, &rows[i]);
                cb_json_raw(&j, "}");
            }
            cb_json_raw(&j, "]");
        }
        cb_json_raw(&j, "}");
        if ((rc = cli_json_print(&j)) != 0)
            return rc;
    } else if (!su.range_var)
        print_single(&su, c, &rows[0]);
    else
        print_table(&su, rows, nrows);
    if (csv && (rc = write_csv(csv, rows, nrows)) != 0)
        return rc;
    if (plot && (rc = plot_rows(plot, &su, rows, nrows, 0)) != 0)
        return rc;
    if (plot_entropy && (rc = plot_rows(plot_entropy, &su, rows, nrows, 1)) != 0)
        return rc;
    return 0;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"range", "VAR=A..B", "a table over alphabet sizes (k=2..25) or code lengths (n=2..9)"},
    {"no-entropy", NULL, "skip the best first guess (its entropy takes an enumeration)"},
    {"csv", "FILE", "write the rows as CSV to FILE (- for stdout)"},
    {"plot", "FILE", "draw the bounds of a --range to FILE.svg or FILE.png (-: SVG to stdout)"},
    {"plot-entropy", "FILE", "draw the first-guess entropies of a --range to FILE.svg or FILE.png (-: SVG to stdout)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_bound = {
    "bound",
    "[OPTIONS]",
    "lower bounds on the worst case (Symble thesis, equation (2), and a counting bound) and first-guess entropies",
    "codebreaker bound --game symble --pegs 5 --range k=2..25 --plot bounds.svg",
    opts,
    CLI_GAME,
    run,
};
