/*
 * cmd_distribution.c: `codebreaker distribution`: how a guess splits the
 * candidates of a state: every part's size, sorted, with the entropy, the
 * perfect entropy and the largest part; as a table, a terminal bar chart,
 * JSON, CSV or a plot file.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "plot.h"

#define SEARCH_WORK 1e9 /* most (guess, candidate) pairs the default-guess search may take */
#define TABLE_WORK 3e8  /* a search over more pairs than this uses on-the-fly feedback, not a table */
#define BAR_WIDTH 40
#define MAX_PLOT_LABELS 40

typedef struct part {
    uint32_t key, size;
} part;

typedef struct dist {
    uint32_t guess;
    int chosen; /* 1 when the program chose the guess */
    size_t candidates;
    part *parts;
    size_t nparts;
    double entropy, perfect, possible;
    int renamed; /* Symble keys are patterns up to renaming */
    int merge;   /* --win-in-pattern asked */
    int merged;  /* the win was counted in the one-symbol pattern */
} dist;

/*
 * Spell a part's key. Symble keys before any turn stand for a pattern up to
 * renaming of the symbols: spell it with symbols in order of appearance
 * (abbb, not baaa) so that equal patterns read alike.
 */
static void spell_key(const cb_game *g, const dist *d, uint32_t key, char *out, size_t size)
{
    cb_game_format_feedback(g, key, out, size);
    if (!d->renamed || key == cb_game_won(g))
        return;
    char map[3] = {0, 0, 0}, next = 'a';
    for (char *p = out; *p; p++)
        if (*p >= 'a' && *p <= 'c') {
            if (!map[*p - 'a'])
                map[*p - 'a'] = next++;
            *p = map[*p - 'a'];
        }
}

