/*
 * interact.h: what the interactive commands (play, assist, solve) share:
 * reading commands from typed lines, the seed, the rules in a sentence,
 * and leaving cleanly at end of input or on Ctrl-C.
 */
#ifndef CB_INTERACT_H
#define CB_INTERACT_H

#include <stdint.h>

#include "board.h"
#include "cli.h"

/* Strip leading and trailing white space in place; returns s moved past the leading part. */
char *interact_trim(char *s);

/*
 * 1 when line's first word is `name` (any case); *arg (when not NULL) then
 * points at the rest of the line, trimmed ("" when none).
 */
int interact_is(const char *line, const char *name, const char **arg);

/* --seed as given (*given = 1), else one from the clock and the process id. Prints an error and sets *ok = 0 when bad.
 */
uint64_t interact_seed(const cli *c, int *given, int *ok);

/* --mapping ABC for Symble (symbols of gray, yellow, green), or -1 when absent; -2 after printing an error. */
int interact_mapping(const cli *c);

/* The game's rules in two or three lines for a person about to play (max_guesses 0: no limit). */
void interact_rules(const term *t, const cb_game *g, int max_guesses);

/* Symble: the mappings still possible in st, as people read them (☀ gray, ♥ yellow, 💧 green). */
void interact_mappings(const term *t, const cb_state *st);

/* After a read returned TERM_EOF or TERM_INTERRUPT: say so, restore the terminal, give the exit status (0 or 130). */
int interact_leave(term *t, int read_status);

/*
 * The read loop of an interactive command: shows the prompt prompt() writes, reads a line, skips empty
 * ones, and leaves on "quit" or "exit" (saying bye), at end of input or on Ctrl-C (interact_leave);
 * every other line goes to handle(), which returns 1 to read on and 0 when the game is over. Closes
 * the terminal; returns the exit status (0, or 130 after Ctrl-C).
 */
int interact_loop(term *t, void (*prompt)(void *ctx, char *buf, size_t size), int (*handle)(void *ctx, char *line),
                  void *ctx);

/* advice's busy hook (ctx: the term): on a terminal, says that a long computation starts. */
void interact_busy(void *ctx, const cb_state *st);

/* A word (guess gi) as typed and printed. */
void interact_word(const cb_game *g, uint32_t gi, char *buf, size_t size);

#endif
