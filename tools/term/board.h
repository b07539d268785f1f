/*
 * board.h: a game's guesses and feedbacks drawn in the terminal's look
 * (term.h): Wordle tiles and the keyboard of letter states, Symble's three
 * symbols per codeword position, Mastermind's coloured pegs with black and
 * white counts. Every function writes whole lines to stdout.
 */
#ifndef CB_BOARD_H
#define CB_BOARD_H

#include "codebreaker/codebreaker.h"
#include "term.h"

/* Symble's symbol number s (0..2, a b c) as this look shows it: ☀ ♥ 💧, or a b c. */
const char *board_symbol(const term *t, int s);

/* One row: guess gi and its (observed) feedback fb, indented by two spaces. */
void board_row(const term *t, const cb_game *g, uint32_t gi, uint32_t fb);
/* A row after `prefix`, followed by `note` (may be NULL). */
void board_row_note(const term *t, const cb_game *g, uint32_t gi, uint32_t fb, const char *prefix, const char *note);
/* Every turn of st, one row each. */
void board_rows(const term *t, const cb_state *st);
/* Wordle rule: the letters' best known states (green, yellow, gray, untried) over st's history. */
void board_keyboard(const term *t, const cb_state *st);

/* The feedback fb spelled for this look into buf: `G.Y..`, `2B1W`, `abcaa` or words (plain). */
void board_feedback_text(const term *t, const cb_game *g, uint32_t fb, char *buf, size_t size);

/*
 * Turn what a person typed for a Symble feedback into the notation the
 * library parses: the symbols ☀ ♥ 💧 (and their emoji variants) become
 * a b c, spaces are dropped. Other rules: spaces dropped only when the
 * rule's notation has none (Mastermind keeps "2 1"). Writes to out.
 */
void board_normalise_feedback(const cb_game *g, const char *in, char *out, size_t size);

#endif
