/* api.c: the endpoints under /api/: game facts, feedback, candidates, partitions, ranks, play, jobs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job_analyse.h"
#include "api.h"
#include "exact.h"
#include "games.h"
#include "history.h"
#include "jobs.h"
#include "sessions.h"
#include "stream.h"
#include "job_simulate.h"
#include "strategies.h"
#include "variants.h"

#define MAX_LIST 10000 /* candidates listed at most */
#define MAX_RANK 100   /* guesses ranked at most */
#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

/*
 * The kinds of job POST /api/jobs/start knows: the name, the parameters it
 * takes besides `kind`, and how a request becomes the job's argument.
 */
static const struct job_entry {
    const char *name;
    const web_job_kind *kind;
    const char *params;
    int (*prepare)(web_req *r, web_games *games, void **arg);
} job_kinds[] = {
    {"analyse", &web_job_analyse, WEB_ANALYSE_PARAMS, web_analyse_prepare},
    {"simulate", &web_job_simulate, WEB_SIMULATE_PARAMS, web_simulate_prepare},
};
#define NJOB_KINDS (sizeof job_kinds / sizeof job_kinds[0])

static web_games *games_of(web_req *r)
{
    return r->api->games;
}

/* The game and a state after the request's history, in the set-up's hard mode. */
static int open_state(web_req *r, web_game **wg, cb_state **st)
{
    cb_hard hard;
    *st = NULL;
    if (web_game_open(r, wg, &hard) < 0)
        return -1;
    if (cb_state_new((*wg)->table, st) != CB_OK)
        return web_req_fail(r, 503, "out of memory");
    cb_state_set_hard(*st, hard);
    return web_history_read(r, "history", *st, web_game_wider(*wg));
}

static int parse_guess(web_req *r, const cb_game *g, const char *name, uint32_t *gi)
{
    const char *text;
    cb_error err;
    if (web_req_need(r, name, &text) < 0)
        return -1;
    if (strlen(text) > 64)
        return web_req_fail(r, 400, "%s: far too long", name);
    if (cb_game_parse_code(g, text, gi, &err) != CB_OK)
        return web_req_fail(r, 400, "%s: %s", name, err.message);
    return 0;
}

/*
 * The variants of the registry (several boards, the adversary): what the page offers in its section for
 * them, with the boards, the adversary, the guess limit, whether hard mode applies and the words.
 */
static void variants_json(cb_json *j)
{
    const cb_game_preset *g;
    cb_json_raw(j, ",\"variants\":[");
    for (size_t i = 0; (g = cb_game_preset_at(i)) != NULL; i++) {
        if (g->boards <= 1 && !g->adversary)
            continue;
        const cb_rule_info *rule = cb_rule_describe(g->rule);
        cb_game_setup s;
        cb_game_setup_default(&s);
        s.game = g->name;
        int boards = g->boards > 1 ? g->boards : 1;
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kstr(j, "name", g->name);
        cb_json_kstr(j, "label", g->label);
        cb_json_kstr(j, "summary", g->summary);
        cb_json_kstr(j, "rule", rule->name);
        cb_json_kstr(j, "strategy", cb_game_setup_strategy(&s));
        cb_json_kstr(j, "lists", g->lists ? g->lists : "original");
        /* several boards are played without hard mode (cb_game_setup_config); the adversary with the rule's */
        cb_json_printf(j, ",\"boards\":%d,\"adversary\":%s,\"hard_mode\":%s,\"max_guesses\":%d}", boards,
                       g->adversary ? "true" : "false", boards == 1 && rule->hard_mode ? "true" : "false",
                       cb_game_setup_max_guesses(&s));
    }
    cb_json_raw(j, "]");
}

