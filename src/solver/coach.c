/*
 * coach.c: the exact coach (coach.h): the guesses of a position ranked by
 * their proved totals (the search over every opener at the position, the N
 * best settled exactly), and a game reviewed turn by turn: at each
 * position the best total and the played guess's strategy, whose parts
 * give the luck of the feedback received.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/data.h"
#include "codebreaker/feedback.h"
#include "base/parallel.h"
#include "game/game_internal.h"
#include "solver/solver_internal.h"
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
    return r->hard_mode ? cb_game_default_max_guesses(game) : 0;
}

int cb_coach_opening(const cb_game *game, int hard, int max_guesses, int best_only, cb_guess_index *best,
                     uint64_t *total)
{
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
        if (strcmp(name, lists->name) == 0 && h == (hard != 0) && m == max_guesses && (proved || !best_only) &&
            cb_game_parse_code(game, word, best, NULL) == CB_OK) {
            *total = t;
            return CB_OK;
        }
    }
    return CB_ENOTFOUND;
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
static void solver_options(const cb_coach_options *o, const cb_state *st, cb_optimal_options *so)
{
    cb_optimal_options_default(so);
    so->from = st;
    so->max_guesses = o->max_guesses;
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

typedef struct job {
    cb_optimal_options so;
    cb_optimal_result res;
    cb_error err;
    int rc, used;
} job;

/*
 * Run the n searches of jobs (those with used set) on table: side by side on
 * `threads` threads when each has a budget of work (so runs on one thread),
 * else one after the other, each on its own threads. Each job's rc, res and
 * err are its own; release them with jobs_release().
 */
static void jobs_run(const cb_table *table, job *jobs, size_t n, size_t stride, int threads, int budgeted)
{
    int t = budgeted ? cbb_threads(threads) : 1;
    if ((size_t)t > n)
        t = n ? (int)n : 1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(t) if (t > 1)
    for (size_t i = 0; i < n; i++) {
        job *jb = &jobs[i * stride];
        if (jb->used)
            jb->rc = cb_optimal_solve(table, &jb->so, &jb->res, &jb->err);
    }
}

static void jobs_release(job *jobs, size_t n)
{
    for (size_t i = 0; jobs && i < n; i++)
        if (jobs[i].used && jobs[i].rc == CB_OK)
            cb_optimal_result_release(&jobs[i].res);
}

/* The entries of st whose codeword is guess g: the share g wins at once. */
static uint64_t wins_at_once(const cb_state *st, cb_guess_index g)
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
    const cb_game *game = cb_state_game(st);
    cb_coach_book b;
    *ops = NULL;
    *upper = NULL;
    *n = 0;
    if (cb_state_turns(st) || o->candidates_only || o->no_book)
        return CB_ENOTFOUND;
    int rc = cb_coach_book_open(game, cb_state_hard(st), o->max_guesses, &b, err);
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
        uint64_t now = wins_at_once(st, op->guess);
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
static int loss_pays(const cb_state *st)
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
    int left = o->max_guesses - (int)cb_state_turns(st);
    size_t from = out->count;
    for (size_t i = 0; i < out->count; i++)
        if (out->guesses[i].can_lose && from == out->count)
            from = i;
    if (o->max_guesses <= 0 || left < 1 || from == out->count || !loss_pays(st))
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
            uint64_t m = cb_state_entries(st), now = wins_at_once(st, l.best);
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

