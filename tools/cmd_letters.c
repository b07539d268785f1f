/*
 * cmd_letters.c: `codebreaker letters`: how often each letter stands at
 * each position of the secrets (or of every allowed guess), as the
 * information-theory study's heatmaps and the C++ Wordle paper's Table 3
 * show it, with the word of distinct letters made of the positions' maxima
 * (CARES in that paper); as a table, JSON or a heatmap file.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "plot.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

typedef struct letters {
    int n, k, guesses;
    uint32_t total;
    uint64_t *counts; /* n * k */
    uint8_t code[CB_MAX_LENGTH];
    int order[CB_MAX_LENGTH];
    int greedy; /* 1 when the alphabet allows a code of distinct symbols */
} letters;

static double share(const letters *l, int p, int c)
{
    return l->total ? (double)l->counts[(size_t)p * (size_t)l->k + c] / (double)l->total : 0.0;
}

/* The symbol's share among all the letters of the list, every position together. */
static double overall(const letters *l, int c)
{
    double sum = 0;
    for (int p = 0; p < l->n; p++)
        sum += share(l, p, c);
    return sum / l->n;
}

static double column_max(const letters *l, int p)
{
    double top = 0;
    for (int c = 0; c < l->k; c++)
        top = share(l, p, c) > top ? share(l, p, c) : top;
    return top;
}

static void greedy_word(const cli *c, const letters *l, char *word)
{
    size_t len = 0;
    for (int p = 0; p < l->n; p++)
        len += (size_t)snprintf(word + len, WORD_MAX - len, "%s", cb_game_symbol(c->game, l->code[p]));
}

static void print_table(const cli *c, const letters *l)
{
    char word[WORD_MAX];
    printf("letter frequency per position: %s, %s (%u words)\n\n", cb_game_name(c->game),
           l->guesses ? "every allowed guess" : "the secrets", l->total);
    printf("%-8s", "letter");
    for (int p = 0; p < l->n; p++)
        printf("  pos %-3d", p + 1);
    printf("  %7s\n", "all");
    for (int s = 0; s < l->k; s++) {
        printf("%-8s", cb_game_symbol(c->game, s));
        for (int p = 0; p < l->n; p++)
            printf("  %7.4f", share(l, p, s));
        printf("  %7.4f\n", overall(l, s));
    }
    printf("%-8s", "max");
    for (int p = 0; p < l->n; p++)
        printf("  %7.4f", column_max(l, p));
    printf("\n");
    if (!l->greedy)
        return;
    greedy_word(c, l, word);
    uint32_t gi = cb_game_find(c->game, l->code);
    int by_rank[CB_MAX_LENGTH];
    for (int p = 0; p < l->n; p++)
        by_rank[l->order[p] - 1] = p + 1;
    printf("\ndistinct letters from the maxima: %s (each position's turn:", word);
    for (int p = 0; p < l->n; p++)
        printf(" %d", l->order[p]);
    printf(", so positions filled in the order");
    for (int i = 0; i < l->n; i++)
        printf(" %d", by_rank[i]);
    printf("; %s)\n", gi == CB_NONE                                  ? "not a word of the game"
                      : cb_game_guess_secret(c->game, gi) != CB_NONE ? "a possible secret"
                                                                     : "an allowed guess");
}

static int print_json(const cli *c, const letters *l)
{
    char word[WORD_MAX];
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "game", cb_game_name(c->game));
    cb_json_kstr(&j, "list", l->guesses ? "guesses" : "secrets");
    cb_json_kuint(&j, "words", l->total);
    cb_json_key(&j, "letters");
    cb_json_raw(&j, "[");
    for (int s = 0; s < l->k; s++) {
        cb_json_sep(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "letter", cb_game_symbol(c->game, s));
        cb_json_key(&j, "counts");
        cb_json_raw(&j, "[");
        for (int p = 0; p < l->n; p++) {
            cb_json_sep(&j);
            cb_json_uint(&j, l->counts[(size_t)p * (size_t)l->k + s]);
        }
        cb_json_raw(&j, "]");
        cb_json_key(&j, "overall");
        cb_json_printf(&j, "%.6f", overall(l, s));
        cb_json_raw(&j, "}");
    }
    cb_json_raw(&j, "]");
    if (l->greedy) {
        greedy_word(c, l, word);
        cb_json_kstr(&j, "greedy", word);
        cb_json_key(&j, "greedy_order");
        cb_json_raw(&j, "[");
        for (int p = 0; p < l->n; p++) {
            cb_json_sep(&j);
            cb_json_int(&j, l->order[p]);
        }
        cb_json_raw(&j, "]");
    }
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

