/*
 * exact.h: the exact coach over HTTP (codebreaker/coach.h): GET
 * /api/rank/exact ranks the guesses of a position by proved value, GET
 * /api/review grades a game turn by turn: a played session's (session=ID,
 * the position the server holds) or a history's, read once into a position. Each search has the library's
 * budget of work (CB_COACH_WORK), so the page gets the program's figures;
 * WEB_COACH_SECONDS (serve --exact-seconds) is an outer guard of each search,
 * which the answer reports (timed_out) if it fires. One runs at a time
 * (WEB_COACH_RUNNING): a second request meanwhile gets 503 with a sentence
 * to retry. docs/web.md.
 */
#ifndef WEB_EXACT_H
#define WEB_EXACT_H

#include "request.h"

#define WEB_COACH_SECONDS 60.0 /* the outer guard of each search of a request, by default */
#define WEB_COACH_RUNNING 1    /* exact searches at once */
#define WEB_EXACT_RESERVE 1.0  /* seconds a refused address's turn is kept between its tries (exact.c) */
#define WEB_COACH_LIMIT 20     /* guesses ranked */
#define WEB_COACH_TURNS 12     /* turns of a reviewed game */
#define WEB_COACH_PARAMS_RANK "history hard limit max_guesses"
#define WEB_COACH_PARAMS_REVIEW "session history hard max_guesses"

int web_coach_rank(web_req *r);
int web_coach_review(web_req *r);

#endif
