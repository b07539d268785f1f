/* cmd_optimal.c: `codebreaker optimal`: provably optimal strategies, and their trees. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "infile.h"
#include "opt_checkpoint.h"
#include "opt_results.h"
#include "outfile.h"
#include "progress.h"

/*
 * Ctrl-C (SIGINT) and SIGTERM during a search set the library's cancel flag:
 * the search stops within milliseconds as at a time limit, the openers
 * settled so far are already in the results file, the best strategy known
 * is written and summarised, and the exit status is 128 + the signal (130,
 * 143). The handler is reset by its first signal, so a second one kills.
 */
static volatile int stop_flag;
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
    __atomic_store_n(&stop_flag, 1, __ATOMIC_RELAXED);
}

static void catch_stop_signals(struct sigaction *old_int, struct sigaction *old_term)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C ends the program */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, old_int);
    sigaction(SIGTERM, &sa, old_term);
}

/*
 * The game and its table (cli_open_game's choice). A search from the opening whose openers are named
 * (--first, --openers) reads no guess-major row but theirs: unless --table says otherwise, a game whose
 * feedback the solver makes secret-major itself (cb_optimal_fly_columns: Wordle's lists) gets its
 * table on the fly, so that the secret-major copy is the only one in memory (docs/optimal.md, "Close
 * to the machine").
 */
static int open_table(cli *c)
{
    cb_table_mode mode;
    int rc = cli_open_game_only(c);
    if (!rc)
        rc = cli_table_mode(c, CB_TABLE_AUTO, &mode);
    if (rc)
        return rc;
    if (!cli_get(c, "table") && c->npos == 0 && (cli_get(c, "first") || cli_get(c, "openers")) &&
        cb_optimal_fly_columns(c->game))
        mode = CB_TABLE_OFF;
    return cli_open_table(c, c->game, mode, &c->table);
}

/*
 * The game and its table (open_table). The table's build looks at the
 * time limit, which counts it (the search gets what is left), and at the
 * cancel flag, which a signal sets meanwhile: c->table_stopped then.
 */
static int open_game(cli *c, cb_optimal_options *o, double *seconds)
{
    struct sigaction old_int, old_term;
    double start = cb_seconds();
    *seconds = 0;
    if (optimal_shared) /* under MPI, mpirun decides what a signal does to the ranks */
        return open_table(c);
    c->table_time_limit = o->time_limit;
    c->table_cancel = &stop_flag;
    catch_stop_signals(&old_int, &old_term);
    int rc = open_table(c);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    *seconds = cb_seconds() - start;
    if (rc == 0 && o->time_limit > 0 && !c->table_stopped) {
        o->time_limit -= *seconds;
        if (!(o->time_limit > 0))
            o->time_limit = 1e-9; /* spent: the search stops at its first look, in the set-up */
    }
    return rc;
}

/* Why a stopped search stopped, in words. */
static const char *stop_reason_of(int timed_out)
{
    return stop_signal == SIGINT    ? "interrupted (Ctrl-C)"
           : stop_signal == SIGTERM ? "terminated (SIGTERM)"
           : timed_out              ? "stopped at the time limit"
                                    : "stopped when its budget of work (--work) ran out";
}

/* The progress display of a search: the caller owns it (on its stack); game is borrowed. */
typedef struct progress_state {
    const cb_game *game;
    cli_progress bar;
} progress_state;

/*
 * The library's progress callback (one call at a time): the share of the
 * openers settled (not the ones being searched), the nodes, the opener
 * being searched and the best total so far; reads p during the call only.
 */
static void on_progress(const cb_optimal_progress *p, void *arg)
{
    progress_state *ps = arg;
    double nodes = (double)p->nodes / 1e6;
    if (p->phase == 1)
        cli_progress_show(&ps->bar, 0, -1, "optimal:", "%.2fM nodes, worst case: trying %d guesses", nodes, p->depth);
    else if (p->phase == 3)
        cli_progress_show(&ps->bar, 0, -1,
                          "optimal:", "%.2fM nodes, a first budget from quick strategies of the first openers", nodes);
    else if (p->phase == 2)
        cli_progress_show(&ps->bar, 0, -1, "optimal:", "%.2fM nodes, writing down the strategy", nodes);
    else {
        char opener[CB_MAX_LENGTH * 4 + 16] = "", best[32] = "none yet";
        if (p->opener != CB_NONE && p->opener < cb_game_guess_count(ps->game) && p->settled < p->opener_count) {
            memcpy(opener, ", searching ", 12);
            cb_game_format_code(ps->game, p->opener, opener + 12, sizeof opener - 12);
        }
        if (p->best != UINT64_MAX)
            snprintf(best, sizeof best, "%llu", (unsigned long long)p->best);
        cli_progress_show(&ps->bar, 0, p->opener_count ? (double)p->settled / (double)p->opener_count : -1,
                          "optimal:", "%zu/%zu openers settled%s, best so far %s, %.2fM nodes", p->settled,
                          p->opener_count, opener, best, nodes);
    }
}

/* "1: 1, 2: 131, ..." */
static void print_distribution(FILE *out, const cb_tree_stats *st)
{
    int first = 1;
    for (int d = 1; d <= st->max; d++)
        if (st->dist[d]) {
            fprintf(out, "%s%d: %llu", first ? "" : ", ", d, (unsigned long long)st->dist[d]);
            first = 0;
        }
}

