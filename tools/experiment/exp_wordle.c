/*
 * exp_wordle.c: the Wordle and Mastermind experiments: each strategy with
 * a target turn (the data-visualisation paper, Figures 5 and 6), and
 * minimax over every allowed word with the SERAI and LARES openers (the
 * Wordle-in-C++ paper, Table 2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"

#define MAX_STRATS 12
#define NTARGETS 3
#define MAX_OPENERS 8
#define MAX_GUESSES 24

static const int targets[NTARGETS] = {2, 3, 0};
static const char *const target_names[NTARGETS] = {"target turn 2", "target turn 3", "no target"};

/* target-turn: data-visualisation paper, Figures 5 and 6 */

typedef struct tt_game {
    const char *name, *title;
} tt_game;

static const tt_game tt_games[2] = {{"wordle", "Wordle"}, {"mastermind", "Mastermind 6x4"}};

/* One grouped bar chart: a group per strategy, a bar per target turn. */
static int tt_figure(exp_ctx *x, const tt_game *g, const char *what, char names[][48], size_t ns, const exp_sim *rows,
                     const int *present, int which, char *base, size_t base_size)
{
    double y[NTARGETS][MAX_STRATS], e[NTARGETS][MAX_STRATS];
    plot_series s[NTARGETS];
    const char *cats[MAX_STRATS];
    for (size_t i = 0; i < ns; i++) {
        cats[i] = names[i];
        for (int t = 0; t < NTARGETS; t++) {
            const exp_sim *r = &rows[i * NTARGETS + (size_t)t];
            int ok = present[i * NTARGETS + (size_t)t];
            y[t][i] = !ok          ? NAN
                      : which == 0 ? r->average
                      : which == 1 ? 100 * r->removed
                                   : 1000 * r->seconds / (double)r->played;
            e[t][i] = which == 0 && ok ? r->stddev : 0;
        }
    }
    for (int t = 0; t < NTARGETS; t++)
        s[t] = (plot_series){target_names[t], NULL, y[t], which == 0 ? e[t] : NULL, ns, 0, 0, t + 1};
    char title[128], subtitle[160];
    snprintf(title, sizeof title, "%s: %s, by target turn", g->title, what);
    snprintf(subtitle, sizeof subtitle, "%s%s", which == 0 ? "bars: average; lines: one standard deviation" : "",
             which == 2   ? "simulation time per game, the feedback table not included"
             : which == 1 ? "mean share of the remaining candidates that a guess removes"
                          : "");
    plot_figure fig;
    plot_figure_init(&fig);
    fig.title = title;
    fig.subtitle = subtitle;
    fig.xlabel = "strategy";
    fig.ylabel = which == 0   ? "guesses per game"
                 : which == 1 ? "candidates removed per guess (%)"
                              : "milliseconds per game";
    fig.categories = cats;
    fig.ylog = which == 2;
    if (which == 1)
        fig.ymin = 0;
    static const char *const suffix[3] = {"score", "removed", "time"};
    snprintf(base, base_size, "target-turn-%s-%s", g->name, suffix[which]);
    return exp_figure(x, base, 'b', &fig, s, NTARGETS);
}

