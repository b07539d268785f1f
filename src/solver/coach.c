/*
 * coach.c: the exact coach (coach.h): the guesses of a position ranked by
 * their proved totals (the search over every opener at the position, the N
 * best settled exactly), and what the review (review.c) shares with the
 * ranking: the solver's options for a search from a position, and the
 * searches run side by side (coach_internal.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/data.h"
#include "codebreaker/feedback.h"
#include "base/parallel.h"
#include "game/game_internal.h"
#include "solver/coach_internal.h"
#include "tuning.h"

void cb_coach_options_default(cb_coach_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->limit = 10;
    opt->opening_best = CB_NONE;
    opt->work = CB_COACH_WORK;
}

int cb_coach_max_guesses(const cb_game *game)
{
    const cb_rule_info *r = cb_game_rule_info(game);
    return r->hard_mode == CB_HARD_REVEALED ? cb_game_default_max_guesses(game) : 0; /* Wordle's rules */
}

int cb_coach_opening(const cb_state *st, int best_only, cb_guess_index *best, uint64_t *total)
{
    int max_guesses = cb_state_max_guesses(st);
    const cb_game *game = cb_state_game(st);
    int hard = cb_state_hard(st) != CB_HARD_NONE;
    const cb_word_lists *lists = cbg_game_lists(game);
    const char *text;
    size_t size;
    char name[32], word[CB_MAX_LENGTH * 4 + 1];
    int h, m, proved;
    unsigned long long t;
    /* the proofs are Wordle's: Symble on the same lists plays another game (its secrets are word-mapping pairs) */
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE || cb_data_bundled("proofs/openers.tsv", &text, &size) != CB_OK)
        return CB_ENOTFOUND;
    for (const char *p = text; p < text + size; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : text + size) {
        if (*p == '#' || sscanf(p, "%31s %d %d %80s %llu %d", name, &h, &m, word, &t, &proved) != 6)
            continue;
        if (strcmp(name, lists->name) == 0 && h == hard && m == max_guesses && (proved || !best_only) &&
            cb_game_parse_code(game, word, best, NULL) == CB_OK) {
            *total = t;
            return CB_OK;
        }
    }
    return CB_ENOTFOUND;
}

/*
 * The limit on guesses a search from st counts: st's own, or none where no
 * guess is left within it (a game already lost, played on: its turns are
 * graded by the guesses to finish, coach.h).
 */
int cbo_coach_limit_at(const cb_state *st)
{
    int m = cb_state_max_guesses(st);
    return m > 0 && cb_state_turns(st) < (size_t)m ? m : 0;
}

int cbo_coach_position(const cb_state *st, cb_state **own, const cb_state **pos)
{
    *own = NULL;
    *pos = st;
    if (cb_state_max_guesses(st) == cbo_coach_limit_at(st))
        return CB_OK;
    if (cb_state_copy(st, own) != CB_OK)
        return CB_ENOMEM;
    cb_state_set_max_guesses(*own, 0); /* always allowed: no limit */
    *pos = *own;
    return CB_OK;
}

/*
 * The solver's options for a search from st. With a work budget (the
 * default) the search runs on one thread with a cache of a fixed size, so
 * that where it stops, and so every figure, is the same on every run and
 * machine; a position of more than CB_COACH_BIG entries (Symble's opening
 * pairs, every allowed word) gets a tenth of the budget: no budget proves
 * it, and its bounds come as well from a short search. Without a budget the
 * search takes the threads asked for and the time limit.
 */
void cbo_coach_solver_options(const cb_coach_options *o, const cb_state *st, cb_optimal_options *so)
{
    cb_optimal_options_default(so);
    so->from = st; /* its mode and its limit: cbo_coach_position's */
    so->candidates_only = o->candidates_only;
    so->time_limit = o->time_limit;
    so->cancel = o->cancel;
    so->work_limit = o->work;
    if (o->work) {
        so->threads = 1;
        so->cache_bytes = CB_COACH_CACHE_BYTES;
        if (cb_state_entries(st) > CB_COACH_BIG)
            so->work_limit = o->work / 10 ? o->work / 10 : 1;
    } else {
        so->threads = o->threads;
        if (o->time_limit > CB_COACH_BIG_SECONDS && cb_state_entries(st) > CB_COACH_BIG)
            so->time_limit = CB_COACH_BIG_SECONDS;
    }
}

/* ---- independent searches side by side ---- */

/*
 * Run the n searches of jobs (those with used set) on table: side by side on
 * `threads` threads when each has a budget of work (so runs on one thread),
 * else one after the other, each on its own threads. Each job's rc, res and
 * err are its own; release them with cbo_coach_jobs_release().
 */
