/*
 * cli_search.c: the option groups several commands share beyond the game and the strategies, each read
 * by one function into a typed struct: the exact search's budget (optimal, rank --exact, review) and
 * the format of a decision tree written (optimal, simulate).
 */
#include <string.h>

#include "cli.h"

int cli_search_read(const cli *c, long max_default, long long work_default, cli_search *s)
{
    int ok = 1;
    memset(s, 0, sizeof *s);
    s->max_guesses = (int)cli_int(c, "max-guesses", max_default, 0, CB_TREE_MAX_DEPTH, &ok);
    s->time_limit = ok ? cli_seconds(c, "time-limit", 0, 1e9, &ok) : 0;
    s->work = ok ? (uint64_t)cli_int(c, "work", work_default, 0, (long long)1e15, &ok) : 0;
    s->threads = ok ? cli_threads(c, &ok) : 0;
    s->candidates_only = cli_declares(c, "candidates-only") && cli_flag(c, "candidates-only"); /* review: none */
    return ok ? 0 : 2;
}

void cli_search_coach(const cli_search *s, cb_coach_options *o)
{
    o->time_limit = s->time_limit;
    o->work = s->work;
    o->threads = s->threads;
    o->candidates_only = s->candidates_only;
}

int cli_tree_format(const cli *c, cb_tree_format *fmt)
{
    const char *f = cli_get(c, "tree-format");
    *fmt = CB_TREE_TEXT;
    if (f && strcmp(f, "json") == 0)
        *fmt = CB_TREE_JSON;
    else if (f && strcmp(f, "text") != 0)
        return cli_fail(CB_EINVAL, "--tree-format: '%s' is not text or json", f);
    return 0;
}
