/* exact.c: /api/rank/exact and /api/review: the library's exact coach (codebreaker/coach.h), bounded for a server. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "exact.h"
#include "games.h"
#include "history.h"
#include "sessions.h"
#include "strategies.h"

/*
 * One exact search at a time, shared fairly between addresses: a client
 * refused while another address holds the slot becomes the waiter, and
 * while it keeps asking (every WEB_EXACT_RESERVE seconds at least) the
 * slot, once free, is kept for it: the holder's address, however many
 * connections it loops on, cannot take it back first.
 */
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
static int running;                 /* searches under way, under turn */
static char holder[64], waiter[64]; /* the address of the latest search; the address whose turn is next */
static double waiter_seen;          /* when the waiter last asked */

/* 0 when this request may run a search (release with leave()), else -1 with a 503. */
static int enter(web_req *r)
{
    const char *me = r->client ? r->client : "";
    double now = cb_seconds();
    pthread_mutex_lock(&turn);
    int kept = waiter[0] && now - waiter_seen < WEB_EXACT_RESERVE && strcmp(waiter, me) != 0;
    int ok = running < WEB_COACH_RUNNING && !kept, free_slot = running < WEB_COACH_RUNNING;
    if (ok) {
        running++;
        snprintf(holder, sizeof holder, "%s", me);
        if (strcmp(waiter, me) == 0)
            waiter[0] = '\0';
    } else if (strcmp(me, holder) != 0 &&
               (!waiter[0] || strcmp(waiter, me) == 0 || now - waiter_seen >= WEB_EXACT_RESERVE)) {
        snprintf(waiter, sizeof waiter, "%s", me);
        waiter_seen = now;
    }
    pthread_mutex_unlock(&turn);
    if (ok)
        return 0;
    return web_req_fail(r, 503, "%s",
                        free_slot ? "the exact solver is kept for another client's turn: try again in a few seconds"
                                  : "an exact search is running: try again in a few seconds");
}

static void leave(void)
{
    pthread_mutex_lock(&turn);
    running--;
    pthread_mutex_unlock(&turn);
}

/*
 * The coach's options from the request: the library's work budget (the same
 * figures as the program's), the server's time guard, the stop flag. The
 * position carries its hard mode and its limit on guesses: the game's unless
 * max_guesses says otherwise (0: none), set on st here; a history past it,
 * which no position holds, is ranked with none and reviewed with it as
 * past_limit (coach.h).
 */
static int read_options(web_req *r, const web_game *wg, cb_state *st, cb_coach_options *o)
{
    long long maxg;
    cb_coach_options_default(o);
    if (web_req_int(r, "max_guesses", cb_coach_max_guesses(wg->game), 0, CB_TREE_MAX_DEPTH, &maxg) < 0)
        return -1;
    if (cb_state_set_max_guesses(st, (int)maxg) != CB_OK) { /* more turns than the limit */
        cb_state_set_max_guesses(st, 0);
        o->past_limit = (int)maxg;
    }
    o->time_limit = r->api->exact_seconds;
    o->threads = WEB_REQUEST_THREADS;
    o->cancel = &r->api->stop_flag;
    o->weights = wg->freq;
    return 0;
}

/* The exact solver reads the game's table: a game too big for one is a 422. */
static int need_table(web_req *r, const web_game *wg)
{
    if (!cb_table_precomputed(wg->table))
        return web_req_fail(r, 422,
                            "the exact solver needs the game's feedback table in memory: choose a smaller game");
    return 0;
}

/* The request's position: its game and history, in the set-up's hard mode, checked once here. */
static int open_position(web_req *r, web_game **wg, cb_state **st)
{
    cb_hard hard;
    *st = NULL;
    if (web_game_open(r, wg, &hard) < 0 || need_table(r, *wg) < 0)
        return -1;
    if (cb_state_new((*wg)->table, st) != CB_OK)
        return web_req_fail(r, 503, "out of memory");
    cb_state_set_hard(*st, hard);
    return web_history_read(r, "history", *st, web_game_wider(*wg));
}

/* The position to review: the session's (session=ID, as the server holds it), else the request's. */
static int review_position(web_req *r, web_game **wg, cb_state **st)
{
    const char *id;
    *wg = NULL;
    *st = NULL;
    if (!web_req_get(r, "session"))
        return open_position(r, wg, st);
    if (web_req_id(r, "session", &id) < 0 || web_play_position(r->api->sessions, id, r, wg, st) < 0)
        return -1;
    return need_table(r, *wg);
}

int web_coach_rank(web_req *r)
{
    web_game *wg = NULL;
    cb_state *st = NULL;
    cb_coach_options o;
    cb_coach_rank k;
    cb_error err;
    long long limit;
    int rc = -1;
    if (web_req_int(r, "limit", 10, 1, WEB_COACH_LIMIT, &limit) < 0 || open_position(r, &wg, &st) < 0 ||
        read_options(r, wg, st, &o) < 0 || enter(r) < 0)
        goto out;
    o.limit = (int)limit;
    o.past_limit = 0; /* a ranking past the limit: with none */
    int crc = cb_coach_rank_solve(wg->table, st, &o, &k, &err);
    leave();
    if (crc != CB_OK) {
        web_req_fail(r, crc == CB_ENOMEM ? 503 : 422, "%s", err.message);
        goto out;
    }
    cb_coach_rank_json(wg->game, &k, &r->out);
    cb_coach_rank_release(&k);
    rc = 0;
out:
    cb_state_free(st);
    if (wg)
        web_game_release(r->api->games, wg);
    return rc;
}

int web_coach_review(web_req *r)
{
    web_game *wg = NULL;
    cb_state *st = NULL;
    cb_coach_options o;
    cb_coach_review v;
    cb_error err;
    int rc = -1;
    if (review_position(r, &wg, &st) < 0 || read_options(r, wg, st, &o) < 0)
        goto out;
    size_t turns = cb_state_turns(st);
    if (turns == 0 || turns > WEB_COACH_TURNS) {
        web_req_fail(r, 400, "history: a review takes 1 to %d turns", WEB_COACH_TURNS);
        goto out;
    }
    if (enter(r) < 0)
        goto out;
    int crc = cb_coach_review_game(st, &o, &v, &err);
    leave();
    if (crc != CB_OK) {
        web_req_fail(r, crc == CB_ENOMEM ? 503 : 422, "%s", err.message);
        goto out;
    }
    cb_coach_review_json(wg->game, &v, &r->out);
    cb_coach_review_release(&v);
    rc = 0;
out:
    cb_state_free(st);
    if (wg)
        web_game_release(r->api->games, wg);
    return rc;
}
