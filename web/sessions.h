/*
 * sessions.h: games being played through the dashboard.
 *
 * A session holds a secret drawn from a seed (and, in Symble, the hidden
 * mapping from colours to symbols), the state of the player's knowledge,
 * the turn limit and hard mode. The secret leaves the server only when the
 * game is over. Sessions are found by a random id; what the registry
 * keeps, and for how long, is below (web_session_limits).
 *
 * Every function locks the registry: the work done under it is one
 * filtering step over the candidates, a few milliseconds at most.
 */
#ifndef WEB_SESSIONS_H
#define WEB_SESSIONS_H

#include <stdint.h>

#include "games.h"
#include "codebreaker/json.h"
#include "request.h"

typedef struct web_sessions web_sessions;

/*
 * What the registry keeps. A session's size is estimated when it starts
 * (its state's candidates and, charged to each session, its game's codes).
 * A client (the peer's address) holds at most per_client sessions and
 * client_bytes: beyond either its own least recently used session is
 * forgotten to make room. When all clients together hold `max` sessions or
 * `bytes`, the client holding the most (sessions or bytes) loses its least
 * recently used session while it holds more than the new game's client
 * would; when none does, a new game is refused (503) until some expire. Sessions expire after max_idle seconds unused
 * when at most WEB_SESSION_SMALL bytes; larger ones sooner, in proportion to their size, but never before
 * WEB_SESSION_MIN_IDLE.
 */
#define WEB_SESSION_SMALL (1u << 20)
#define WEB_SESSION_MIN_IDLE 300.0
typedef struct web_session_limits {
    int max, per_client;
    size_t bytes, client_bytes;
    double max_idle;
} web_session_limits;

int web_sessions_new(web_games *games, const web_session_limits *lim, web_sessions **out);
void web_sessions_free(web_sessions *ss);

typedef struct web_play_options {
    cb_hard hard;    /* the set-up's (web_game_spec.hard) */
    int max_guesses; /* 0: the game's default */
    uint64_t seed;
    int daily; /* 1: the daily game of `date` (codebreaker/daily.h), not the seed's draw */
    cb_date date;
} web_play_options;

/*
 * Start a session on game g (the session takes its own reference) and
 * write its opening answer to j. Returns 0, or -1 with r's error set.
 */
int web_play_new(web_sessions *ss, web_game *g, const web_play_options *opt, web_req *r);
/* Play `guess` in session id: 200 with the feedback, or a 4xx (a refused guess costs no turn). */
int web_play_guess(web_sessions *ss, const char *id, const char *guess, web_req *r);
int web_play_giveup(web_sessions *ss, const char *id, web_req *r);
int web_play_state(web_sessions *ss, const char *id, web_req *r);
/*
 * The grid players post of a finished game (codebreaker/share.h, flags
 * CB_SHARE_*), as {guesses, won, text}; a 409 while the game goes on.
 */
int web_play_share(web_sessions *ss, const char *id, unsigned flags, web_req *r);
/* The partition of the candidates before the last guess by that guess. */
int web_play_details(web_sessions *ss, const char *id, web_req *r);
/*
 * The position of session id as played (its turns, its hard mode), over or
 * not: a copy (*st, the caller's, cb_state_free) and its game held (*wg,
 * web_game_release), for the exact coach's review. -1 with r's error set.
 */
int web_play_position(web_sessions *ss, const char *id, web_req *r, web_game **wg, cb_state **st);
/*
 * "Make a guess": the guess strategy `info` would play now in session id,
 * as {guess, strategy, score, candidate, remaining}; worked out on a copy
 * of the session's state, outside the registry's lock, within the bounds
 * of strategies.h (a 422 beyond them); a 409 once the game is over.
 */
/* info NULL: the default strategy of the session's game (cb_rule_describe). */
int web_play_hint(web_sessions *ss, const char *id, const cb_strategy_info *info, web_req *r);

/*
 * The partition of the candidates of st by guess gi as JSON: parts
 * largest first with feedback, marks, size and a sample of secrets; the
 * summary scores. When secret is not CB_NONE, `actual` marks its part,
 * shown with the feedback fb the player saw (in Symble the other parts
 * show the library's key, equal up to a renaming of the symbols).
 */
void web_partition_json(const cb_state *st, uint32_t gi, uint32_t secret, uint32_t fb, cb_json *j);
/* A feedback id as marks people can draw: see the API description. */
void web_marks_json(const cb_game *g, uint32_t fb, cb_json *j);

#endif