static const char *games_word(const cb_game *g, unsigned long long n)
{
    if (cb_game_rule_info(g)->hidden)
        return n == 1 ? "game (codeword and mapping pair)" : "games (codeword and mapping pairs)";
    return n == 1 ? "secret" : "secrets";
}

static const char *guesses_word(unsigned long long n)
{
    return n == 1 ? "guess" : "guesses";
}

/*
 * What a run of the command decides from its options and its search and its output reads: run()'s, on
 * its stack; the functions below borrow it (read_options, run and run_search fill it in). Besides, the
 * command keeps at file scope only what a signal's handler sets (stop_flag, stop_signal) and what
 * codebreaker-mpi sets before running it (optimal_shared).
 */
typedef struct optimal_ctx {
    /*
     * --max-guesses (-1 until the game is open: then the game's, 6 for Wordle; 0: none). The position
     * carries it (o.from), but a history past it, which no position holds, carries its own length
     * instead: no guess is left within either, and what is printed is the limit asked.
     */
    int limit_asked;
    /*
     * A resumed run's conclusions that rest on lines of a results file of format 2 (sealed with a key
     * anyone can compute) which it did not derive itself: how many, and the file (borrowed from the
     * options). Such a run proves nothing.
     */
    size_t unattested;
    const char *unattested_file;
} optimal_ctx;

/* cb_optimal_describe of o under the limit asked (where o->from carries another, above). */
static void describe(const cli *c, const optimal_ctx *ctx, const cb_optimal_options *o, char *buf, size_t size)
{
    cb_optimal_options d = *o;
    cb_state *st = NULL;
    int held = o->from ? cb_state_max_guesses(o->from) : 0, asked = ctx->limit_asked > 0 ? ctx->limit_asked : 0;
    if (held != asked && c->table && cb_state_new(c->table, &st) == CB_OK) { /* the opening, in the mode and limit */
        cb_state_set_hard(st, o->from ? cb_state_hard(o->from) : c->hard);
        cb_state_set_max_guesses(st, asked);
        d.from = st;
    }
    cb_optimal_describe(&d, buf, size);
    char *none = strstr(buf, "no limit on guesses");
    if (held != asked && !st && asked && none) { /* no table (its build stopped): the words of a limit, put in */
        char rest[256];
        snprintf(rest, sizeof rest, "%s", none + strlen("no limit on guesses"));
        snprintf(none, size - (size_t)(none - buf), "at most %d %s%s", asked, guesses_word((unsigned long long)asked),
                 rest);
    }
    cb_state_free(st);
}

/* The header of a tree file: the search, what the tree is (`result`), its totals and its opener. */
static void tree_header(const cli *c, const optimal_ctx *ctx, const cb_optimal_options *o, const char *result,
                        const cb_tree_stats *st, uint32_t opener, char *h, size_t size)
{
    char obj[256], first[CB_MAX_LENGTH * 4 + 1];
    describe(c, ctx, o, obj, sizeof obj);
    cb_game_format_code(c->game, opener, first, sizeof first);
    snprintf(
        h, size,
        "game: %s\nobjective: %s\nresult: %s\ntotal: %llu %s over %llu %s (average %.4f), at most %d %s, opener %s",
        cb_game_name(c->game), obj, result, (unsigned long long)st->total, guesses_word(st->total),
        (unsigned long long)st->games, games_word(c->game, st->games), cb_tree_stats_average(st), st->max,
        guesses_word((unsigned long long)st->max), first);
}

/* What on_best needs: where the tree goes, and whether a write failed (then no more are tried). */
typedef struct best_file {
    const cli *c;
    const optimal_ctx *ctx;
    const cb_optimal_options *o;
    const char *path;
    cb_tree_format fmt;
    int failed; /* the exit status of a failed write, or 0 */
} best_file;

/* opt.on_best: the best strategy so far replaces the tree file, so that a crash loses no opener found. */
static void on_best(const cb_tree *tree, const cb_tree_stats *st, void *arg)
{
    best_file *b = arg;
    char h[1024];
    if (b->failed)
        return;
    tree_header(b->c, b->ctx, b->o, "the best strategy so far, the search going on: an upper bound", st,
                cb_tree_guess(tree, cb_tree_root(tree)), h, sizeof h);
    b->failed = out_tree("--tree", b->path, tree, b->c->table, b->fmt, h);
}

/* The openers' members of the --json object: "openers":[{"guess":...,"bound":...,"exact":...},...]. */
static void json_openers(cb_json *j, const cli *c, const cb_optimal_result *r)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_json_key(j, "openers");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->openers_searched; i++) {
        cb_game_format_code(c->game, r->openers[i].guess, w, sizeof w);
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kstr(j, "guess", w);
        if (r->openers[i].bound == UINT64_MAX) {
            cb_json_knull(j, "bound");
            cb_json_kbool(j, "exact", 1);
        } else {
            cb_json_kuint(j, "bound", r->openers[i].bound);
            cb_json_kbool(j, "exact", r->openers[i].exact);
        }
        cb_json_raw(j, "}");
    }
    cb_json_raw(j, "]");
}

static void print_openers(const cli *c, const cb_optimal_result *r)
{
    size_t shown = r->openers_searched < 10 ? r->openers_searched : 10;
    char w[CB_MAX_LENGTH * 4 + 1];
    if (r->openers_searched <= 1)
        return;
    printf("openers       ");
    for (size_t i = 0; i < shown; i++) {
        cb_game_format_code(c->game, r->openers[i].guess, w, sizeof w);
        if (r->openers[i].bound == UINT64_MAX)
            printf("%s%s impossible", i ? ", " : "", w);
        else
            printf("%s%s %s%llu", i ? ", " : "", w,
                   r->openers[i].exact ? "" : ">=", (unsigned long long)r->openers[i].bound);
    }
    if (r->openers_searched > shown)
        printf(", ... (%zu searched)", r->openers_searched);
    printf("\n");
}

