/*
 * share.h: the grid players post after a game, one line of signs per
 * guess, as the program's `play` prints it and the dashboard's Share button
 * copies it (one definition for both).
 *
 * The text is a first line "TITLE N/M" (N the guesses of a won game, X for
 * a game not won, M the guess limit; "*" after it in hard mode), an empty
 * line, then a line per turn of the state, each ending in a newline:
 *
 * - Wordle: per letter 🟩 green, 🟨 yellow, ⬜ gray (⬛ with CB_SHARE_DARK);
 *   with CB_SHARE_CONTRAST 🟧 for green and 🟦 for yellow, as the New
 *   York Times' high-contrast mode shares.
 * - Symble: per position of the secret its symbol, ☀️ ♥️ 💧 (a b c); the
 *   winning row a 🟩 per letter (🟧 with CB_SHARE_CONTRAST).
 * - Mastermind: a ⚫ per black peg, a ⚪ per white peg, then a ➖ per peg
 *   that scored nothing.
 */
#ifndef CODEBREAKER_SHARE_H
#define CODEBREAKER_SHARE_H

#include <stddef.h>

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CB_SHARE_DARK = 1,    /* gray letters as ⬛ (the dark theme's sign) instead of ⬜ */
    CB_SHARE_CONTRAST = 2 /* the high-contrast palette: orange and blue for green and yellow */
};

/* Bytes that are always enough for the share text of a game of `turns` turns of `length` symbols. */
#define CB_SHARE_SIZE(turns, length) (96 + (size_t)(turns) * ((size_t)(length)*8 + 1))

/*
 * Write the share text of the game st holds into buf (size bytes, always
 * NUL-terminated when size > 0). title names the game ("Bulls & Cows"),
 * copied as it is (at most 64 bytes, one line); NULL names it by its rule:
 * Wordle, Symble or Mastermind. The guess limit shown is st's
 * (cb_state_max_guesses). flags: CB_SHARE_* or 0. Returns CB_OK,
 * CB_EINVAL for a NULL argument, a bad title or a state without a guess
 * limit, CB_ETOOBIG when buf
 * is too small (CB_SHARE_SIZE() always suffices; buf then holds a prefix).
 */
int cb_share_grid(const cb_state *st, const char *title, unsigned flags, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
