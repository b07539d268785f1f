/*
 * games.h: the games the dashboard offers, read from request parameters,
 * and a cache of built games with their feedback tables.
 *
 * A request names a game with `game` (a one-board preset of the library's
 * registry) and, for word games, `lists`: a name of cb_word_lists_all (data.h:
 * original, nyt2023, nyt2022sep, nyt2022, nyt2022feb, all, allowed,
 * answers), or a complete dictionary (`colors`, `pegs`, `no_repeat`: every
 * code is a word), or `dictionary=english` with `length` (2-15, default 5),
 * or `upload`: the name of a list POSTed to /api/upload (web_games_upload);
 * for code games `colors`, `pegs` and `no_repeat`. The parameters fill a
 * cb_game_setup, which the library checks (cb_game_setup_config) and names
 * (cb_game_setup_key, the cache's key); the server adds its tighter
 * limits (WEB_MAX_CODES, WEB_MAX_WORD_LENGTH). Only the bundled
 * word lists can be chosen: no request names a file.
 *
 * A web_game is shared: web_games_get() gives a reference, released with
 * web_game_release(); the game and table stay valid while it is held.
 * The cache keeps recently used games up to a memory budget for tables;
 * a game whose table would not fit computes feedback on the fly.
 */
#ifndef WEB_GAMES_H
#define WEB_GAMES_H

#include <stdatomic.h>
#include <stddef.h>

#include "codebreaker/codebreaker.h"
#include "request.h"

#define WEB_GAME_PARAMS "game lists colors pegs no_repeat dictionary length upload"
#define WEB_MAX_CODES (1u << 20) /* the most codes a dashboard game may have */

#define WEB_MAX_WORD_LENGTH 15 /* the longest words of dictionary=english a game may have */

#define WEB_MAX_UPLOADS 16 /* uploaded word lists kept (the least recently used is replaced) */
#define WEB_UPLOAD_ID 17   /* an uploaded list's name: 16 hex digits and a NUL */

/*
 * A game as a request sets it up: the library's cb_game_setup (its names
 * point to static strings of the registry) and, for an uploaded list, its
 * name; the uploaded text joins the set-up when the game is looked up.
 */
typedef struct web_game_spec {
    cb_game_setup setup;        /* hard: the request's hard (1, or -1 for hard=0), else the preset's */
    cb_hard hard;               /* the mode the set-up plays in (cb_game_setup_hard), read once here */
    int boards;                 /* the boards it plays (1: one; cb_game_setup_config) */
    int adversary;              /* 1: against the adversary */
    char upload[WEB_UPLOAD_ID]; /* an uploaded list's name, or "" */
} web_game_spec;

typedef struct web_game {
    char key[160];                /* the set-up's key (cb_game_setup_key), e.g. "wordle/original", "mastermind/6x4" */
    const cb_game_preset *preset; /* the game's row in the library's registry */
    const char *lists;            /* word games from bundled lists: their name (static), else NULL */
    char upload[WEB_UPLOAD_ID];   /* word games from an uploaded list: its name, else "" */
    cb_game *game;
    cb_table *table;
    int max_guesses; /* the default of a played game: the preset's (6 Wordle, 8 Symble, 10 Mastermind ...) */
    double *freq;    /* word games of 5 letters: each secret's frequency in English (bundled; 0: unknown), else NULL */
    /* cache bookkeeping, private: refs_ rises under the cache's lock only, so one that reads 0 there stays 0 */
    atomic_int refs_;
    double used_;
    size_t bytes_;
} web_game;

typedef struct web_games web_games;

/* The names of the games of one board (cb_game_preset_at), NULL-terminated. */
const char *const *web_preset_names(void);
/* The names of every game of the registry, the variants (several boards, the adversary) too, NULL-terminated. */
const char *const *web_game_names(void);
/* The names of the bundled word lists (cb_word_lists_all), NULL-terminated. */
const char *const *web_list_names(void);

/* The word lists to widen wg's answers to (every allowed word an answer), or NULL. */
const char *web_game_wider(const web_game *wg);

/* Read the game parameters of r into spec (checked by the library); -1 with a 400 when one is bad. */
int web_game_spec_read(web_req *r, web_game_spec *spec);

/*
 * Keep text (a word list) as an upload, named in id by a hash of the text;
 * the last WEB_MAX_UPLOADS are kept. CB_ENOMEM when it cannot be copied.
 */
int web_games_upload(web_games *gs, const char *text, char id[WEB_UPLOAD_ID]);

/* A cache keeping at most budget bytes of precomputed tables. */
int web_games_new(size_t budget, web_games **out);
/* Free the cache; every reference must have been released. */
void web_games_free(web_games *gs);

/* Find or build the game of spec; a reference in *out. On failure err says why (CB_EINVAL for absurd specs). */
int web_games_get(web_games *gs, const web_game_spec *spec, web_game **out, cb_error *err);
/* The same without waiting: 1 when it would wait (another thread holds the cache, or the game must be built). */
int web_games_find(web_games *gs, const web_game_spec *spec, web_game **out, cb_error *err);
/* Take one more reference to a game already held. */
void web_game_hold(web_games *gs, web_game *g);
/* Let go of a reference; never waits (while the cache's lock is held elsewhere, this use goes unrecorded). */
void web_game_release(web_games *gs, web_game *g);

/*
 * The game named by r's parameters from the server's cache, held until
 * released, and (hard not NULL) the mode its set-up plays in (the request's
 * hard, read with the set-up, once); -1 with r's error set. On an event thread (r->event_loop),
 * WEB_LATER when that would wait (web_games_find).
 */
int web_game_open(web_req *r, web_game **out, cb_hard *hard);
/*
 * The same for the variants' routes (/api/multi, /api/adversary): game may
 * also name a variant of the registry (dordle ... absurdle), whose boards
 * and adversary are then in *spec with the rest of the set-up.
 */
int web_game_open_variant(web_req *r, web_game **out, web_game_spec *spec);

/* Append the game's facts to j as an object. */
void web_game_json(const web_game *g, cb_json *j);

#endif
