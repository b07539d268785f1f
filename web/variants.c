/* variants.c: GET /api/multi (Dordle, Quordle, ...) and GET /api/adversary (Absurdle), without sessions. */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "games.h"
#include "history.h"
#include "sessions.h"
#include "variants.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)
#define MULTI_MAX_BOARDS CB_MAX_BOARDS /* as the library's rows may have (WEB_MAX_FILTER bounds the work) */
#define MULTI_HINT_WORK 4e8            /* guesses times candidates a hint may score: about half a second */
#define ADVERSARY_WORDS 20             /* candidates listed */
#define TICKET_LEN 32

/* ---- tickets ---- */

static uint64_t seal_key;
static pthread_once_t seal_once = PTHREAD_ONCE_INIT;

static void seal_init(void)
{
    seal_key = web_random_seed() ^ (web_random_seed() << 11);
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void seal(uint64_t seed, char out[TICKET_LEN + 1])
{
    pthread_once(&seal_once, seal_init);
    uint64_t nonce = web_random_seed();
    snprintf(out, TICKET_LEN + 1, "%016" PRIx64 "%016" PRIx64, nonce, seed ^ mix(seal_key ^ nonce));
}

static int unseal(const char *t, uint64_t *seed)
{
    uint64_t part[2] = {0, 0};
    pthread_once(&seal_once, seal_init);
    if (strlen(t) != TICKET_LEN)
        return -1;
    for (int i = 0; i < TICKET_LEN; i++) {
        char c = t[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (v < 0)
            return -1;
        part[i / 16] = part[i / 16] << 4 | (uint64_t)v;
    }
    *seed = part[1] ^ mix(seal_key ^ part[0]);
    return 0;
}

/* ---- shared ---- */

/*
 * The game of the request, with Wordle or Mastermind rules: a game of one
 * board, or a variant of the registry (its boards or its adversary, in spec)
 * of the kind the route plays (adversary 1: /api/adversary).
 */
static int open_game(web_req *r, web_game **out, web_game_spec *spec, int adversary)
{
    if (web_game_open_variant(r, out, spec) < 0)
        return -1;
    if (spec->adversary != adversary && (spec->adversary || spec->boards > 1))
        return web_req_fail(r, 400, "game: %s is played at %s", spec->setup.game,
                            spec->adversary ? "/api/adversary" : "/api/multi");
    if (cb_game_rule_info((*out)->game)->hidden)
        return web_req_fail(r, 400, "game: several boards and the adversary take Wordle or Mastermind rules");
    return 0;
}

/* The comma-separated words of `guesses`, at most max: *n of them into gi. */
static int read_guesses(web_req *r, const cb_game *g, int max, uint32_t *gi, int *n)
{
    const char *text = web_req_get(r, "guesses");
    *n = 0;
    if (!text || !*text)
        return 0;
    char *list = strdup(text), *save = NULL;
    if (!list)
        return web_req_fail(r, 503, "out of memory");
    int rc = 0;
    for (char *w = strtok_r(list, ", ", &save); w && rc == 0; w = strtok_r(NULL, ", ", &save)) {
        cb_error err;
        if (*n >= max)
            rc = web_req_fail(r, 422, "guesses: more than %d (the game is over by then)", max);
        else if (strlen(w) > 64)
            rc = web_req_fail(r, 400, "guesses: guess %d is too long", *n + 1);
        else if (cb_game_parse_code(g, w, &gi[*n], &err) != CB_OK)
            rc = web_req_fail(r, err.code == CB_ENOTFOUND ? 422 : 400, "guesses: guess %d: %s", *n + 1, err.message);
        else
            (*n)++;
    }
    free(list);
    return rc;
}

static void row_json(const cb_game *g, uint32_t gi, uint32_t fb, cb_json *j)
{
    char w[WORD_MAX], text[64];
    cb_game_format_code(g, gi, w, sizeof w);
    cb_game_format_feedback(g, fb, text, sizeof text);
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, w);
    cb_json_key(j, "feedback");
    cb_json_str(j, text);
    cb_json_key(j, "marks");
    web_marks_json(g, fb, j);
}

static void word_json(const cb_game *g, uint32_t gi, cb_json *j)
{
    char w[WORD_MAX];
    cb_game_format_code(g, gi, w, sizeof w);
    cb_json_str(j, w);
}

/* ---- several boards ---- */

static void multi_boards_json(const cb_multi *m, cb_json *j)
{
    const cb_game *g = cb_table_game(cb_multi_table(m));
    cb_json_raw(j, ",\"board\":[");
    for (int b = 0; b < cb_multi_boards(m); b++) {
        const cb_state *st = cb_multi_board(m, b);
        cb_json_printf(j, "%s{\"solved_on\":%d,\"left\":%zu,\"rows\":[", b ? "," : "", cb_multi_solved_turn(m, b),
                       cb_multi_solved_turn(m, b) ? 0 : cb_state_count(st));
        for (size_t t = 0; t < cb_state_turns(st); t++) {
            uint32_t gi, fb;
            cb_state_turn(st, t, &gi, &fb);
            cb_json_raw(j, t ? "," : "");
            row_json(g, gi, fb, j);
            cb_json_raw(j, "}");
        }
        cb_json_raw(j, "]}");
    }
    cb_json_raw(j, "]");
}

static int multi_hint(web_req *r, const cb_multi *m, cb_json *j)
{
    const cb_table *t = cb_multi_table(m);
    const cb_game *g = cb_table_game(t);
    double cand = 0;
    for (int b = 0; b < cb_multi_boards(m); b++)
        if (!cb_multi_solved_turn(m, b))
            cand += (double)cb_state_count(cb_multi_board(m, b));
    double work = (double)cb_game_guess_count(g) * (cb_multi_turns(m) ? cand : cb_game_secret_count(g));
    if (work > MULTI_HINT_WORK)
        return web_req_fail(r, 422, "hint: scoring %.3g (guess, candidate) pairs is beyond this server's limit of %.3g",
                            work, MULTI_HINT_WORK);
    cb_strategy_config cfg;
    cb_multi_strategy *s;
    cb_error err;
    cb_guess_index gi;
    double score;
    cb_strategy_config_default(&cfg);
    cfg.threads = 1;
    cfg.cancel = &r->api->stop_flag;
    if (cb_multi_strategy_new(t, "sum-entropy", &cfg, &s, &err) != CB_OK)
        return web_req_fail(r, err.code == CB_ECANCELED ? 503 : 422, "hint: %s", err.message);
    int rc = cb_multi_choose(s, m, &gi, &score);
    if (rc == CB_OK) {
        cb_json_raw(j, ",\"hint\":{\"guess\":");
        word_json(g, gi, j);
        cb_json_printf(j, ",\"strategy\":\"sum-entropy\",\"score\":%.6f}", score);
    }
    cb_multi_strategy_free(s);
    return rc == CB_OK ? 0 : web_req_fail(r, rc == CB_ECANCELED ? 503 : 422, "hint: %s", cb_strerror(rc));
}

int web_multi(web_req *r)
{
    web_game *wg = NULL;
    cb_multi *m = NULL;
    cb_error err;
    long long boards;
    int hint, giveup, n, rc = -1;
    uint64_t seed;
    uint32_t guesses[CB_MULTI_MAX_TURNS];
    char ticket[TICKET_LEN + 1];
    const char *given = web_req_get(r, "ticket");
    web_game_spec spec;
    if (web_req_bool(r, "hint", 0, &hint) < 0 || web_req_bool(r, "giveup", 0, &giveup) < 0 ||
        open_game(r, &wg, &spec, 0) < 0 ||
        web_req_int(r, "boards", spec.boards > 1 ? spec.boards : 4, 2, MULTI_MAX_BOARDS, &boards) < 0)
        goto out;
    if (given && unseal(given, &seed) < 0) {
        web_req_fail(r, 400, "ticket: not a ticket of this server (tickets end when the server stops)");
        goto out;
    }
    if (given)
        snprintf(ticket, sizeof ticket, "%s", given);
    else {
        seed = web_random_seed();
        seal(seed, ticket);
    }
    if ((double)boards * cb_game_secret_count(wg->game) >= WEB_MAX_FILTER) {
        web_req_fail(r, 422, "game: %lld boards of %u secrets each are more than this server plays (%u candidates)",
                     boards, cb_game_secret_count(wg->game), WEB_MAX_FILTER);
        goto out;
    }
    if (cb_multi_new(wg->table, (int)boards, 0, &m, &err) != CB_OK) {
        web_req_fail(r, err.code == CB_ENOMEM ? 503 : 422, "%s", err.message);
        goto out;
    }
    const cb_game *g = wg->game;
    cb_secret_index secrets[CB_MAX_BOARDS];
    cb_multi_sample(g, (int)boards, seed, 0, secrets);
    if (read_guesses(r, g, cb_multi_max_guesses(m), guesses, &n) < 0)
        goto out;
    double filtered = 0; /* candidates checked, every board and turn: as a history's (history.h) */
    for (int i = 0; i < n; i++) {
        for (int b = 0; b < boards; b++)
            filtered += cb_multi_solved_turn(m, b) ? 0 : (double)cb_state_count(cb_multi_board(m, b));
        if (filtered > WEB_MAX_FILTER) {
            web_req_fail(r, 422, "guesses: checking them on %lld boards would take more than %u candidates in all",
                         boards, WEB_MAX_FILTER);
            goto out;
        }
        if (cb_multi_apply_secrets(m, guesses[i], secrets) != CB_OK) {
            web_req_fail(r, 422, "guesses: guess %d comes after the game is over", i + 1);
            goto out;
        }
    }
    cb_json *j = &r->out;
    int over = cb_multi_over(m);
    cb_json_printf(j, "{\"ticket\":\"%s\",\"boards\":%lld,\"max_guesses\":%d,\"turns\":%zu,\"won\":%s,\"over\":%s",
                   ticket, boards, cb_multi_max_guesses(m), cb_multi_turns(m), cb_multi_won(m) ? "true" : "false",
                   over ? "true" : "false");
    multi_boards_json(m, j);
    if (over || giveup) {
        cb_json_raw(j, ",\"secrets\":[");
        for (long long b = 0; b < boards; b++) {
            cb_json_raw(j, b ? "," : "");
            word_json(g, cb_game_secret_guess(g, secrets[b]), j);
        }
        cb_json_raw(j, "]");
    }
    if (hint && !over && multi_hint(r, m, j) < 0)
        goto out;
    cb_json_raw(j, "}");
    rc = 0;
out:
    if (rc < 0)
        cb_json_clear(&r->out); /* an error after part of the answer: only the error goes out */
    cb_multi_free(m);
    web_game_release(r->api->games, wg);
    return rc;
}

/* ---- the adversary ---- */

static int adversary_hint(web_req *r, const cb_state *st, cb_json *j)
{
    cb_adversary_options o = {0, 1, WEB_ADVERSARY_HINT_SECONDS, &r->api->stop_flag, NULL, NULL};
    cb_adversary_result res;
    cb_error err;
    if (cb_adversary_solve(st, &o, &res, &err) != CB_OK)
        return web_req_fail(r, err.code == CB_ENOMEM ? 503 : 422, "hint: %s", err.message);
    cb_json_raw(j, ",\"hint\":{\"guess\":");
    if (res.guesses)
        word_json(cb_state_game(st), res.sequence[0], j);
    else
        cb_json_raw(j, "null");
    cb_json_printf(j, ",\"guesses\":%d,\"at_least\":%d,\"stopped\":%s,\"seconds\":%.3f}", res.guesses, res.proved_min,
                   res.stopped ? "true" : "false", res.seconds);
    return 0;
}

int web_adversary(web_req *r)
{
    web_game *wg = NULL;
    cb_state *st = NULL;
    cb_hard hard;
    int hint, n, rc = -1;
    uint32_t guesses[WEB_MAX_TURNS];
    web_game_spec spec;
    if (web_req_bool(r, "hint", 0, &hint) < 0 || open_game(r, &wg, &spec, 1) < 0)
        goto out;
    hard = spec.hard;
    const cb_game *g = wg->game;
    if (cb_state_new(wg->table, &st) != CB_OK) {
        web_req_fail(r, 503, "out of memory");
        goto out;
    }
    cb_state_set_hard(st, hard);
    if (read_guesses(r, g, WEB_MAX_TURNS, guesses, &n) < 0)
        goto out;
    cb_json *j = &r->out;
    size_t filtered = 0;
    cb_json_raw(j, "{\"rows\":[");
    for (int i = 0; i < n; i++) {
        char why[256];
        uint32_t fb;
        filtered += cb_state_count(st);
        if (filtered > WEB_MAX_FILTER) {
            web_req_fail(r, 422, "guesses: checking them would take more than %u candidates in all", WEB_MAX_FILTER);
            goto out;
        }
        if (!cb_state_legal(st, guesses[i], why, sizeof why)) {
            web_req_fail(r, 422, "guesses: guess %d: %s", i + 1, cb_state_won(st) ? "the game is won already" : why);
            goto out;
        }
        if (cb_adversary_answer(st, guesses[i], &fb, NULL) != CB_OK || cb_state_apply(st, guesses[i], fb) != CB_OK) {
            web_req_fail(r, 503, "out of memory");
            goto out;
        }
        cb_json_raw(j, i ? "," : "");
        row_json(g, guesses[i], fb, j);
        cb_json_printf(j, ",\"left\":%zu}", cb_state_won(st) ? (size_t)0 : cb_state_count(st));
    }
    size_t left = cb_state_count(st);
    cb_json_printf(j, "],\"hard\":%s,\"turns\":%d,\"won\":%s,\"left\":%zu,\"words\":[", hard ? "true" : "false", n,
                   cb_state_won(st) ? "true" : "false", left);
    for (size_t i = 0; i < left && i < ADVERSARY_WORDS; i++) {
        cb_json_raw(j, i ? "," : "");
        word_json(g, cb_game_secret_guess(g, cb_state_candidates(st)[i]), j);
    }
    cb_json_raw(j, "]");
    if (hint && !cb_state_won(st) && adversary_hint(r, st, j) < 0)
        goto out;
    cb_json_raw(j, "}");
    rc = 0;
out:
    if (rc < 0)
        cb_json_clear(&r->out);
    cb_state_free(st);
    web_game_release(r->api->games, wg);
    return rc;
}
