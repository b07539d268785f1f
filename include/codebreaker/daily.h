/*
 * daily.h: the daily game, the same secret for everyone on a given date.
 *
 * The secret of a date is derived from the date and the game alone (no
 * network, no state): a fixed hash (64-bit FNV-1a, then the splitmix64
 * finaliser) of the game's name, its code length, its count of secrets and
 * the date written YYYY-MM-DD picks the secret among the game's secrets (and
 * Symble's hidden mapping). Another list set gives another word, since its
 * secrets differ: a daily game is its date, its game, its lists and its
 * mode, and a word game whose set-up names no lists plays CB_DAILY_LISTS
 * (today's New York Times lists) on every front end. The program's `play
 * --daily`, the server's /api/play/new?daily= and so the page all call these
 * functions, so they agree. Dates are of the proleptic Gregorian calendar
 * from CB_DAILY_FIRST (this project's daily game number 1: the numbers are
 * our own, not the New York Times') to 9999-12-31; a date after today (the
 * caller's date, with a day of grace for time zones) is not out yet
 * (cb_daily_check_today).
 */
#ifndef CODEBREAKER_DAILY_H
#define CODEBREAKER_DAILY_H

#include <stdint.h>

#include "game.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CB_DAILY_FIRST "2026-01-01" /* the daily game number 1 */
#define CB_DAILY_TEXT 11            /* bytes of "YYYY-MM-DD" and its NUL */
#define CB_DAILY_LISTS "nyt2023"    /* the lists of a daily word game whose set-up names none */
#define CB_DAILY_TITLE 128          /* bytes enough for cb_daily_title's text */

/* A calendar date. */
typedef struct cb_date {
    int year, month, day; /* month 1-12, day 1-31 */
} cb_date;

/*
 * Read a date written YYYY-MM-DD (exactly: four digits, two, two) into
 * *out. CB_EINVAL with a sentence in err for anything else, a day that
 * does not exist (2026-02-30) or a date outside CB_DAILY_FIRST..9999-12-31.
 */
int cb_daily_parse(const char *text, cb_date *out, cb_error *err);

/* CB_OK when d is a valid date in the range above; else CB_EINVAL with a sentence. */
int cb_daily_check(cb_date d, cb_error *err);

/*
 * CB_OK when d is a valid date (cb_daily_check) that is out by today: at
 * most one day after `today` (the grace for a player east of the caller's
 * time zone). Else CB_EINVAL with a sentence ("... is not out yet").
 */
int cb_daily_check_today(cb_date d, cb_date today, cb_error *err);

/* The date's number: 1 + days since CB_DAILY_FIRST (2026-01-01 is 1). d must be valid (cb_daily_check). */
long cb_daily_number(cb_date d);

/*
 * Make *s the set-up of a daily game: a word game (by its preset) whose
 * set-up names no words of its own (lists, files, a dictionary, a complete
 * dictionary, words in memory) and whose preset names no lists gets
 * CB_DAILY_LISTS, so that every front end plays the same word by default.
 * Anything else is left as it is. s must not be NULL; nothing is owned.
 */
void cb_daily_setup(cb_game_setup *s);

/*
 * The name a game shares under (cb_share_grid's title), into buf (size
 * bytes, NUL-terminated, cut if short; CB_DAILY_TITLE is enough): the
 * game's label alone, or for a daily game (d not NULL) the label, its lists
 * when it has any, the number and the mode (a position's, cb_state_hard: " hard"
 * unless CB_HARD_NONE): "Wordle (nyt2023) daily #333 hard".
 * label is the game's own name (its preset's label: "Bulls & Cows"); lists
 * may be NULL (a game of codes). The caller owns buf.
 */
void cb_daily_title(const char *label, const char *lists, const cb_date *d, cb_hard mode, char *buf, size_t size);

/* Write d as YYYY-MM-DD into buf (CB_DAILY_TEXT bytes). */
void cb_daily_format(cb_date d, char buf[CB_DAILY_TEXT]);

/*
 * The secret of date d in game g: its index among the game's secrets
 * (cb_game_secret_guess names it) in *secret, and the hidden mapping
 * (0..CB_MAPPINGS-1; 0 when the rule hides none) in *mapping (may be
 * NULL). CB_EINVAL for a NULL argument, a game without secrets or a bad
 * date (with a sentence in err).
 */
int cb_daily_secret(const cb_game *g, cb_date d, uint32_t *secret, int *mapping, cb_error *err);

/*
 * The secret and the hidden mapping drawn from seed, as cb_daily_secret
 * draws them from its date's key: what a game started with that seed plays
 * (the server's /api/play/new?seed=). g must not be NULL; a game without
 * secrets gets 0; mapping may be NULL.
 */
void cb_daily_draw(const cb_game *g, uint64_t seed, uint32_t *secret, int *mapping);

#ifdef __cplusplus
}
#endif

#endif
