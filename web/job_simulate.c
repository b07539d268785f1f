/* job_simulate.c: the "simulate" job: strategies played over a game's secrets, histograms filled as games end. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "job_simulate.h"
#include "strategies.h"

#define PUBLISH_EVERY 0.1   /* seconds between partial results at least (the event stream sends ten a second at most) */
#define PROGRESS_EVERY 0.05 /* seconds between progress reports */
#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

enum { WAITING, RUNNING, DONE };

/* One strategy's run: the values of its games so far, and its summary once done. */
typedef struct series {
    const cb_strategy_info *info;
    cb_strategy *s;
    double *score, *removed, *ms; /* per ended game; removed only of games with a turn that did not win */
    size_t n, nremoved;
    int state;
    double opener_seconds; /* the opener's decision, timed apart; < 0 when not (a fixed or random opener) */
    cb_sim_result res;
} series;

typedef struct sim_arg {
    web_games *games;
    web_game *wg;
    series ser[WEB_SIM_MAX_STRATEGIES];
    int nser;
    size_t ngames; /* per strategy */
    size_t sample; /* 0: every secret */
    uint64_t seed;
    cb_hard hard; /* the set-up's mode (web_game_spec.hard) */
    int target_turn, max_guesses;
    uint32_t first;
    /* while running */
    web_job *job;
    series *cur;
    uint64_t done;
    double last_publish, last_progress, publish_gap;
    cb_json partial;
} sim_arg;

static void arg_free(void *p)
{
    sim_arg *a = p;
    if (!a)
        return;
    for (int k = 0; k < a->nser; k++) {
        series *s = &a->ser[k];
        cb_strategy_free(s->s);
        free(s->score);
        free(s->removed);
        free(s->ms);
        cb_sim_result_release(&s->res);
    }
    cb_json_release(&a->partial);
    web_game_release(a->games, a->wg);
    free(a);
}

/* games: "all" (or absent), or a sample size. */
static int read_games(web_req *r, const cb_game *g, size_t *sample, size_t *ngames)
{
    const char *v = web_req_get(r, "games");
    uint32_t secrets = cb_game_secret_count(g);
    long long n;
    if (!v || !*v || strcmp(v, "all") == 0) {
        if (secrets > WEB_SIM_MAX_GAMES)
            return web_req_fail(r, 400,
                                "games: all %u secrets of this game are more than the %d games a simulation may play "
                                "per strategy: simulate a sample",
                                secrets, WEB_SIM_MAX_GAMES);
        *sample = 0;
        *ngames = secrets;
        return 0;
    }
    if (strspn(v, "0123456789") != strlen(v) || strlen(v) > 18)
        return web_req_fail(r, 400, "games: '%.40s' is neither 'all' nor a whole number", v);
    if (web_req_int(r, "games", 0, 1, LLONG_MAX, &n) < 0)
        return -1;
    if (n > WEB_SIM_MAX_GAMES)
        return web_req_fail(r, 400, "games: %lld is more than the %d games a simulation may play per strategy", n,
                            WEB_SIM_MAX_GAMES);
    if (n > (long long)secrets)
        return web_req_fail(r, 400, "games: a sample of %lld from %u secrets (at most %u, or all)", n, secrets,
                            secrets);
    *sample = *ngames = (size_t)n;
    return 0;
}

/* first: a fixed opener, or absent. */
static int read_first(web_req *r, const cb_game *g, uint32_t *first)
{
    const char *v = web_req_get(r, "first");
    cb_error err;
    *first = CB_NONE;
    if (!v || !*v)
        return 0;
    if (strlen(v) > 64)
        return web_req_fail(r, 400, "first: far too long");
    if (cb_game_parse_code(g, v, first, &err) != CB_OK)
        return web_req_fail(r, 400, "first: %s", err.message);
    return 0;
}

