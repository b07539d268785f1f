/*
 * variants.h: several boards (GET /api/multi) and the adversary (GET
 * /api/adversary), answered without sessions: every request carries the
 * whole game and is replayed.
 *
 * The adversary keeps no secret, so its game is the list of guesses. A
 * multi-board game's secrets are drawn from a seed that the client holds
 * only sealed in a ticket (the seed mixed with a key drawn when the server
 * starts), so the secrets leave the server only when the game is over or
 * given up; a ticket dies with the server that sealed it.
 */
#ifndef WEB_VARIANTS_H
#define WEB_VARIANTS_H

#include "request.h"

#define WEB_MULTI_PARAMS "boards ticket guesses hint giveup"
#define WEB_ADVERSARY_PARAMS "hard guesses hint"
/* The adversary's hint searches at most this long, on one thread. */
#define WEB_ADVERSARY_HINT_SECONDS 2.0

int web_multi(web_req *r);
int web_adversary(web_req *r);

#endif