int cb_coach_rank_solve(const cb_table *table, const cb_state *st, const cb_coach_options *opt, cb_coach_rank *out,
                        cb_error *err)
{
    cb_coach_options def;
    memset(out, 0, sizeof *out);
    if (!opt) {
        cb_coach_options_default(&def);
        opt = &def;
    }
    if (opt->limit < 1 || opt->limit > CB_COACH_MAX_LIMIT)
        return cb_error_set(err, CB_EINVAL, "the number of guesses to rank must be between 1 and %d",
                            CB_COACH_MAX_LIMIT);
    double t0 = cb_seconds();
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
    job jobs[CB_COACH_SLICES];
    memset(jobs, 0, sizeof jobs);
    for (size_t i = 0; i < nj; i++) {
        solver_options(opt, st, &jobs[i].so);
        jobs[i].so.exact_top = opt->limit;
        if (nj > 1) {
            jobs[i].so.slice_start = i;
            jobs[i].so.slice_step = nj;
        }
        jobs[i].used = 1;
    }
    jobs_run(table, jobs, nj, 1, opt->threads, opt->work != 0);
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
    jobs_release(jobs, nj);
    out->seconds = cb_seconds() - t0;
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

/* ---- the review ---- */

/* The feedback guess g draws against entry (secret s, mapping m; m -1 outside Symble). */
static uint32_t seen(const cb_table *table, cb_guess_index g, uint32_t s, int m)
{
    uint32_t raw = cb_table_get(table, g, s);
    return m >= 0 ? cb_game_observe(cb_table_game(table), raw, m) : raw;
}

/* Guesses the tree plays against an entry, from its root. */
static int depth(const cb_table *table, const cb_tree *tree, uint32_t s, int m)
{
    uint32_t at = cb_tree_root(tree);
    const cb_game *game = cb_table_game(table);
    for (int d = 1; at != CB_NONE && d <= CB_TREE_MAX_DEPTH; d++) {
        uint32_t fb = seen(table, cb_tree_guess(tree, at), s, m);
        if (fb == cb_game_won(game))
            return d;
        at = cb_tree_child(tree, at, fb);
    }
    return 0;
}

/*
 * The luck of feedback fb for the strategy `tree` from st: each feedback's
 * part, its expected guesses left, against the one received.
 */
static double luck_of(const cb_table *table, const cb_state *st, const cb_tree *tree, uint32_t fb)
{
    const cb_game *game = cb_table_game(table);
    uint32_t nf = cb_game_feedback_count(game), g = cb_tree_guess(tree, cb_tree_root(tree));
    uint64_t *count = calloc(nf, sizeof *count), *left = calloc(nf, sizeof *left), total = 0;
    double better = 0, same = 0;
    const uint8_t *masks = cb_state_masks(st);
    if (!count || !left) {
        free(count);
        free(left);
        return -1;
    }
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            uint32_t s = cb_state_candidates(st)[i];
            if (masks && !(masks[i] >> m & 1))
                continue;
            uint32_t f = seen(table, g, s, masks ? m : -1);
            count[f]++;
            left[f] += (uint64_t)depth(table, tree, s, masks ? m : -1) - 1;
            total++;
        }
    double mine = count[fb] ? (double)left[fb] / (double)count[fb] : 0;
    for (uint32_t f = 0; f < nf; f++) {
        if (!count[f])
            continue;
        double e = (double)left[f] / (double)count[f];
        if (e > mine)
            better += (double)count[f]; /* that draw would have left more to do */
        else if (e == mine)
            same += (double)count[f];
    }
    free(count);
    free(left);
    return total ? 100.0 * (better + same / 2) / (double)total : -1;
}

/*
 * The luck of feedback fb for guess g from st when no strategy was searched
 * (an opener read from the book): the feedbacks ranked by the entries they
 * leave instead of the guesses (fewer is luckier), weighted and tied as above.
 */
static double luck_by_size(const cb_table *table, const cb_state *st, cb_guess_index g, uint32_t fb)
{
    uint32_t nf = cb_game_feedback_count(cb_table_game(table));
    uint64_t *count = calloc(nf, sizeof *count), total = 0;
    const uint8_t *masks = cb_state_masks(st);
    double better = 0, same = 0;
    if (!count)
        return -1;
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            if (masks && !(masks[i] >> m & 1))
                continue;
            count[seen(table, g, cb_state_candidates(st)[i], masks ? m : -1)]++;
            total++;
        }
    for (uint32_t f = 0; f < nf; f++) {
        if (count[f] > count[fb])
            better += (double)count[f];
        else if (count[f] == count[fb])
            same += (double)count[f];
    }
    free(count);
    return total ? 100.0 * (better + same / 2) / (double)total : -1;
}

/* What is proved of one value: a guess's from a position, or the best of several guesses. */
typedef struct value {
    uint64_t lower, upper; /* upper: a strategy held, UINT64_MAX none */
    int exact, can_lose;
    cb_guess_index guess; /* the guess of the strategy held (the best's), CB_NONE none */
    const cb_tree *tree;  /* the strategy held, when searched (the job's) */
} value;

static value value_none(void)
{
    return (value){0, UINT64_MAX, 0, 0, CB_NONE, NULL};
}