/* A strategy of the list, made for the game with the request's options. */
static int add_strategy(web_req *r, sim_arg *a, const char *name)
{
    const cb_game *g = a->wg->game;
    const cb_strategy_info *info = web_strategy_find(name);
    cb_error err;
    if (!info) {
        char names[WEB_STRATEGY_NAMES_MAX];
        web_strategy_names(names, sizeof names);
        return web_req_fail(r, 400, "strategies: unknown strategy '%.40s' (use %s)", name, names);
    }
    for (int k = 0; k < a->nser; k++)
        if (a->ser[k].info == info)
            return web_req_fail(r, 400, "strategies: %s is named twice", name);
    if (a->nser == WEB_SIM_MAX_STRATEGIES)
        return web_req_fail(r, 400, "strategies: at most %d at once", WEB_SIM_MAX_STRATEGIES);
    char what[64];
    snprintf(what, sizeof what, "simulate %s", name);
    if (web_strategy_affordable(r, a->wg->table, info, WEB_CHOOSE, cb_game_secret_count(g), cb_game_guess_count(g),
                                what, "choose another strategy or a smaller game") < 0)
        return -1;
    series *s = &a->ser[a->nser];
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = info->name;
    cfg.first_guess = a->first;
    cfg.target_turn = a->target_turn;
    cfg.seed = a->seed;
    int rc = cb_strategy_new(a->wg->table, &cfg, &s->s, &err);
    if (rc != CB_OK)
        return web_req_fail(r, rc == CB_ENOMEM ? 503 : 400, "strategies: %s: %s", name, err.message);
    s->info = info;
    a->nser++;
    s->score = malloc(a->ngames * sizeof *s->score);
    s->removed = malloc(a->ngames * sizeof *s->removed);
    s->ms = malloc(a->ngames * sizeof *s->ms);
    if (!s->score || !s->removed || !s->ms)
        return web_req_fail(r, 503, "out of memory");
    return 0;
}

/* strategies: names separated by commas (spaces allowed around them). */
static int read_strategies(web_req *r, sim_arg *a)
{
    const char *v;
    char buf[512];
    if (web_req_need(r, "strategies", &v) < 0)
        return -1;
    if (strlen(v) >= sizeof buf)
        return web_req_fail(r, 400, "strategies: far too long");
    memcpy(buf, v, strlen(v) + 1);
    for (char *p = buf, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        p += strspn(p, " ");
        size_t len = strlen(p);
        while (len && p[len - 1] == ' ')
            p[--len] = '\0';
        if (!len)
            return web_req_fail(r, 400, "strategies: an empty name in '%.60s'", v);
        if (add_strategy(r, a, p) < 0)
            return -1;
    }
    return 0;
}

int web_simulate_prepare(web_req *r, web_games *games, void **out)
{
    web_game_spec spec;
    cb_error err;
    long long target, max_guesses, seed;
    *out = NULL;
    sim_arg *a = calloc(1, sizeof *a);
    if (!a)
        return web_req_fail(r, 503, "out of memory");
    a->games = games;
    cb_json_init(&a->partial);
    if (web_game_spec_read(r, &spec) < 0 || web_req_int(r, "target_turn", 0, 0, 100, &target) < 0 ||
        web_req_int(r, "max_guesses", 0, 0, 100, &max_guesses) < 0 ||
        web_req_int(r, "seed", -1, 0, (1LL << 53) - 1, &seed) < 0)
        goto fail;
    a->hard = spec.hard;
    a->target_turn = (int)target;
    a->max_guesses = (int)max_guesses;
    a->seed = seed < 0 ? web_random_seed() : (uint64_t)seed;
    if (web_games_get(games, &spec, &a->wg, &err) != CB_OK) {
        web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "%s", err.message);
        goto fail;
    }
    if (read_games(r, a->wg->game, &a->sample, &a->ngames) < 0 || read_first(r, a->wg->game, &a->first) < 0 ||
        read_strategies(r, a) < 0)
        goto fail;
    *out = a;
    return 0;
