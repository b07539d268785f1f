/*
 * job_analyse.h: the "analyse" job: every allowed guess scored on the
 * candidates a history leaves (largest part, expected part size, number
 * of parts, entropy: the scores of the greedy strategies), with the best
 * guesses and the histogram of their entropies, published as it goes.
 */
#ifndef WEB_ANALYSE_H
#define WEB_ANALYSE_H

#include "games.h"
#include "jobs.h"

#define WEB_ANALYSE_PARAMS WEB_GAME_PARAMS " history hard"

extern const web_job_kind web_job_analyse;

/* The job's argument from a request (game, history, hard); -1 with r's error set. */
int web_analyse_prepare(web_req *r, web_games *games, void **arg);

#endif