static int cmp_part(const void *a, const void *b)
{
    const part *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

/* The positional argument that is a guess (no '='), or -1; exit status 2 when several. */
static int find_guess_arg(const cli *c, int *index)
{
    *index = -1;
    for (int i = 0; i < c->npos; i++)
        if (!strchr(c->pos[i], '=')) {
            if (*index >= 0)
                return cli_fail(CB_EINVAL, "give one GUESS to show ('%s' and '%s'), then GUESS=FEEDBACK turns",
                                c->pos[*index], c->pos[i]);
            *index = i;
        }
    if (*index > 0)
        return cli_fail(CB_EINVAL, "the GUESS to show comes first, before the GUESS=FEEDBACK turns");
    return 0;
}

/* Table mode: the user's, or a table only when a search over many guesses needs one. */
static int open_table(cli *c, int search)
{
    double pairs = (double)cb_game_guess_count(c->game) * cb_game_secret_count(c->game);
    cb_table_mode mode;
    int rc = cli_table_mode(c, search && pairs <= TABLE_WORK ? CB_TABLE_AUTO : CB_TABLE_OFF, &mode);
    return rc ? rc : cli_open_table(c, c->game, mode, &c->table);
}

/* The first guess of a complete dictionary: the best shape's smallest code, by symmetry. */
static int best_shape(cli *c, uint32_t *gi)
{
    const cb_game *g = c->game;
    cb_first_guess *shapes;
    size_t count;
    cb_error err;
    if (cb_first_guess_shapes(cb_game_rule(g), cb_game_colors(g), cb_game_length(g), cb_game_no_repeat(g), 0, &shapes,
                              &count, &err) != CB_OK)
        return cli_fail_err(&err);
    *gi = cb_game_find(g, shapes[0].code);
    free(shapes);
    return *gi == CB_NONE ? cli_fail(CB_EINVAL, "the best first guess is not in this game") : 0;
}

/* The legal guess of highest entropy; ties go to a candidate, then to the lowest index. */
static int best_search(cli *c, const cb_state *st, uint32_t *gi)
{
    const cb_game *g = c->game;
    uint32_t n = cb_game_guess_count(g);
    double pairs = (double)n * (double)cb_state_count(st);
    if (pairs > SEARCH_WORK)
        return cli_fail(CB_ETOOBIG, "searching %u guesses against %zu candidates is too much: name the GUESS to show",
                        n, cb_state_count(st));
    double *h = malloc(n * sizeof *h);
    int ok = 1;
    int threads = cli_threads(c, &ok);
    if (!h || cb_guess_entropies(st, threads, NULL, h) != CB_OK) {
        free(h);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    uint32_t best = CB_NONE;
    int best_cand = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (cb_state_hard(st) && !cb_state_legal(st, i, NULL, 0))
            continue;
        int cand = cb_state_is_candidate(st, i);
        if (best == CB_NONE || h[i] > h[best] || (h[i] == h[best] && cand && !best_cand)) {
            best = i;
            best_cand = cand;
        }
    }
    free(h);
    *gi = best;
    return best == CB_NONE ? cli_fail(CB_EEMPTY, "no guess is legal in this state") : 0;
}

/* How many feedbacks the guess could give here (docs/analysis.md: perfect entropy). */
static double possible_feedbacks(const cb_state *st, int *renamed)
{
    const cb_game *g = cb_state_game(st);
    int n = cb_game_length(g);
    *renamed = 0;
    if (!cb_game_rule_info(g)->hidden)
        return cb_feedbacks_possible(cb_game_rule(g), n, 0);
    const uint8_t *masks = cb_state_masks(st);
    for (size_t i = 0; i < cb_state_count(st); i++)
        if (masks[i] != (1u << CB_MAPPINGS) - 1)
            return cb_feedbacks_possible(cb_game_rule(g), n, 0);
    *renamed = 1;
    return cb_feedbacks_possible(cb_game_rule(g), n, 1);
}

/*
 * The Symble thesis's count of a first guess's feedbacks: the win among the one-symbol patterns (for
 * n = 4, 14 feedbacks instead of 14 patterns and the win apart). Merges the won part into the part of
 * the one-symbol pattern (or renames it when no secret gives that pattern) and recomputes the entropy.
 */
static void win_in_pattern(const cb_state *st, dist *d)
{
    const cb_game *g = cb_state_game(st);
    size_t won = SIZE_MAX, same = SIZE_MAX;
    for (size_t i = 0; i < d->nparts; i++) {
        char fb[64];
        spell_key(g, d, d->parts[i].key, fb, sizeof fb);
        if (d->parts[i].key == cb_game_won(g))
            won = i;
        else if (strspn(fb, "a") == strlen(fb))
            same = i;
    }
    if (won == SIZE_MAX || !d->renamed)
        return;
    if (same != SIZE_MAX) {
        d->parts[same].size += d->parts[won].size;
        d->parts[won] = d->parts[--d->nparts];
    } else
        d->parts[won].key = 0; /* all gray: the one-symbol pattern */
    uint32_t *sizes = malloc((d->nparts ? d->nparts : 1) * sizeof *sizes);
    for (size_t i = 0; sizes && i < d->nparts; i++)
        sizes[i] = d->parts[i].size;
    if (sizes)
        d->entropy = cb_entropy(sizes, d->nparts);
    free(sizes);
    d->merged = 1;
}

static int compute(const cb_state *st, uint32_t gi, dist *d)
{
    cb_partition p;
    cb_partition_init(&p);
    if (cb_partition_compute(&p, st, gi) != CB_OK) {
        cb_partition_release(&p);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    d->guess = gi;
    d->candidates = cb_state_count(st);
    d->nparts = p.parts;
    d->parts = malloc((p.parts + 1) * sizeof *d->parts);
    if (!d->parts) {
        cb_partition_release(&p);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < p.parts; i++) {
        d->parts[i].key = p.ids[i];
        d->parts[i].size = p.sizes[i];
    }
    d->entropy = cb_entropy(p.sizes, p.parts);
    cb_partition_release(&p);
    d->possible = possible_feedbacks(st, &d->renamed);
    if (d->merge)
        win_in_pattern(st, d);
    qsort(d->parts, d->nparts, sizeof *d->parts, cmp_part);
    d->perfect = d->candidates ? log2(fmin((double)d->candidates, d->possible)) : 0;
    return 0;
}

static void print_text(const cli *c, const cb_state *st, const dist *d, size_t limit)
{
    const cb_game *g = c->game;
    char word[CB_MAX_LENGTH * 4 + 1], fb[64];
    size_t largest = d->nparts ? d->parts[0].size : 0;
    cb_game_format_code(g, d->guess, word, sizeof word);
    printf("game      %s\n", cb_game_name(g));
    printf("state     %zu candidate%s", d->candidates, d->candidates == 1 ? "" : "s");
    if (cb_state_turns(st) == 0)
        printf(" (no history)\n");
    else
        printf(" after %zu turn%s\n", cb_state_turns(st), cb_state_turns(st) == 1 ? "" : "s");
    printf("guess     %s%s\n", word, d->chosen ? " (the highest entropy; name a GUESS to see another)" : "");
    printf("parts     %zu%s\n", d->nparts,
           d->merged                      ? " (the win counted in the one-symbol pattern, as the Symble thesis)"
           : cb_game_rule_info(g)->hidden ? " (the win apart)"
                                          : "");
    printf("possible  %.0f feedbacks%s\n", d->possible,
           d->renamed ? " (symbol patterns up to renaming, the win among them, as the Symble thesis counts)" : "");
    printf("entropy   %.4f bits (perfect %.4f = log2 %.0f)\n", d->entropy, d->perfect,
           fmin((double)d->candidates, d->possible));
    printf("largest   %zu (%.1f%%)\n\n", largest, d->candidates ? 100.0 * (double)largest / (double)d->candidates : 0);
    printf("%5s  %-*s %9s %7s\n", "rank", cb_game_length(g) > 8 ? cb_game_length(g) : 8, "feedback", "size", "share");
    for (size_t i = 0; i < d->nparts && i < limit; i++) {
        int bar = largest ? (int)((double)d->parts[i].size * BAR_WIDTH / (double)largest + 0.5) : 0;
        spell_key(g, d, d->parts[i].key, fb, sizeof fb);
        printf("%5zu  %-*s %9u %6.1f%%  ", i + 1, cb_game_length(g) > 8 ? cb_game_length(g) : 8, fb, d->parts[i].size,
               100.0 * d->parts[i].size / (double)d->candidates);
        for (int j = 0; j < (bar ? bar : 1); j++)
            putchar(bar ? '#' : '.');
        putchar('\n');
    }
    if (d->nparts > limit)
        printf("  ... and %zu smaller parts (sizes %u to %u; --limit 0 shows all)\n", d->nparts - limit,
               d->parts[limit].size, d->parts[d->nparts - 1].size);
}

static int print_json(const cli *c, const dist *d)
{
    char word[CB_MAX_LENGTH * 4 + 1], fb[64];
    cb_json j;
    cb_json_init(&j);
    cb_game_format_code(c->game, d->guess, word, sizeof word);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "game", cb_game_name(c->game));
    cb_json_kstr(&j, "guess", word);
    cb_json_kbool(&j, "chosen", d->chosen);
    cb_json_kuint(&j, "candidates", d->candidates);
    cb_json_key(&j, "entropy");
    cb_json_printf(&j, "%.6f", d->entropy);
    cb_json_key(&j, "perfect_entropy");
    cb_json_printf(&j, "%.6f", d->perfect);
    cb_json_key(&j, "possible_feedbacks");
    cb_json_printf(&j, "%.0f", d->possible);
    cb_json_kuint(&j, "largest", d->nparts ? d->parts[0].size : 0);
    cb_json_key(&j, "parts");
    cb_json_raw(&j, "[");
    for (size_t i = 0; i < d->nparts; i++) {
        spell_key(c->game, d, d->parts[i].key, fb, sizeof fb);
        cb_json_sep(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "feedback", fb);
        cb_json_kuint(&j, "size", d->parts[i].size);
        cb_json_raw(&j, "}");
    }
    cb_json_raw(&j, "]}");
    return cli_json_print(&j);
}

/* --csv FILE (- for stdout): one row per part. */
static int write_csv(const cli *c, const dist *d, const char *path)
{
    char fb[64];
    out_file o;
    int rc = out_open(&o, "--csv", path);
    if (rc)
        return rc;
    fprintf(o.f, "rank,feedback,size,share\n");
    for (size_t i = 0; i < d->nparts; i++) {
        spell_key(c->game, d, d->parts[i].key, fb, sizeof fb);
        fprintf(o.f, "%zu,", i + 1);
        out_csv_field(o.f, fb);
        fprintf(o.f, ",%u,%.6f\n", d->parts[i].size, d->parts[i].size / (double)d->candidates);
    }
    return out_commit(&o, "--csv");
}

static int draw(const cli *c, const dist *d, const char *path)
{
    char word[CB_MAX_LENGTH * 4 + 1], title[256], subtitle[256], note[256], why[256];
    double *sizes = malloc((d->nparts + 1) * sizeof *sizes);
    char(*labels)[64] = malloc((d->nparts + 1) * sizeof *labels);
    const char **cats = malloc((d->nparts + 1) * sizeof *cats);
    if (!sizes || !labels || !cats) {
        free(sizes), free(labels), free(cats);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < d->nparts; i++) {
        sizes[i] = d->parts[i].size;
        spell_key(c->game, d, d->parts[i].key, labels[i], sizeof labels[i]);
        cats[i] = labels[i];
    }
    cb_game_format_code(c->game, d->guess, word, sizeof word);
    snprintf(title, sizeof title, "How %s splits %zu candidate%s", word, d->candidates, d->candidates == 1 ? "" : "s");
    snprintf(subtitle, sizeof subtitle, "%s", cb_game_name(c->game));
    snprintf(note, sizeof note, "%zu parts\nentropy %.3f bits\nperfect %.3f bits\nlargest part %u", d->nparts,
             d->entropy, d->perfect, d->nparts ? d->parts[0].size : 0);
    plot_series s = {NULL, NULL, sizes, NULL, d->nparts, 0, 0, 1};
    plot_figure fig;
    plot_figure_init(&fig);
    fig.title = title;
    fig.subtitle = subtitle;
    fig.xlabel = d->nparts <= MAX_PLOT_LABELS ? (d->renamed ? "feedback (symbol pattern up to renaming)" : "feedback")
                                              : "part, largest first";
    fig.ylabel = "candidates";
    fig.integer_x = 1;
    fig.categories = d->nparts <= MAX_PLOT_LABELS ? cats : NULL;
    fig.note = note;
    int rc = plot_bars(path, &fig, &s, 1, why, sizeof why);
    free(sizes), free(labels), free(cats);
    if (rc)
        cli_fail(rc == 2 ? CB_EINVAL : CB_EIO, "%s", why);
    return rc; /* 2 a bad name, 1 a failed write */
}

static int run(cli *c)
{
    int ok = 1, rc, gpos;
    long limit = cli_int(c, "limit", 30, 0, 1L << 30, &ok);
    const char *plot = cli_get(c, "plot"), *csv = cli_get(c, "csv");
    int csv_out = csv && strcmp(csv, "-") == 0, plot_out = plot && strcmp(plot, "-") == 0;
    if (!ok)
        return 2;
    if (plot && !plot_path_ok(plot))
        return cli_fail(CB_EINVAL, "--plot: '%s' must end in .svg or .png (or be - for SVG on stdout)", plot);
    if (csv_out && (cli_flag(c, "json") || plot_out))
        return cli_fail(CB_EINVAL, "--csv - writes to stdout: give --json or --plot - without it, or --csv FILE");
    if ((rc = find_guess_arg(c, &gpos)) != 0 || (rc = cli_open_game_only(c)) != 0)
        return rc;
    int history = c->npos > (gpos >= 0), shape = cb_game_complete(c->game) && !history;
    if (history && cli_flag(c, "win-in-pattern"))
        return cli_fail(CB_EINVAL, "--win-in-pattern: the first guess only (after a turn the mapping narrows and "
                                   "every colour pattern counts)");
    if ((rc = open_table(c, gpos < 0 && !shape)) != 0)
        return rc;
    cb_state *st;
    dist d;
    memset(&d, 0, sizeof d);
    d.merge = cli_flag(c, "win-in-pattern");
    if (d.merge && !cb_game_rule_info(c->game)->hidden)
        return cli_fail(CB_EINVAL, "--win-in-pattern: Symble's first guess only");
    if (cb_state_new(c->table, &st) != CB_OK)
        return cli_fail(CB_ENOMEM, "out of memory");
    cb_state_set_hard(st, c->hard);
    rc = cli_apply_history(c, st, c->pos + (gpos >= 0), c->npos - (gpos >= 0));
    if (rc == 0 && gpos >= 0) {
        cb_error err;
        char why[160];
        if (cb_game_parse_code(c->game, c->pos[gpos], &d.guess, &err) != CB_OK)
            rc = cli_fail_err(&err);
        else if (!cb_state_legal(st, d.guess, why, sizeof why))
            rc = cli_fail(CB_EILLEGAL, "%s: %s", c->pos[gpos], why);
    } else if (rc == 0) {
        d.chosen = 1;
        rc = shape ? best_shape(c, &d.guess) : best_search(c, st, &d.guess);
    }
    if (rc == 0)
        rc = compute(st, d.guess, &d);
    if (rc == 0) {
        if (plot_out || csv_out)
            ; /* the figure or the CSV alone on stdout */
        else if (cli_flag(c, "json"))
            rc = print_json(c, &d);
        else
            print_text(c, st, &d, limit == 0 ? SIZE_MAX : (size_t)limit);
        if (rc == 0 && csv)
            rc = write_csv(c, &d, csv);
        if (rc == 0 && plot)
            rc = draw(c, &d, plot);
    }
    free(d.parts);
    cb_state_free(st);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"limit", "N", "show the N largest parts (default 30; 0 for all)"},
    {"csv", "FILE", "write the parts as CSV to FILE (- for stdout): rank, feedback, size, share"},
    {"plot", "FILE", "draw the part sizes to FILE.svg or FILE.png (-: SVG to stdout)"},
    {"win-in-pattern", NULL,
     "Symble, first guess: count the win among the one-symbol patterns, as the Symble thesis counts (14 "
     "feedbacks at n = 4)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_distribution = {
    "distribution",
    "[GUESS] [GUESS=FEEDBACK ...]",
    "how a guess splits the candidates: part sizes, entropy, perfect entropy, largest part (default guess: the "
    "highest entropy)",
    "codebreaker distribution --game symble --colors 6 --pegs 4 0012 --plot parts.png",
    opts,
    CLI_GAME,
    run,
};