static int draw(const cli *c, const letters *l, const char *path)
{
    size_t nrows = (size_t)l->k, ncols = (size_t)l->n;
    const char **rows = calloc(nrows, sizeof *rows), **cols = calloc(ncols, sizeof *cols);
    double *v = malloc(nrows * ncols * sizeof *v);
    char(*names)[32] = calloc(ncols, sizeof *names), title[160], subtitle[160], why[256];
    int rc = rows && cols && v && names ? 0 : cli_fail(CB_ENOMEM, "out of memory");
    for (size_t s = 0; rc == 0 && s < nrows; s++) {
        rows[s] = cb_game_symbol(c->game, (int)s);
        for (size_t p = 0; p < ncols; p++)
            v[s * ncols + p] = share(l, (int)p, (int)s);
    }
    for (size_t p = 0; rc == 0 && p < ncols; p++) {
        snprintf(names[p], sizeof names[p], "position %zu", p + 1);
        cols[p] = names[p];
    }
    if (rc == 0) {
        plot_figure fig;
        plot_figure_init(&fig);
        snprintf(title, sizeof title, "Letters per position: %u %s", l->total,
                 l->guesses ? "allowed guesses" : "secrets");
        snprintf(subtitle, sizeof subtitle, "%s", cb_game_name(c->game));
        fig.title = title;
        fig.subtitle = subtitle;
        fig.width = 820;
        fig.height = 300 + 28 * (int)nrows;
        if ((rc = plot_heatmap(path, &fig, rows, nrows, cols, ncols, v, 2, why, sizeof why)) != 0)
            cli_fail(rc == 2 ? CB_EINVAL : CB_EIO, "--plot: %s", why);
    }
    free(rows);
    free(cols);
    free(v);
    free(names);
    return rc;
}

static int run(cli *c)
{
    int rc = cli_open_game(c);
    if (rc)
        return rc;
    if (c->npos)
        return cli_fail(CB_EINVAL, "letters takes no arguments (see codebreaker letters --help)");
    const char *of = cli_get(c, "of"), *plot = cli_get(c, "plot");
    if (plot && !plot_path_ok(plot))
        return cli_fail(CB_EINVAL, "--plot: '%s' must end in .svg or .png (or be - for SVG on stdout)", plot);
    letters l = {cb_game_length(c->game), cb_game_colors(c->game), 0, 0, NULL, {0}, {0}, 0};
    if (of && strcmp(of, "guesses") == 0)
        l.guesses = 1;
    else if (of && strcmp(of, "secrets") != 0)
        return cli_fail(CB_EINVAL, "--of: '%s' is not secrets or guesses", of);
    if (!cb_game_rule_info(c->game)->words)
        return cli_fail(CB_EINVAL, "letters counts letters of words: Wordle or Symble rules, not Mastermind");
    l.total = l.guesses ? cb_game_guess_count(c->game) : cb_game_secret_count(c->game);
    l.counts = malloc((size_t)l.n * (size_t)l.k * sizeof *l.counts);
    if (!l.counts)
        return cli_fail(CB_ENOMEM, "out of memory");
    cb_letter_positions(c->game, l.guesses, l.counts);
    l.greedy = cb_letter_greedy(c->game, l.counts, l.code, l.order) == CB_OK;
    if (plot && strcmp(plot, "-") == 0)
        ; /* the figure alone on stdout */
    else if (cli_flag(c, "json"))
        rc = print_json(c, &l);
    else
        print_table(c, &l);
    if (rc == 0 && plot)
        rc = draw(c, &l, plot);
    free(l.counts);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"of", "LIST", "secrets (default) or guesses: every allowed guess (the C++ Wordle paper's Table 3)"},
    {"plot", "FILE", "draw the heatmap to FILE (.svg or .png; -: SVG to stdout)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_letters = {
    "letters",
    "[OPTIONS]",
    "letter frequency per position (heatmap), and the word of distinct letters made of the positions' maxima",
    "codebreaker letters --of guesses --plot letters.svg",
    opts,
    CLI_GAME,
    run,
};
