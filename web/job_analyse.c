/* job_analyse.c: the "analyse" job: every guess's partition of the candidates, scored. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "job_analyse.h"
#include "chart.h"
#include "history.h"
#include "strategies.h"

#define TOP 10
#define PUBLISH_EVERY 0.25 /* seconds between partial results */

typedef struct analyse_arg {
    web_games *games;
    web_game *wg;
    cb_state *st;
} analyse_arg;

typedef struct score {
    uint32_t guess, largest, parts;
    double expected, entropy;
    int candidate;
} score;

static void arg_free(void *p)
{
    analyse_arg *a = p;
    if (!a)
        return;
    cb_state_free(a->st);
    web_game_release(a->games, a->wg);
    free(a);
}

int web_analyse_prepare(web_req *r, web_games *games, void **out)
{
    web_game_spec spec;
    cb_error err;
    *out = NULL;
    if (web_game_spec_read(r, &spec) < 0)
        return -1;
    analyse_arg *a = calloc(1, sizeof *a);
    if (!a)
        return web_req_fail(r, 503, "out of memory");
    a->games = games;
    if (web_games_get(games, &spec, &a->wg, &err) != CB_OK) {
        arg_free(a);
        return web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "%s", err.message);
    }
    if (cb_state_new(a->wg->table, &a->st) != CB_OK) {
        arg_free(a);
        return web_req_fail(r, 503, "out of memory");
    }
    cb_state_set_hard(a->st, spec.hard);
    if (web_history_read(r, "history", a->st, web_game_wider(a->wg)) < 0) {
        arg_free(a);
        return -1;
    }
    double pairs = (double)cb_state_count(a->st) * (double)cb_game_guess_count(a->wg->game);
    if (pairs > WEB_MAX_JOB_PAIRS) {
        arg_free(a);
        return web_req_fail(r, 422,
                            "analyse: %.0f guess-candidate pairs are too many for a job (at most %.0f): give a longer "
                            "history, or choose a smaller game",
                            pairs, (double)WEB_MAX_JOB_PAIRS);
    }
    *out = a;
    return 0;
}

/* Better first: higher entropy, then a candidate, then the lower index. */
static int better(const score *x, const score *y)
{
    if (x->entropy != y->entropy)
        return x->entropy > y->entropy;
    if (x->candidate != y->candidate)
        return x->candidate;
    return x->guess < y->guess;
}

static void keep_top(score *top, int *ntop, const score *s)
{
    int i = *ntop < TOP ? (*ntop)++ : TOP;
    if (i == TOP && !better(s, &top[TOP - 1]))
        return;
    if (i == TOP)
        i = TOP - 1;
    while (i > 0 && better(s, &top[i - 1])) {
        top[i] = top[i - 1];
        i--;
    }
    top[i] = *s;
}

static void score_json(const cb_game *g, const score *s, cb_json *j)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_game_format_code(g, s->guess, w, sizeof w);
    cb_json_sep(j);
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, w);
    cb_json_printf(j, ",\"largest\":%u,\"expected\":%.4f,\"parts\":%u,\"entropy\":%.4f,\"candidate\":%s}", s->largest,
                   s->expected, s->parts, s->entropy, s->candidate ? "true" : "false");
}

typedef struct progress {
    const cb_game *game;
    size_t candidates;
    uint64_t scored;
    double *entropies; /* of the guesses scored so far */
    score top[TOP], best_largest, best_expected, best_parts;
    int ntop;
    double width;
    size_t bins;
} progress;

/* The result so far: counts, the best guesses by each score, the entropy histogram. */
static void report(progress *pr, cb_json *j)
{
    cb_json_printf(j, "{\"candidates\":%zu,\"scored\":%llu", pr->candidates, (unsigned long long)pr->scored);
    cb_json_key(j, "top");
    cb_json_raw(j, "[");
    for (int i = 0; i < pr->ntop; i++)
        score_json(pr->game, &pr->top[i], j);
    cb_json_raw(j, "]");
    if (pr->scored) {
        cb_json_key(j, "best");
        cb_json_raw(j, "{");
        cb_json_key(j, "largest");
        score_json(pr->game, &pr->best_largest, j);
        cb_json_key(j, "expected");
        score_json(pr->game, &pr->best_expected, j);
        cb_json_key(j, "parts");
        score_json(pr->game, &pr->best_parts, j);
        cb_json_key(j, "entropy");
        score_json(pr->game, &pr->top[0], j);
        cb_json_raw(j, "}");
    }
    cb_json_key(j, "charts");
    cb_json_raw(j, "{");
    cb_json_key(j, "entropy");
    web_chart_begin(j, "Entropy of every guess", "bits", 0, pr->width);
    double *copy = malloc((pr->scored ? pr->scored : 1) * sizeof *copy);
    if (copy) {
        memcpy(copy, pr->entropies, pr->scored * sizeof *copy);
        web_chart_series(j, "guesses", copy, pr->scored, pr->bins, 0, pr->width);
        free(copy);
    }
    web_chart_end(j);
    cb_json_raw(j, "}}");
}

