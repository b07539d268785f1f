/*
 * strategy_tree.c: tree:FILE strategies. Decision-tree files come with the
 * exact solver; until that module replaces this file, naming a tree is a
 * clear error.
 */
#include "strategy_internal.h"

int cb__tree_open(cb_strategy *s, const char *path, cb_error *err)
{
    (void)s;
    return cb_error_set(err, CB_EINVAL, "tree:%s: decision-tree strategies are not available in this build", path);
}

void cb__tree_close(cb_strategy *s)
{
    s->tree = NULL;
}

int cb__tree_decide(const cb_strategy *s, const cb_state *st, cb__decision *d)
{
    (void)s;
    (void)st;
    (void)d;
    return CB_EINVAL;
}
