/* cmd_rank.c: `codebreaker rank`: every score of the best guesses after a history, and partitions. */
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static int print_ranked(const cli *c, const cb_strategy *s, const cb_state *st, const cb_guess_score *gs, size_t count)
{
    char word[CB_MAX_LENGTH * 4 + 1];
    const cb_strategy_info *info = cb_strategy_get_info(s);
    int freq = (info->traits & CB_TRAIT_WEIGHTS) != 0, mc = info->cost == CB_COST_ROLLOUTS;
    if (cli_flag(c, "json")) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kuint(&j, "candidates", cb_state_count(st));
        cb_json_kstr(&j, "strategy", cb_strategy_name(s));
        cb_json_key(&j, "guesses");
        cb_json_raw(&j, "[");
        for (size_t i = 0; i < count; i++) {
            cb_game_format_code(c->game, gs[i].guess, word, sizeof word);
            cb_json_sep(&j);
            cb_json_raw(&j, "{");
            cb_json_kuint(&j, "rank", i + 1);
            cb_json_kstr(&j, "guess", word);
            cb_json_kuint(&j, "largest", gs[i].largest);
            cb_json_kfixed(&j, "expected", gs[i].expected, 6);
            cb_json_kuint(&j, "parts", gs[i].parts);
            cb_json_kfixed(&j, "entropy", gs[i].entropy, 6);
            cb_json_knum(&j, "frequency", gs[i].frequency);
            cb_json_kbool(&j, "candidate", gs[i].candidate);
            cb_json_kfixed(&j, "score", gs[i].score, 6);
            cb_json_raw(&j, "}");
        }
        cb_json_raw(&j, "]}");
        return cli_json_print(&j);
    }
    size_t n = cb_state_count(st);
    printf("%zu candidate%s; guesses ranked by %s\n\n", n, n == 1 ? "" : "s", cb_strategy_name(s));
    printf("%4s  %-*s %8s %10s %7s %9s%s%s  %s\n", "rank", cb_game_length(c->game) + 2, "guess", "largest", "expected",
           "parts", "entropy", freq ? "  probability" : "", mc ? "  avg guesses" : "", "candidate");
    for (size_t i = 0; i < count; i++) {
        cb_game_format_code(c->game, gs[i].guess, word, sizeof word);
        printf("%4zu  %-*s %8u %10.3f %7u %9.4f", i + 1, cb_game_length(c->game) + 2, word, gs[i].largest,
               gs[i].expected, gs[i].parts, gs[i].entropy);
        if (freq)
            printf("  %11.4f", gs[i].frequency);
        if (mc)
            printf("  %11.3f", gs[i].score);
        printf("  %s\n", gs[i].candidate ? "yes" : "");
    }
    return 0;
}

/* Parts sorted by size, biggest first, then by feedback. */
typedef struct part {
    uint32_t id, size, first;
} part;

static int cmp_part(const void *a, const void *b)
{
    const part *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return (x->id > y->id) - (x->id < y->id);
}