/* The position of the arguments (GUESS=FEEDBACK ...) or the opening, in the game's hard mode; exit status in *rc. */
static cb_state *open_position(cli *c, int *rc)
{
    cb_state *st = NULL;
    *rc = 0;
    if (cb_state_new(c->table, &st) != CB_OK) {
        *rc = cli_fail(CB_ENOMEM, "out of memory");
        return NULL;
    }
    cb_state_set_hard(st, c->hard);
    if ((*rc = cli_apply_history(c, st, c->pos, c->npos)) == 0 && cb_state_won(st))
        *rc = cli_fail(CB_EINVAL, "the game is over: %s won", c->pos[c->npos - 1]);
    if (*rc) {
        cb_state_free(st);
        return NULL;
    }
    return st;
}

/* The position member of the --json object: its history and how many candidates are left. */
static void json_position(cb_json *j, const cli *c, const cb_state *st)
{
    cb_json_key(j, "position");
    cb_json_raw(j, "{");
    cb_json_key(j, "history");
    cb_json_raw(j, "[");
    for (int i = 0; i < c->npos; i++) {
        cb_json_sep(j);
        cb_json_str(j, c->pos[i]);
    }
    cb_json_raw(j, "]");
    cb_json_kuint(j, "candidates", cb_state_count(st));
    cb_json_raw(j, "}");
}

/* The position line: its history and how many candidates are left. */
static void print_position(const cli *c, const cb_state *st)
{
    size_t n = cb_state_count(st);
    printf("position     ");
    for (int i = 0; i < c->npos; i++)
        printf(" %s", c->pos[i]);
    printf(" (%zu candidate%s left; totals count the guesses from here)\n", n, n == 1 ? "" : "s");
}

/* The line that says a proof rests on lines anyone could have sealed (when it does). */
static void print_unattested(const optimal_ctx *ctx)
{
    if (ctx->unattested)
        printf("not proved    it rests on %zu line%s of %s that this run did not derive: format 2, sealed with a "
               "key anyone can compute (--sign derives them again and seals them with this installation's key)\n",
               ctx->unattested, ctx->unattested == 1 ? "" : "s", ctx->unattested_file);
}

static void print_text(const cli *c, const optimal_ctx *ctx, const cb_optimal_options *o, const cb_optimal_result *r,
                       int threads)
{
    char obj[256], first[CB_MAX_LENGTH * 4 + 1];
    describe(c, ctx, o, obj, sizeof obj);
    printf("game          %s\n", cb_game_name(c->game));
    if (c->npos)
        print_position(c, o->from);
    printf("objective     %s\n", obj);
    if (r->symmetries > 1 && r->opener_count)
        printf("symmetry      %llu permutations of %s at the start; %zu distinct openers\n",
               (unsigned long long)r->symmetries,
               !cb_game_rule_info(c->game)->words ? "colours and positions" : "symbols", r->opener_count);
    else if (r->symmetries > 1)
        printf("symmetry      %llu permutations of %s at the start\n", (unsigned long long)r->symmetries,
               !cb_game_rule_info(c->game)->words ? "colours and positions" : "symbols");
    if (r->worst_limit)
        printf("least worst   %d %s needed and enough (proved)\n", r->worst_limit,
               r->worst_limit == 1 ? "guess is" : "guesses are");
    if (r->infeasible) {
        int limit = ctx->limit_asked > 0 ? ctx->limit_asked : CB_TREE_MAX_DEPTH;
        if (o->top > 0) /* only the top guesses of each turn were tried: not a proof */
            printf("result        no strategy found within %d %s among the %d best guesses of each turn "
                   "(--top: not a proof)\n",
                   limit, guesses_word((unsigned long long)limit), o->top);
        else if (o->from && cb_state_turns(o->from) >= (size_t)limit)
            printf("result        no strategy solves every secret within %d %s (proved): the position has "
                   "played %zu already, no guess is left\n",
                   limit, guesses_word((unsigned long long)limit), cb_state_turns(o->from));
        else
            printf("result        no strategy solves every secret within %d %s (proved)\n", limit,
                   guesses_word((unsigned long long)limit));
    } else if (r->tree) {
        cb_game_format_code(c->game, r->first, first, sizeof first);
        if (r->proved && ctx->unattested)
            printf("result        optimal if the lines it rests on hold (below)\n");
        else if (r->proved && r->subset)
            printf("result        proved optimal among the openers searched (--openers, --slice)\n");
        else if (r->proved && r->book)
            printf("result        proved optimal: the bundled turn-two book's total and best guess (data/book), "
                   "its strategy searched; the other guesses' bounds are the book's (--no-book: search them)\n");
        else if (r->proved)
            printf("result        proved optimal\n");
        else if (r->stopped)
            printf("result        %s: the strategy below is an upper bound; the optimum is at least %llu\n",
                   stop_reason_of(r->timed_out), (unsigned long long)r->lower);
        else
            printf("result        UPPER BOUND, not a proof: only the %d best guess%s by the greedy score %s tried at "
                   "each node",
                   o->top, o->top == 1 ? "" : "es", o->top == 1 ? "was" : "were");
        if (!r->proved && !r->stopped && r->lower)
            printf("; the optimum is at least %llu", (unsigned long long)r->lower);
        if (!r->proved && !r->stopped)
            printf("\n");
        printf("total         %llu %s over %llu %s (average %.4f)\n", (unsigned long long)r->stats.total,
               guesses_word(r->stats.total), (unsigned long long)r->stats.games, games_word(c->game, r->stats.games),
               cb_tree_stats_average(&r->stats));
        printf("worst case    %d %s\n", r->stats.max, guesses_word((unsigned long long)r->stats.max));
        printf("opener        %s\n", first);
        printf("distribution  ");
        print_distribution(stdout, &r->stats);
        printf("\n");
    } else if (r->cut)
        printf("result        no opener%s totals less than the cutoff %llu: the optimum is at least %llu (proved)\n",
               r->subset ? " searched" : "", (unsigned long long)o->cutoff, (unsigned long long)r->lower);
    else if (r->lower)
        printf("result        %s%s with no strategy; the optimum is at least %llu\n", stop_reason_of(r->timed_out),
               r->setup_stopped ? " during the set-up (tables, cache, the scan of the openers)" : "",
               (unsigned long long)r->lower);
    else
        printf("result        %s%s with no strategy\n", stop_reason_of(r->timed_out),
               r->setup_stopped ? " during the set-up (tables, cache, the scan of the openers)" : "");
    print_unattested(ctx);
    print_openers(c, r);
    if (!c->table) { /* the table's build stopped (table_stopped) */
        printf("search        none: the feedback table's build stopped after %.2f s\n", r->seconds);
        return;
    }
    printf("search        %llu nodes, %llu pairs, %llu sets cached, %.2f s on %d thread%s%s\n",
           (unsigned long long)r->nodes, (unsigned long long)r->work, (unsigned long long)r->cache_entries, r->seconds,
           threads, threads > 1 ? "s" : "",
           cb_table_precomputed(c->table) ? ""
           : c->npos == 0 && cb_optimal_fly_columns(c->game)
               ? ", feedback kept secret-major only (no guess-major table)"
               : ", feedback computed on the fly (no table)");
}