void cbo_coach_jobs_run(const cb_table *table, cbo_coach_job *jobs, size_t n, size_t stride, int threads, int budgeted)
{
    int t = budgeted ? cbb_threads(threads) : 1;
    if ((size_t)t > n)
        t = n ? (int)n : 1;
    /* a workspace a thread: its searches after the first find their memory resident (none: each its own) */
    cb_optimal_workspace **ws = calloc((size_t)t, sizeof *ws);
    for (int i = 0; ws && i < t; i++)
        if (cb_optimal_workspace_new(&ws[i]) != CB_OK)
            ws[i] = NULL;
#pragma omp parallel for schedule(dynamic, 1) num_threads(t) if (t > 1)
    for (size_t i = 0; i < n; i++) {
        cbo_coach_job *jb = &jobs[i * stride];
#ifdef _OPENMP
        int me = omp_get_thread_num();
#else
        int me = 0;
#endif
        if (jb->used) {
            jb->so.workspace = ws ? ws[me] : NULL;
            jb->rc = cb_optimal_solve(table, &jb->so, &jb->res, &jb->err);
            jb->so.workspace = NULL;
        }
    }
    for (int i = 0; ws && i < t; i++)
        cb_optimal_workspace_free(ws[i]);
    free(ws);
}

void cbo_coach_jobs_release(cbo_coach_job *jobs, size_t n)
{
    for (size_t i = 0; jobs && i < n; i++)
        if (jobs[i].used && jobs[i].rc == CB_OK)
            cb_optimal_result_release(&jobs[i].res);
}

/* The entries of st whose codeword is guess g: the share g wins at once. */
uint64_t cbo_coach_wins_at_once(const cb_state *st, cb_guess_index g)
{
    const cb_game *game = cb_state_game(st);
    cb_secret_index s = cb_game_guess_secret(game, g);
    const uint32_t *c = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    for (size_t i = 0; s != CB_NONE && i < cb_state_count(st); i++)
        if (c[i] == s)
            return masks ? (uint64_t)__builtin_popcount(masks[i]) : 1u;
    return 0;
}

typedef struct ranked {
    cb_coach_guess g;
    double weight;
} ranked;

/* The opening book's ranking: what it settles exactly first, least first, then the bounds (book_openers). */
static int cmp_ranked_book(const void *a, const void *b);

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->g.total != y->g.total)
        return x->g.total < y->g.total ? -1 : 1;
    if (x->g.proved != y->g.proved)
        return y->g.proved - x->g.proved;
    if (x->g.candidate != y->g.candidate)
        return y->g.candidate - x->g.candidate;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return (x->g.guess > y->g.guess) - (x->g.guess < y->g.guess);
}

static int cmp_ranked_book(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->g.proved != y->g.proved)
        return y->g.proved - x->g.proved;
    return cmp_ranked(a, b);
}

/*
 * The openers' values at st read from the opening book (cb_coach_book_open),
 * when st is the opening of a game it covers and the book proves its best
 * opener: every opener then ranks by what is proved of it. Else CB_ENOTFOUND
 * (searched instead), or CB_EINVAL for a damaged bundled file.
 */