/* The games of the library's registry, with every trait the page reads (it names no game). */
static int api_games(web_req *r)
{
    cb_json *j = &r->out;
    cb_json_printf(j, "{\"version\":\"%s\",\"games\":[", CB_VERSION);
    for (int p = 0; web_preset_names()[p]; p++) {
        const cb_game_preset *g = cb_game_preset_find(web_preset_names()[p]);
        const cb_rule_info *rule = cb_rule_describe(g->rule);
        cb_game_setup s;
        cb_game_setup_default(&s);
        s.game = g->name;
        const char *strategy = cb_game_setup_strategy(&s);
        s.hard = 1;
        const char *hard_strategy = cb_game_setup_strategy(&s);
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kstr(j, "name", g->name);
        cb_json_kstr(j, "label", g->label);
        cb_json_kstr(j, "summary", g->summary);
        cb_json_kstr(j, "rule", rule->name);
        cb_json_kstr(j, "rule_label", rule->label);
        cb_json_kstr(j, "feedback", rule->feedback);
        cb_json_kstr(j, "marks", cb_marks_name(rule->marks));
        cb_json_kstr(j, "strategy", strategy);
        cb_json_printf(j, ",\"words\":%s,\"hard_mode\":%s,\"hidden\":%s", rule->words ? "true" : "false",
                       rule->hard_mode ? "true" : "false", rule->hidden ? "true" : "false");
        if (rule->hard_mode) {
            cb_json_kstr(j, "hard_strategy", hard_strategy);
            cb_json_printf(j, ",\"hard_max_guesses\":%d", rule->hard_max_guesses);
        }
        if (!rule->words)
            cb_json_printf(j, ",\"colors\":%d,\"pegs\":%d,\"no_repeat\":%s,\"first_digit\":%d", g->colors, g->length,
                           g->no_repeat ? "true" : "false", g->first_digit);
        else if (g->dictionary)
            cb_json_printf(j, ",\"dictionary\":\"%s\",\"length\":%d", g->dictionary, g->length ? g->length : 5);
        else /* own_lists: the game comes with lists of its own (its preset names them), which picking it takes */
            cb_json_printf(j, ",\"lists\":\"%s\",\"own_lists\":%s,\"length\":%d", g->lists ? g->lists : "original",
                           g->lists ? "true" : "false", g->length ? g->length : 5);
        cb_json_printf(j, ",\"max_guesses\":%d}", cb_game_setup_max_guesses(&s));
    }
    cb_json_raw(j, "]");
    variants_json(j);
    cb_json_raw(j, ",\"lists\":[");
    size_t nlists;
    const cb_word_lists *lists = cb_word_lists_all(&nlists);
    for (size_t l = 0; l < nlists; l++) {
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_key(j, "name");
        cb_json_str(j, lists[l].name);
        cb_json_key(j, "label");
        cb_json_str(j, lists[l].label);
        cb_json_key(j, "summary");
        cb_json_str(j, lists[l].summary);
        cb_json_key(j, "wider");
        if (lists[l].wider)
            cb_json_str(j, lists[l].wider);
        else
            cb_json_raw(j, "null");
        cb_json_raw(j, "}");
    }
    cb_json_printf(j,
                   "],\"limits\":{\"colors\":[2,16],\"pegs\":[1,10],\"max_codes\":%u,\"max_guesses\":[1,100],"
                   "\"turns\":%d,\"jobs\":%d,\"body_bytes\":%d,\"value_bytes\":%d,\"upload_bytes\":%d,"
                   "\"upload_body_bytes\":%d,\"list\":%d,\"rank\":%d,"
                   "\"simulation_games\":%d,"
                   "\"simulation_strategies\":%d,\"simulations\":%d,\"decision_pairs\":%u,"
                   "\"decision_pairs_on_the_fly\":%u,\"montecarlo_candidates\":%d},\"jobs\":[",
                   WEB_MAX_CODES, WEB_MAX_TURNS, r->api->max_jobs, WEB_MAX_BODY, WEB_MAX_VALUE, WEB_MAX_UPLOAD,
                   WEB_MAX_UPLOAD_BODY, MAX_LIST, MAX_RANK, WEB_SIM_MAX_GAMES, WEB_SIM_MAX_STRATEGIES, WEB_SIM_RUNNING,
                   WEB_MAX_PAIRS, WEB_MAX_PAIRS_FLY, WEB_MAX_MONTECARLO);
    for (size_t k = 0; k < NJOB_KINDS; k++) {
        cb_json_sep(j);
        cb_json_str(j, job_kinds[k].name);
    }
    cb_json_raw(j, "],\"strategies\":");
    web_strategies_json(j);
    /* what a daily game is (include/codebreaker/daily.h): the page numbers and bounds its dates from these */
    char today[CB_DAILY_TEXT];
    cb_daily_format(web_today(), today);
    cb_json_printf(j, ",\"daily\":{\"first\":\"%s\",\"lists\":\"%s\",\"today\":\"%s\",\"grace_days\":1}",
                   CB_DAILY_FIRST, CB_DAILY_LISTS, today);
    cb_json_raw(j, ",\"features\":{\"simulate\":true,\"hint\":true,\"rank\":true}}");
    return 0;
}