int exp_target_turn(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    char names[MAX_STRATS][48];
    size_t ns = exp_strategy_names(x, "minimax,expected,parts,entropy,random-any", names, MAX_STRATS);
    int rc = exp_store_open(x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS);
    if (rc)
        return rc;
    size_t per = ns * NTARGETS, count = 2 * per;
    exp_play *plays = calloc(count, sizeof *plays);
    exp_sim *rows = calloc(count, sizeof *rows);
    int *present = calloc(count, sizeof *present);
    char(*labels)[64] = calloc(count, sizeof *labels);
    exp_play *run_plays = calloc(count, sizeof *run_plays);
    exp_sim *run_rows = calloc(count, sizeof *run_rows);
    if (!plays || !rows || !present || !labels || !run_plays || !run_rows)
        rc = cli_fail(CB_ENOMEM, "out of memory");
    size_t nrun = 0;
    for (int gi = 0; rc == 0 && gi < 2; gi++)
        for (size_t i = 0; i < ns; i++)
            for (int t = 0; t < NTARGETS; t++) {
                size_t at = (size_t)gi * per + i * NTARGETS + (size_t)t;
                exp_play *p = &plays[at];
                exp_sim *r = &rows[at];
                /* random-any without a target turn would guess at random forever: its default target is 3;
                   under the paper's turn limit it is never targeted (target = the limit + 1) */
                int random_any = strcmp(names[i], "random-any") == 0, limit = gi == 0 ? 6 : 10;
                if (random_any && targets[t] == 0 && !o->paper_rules)
                    continue;
                cb_game_config_preset(tt_games[gi].name, &p->game);
                cb_strategy_config_default(&p->strategy);
                p->strategy.name = names[i];
                p->strategy.target_turn = targets[t] ? targets[t] : random_any ? limit + 1 : 0;
                p->strategy.seed = o->seed;
                if (o->paper_rules) { /* answers only, a turn limit, untargeted ties at random */
                    if (gi == 0)
                        p->game.answers_data = "wordle/answers.txt";
                    p->max_guesses = limit;
                    if (targets[t] == 0)
                        p->strategy.tie = CB_TIE_RANDOM;
                }
                p->sample = (size_t)o->games;
                p->weight = gi == 0 ? 5 : 1;
                snprintf(labels[at], sizeof labels[at], "%s %.40s T%d", tt_games[gi].name, names[i], targets[t]);
                p->label = labels[at];
                snprintf(r->game, sizeof r->game, "%s", tt_games[gi].name);
                snprintf(r->list, sizeof r->list, "%s%s",
                         gi == 0 ? (o->paper_rules ? "wordle/answers.txt" : "wordle/answers.txt,wordle/allowed.txt")
                                 : "complete",
                         o->paper_rules ? (gi == 0 ? ", at most 6 guesses" : ", at most 10 guesses") : "");
                r->k = gi == 0 ? 0 : 6;
                r->n = gi == 0 ? 5 : 4;
                snprintf(r->strategy, sizeof r->strategy, "%.40s%s", names[i],
                         p->strategy.tie == CB_TIE_RANDOM ? " --tie random" : "");
                r->target = targets[t];
                r->games = o->games;
                r->seed = o->seed;
                present[at] = 1;
                run_plays[nrun] = *p;
                run_rows[nrun++] = *r;
            }
    if (rc == 0)
        rc = exp_run_all(x, run_plays, run_rows, nrun);
    for (size_t at = 0, j = 0; rc == 0 && at < count; at++)
        if (present[at])
            rows[at] = run_rows[j++];
    const char *figs[6];
    char bases[6][64];
    for (int gi = 0; rc == 0 && gi < 2; gi++) {
        printf("\n%s, %s: each strategy with target turn 2, 3 and none (from the target turn on, every\n"
               "guess is a remaining candidate); ties to a candidate, then the first guess in list order.\n",
               tt_games[gi].title, o->games ? "a sample of secrets" : "every secret");
        if (o->paper_rules)
            printf("The paper's rules: %s, at most %d guesses, a lost game scores %d; no target: ties at random\n"
                   "among all the tied guesses, random-any never targeted.\n",
                   gi == 0 ? "guesses from the 2315 answers only" : "every code a guess", gi == 0 ? 6 : 10,
                   gi == 0 ? 7 : 11);
        printf("\n");
        printf("%-12s %-7s %6s %8s %6s %7s %5s %8s %9s %-8s\n", "strategy", "target", "games", "average", "median",
               "sd", "worst", "removed", "ms/game", "opener");
        for (size_t i = 0; i < ns; i++)
            for (int t = 0; t < NTARGETS; t++) {
                size_t at = (size_t)gi * per + i * NTARGETS + (size_t)t;
                const exp_sim *r = &rows[at];
                char tgt[8];
                if (!present[at])
                    continue;
                snprintf(tgt, sizeof tgt, "%s", targets[t] ? (targets[t] == 2 ? "2" : "3") : "none");
                printf("%-12s %-7s %6ld %8.4f %6g %7.4f %5d %7.2f%% %9.3f %-8s\n", names[i], tgt, r->played, r->average,
                       r->median, r->stddev, r->max, 100 * r->removed, 1000 * r->seconds / (double)r->played,
                       r->first_guess);
            }
        for (int which = 0; rc == 0 && which < 3; which++) {
            int k = gi * 3 + which;
            rc = tt_figure(x, &tt_games[gi],
                           which == 0   ? "guesses"
                           : which == 1 ? "candidates removed"
                                        : "time",
                           names, ns, rows + (size_t)gi * per, present + (size_t)gi * per, which, bases[k],
                           sizeof bases[k]);
            figs[k] = bases[k];
        }
    }
    if (rc == 0) {
        printf("\nremoved: mean share of the remaining candidates a guess removes (turns that did not win);\n"
               "random-any plays a random allowed guess until its target turn (%s).\n",
               o->paper_rules ? "no target: random guesses to the turn limit, the last candidate when one is left"
                              : "no target: not run, it would never stop guessing at random");
        exp_footer(x, figs, 6);
    }
    free(plays);
    free(rows);
    free(present);
    free(labels);
    free(run_plays);
    free(run_rows);
    return rc;
}