static int book_openers(const cb_state *st, const cb_coach_options *o, cb_optimal_opener **ops, size_t *n,
                        uint64_t **upper, cb_error *err)
{
    cb_coach_book b;
    *ops = NULL;
    *upper = NULL;
    *n = 0;
    if (cb_state_turns(st) || o->candidates_only || o->no_book)
        return CB_ENOTFOUND;
    int rc = cb_coach_book_open(st, &b, err);
    if (rc != CB_OK)
        return rc;
    if (!b.best_proved) {
        cb_coach_book_release(&b);
        return CB_ENOTFOUND;
    }
    *ops = calloc(b.count + 1, sizeof **ops);
    *upper = calloc(b.count + 1, sizeof **upper);
    if (!*ops || !*upper) {
        free(*ops);
        free(*upper);
        cb_coach_book_release(&b);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    for (size_t g = 0; g < b.count; g++) {
        const cb_coach_book_entry *e = &b.entry[g];
        (*ops)[g] = (cb_optimal_opener){(uint32_t)g, e->can_lose ? UINT64_MAX : e->lower, e->exact, 0};
        (*upper)[g] = e->upper;
    }
    *n = b.count;
    cb_coach_book_release(&b);
    return CB_OK;
}

/*
 * The ranking of st's guesses from the values of ops (n of them, upper[i] the
 * total of a strategy held for each, or NULL) into out; CB_OK or CB_ENOMEM.
 * A guess that cannot win surely within the limit ranks last, marked so.
 */
static int rank_openers(const cb_state *st, const cb_coach_options *opt, const cb_optimal_opener *ops,
                        const uint64_t *upper, size_t n, int exact_first, cb_coach_rank *out, cb_error *err)
{
    const cb_game *game = cb_state_game(st);
    uint64_t m = cb_state_entries(st);
    ranked *r = calloc(n + 1, sizeof *r);
    if (!r)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const cb_optimal_opener *op = &ops[i];
        uint64_t now = cbo_coach_wins_at_once(st, op->guess);
        cb_secret_index s = cb_game_guess_secret(game, op->guess);
        int lose = op->bound == UINT64_MAX;
        r[k].g = (cb_coach_guess){op->guess,
                                  op->bound,
                                  op->exact && !lose,
                                  now > 0,
                                  m ? (double)now / (double)m : 0,
                                  op->exact ? op->worst : 0,
                                  op->exact ? op->bound
                                  : upper   ? upper[i]
                                            : UINT64_MAX,
                                  lose,
                                  s != CB_NONE,
                                  -1,
                                  0};
        if (lose)
            r[k].g.upper = UINT64_MAX;
        r[k++].weight = opt->weights && s != CB_NONE ? opt->weights[s] : 0;
    }
    qsort(r, k, sizeof *r, exact_first ? cmp_ranked_book : cmp_ranked);
    out->candidates = m;
    out->count = k < (size_t)opt->limit ? k : (size_t)opt->limit;
    out->guesses = malloc((out->count + 1) * sizeof *out->guesses);
    for (size_t i = 0; out->guesses && i < out->count; i++)
        out->guesses[i] = r[i].g;
    free(r);
    if (!out->guesses)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    return CB_OK;
}

/* Whether the search for the fewest games lost can finish a scan of st's entries against every guess. */
int cbo_coach_loss_pays(const cb_state *st)
{
    return (double)cb_state_entries(st) * cb_game_guess_count(cb_state_game(st)) < (double)CB_COACH_LOSS_WORK / 4;
}

static int by_losses(const void *a, const void *b)
{
    const cb_coach_guess *x = a, *y = b;
    if (x->lose_chance != y->lose_chance)
        return x->lose_chance < y->lose_chance ? -1 : 1;
    return y->lose_proved - x->lose_proved;
}

/*
 * The ranked guesses that can lose, each with its chance of losing
 * (cb_coach_least_losses), after those sure to win and least first, ties
 * in the ranking's order. With every set (no guess is sure to win), the
 * one that loses least of all comes first, in place of the last row when
 * the ranking did not hold it.
 */
static int rank_losses(const cb_state *st, const cb_coach_options *o, int every, cb_coach_rank *out, cb_error *err)
{
    int limit = cbo_coach_limit_at(st), left = limit - (int)cb_state_turns(st);
    size_t from = out->count;
    for (size_t i = 0; i < out->count; i++)
        if (out->guesses[i].can_lose && from == out->count)
            from = i;
    if (limit <= 0 || left < 1 || from == out->count || !cbo_coach_loss_pays(st))
        return CB_OK;
    cb_coach_losses l;
    int rc;
    if (every && from == 0) {
        out->can_lose = 1;
        if ((rc = cb_coach_least_losses(st, left, CB_NONE, o->candidates_only, CB_COACH_LOSS_WORK, &l, err)) != CB_OK)
            return rc;
        size_t at = out->count;
        for (size_t i = 0; i < out->count; i++)
            if (out->guesses[i].guess == l.best)
                at = i;
        if (l.best != CB_NONE && at == out->count && out->count) {
            const cb_game *game = cb_state_game(st);
            uint64_t m = cb_state_entries(st), now = cbo_coach_wins_at_once(st, l.best);
            out->guesses[out->count - 1] = (cb_coach_guess){l.best,
                                                            UINT64_MAX,
                                                            0,
                                                            now > 0,
                                                            m ? (double)now / (double)m : 0,
                                                            0,
                                                            UINT64_MAX,
                                                            1,
                                                            cb_game_guess_secret(game, l.best) != CB_NONE,
                                                            -1,
                                                            0};
        }
    }
    for (size_t i = from; i < out->count; i++) {
        cb_coach_guess *g = &out->guesses[i];
        if ((rc = cb_coach_least_losses(st, left, g->guess, o->candidates_only, CB_COACH_LOSS_WORK, &l, err)) != CB_OK)
            return rc;
        g->lose_chance = l.entries ? 1 - (double)l.won / (double)l.entries : 0;
        g->lose_proved = l.exact;
    }
    /* a stable order: insertion, by the chance of losing, the ranking's order on ties */
    for (size_t i = from + 1; i < out->count; i++)
        for (size_t j = i; j > from && by_losses(&out->guesses[j], &out->guesses[j - 1]) < 0; j--) {
            cb_coach_guess t = out->guesses[j];
            out->guesses[j] = out->guesses[j - 1];
            out->guesses[j - 1] = t;
        }
    return CB_OK;
}