static int api_info(web_req *r)
{
    web_game *wg;
    int rc = web_game_open(r, &wg, NULL);
    if (rc != 0)
        return rc; /* -1, or WEB_LATER on an event thread */
    web_game_json(wg, &r->out);
    web_game_release(games_of(r), wg);
    return 0;
}

static int api_feedback(web_req *r)
{
    web_game *wg;
    uint32_t gi, si;
    int mapping = -1, rc = -1;
    const char *mtext = web_req_get(r, "mapping");
    if ((rc = web_game_open(r, &wg, NULL)) != 0)
        return rc; /* -1, or WEB_LATER on an event thread */
    rc = -1;
    const cb_game *g = wg->game;
    if (parse_guess(r, g, "guess", &gi) < 0 || parse_guess(r, g, "secret", &si) < 0)
        goto out;
    if (mtext && !cb_game_rule_info(g)->hidden) {
        web_req_fail(r, 400, "mapping applies to Symble only");
        goto out;
    }
    if (mtext && (mapping = cb_game_mapping_parse(mtext)) < 0) {
        web_req_fail(r, 400, "mapping: '%.20s' is not three different symbols among a, b, c (e.g. abc)", mtext);
        goto out;
    }
    uint32_t fb = cb_game_feedback_code(g, gi, si); /* the rule's; Symble's raw colours */
    char gw[WORD_MAX], sw[WORD_MAX], text[64];
    cb_game_format_code(g, gi, gw, sizeof gw);
    cb_game_format_code(g, si, sw, sizeof sw);
    cb_json *j = &r->out;
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, gw);
    cb_json_key(j, "secret");
    cb_json_str(j, sw);
    if (cb_game_rule_info(g)->hidden) {
        cb_game_format_raw(g, fb, text, sizeof text); /* the colours behind the symbols */
        cb_json_key(j, "colours");
        cb_json_str(j, text);
        if (mapping < 0) {
            cb_json_raw(j, "}");
            rc = 0;
            goto out;
        }
        fb = cb_game_observe(g, fb, mapping);
    }
    cb_game_format_feedback(g, fb, text, sizeof text);
    cb_json_key(j, "feedback");
    cb_json_str(j, text);
    cb_json_key(j, "marks");
    web_marks_json(g, fb, j);
    cb_json_raw(j, "}");
    rc = 0;
out:
    web_game_release(games_of(r), wg);
    return rc;
}

static void mappings_json(const cb_state *st, cb_json *j)
{
    unsigned u = cb_state_mappings(st);
    cb_json_key(j, "mappings");
    cb_json_raw(j, "[");
    for (int m = 0; m < CB_MAPPINGS; m++)
        if (u >> m & 1) {
            char name[4];
            cb_game_mapping_name(m, name);
            cb_json_sep(j);
            cb_json_str(j, name);
        }
    cb_json_raw(j, "]");
}

/* A candidate and its weight, ordered by weight (largest first), then by place in the list. */
typedef struct weighted {
    double w;
    uint32_t c;
} weighted;

static int by_weight(const void *a, const void *b)
{
    const weighted *x = a, *y = b;
    if (x->w != y->w)
        return x->w < y->w ? 1 : -1;
    return (x->c > y->c) - (x->c < y->c);
}

/* The candidates of st, most frequent first (ties and unknown words, weight 0, in list order): a new array. */
static uint32_t *by_frequency(const cb_state *st, const double *freq, size_t *unknown)
{
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    weighted *tmp = malloc((n ? n : 1) * sizeof *tmp);
    uint32_t *out = malloc((n ? n : 1) * sizeof *out);
    if (!tmp || !out) {
        free(tmp);
        free(out);
        return NULL;
    }
    *unknown = 0;
    for (size_t i = 0; i < n; i++) {
        tmp[i].w = freq[cands[i]];
        tmp[i].c = cands[i];
        *unknown += tmp[i].w <= 0;
    }
    qsort(tmp, n, sizeof *tmp, by_weight);
    for (size_t i = 0; i < n; i++)
        out[i] = tmp[i].c;
    free(tmp);
    return out;
}