/* The whole partition of the candidates by one guess: feedback, count, a few of its secrets. */
static int print_partition(const cli *c, const cb_state *st, const char *text)
{
    uint32_t gi;
    cb_error err;
    if (cb_game_parse_code(c->game, text, &gi, &err) != CB_OK)
        return cli_fail(err.code, "--partition: %s", err.message);
    size_t n = cb_state_count(st), samples = 6;
    const uint32_t *cands = cb_state_candidates(st);
    uint32_t *keys = malloc((n ? n : 1) * sizeof *keys);
    cb_partition p;
    cb_partition_init(&p);
    if (!keys || cb_partition_compute(&p, st, gi) != CB_OK) {
        free(keys);
        cb_partition_release(&p);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    cb_partition_keys(st, gi, keys);
    part *parts = malloc((p.parts ? p.parts : 1) * sizeof *parts);
    for (size_t k = 0; parts && k < p.parts; k++)
        parts[k] = (part){p.ids[k], p.sizes[k], (uint32_t)k};
    if (parts)
        qsort(parts, p.parts, sizeof *parts, cmp_part);
    cb_guess_score gs;
    cb_guess_score_compute(st, gi, &gs);
    int json = cli_flag(c, "json"), rc = 0;
    char word[CB_MAX_LENGTH * 4 + 1], fb[64];
    cb_json j;
    cb_json_init(&j);
    if (json) {
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "guess", text);
        cb_json_kuint(&j, "candidates", n);
        cb_json_kuint(&j, "largest", gs.largest);
        cb_json_kfixed(&j, "expected", gs.expected, 6);
        cb_json_kuint(&j, "parts", gs.parts);
        cb_json_kfixed(&j, "entropy", gs.entropy, 6);
        cb_json_key(&j, "partition");
        cb_json_raw(&j, "[");
    } else
        printf("%s splits %zu candidate%s into %u part%s: largest %u, expected size %.3f, entropy %.4f bits\n\n"
               "%-12s %7s  %s\n",
               text, n, n == 1 ? "" : "s", gs.parts, gs.parts == 1 ? "" : "s", gs.largest, gs.expected, gs.entropy,
               "feedback", "count", "secrets");
    for (size_t k = 0; parts && k < p.parts; k++) {
        cb_game_format_feedback(c->game, parts[k].id, fb, sizeof fb);
        if (json) {
            cb_json_sep(&j);
            cb_json_raw(&j, "{");
            cb_json_kstr(&j, "feedback", fb);
            cb_json_kuint(&j, "count", parts[k].size);
            cb_json_key(&j, "secrets");
            cb_json_raw(&j, "[");
        } else
            printf("%-12s %7u  ", fb, parts[k].size);
        size_t shown = 0;
        for (size_t i = 0; i < n && shown < (json ? SIZE_MAX : samples); i++)
            if (keys[i] == parts[k].id) {
                cb_game_format_code(c->game, cb_game_secret_guess(c->game, cands[i]), word, sizeof word);
                if (json) {
                    cb_json_sep(&j);
                    cb_json_str(&j, word);
                } else
                    printf("%s%s", shown ? " " : "", word);
                shown++;
            }
        if (json)
            cb_json_raw(&j, "]}");
        else
            printf("%s\n", parts[k].size > shown ? " ..." : "");
    }
    if (json && (parts || !p.parts)) {
        cb_json_raw(&j, "]}");
        rc = cli_json_print(&j);
    }
    cb_json_release(&j);
    free(parts);
    free(keys);
    cb_partition_release(&p);
    return parts || !p.parts ? rc : cli_fail(CB_ENOMEM, "out of memory");
}

#define TABLE_GUESSES 32 /* columns of a partition table */