/* opening-sweep: the Wordle-in-C++ paper, Table 2 */

/* The paper's figures: minimax over the 12972 allowed words as answers. */
static const struct {
    const char *opener;
    double average; /* NAN when the paper gives none */
    int worst;
} published[] = {{"serai", 4.2789, 8}, {"lares", NAN, 7}};

static void parse_distribution(const char *text, double *counts, int *max)
{
    memset(counts, 0, MAX_GUESSES * sizeof *counts);
    *max = 0;
    while (*text) {
        char *end;
        long g = strtol(text, &end, 10);
        if (end == text || *end != ':')
            return;
        double c = strtod(end + 1, &end);
        if (g >= 0 && g < MAX_GUESSES) {
            counts[g] = c;
            *max = g > *max ? (int)g : *max;
        }
        text = end;
        while (*text == ' ')
            text++;
    }
}

int exp_opening_sweep(exp_ctx *x)
{
    const exp_opts *o = &x->o;
    char openers[MAX_OPENERS][48], list[160];
    size_t no = 0;
    const char *fl = o->first ? o->first : "serai,lares";
    while (*fl && no < MAX_OPENERS) {
        size_t len = strcspn(fl, ",");
        snprintf(openers[no], sizeof openers[no], "%.*s", (int)len, fl);
        for (char *p = openers[no]; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        if (len)
            no++;
        fl += len + (fl[len] == ',');
    }
    if (!no)
        return cli_fail(CB_EINVAL, "--first: no opener given");
    int rc = exp_list_id(o->words, "wordle/allowed.txt", list, sizeof list, NULL);
    if (rc == 0)
        rc = exp_store_open(x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS);
    if (rc)
        return rc;
    exp_play plays[MAX_OPENERS];
    exp_sim rows[MAX_OPENERS];
    char labels[MAX_OPENERS][64];
    memset(plays, 0, sizeof plays);
    memset(rows, 0, sizeof rows);
    cb_game_config gcfg;
    cb_game_config_preset("wordle", &gcfg);
    if (o->words)
        gcfg.answers_path = gcfg.guesses_path = o->words;
    else
        gcfg.answers_data = "wordle/allowed.txt"; /* every allowed word a secret and a guess */
    for (size_t i = 0; i < no; i++) {
        exp_play *p = &plays[i];
        exp_sim *r = &rows[i];
        uint32_t gi;
        cb_error err;
        rc = exp_open_game(x, &gcfg, 0); /* to check the opener; kept open for the runs */
        if (rc)
            return rc;
        if (cb_game_parse_code(x->game, openers[i], &gi, &err) != CB_OK)
            return cli_fail(err.code, "--first: %s", err.message);
        p->game = gcfg;
        cb_strategy_config_default(&p->strategy);
        p->strategy.name = "minimax";
        p->strategy.first_guess = gi;
        p->sample = (size_t)o->games;
        p->weight = 1;
        snprintf(labels[i], sizeof labels[i], "minimax --first %.40s", openers[i]);
        p->label = labels[i];
        snprintf(r->game, sizeof r->game, "wordle");
        snprintf(r->list, sizeof r->list, "%s", list);
        r->k = 0;
        r->n = cb_game_length(x->game);
        snprintf(r->strategy, sizeof r->strategy, "minimax");
        snprintf(r->opener, sizeof r->opener, "%.31s", openers[i]);
        r->games = o->games;
        r->seed = o->seed;
    }
    rc = exp_run_all(x, plays, rows, no);
    if (rc)
        return rc;
    int full = !o->words && !o->games, top = 0;
    double counts[MAX_OPENERS][MAX_GUESSES];
    for (size_t i = 0; i < no; i++) {
        int m;
        parse_distribution(rows[i].distribution, counts[i], &m);
        top = m > top ? m : top;
    }
    printf("\nWordle rules, minimax (the largest part, ties to a candidate, then the first word in\n"
           "alphabetical order); secrets: %s %s, each also a guess.\n\n",
           o->games ? "a sample of" : "every one of", o->words ? o->words : "the 12972 allowed words");
    printf("%-8s %6s %8s %8s %5s", "opener", "games", "total", "average", "worst");
    for (int g = 1; g <= top; g++)
        printf(" %5d", g);
    printf("\n");
    for (size_t i = 0; i < no; i++) {
        const exp_sim *r = &rows[i];
        printf("%-8s %6ld %8.0f %8.4f %5d", r->opener, r->played, r->average * (double)r->played, r->average, r->max);
        for (int g = 1; g <= top; g++)
            printf(" %5.0f", counts[i][g]);
        printf("\n");
    }
    if (full) {
        printf("\nthe paper (Wordle-in-C++, Table 2) beside ours:\n");
        printf("%-8s %14s %10s %12s %10s\n", "opener", "paper average", "ours", "paper worst", "ours");
        for (size_t i = 0; i < no; i++)
            for (size_t j = 0; j < sizeof published / sizeof published[0]; j++)
                if (strcmp(rows[i].opener, published[j].opener) == 0) {
                    char pa[16] = "-";
                    if (!isnan(published[j].average))
                        snprintf(pa, sizeof pa, "%.4f", published[j].average);
                    printf("%-8s %14s %10.4f %12d %10d\n", rows[i].opener, pa, rows[i].average, published[j].worst,
                           rows[i].max);
                }
    }
    double y[MAX_OPENERS][MAX_GUESSES];
    char catbuf[MAX_GUESSES][8];
    const char *cats[MAX_GUESSES];
    plot_series s[MAX_OPENERS];
    char legend[MAX_OPENERS][64];
    for (int g = 1; g <= top; g++) {
        snprintf(catbuf[g - 1], sizeof catbuf[g - 1], "%d", g);
        cats[g - 1] = catbuf[g - 1];
    }
    for (size_t i = 0; i < no; i++) {
        for (int g = 1; g <= top; g++)
            y[i][g - 1] = counts[i][g];
        snprintf(legend[i], sizeof legend[i], "%s: average %.4f, worst %d", rows[i].opener, rows[i].average,
                 rows[i].max);
        for (char *p = legend[i]; *p && *p != ':'; p++)
            *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
        s[i] = (plot_series){legend[i], NULL, y[i], NULL, (size_t)top, 0, 0, (int)i + 1};
    }
    char subtitle[160];
    snprintf(subtitle, sizeof subtitle, "minimax (ties: a candidate, then alphabetical); secrets and guesses: %s",
             o->words ? o->words : "12972 allowed words");
    plot_figure fig;
    plot_figure_init(&fig);
    fig.title = "Wordle: distribution of guesses by opener";
    fig.subtitle = subtitle;
    fig.xlabel = "guesses to find the word";
    fig.ylabel = "games";
    fig.categories = cats;
    rc = exp_figure(x, "opening-sweep", 'b', &fig, s, no);
    const char *figs[] = {"opening-sweep"};
    if (rc == 0)
        exp_footer(x, figs, 1);
    return rc;
}