static int api_candidates(web_req *r)
{
    static const char *const orders[] = {"list", "frequency", NULL};
    web_game *wg = NULL;
    cb_state *st = NULL;
    uint32_t *sorted = NULL;
    long long limit;
    int order = 0, rc = -1;
    if (web_req_int(r, "limit", 100, 0, MAX_LIST, &limit) < 0 || web_req_choice(r, "order", orders, 0, &order) < 0 ||
        open_state(r, &wg, &st) < 0)
        goto out;
    const cb_game *g = wg->game;
    size_t n = cb_state_count(st), unknown = 0;
    const uint32_t *cands = cb_state_candidates(st);
    if (order == 1 && wg->freq && !cb_game_rule_info(g)->hidden) {
        if (!(sorted = by_frequency(st, wg->freq, &unknown))) {
            web_req_fail(r, 503, "out of memory");
            goto out;
        }
        cands = sorted;
    }
    cb_json *j = &r->out;
    cb_json_printf(j, "{\"count\":%zu,\"turns\":%zu,\"order\":\"%s\"", n, cb_state_turns(st),
                   sorted ? "frequency" : "list");
    if (sorted)
        cb_json_printf(j, ",\"unknown_frequency\":%zu", unknown);
    cb_json_raw(j, ",\"candidates\":[");
    for (size_t i = 0; i < n && i < (size_t)limit; i++) {
        char w[WORD_MAX];
        cb_game_format_code(g, cb_game_secret_guess(g, cands[i]), w, sizeof w);
        cb_json_sep(j);
        cb_json_str(j, w);
    }
    cb_json_raw(j, "]");
    if (cb_game_rule_info(g)->hidden)
        mappings_json(st, j);
    cb_json_raw(j, "}");
    rc = 0;
out:
    free(sorted);
    cb_state_free(st);
    web_game_release(games_of(r), wg);
    return rc;
}

static int api_partition(web_req *r)
{
    web_game *wg = NULL;
    cb_state *st = NULL;
    uint32_t gi;
    int rc = -1;
    if (open_state(r, &wg, &st) < 0 || parse_guess(r, wg->game, "guess", &gi) < 0)
        goto out;
    cb_json_printf(&r->out, "{\"legal\":%s,\"partition\":", cb_state_legal(st, gi, NULL, 0) ? "true" : "false");
    web_partition_json(st, gi, CB_NONE, CB_NONE, &r->out);
    cb_json_raw(&r->out, "}");
    rc = 0;
out:
    cb_state_free(st);
    web_game_release(games_of(r), wg);
    return rc;
}

static void ranked_json(const cb_game *g, const cb_guess_score *gs, cb_json *j)
{
    char w[WORD_MAX];
    cb_game_format_code(g, gs->guess, w, sizeof w);
    cb_json_sep(j);
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, w);
    cb_json_printf(j, ",\"largest\":%u,\"expected\":%.4f,\"parts\":%u,\"entropy\":%.4f,\"frequency\":%.6g", gs->largest,
                   gs->expected, gs->parts, gs->entropy, gs->frequency);
    cb_json_printf(j, ",\"candidate\":%s,\"legal\":%s", gs->candidate ? "true" : "false", gs->legal ? "true" : "false");
    cb_json_key(j, "score");
    cb_json_num(j, gs->score);
    cb_json_raw(j, "}");
}

