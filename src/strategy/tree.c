/*
 * tree.c: tree:FILE strategies: play a decision tree read from a
 * file (tree.h), checked against the game when it is opened so that a bad
 * file is a clear error naming its line, not a failure in mid-game.
 */
#include "codebreaker/tree.h"
#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"
#include "tree/tree_internal.h"

static int tree_open(cb_strategy *s, const char *path, cb_error *err)
{
    cb_tree *tree;
    if (s->cfg.delay)
        return cb_error_set(err, CB_EINVAL, "a decision tree plays its own guesses: no delay");
    if (!*path)
        return cb_error_set(err, CB_EINVAL, "tree: needs a file name (tree:FILE)");
    int rc = cb_tree_load_path(s->game, path, &tree, err);
    if (rc != CB_OK)
        return rc;
    rc = cbd_tree_verify(tree, s->table, NULL, CB_HARD_NONE, 0, NULL, err);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        return rc;
    }
    s->tree = tree;
    return CB_OK;
}

static void tree_close(cb_strategy *s)
{
    cb_tree_free(s->tree);
    s->tree = NULL;
}

/*
 * The tree's guess after the state's history; CB_EINVAL when the history
 * leaves the tree, CB_EILLEGAL when the state's hard mode forbids its guess
 * (the tree was checked in normal mode when opened: the mode is the position's).
 */
static int tree_decide(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    uint32_t guess;
    int rc = cb_tree_next(s->tree, st, &guess);
    if (rc == CB_ENOTFOUND)
        return CB_EINVAL;
    if (rc != CB_OK)
        return rc;
    if (cb_state_hard(st) && !cb_state_legal(st, guess, NULL, 0))
        return CB_EILLEGAL;
    return cbs_decision_push(d, guess);
}

const cbs_row cbs_row_tree = {
    .info = {"tree:FILE", "Stored decision tree", "plays the decision tree stored in FILE", "exact solver",
             CB_TRAIT_ARGUMENT | CB_TRAIT_NO_TIES, CB_COST_CANDIDATES, NULL, NULL},
    .open = tree_open,
    .close = tree_close,
    .play = tree_decide,
};
