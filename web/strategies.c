/* strategies.c: strategy names from requests, and the cost bounds of a decision. */
#include <stdio.h>
#include <string.h>

#include "strategies.h"

const cb_strategy_info *web_strategy_find(const char *name)
{
    const cb_strategy_info *info = cb_strategy_find(name);
    return info && !(info->traits & CB_TRAIT_ARGUMENT) ? info : NULL; /* no request names a file */
}

void web_strategy_names(char *buf, size_t size)
{
    const cb_strategy_info *info;
    buf[0] = '\0';
    for (size_t i = 0; (info = cb_strategy_at(i)) != NULL; i++)
        if (!(info->traits & CB_TRAIT_ARGUMENT)) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? ", " : "", info->name);
        }
}

int web_strategy_read(web_req *r, const char *param, const char *def, const cb_strategy_info **out)
{
    const char *v = web_req_get(r, param);
    if (!v || !*v)
        v = def ? def : "";
    *out = web_strategy_find(v);
    if (!*out) {
        char names[WEB_STRATEGY_NAMES_MAX];
        web_strategy_names(names, sizeof names);
        return web_req_fail(r, 400, "%s: unknown strategy '%.40s' (use %s)", param, v, names);
    }
    return 0;
}

void web_strategies_json(cb_json *j)
{
    const cb_strategy_info *s;
    cb_json_raw(j, "[");
    for (size_t i = 0; (s = cb_strategy_at(i)) != NULL; i++) {
        if (s->traits & CB_TRAIT_ARGUMENT)
            continue;
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kstr(j, "name", s->name);
        cb_json_kstr(j, "label", s->label);
        cb_json_kstr(j, "summary", s->summary);
        cb_json_kstr(j, "source", s->source);
        cb_json_kbool(j, "greedy", s->traits & CB_TRAIT_GREEDY);
        cb_json_kbool(j, "random", s->traits & CB_TRAIT_RANDOM);
        cb_json_kbool(j, "rank", s->traits & CB_TRAIT_RANKS);
        cb_json_kbool(j, "candidates", s->traits & CB_TRAIT_CANDIDATES);
        cb_json_kstr(j, "score_format", s->score_format);
        cb_json_kstr(j, "score_one", s->score_one);
        cb_json_raw(j, "}");
    }
    cb_json_raw(j, "]");
}

/* Strategies that score every guess, or play rollouts, at each decision. */
static int heavy(const cb_strategy_info *info)
{
    return info->cost == CB_COST_PARTITION || info->cost == CB_COST_ROLLOUTS;
}

double web_strategy_pairs(const cb_strategy_info *info, web_work work, size_t candidates, size_t guesses)
{
    if (work == WEB_CHOOSE && !heavy(info))
        return 0;
    return (double)candidates * (double)guesses;
}

int web_strategy_affordable(web_req *r, const cb_table *table, const cb_strategy_info *info, web_work work,
                            size_t candidates, size_t guesses, const char *what, const char *advice)
{
    if (info->cost == CB_COST_ROLLOUTS && candidates > WEB_MAX_MONTECARLO)
        return web_req_fail(r, 422,
                            "%s: %s would play random games from each of %zu candidates, too many on request "
                            "(at most %d): %s",
                            what, info->name, candidates, WEB_MAX_MONTECARLO, advice);
    double pairs = web_strategy_pairs(info, work, candidates, guesses);
    int fly = !cb_table_precomputed(table);
    unsigned limit = fly ? WEB_MAX_PAIRS_FLY : WEB_MAX_PAIRS;
    if (pairs <= limit)
        return 0;
    return web_req_fail(r, 422,
                        "%s: %zu guesses against %zu candidates are too many to score on request (at most %u pairs%s): "
                        "%s",
                        what, guesses, candidates, limit,
                        fly ? " while the game's feedback table is not in memory" : "", advice);
}