/* The --json object; 0 or the exit status. */
static int print_json(const cli *c, const optimal_ctx *ctx, const cb_optimal_options *o, const cb_optimal_result *r,
                      int threads)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "game", cb_game_name(c->game));
    if (c->npos)
        json_position(&j, c, o->from);
    cb_json_kstr(&j, "objective", o->objective == CB_OBJECTIVE_WORST ? "worst" : "total");
    if (ctx->limit_asked > 0)
        cb_json_kint(&j, "max_guesses", ctx->limit_asked);
    else
        cb_json_knull(&j, "max_guesses");
    cb_json_kbool(&j, "hard", c->hard != CB_HARD_NONE);
    cb_json_kbool(&j, "candidates_only", o->candidates_only);
    cb_json_kint(&j, "top", o->top);
    cb_json_kbool(&j, "proved", r->proved && !ctx->unattested);
    cb_json_kuint(&j, "unattested_lines", ctx->unattested);
    cb_json_kbool(&j, "stopped", r->stopped);
    cb_json_kbool(&j, "infeasible", r->infeasible);
    if (r->stopped)
        cb_json_kstr(&j, "stopped_by",
                     stop_signal == SIGINT    ? "SIGINT"
                     : stop_signal == SIGTERM ? "SIGTERM"
                     : r->timed_out           ? "time limit"
                                              : "work");
    if (r->stopped)
        cb_json_kbool(&j, "setup_stopped", r->setup_stopped);
    if (r->worst_limit)
        cb_json_kint(&j, "worst_limit", r->worst_limit);
    cb_json_kbool(&j, "subset", r->subset);
    cb_json_kbool(&j, "book", r->book);
    cb_json_kbool(&j, "cut", r->cut);
    if (o->cutoff)
        cb_json_kuint(&j, "cutoff", o->cutoff);
    if (r->tree) {
        cb_game_format_code(c->game, r->first, w, sizeof w);
        cb_json_kuint(&j, "total", r->stats.total);
        cb_json_kuint(&j, "lower", r->lower);
        cb_json_kuint(&j, "games", r->stats.games);
        cb_json_kfixed(&j, "average", cb_tree_stats_average(&r->stats), 6);
        cb_json_kint(&j, "max", r->stats.max);
        cb_json_key(&j, "distribution");
        cb_json_raw(&j, "[");
        for (int d = 0; d <= r->stats.max; d++) {
            cb_json_sep(&j);
            cb_json_uint(&j, r->stats.dist[d]);
        }
        cb_json_raw(&j, "]");
        cb_json_kstr(&j, "first_guess", w);
    } else
        cb_json_kuint(&j, "lower", r->lower);
    json_openers(&j, c, r);
    cb_json_kuint(&j, "symmetries", r->symmetries);
    cb_json_kuint(&j, "nodes", r->nodes);
    cb_json_kuint(&j, "work", r->work);
    cb_json_kuint(&j, "cached", r->cache_entries);
    cb_json_kbool(&j, "table_precomputed", c->table && cb_table_precomputed(c->table));
    cb_json_kfixed(&j, "seconds", r->seconds, 3);
    cb_json_kint(&j, "threads", threads);
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

