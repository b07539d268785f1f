/* adversary.c: the codemaker that answers with the largest part (Absurdle), and the shortest win against it. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/adversary.h"
#include "codebreaker/partition.h"
#include "base/parallel.h"
#include "tuning.h"

#define ADV_MAX_FEEDBACKS 65536u /* the search counts parts in an array */
#define ADV_DEFAULT_GUESSES 8

/* The order among parts of equal size: smaller tells less. Winning last, then exact hits, near hits, the id. */
static uint64_t tie_key(const cb_game *game, uint32_t fb)
{
    uint64_t exact = 0, near = 0;
    int len = cb_game_length(game);
    if (cb_game_rule_info(game)->marks == CB_MARKS_PEGS) {
        exact = fb / (uint32_t)(len + 1);
        near = fb % (uint32_t)(len + 1);
    } else
        for (uint32_t x = fb; x; x /= 3) {
            exact += x % 3 == 2;
            near += x % 3 == 1;
        }
    return (uint64_t)(fb == cb_game_won(game)) << 48 | exact << 40 | near << 32 | fb;
}

int cb_adversary_answer(const cb_state *st, cb_guess_index gi, uint32_t *fb, size_t *left)
{
    const cb_game *game = cb_state_game(st);
    if (cb_game_rule_info(game)->hidden || gi >= cb_game_guess_count(game))
        return CB_EINVAL;
    if (cb_state_count(st) == 0)
        return CB_EEMPTY;
    cb_partition p;
    cb_partition_init(&p);
    if (cb_partition_compute(&p, st, gi) != CB_OK) {
        cb_partition_release(&p);
        return CB_ENOMEM;
    }
    size_t best = 0;
    for (size_t k = 1; k < p.parts; k++)
        if (p.sizes[k] > p.sizes[best] ||
            (p.sizes[k] == p.sizes[best] && tie_key(game, p.ids[k]) < tie_key(game, p.ids[best])))
            best = k;
    *fb = p.ids[best];
    if (left)
        *left = p.sizes[best];
    cb_partition_release(&p);
    return CB_OK;
}

/* ---- the search ---- */

typedef struct search {
    const cb_game *game;
    const cb_table *table;
    uint32_t feedbacks;
    uint64_t *tie; /* tie_key of every feedback */
    double deadline;
    const volatile int *cancel;
    atomic_int stop;
    size_t width; /* guesses tried per node below the root; 0: all */
} search;

/*
 * A memo of the sets already tried with two guesses left (normal mode only: in hard mode the guesses
 * allowed depend on the path). Sets are keyed by two independent 64-bit hashes of their sorted
 * candidates, so a false match needs both to collide at once.
 */
typedef struct memo_entry {
    uint64_t h1, h2;
    uint32_t guess; /* the guess that separates the set, or CB_NONE */
    uint32_t used;
} memo_entry;

typedef struct worker {
    search *S;
    memo_entry *memo;
    size_t memo_cap, memo_used;
    cb_state *st;
    uint32_t *counts, *touched, *keys;
    uint64_t nodes;
    int depth;
    cb_guess_index path[CB_ADVERSARY_MAX_GUESSES];
    size_t left[CB_ADVERSARY_MAX_GUESSES];
} worker;

/* A guess with the size of the part the adversary would keep: the order in which a node tries them. */
typedef struct option {
    cb_guess_index guess;
    uint32_t fb;
    uint32_t left;
} option;

static int cmp_option(const void *a, const void *b)
{
    const option *x = a, *y = b;
    if (x->left != y->left)
        return x->left < y->left ? -1 : 1;
    return x->guess < y->guess ? -1 : x->guess > y->guess;
}

static int worker_init(worker *w, search *S, const cb_state *st)
{
    memset(w, 0, sizeof *w);
    w->S = S;
    size_t n = cb_state_count(st) ? cb_state_count(st) : 1;
    w->counts = calloc(S->feedbacks, sizeof *w->counts);
    w->touched = malloc(n * sizeof *w->touched);
    w->keys = malloc(n * sizeof *w->keys);
    if (!w->counts || !w->touched || !w->keys || cb_state_copy(st, &w->st) != CB_OK)
        return CB_ENOMEM;
    return CB_OK;
}

static void worker_release(worker *w)
{
    free(w->memo);
    cb_state_free(w->st);
    free(w->counts);
    free(w->touched);
    free(w->keys);
}

