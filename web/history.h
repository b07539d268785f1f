/*
 * history.h: a history of turns as requests spell it: GUESS=FEEDBACK
 * entries separated by commas or spaces, e.g. "salet=.Y...,crony=..G.."
 * (Wordle), "1122=1B1W" (Mastermind), "salet=abcaa" (Symble symbols).
 */
#ifndef WEB_HISTORY_H
#define WEB_HISTORY_H

#include "codebreaker/codebreaker.h"
#include "request.h"

#define WEB_MAX_TURNS 100

/*
 * Apply the history in parameter `name` (absent: no turns) to st. A
 * malformed entry is a 400; a guess hard mode forbids or a history no
 * secret explains is a 422. The state is left with the turns before the
 * bad one. When no answer explains the history but the game allows more
 * words than its answers, the 422 answer carries `outside_list`: {turn
 * (of the entry refused, from 0), count (allowed words that would fit),
 * words (the first 20), wider (the lists whose answers are all allowed
 * words, e.g. "all", or null)}; `wider` is that name (web_game_wider).
 */
int web_history_read(web_req *r, const char *name, cb_state *st, const char *wider);

#endif