/* The openers named in text (WORD,WORD,... or words a line) appended to *list; 0, or the exit status. */
static int add_openers(cli *c, char *text, uint32_t **list, size_t *n, size_t *cap)
{
    for (char *save = NULL, *w = strtok_r(text, ", \t\r", &save); w; w = strtok_r(NULL, ", \t\r", &save)) {
        cb_error err;
        if (*n == *cap) {
            size_t nc = *cap ? 2 * *cap : 64;
            uint32_t *nl = realloc(*list, nc * sizeof *nl);
            if (!nl)
                return cli_fail(CB_ENOMEM, "out of memory");
            *list = nl;
            *cap = nc;
        }
        if (cb_game_parse_code(c->game, w, &(*list)[*n], &err) != CB_OK)
            return cli_fail(err.code, "--openers: %s", err.message);
        ++*n;
    }
    return 0;
}

/* --openers WORD,WORD,... or @FILE (one word a line): the openers to search. */
static int parse_openers(cli *c, uint32_t **out, size_t *n)
{
    const char *arg = cli_get(c, "openers");
    size_t cap = 0;
    int rc = 0;
    *out = NULL;
    *n = 0;
    if (!arg)
        return 0;
    if (arg[0] == '@') {
        in_file in;
        const char *path = strcmp(arg + 1, "-") == 0 ? "/dev/stdin" : arg + 1; /* @-: stdin */
        if ((rc = in_open(&in, "--openers", path, 0)) != 0)
            return rc;
        while (rc == 0 && (rc = in_line(&in)) > 0)
            rc = strlen(in.line) == in.len ? add_openers(c, in.line, out, n, &cap)
                                           : cli_fail(CB_EINVAL, "--openers: %s:%ld: a NUL byte", arg + 1, in.lineno);
        rc = rc < 0 ? in.status : rc;
        in_close(&in);
    } else {
        char *text = strdup(arg);
        rc = text ? add_openers(c, text, out, n, &cap) : cli_fail(CB_ENOMEM, "out of memory");
        free(text);
    }
    if (rc == 0 && !*n)
        rc = cli_fail(CB_EINVAL, "--openers: no opener given");
    if (rc) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

optimal_share *optimal_shared = NULL;

/*
 * codebreaker-mpi: the leader serves the openers to the workers and collects
 * their results; afterwards it runs the search with every opener known (so
 * it searches nothing but the tree of the best). A worker searches what it
 * is given and returns. Returns an exit status.
 */
static int run_shared(cli *c, cb_optimal_options *o, opt_results *res, cb_optimal_opener **all)
{
    optimal_share *sh = optimal_shared;
    cb_optimal_opener *known = res ? (cb_optimal_opener *)res->known : NULL; /* rank 0 only reads it */
    size_t nknown = res ? res->n : 0;
    if (sh->share_known(sh, &known, &nknown) != 0)
        return cli_fail(CB_EIO, "MPI: could not share the results file's openers");
    if (sh->rank == 0) {
        size_t n = 0;
        if (sh->serve(sh, res, all, &n) != 0)
            return cli_fail(CB_EIO, "MPI: the search over openers failed");
        o->known = *all;
        o->nknown = n;
        o->on_opener = res ? opt_results_append : NULL; /* none is left to settle */
        return 0;
    }
    o->known = known;
    o->nknown = nknown;
    o->claim = sh->claim;
    o->claim_arg = sh;
    o->on_opener = sh->send;
    o->on_opener_arg = sh;
    o->progress = NULL;
    cb_optimal_result r;
    cb_error err;
    int rc = cb_optimal_solve(c->table, o, &r, &err);
    sh->finish(sh);
    if (!res)
        free(known);
    if (rc != CB_OK)
        return cli_fail_err(&err);
    cb_optimal_result_release(&r);
    return 0;
}

/* Fill o and ctx from the options; prints the error and returns the exit status on bad input. */
static int read_options(cli *c, optimal_ctx *ctx, cb_optimal_options *o, cb_tree_format *fmt)
{
    int ok = 1;
    cli_search budget;
    if (cli_search_read(c, -1, 0, &budget) != 0) /* max_guesses -1: the game's, once open */
        return 2;
    cb_optimal_options_default(o);
    ctx->limit_asked = budget.max_guesses; /* -1: the game's, once open */
    o->time_limit = budget.time_limit;
    o->work_limit = budget.work;
    o->threads = budget.threads;
    o->candidates_only = budget.candidates_only;
    o->top = (int)cli_int(c, "top", 0, 1, 1L << 30, &ok);
    long cache_mb = ok ? cli_int(c, "cache-mb", 0, 16, 1L << 24, &ok) : 0;
    if (!ok)
        return 2;
    o->cache_bytes = (size_t)cache_mb << 20;
    o->symmetry = !cli_flag(c, "no-symmetry");
    const char *obj = cli_get(c, "objective");
    if (obj && strcmp(obj, "worst") == 0)
        o->objective = CB_OBJECTIVE_WORST;
    else if (obj && strcmp(obj, "total") != 0)
        return cli_fail(CB_EINVAL, "--objective: '%s' is not total or worst", obj);
    if (cli_tree_format(c, fmt) != 0)
        return 2;
    if (cli_get(c, "tree-format") && !cli_get(c, "tree"))
        return cli_fail(CB_EINVAL, "--tree-format needs --tree FILE");
    long long cut = 0;
    const char *cs = cli_get(c, "cutoff");
    if (cs) {
        char *end;
        errno = 0;
        cut = strtoll(cs, &end, 10);
        if (*cs < '0' || *cs > '9' || *end || errno || cut < 1)
            return cli_fail(CB_EINVAL, "--cutoff: '%s' is not a positive total", cs);
        o->cutoff = (uint64_t)cut;
    }
    const char *sl = cli_get(c, "slice");
    if (sl) {
        char *end;
        unsigned long a = strtoul(sl, &end, 10), b = 0;
        if (*sl >= '0' && *sl <= '9' && *end == '/' && end[1] >= '0' && end[1] <= '9')
            b = strtoul(end + 1, &end, 10);
        if (*end || b < 1 || a >= b || b > (1ul << 30))
            return cli_fail(CB_EINVAL, "--slice: '%s' is not START/STEP with 0 <= START < STEP", sl);
        o->slice_start = a;
        o->slice_step = b;
    }
    if ((cs || sl || cli_get(c, "openers") || cli_get(c, "results")) && cli_get(c, "first"))
        return cli_fail(CB_EINVAL, "--first searches one opener: --cutoff, --openers, --slice and --results apply to "
                                   "the search over openers");
    if (cli_get(c, "results") && strcmp(cli_get(c, "results"), "-") == 0)
        return cli_fail(CB_EINVAL, "--results: the file is read to resume and then appended to, so - (stdin or stdout) "
                                   "cannot be it: name a file");
    if (cli_flag(c, "sign") && (!cli_get(c, "results") || optimal_shared))
        return cli_fail(CB_EINVAL, "--sign seals the lines of --results FILE (codebreaker, not codebreaker-mpi): "
                                   "name the file, with the options of the search that wrote it");
    if (cli_get(c, "turn-two") && (!cli_get(c, "results") || cli_flag(c, "sign") || optimal_shared || o->top ||
                                   o->objective != CB_OBJECTIVE_TOTAL))
        return cli_fail(CB_EINVAL, "--turn-two FILE goes with --results (the openers it settles exactly, their "
                                   "children as they are proved): not with --sign, --top, --objective worst or "
                                   "codebreaker-mpi");
    if (cli_get(c, "turn-two") &&
        (strcmp(cli_get(c, "turn-two"), "-") == 0 || strcmp(cli_get(c, "turn-two"), cli_get(c, "results")) == 0))
        return cli_fail(CB_EINVAL, "--turn-two: name a file of its own (not - nor the results file)");
    if (cli_get(c, "checkpoint") && (!cli_get(c, "results") || cli_flag(c, "sign") || optimal_shared || o->top ||
                                     o->objective != CB_OBJECTIVE_TOTAL))
        return cli_fail(CB_EINVAL, "--checkpoint FILE goes with --results (the points it settles inside the openers "
                                   "searched): not with --sign, --top, --objective worst or codebreaker-mpi");
    if (cli_get(c, "checkpoint") &&
        (strcmp(cli_get(c, "checkpoint"), "-") == 0 || strcmp(cli_get(c, "checkpoint"), cli_get(c, "results")) == 0 ||
         (cli_get(c, "turn-two") && strcmp(cli_get(c, "checkpoint"), cli_get(c, "turn-two")) == 0)))
        return cli_fail(CB_EINVAL, "--checkpoint: name a file of its own (not - nor the results or turn-two file)");
    o->point_work = (uint64_t)cli_int(c, "checkpoint-work", 0, 1, (long long)1e15, &ok);
    if (!ok)
        return 2;
    if (o->point_work && !cli_get(c, "checkpoint"))
        return cli_fail(CB_EINVAL, "--checkpoint-work goes with --checkpoint FILE");
    if (c->npos && (cli_get(c, "results") || cli_get(c, "tree")))
        return cli_fail(CB_EINVAL, "--results and --tree record searches from the opening, not from the position %s",
                        c->pos[0]);
    if (c->npos && optimal_shared)
        return cli_fail(CB_EINVAL, "codebreaker-mpi shares the search from the opening: no position");
    return 0;
}

/* The search of run(), with o ready but for what the options give of the openers, results and tree. */
static int run_search(cli *c, optimal_ctx *ctx, cb_optimal_options *op, cb_tree_format fmt)
{
    cb_optimal_options o = *op;
    int rc;
    const char *first = cli_get(c, "first");
    cb_error err;
    if (first && cb_game_parse_code(c->game, first, &o.first, &err) != CB_OK)
        return cli_fail(err.code, "--first: %s", err.message);
    progress_state ps = {c->game, {0}};
    cli_progress_start(&ps.bar, cli_flag(c, "quiet"), 10.0, 0); /* without a terminal, a line every 10 s */
    if (ps.bar.mode != CLI_PROGRESS_OFF) {
        o.progress = on_progress;
        o.progress_arg = &ps;
        o.progress_interval = ps.bar.mode == CLI_PROGRESS_TERMINAL ? 1.0 : 10.0;
    }
    uint32_t *list = NULL;
    size_t nlist = 0;
    if ((rc = parse_openers(c, &list, &nlist)) != 0)
        return rc;
    o.openers = list;
    o.nopeners = nlist;
    opt_results res;
    const char *rpath = cli_get(c, "results");
    if (optimal_shared && optimal_shared->rank != 0)
        rpath = NULL; /* the leader alone keeps the file */
    if (rpath) {
        char config[512];
        cb_optimal_search_line(c->game, &o, config, sizeof config);
        if (cli_flag(c, "sign")) {
            struct sigaction old_int, old_term;
            catch_stop_signals(&old_int, &old_term);
            rc = opt_results_sign(rpath, c->table, &o, &stop_flag, config, cli_flag(c, "quiet"));
            cli_progress_clear(&ps.bar);
            sigaction(SIGINT, &old_int, NULL);
            sigaction(SIGTERM, &old_term, NULL);
            free(list);
            return stop_signal ? 128 + stop_signal : rc;
        }
        if ((rc = opt_results_open(&res, rpath, c->game, config)) != 0) {
            free(list);
            return rc;
        }
        o.known = res.known;
        o.nknown = res.n;
        o.on_opener = opt_results_append;
        o.on_opener_arg = &res;
    }
    opt_turn_two t2;
    const char *t2path = rpath ? cli_get(c, "turn-two") : NULL;
    if (t2path) {
        char config[512];
        cb_optimal_search_line(c->game, &o, config, sizeof config);
        if ((rc = opt_turn_two_open(&t2, t2path, c->game, config)) != 0) {
            free(list);
            opt_results_close(&res);
            return rc;
        }
        o.on_children = opt_turn_two_append;
        o.on_children_arg = &t2;
    }
    opt_checkpoint ck;
    const char *ckpath = rpath && !optimal_shared ? cli_get(c, "checkpoint") : NULL;
    if (ckpath) {
        char config[512];
        cb_optimal_search_line(c->game, &o, config, sizeof config);
        rc = cb_game_rule_info(c->game)->hidden
                 ? cli_fail(CB_EINVAL, "--checkpoint: not for a game of hidden symbols (%s)", cb_game_name(c->game))
                 : opt_checkpoint_open(&ck, ckpath, c->game, config);
        if (rc != 0) {
            free(list);
            opt_results_close(&res);
            if (t2path)
                opt_turn_two_close(&t2);
            return rc;
        }
        o.points = ck.points;
        o.npoints = ck.n;
        o.on_point = opt_checkpoint_append;
        o.on_point_arg = &ck;
    }
    cb_optimal_opener *all = NULL;
    if (optimal_shared) {
        if (cli_get(c, "first") || o.top > 0 || o.objective != CB_OBJECTIVE_TOTAL) {
            free(list);
            return cli_fail(CB_EINVAL, "codebreaker-mpi shares the search over openers of the least total "
                                       "(no --first, --top or --objective worst)");
        }
        if ((rc = run_shared(c, &o, rpath ? &res : NULL, &all)) != 0 || optimal_shared->rank != 0) {
            free(list);
            if (rpath)
                opt_results_close(&res);
            free(all);
            return rc;
        }
    }
    const char *tree = cli_get(c, "tree");
    best_file bf = {c, ctx, &o, tree, fmt, 0};
    if (tree && strcmp(tree, "-") != 0 && !optimal_shared) {
        o.on_best = on_best;
        o.on_best_arg = &bf;
    }
    cb_optimal_result r;
    struct sigaction old_int, old_term;
    if (!optimal_shared) { /* under MPI, mpirun decides what a signal does to the ranks */
        o.cancel = &stop_flag;
        catch_stop_signals(&old_int, &old_term);
    }
    rc = cb_optimal_solve(c->table, &o, &r, &err);
    cli_progress_clear(&ps.bar);
    if (rc == CB_EILLEGAL)
        snprintf(err.message, sizeof err.message, "--first %s is not allowed in this position (hard mode)", first);
    if (!optimal_shared) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
    }
    free(list);
    free(all);
    if (ckpath) {
        int st = opt_checkpoint_close(&ck);
        if (st) {
            if (t2path)
                opt_turn_two_close(&t2);
            if (rpath)
                opt_results_close(&res);
            if (rc == CB_OK)
                cb_optimal_result_release(&r);
            return st;
        }
    }
    if (t2path) {
        int st = opt_turn_two_close(&t2);
        if (st) {
            if (rpath)
                opt_results_close(&res);
            if (rc == CB_OK)
                cb_optimal_result_release(&r);
            return st;
        }
    }
    if (rpath) {
        if (rc == CB_OK && (r.proved || r.infeasible || r.cut)) {
            ctx->unattested = opt_results_unattested(&res, r.tree ? r.first : CB_NONE);
            ctx->unattested_file = rpath;
        }
        int st = opt_results_close(&res);
        if (st) {
            if (rc == CB_OK)
                cb_optimal_result_release(&r);
            return st;
        }
    }
    if (rc != CB_OK)
        return cli_fail_err(&err);
    int threads = r.threads;
    if (bf.failed) { /* said when it failed; the final tree would fail the same way */
        cb_optimal_result_release(&r);
        return bf.failed;
    }
    if (tree && r.tree) {
        char result[128], header[1024];
        if (r.proved && ctx->unattested)
            snprintf(result, sizeof result, "optimal if the %zu format-2 lines of the results file it rests on hold",
                     ctx->unattested);
        else if (r.proved)
            snprintf(result, sizeof result, "proved optimal");
        else if (r.stopped)
            snprintf(result, sizeof result, "%s: an upper bound", stop_reason_of(r.timed_out));
        else
            snprintf(result, sizeof result, "an upper bound (--top)");
        tree_header(c, ctx, &o, result, &r.stats, r.first, header, sizeof header);
        rc = out_tree("--tree", tree, r.tree, c->table, fmt, header);
        if (rc) {
            cb_optimal_result_release(&r);
            return rc;
        }
    }
    if (tree && strcmp(tree, "-") == 0 && r.tree)
        ; /* the tree alone on stdout */
    else if (cli_flag(c, "json"))
        rc = print_json(c, ctx, &o, &r, threads);
    else
        print_text(c, ctx, &o, &r, threads);
    cb_optimal_result_release(&r);
    if (stop_signal) {
        fprintf(stderr, "codebreaker: %s%s\n", stop_reason_of(r.timed_out),
                !rpath   ? ""
                : ckpath ? "; the openers settled so far are in the results file and the points settled inside the "
                           "opener being searched in the checkpoint file, from which a run resumes"
                         : "; the openers settled so far are in the results file, from which a run resumes");
        return 128 + stop_signal;
    }
    return rc;
}

