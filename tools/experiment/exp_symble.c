/*
 * exp_symble.c: the Symble thesis's experiments: the algorithms on English
 * words of each length (Figure 4), random play on complete dictionaries
 * as the code length and the alphabet grow (Tables 1 and 2, Figures 7, 10,
 * 11), and the first-guess entropies against the alphabet size (Figure 9
 * at n = 5, Figure 12 at n = 3).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "experiment.h"

#define MAX_ALGOS 12
#define MAX_VALUES 64

/* A figure whose x axis counts (lengths, alphabet sizes) from lo to hi, one tick per whole number. */
static void integer_figure(plot_figure *fig, const char *title, const char *subtitle, const char *xlabel,
                           const char *ylabel, double lo, double hi)
{
    plot_figure_init(fig);
    fig->title = title;
    fig->subtitle = subtitle;
    fig->xlabel = xlabel;
    fig->ylabel = ylabel;
    fig->integer_x = 1;
    fig->xmin = lo - 0.4;
    fig->xmax = hi + 0.4;
}

static const char *const default_algos = "minimax,entropy,entropy-knuth,random,montecarlo";

/* Average +- 95% half-width, or the placeholder of a missing row. */
static void cell_avg(const exp_sim *r, char *out, size_t size)
{
    snprintf(out, size, "%.3f ± %.3f", r->average, r->ci95);
}

/*
 * The strategy of an algorithm name as the thesis plays it: a row whose source breaks ties at random
 * (CB_TRAIT_RANDOM_TIES: entropy, thesis 3.2, 3.5) plays --tie random.
 */
static void algo_config(const char *name, const exp_opts *o, cb_strategy_config *cfg, char *key, size_t size)
{
    const cb_strategy_info *info = cb_strategy_find(name);
    cb_strategy_config_default(cfg);
    cfg->name = name;
    cfg->seed = o->seed;
    cfg->iterations = o->iterations;
    if (info && (info->traits & CB_TRAIT_RANDOM_TIES))
        cfg->tie = CB_TIE_RANDOM;
    snprintf(key, size, "%s%s", name, cfg->tie == CB_TIE_RANDOM ? " --tie random" : "");
}

/* Whether a decision of the strategy costs more than a look at each candidate (the weight of a task). */
static int is_greedy_cost(const char *name)
{
    const cb_strategy_info *info = cb_strategy_find(name);
    return !info || (info->cost != CB_COST_CANDIDATES && info->cost != CB_COST_ANY && info->cost != CB_COST_LETTERS);
}

/* A figure of one series per algorithm against x, with 95% intervals, and dashed reference lines. */
typedef struct figure_data {
    size_t nseries;
    plot_series s[MAX_ALGOS + 4];
    double x[MAX_ALGOS + 4][MAX_VALUES], y[MAX_ALGOS + 4][MAX_VALUES], e[MAX_ALGOS + 4][MAX_VALUES];
} figure_data;

static plot_series *add_series(figure_data *f, const char *label, int dashed, int with_err)
{
    plot_series *s = &f->s[f->nseries];
    memset(s, 0, sizeof *s);
    s->label = label;
    s->x = f->x[f->nseries];
    s->y = f->y[f->nseries];
    s->err = with_err ? f->e[f->nseries] : NULL;
    s->dashed = dashed;
    s->marks = !dashed;
    f->nseries++;
    return s;
}

static void push(figure_data *f, plot_series *s, double x, double y, double e)
{
    size_t i = (size_t)(s - f->s);
    f->x[i][s->n] = x;
    f->y[i][s->n] = y;
    f->e[i][s->n] = e;
    s->n++;
}

/* symble-lengths: thesis Figure 4 */

/*
 * The thesis's dictionary of one length: `size` words drawn (seed, length) from the list of that length,
 * written to DIR/symble-lengths-dicts/ so that the run can build its game from it; path gets the file.
 */