/* The adversary's answer to g in w's state, through the count array: its feedback and part size. */
static void answer(worker *w, cb_guess_index g, uint32_t *fb, uint32_t *left)
{
    size_t n = cb_state_count(w->st), parts = 0;
    cb_table_fill(w->S->table, g, cb_state_candidates(w->st), n, w->keys);
    for (size_t i = 0; i < n; i++)
        if (w->counts[w->keys[i]]++ == 0)
            w->touched[parts++] = w->keys[i];
    uint32_t best = 0, size = 0;
    for (size_t p = 0; p < parts; p++) {
        uint32_t k = w->touched[p], c = w->counts[k];
        if (c > size || (c == size && w->S->tie[k] < w->S->tie[best])) {
            size = c;
            best = k;
        }
        w->counts[k] = 0;
    }
    *fb = best;
    *left = size;
}

/* 1 when g splits w's candidates into parts of one each (then the adversary is left one word). */
static int separates(worker *w, cb_guess_index g)
{
    size_t n = cb_state_count(w->st), parts = 0;
    int ok = 1;
    cb_table_fill(w->S->table, g, cb_state_candidates(w->st), n, w->keys);
    for (size_t i = 0; i < n && ok; i++) {
        if (w->counts[w->keys[i]]++)
            ok = 0;
        w->touched[parts++] = w->keys[i];
    }
    for (size_t p = 0; p < parts; p++)
        w->counts[w->touched[p]] = 0;
    return ok;
}

static void set_hash(const cb_state *st, uint64_t *h1, uint64_t *h2)
{
    const cb_secret_index *c = cb_state_candidates(st);
    size_t n = cb_state_count(st);
    uint64_t a = 0x9e3779b97f4a7c15u ^ n, b = 0xc2b2ae3d27d4eb4fu + n;
    for (size_t i = 0; i < n; i++) {
        a = (a ^ c[i]) * 0x100000001b3u;
        a ^= a >> 29;
        b = (b + c[i] + 0x632be59bd9b4e019u) * 0xff51afd7ed558ccdu;
        b ^= b >> 31;
    }
    *h1 = a;
    *h2 = b;
}

/* The memo's entry for (h1, h2): the one holding it, or the empty one where it goes; NULL when there is no memo. */
static memo_entry *memo_find(worker *w, uint64_t h1, uint64_t h2)
{
    if (w->memo_used * 10 >= w->memo_cap * 7 && w->memo_cap < CB_ADV_MEMO_MAX) {
        size_t cap = w->memo_cap ? w->memo_cap * 2 : 4096;
        memo_entry *m = calloc(cap, sizeof *m);
        if (m) {
            for (size_t i = 0; i < w->memo_cap; i++)
                if (w->memo[i].used) {
                    size_t j = w->memo[i].h1 & (cap - 1);
                    while (m[j].used)
                        j = (j + 1) & (cap - 1);
                    m[j] = w->memo[i];
                }
            free(w->memo);
            w->memo = m;
            w->memo_cap = cap;
        }
    }
    if (!w->memo || w->memo_used * 10 >= w->memo_cap * 9) /* full: search without it */
        return NULL;
    size_t j = h1 & (w->memo_cap - 1);
    while (w->memo[j].used && (w->memo[j].h1 != h1 || w->memo[j].h2 != h2))
        j = (j + 1) & (w->memo_cap - 1);
    return &w->memo[j];
}

/* With two guesses left: a legal guess that separates w's candidates, or CB_NONE. */
static cb_guess_index separating_guess(worker *w)
{
    uint32_t ng = cb_game_guess_count(w->S->game);
    memo_entry *e = NULL;
    uint64_t h1 = 0, h2 = 0;
    int hard = cb_state_hard(w->st);
    if (!hard) {
        set_hash(w->st, &h1, &h2);
        e = memo_find(w, h1, h2);
        if (e && e->used)
            return e->guess;
    }
    cb_guess_index found = CB_NONE;
    for (cb_guess_index g = 0; g < ng && found == CB_NONE; g++)
        if ((!hard || cb_state_legal(w->st, g, NULL, 0)) && separates(w, g))
            found = g;
    if (e) {
        e->h1 = h1;
        e->h2 = h2;
        e->guess = found;
        e->used = 1;
        w->memo_used++;
    }
    return found;
}

/* The most candidates from which d guesses can still win: feedbacks^(d-1), saturated. */
static uint64_t capacity(const search *S, int d)
{
    uint64_t c = 1;
    for (int i = 1; i < d && c <= UINT32_MAX; i++)
        c *= S->feedbacks;
    return c;
}