/* The value a search found (first set: that guess's; else the best of the guesses searched). */
static value value_of(const job *j)
{
    value v = value_none();
    const cb_optimal_result *r = &j->res;
    if (!j->used || j->rc != CB_OK)
        return v;
    if (r->proved && r->infeasible) {
        v.can_lose = 1;
        return v;
    }
    if (r->proved) {
        v.exact = 1;
        v.lower = v.upper = r->total;
    } else {
        v.lower = r->lower;
        if (r->tree)
            v.upper = r->total;
    }
    if (r->tree) {
        v.guess = r->first;
        v.tree = r->tree;
    }
    return v;
}

/* The best of two values of a position's guesses: the lower ends' least, the upper ends' least. */
static void value_meet(value *best, const value *other)
{
    if (other->can_lose || best->can_lose)
        return;
    if (other->upper < best->upper) {
        best->upper = other->upper;
        best->guess = other->guess;
        best->tree = other->tree;
    }
    /* best->lower bounds every guess; a guess proved at it is a best one */
    if (other->exact && other->upper <= best->lower) {
        best->exact = 1;
        best->lower = best->upper = other->upper;
        if (other->tree || other->guess != best->guess) /* the same guess without a strategy: keep best's */
            best->tree = other->tree;
        best->guess = other->guess;
    }
    if (best->lower >= best->upper && best->upper != UINT64_MAX)
        best->exact = 1;
}

/*
 * skill from the played and the best values: 100 x max(0, 1 - (E - E*)) when
 * both are exact, rounded down to a tenth so that only a best guess shows
 * 100; 0 for a guess that can lose where another is sure to win; else -1.
 */
static double skill_from(const value *p, const value *b, uint64_t m)
{
    if (p->can_lose && b->exact)
        return 0;
    if (!p->exact || !b->exact || !m)
        return -1;
    if (p->lower <= b->lower)
        return 100;
    double lost = ((double)p->lower - (double)b->lower) / (double)m;
    double sk = lost >= 1 ? 0 : 100.0 * (1 - lost);
    sk = (double)(long long)(sk * 10) / 10; /* down to a tenth */
    return sk > 99.9 ? 99.9 : sk;
}

/* The entries a strategy loses beyond the game's limit: the share of st's entries it needs more guesses for. */
static double lose_share(const cb_table *table, const cb_state *st, const cb_tree *tree, int max_guesses)
{
    const uint8_t *masks = cb_state_masks(st);
    uint64_t lost = 0, total = 0;
    int left = max_guesses - (int)cb_state_turns(st);
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            if (masks && !(masks[i] >> m & 1))
                continue;
            int d = depth(table, tree, cb_state_candidates(st)[i], masks ? m : -1);
            lost += d == 0 || d > left;
            total++;
        }
    return total ? (double)lost / (double)total : -1;
}

/*
 * The fewest games lost within the limit at st (losses.c): after `first`,
 * into t->lose_chance (the lesser of the search's and a strategy's already
 * there) and t->lose_proved; with first CB_NONE, after the guess that loses
 * least found, into *best, t->best_lose_chance and t->best_lose_proved.
 */
static int least_losses(const cb_coach_options *o, const cb_state *st, cb_guess_index first, cb_coach_turn *t,
                        cb_guess_index *best)
{
    int left = o->max_guesses - (int)cb_state_turns(st);
    cb_coach_losses r;
    if (o->max_guesses <= 0 || left < 1 || !loss_pays(st))
        return CB_OK;
    int rc = cb_coach_least_losses(st, left, first, o->candidates_only, CB_COACH_LOSS_WORK, &r, NULL);
    if (rc != CB_OK || !r.entries)
        return rc;
    double lose = 1 - (double)r.won / (double)r.entries;
    if (first != CB_NONE) {
        if (r.exact || t->lose_chance < 0 || lose < t->lose_chance)
            t->lose_chance = lose;
        t->lose_proved = r.exact;
    } else if (r.best != CB_NONE) {
        t->best_lose_chance = lose;
        t->best_lose_proved = r.exact;
        *best = r.best;
    }
    return CB_OK;
}

/*
 * skill where every guess can lose: 100 x max(0, 1 - (L - L*)), L and L* the
 * chances of losing after the guess played and after the best one, both
 * proved; rounded down to a tenth, so that only a guess that loses least
 * shows 100; else -1.
 */