/* The best guesses of a state in a strategy's order, each with every score. */
static int api_rank(web_req *r)
{
    web_game *wg = NULL;
    cb_state *st = NULL;
    cb_strategy *s = NULL;
    cb_guess_score *out = NULL;
    const cb_strategy_info *info;
    cb_error err;
    long long limit, candidates;
    size_t count;
    int rc = -1;
    if (web_req_int(r, "limit", 10, 1, MAX_RANK, &limit) < 0 ||
        web_req_int(r, "candidates", 0, 0, 1, &candidates) < 0 || open_state(r, &wg, &st) < 0 ||
        web_strategy_read(r, "strategy", cb_rule_describe(cb_game_rule(wg->game))->strategy, &info) < 0)
        goto out;
    if (!(info->traits & CB_TRAIT_RANKS)) {
        web_req_fail(r, 400, "strategy: %s chooses at random and ranks nothing (rank the others)", info->name);
        goto out;
    }
    const cb_game *g = wg->game;
    if (web_strategy_affordable(r, wg->table, info, WEB_RANK, cb_state_count(st), cb_game_guess_count(g), "rank",
                                "give a longer history, or choose a smaller game") < 0)
        goto out;
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = info->name;
    cfg.cancel = &r->api->stop_flag;
    cfg.threads = WEB_REQUEST_THREADS;
    cfg.candidates_only = (int)candidates; /* the page's "best that may be the answer" */
    if (cb_strategy_new(wg->table, &cfg, &s, &err) != CB_OK) {
        web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "strategy: %s", err.message);
        goto out;
    }
    out = malloc((size_t)limit * sizeof *out);
    int crc = out ? cb_strategy_rank(s, st, (size_t)limit, out, &count) : CB_ENOMEM;
    if (crc != CB_OK) {
        web_req_fail(r, crc == CB_EEMPTY ? 422 : 503, "%s",
                     crc == CB_EEMPTY      ? "no legal guess is left"
                     : crc == CB_ECANCELED ? "the server is stopping"
                                           : cb_strerror(crc));
        goto out;
    }
    cb_json *j = &r->out;
    cb_json_raw(j, "{");
    cb_json_key(j, "strategy");
    cb_json_str(j, cb_strategy_name(s));
    cb_json_printf(j, ",\"candidates\":%zu,\"turns\":%zu,\"ranked\":[", cb_state_count(st), cb_state_turns(st));
    for (size_t i = 0; i < count; i++)
        ranked_json(g, &out[i], j);
    cb_json_raw(j, "]}");
    rc = 0;
out:
    free(out);
    cb_strategy_free(s);
    cb_state_free(st);
    web_game_release(games_of(r), wg);
    return rc;
}

/*
 * POST /api/upload: a word list (`words`: one word a line, at most
 * WEB_MAX_UPLOAD bytes) kept for the games that name it with `upload`; the
 * answer is the game's facts, `upload` its name and `skipped` the words of
 * another length or alphabet.
 */
static int api_upload(web_req *r)
{
    const char *words;
    web_game_spec spec;
    web_game *wg;
    cb_error err;
    int preset;
    memset(&spec, 0, sizeof spec);
    cb_game_setup_default(&spec.setup);
    if (web_req_choice(r, "game", web_preset_names(), 0, &preset) < 0 || web_req_need(r, "words", &words) < 0)
        return -1;
    spec.setup.game = web_preset_names()[preset];
    spec.setup.lenient = 1; /* words of another length or alphabet are skipped and counted */
    spec.setup.words = "";
    if (!cb_rule_describe(cb_game_setup_preset(&spec.setup)->rule)->words)
        return web_req_fail(r, 400, "word lists are for word games, not %s", spec.setup.game);
    if (web_games_upload(games_of(r), words, spec.upload) != CB_OK)
        return web_req_fail(r, 503, "out of memory");
    if (web_games_get(games_of(r), &spec, &wg, &err) != CB_OK)
        return web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "words: %s", err.message);
    /* a file that is mostly not words of one length (a picture, a page, a list of mixed lengths) is refused */
    uint32_t kept = cb_game_secret_count(wg->game);
    size_t skipped = cb_game_skipped(wg->game);
    int length = cb_game_length(wg->game);
    if (kept < 2 || skipped > kept) {
        web_game_release(games_of(r), wg);
        return web_req_fail(
            r, 422,
            "words: this is not a word list: %u word%s of %d characters (the first usable line's length) "
            "and %zu line%s of another length or with other characters; give one word a line, all "
            "of one length",
            kept, kept == 1 ? "" : "s", length, skipped, skipped == 1 ? "" : "s");
    }
    web_game_json(wg, &r->out);
    web_game_release(games_of(r), wg);
    return 0;
}