/* 1 once the cancel flag or the clock says stop (then for every thread). */
static int out_of_time(search *S)
{
    if (atomic_load(&S->stop))
        return 1;
    if ((S->cancel && *S->cancel) || (S->deadline > 0 && cb_seconds() > S->deadline))
        atomic_store(&S->stop, 1);
    return atomic_load(&S->stop);
}

/* Count a node; every CB_ADV_CHECK_EVERY nodes, look at the clock. */
static int stopped(worker *w)
{
    if (++w->nodes % CB_ADV_CHECK_EVERY == 0)
        return out_of_time(w->S);
    return atomic_load(&w->S->stop);
}

/* Record guess g, answered fb, on the path and in the state. */
static int push(worker *w, cb_guess_index g, uint32_t fb)
{
    int rc = cb_state_apply(w->st, g, fb);
    if (rc == CB_OK) {
        w->path[w->depth] = g;
        w->left[w->depth++] = cb_state_count(w->st);
    }
    return rc;
}

static void pop(worker *w)
{
    cb_state_undo(w->st);
    w->depth--;
}

/* The guesses worth trying with d guesses left, those leaving fewest first; *count of them. */
static int options(worker *w, int d, option **out, size_t *count)
{
    uint32_t ng = cb_game_guess_count(w->S->game);
    size_t n = cb_state_count(w->st);
    uint64_t cap = capacity(w->S, d - 1);
    *count = 0;
    *out = malloc(ng * sizeof **out);
    if (!*out)
        return CB_ENOMEM;
    for (cb_guess_index g = 0; g < ng; g++) {
        if ((g % 64 == 0 || n >= 4096) && out_of_time(w->S)) { /* a large node alone may outlast the limit */
            free(*out);
            *out = NULL;
            return CB_ECANCELED;
        }
        if (!cb_state_legal(w->st, g, NULL, 0))
            continue;
        option o = {g, 0, 0};
        answer(w, g, &o.fb, &o.left);
        if (o.left < n && o.left <= cap)
            (*out)[(*count)++] = o;
    }
    qsort(*out, *count, sizeof **out, cmp_option);
    return CB_OK;
}

/* The last word, which wins. */
static int finish(worker *w)
{
    w->path[w->depth] = cb_game_secret_guess(w->S->game, cb_state_candidates(w->st)[0]);
    w->left[w->depth++] = 0;
    return 1;
}

/* 1 when d guesses win from w's state (the path then holds them), 0 when not, -1 when stopped, < -1 a status. */
static int wins(worker *w, int d)
{
    size_t n = cb_state_count(w->st);
    if (stopped(w))
        return -1;
    if (n == 1)
        return finish(w);
    if (d <= 1 || n > capacity(w->S, d))
        return 0;
    if (d == 2) {
        uint32_t fb, left;
        cb_guess_index g = separating_guess(w);
        if (g == CB_NONE)
            return 0;
        answer(w, g, &fb, &left);
        if (push(w, g, fb) != CB_OK)
            return CB_ENOMEM;
        return finish(w);
    }
    option *opts;
    size_t count;
    int r = options(w, d, &opts, &count);
    if (r != CB_OK)
        return r == CB_ECANCELED ? -1 : r;
    if (w->S->width && count > w->S->width)
        count = w->S->width;
    for (size_t i = 0; i < count && r == 0; i++) {
        if ((r = push(w, opts[i].guess, opts[i].fb)) != CB_OK)
            break;
        r = wins(w, d - 1);
        if (r != 1)
            pop(w);
    }
    free(opts);
    return r;
}

