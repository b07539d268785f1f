/*
 * book_internal.h: the opening book (book.c) read through a loader of its own, for
 * the tests.
 */
#ifndef CB_SOLVER_BOOK_INTERNAL_H
#define CB_SOLVER_BOOK_INTERNAL_H

#include <stddef.h>

#include "codebreaker/game.h"
#include "codebreaker/status.h"

/*
 * The opening book (book.c) with the bundled files read through load (as
 * cb_data_bundled: CB_OK and the text of a file of data/ by name), in hard
 * mode `mode` (a position's, cb_state_hard): what cb_coach_book_open does
 * with cb_data_bundled, and tests with edited files.
 */
typedef int (*cbo_book_loader)(const char *name, const char **text, size_t *size);
struct cb_coach_book;
int cbo_book_open_from(const cb_game *game, cb_hard mode, int max_guesses, cbo_book_loader load,
                       struct cb_coach_book *out, cb_error *err);

#endif