static int api_play_new(web_req *r)
{
    web_play_options opt;
    long long max_guesses, seed;
    web_game *wg;
    if (web_req_int(r, "max_guesses", 0, 1, 100, &max_guesses) < 0 ||
        web_req_int(r, "seed", -1, 0, (1LL << 53) - 1, &seed) < 0 || web_game_open(r, &wg, &opt.hard) < 0)
        return -1;
    opt.max_guesses = (int)max_guesses;
    opt.seed = seed < 0 ? web_random_seed() : (uint64_t)seed;
    const char *daily = web_req_get(r, "daily");
    opt.daily = daily != NULL;
    cb_error err;
    if (daily && seed >= 0) {
        web_game_release(games_of(r), wg);
        return web_req_fail(r, 400, "daily chooses the secret: give it without seed");
    }
    if (daily && (cb_daily_parse(daily, &opt.date, &err) != CB_OK ||
                  cb_daily_check_today(opt.date, web_today(), &err) != CB_OK ||
                  cb_daily_secret(wg->game, opt.date, &(uint32_t){0}, NULL, &err) != CB_OK)) {
        web_game_release(games_of(r), wg);
        return web_req_fail(r, 400, "daily: %s", err.message);
    }
    int rc = web_play_new(r->api->sessions, wg, &opt, r);
    web_game_release(games_of(r), wg);
    return rc;
}

static int api_play_guess(web_req *r)
{
    const char *id, *guess;
    if (web_req_id(r, "id", &id) < 0 || web_req_need(r, "guess", &guess) < 0)
        return -1;
    return web_play_guess(r->api->sessions, id, guess, r);
}

static int api_play_giveup(web_req *r)
{
    const char *id;
    return web_req_id(r, "id", &id) < 0 ? -1 : web_play_giveup(r->api->sessions, id, r);
}

static int api_play_state(web_req *r)
{
    const char *id;
    return web_req_id(r, "id", &id) < 0 ? -1 : web_play_state(r->api->sessions, id, r);
}

static int api_play_details(web_req *r)
{
    const char *id;
    return web_req_id(r, "id", &id) < 0 ? -1 : web_play_details(r->api->sessions, id, r);
}

static int api_play_share(web_req *r)
{
    const char *id;
    int dark, contrast;
    if (web_req_id(r, "id", &id) < 0 || web_req_bool(r, "dark", 0, &dark) < 0 ||
        web_req_bool(r, "contrast", 0, &contrast) < 0)
        return -1;
    unsigned flags = (dark ? CB_SHARE_DARK : 0u) | (contrast ? CB_SHARE_CONTRAST : 0u);
    return web_play_share(r->api->sessions, id, flags, r);
}

static int api_play_hint(web_req *r)
{
    const char *id;
    const cb_strategy_info *info;
    info = NULL; /* none named: the session's game's default, which web_play_hint reads */
    if (web_req_id(r, "id", &id) < 0 ||
        (web_req_get(r, "strategy") && web_strategy_read(r, "strategy", NULL, &info) < 0))
        return -1;
    return web_play_hint(r->api->sessions, id, info, r);
}

static int api_jobs_start(web_req *r)
{
    const char *name;
    void *arg;
    char id[WEB_ID_LEN + 1];
    if (web_req_need(r, "kind", &name) < 0)
        return -1;
    const struct job_entry *e = NULL;
    for (size_t k = 0; k < NJOB_KINDS; k++)
        if (strcmp(job_kinds[k].name, name) == 0)
            e = &job_kinds[k];
    if (!e)
        return web_req_fail(r, 400, "kind: unknown job '%.40s' (use analyse or simulate)", name);
    char allowed[512];
    snprintf(allowed, sizeof allowed, "kind %s", e->params);
    if (web_req_allow(r, allowed) < 0 || e->prepare(r, games_of(r), &arg) < 0)
        return -1;
    web_jobs *jobs = r->api->jobs;
    int rc = web_jobs_start(jobs, e->kind, arg, r->client, id);
    if (rc == CB_ETOOBIG && e->kind->max_running && web_jobs_running_kind(jobs, e->kind) >= e->kind->max_running)
        return web_req_fail(r, 429, "%d %s job%s already running (the limit): wait for it, or cancel it",
                            e->kind->max_running, e->name, e->kind->max_running == 1 ? " is" : "s are");
    int mine = web_jobs_client_limit(jobs);
    if (rc == CB_ETOOBIG && web_jobs_running_client(jobs, r->client) >= mine)
        return web_req_fail(r, 429,
                            "%d of your jobs are already running (one client may run %d of the %d at once): wait for "
                            "one, or cancel one",
                            mine, mine, r->api->max_jobs);
    if (rc == CB_ETOOBIG)
        return web_req_fail(r, 429, "%d jobs are already running (the limit): wait for one, or cancel one",
                            r->api->max_jobs);
    if (rc == CB_ECANCELED)
        return web_req_fail(r, 503, "the server is stopping");
    if (rc != CB_OK)
        return web_req_fail(r, 503, "cannot start a job: %s", cb_strerror(rc));
    cb_json_printf(&r->out,
                   "{\"id\":\"%s\",\"kind\":\"%s\",\"state\":\"running\",\"events\":\"/api/jobs/events?id=%s\"}", id,
                   e->name, id);
    r->status = 202;
    return 0;
}