fail:
    arg_free(a);
    return -1;
}

static void word(const cb_game *g, uint32_t gi, char *buf)
{
    cb_game_format_code(g, gi, buf, WORD_MAX);
}

/* Member `key`: guess gi spelled, or null for CB_NONE. */
static void json_guess(cb_json *j, const char *key, const cb_game *g, uint32_t gi)
{
    char w[WORD_MAX];
    cb_json_key(j, key);
    if (gi == CB_NONE) {
        cb_json_raw(j, "null");
        return;
    }
    word(g, gi, w);
    cb_json_str(j, w);
}

/* A round bin width of at least x: 1, 2 or 5 times a power of ten. */
static double nice_width(double x)
{
    if (!(x > 0))
        return 1e-3;
    double p = pow(10, floor(log10(x)));
    return x <= p ? p : x <= 2 * p ? 2 * p : x <= 5 * p ? 5 * p : 10 * p;
}

/* One chart: a series per strategy over the values chosen by `pick`. */
static void chart(sim_arg *a, cb_json *j, const char *key, const char *title, const char *unit, double lo, double width,
                  size_t bins, double *(*pick)(series *, size_t *))
{
    cb_json_key(j, key);
    web_chart_begin(j, title, unit, lo, width);
    for (int k = 0; k < a->nser; k++) {
        size_t n;
        double *v = pick(&a->ser[k], &n);
        web_chart_series(j, a->ser[k].info->name, v, n, bins, lo, width);
    }
    web_chart_end(j);
}

static double *pick_score(series *s, size_t *n)
{
    *n = s->n;
    return s->score;
}
static double *pick_removed(series *s, size_t *n)
{
    *n = s->nremoved;
    return s->removed;
}
static double *pick_ms(series *s, size_t *n)
{
    *n = s->n;
    return s->ms;
}

static void charts(sim_arg *a, cb_json *j)
{
    double top = 1, tmin = INFINITY, tmax = 0;
    for (int k = 0; k < a->nser; k++)
        for (size_t i = 0; i < a->ser[k].n; i++) {
            top = fmax(top, a->ser[k].score[i]);
            tmin = fmin(tmin, a->ser[k].ms[i]);
            tmax = fmax(tmax, a->ser[k].ms[i]);
        }
    if (tmin > tmax)
        tmin = tmax = 0;
    /* time: about 25 round bins from the fastest game to the slowest */
    double width = nice_width(tmax > tmin ? (tmax - tmin) / 25 : fmax(tmax, 1e-3) / 10);
    double lo = floor(tmin / width) * width;
    size_t tbins = (size_t)floor((tmax - lo) / width) + 1;
    cb_json_key(j, "charts");
    cb_json_raw(j, "{");
    chart(a, j, "score", "Score", "guesses", 0.5, 1, (size_t)top, pick_score);
    chart(a, j, "removed", "Share of candidates removed per turn", "%", 0, 5, 20, pick_removed);
    chart(a, j, "time", "Decision time per game, the opener apart", "ms", lo, width, tbins, pick_ms);
    cb_json_raw(j, "}");
}

static void summary_json(const cb_game *g, const series *s, cb_json *j)
{
    const cb_sim_result *r = &s->res;
    cb_json_printf(j,
                   ",\"average\":%.6f,\"median\":%.1f,\"stddev\":%.6f,\"min\":%d,\"max\":%d,\"wins_within\":%d,"
                   "\"wins\":%zu,\"lost\":%zu,\"removed\":%.6f,\"seconds\":%.6f,\"states\":%zu",
                   r->average, r->median, r->stddev, r->min, r->max, r->wins_within, r->wins, r->lost, 100 * r->removed,
                   r->seconds, r->states);
    cb_json_key(j, "opener_seconds");
    if (s->opener_seconds >= 0)
        cb_json_printf(j, "%.6f", s->opener_seconds);
    else
        cb_json_raw(j, "null");
    json_guess(j, "first_guess", g, r->first_guess);
    cb_json_key(j, "distribution");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->distribution_len; i++)
        cb_json_printf(j, "%s%llu", i ? "," : "", (unsigned long long)r->distribution[i]);
    cb_json_raw(j, "]");
}