/* The first winning option at the root in d guesses, its options shared out over the threads. */
static int root_wins(search *S, const cb_state *st, int d, int threads, cb_adversary_result *res)
{
    worker root;
    option *opts = NULL;
    size_t count = 0;
    int rc = worker_init(&root, S, st);
    if (rc == CB_OK && d <= 2) {
        rc = wins(&root, d);
        res->nodes += root.nodes;
        if (rc == 1) {
            memcpy(res->sequence, root.path, sizeof root.path);
            memcpy(res->left, root.left, sizeof root.left);
        }
        worker_release(&root);
        return rc;
    }
    if (rc == CB_OK && cb_state_count(st) > capacity(S, d)) { /* too many words for d guesses */
        worker_release(&root);
        return 0;
    }
    if (rc == CB_OK)
        rc = options(&root, d, &opts, &count);
    if (rc == CB_ECANCELED)
        rc = -1;
    res->nodes += root.nodes + count;
    worker_release(&root);
    if (rc != CB_OK) {
        free(opts);
        return rc;
    }
    size_t first = count; /* the lowest winning option so far: the result does not depend on the threads */
    int status = 0;
#pragma omp parallel num_threads(cbb_threads(threads))
    {
        worker w;
        int ok = worker_init(&w, S, st) == CB_OK;
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < count; i++) {
            int skip;
            size_t lowest;
#pragma omp atomic read
            skip = status;
#pragma omp atomic read
            lowest = first;
            if (!ok || skip < 0 || i > lowest)
                continue;
            int r = push(&w, opts[i].guess, opts[i].fb);
            if (r == CB_OK) {
                r = wins(&w, d - 1);
                if (r == 1) {
#pragma omp critical(cb_adversary)
                    if (i < first) {
#pragma omp atomic write
                        first = i;
                        memcpy(res->sequence, w.path, sizeof w.path);
                        memcpy(res->left, w.left, sizeof w.left);
                    }
                }
                while (cb_state_turns(w.st) > cb_state_turns(st))
                    cb_state_undo(w.st);
                w.depth = 0;
            }
            if (r < 0) {
#pragma omp critical(cb_adversary)
                {
                    int cur;
#pragma omp atomic read
                    cur = status;
                    if (cur == 0 || r < -1) {
#pragma omp atomic write
                        status = r;
                    }
                }
            }
        }
        if (!ok) {
#pragma omp critical(cb_adversary)
            {
#pragma omp atomic write
                status = CB_ENOMEM;
            }
        }
#pragma omp atomic
        res->nodes += w.nodes;
        worker_release(&w);
    }
    free(opts);
    if (status < -1)
        return status;
    if (first < count)
        return 1;
    return status;
}

int cb_adversary_solve(const cb_state *st, const cb_adversary_options *opt, cb_adversary_result *res, cb_error *err)
{
    const cb_game *game = cb_state_game(st);
    cb_adversary_options def = {0, 0, 0, NULL, NULL, NULL};
    if (!opt)
        opt = &def;
    memset(res, 0, sizeof *res);
    int max = opt->max_guesses ? opt->max_guesses : ADV_DEFAULT_GUESSES;
    if (cb_game_rule_info(game)->hidden)
        return cb_error_set(err, CB_EINVAL, "Symble is not played against an adversary: its feedback hides a mapping");
    if (cb_game_feedback_count(game) > ADV_MAX_FEEDBACKS)
        return cb_error_set(err, CB_EINVAL, "the adversary's game is searched for words of up to 10 letters");
    if (max < 1 || max > CB_ADVERSARY_MAX_GUESSES)
        return cb_error_set(err, CB_EINVAL, "the most guesses %d is out of range (1 to %d)", max,
                            CB_ADVERSARY_MAX_GUESSES);
    if (opt->time_limit < 0)
        return cb_error_set(err, CB_EINVAL, "the time limit must not be negative");
    if (cb_state_count(st) == 0)
        return cb_error_set(err, CB_EEMPTY, "no candidate is left");
    search S = {game, cb_state_table(st), cb_game_feedback_count(game), NULL, 0, opt->cancel, 0, 0};
    atomic_init(&S.stop, 0);
    double t0 = cb_seconds();
    if (opt->time_limit > 0)
        S.deadline = t0 + opt->time_limit;
    S.tie = malloc(S.feedbacks * sizeof *S.tie);
    if (!S.tie)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    for (uint32_t f = 0; f < S.feedbacks; f++)
        S.tie[f] = tie_key(game, f);
    int rc = 0;
    res->proved_min = 1;
    for (int d = 1; d <= max; d++) {
        S.width = d > 3 ? CB_ADV_QUICK_WIDTH : 0; /* below 4 guesses no node under the root lists guesses */
        rc = root_wins(&S, st, d, opt->threads, res);
        if (rc == 0 && S.width) {
            S.width = 0;
            rc = root_wins(&S, st, d, opt->threads, res);
        }
        if (rc == 1) {
            res->guesses = d;
            res->proved_min = d;
            break;
        }
        if (rc != 0)
            break;
        res->proved_min = d + 1;
        if (opt->progress)
            opt->progress(opt->progress_ctx, d, res->nodes, cb_seconds() - t0);
    }
    free(S.tie);
    res->seconds = cb_seconds() - t0;
    if (rc == -1) {
        res->stopped = 1;
        rc = 0;
    }
    if (rc < 0)
        return cb_error_set(err, rc, "%s", cb_strerror(rc));
    return CB_OK;
}