static web_job *find_job(web_req *r)
{
    const char *id;
    if (web_req_id(r, "id", &id) < 0)
        return NULL;
    web_job *job = web_jobs_find(r->api->jobs, id);
    if (!job)
        web_req_fail(r, 404, "no job %s here (finished jobs are kept for a while only)", id);
    return job;
}

static int api_jobs_list(web_req *r)
{
    cb_json_raw(&r->out, "{\"jobs\":");
    web_jobs_list_json(r->api->jobs, &r->out);
    cb_json_printf(&r->out, ",\"running\":%d,\"limit\":%d}", web_jobs_running(r->api->jobs), r->api->max_jobs);
    return 0;
}

static int api_jobs_status(web_req *r)
{
    web_job *job = find_job(r);
    web_job_view v;
    if (!job)
        return -1;
    web_job_wait(r->api->jobs, job, ~0u, 0, &v);
    web_job_view_json(job, &v, 1, &r->out);
    web_job_view_release(&v);
    web_job_release(r->api->jobs, job);
    return 0;
}

static int api_jobs_cancel(web_req *r)
{
    web_jobs *jobs = r->api->jobs;
    web_job *job = find_job(r);
    web_job_view v;
    if (!job)
        return -1;
    web_job_cancel(jobs, job);
    double until = cb_seconds() + 2; /* the job notices within milliseconds; wait up to 2 s for it to end */
    web_job_wait(jobs, job, ~0u, 0, &v);
    while (v.state == WEB_JOB_RUNNING && cb_seconds() < until) {
        unsigned seen = v.version;
        web_job_view_release(&v);
        web_job_wait(jobs, job, seen, 100, &v);
    }
    web_job_view_json(job, &v, 0, &r->out);
    web_job_view_release(&v);
    web_job_release(jobs, job);
    return 0;
}

static void pause_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Progress, partial results and the end of a job as server-sent events. */
static int api_jobs_events(web_req *r)
{
    web_jobs *jobs = r->api->jobs;
    if (strcmp(r->method, "GET") != 0) {
        r->allow = "GET";
        return web_req_fail(r, 405, "event streams answer GET only");
    }
    web_job *job = find_job(r);
    if (!job)
        return -1;
    if (web_stream_open(r) < 0) {
        web_job_release(jobs, job);
        return r->streams ? WEB_ANSWERED : -1;
    }
    unsigned seen = 0, seen_partial = 0;
    cb_json j;
    cb_json_init(&j);
    for (int first = 1;; first = 0) {
        web_job_view v;
        int rc = web_job_wait(jobs, job, first ? ~0u : seen, 15000, &v);
        int ok = 0;
        if (rc < 0) { /* the server is stopping: the job is being cancelled; say so, and end */
            if (v.state == WEB_JOB_RUNNING) {
                v.state = WEB_JOB_CANCELED;
                snprintf(v.error, sizeof v.error, "the server is stopping");
            }
            cb_json_clear(&j);
            web_job_view_json(job, &v, 0, &j);
            web_stream_send(r, "end", cb_json_text(&j));
            ok = -1;
        } else if (rc == 0 && !first)
            ok = web_stream_comment(r, "waiting");
        else {
            cb_json_clear(&j);
            web_job_view_json(job, &v, 0, &j);
            ok = web_stream_send(r, "progress", cb_json_text(&j));
            if (ok == 0 && v.partial && v.partial_version != seen_partial && v.state == WEB_JOB_RUNNING)
                ok = web_stream_send(r, "partial", v.partial);
            seen_partial = v.partial_version;
            if (ok == 0 && v.state != WEB_JOB_RUNNING) {
                cb_json_clear(&j);
                web_job_view_json(job, &v, 1, &j);
                web_stream_send(r, "end", cb_json_text(&j));
                ok = -1;
            }
        }
        seen = v.version;
        web_job_view_release(&v);
        if (ok < 0)
            break;
        if (!atomic_load(&r->api->stopping)) /* when stopping, the next wait returns at once, and the end is sent */
            pause_ms(100);                   /* at most ten updates a second */
    }
    cb_json_release(&j);
    web_job_release(jobs, job);
    return WEB_ANSWERED;
}

