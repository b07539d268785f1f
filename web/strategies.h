/*
 * strategies.h: the library's strategies as requests name them, and the
 * bounds on what one request may make them compute.
 *
 * Requests name strategies by the plain names of the registry (cb_strategy_at)
 * ("entropy", "minimax", ...); stored decision trees ("tree:FILE") are
 * not offered, since no request names a file.
 *
 * Choosing a guess scores every allowed guess against the candidates
 * (montecarlo plays random games from each candidate), work that nothing
 * interrupts once begun; so a request may ask it of a scoring strategy
 * only in a state of at most WEB_MAX_PAIRS guess-candidate pairs whose
 * feedback table is in memory (WEB_MAX_PAIRS_FLY when feedback is computed on the fly), and of
 * montecarlo only with at most WEB_MAX_MONTECARLO candidates. Each such
 * decision takes about a second at most on a small machine.
 */
#ifndef WEB_STRATEGIES_H
#define WEB_STRATEGIES_H

#include <stddef.h>

#include "codebreaker/codebreaker.h"
#include "codebreaker/json.h"
#include "request.h"

#define WEB_MAX_PAIRS (1u << 28)       /* guesses x candidates of one decision, with a table in memory */
#define WEB_MAX_PAIRS_FLY (1u << 24)   /* the same, feedback computed on the fly */
#define WEB_MAX_MONTECARLO 3000        /* candidates of a montecarlo decision */
#define WEB_MAX_JOB_PAIRS (1ull << 32) /* guesses x candidates an analysis job scores (it can be cancelled) */
#define WEB_STRATEGY_NAMES_MAX 256
/*
 * Threads of a decision or ranking made in a request's thread: one, since
 * each request thread that enters OpenMP keeps a team of its own alive
 * (64 request threads x cores idle threads, their stacks and heaps).
 * Jobs use every core.
 */
#define WEB_REQUEST_THREADS 1

/* The strategy called `name`, or NULL. */
const cb_strategy_info *web_strategy_find(const char *name);
/* Read parameter `param` (def when absent) as a strategy name; -1 with a 400 naming the known ones. */
int web_strategy_read(web_req *r, const char *param, const char *def, const cb_strategy_info **out);
/* "minimax, expected, ..." for error messages, into buf (WEB_STRATEGY_NAMES_MAX bytes suffice). */
void web_strategy_names(char *buf, size_t size);
/* The strategies as a JSON array of the registry's rows: {name, label, summary, source, greedy, random, rank,
   candidates, score_format, score_one}. */
void web_strategies_json(cb_json *j);

/* What a request asks of a strategy: a decision (cb_strategy_choose) or a ranking (cb_strategy_rank). */
typedef enum web_work { WEB_CHOOSE, WEB_RANK } web_work;

/*
 * The guess-candidate pairs that work scores: a ranking scores every
 * guess against every candidate whatever the strategy; a decision of a
 * strategy that scores no guess (random, random-any, frequency, first)
 * scores none.
 */
double web_strategy_pairs(const cb_strategy_info *info, web_work work, size_t candidates, size_t guesses);

/*
 * 0 when `work` of the strategy `info` over `candidates` candidates and `guesses`
 * guesses is within the bounds above (web_strategy_pairs against
 * WEB_MAX_PAIRS or WEB_MAX_PAIRS_FLY); else -1 with a 422 naming the limit,
 * whose sentence begins with `what` (e.g. "Make a guess") and ends with
 * `advice`.
 */
int web_strategy_affordable(web_req *r, const cb_table *table, const cb_strategy_info *info, web_work work,
                            size_t candidates, size_t guesses, const char *what, const char *advice);

#endif