/* cb_coach_rank_solve at st, whose limit is the one the values count (cbo_coach_position). */
static int rank_solve(const cb_table *table, const cb_state *st, const cb_coach_options *opt, cb_coach_rank *out,
                      cb_error *err)
{
    double t0 = cb_seconds();
    out->max_guesses = cbo_coach_limit_at(st);
    cb_optimal_opener *ops = NULL;
    uint64_t *upper = NULL;
    size_t n = 0;
    int rc = book_openers(st, opt, &ops, &n, &upper, err);
    if (rc == CB_OK) {
        rc = rank_openers(st, opt, ops, upper, n, 1, out, err);
        free(ops);
        free(upper);
        out->searched = 0;
        out->source = "book";
        out->seconds = cb_seconds() - t0;
        return rc;
    }
    if (rc != CB_ENOTFOUND)
        return rc;
    rc = CB_OK;
    /*
     * With a budget, the openers are split into CB_COACH_SLICES slices of the
     * solver's order, each searched on one thread for the `limit` best: a
     * fixed split, so the figures do not depend on the threads. The merge is
     * exact: each slice's N-th best is at least the N-th best of all, so an
     * opener a slice leaves as a bound stays below no exact one it outranks.
     */
    size_t nj = opt->work ? CB_COACH_SLICES : 1;
    cbo_coach_job jobs[CB_COACH_SLICES];
    memset(jobs, 0, sizeof jobs);
    for (size_t i = 0; i < nj; i++) {
        cbo_coach_solver_options(opt, st, &jobs[i].so);
        jobs[i].so.exact_top = opt->limit;
        if (nj > 1) {
            jobs[i].so.slice_start = i;
            jobs[i].so.slice_step = nj;
        }
        jobs[i].used = 1;
    }
    cbo_coach_jobs_run(table, jobs, nj, 1, opt->threads, opt->work != 0);
    size_t total = 0;
    for (size_t i = 0; i < nj; i++) {
        if (jobs[i].rc != CB_OK) {
            *err = jobs[i].err;
            rc = jobs[i].rc;
        } else
            total += jobs[i].res.openers_searched;
    }
    if (rc == CB_OK && !(ops = calloc(total + 1, sizeof *ops)))
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK) {
        n = 0;
        for (size_t i = 0; i < nj; i++) {
            memcpy(ops + n, jobs[i].res.openers, jobs[i].res.openers_searched * sizeof *ops);
            n += jobs[i].res.openers_searched;
            out->stopped |= jobs[i].res.stopped;
            out->timed_out |= jobs[i].res.timed_out;
        }
        rc = rank_openers(st, opt, ops, NULL, n, 0, out, err);
        out->searched = n;
    }
    int every = nj > 0;
    for (size_t i = 0; i < nj; i++)
        every &= jobs[i].rc == CB_OK && jobs[i].res.proved && jobs[i].res.infeasible;
    if (rc == CB_OK)
        rc = rank_losses(st, opt, every, out, err);
    free(ops);
    cbo_coach_jobs_release(jobs, nj);
    out->seconds = cb_seconds() - t0;
    return rc;
}

int cb_coach_rank_solve(const cb_table *table, const cb_state *st, const cb_coach_options *opt, cb_coach_rank *out,
                        cb_error *err)
{
    cb_coach_options def;
    cb_state *own;
    const cb_state *pos;
    memset(out, 0, sizeof *out);
    if (!opt) {
        cb_coach_options_default(&def);
        opt = &def;
    }
    if (opt->limit < 1 || opt->limit > CB_COACH_MAX_LIMIT)
        return cb_error_set(err, CB_EINVAL, "the number of guesses to rank must be between 1 and %d",
                            CB_COACH_MAX_LIMIT);
    if (cbo_coach_position(st, &own, &pos) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    int rc = rank_solve(table, pos, opt, out, err);
    cb_state_free(own);
    return rc;
}

void cb_coach_rank_release(cb_coach_rank *r)
{
    if (!r)
        return;
    free(r->guesses);
    r->guesses = NULL;
    r->count = 0;
}