static const struct route {
    const char *path, *method, *params;
    int (*fn)(web_req *r);
} routes[] = {
    {"/api/games", "GET", "", api_games},
    {"/api/info", "GET", WEB_GAME_PARAMS, api_info},
    {"/api/feedback", "GET", WEB_GAME_PARAMS " guess secret mapping", api_feedback},
    {"/api/candidates", "GET", WEB_GAME_PARAMS " history hard limit order", api_candidates},
    {"/api/partition", "GET", WEB_GAME_PARAMS " history hard guess", api_partition},
    {"/api/rank", "GET", WEB_GAME_PARAMS " history hard strategy limit candidates", api_rank},
    {"/api/rank/exact", "GET", WEB_GAME_PARAMS " " WEB_COACH_PARAMS_RANK, web_coach_rank},
    {"/api/review", "GET", WEB_GAME_PARAMS " " WEB_COACH_PARAMS_REVIEW, web_coach_review},
    {"/api/upload", "POST", "game words", api_upload},
    {"/api/play/new", "POST", WEB_GAME_PARAMS " hard max_guesses seed daily", api_play_new},
    {"/api/play/guess", "POST", "id guess", api_play_guess},
    {"/api/play/giveup", "POST", "id", api_play_giveup},
    {"/api/play/hint", "POST", "id strategy", api_play_hint},
    {"/api/play/state", "GET", "id", api_play_state},
    {"/api/play/details", "GET", "id", api_play_details},
    {"/api/play/share", "GET", "id dark contrast", api_play_share},
    {"/api/multi", "GET", WEB_GAME_PARAMS " " WEB_MULTI_PARAMS, web_multi},
    {"/api/adversary", "GET", WEB_GAME_PARAMS " " WEB_ADVERSARY_PARAMS, web_adversary},
    {"/api/jobs", "GET", "", api_jobs_list},
    {"/api/jobs/start", "POST", NULL, api_jobs_start}, /* parameters depend on the kind */
    {"/api/jobs/status", "GET", "id", api_jobs_status},
    {"/api/jobs/events", "GET", "id", api_jobs_events},
    {"/api/jobs/cancel", "POST", "id", api_jobs_cancel},
};

size_t web_api_max_body(const char *path)
{
    return strcmp(path, "/api/upload") == 0 ? WEB_MAX_UPLOAD_BODY : WEB_MAX_BODY;
}

int web_api_costly(const char *path)
{
    static const char *const costly[] = {"/api/rank",  "/api/rank/exact", "/api/review",   "/api/partition",
                                         "/api/multi", "/api/adversary",  "/api/play/hint"};
    for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++)
        if (strcmp(path, costly[i]) == 0)
            return 1;
    return 0;
}

size_t web_api_max_value(const char *path)
{
    return strcmp(path, "/api/upload") == 0 ? WEB_MAX_UPLOAD : WEB_MAX_VALUE;
}

int web_api_handle(web_req *r)
{
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const struct route *rt = &routes[i];
        if (strcmp(r->path, rt->path) != 0)
            continue;
        int get = strcmp(rt->method, "GET") == 0;
        if (strcmp(r->method, rt->method) != 0 && !(get && strcmp(r->method, "HEAD") == 0)) {
            r->allow = get ? "GET, HEAD" : "POST";
            return web_req_fail(r, 405, "%s needs %s, not %.20s", rt->path, rt->method, r->method);
        }
        if (rt->params && web_req_allow(r, rt->params) < 0)
            return -1;
        return rt->fn(r);
    }
    return web_req_fail(r, 404, "no endpoint %.80s (GET /api/games describes the API)", r->path);
}