/* Several guesses' partitions side by side (the data-visualisation paper's Figure 1): a row per feedback. */
static int print_partition_table(const cli *c, const cb_state *st, const char *list)
{
    char *copy = strdup(list), *save = NULL, fb[64];
    uint32_t gi[TABLE_GUESSES];
    const char *names[TABLE_GUESSES];
    cb_partition p[TABLE_GUESSES];
    cb_guess_score gs[TABLE_GUESSES];
    size_t ng = 0, n = cb_state_count(st);
    int rc = copy ? 0 : cli_fail(CB_ENOMEM, "out of memory"), json = cli_flag(c, "json");
    for (char *t = copy ? strtok_r(copy, ",", &save) : NULL; rc == 0 && t; t = strtok_r(NULL, ",", &save)) {
        cb_error err;
        if (ng == TABLE_GUESSES)
            rc = cli_fail(CB_EINVAL, "--partition: at most %d guesses side by side", TABLE_GUESSES);
        else if (cb_game_parse_code(c->game, t, &gi[ng], &err) != CB_OK)
            rc = cli_fail(err.code, "--partition: %s", err.message);
        else {
            names[ng] = t;
            cb_partition_init(&p[ng]);
            if (cb_partition_compute(&p[ng], st, gi[ng]) != CB_OK || cb_guess_score_compute(st, gi[ng], &gs[ng]))
                rc = cli_fail(CB_ENOMEM, "out of memory");
            ng++;
        }
    }
    cb_json js;
    cb_json_init(&js);
    if (rc == 0 && json) {
        cb_json_raw(&js, "{");
        cb_json_kuint(&js, "candidates", n);
        cb_json_key(&js, "guesses");
        cb_json_raw(&js, "[");
        for (size_t j = 0; j < ng; j++) {
            cb_json_sep(&js);
            cb_json_str(&js, names[j]);
        }
        cb_json_raw(&js, "]");
        cb_json_key(&js, "rows");
        cb_json_raw(&js, "[");
    } else if (rc == 0) {
        printf("partition table of %zu candidate%s: a row per feedback, a column per guess\n\n%-12s", n,
               n == 1 ? "" : "s", "feedback");
        for (size_t j = 0; j < ng; j++)
            printf(" %9s", names[j]);
        printf("\n");
    }
    size_t at[TABLE_GUESSES] = {0}, rows = 0;
    while (rc == 0) { /* merge the parts' keys, in increasing order */
        uint32_t key = UINT32_MAX;
        for (size_t j = 0; j < ng; j++)
            if (at[j] < p[j].parts && p[j].ids[at[j]] < key)
                key = p[j].ids[at[j]];
        if (key == UINT32_MAX)
            break;
        cb_game_format_feedback(c->game, key, fb, sizeof fb);
        if (json) {
            cb_json_sep(&js);
            cb_json_raw(&js, "{");
            cb_json_kstr(&js, "feedback", fb);
            cb_json_key(&js, "counts");
            cb_json_raw(&js, "[");
        } else
            printf("%-12s", fb);
        for (size_t j = 0; j < ng; j++) {
            uint32_t count = at[j] < p[j].parts && p[j].ids[at[j]] == key ? p[j].sizes[at[j]++] : 0;
            if (json) {
                cb_json_sep(&js);
                cb_json_uint(&js, count);
            } else
                printf(" %9u", count);
        }
        if (json)
            cb_json_raw(&js, "]}");
        else
            printf("\n");
        rows++;
    }
    if (rc == 0 && json) {
        static const char *const fields[] = {"largest", "expected", "parts", "entropy"};
        cb_json_raw(&js, "]");
        for (int f = 0; f < 4; f++) {
            cb_json_key(&js, fields[f]);
            cb_json_raw(&js, "[");
            for (size_t j = 0; j < ng; j++) {
                double v = f == 0 ? gs[j].largest : f == 1 ? gs[j].expected : f == 2 ? gs[j].parts : gs[j].entropy;
                cb_json_sep(&js);
                cb_json_printf(&js, "%.6g", v);
            }
            cb_json_raw(&js, "]");
        }
        cb_json_raw(&js, "}");
        rc = cli_json_print(&js);
    } else if (rc == 0) {
        static const char *const fields[] = {"largest", "expected", "parts", "entropy"};
        static const int decimals[] = {0, 1, 0, 3};
        printf("\n");
        for (int f = 0; f < 4; f++) {
            printf("%-12s", fields[f]);
            for (size_t j = 0; j < ng; j++) {
                double v = f == 0 ? gs[j].largest : f == 1 ? gs[j].expected : f == 2 ? gs[j].parts : gs[j].entropy;
                printf(" %9.*f", decimals[f], v);
            }
            printf("\n");
        }
    }
    cb_json_release(&js);
    for (size_t j = 0; j < ng; j++)
        cb_partition_release(&p[j]);
    free(copy);
    return rc;
}

