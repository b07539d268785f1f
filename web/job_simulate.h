/*
 * job_simulate.h: the "simulate" job: strategies played against every secret
 * of a game (or a seeded sample), one after another, each with the
 * library's simulator; the histograms of score, share of candidates
 * removed and time per game, with their statistics, fill in as the games
 * end.
 *
 * Limits: at most WEB_SIM_MAX_STRATEGIES strategies and WEB_SIM_MAX_GAMES
 * games per strategy ("all" when the game has no more secrets), scoring
 * strategies only on games their decisions afford (strategies.h), and
 * WEB_SIM_RUNNING simulations at once.
 */
#ifndef WEB_SIMULATE_H
#define WEB_SIMULATE_H

#include "games.h"
#include "jobs.h"

#define WEB_SIMULATE_PARAMS WEB_GAME_PARAMS " hard strategies target_turn first games seed max_guesses"
#define WEB_SIM_MAX_STRATEGIES 6
#define WEB_SIM_MAX_GAMES 20000
#define WEB_SIM_RUNNING 1

extern const web_job_kind web_job_simulate;

/* The job's argument from a request; -1 with r's error set. */
int web_simulate_prepare(web_req *r, web_games *games, void **arg);

#endif