/* The simulation so far (or done): its set-up, each strategy's state and summary, the charts. */
static void report(sim_arg *a, cb_json *j)
{
    static const char *const states[] = {"waiting", "running", "done"};
    const cb_game *g = a->wg->game;
    cb_json_raw(j, "{");
    cb_json_key(j, "game");
    cb_json_str(j, a->wg->key);
    cb_json_printf(j,
                   ",\"games\":%zu,\"secrets\":%u,\"sample\":%s,\"seed\":%llu,\"hard\":%s,\"target_turn\":%d,"
                   "\"max_guesses\":%d",
                   a->ngames, cb_game_secret_count(g), a->sample ? "true" : "false", (unsigned long long)a->seed,
                   a->hard ? "true" : "false", a->target_turn, a->max_guesses);
    json_guess(j, "first", g, a->first);
    cb_json_key(j, "strategies");
    cb_json_raw(j, "[");
    for (int k = 0; k < a->nser; k++) {
        const series *s = &a->ser[k];
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_key(j, "name");
        cb_json_str(j, s->info->name);
        cb_json_key(j, "label");
        cb_json_str(j, cb_strategy_name(s->s));
        cb_json_key(j, "state");
        cb_json_str(j, states[s->state]);
        cb_json_printf(j, ",\"done\":%zu,\"deterministic\":%s", s->n,
                       cb_strategy_deterministic(s->s) ? "true" : "false");
        if (s->state == DONE)
            summary_json(g, s, j);
        cb_json_raw(j, "}");
    }
    cb_json_raw(j, "]");
    charts(a, j);
    cb_json_raw(j, "}");
}

/* The partial result; the next no sooner than ten times the time this one took (the games wait meanwhile). */
static void publish(sim_arg *a)
{
    double t0 = cb_seconds();
    cb_json_clear(&a->partial);
    report(a, &a->partial);
    if (!a->partial.failed)
        web_job_publish(a->job, cb_json_text(&a->partial));
    a->last_publish = cb_seconds();
    a->publish_gap = fmax(PUBLISH_EVERY, 10 * (a->last_publish - t0));
}

/* A game ended (the simulator calls one at a time): its values, and now and then the news. */
static int ended(void *ctx, size_t index, const cb_sim_game *g)
{
    sim_arg *a = ctx;
    series *s = a->cur;
    (void)index;
    s->score[s->n] = g->guesses;
    s->ms[s->n] = 1000 * g->seconds;
    s->n++;
    if (!(g->won && g->played == 1)) /* a first guess that wins removes nothing by "not winning" */
        s->removed[s->nremoved++] = 100 * g->removed;
    a->done++;
    double now = cb_seconds();
    if (now - a->last_progress >= PROGRESS_EVERY) {
        web_job_progress(a->job, a->done, (uint64_t)a->ngames * (uint64_t)a->nser);
        a->last_progress = now;
    }
    if (now - a->last_publish >= a->publish_gap)
        publish(a);
    return web_job_canceled(a->job);
}

/*
 * The library makes a secret-major copy of the feedback table the first
 * time it scores guesses; make it now (scoring every guess against one
 * candidate), so that its cost does not fall on the first strategy's games.
 */
static void warm_up(const web_game *wg)
{
    const cb_game *g = wg->game;
    cb_state *st = NULL;
    cb_strategy *s = NULL;
    cb_guess_score best;
    size_t count;
    if (cb_state_new(wg->table, &st) == CB_OK && cb_strategy_new(wg->table, NULL, &s, NULL) == CB_OK &&
        cb_state_apply(st, cb_game_secret_guess(g, 0), cb_game_won(g)) == CB_OK)
        cb_strategy_rank(s, st, 1, &best, &count);
    cb_strategy_free(s);
    cb_state_free(st);
}