/* The --exact ranking, as JSON or a table (asked: the limit on guesses asked for); 0 or the exit status. */
static int print_exact(const cli *c, const cb_coach_rank *r, int asked)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    if (cli_flag(c, "json")) {
        cb_json j;
        cb_json_init(&j);
        cb_coach_rank_json(c->game, r, &j);
        return cli_json_print(&j);
    }
    printf("%llu candidate%s; guesses ranked by the proved expected number of guesses to finish (exact solver)\n\n",
           (unsigned long long)r->candidates, r->candidates == 1 ? "" : "s");
    printf("%4s  %-*s %8s %9s  %-9s %5s  %s\n", "rank", cb_game_length(c->game) + 2, "guess", "total", "expected",
           "value", "worst", "win now");
    for (size_t i = 0; i < r->count; i++) {
        const cb_coach_guess *g = &r->guesses[i];
        char worst[16] = "-", now[16] = "-";
        cb_game_format_code(c->game, g->guess, w, sizeof w);
        if (g->worst)
            snprintf(worst, sizeof worst, "%d", g->worst);
        if (g->candidate)
            snprintf(now, sizeof now, "%.1f%%", 100 * g->win_chance);
        if (g->can_lose) { /* no total: the chance of losing, the least or (<=) a strategy's */
            char lose[32] = "-";
            if (g->lose_chance >= 0)
                snprintf(lose, sizeof lose, "%s%.1f%%", g->lose_proved ? "" : "<=", 100 * g->lose_chance);
            printf("%4zu  %-*s %8s %9s  %-9s %5s  %s\n", i + 1, cb_game_length(c->game) + 2, w, "can lose", lose,
                   g->lose_chance >= 0 && g->lose_proved ? "loses" : "bound", worst, now);
            continue;
        }
        printf("%4zu  %-*s %s%7llu %9.4f  %-9s %5s  %s\n", i + 1, cb_game_length(c->game) + 2, w, g->proved ? " " : ">",
               (unsigned long long)g->total, (double)g->total / (double)r->candidates, g->proved ? "proved" : "bound",
               worst, now);
    }
    if (r->can_lose)
        printf("\nno guess is sure to win within the limit: ranked by the chance of losing under the play that "
               "loses least after each (<= when the search's budget ran out: a strategy's), the first the least of "
               "all\n");
    else if (r->count && r->guesses[r->count - 1].can_lose)
        printf("\ncan lose: no strategy after the guess is sure to win within the limit; its chance of losing "
               "under the play that loses least after it (<=: a strategy's)\n");
    if (asked > 0 && r->max_guesses == 0)
        printf("\nno guess is left within the limit of %d guesses (the game is lost): ranked with no limit, by the "
               "guesses to finish\n",
               asked);
    if (r->stopped)
        printf("\nstopped when %s: the values marked > are proved lower bounds, not totals\n",
               r->timed_out ? "the time limit fired (another run may differ)" : "its budget of work ran out");
    if (r->source)
        printf("\nvalues read from the opening book (data/book, data/proofs; nothing searched): the openers it settles "
               "exactly first, then the others' proved lower bounds, marked >\n");
    else
        printf("\n%zu distinct guesses searched in %.2f s\n", r->searched, r->seconds);
    return 0;
}

/* rank --exact: the guesses by their proved totals from st (coach.h). */
static int rank_exact(cli *c, cb_state *st, long limit)
{
    cli_search budget;
    cb_coach_options o;
    cb_coach_rank r;
    cb_error err;
    double *weights = NULL;
    size_t found = 0;
    if (cli_search_read(c, cb_coach_max_guesses(c->game), (long long)CB_COACH_WORK, &budget) != 0)
        return 2;
    cb_coach_options_default(&o);
    o.limit = limit > CB_COACH_MAX_LIMIT ? CB_COACH_MAX_LIMIT : (int)limit;
    cli_search_coach(&budget, &o);
    /* the limit is the position's; a history past it (the game lost, played on) is ranked with none */
    if (cb_state_set_max_guesses(st, budget.max_guesses) != CB_OK)
        cb_state_set_max_guesses(st, 0);
    if (cb_game_length(c->game) == 5 && cb_frequency_load(c->game, NULL, &weights, &found, &err) == CB_OK)
        o.weights = weights; /* ties: the commoner word */
    int rc = cb_coach_rank_solve(c->table, st, &o, &r, &err);
    free(weights);
    if (rc != CB_OK)
        return cli_fail_err(&err);
    rc = print_exact(c, &r, budget.max_guesses);
    cb_coach_rank_release(&r);
    return rc;
}

/* How a strategy without a ranking chooses, in words (from the registry), into buf. */
static const char *how_it_plays(const cb_strategy *s, char *buf, size_t size)
{
    const cb_strategy_info *info = cb_strategy_get_info(s);
    if (info->traits & CB_TRAIT_RANDOM)
        return "plays at random";
    snprintf(buf, size, "chooses without scores (%s)", info->summary);
    return buf;
}

/*
 * A delayed strategy plays a random candidate on turns 1 to its delay: no
 * ranking then (cb_strategy_rank ignores the delay); 0 or the exit status.
 */
static int check_rankable(const cb_strategy *s, const cb_state *st)
{
    int delay = cb_strategy_get_config(s)->delay;
    size_t turn = cb_state_turns(st) + 1;
    if (delay <= 0 || turn > (size_t)delay)
        return 0;
    return cli_fail(CB_EINVAL,
                    "%s plays a random candidate on turns 1 to %d (this is turn %zu) and has no ranking there; from "
                    "turn %d on it ranks as without --delay",
                    cb_strategy_name(s), delay, turn, delay + 1);
}