/* Ties go to a candidate, then to the lower index (guesses come in index order). */
static int beats(double x, double y, int x_candidate, int y_candidate)
{
    return x < y || (x == y && x_candidate && !y_candidate);
}

static void consider(progress *pr, const score *s)
{
    if (pr->scored == 0) {
        pr->best_largest = pr->best_expected = pr->best_parts = *s;
    } else {
        if (beats(s->largest, pr->best_largest.largest, s->candidate, pr->best_largest.candidate))
            pr->best_largest = *s;
        if (beats(s->expected, pr->best_expected.expected, s->candidate, pr->best_expected.candidate))
            pr->best_expected = *s;
        if (beats(-(double)s->parts, -(double)pr->best_parts.parts, s->candidate, pr->best_parts.candidate))
            pr->best_parts = *s;
    }
    keep_top(pr->top, &pr->ntop, s);
    pr->entropies[pr->scored++] = s->entropy;
}

static void measure(const cb_partition *p, const cb_state *st, uint32_t gi, score *s)
{
    double n = p->total;
    s->guess = gi;
    s->parts = (uint32_t)p->parts;
    s->largest = 0;
    s->expected = s->entropy = 0;
    for (size_t k = 0; k < p->parts; k++) {
        double q = p->sizes[k] / n;
        s->expected += p->sizes[k] * q;
        s->entropy -= q * log2(q);
        if (p->sizes[k] > s->largest)
            s->largest = p->sizes[k];
    }
    s->candidate = cb_state_is_candidate(st, gi);
}

static int run(web_job *job, void *p, cb_json *result, cb_error *err)
{
    analyse_arg *a = p;
    const cb_game *g = a->wg->game;
    uint32_t nguess = cb_game_guess_count(g);
    progress pr;
    memset(&pr, 0, sizeof pr);
    pr.game = g;
    pr.candidates = cb_state_count(a->st);
    double maxbits = log2((double)pr.candidates);
    pr.width = maxbits <= 12 ? 0.1 : 0.25;
    pr.bins = (size_t)ceil(maxbits / pr.width + 1e-9) + 1;
    pr.entropies = malloc((size_t)nguess * sizeof *pr.entropies);
    cb_partition part;
    cb_partition_init(&part);
    cb_json partial;
    cb_json_init(&partial);
    int rc = pr.entropies ? CB_OK : CB_ENOMEM;
    double last = cb_seconds();
    web_job_progress(job, 0, nguess);
    for (uint32_t gi = 0; gi < nguess && rc == CB_OK; gi++) {
        if (web_job_canceled(job)) {
            rc = CB_ECANCELED;
            break;
        }
        if (cb_state_hard(a->st) && !cb_state_legal(a->st, gi, NULL, 0))
            continue;
        score s;
        if (cb_partition_compute(&part, a->st, gi) != CB_OK) {
            rc = CB_ENOMEM;
            break;
        }
        measure(&part, a->st, gi, &s);
        consider(&pr, &s);
        if ((gi & 63) == 63) {
            web_job_progress(job, gi + 1, nguess);
            if (cb_seconds() - last >= PUBLISH_EVERY) {
                cb_json_clear(&partial);
                report(&pr, &partial);
                if (!partial.failed)
                    web_job_publish(job, cb_json_text(&partial));
                last = cb_seconds();
            }
        }
    }
    if (rc == CB_OK) {
        web_job_progress(job, nguess, nguess);
        report(&pr, result);
        if (result->failed)
            rc = CB_ENOMEM;
    }
    if (rc == CB_ENOMEM)
        cb_error_set(err, rc, "out of memory analysing %u guesses", nguess);
    cb_json_release(&partial);
    cb_partition_release(&part);
    free(pr.entropies);
    return rc;
}

const web_job_kind web_job_analyse = {"analyse", run, arg_free, 0};