/* A stop before the search (in the table's build, or a signal while the game was set up): nothing searched. */
static int table_stopped(cli *c, const optimal_ctx *ctx, const cb_optimal_options *o, double seconds)
{
    if (stop_signal) {
        fprintf(stderr, "codebreaker: %s while the feedback table was built: nothing searched\n", stop_reason_of(1));
        return 128 + stop_signal;
    }
    cb_optimal_result r;
    memset(&r, 0, sizeof r);
    r.stopped = r.timed_out = r.setup_stopped = 1;
    r.seconds = seconds;
    if (cli_flag(c, "json"))
        return print_json(c, ctx, o, &r, 0); /* no thread searched */
    print_text(c, ctx, o, &r, 0);
    return 0;
}

static int run(cli *c)
{
    cb_optimal_options o;
    optimal_ctx ctx = {-1, 0, NULL};
    cb_tree_format fmt = CB_TREE_TEXT;
    int rc = read_options(c, &ctx, &o, &fmt);
    if (rc)
        return rc;
    double seconds;
    if ((rc = open_game(c, &o, &seconds)) != 0)
        return rc;
    if (ctx.limit_asked < 0) /* the game's limit on guesses (6 for Wordle), as review and rank --exact */
        ctx.limit_asked = cb_coach_max_guesses(c->game);
    if (stop_signal || c->table_stopped)
        return table_stopped(c, &ctx, &o, seconds);
    cb_state *pos = open_position(c, &rc);
    if (rc)
        return rc;
    /* the limit is the position's; a history past it holds its own length (no guess left within either) */
    if (cb_state_set_max_guesses(pos, ctx.limit_asked) != CB_OK)
        cb_state_set_max_guesses(pos, (int)cb_state_turns(pos));
    o.from = pos;
    /* one guess from the opening: the bundled turn-two book's optimum, where it holds the opener (--no-book: none) */
    uint64_t bt;
    cb_guess_index bg;
    if (pos && cb_state_turns(pos) == 1 && !cli_flag(c, "no-book") && ctx.limit_asked > 0 && !o.candidates_only &&
        o.objective == CB_OBJECTIVE_TOTAL && o.top == 0 && o.first == CB_NONE &&
        cb_coach_turn_two(pos, &bg, &bt, NULL) == CB_OK) {
        o.book_guess = bg;
        o.book_total = bt;
    }
    rc = run_search(c, &ctx, &o, fmt);
    cb_state_free(pos);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"first", "GUESS", "the opener (default: search every opener and prove the best)"},
    {"max-guesses", "G", "no secret may need more than G guesses in all (default: the game's, 6 for Wordle; 0: none)"},
    {"objective", "OBJ", "total (default): least total guesses; worst: least worst case, then least total"},
    {"candidates-only", NULL, "every guess must be a remaining candidate"},
    {"top", "N", "try only the N best guesses by the greedy score at each node: an upper bound, not a proof"},
    {"time-limit", "SECONDS", "stop with the best bounds proved so far"},
    {"work", "PAIRS",
     "stop once the scans have looked at so many pairs (a guess against a candidate): on one "
     "thread, the same bounds on every run (default: none)"},
    {"tree", "FILE", "write the strategy found as a decision tree (-: to stdout, instead of the summary)"},
    {"tree-format", "FMT", "text (default, one line per secret) or json"},
    {"no-symmetry", NULL, "do not skip guesses equivalent under symmetries (slower; for checking)"},
    {"no-book", NULL,
     "at a position one guess from the opening, search every guess even where the bundled turn-two book gives "
     "the optimum (to check the book)"},
    {"cache-mb", "MB", "memory for the cache of solved sets (default: a quarter of RAM, at most 4096)"},
    {"cutoff", "TOTAL", "every opener: its total if below TOTAL, else a proved bound of at least TOTAL"},
    {"openers", "LIST", "search only these openers (WORD,WORD,... or @FILE, one a line; @- for stdin)"},
    {"slice", "START/STEP", "search only the openers of rank START, START+STEP, ... in the search order"},
    {"results", "FILE", "append each opener's total or bound as it is proved; resume from what FILE holds"},
    {"turn-two", "FILE",
     "with --results: append, for each opener settled exactly, the best guess and the least total after each "
     "of its feedbacks; resume from what FILE holds"},
    {"checkpoint", "FILE",
     "with --results: append each position inside an opener whose search took --checkpoint-work pairs or more, "
     "once settled; resume from what FILE holds, inside the opener being searched"},
    {"checkpoint-work", "PAIRS",
     "with --checkpoint: the work (pairs, as --work) a position's search must take to be written (default "
     "1000000000)"},
    {"sign", NULL,
     "derive every line of --results FILE again (a search per budget) and seal it with this installation's key "
     "(format 3), or refuse naming the first line that does not hold; then stop"},
    {"quiet", NULL, "no progress report on stderr"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_optimal = {
    "optimal",
    "[OPTIONS] [GUESS=FEEDBACK ...]",
    "find a strategy with the least total (or worst case) number of guesses, with proof, from the opening or from "
    "the position the turns given leave",
    "codebreaker optimal --game wordle --first salet --tree salet.tree",
    opts,
    CLI_GAME,
    run,
};