static double skill_losing(const cb_coach_turn *t)
{
    if (!t->lose_proved || !t->best_lose_proved || t->lose_chance < 0 || t->best_lose_chance < 0)
        return -1;
    double lost = t->lose_chance - t->best_lose_chance;
    if (lost <= 1e-12)
        return 100;
    double sk = lost >= 1 ? 0 : 100.0 * (1 - lost);
    sk = (double)(long long)(sk * 10) / 10;
    return sk > 99.9 ? 99.9 : sk;
}

/* The guess indexes of st's candidates that are guesses of the game, into *out (malloc'd); their count. */
static size_t candidate_guesses(const cb_state *st, uint32_t **out)
{
    const cb_game *game = cb_state_game(st);
    size_t n = cb_state_count(st), k = 0;
    *out = malloc((n + 1) * sizeof **out);
    for (size_t i = 0; *out && i < n; i++) {
        cb_guess_index g = cb_game_secret_guess(game, cb_state_candidates(st)[i]);
        if (g != CB_NONE)
            (*out)[k++] = g;
    }
    return k;
}

/* The searches of one turn: the best of every guess, the guess played, the best candidate; the losses after. */
enum { J_BEST, J_PLAYED, J_CAND, J_LOSE, J_KINDS };

/* What the book proves at the opening: the played guess's value and the best one's, and the best answer word. */
static void book_turn(const cb_coach_book *b, const cb_game *game, cb_guess_index played, value *p, value *best,
                      value *cand, int *from_book)
{
    *from_book = 0;
    if (!b->entry || played >= b->count)
        return;
    const cb_coach_book_entry *e = &b->entry[played];
    if (e->exact) {
        *p = value_none();
        p->exact = 1;
        p->lower = p->upper = e->lower;
        p->guess = played;
        *from_book = 1;
    } else if (e->can_lose) {
        *p = value_none();
        p->can_lose = 1;
        *from_book = 1;
    } else if (e->lower > p->lower)
        p->lower = e->lower;
    if (b->best_proved) {
        *best = value_none();
        best->exact = 1;
        best->lower = best->upper = b->best_total;
        best->guess = b->best;
    }
    /* the best answer word the book settles, proved when every other answer word is bounded at or above it */
    uint64_t least = UINT64_MAX, other = UINT64_MAX;
    cb_guess_index g0 = CB_NONE;
    for (size_t g = 0; g < b->count; g++)
        if (cb_game_guess_secret(game, (cb_guess_index)g) != CB_NONE && b->entry[g].exact &&
            b->entry[g].lower < least) {
            least = b->entry[g].lower;
            g0 = (cb_guess_index)g;
        }
    for (size_t g = 0; g0 != CB_NONE && g < b->count; g++)
        if (g != g0 && cb_game_guess_secret(game, (cb_guess_index)g) != CB_NONE && !b->entry[g].can_lose &&
            b->entry[g].lower < other)
            other = b->entry[g].lower;
    if (g0 != CB_NONE) {
        *cand = value_none();
        cand->guess = g0;
        cand->upper = least;
        cand->lower = other < least ? other : least;
        cand->exact = other >= least;
    }
}

/* Turn two by look-up (cb_coach_turn_two) into v[J_BEST], and v[J_PLAYED] when it is that guess. */
static int turn_two(const cb_game *game, int hard, const cb_coach_options *o, const cb_guess_index *guesses,
                    const uint32_t *feedbacks, value *v, cb_coach_turn *t, cb_error *err)
{
    cb_error e;
    value b = value_none();
    int rc = cb_coach_turn_two(game, hard, o->max_guesses, guesses[0], feedbacks[0], &b.guess, &b.lower, &e);
    if (rc != CB_OK)
        return rc == CB_ENOTFOUND ? CB_OK : cb_error_set(err, rc, "turn 2: %s", e.message);
    b.exact = t->best_book = 1;
    b.upper = b.lower;
    v[J_BEST] = b;
    if ((t->book = guesses[1] == b.guess) != 0)
        v[J_PLAYED] = b;
    return CB_OK;
}

