/*
 * simulate.c: a strategy played against many secrets at once.
 *
 * The games walk down one decision tree together: at each state the
 * strategy decides once (cbs_decide) for every game that reached it, each
 * game picks its guess (with its own generator when the decision leaves a
 * choice), and the games split by the guess and the feedback they get. A
 * deterministic strategy thus scores each distinct state exactly once. The
 * first state that splits the games is shared out between the threads,
 * each with its own copy of the state.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/parallel.h"
#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

#define SAFETY_TURNS 1000 /* a game still unsolved after this many guesses is a strategy that loops */

typedef struct sim_game {
    uint32_t secret;
    int mapping;
    cb_rng rng;
    uint64_t key; /* this turn's guess * fb_count + feedback */
    int guesses, won, played;
    uint32_t first; /* the opener */
    uint32_t *path;
    double removed; /* sum of shares removed by turns that did not win */
    int removed_turns;
    double seconds; /* decision time of the states it went through */
} sim_game;

typedef struct sim {
    const cb_game *game;
    const cb_strategy *s;
    const cb_sim_options *opt;
    sim_game *games;
    size_t ngames;
    int limit;       /* guesses allowed */
    int max_guesses; /* from's limit, 0: none (then limit is SAFETY_TURNS) */
    int lost_score;
    int threads;
    int stop, error;
    size_t done, next_report, states;
    char message[CB_ERROR_MAX];
} sim;

typedef struct sorted_id {
    uint64_t key;
    uint32_t id;
} sorted_id;

