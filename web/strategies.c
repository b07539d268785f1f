/* strategies.c: strategy names from requests, and the cost bounds of a decision. */
#include <stdio.h>
#include <string.h>

#include "strategies.h"

const cb_strategy_info *web_strategy_find(const char *name)
{
    size_t n;
    const cb_strategy_info *list = cb_strategy_list(&n);
    for (size_t i = 0; i < n; i++)
        if (list[i].kind != CB_STRATEGY_TREE && strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}

void web_strategy_names(char *buf, size_t size)
{
    size_t n;
    const cb_strategy_info *list = cb_strategy_list(&n);
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (list[i].kind != CB_STRATEGY_TREE) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? ", " : "", list[i].name);
        }
}

int web_strategy_read(web_req *r, const char *param, const char *def, const cb_strategy_info **out)
{
    const char *v = web_req_get(r, param);
    if (!v || !*v)
        v = def;
    *out = web_strategy_find(v);
    if (!*out) {
        char names[WEB_STRATEGY_NAMES_MAX];
        web_strategy_names(names, sizeof names);
        return web_req_fail(r, 400, "%s: unknown strategy '%.40s' (use %s)", param, v, names);
    }
    return 0;
}

int web_strategy_ranks(cb_strategy_kind kind)
{
    return kind != CB_STRATEGY_RANDOM && kind != CB_STRATEGY_RANDOM_ANY && kind != CB_STRATEGY_TREE &&
           kind != CB_STRATEGY_REGEX;
}

void web_strategies_json(web_json *j)
{
    size_t n;
    const cb_strategy_info *list = cb_strategy_list(&n);
    web_json_raw(j, "[");
    for (size_t i = 0; i < n; i++) {
        const cb_strategy_info *s = &list[i];
        if (s->kind == CB_STRATEGY_TREE)
            continue;
        int random = s->kind == CB_STRATEGY_RANDOM || s->kind == CB_STRATEGY_RANDOM_ANY;
        web_json_sep(j);
        web_json_raw(j, "{");
        web_json_key(j, "name");
        web_json_str(j, s->name);
        web_json_key(j, "summary");
        web_json_str(j, s->summary);
        web_json_key(j, "source");
        web_json_str(j, s->source);
        web_json_printf(j, ",\"greedy\":%s,\"random\":%s,\"rank\":%s}", s->greedy ? "true" : "false",
                        random ? "true" : "false", web_strategy_ranks(s->kind) ? "true" : "false");
    }
    web_json_raw(j, "]");
}

/* Strategies that score every guess, or play rollouts, at each decision. */
static int heavy(cb_strategy_kind kind)
{
    switch (kind) {
    case CB_STRATEGY_RANDOM:
    case CB_STRATEGY_RANDOM_ANY:
    case CB_STRATEGY_FREQUENCY:
    case CB_STRATEGY_FIRST:
    case CB_STRATEGY_REGEX:
        return 0;
    default:
        return 1;
    }
}

double web_strategy_pairs(cb_strategy_kind kind, web_work work, size_t candidates, size_t guesses)
{
    if (work == WEB_CHOOSE && !heavy(kind))
        return 0;
    return (double)candidates * (double)guesses;
}

int web_strategy_affordable(web_req *r, const cb_table *table, cb_strategy_kind kind, web_work work, size_t candidates,
                            size_t guesses, const char *what, const char *advice)
{
    if (kind == CB_STRATEGY_MONTECARLO && candidates > WEB_MAX_MONTECARLO)
        return web_req_fail(r, 422,
                            "%s: montecarlo would play random games from each of %zu candidates, too many on request "
                            "(at most %d): %s",
                            what, candidates, WEB_MAX_MONTECARLO, advice);
    double pairs = web_strategy_pairs(kind, work, candidates, guesses);
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