static int run(cli *c)
{
    int ok = 1, rc;
    long limit = cli_int(c, "limit", 10, 1, 1L << 30, &ok);
    if (!ok)
        return 2;
    /* the exact solver wants the table; a ranking scores each guess once, which never pays for one */
    if ((rc = cli_flag(c, "exact") ? cli_open_game(c) : cli_open_game_games(c, 0)) != 0)
        return rc;
    if ((rc = cli_check_freq_read(c, cli_flag(c, "exact") ? "exact" : cli_default_strategy(c))) != 0)
        return rc;
    cb_state *st;
    cb_strategy **s = NULL;
    size_t ns = 0;
    if (cb_state_new(c->table, &st) != CB_OK)
        return cli_fail(CB_ENOMEM, "out of memory");
    cb_state_set_hard(st, c->hard);
    rc = cli_apply_history(c, st, c->pos, c->npos);
    if (rc == 0 && cli_flag(c, "exact") && (cli_get(c, "partition") || cli_get(c, "strategy")))
        rc = cli_fail(CB_EINVAL, "--exact ranks by proved values: no --strategy or --partition with it");
    else if (rc == 0 && cli_flag(c, "exact"))
        rc = rank_exact(c, st, limit);
    else if (rc == 0 && (cli_get(c, "time-limit") || cli_get(c, "max-guesses") || cli_get(c, "work")))
        rc = cli_fail(CB_EINVAL, "--time-limit, --work and --max-guesses apply to --exact");
    else if (rc == 0 && cli_get(c, "partition") && strchr(cli_get(c, "partition"), ','))
        rc = print_partition_table(c, st, cli_get(c, "partition"));
    else if (rc == 0 && cli_get(c, "partition"))
        rc = print_partition(c, st, cli_get(c, "partition"));
    else if (rc == 0 && (rc = cli_make_strategies(c, cli_default_strategy(c), &s, &ns)) == 0) {
        if (ns > 1)
            rc = cli_fail(CB_EINVAL, "rank takes one --strategy");
        size_t count = 0;
        cb_guess_score *gs = rc ? NULL : calloc((size_t)limit, sizeof *gs);
        if (rc == 0 && !gs)
            rc = cli_fail(CB_ENOMEM, "out of memory");
        if (rc == 0)
            rc = check_rankable(s[0], st);
        if (rc == 0) {
            char how[256];
            int r = cb_strategy_rank(s[0], st, (size_t)limit, gs, &count);
            if (r == CB_EINVAL)
                rc = cli_fail(r, "%s %s and has no ranking; use a greedy strategy, frequency, first or montecarlo",
                              cb_strategy_name(s[0]), how_it_plays(s[0], how, sizeof how));
            else if (r != CB_OK)
                rc = cli_fail(r, "%s", cb_strerror(r));
            else
                rc = print_ranked(c, s[0], st, gs, count);
        }
        free(gs);
    }
    cli_free_strategies(s, ns);
    cb_state_free(st);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"limit", "N", "show the N best guesses (default 10)"},
    {"exact", NULL,
     "rank by the proved expected number of guesses to finish (the exact solver), not a strategy's score"},
    {"time-limit", "SECONDS", "--exact: an outer guard: stop then, and say so (default: none)"},
    {"work", "PAIRS",
     "--exact: the budget of work of each search, in pairs scanned (default 4000000000; 0: none): "
     "the same figures on every run"},
    {"max-guesses", "G",
     "--exact: no secret may need more than G guesses in all, the turns played counted (default: the game's, 6 "
     "for Wordle; 0: none)"},
    {"partition", "GUESSES",
     "print GUESS's whole partition of the candidates instead; several comma-separated: the partition table, a "
     "column per guess"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_rank = {
    "rank",
    "[GUESS=FEEDBACK ...] [OPTIONS]",
    "rank the guesses after a history by every score: largest part, expected size, parts, entropy",
    "codebreaker rank --exact salet=.Y... --limit 5",
    opts,
    CLI_STRATEGY_GAME,
    run,
};