static int cmp_sorted(const void *a, const void *b)
{
    const sorted_id *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Stop and error are written by any thread: atomic stores, read with atomic loads (stopped, failure). */
static void fail(sim *m, int code, const char *message)
{
#pragma omp critical(cb_sim_fail)
    if (!__atomic_load_n(&m->error, __ATOMIC_RELAXED)) {
        snprintf(m->message, sizeof m->message, "%s", message);
        __atomic_store_n(&m->error, code, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&m->stop, 1, __ATOMIC_RELAXED);
}

static int failure(const sim *m)
{
    return __atomic_load_n(&m->error, __ATOMIC_RELAXED);
}

/* Has a thread failed, or the caller cancelled? */
static int stopped(const sim *m)
{
    return __atomic_load_n(&m->stop, __ATOMIC_RELAXED) || cbb_flag(m->opt->cancel);
}

static void report(sim *m, size_t finished)
{
    size_t done;
#pragma omp atomic capture
    done = m->done += finished;
    if (!m->opt->progress)
        return;
#pragma omp critical(cb_sim_progress)
    if (done >= m->next_report && !stopped(m)) {
        m->next_report = done + (m->ngames + 99) / 100;
        if (m->opt->progress(m->opt->progress_ctx, done, m->ngames))
            fail(m, CB_ECANCELED, "cancelled");
    }
}

static cb_sim_game record(const sim_game *g, const uint32_t *path)
{
    return (cb_sim_game){g->secret,
                         g->mapping,
                         g->guesses,
                         g->won,
                         g->played,
                         path,
                         g->removed_turns ? g->removed / g->removed_turns : 0.0,
                         g->seconds};
}

/* Tell the caller of each ended game, one thread at a time. */
static void tell(sim *m, const uint32_t *ids, size_t count, const uint32_t *stack)
{
#pragma omp critical(cb_sim_game)
    for (size_t i = 0; i < count && !stopped(m); i++) {
        cb_sim_game rec = record(&m->games[ids[i]], stack);
        if (m->opt->on_game(m->opt->on_game_ctx, ids[i], &rec))
            fail(m, CB_ECANCELED, "cancelled");
    }
}

/* Games ids[0..count) end at this turn (depth + 1 guesses played, stack holds them). */
static void finish(sim *m, const uint32_t *ids, size_t count, int depth, const uint32_t *stack, int won)
{
    for (size_t i = 0; i < count; i++) {
        sim_game *g = &m->games[ids[i]];
        g->won = won;
        g->played = depth + 1;
        g->guesses = won ? depth + 1 : m->lost_score;
        g->first = stack[0];
        if (m->opt->keep_games) {
            g->path = malloc((size_t)(depth + 1) * sizeof *g->path);
            if (!g->path) {
                fail(m, CB_ENOMEM, "out of memory");
                return;
            }
            memcpy(g->path, stack, (size_t)(depth + 1) * sizeof *g->path);
        }
    }
    if (m->opt->on_game)
        tell(m, ids, count, stack);
    report(m, count);
}

static int walk(sim *m, cb_state *st, cbs_ws *ws, uint32_t *ids, size_t count, int depth, uint32_t *stack,
                int parallel);

/* One group of games that got the same guess and feedback: record, go down, come back. */
static void group(sim *m, cb_state *st, cbs_ws *ws, uint32_t *ids, size_t count, int depth, uint32_t *stack,
                  int parallel)
{
    const cb_game *game = m->game;
    sim_game *first = &m->games[ids[0]];
    uint32_t g = (uint32_t)(first->key / game->fb_count), fb = (uint32_t)(first->key % game->fb_count);
    double before = (double)cb_state_count(st);
    stack[depth] = g;
    if (fb == game->won) {
        finish(m, ids, count, depth, stack, 1);
        return;
    }
    int rc = cb_state_apply(st, g, fb);
    if (rc != CB_OK) {
        fail(m, rc, rc == CB_EILLEGAL ? "the strategy played an illegal guess" : "cannot apply a feedback");
        return;
    }
    double share = 1.0 - (double)cb_state_count(st) / before;
    for (size_t i = 0; i < count; i++) {
        m->games[ids[i]].removed += share;
        m->games[ids[i]].removed_turns++;
    }
    if (depth + 1 >= m->limit) {
        if (m->max_guesses > 0)
            finish(m, ids, count, depth, stack, 0);
        else
            fail(m, CB_EINVAL, "the strategy did not finish a game within 1000 guesses");
    } else
        walk(m, st, ws, ids, count, depth + 1, stack, parallel);
    cb_state_undo(st);
}

/* Each game's guess and feedback at this state, then the games sorted by them; returns the group starts. */
static size_t split(sim *m, const cb_state *st, const cbs_decision *d, uint32_t *ids, size_t count, size_t *starts)
{
    const cb_game *game = m->game;
    (void)st;
    for (size_t i = 0; i < count; i++) {
        sim_game *sg = &m->games[ids[i]];
        uint32_t g = cbs_pick(d, &sg->rng);
        uint32_t raw = cb_table_get(cb_state_table(st), g, sg->secret);
        uint32_t fb = sg->mapping >= 0 ? cb_game_observe(game, raw, sg->mapping) : raw;
        sg->key = (uint64_t)g * game->fb_count + fb;
    }
    sorted_id *tmp = malloc(count * sizeof *tmp);
    if (!tmp)
        return 0;
    for (size_t i = 0; i < count; i++)
        tmp[i] = (sorted_id){m->games[ids[i]].key, ids[i]};
    qsort(tmp, count, sizeof *tmp, cmp_sorted);
    size_t ngroups = 0;
    for (size_t i = 0; i < count; i++) {
        ids[i] = tmp[i].id;
        if (i == 0 || tmp[i].key != tmp[i - 1].key)
            starts[ngroups++] = i;
    }
    starts[ngroups] = count;
    free(tmp);
    return ngroups;
}

/* Groups shared out between threads, biggest first; each thread plays on its own copy of the state. */
static void parallel_groups(sim *m, const cb_state *st, uint32_t *ids, const size_t *starts, size_t ngroups, int depth,
                            const uint32_t *stack)
{
    sorted_id *order = malloc(ngroups * sizeof *order);
    if (!order) {
        fail(m, CB_ENOMEM, "out of memory");
        return;
    }
    for (size_t k = 0; k < ngroups; k++)
        order[k] = (sorted_id){UINT64_MAX - (starts[k + 1] - starts[k]), (uint32_t)k};
    qsort(order, ngroups, sizeof *order, cmp_sorted);
#pragma omp parallel num_threads(m->threads)
    {
        cb_state *own = NULL;
        cbs_ws ws = {.cancel = m->opt->cancel};
        uint32_t *stk = malloc((size_t)(m->limit + 1) * sizeof *stk);
        if (cb_state_copy(st, &own) != CB_OK || !stk)
            fail(m, CB_ENOMEM, "out of memory");
        else
            memcpy(stk, stack, (size_t)depth * sizeof *stk);
#pragma omp for schedule(dynamic, 1)
        for (size_t k = 0; k < ngroups; k++) {
            size_t lo = starts[order[k].id], hi = starts[order[k].id + 1];
            if (!stopped(m))
                group(m, own, &ws, ids + lo, hi - lo, depth, stk, 0);
        }
        cb_state_free(own);
        cbs_ws_release(&ws);
        free(stk);
    }
    free(order);
}

/* The games ids[0..count) have reached st after depth guesses (in stack): play their next turn. */
static int walk(sim *m, cb_state *st, cbs_ws *ws, uint32_t *ids, size_t count, int depth, uint32_t *stack, int parallel)
{
    if (stopped(m)) {
        fail(m, CB_ECANCELED, "cancelled");
        return CB_ECANCELED;
    }
    double t0 = cb_seconds();
    int rc = cbs_decide(m->s, st, ws, parallel ? m->threads : 1);
    double spent = cb_seconds() - t0;
    for (size_t i = 0; i < count; i++)
        m->games[ids[i]].seconds += spent;
    if (rc != CB_OK) {
        fail(m, rc, rc == CB_EEMPTY ? "no legal guess is left" : rc == CB_ECANCELED ? "cancelled" : "out of memory");
        return rc;
    }
#pragma omp atomic
    m->states++;
    size_t *starts = malloc((count + 1) * sizeof *starts);
    size_t ngroups = starts ? split(m, st, &ws->dec, ids, count, starts) : 0;
    if (!ngroups) {
        free(starts);
        fail(m, CB_ENOMEM, "out of memory");
        return CB_ENOMEM;
    }
    if (parallel && ngroups > 1 && m->threads > 1)
        parallel_groups(m, st, ids, starts, ngroups, depth, stack);
    else
        for (size_t k = 0; k < ngroups && !stopped(m); k++)
            group(m, st, ws, ids + starts[k], starts[k + 1] - starts[k], depth, stack, parallel && ngroups == 1);
    free(starts);
    return failure(m);
}

void cb_sim_options_default(cb_sim_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->mapping = -1;
}

/* Which secrets to play: the given ones, a sample of distinct ones, or all. */
static int choose_secrets(sim *m, const cb_sim_options *opt, cb_error *err)
{
    uint32_t ns = cb_game_secret_count(m->game);
    m->ngames = opt->secrets ? opt->nsecrets : opt->sample ? opt->sample : ns;
    if (opt->secrets && opt->nsecrets == 0)
        return cb_error_set(err, CB_EINVAL, "no secrets to play");
    if (!opt->secrets && opt->sample > ns)
        return cb_error_set(err, CB_EINVAL, "a sample of %zu secrets from %u", opt->sample, ns);
    m->games = calloc(m->ngames, sizeof *m->games);
    uint32_t *all = opt->secrets || !opt->sample ? NULL : malloc(ns * sizeof *all);
    if (!m->games || (!opt->secrets && opt->sample && !all)) {
        free(all);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    if (all) { /* partial Fisher-Yates, then in secret order */
        cb_rng rng;
        cb_rng_seed2(&rng, opt->seed, UINT64_MAX);
        for (uint32_t i = 0; i < ns; i++)
            all[i] = i;
        for (size_t i = 0; i < m->ngames; i++) {
            uint32_t j = (uint32_t)i + cb_rng_below(&rng, ns - (uint32_t)i), t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        qsort(all, m->ngames, sizeof *all, cmp_u32);
    }
    for (size_t i = 0; i < m->ngames; i++) {
        sim_game *g = &m->games[i];
        g->secret = opt->secrets ? opt->secrets[i] : all ? all[i] : (uint32_t)i;
        if (g->secret >= ns) {
            free(all);
            return cb_error_set(err, CB_EINVAL, "secret %u is out of range (%u secrets)", g->secret, ns);
        }
        cb_rng_seed2(&g->rng, opt->seed, i);
        g->mapping = -1;
        if (cb_game_rule_info(m->game)->hidden)
            g->mapping = opt->mapping >= 0 ? opt->mapping : (int)cb_rng_below(&g->rng, CB_MAPPINGS);
    }
    free(all);
    return CB_OK;
}

/* The default G of "wins within G": the board sizes of the games. */
static int default_within(const cb_game *game, int max_guesses)
{
    return max_guesses > 0 ? max_guesses : cb_game_default_max_guesses(game);
}

/* Totals, moments, distribution and records from the finished games. */
static int summarise(sim *m, cb_sim_result *r)
{
    r->games = m->ngames;
    r->min = INT32_MAX;
    r->first_guess = CB_NONE;
    uint64_t sq = 0;
    double removed = 0;
    long turns = 0;
    for (size_t i = 0; i < m->ngames; i++) {
        const sim_game *g = &m->games[i];
        r->total += (uint64_t)g->guesses;
        sq += (uint64_t)g->guesses * (uint64_t)g->guesses;
        r->max = g->guesses > r->max ? g->guesses : r->max;
        r->min = g->guesses < r->min ? g->guesses : r->min;
        r->lost += !g->won;
        r->wins += g->won && g->guesses <= r->wins_within;
        removed += g->removed;
        turns += g->removed_turns;
    }
    r->distribution_len = (size_t)r->max + 1;
    r->distribution = calloc(r->distribution_len, sizeof *r->distribution);
    if (!r->distribution)
        return CB_ENOMEM;
    for (size_t i = 0; i < m->ngames; i++)
        r->distribution[m->games[i].guesses]++;
    double n = (double)m->ngames;
    r->average = (double)r->total / n;
    double var = (double)sq / n - r->average * r->average;
    r->stddev = var > 0 ? sqrt(var) : 0.0;
    size_t lo = (m->ngames - 1) / 2, hi = m->ngames / 2, seen = 0;
    double mlo = 0, mhi = 0;
    for (size_t g = 0; g < r->distribution_len; g++) {
        if (seen <= lo && lo < seen + r->distribution[g])
            mlo = (double)g;
        if (seen <= hi && hi < seen + r->distribution[g])
            mhi = (double)g;
        seen += r->distribution[g];
    }
    r->median = (mlo + mhi) / 2;
    r->removed = turns ? removed / (double)turns : 0.0;
    return CB_OK;
}

/* The games' records, their paths moved into one block. */
static int keep_records(sim *m, cb_sim_result *r)
{
    size_t total = 0;
    for (size_t i = 0; i < m->ngames; i++)
        total += (size_t)m->games[i].played;
    r->game = calloc(m->ngames, sizeof *r->game);
    r->paths_ = malloc((total ? total : 1) * sizeof *r->paths_);
    if (!r->game || !r->paths_)
        return CB_ENOMEM;
    uint32_t *at = r->paths_;
    for (size_t i = 0; i < m->ngames; i++) {
        const sim_game *g = &m->games[i];
        r->game[i] = record(g, at);
        memcpy(at, g->path, (size_t)g->played * sizeof *at);
        at += g->played;
    }
    return CB_OK;
}

static void first_guess(const sim *m, cb_sim_result *r)
{
    for (size_t i = 0; i < m->ngames; i++) {
        const sim_game *g = &m->games[i];
        if (i == 0)
            r->first_guess = g->first;
        else if (g->first != r->first_guess) {
            r->first_guess = CB_NONE;
            return;
        }
    }
}

int cb_simulate(const cb_table *table, const cb_strategy *s, const cb_sim_options *opt, cb_sim_result *result,
                cb_error *err)
{
    cb_sim_options def;
    if (!opt) {
        cb_sim_options_default(&def);
        opt = &def;
    }
    memset(result, 0, sizeof *result);
    if (opt->wins_within < 0 || opt->threads < 0 || opt->mapping >= CB_MAPPINGS)
        return cb_error_set(err, CB_EINVAL, "negative wins within or threads, or a bad mapping");
    if (cb_table_game(table) != s->game)
        return cb_error_set(err, CB_EINVAL, "the strategy was made for another game");
    if (opt->from && (cb_state_table(opt->from) != table || cb_state_turns(opt->from) != 0))
        return cb_error_set(err, CB_EINVAL, "the games start from a position of another table, or with turns");
    double start = cb_seconds();
    sim m = {0};
    m.game = s->game;
    m.s = s;
    m.opt = opt;
    m.max_guesses = opt->from ? cb_state_max_guesses(opt->from) : 0; /* the position's limit, 0: none */
    m.limit = m.max_guesses > 0 ? m.max_guesses : SAFETY_TURNS;
    m.lost_score = m.limit + 1;
    m.threads = cbb_threads(opt->threads);
    int rc = choose_secrets(&m, opt, err);
    uint32_t *ids = rc == CB_OK ? malloc(m.ngames * sizeof *ids) : NULL;
    uint32_t *stack = rc == CB_OK ? malloc((size_t)(m.limit + 1) * sizeof *stack) : NULL;
    cb_state *st = NULL;
    cbs_ws ws = {.cancel = opt->cancel};
    if (rc == CB_OK &&
        (!ids || !stack || (opt->from ? cb_state_copy(opt->from, &st) : cb_state_new(table, &st)) != CB_OK))
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK) {
        for (size_t i = 0; i < m.ngames; i++)
            ids[i] = (uint32_t)i;
        walk(&m, st, &ws, ids, m.ngames, 0, stack, 1);
        if (m.error)
            rc = cb_error_set(err, m.error, "%s: %s", s->name, m.message);
    }
    if (rc == CB_OK && opt->progress && m.done < m.next_report)
        opt->progress(opt->progress_ctx, m.done, m.ngames);
    if (rc == CB_OK) {
        snprintf(result->strategy, sizeof result->strategy, "%s", s->name);
        result->wins_within = opt->wins_within ? opt->wins_within : default_within(s->game, m.max_guesses);
        result->states = m.states;
        rc = summarise(&m, result);
        first_guess(&m, result);
        if (rc == CB_OK && opt->keep_games)
            rc = keep_records(&m, result);
        if (rc != CB_OK)
            cb_error_set(err, rc, "out of memory");
        result->seconds = cb_seconds() - start;
    }
    for (size_t i = 0; m.games && i < m.ngames; i++)
        free(m.games[i].path);
    free(m.games);
    free(ids);
    free(stack);
    cb_state_free(st);
    cbs_ws_release(&ws);
    if (rc != CB_OK)
        cb_sim_result_release(result);
    return rc;
}

void cb_sim_result_release(cb_sim_result *r)
{
    free(r->distribution);
    free(r->game);
    free(r->paths_);
    memset(r, 0, sizeof *r);
}

double cb_sim_result_share_within(const cb_sim_result *r, int g)
{
    uint64_t won = 0;
    if (!r->games)
        return 0.0;
    for (size_t i = 0; i < r->distribution_len && (int)i <= g; i++)
        won += r->distribution[i];
    if (r->lost && g >= r->max) /* lost games sit at the limit + 1 */
        won -= r->lost;
    return (double)won / (double)r->games;
}