static int random_dictionary(const exp_opts *o, int len, char *path, size_t path_size)
{
    cb_game_config cfg;
    cb_game *game;
    cb_error err;
    cb_game_config_preset("symble", &cfg);
    cfg.length = len;
    if (o->words) {
        cfg.answers_path = cfg.guesses_path = o->words;
        cfg.select_length = 1;
    } else
        cfg.dictionary = "english";
    if (cb_game_new(&cfg, &game, &err) != CB_OK)
        return cli_fail(err.code, "words of %d letters: %s", len, err.message);
    uint32_t ns = cb_game_secret_count(game), take = (uint32_t)(o->dict_size < (long)ns ? o->dict_size : ns);
    uint32_t *all = malloc((ns ? ns : 1) * sizeof *all);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/symble-lengths-dicts", o->out);
    snprintf(path, path_size, "%s/n%d-%ld-seed%llu.txt", dir, len, o->dict_size, (unsigned long long)o->seed);
    FILE *f = all && (mkdir(dir, 0777) == 0 || errno == EEXIST) ? fopen(path, "w") : NULL;
    int rc = f ? 0 : cli_fail(CB_EIO, "%s: %s", all ? path : "memory", all ? strerror(errno) : "out of memory");
    if (rc == 0) {
        cb_rng rng;
        cb_rng_seed2(&rng, o->seed, (uint64_t)len);
        for (uint32_t i = 0; i < ns; i++)
            all[i] = i;
        for (uint32_t i = 0; i < take; i++) { /* partial Fisher-Yates */
            uint32_t j = i + cb_rng_below(&rng, ns - i), t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        fprintf(f, "# %u random words of %d letters (seed %llu) from %s\n", take, len, (unsigned long long)o->seed,
                o->words ? o->words : "english/words_alpha.txt");
        for (uint32_t i = 0; i < take; i++) {
            char word[CB_MAX_LENGTH * 4 + 1];
            cb_game_format_code(game, cb_game_secret_guess(game, all[i]), word, sizeof word);
            fprintf(f, "%s\n", word);
        }
        if (fclose(f) != 0)
            rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    } else if (f)
        fclose(f);
    free(all);
    cb_game_free(game);
    return rc;
}

int exp_symble_lengths(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    char algos[MAX_ALGOS][48], keys[MAX_ALGOS][96], list[160], dicts[CB_MAX_LENGTH + 1][1100], dlist[220];
    size_t na = exp_strategy_names(x, default_algos, algos, MAX_ALGOS);
    int lo = 4, hi = 17;
    long sample = o->games ? o->games : 1000;
    double counts[CB_MAX_LENGTH + 1];
    if (o->range_var == 'k')
        return cli_fail(CB_EINVAL, "--range: symble-lengths sweeps word lengths: n=FROM..TO");
    if (o->dict_size && o->games)
        return cli_fail(CB_EINVAL, "--dict-size plays every word of each dictionary: no --games or --sample");
    if (o->dict_size)
        sample = o->dict_size;
    if (o->range_var == 'n') {
        lo = o->lo;
        hi = o->hi;
    }
    if (lo < 2 || hi > CB_MAX_LENGTH)
        return cli_fail(CB_EINVAL, "--range: word lengths go from 2 to %d", CB_MAX_LENGTH);
    int rc = exp_list_id(o->words, "english/words_alpha.txt", list, sizeof list, counts);
    if (rc == 0)
        rc = exp_store_open(x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS);
    if (rc)
        return rc;
    int nlen = hi - lo + 1;
    size_t n = (size_t)nlen * na;
    exp_play *plays = calloc(n, sizeof *plays);
    exp_sim *rows = calloc(n, sizeof *rows);
    char(*labels)[64] = calloc(n, sizeof *labels);
    if (!plays || !rows || !labels) {
        free(plays);
        free(rows);
        free(labels);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    for (int len = lo; rc == 0 && o->dict_size && len <= hi; len++)
        rc = random_dictionary(o, len, dicts[len], sizeof dicts[len]);
    if (o->dict_size)
        snprintf(dlist, sizeof dlist, "%ld random of %s", o->dict_size, list);
    for (int len = lo; rc == 0 && len <= hi; len++)
        for (size_t a = 0; a < na; a++) {
            size_t i = (size_t)(len - lo) * na + a;
            exp_play *p = &plays[i];
            exp_sim *r = &rows[i];
            cb_game_config_preset("symble", &p->game);
            p->game.length = len;
            if (o->dict_size) {
                p->game.answers_path = p->game.guesses_path = dicts[len];
                if (counts[len] > (double)o->dict_size)
                    counts[len] = (double)o->dict_size;
            } else if (o->words) {
                p->game.answers_path = p->game.guesses_path = o->words;
                p->game.select_length = 1;
            } else
                p->game.dictionary = "english";
            algo_config(algos[a], o, &p->strategy, keys[a], sizeof keys[a]);
            p->sample = o->dict_size ? 0 : (size_t)sample; /* a dictionary of its own: every word once */
            double words = counts[len] > 1 ? counts[len] : 1, games = fmin((double)sample, words);
            p->weight = is_greedy_cost(algos[a]) ? words * words * 3 + games * words : games * words * 0.05;
            snprintf(labels[i], sizeof labels[i], "n=%d %s", len, algos[a]);
            p->label = labels[i];
            snprintf(r->game, sizeof r->game, "symble");
            snprintf(r->list, sizeof r->list, "%.159s", o->dict_size ? dlist : list);
            r->n = len;
            snprintf(r->strategy, sizeof r->strategy, "%s", keys[a]);
            r->games = sample;
            r->seed = o->seed;
            const cb_strategy_info *info = cb_strategy_find(algos[a]); /* rollouts: their iterations */
            r->iterations = info && info->cost == CB_COST_ROLLOUTS ? (o->iterations ? o->iterations : 100) : 0;
        }
    if (rc == 0)
        rc = exp_run_all(x, plays, rows, n);
    if (rc == 0) {
        if (o->dict_size)
            printf("\nSymble on dictionaries of %ld random words of each length (the thesis's Section 4.2) drawn\n"
                   "from %s: every word of each dictionary played once as the secret, guesses from the same\n"
                   "dictionary, each game under a random hidden mapping; average guesses ± 95%% interval.\n",
                   o->dict_size, o->words ? o->words : "English (words_alpha)");
        else
            printf("\nSymble on %s words of each length: %ld random words per length played as the secret\n"
                   "(every word when fewer), each under a random hidden mapping; average guesses ± 95%% "
                   "interval.\n",
                   o->words ? o->words : "English (words_alpha)", sample);
        printf("entropy and entropy-knuth break ties at random (the thesis's algorithms); minimax prefers a\n"
               "candidate, then the first word; montecarlo: %d continuations per guess.\n\n",
               o->iterations ? o->iterations : 100);
        printf("%3s %7s", "n", "words");
        for (size_t a = 0; a < na; a++)
            printf(" %17.17s", algos[a]);
        printf(" %8s\n", "eq.(2)");
        for (int len = lo; len <= hi; len++) {
            const exp_sim *r0 = &rows[(size_t)(len - lo) * na];
            printf("%3d %7.0f", len, r0->secrets);
            for (size_t a = 0; a < na; a++) {
                char cell[48];
                cell_avg(&rows[(size_t)(len - lo) * na + a], cell, sizeof cell);
                printf(" %17s", cell);
            }
            printf(" %8.3f\n", r0->eq2);
        }
        printf("\nworst case / seconds of simulation\n%3s %7s", "n", "words");
        for (size_t a = 0; a < na; a++)
            printf(" %17.17s", algos[a]);
        printf("\n");
        for (int len = lo; len <= hi; len++) {
            printf("%3d %7.0f", len, rows[(size_t)(len - lo) * na].secrets);
            for (size_t a = 0; a < na; a++) {
                const exp_sim *r = &rows[(size_t)(len - lo) * na + a];
                char cell[48];
                snprintf(cell, sizeof cell, "%d / %.1f", r->max, r->seconds);
                printf(" %17s", cell);
            }
            printf("\n");
        }
        figure_data *f = calloc(1, sizeof *f);
        if (!f)
            rc = cli_fail(CB_ENOMEM, "out of memory");
        for (size_t a = 0; f && a < na; a++) {
            plot_series *s = add_series(f, algos[a], 0, 1);
            for (int len = lo; len <= hi; len++) {
                const exp_sim *r = &rows[(size_t)(len - lo) * na + a];
                push(f, s, len, r->average, r->ci95);
            }
        }
        if (f) {
            plot_series *b = add_series(f, "information bound, eq. (2)", 1, 0);
            for (int len = lo; len <= hi; len++)
                push(f, b, len, rows[(size_t)(len - lo) * na].eq2, 0);
            char subtitle[200];
            snprintf(subtitle, sizeof subtitle, "%ld secrets per length from %s, seed %llu; bars: 95%% intervals",
                     sample, o->words ? o->words : "words_alpha", (unsigned long long)o->seed);
            plot_figure fig;
            integer_figure(&fig, "Symble on English words: guesses against word length", subtitle, "word length n",
                           "average number of guesses", lo, hi);
            fig.ymin = 0;
            rc = exp_figure(x, "symble-lengths", 'l', &fig, f->s, f->nseries);
            free(f);
        }
        const char *figs[] = {"symble-lengths"};
        if (rc == 0)
            exp_footer(x, figs, 1);
    }
    free(plays);
    free(rows);
    free(labels);
    return rc;
}

/* Random play on complete dictionaries: one configuration per (k, n). */
static void growth_config(const exp_opts *o, int k, int n, long games, exp_play *p, exp_sim *r, char *label,
                          size_t label_size)
{
    cb_game_config_preset("symble", &p->game);
    p->game.colors = k;
    p->game.length = n;
    cb_strategy_config_default(&p->strategy);
    p->strategy.name = "random";
    p->strategy.seed = o->seed;
    p->draws = (size_t)games;
    p->no_table = 1; /* random play filters each game's candidates once per turn: no table pays off */
    p->weight = (double)games * (cb_complete_size(k, n, 0) + 2000);
    snprintf(label, label_size, "k=%d n=%d", k, n);
    p->label = label;
    snprintf(r->game, sizeof r->game, "symble");
    snprintf(r->list, sizeof r->list, "complete");
    r->k = k;
    r->n = n;
    snprintf(r->strategy, sizeof r->strategy, "random");
    r->games = games;
    r->seed = o->seed;
}

static int check_size(int k, int n)
{
    if (cb_complete_size(k, n, 0) > CB_MAX_CODES)
        return cli_fail(CB_EINVAL, "%d^%d codes are more than the %u a game may hold", k, n, CB_MAX_CODES);
    return 0;
}

/* symble-length-growth: thesis Table 1 */

int exp_length_growth(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    int k = o->colors ? o->colors : 6, lo = 2, hi = 9;
    long games = o->games ? o->games : 1000;
    if (o->range_var == 'k')
        return cli_fail(CB_EINVAL, "--range: symble-length-growth sweeps code lengths: n=FROM..TO (--colors sets k)");
    if (o->range_var == 'n') {
        lo = o->lo;
        hi = o->hi;
    }
    if (hi > CB_MAX_LENGTH || hi - lo + 1 > MAX_VALUES)
        return cli_fail(CB_EINVAL, "--range: code lengths go up to %d", CB_MAX_LENGTH);
    for (int n = lo; n <= hi; n++)
        if (check_size(k, n))
            return 2;
    int rc = exp_store_open(x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS);
    if (rc)
        return rc;
    size_t count = (size_t)(hi - lo + 1);
    exp_play plays[MAX_VALUES];
    exp_sim rows[MAX_VALUES];
    char labels[MAX_VALUES][32];
    memset(plays, 0, sizeof plays);
    memset(rows, 0, sizeof rows);
    for (int n = lo; n <= hi; n++)
        growth_config(o, k, n, games, &plays[n - lo], &rows[n - lo], labels[n - lo], sizeof labels[n - lo]);
    rc = exp_run_all(x, plays, rows, count);
    if (rc)
        return rc;
    printf("\nSymble, random play (a uniformly random remaining candidate each turn) on complete dictionaries\n"
           "of k = %d symbols: %ld games per length, each a uniformly random secret under a random mapping.\n\n",
           k, games);
    printf("%3s %10s %7s %16s %7s %6s %5s %8s %8s %9s\n", "n", "codes", "games", "average ± 95%", "sd", "median",
           "worst", "eq.(2)", "counting", "seconds");
    for (size_t i = 0; i < count; i++) {
        const exp_sim *r = &rows[i];
        char cell[48];
        cell_avg(r, cell, sizeof cell);
        printf("%3d %10.0f %7ld %16s %7.3f %6g %5d %8.3f %8d %9.2f\n", r->n, r->secrets, r->played, cell, r->stddev,
               r->median, r->max, r->eq2, r->counting, r->seconds);
    }
    printf("\neq.(2): the thesis's information bound; counting: fewest guesses any strategy needs at worst.\n");
    figure_data *f = calloc(1, sizeof *f);
    if (!f)
        return cli_fail(CB_ENOMEM, "out of memory");
    plot_series *s = add_series(f, "random play (average)", 0, 1);
    plot_series *b = add_series(f, "information bound, eq. (2)", 1, 0);
    plot_series *c = add_series(f, "counting bound (worst case)", 1, 0);
    for (size_t i = 0; i < count; i++) {
        push(f, s, rows[i].n, rows[i].average, rows[i].ci95);
        push(f, b, rows[i].n, rows[i].eq2, 0);
        push(f, c, rows[i].n, rows[i].counting, 0);
    }
    char title[120], subtitle[160];
    snprintf(title, sizeof title, "Symble, random play on complete dictionaries: k = %d", k);
    snprintf(subtitle, sizeof subtitle, "%ld games per code length, seed %llu; bars: 95%% intervals", games,
             (unsigned long long)o->seed);
    plot_figure fig;
    integer_figure(&fig, title, subtitle, "code length n", "guesses", lo, hi);
    fig.ymin = 0;
    rc = exp_figure(x, "symble-length-growth", 'l', &fig, f->s, f->nseries);
    free(f);
    const char *figs[] = {"symble-length-growth"};
    if (rc == 0)
        exp_footer(x, figs, 1);
    return rc;
}

/* symble-alphabet-growth: thesis Table 2, Figures 7, 10, 11 */

static int alphabet_figure(exp_ctx *x, const exp_sim *rows, size_t count, int n, long games, char *base,
                           size_t base_size)
{
    figure_data *f = calloc(1, sizeof *f);
    if (!f)
        return cli_fail(CB_ENOMEM, "out of memory");
    plot_series *s = add_series(f, "random play (average)", 0, 1);
    plot_series *b = add_series(f, "information bound, eq. (2)", 1, 0);
    plot_series *c = add_series(f, "counting bound (worst case)", 1, 0);
    plot_series *l = add_series(f, "linear approximation floor(k/n)", 1, 0);
    for (size_t i = 0; i < count; i++) {
        push(f, s, rows[i].k, rows[i].average, rows[i].ci95);
        push(f, b, rows[i].k, rows[i].eq2, 0);
        push(f, c, rows[i].k, rows[i].counting, 0);
        push(f, l, rows[i].k, rows[i].linear, 0);
    }
    char title[120], subtitle[160];
    snprintf(title, sizeof title, "Symble, random play on complete dictionaries: n = %d", n);
    snprintf(subtitle, sizeof subtitle, "%ld games per alphabet size, seed %llu; bars: 95%% intervals", games,
             (unsigned long long)x->o.seed);
    plot_figure fig;
    integer_figure(&fig, title, subtitle, "alphabet size k", "guesses", rows[0].k, rows[count - 1].k);
    fig.ymin = 0;
    snprintf(base, base_size, "symble-alphabet-growth-n%d", n);
    int rc = exp_figure(x, base, 'l', &fig, f->s, f->nseries);
    free(f);
    return rc;
}

int exp_alphabet_growth(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    int pegs[EXP_MAX_PEGS] = {5, 3}, npegs = 2, lo = 2, hi = 25;
    long games = o->games ? o->games : 1000;
    if (o->npegs) {
        memcpy(pegs, o->pegs, sizeof pegs);
        npegs = o->npegs;
    }
    if (o->range_var == 'n')
        return cli_fail(CB_EINVAL, "--range: symble-alphabet-growth sweeps alphabet sizes: k=FROM..TO (--pegs sets n)");
    if (o->range_var == 'k') {
        lo = o->lo;
        hi = o->hi;
    }
    if (lo < 2 || hi > CB_MAX_COMPLETE)
        return cli_fail(CB_EINVAL, "--range: alphabet sizes go from 2 to %d", CB_MAX_COMPLETE);
    for (int j = 0; j < npegs; j++)
        if (check_size(hi, pegs[j]))
            return 2;
    int rc = exp_store_open(x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS);
    if (rc)
        return rc;
    size_t per = (size_t)(hi - lo + 1), count = per * (size_t)npegs;
    exp_play *plays = calloc(count, sizeof *plays);
    exp_sim *rows = calloc(count, sizeof *rows);
    char(*labels)[32] = calloc(count, sizeof *labels);
    if (!plays || !rows || !labels) {
        free(plays);
        free(rows);
        free(labels);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    for (int j = 0; j < npegs; j++)
        for (int k = lo; k <= hi; k++) {
            size_t i = (size_t)j * per + (size_t)(k - lo);
            growth_config(o, k, pegs[j], games, &plays[i], &rows[i], labels[i], sizeof labels[i]);
        }
    rc = exp_run_all(x, plays, rows, count);
    char bases[EXP_MAX_PEGS][48];
    const char *figs[EXP_MAX_PEGS];
    for (int j = 0; rc == 0 && j < npegs; j++) {
        const exp_sim *rs = rows + (size_t)j * per;
        printf("\nSymble, random play on complete dictionaries of n = %d: %ld games per alphabet size, each a\n"
               "uniformly random secret under a random mapping.\n\n",
               pegs[j], games);
        printf("%3s %10s %16s %7s %6s %5s %8s %8s %6s %9s\n", "k", "codes", "average ± 95%", "sd", "median", "worst",
               "eq.(2)", "counting", "k/n", "seconds");
        for (size_t i = 0; i < per; i++) {
            const exp_sim *r = &rs[i];
            char cell[48];
            cell_avg(r, cell, sizeof cell);
            printf("%3d %10.0f %16s %7.3f %6g %5d %8.3f %8d %6d %9.2f\n", r->k, r->secrets, cell, r->stddev, r->median,
                   r->max, r->eq2, r->counting, r->linear, r->seconds);
        }
        rc = alphabet_figure(x, rs, per, pegs[j], games, bases[j], sizeof bases[j]);
        figs[j] = bases[j];
    }
    if (rc == 0) {
        printf("\neq.(2): the thesis's information bound; counting: fewest guesses any strategy needs at worst;\n"
               "k/n: the thesis's linear approximation floor(k/n) for large alphabets.\n");
        exp_footer(x, figs, (size_t)npegs);
    }
    free(plays);
    free(rows);
    free(labels);
    return rc;
}

/* first-guess-entropy: thesis Figure 9 (n = 5) and, with --pegs 3, Figure 12 (n = 3) */

static const char *const entropy_cols[] = {"game",
                                           "n",
                                           "k",
                                           "secrets",
                                           "first_feedbacks",
                                           "best_guess",
                                           "best_entropy",
                                           "adjusted_entropy",
                                           "perfect_entropy",
                                           "seconds",
                                           "version"};
#define ENTROPY_COLS 11
#define ENTROPY_KEYS 3

typedef struct entropy_row {
    int k, n;
    double secrets, first, best, adjusted, perfect, seconds;
    char guess[CB_MAX_LENGTH + 1];
} entropy_row;

static void spell(const uint8_t *code, int n, char *out)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    for (int i = 0; i < n; i++)
        out[i] = code[i] < 36 ? digits[code[i]] : '?';
    out[n] = '\0';
}

static void fmt_num(double v, char *out, size_t size)
{
    if (isnan(v))
        out[0] = '\0';
    else
        snprintf(out, size, "%.6f", v);
}

static double parse_num(const char *s)
{
    return *s ? strtod(s, NULL) : NAN;
}

static int entropy_one(exp_ctx *x, cb_rule rule, const char *game, int n, int k, entropy_row *r)
{
    char cells[ENTROPY_COLS][64];
    char *ptr[ENTROPY_COLS];
    for (int i = 0; i < ENTROPY_COLS; i++)
        ptr[i] = cells[i];
    snprintf(cells[0], 64, "%s", game);
    snprintf(cells[1], 64, "%d", n);
    snprintf(cells[2], 64, "%d", k);
    memset(r, 0, sizeof *r);
    r->k = k;
    r->n = n;
    char **found = x->o.fresh ? NULL : exp_store_find(&x->store, ptr);
    if (found) {
        r->secrets = strtod(found[3], NULL);
        r->first = strtod(found[4], NULL);
        snprintf(r->guess, sizeof r->guess, "%s", found[5]);
        r->best = parse_num(found[6]);
        r->adjusted = parse_num(found[7]);
        r->perfect = parse_num(found[8]);
        r->seconds = strtod(found[9], NULL);
        x->reused++;
        return 0;
    }
    char label[32];
    snprintf(label, sizeof label, "n=%d k=%d", n, k);
    exp_progress_begin(x, label, 1);
    double t0 = cb_seconds();
    r->secrets = cb_complete_size(k, n, 0);
    r->first = cb_feedbacks_possible(rule, n, 1);
    r->perfect = log2(fmin(r->secrets, r->first));
    r->adjusted = cb_adjusted_entropy(rule, k, n, 0);
    r->best = NAN;
    cb_first_guess *shapes = NULL;
    size_t count = 0;
    cb_error err;
    int rc = cb_first_guess_shapes(rule, k, n, 0, 0, &shapes, &count, &err);
    if (rc == CB_OK && count) {
        r->best = shapes[0].entropy;
        spell(shapes[0].code, n, r->guess);
    } else if (rc != CB_ETOOBIG && rc != CB_OK) {
        exp_progress_clear(x);
        return cli_fail_err(&err);
    }
    free(shapes);
    r->seconds = cb_seconds() - t0;
    snprintf(cells[3], 64, "%.0f", r->secrets);
    snprintf(cells[4], 64, "%.0f", r->first);
    snprintf(cells[5], 64, "%s", r->guess);
    fmt_num(r->best, cells[6], 64);
    fmt_num(r->adjusted, cells[7], 64);
    fmt_num(r->perfect, cells[8], 64);
    snprintf(cells[9], 64, "%.3f", r->seconds);
    snprintf(cells[10], 64, "%s", CB_VERSION);
    x->ran++;
    exp_progress_end(x);
    return exp_store_append(&x->store, ptr);
}

int exp_first_guess_entropy(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    int pegs[EXP_MAX_PEGS] = {4, 5}, npegs = 2, lo = 2, hi = 25;
    const char *game = o->game ? o->game : "symble";
    const cb_game_preset *preset = cb_game_preset_find(game);
    if (o->games)
        return cli_fail(CB_EINVAL, "--games does not apply to first-guess-entropy (it plays no games)");
    if (!preset || strcmp(game, cb_rule_describe(preset->rule)->name) != 0)
        return cli_fail(CB_EINVAL, "--game: '%s' is not symble, wordle or mastermind", game);
    cb_rule rule = preset->rule;
    if (o->npegs) {
        memcpy(pegs, o->pegs, sizeof pegs);
        npegs = o->npegs;
    }
    if (o->range_var == 'n')
        return cli_fail(CB_EINVAL, "--range: first-guess-entropy sweeps alphabet sizes: k=FROM..TO (--pegs sets n)");
    if (o->range_var == 'k') {
        lo = o->lo;
        hi = o->hi;
    }
    if (lo < 2 || hi > 64 || hi - lo + 1 > MAX_VALUES)
        return cli_fail(CB_EINVAL, "--range: alphabet sizes go from 2 to 64");
    int rc = exp_store_open(x, entropy_cols, ENTROPY_COLS, ENTROPY_KEYS);
    if (rc)
        return rc;
    exp_progress_plan(x, (double)npegs * (hi - lo + 1));
    const char *figs[EXP_MAX_PEGS];
    char bases[EXP_MAX_PEGS][48];
    for (int j = 0; rc == 0 && j < npegs; j++) {
        entropy_row rows[MAX_VALUES];
        int n = pegs[j];
        for (int k = lo; rc == 0 && k <= hi; k++)
            rc = entropy_one(x, rule, game, n, k, &rows[k - lo]);
        exp_progress_clear(x);
        if (rc)
            break;
        printf("\n%s, complete dictionaries of n = %d: the first guess's entropy in bits (docs/analysis.md)\n\n", game,
               n);
        printf("%3s %12s %6s %10s %9s %9s %9s\n", "k", "codes", "P", "best guess", "best H", "adj. H", "perf. H");
        for (int k = lo; k <= hi; k++) {
            const entropy_row *r = &rows[k - lo];
            char b[16] = "-", a[16] = "-";
            if (!isnan(r->best))
                snprintf(b, sizeof b, "%.4f", r->best);
            if (!isnan(r->adjusted))
                snprintf(a, sizeof a, "%.4f", r->adjusted);
            printf("%3d %12.0f %6.0f %10s %9s %9s %9.4f\n", k, r->secrets, r->first, r->guess[0] ? r->guess : "-", b, a,
                   r->perfect);
        }
        figure_data *f = calloc(1, sizeof *f);
        if (!f)
            return cli_fail(CB_ENOMEM, "out of memory");
        plot_series *sb = add_series(f, "best first guess", 0, 0);
        plot_series *sa = add_series(f, "adjusted entropy", 0, 0);
        plot_series *sp = add_series(f, "perfect entropy log2(min(N, P))", 1, 0);
        for (int k = lo; k <= hi; k++) {
            const entropy_row *r = &rows[k - lo];
            if (!isnan(r->best))
                push(f, sb, k, r->best, 0);
            if (!isnan(r->adjusted))
                push(f, sa, k, r->adjusted, 0);
            push(f, sp, k, r->perfect, 0);
        }
        char title[120], subtitle[120];
        snprintf(title, sizeof title, "%c%s: entropy of the first guess, n = %d", game[0] - 32, game + 1, n);
        snprintf(subtitle, sizeof subtitle,
                 "complete dictionaries; adjusted: the all-gray and all-yellow parts exact, "
                 "the rest even");
        plot_figure fig;
        integer_figure(&fig, title, subtitle, "alphabet size k", "entropy (bits)", lo, hi);
        snprintf(bases[j], sizeof bases[j], "first-guess-entropy-n%d", n);
        figs[j] = bases[j];
        rc = exp_figure(x, bases[j], 'l', &fig, f->s, f->nseries);
        free(f);
    }
    if (rc == 0) {
        printf("\nP: feedbacks a first guess can give (the thesis's count); best H: the highest entropy of any\n"
               "first guess and its class's smallest code; adj. H: the adjusted entropy (codes of n distinct\n"
               "symbols, k >= n); perf. H: log2(min(N, P)). '-': not computed (see docs/analysis.md).\n");
        exp_footer(x, figs, (size_t)npegs);
    }
    return rc;
}