int cb_coach_review_game(const cb_table *table, const cb_guess_index *guesses, const uint32_t *feedbacks, size_t turns,
                         int hard, const cb_coach_options *opt, cb_coach_review *out, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    cb_coach_options o;
    memset(out, 0, sizeof *out);
    if (opt)
        o = *opt;
    else
        cb_coach_options_default(&o);
    if (turns == 0 || turns > CB_TREE_MAX_DEPTH)
        return cb_error_set(err, CB_EINVAL, "a review needs between 1 and %d turns", CB_TREE_MAX_DEPTH);
    if (hard && cb_game_rule(game) != CB_RULE_WORDLE)
        return cb_error_set(err, CB_EINVAL, "hard mode applies to Wordle rules only");
    double t0 = cb_seconds();
    cb_state **st = calloc(turns + 1, sizeof *st);
    job *jobs = calloc(turns * J_KINDS, sizeof *jobs);
    uint32_t **cands = calloc(turns, sizeof *cands);
    out->turn = calloc(turns, sizeof *out->turn);
    cb_coach_book book;
    memset(&book, 0, sizeof book);
    int rc = st && jobs && cands && out->turn ? CB_OK : cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK && !o.no_book) {
        cb_error e;
        int brc = cb_coach_book_open(game, hard, o.max_guesses, &book, &e);
        if (brc != CB_OK && brc != CB_ENOTFOUND)
            rc = cb_error_set(err, brc, "%s", e.message);
    }
    if (rc == CB_OK && o.opening_best != CB_NONE && o.opening_total && !book.best_proved) {
        book.best = o.opening_best; /* the caller's proof of the opening */
        book.best_total = o.opening_total;
        book.best_proved = 1;
    }
    /* the positions before each turn, checked in order: a turn that breaks hard mode or contradicts is an error */
    if (rc == CB_OK && cb_state_new(table, &st[0]) != CB_OK)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK)
        cb_state_set_hard(st[0], hard);
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        char why[160];
        cb_coach_turn *t = &out->turn[i];
        t->guess = guesses[i];
        t->feedback = feedbacks[i];
        t->candidates = cb_state_entries(st[i]);
        if (cb_state_won(st[i]))
            rc = cb_error_set(err, CB_EINVAL, "turn %zu: the game was already won", i + 1);
        else if (!cb_state_legal(st[i], guesses[i], why, sizeof why))
            rc = cb_error_set(err, CB_EILLEGAL, "turn %zu: %s", i + 1, why);
        else if (cb_state_copy(st[i], &st[i + 1]) != CB_OK)
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
        else if ((rc = cb_state_apply(st[i + 1], guesses[i], feedbacks[i])) == CB_ECONTRADICT)
            rc = cb_error_set(err, rc, "turn %zu: no candidate left gives that feedback", i + 1);
        else if (rc != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
        else
            t->left = cb_state_won(st[i + 1]) ? 0 : cb_state_entries(st[i + 1]);
    }
    /* the answer is known when the last turn won: then each turn gets its optimal line */
    cb_guess_index answer = feedbacks[turns - 1] == cb_game_won(game) ? guesses[turns - 1] : CB_NONE;
    value *pv = calloc(turns * J_KINDS, sizeof *pv);
    if (rc == CB_OK && !pv)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    cb_tree *otree = NULL; /* the best opener's shipped strategy, for the line from turn 1 */
    uint64_t ototal = 0;
    if (rc == CB_OK && answer != CB_NONE && !o.no_book && book.best_proved &&
        cb_coach_opening_tree(table, hard, o.max_guesses, &otree, &ototal, err) == CB_ENOMEM)
        rc = CB_ENOMEM;
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        value *v = &pv[i * J_KINDS];
        job *j = &jobs[i * J_KINDS];
        for (int k = 0; k < J_KINDS; k++)
            v[k] = value_none();
        if (i == 0 && book.entry)
            book_turn(&book, game, guesses[0], &v[J_PLAYED], &v[J_BEST], &v[J_CAND], &out->turn[0].book);
        else if (i == 0 && book.best_proved) {
            v[J_BEST].exact = 1;
            v[J_BEST].lower = v[J_BEST].upper = book.best_total;
            v[J_BEST].guess = book.best;
        } else if (i == 1 && !o.no_book &&
                   (rc = turn_two(game, hard, &o, guesses, feedbacks, v, &out->turn[1], err)) != CB_OK)
            break;
        if (!v[J_BEST].exact) {
            solver_options(&o, st[i], &j[J_BEST].so);
            j[J_BEST].used = 1;
        } else if (i == 0 && otree && cb_tree_guess(otree, cb_tree_root(otree)) == v[J_BEST].guess &&
                   ototal == v[J_BEST].lower)
            v[J_BEST].tree = otree; /* the shipped strategy of the best opener: its line, nothing searched */
        else if (answer != CB_NONE && v[J_BEST].guess != CB_NONE) { /* the book's best: its strategy for the line */
            solver_options(&o, st[i], &j[J_BEST].so);
            j[J_BEST].so.first = v[J_BEST].guess;
            /* for a line only: an eighth of the budget (SALET's proof takes 0.18 G pairs, TARSE's on nyt2023 5.2 G) */
            j[J_BEST].so.work_limit = o.work / 8 ? o.work / 8 : o.work;
            j[J_BEST].used = 1;
        }
        if (!out->turn[i].book) {
            solver_options(&o, st[i], &j[J_PLAYED].so);
            j[J_PLAYED].so.first = guesses[i];
            j[J_PLAYED].used = 1;
        }
        if (!(i == 0 && book.entry) && cb_game_rule(game) != CB_RULE_SYMBLE) {
            size_t nc = candidate_guesses(st[i], &cands[i]);
            j[J_CAND].so.nopeners = nc; /* kept when unused: nc of every guess says the best's search is this one */
            if (!cands[i])
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
            else if (nc && nc < cb_game_guess_count(game)) { /* every guess a candidate: the best's search is it */
                solver_options(&o, st[i], &j[J_CAND].so);
                j[J_CAND].so.openers = cands[i];
                j[J_CAND].so.nopeners = nc;
                j[J_CAND].used = 1;
            }
        }
    }
    if (rc == CB_OK)
        jobs_run(table, jobs, turns * J_KINDS, 1, o.threads, o.work != 0);
    for (size_t i = 0; rc == CB_OK && i < turns * J_KINDS; i++)
        if (jobs[i].used && jobs[i].rc != CB_OK)
            rc = cb_error_set(err, jobs[i].rc, "turn %zu: %s", i / J_KINDS + 1,
                              jobs[i].rc == CB_EILLEGAL ? "the guess is not allowed there (hard mode)"
                                                        : jobs[i].err.message);
    /* a guess that can lose: the share a strategy held loses, without the limit (a second round of searches) */
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        value *v = &pv[i * J_KINDS];
        job *j = &jobs[i * J_KINDS];
        if (j[J_BEST].used && j[J_BEST].so.first == CB_NONE)
            v[J_BEST] = value_of(&j[J_BEST]);
        else if (j[J_BEST].used) { /* the book's best searched for its line: its strategy when it proves the same */
            value vb = value_of(&j[J_BEST]);
            if (vb.exact && vb.lower == v[J_BEST].lower)
                v[J_BEST].tree = vb.tree;
        }
        if (j[J_PLAYED].used) {
            uint64_t known = v[J_PLAYED].lower;
            v[J_PLAYED] = value_of(&j[J_PLAYED]);
            if (known > v[J_PLAYED].lower && !v[J_PLAYED].exact && !v[J_PLAYED].can_lose)
                v[J_PLAYED].lower = known;
        }
        if (j[J_CAND].used)
            v[J_CAND] = value_of(&j[J_CAND]);
        else if (j[J_CAND].so.nopeners == cb_game_guess_count(game) && j[J_BEST].used && j[J_BEST].so.first == CB_NONE)
            v[J_CAND] = v[J_BEST];
        if (v[J_PLAYED].can_lose && o.max_guesses > 0) {
            solver_options(&o, st[i], &j[J_LOSE].so);
            j[J_LOSE].so.first = guesses[i];
            j[J_LOSE].so.max_guesses = 0;
            j[J_LOSE].used = 1;
        }
    }
    if (rc == CB_OK) /* the second round: each turn's J_LOSE job */
        jobs_run(table, jobs + J_LOSE, turns, J_KINDS, o.threads, o.work != 0);
    double skills = 0, lucks = 0;
    int nskill = 0, nluck = 0;
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        cb_coach_turn *t = &out->turn[i];
        value *v = &pv[i * J_KINDS];
        job *j = &jobs[i * J_KINDS];
        value p = v[J_PLAYED], b = v[J_BEST], c = v[J_CAND];
        for (int k = 0; k < J_KINDS; k++)
            t->timed_out |= j[k].used && j[k].rc == CB_OK && j[k].res.timed_out;
        value_meet(&b, &c);
        value_meet(&b, &p); /* last: on a tie the guess played is the best one named */
        /* a best guess that could win now is the best candidate too; so is a played one proved as good */
        if (b.exact && b.guess != CB_NONE && wins_at_once(st[i], b.guess))
            c = b;
        else if (p.exact && wins_at_once(st[i], guesses[i]) && (c.guess == CB_NONE || p.lower <= c.lower)) {
            c = p;
            c.guess = guesses[i];
        }
        t->total = p.lower;
        t->upper = p.upper;
        t->proved = p.exact;
        t->can_lose = p.can_lose;
        t->lose_chance = t->best_lose_chance = -1;
        if (p.can_lose && j[J_LOSE].used && j[J_LOSE].rc == CB_OK && j[J_LOSE].res.tree)
            t->lose_chance = lose_share(table, st[i], j[J_LOSE].res.tree, o.max_guesses);
        cb_guess_index least = CB_NONE;
        if (p.can_lose && (rc = least_losses(&o, st[i], guesses[i], t, NULL)) != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
        if (b.can_lose && rc == CB_OK && (rc = least_losses(&o, st[i], CB_NONE, t, &least)) != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
        if (b.can_lose && t->best_lose_chance >= 0) {
            b.guess = least;
            /* the guess played loses no more than the best found: name it */
            if (t->lose_chance >= 0 && t->lose_chance <= t->best_lose_chance &&
                (t->lose_proved || !t->best_lose_proved)) {
                b.guess = guesses[i];
                t->best_lose_chance = t->lose_chance;
                t->best_lose_proved = t->lose_proved;
            }
        }
        t->best = b.guess;
        t->best_total = b.lower;
        t->best_upper = b.upper;
        t->best_proved = b.exact;
        t->best_can_lose = b.can_lose;
        t->best_candidate = c.guess;
        t->candidate_total = c.lower;
        t->candidate_upper = c.upper;
        t->candidate_proved = c.exact;
        t->answer_word = cb_game_guess_secret(game, t->guess) != CB_NONE;
        t->best_answer_word = t->best != CB_NONE && cb_game_guess_secret(game, t->best) != CB_NONE;
        if (p.exact && b.exact && p.lower == b.lower)
            t->best = t->guess; /* a best guess was played: name it */
        t->skill = skill_from(&p, &b, t->candidates);
        if (p.can_lose && b.can_lose)
            t->skill = skill_losing(t);
        if (t->candidates == 1 && p.exact)
            t->skill = 100; /* the forced final guess */
        /* luck: from the played guess's strategy when searched and proved, else (the book) from the parts' sizes */
        if (p.exact && p.tree)
            t->luck = luck_of(table, st[i], p.tree, t->feedback);
        else if (p.exact && t->book)
            t->luck = luck_by_size(table, st[i], t->guess, t->feedback);
        else
            t->luck = -1;
        /* the optimal line: a best guess's strategy, the played one's when it is best */
        const cb_tree *line = p.exact && b.exact && p.lower == b.lower && p.tree ? p.tree : b.exact ? b.tree : NULL;
        if (line && answer != CB_NONE)
            cbo_coach_line(table, line, answer, t);
        if (t->skill >= 0)
            skills += t->skill, nskill++;
        if (t->luck >= 0)
            lucks += t->luck, nluck++;
        out->timed_out |= t->timed_out;
    }
    out->skill = nskill ? skills / nskill : -1;
    out->luck = nluck ? lucks / nluck : -1;
    out->work = o.work;
    out->turns = rc == CB_OK ? turns : 0;
    out->won = rc == CB_OK && cb_state_won(st[turns]);
    out->total = out->turns;
    out->seconds = cb_seconds() - t0;
    jobs_release(jobs, jobs ? turns * J_KINDS : 0);
    for (size_t i = 0; st && i <= turns; i++)
        cb_state_free(st[i]);
    for (size_t i = 0; cands && i < turns; i++)
        free(cands[i]);
    free(cands);
    free(st);
    free(jobs);
    free(pv);
    cb_tree_free(otree);
    cb_coach_book_release(&book);
    if (rc != CB_OK)
        cb_coach_review_release(out);
    return rc;
}

void cb_coach_review_release(cb_coach_review *r)
{
    if (!r)
        return;
    free(r->turn);
    r->turn = NULL;
    r->turns = 0;
}