/*
 * The strategy that plays the series' games: for a deterministic strategy
 * without a fixed first guess, a copy whose first guess is the strategy's
 * own opener, decided here once and timed apart (every game would count
 * that decision, which dwarfs the rest and varies with the machine's
 * load); the games are the same. Else the strategy itself. *fixed owns
 * the copy.
 */
static const cb_strategy *player(sim_arg *a, series *s, cb_strategy **fixed)
{
    *fixed = NULL;
    s->opener_seconds = -1;
    if (a->first != CB_NONE || !cb_strategy_deterministic(s->s))
        return s->s;
    cb_state *st = NULL;
    cb_strategy *chooser = NULL;
    cb_guess_index opener = CB_NONE;
    cb_strategy_config cfg = *cb_strategy_get_config(s->s);
    cfg.name = s->info->name;                 /* the copy the strategy keeps has none */
    cfg.cancel = web_job_cancel_flag(a->job); /* the decision stops when the job is cancelled */
    int ok = cb_state_new(a->wg->table, &st) == CB_OK && cb_strategy_new(a->wg->table, &cfg, &chooser, NULL) == CB_OK;
    double t0 = cb_seconds();
    if (ok) {
        cb_state_set_hard(st, a->hard);
        ok = cb_strategy_choose(chooser, st, NULL, &opener, NULL) == CB_OK;
    }
    double spent = cb_seconds() - t0;
    cb_strategy_free(chooser);
    cb_state_free(st);
    cfg.first_guess = opener;
    if (!ok || cb_strategy_new(a->wg->table, &cfg, fixed, NULL) != CB_OK)
        return s->s; /* cancelled, or out of memory: the simulation says which */
    s->opener_seconds = spent;
    return *fixed;
}

static int run(web_job *job, void *p, cb_json *result, cb_error *err)
{
    sim_arg *a = p;
    uint64_t total = (uint64_t)a->ngames * (uint64_t)a->nser;
    a->job = job;
    web_job_progress(job, 0, total);
    publish(a);
    warm_up(a->wg);
    for (int k = 0; k < a->nser; k++) {
        series *s = &a->ser[k];
        cb_sim_options opt;
        cb_sim_options_default(&opt);
        opt.sample = a->sample;
        opt.seed = a->seed;
        opt.on_game = ended;
        opt.on_game_ctx = a;
        opt.cancel = web_job_cancel_flag(job);
        a->cur = s;
        s->state = RUNNING;
        publish(a);
        cb_strategy *fixed;
        const cb_strategy *plays = player(a, s, &fixed);
        cb_state *start = NULL; /* the opening in the set-up's hard mode and limit, which every game starts from */
        int rc = cb_state_new(a->wg->table, &start);
        if (rc == CB_OK) {
            cb_state_set_hard(start, a->hard);
            cb_state_set_max_guesses(start, a->max_guesses); /* 0..100, checked when read */
            opt.from = start;
            rc = cb_simulate(a->wg->table, plays, &opt, &s->res, err);
        } else
            cb_error_set(err, rc, "out of memory");
        cb_state_free(start);
        cb_strategy_free(fixed);
        if (rc != CB_OK)
            return web_job_canceled(job) ? CB_ECANCELED : rc;
        s->state = DONE;
        web_job_progress(job, a->done, total);
        if (k + 1 < a->nser)
            publish(a);
    }
    report(a, result);
    return result->failed ? cb_error_set(err, CB_ENOMEM, "out of memory") : CB_OK;
}

const web_job_kind web_job_simulate = {"simulate", run, arg_free, WEB_SIM_RUNNING};
