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
 * Candidates checked while applying a history, summed over its turns: a
 * turn filters every candidate the turns before it left, so turns that
 * tell nothing (the same guess again, colours known absent) on a game of
 * 2^20 codes would cost 10^8 feedbacks. At the limit: 0.14 s of CPU
 * (release build, 16 colours x 5 pegs, 22 turns of 759 375 candidates).
 */
#define WEB_MAX_FILTER (1u << 24)

/*
 * Apply the history in parameter `name` (absent: no turns) to st. A
 * malformed entry is a 400; a guess hard mode forbids, a history no
 * secret explains, or one whose turns would check more than WEB_MAX_FILTER
 * candidates in all is a 422. The state is left with the turns before the
 * bad one.
 */
int web_history_read(web_req *r, const char *name, cb_state *st);

#endif
