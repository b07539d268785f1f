/*
 * exact.c: the exact strategy: the guess of a strategy proved optimal (the
 * least total; in hard mode within the rule's guess limit, so that no game
 * is lost). On first use it proves the whole strategy from the opening
 * (the opener of the game as shipped in data/proofs/openers.tsv, the
 * config's first guess, or the search over every opener) and keeps it as a
 * decision tree; a state off that tree is solved from its own position.
 * The solver (optimal.h) does the work: this family only asks it.
 *
 * Only a shipped opener's strategy is proved without a bound (its proof is
 * known to take seconds). Every other search has the coach's budget of work
 * (CB_COACH_WORK) on one thread: when it runs out, the guess is that of the
 * best strategy the search holds (within the limit, legal in hard mode),
 * else a candidate; so advice comes within seconds, the same on every run.
 * Where no strategy is sure to win within the limit (hard mode's traps),
 * the guess is the one that loses least (cb_coach_least_losses). Turn two
 * after an opener off that tree is read from the book's turn-two files
 * where they cover the opener under the strategy's limit (hard mode within
 * 6 guesses; coach.h, cb_coach_turn_two).
 */
#include <pthread.h>
#include <stdlib.h>

#include "codebreaker/coach.h"
#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

typedef struct exact_own {
    pthread_mutex_t lock;
    int built, hard; /* the tree was tried, for this hard mode */
    cb_tree *tree;   /* the strategy from the opening, or NULL */
    /* workspaces of the searches off the tree, kept between decisions (one a search running at once) */
    cb_optimal_workspace *spare[CB_EXACT_WORKSPACES];
    int nspare;
} exact_own;

static int exact_open(cb_strategy *s, const char *arg, cb_error *err)
{
    (void)arg;
    int rc = cb_optimal_table_check(s->table, err); /* said here rather than as a failed decision later */
    if (rc != CB_OK)
        return rc;
    exact_own *own = calloc(1, sizeof *own);
    if (!own || pthread_mutex_init(&own->lock, NULL) != 0) {
        free(own);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    s->own = own;
    return CB_OK;
}

static void exact_close(cb_strategy *s)
{
    exact_own *own = s->own;
    if (!own)
        return;
    cb_tree_free(own->tree);
    for (int i = 0; i < own->nspare; i++)
        cb_optimal_workspace_free(own->spare[i]);
    pthread_mutex_destroy(&own->lock);
    free(own);
    s->own = NULL;
}

/*
 * The position the strategy decides at: st in the strategy's guess limit
 * (hard mode plays within the rule's, normal mode with none), st itself when
 * it has that limit, else a copy in *own (the caller's, cb_state_free).
 * CB_EEMPTY for a hard-mode position past the rule's limit (nothing is sure
 * to win there), CB_ENOMEM.
 */
static int position(const cb_strategy *s, const cb_state *st, cb_state **own, const cb_state **pos)
{
    int want = cb_state_hard(st) != CB_HARD_NONE ? cb_rule_describe(s->game->rule)->max_guesses : 0;
    *own = NULL;
    *pos = st;
    if (cb_state_max_guesses(st) == want)
        return CB_OK;
    if (want > 0 && cb_state_turns(st) > (size_t)want)
        return CB_EEMPTY;
    if (cb_state_copy(st, own) != CB_OK)
        return CB_ENOMEM;
    cb_state_set_max_guesses(*own, want);
    *pos = *own;
    return CB_OK;
}

/*
 * The solver's options for position st (position()'s), which carries its
 * hard mode and limit; from the opening, st has no turns and the search is
 * the whole game's, as the opening proofs are searched.
 */
static void options(const cb_strategy *s, const cb_state *st, cb_optimal_options *o)
{
    cb_optimal_options_default(o);
    o->from = st;
    o->threads = s->cfg.threads;
    o->cancel = s->cfg.cancel;
}

/* The strategy from the opening st, proved once (under own->lock). */
static void build(const cb_strategy *s, exact_own *own, const cb_state *st)
{
    cb_optimal_options o;
    cb_optimal_result r;
    cb_error err;
    uint64_t total;
    options(s, st, &o);
    o.first = s->cfg.first_guess;
    if (o.first == CB_NONE && cb_coach_opening(st, 0, &o.first, &total) == CB_OK) {
        /* a shipped opener: its proof takes seconds */
    } else {
        o.work_limit = CB_COACH_WORK;
        o.threads = 1;
    }
    own->built = 1;
    own->hard = cb_state_hard(st) != CB_HARD_NONE;
    if (cb_optimal_solve(s->table, &o, &r, &err) != CB_OK)
        return;
    if (r.proved && !r.infeasible) {
        own->tree = r.tree;
        r.tree = NULL;
    }
    cb_optimal_result_release(&r);
}

/* A kept workspace for one search, or a new one (NULL without memory: the search takes its own). */
static cb_optimal_workspace *workspace_take(exact_own *own)
{
    cb_optimal_workspace *ws = NULL;
    pthread_mutex_lock(&own->lock);
    if (own->nspare > 0)
        ws = own->spare[--own->nspare];
    pthread_mutex_unlock(&own->lock);
    if (!ws && cb_optimal_workspace_new(&ws) != CB_OK)
        ws = NULL;
    return ws;
}

/* ws kept for the next search, or freed when as many are kept already. */
static void workspace_give(exact_own *own, cb_optimal_workspace *ws)
{
    pthread_mutex_lock(&own->lock);
    if (ws && own->nspare < CB_EXACT_WORKSPACES) {
        own->spare[own->nspare++] = ws;
        ws = NULL;
    }
    pthread_mutex_unlock(&own->lock);
    cb_optimal_workspace_free(ws);
}

/* The guess of the strategy proved from st itself. */
static int solve_here(const cb_strategy *s, const cb_state *st, cb_guess_index *g)
{
    exact_own *own = s->own;
    cb_optimal_options o;
    cb_optimal_result r;
    cb_error err;
    options(s, st, &o);
    o.work_limit = CB_COACH_WORK;
    o.threads = 1;
    o.workspace = workspace_take(own);
    int rc = cb_optimal_solve(s->table, &o, &r, &err);
    workspace_give(own, o.workspace);
    if (rc != CB_OK)
        return rc;
    int cancelled = r.timed_out; /* the caller's cancel flag (no time limit is set here) */
    *g = r.tree ? r.first : CB_NONE;
    if (!r.tree && r.stopped && !cancelled) /* the budget ran out with no strategy: a candidate, legal in hard mode */
        *g = s->game->secret_guess[cb_state_candidates(st)[0]];
    int left = cb_state_max_guesses(st) - (int)cb_state_turns(st);
    if (r.proved && r.infeasible && left >= 1) { /* every guess can lose: the one that loses least */
        cb_coach_losses l;
        if (cb_coach_least_losses(st, left, CB_NONE, 0, CB_COACH_LOSS_WORK, &l, NULL) == CB_OK && l.best != CB_NONE) {
            *g = l.best;
            r.infeasible = 0;
        }
    }
    rc = r.infeasible ? CB_EEMPTY : cancelled ? CB_ECANCELED : *g != CB_NONE ? CB_OK : CB_EEMPTY;
    cb_optimal_result_release(&r);
    return rc;
}

/* Turn two read from the book's turn-two files (cb_coach_turn_two) under the strategy's limit: 1 and *g, else 0. */
static int turn_two(const cb_state *st, cb_guess_index *g)
{
    uint64_t total;
    return cb_coach_turn_two(st, g, &total, NULL) == CB_OK;
}

static int exact_play(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    exact_own *own = s->own;
    cb_guess_index g = CB_NONE;
    if (cb_state_count(st) == 1)
        return cbs_decision_push(d, s->game->secret_guess[cb_state_candidates(st)[0]]);
    int hard = cb_state_hard(st) != CB_HARD_NONE;
    cb_state *mine;
    int rc = position(s, st, &mine, &st); /* st from here on: in the strategy's limit */
    if (rc != CB_OK)
        return rc;
    pthread_mutex_lock(&own->lock);
    if (!own->built && cb_state_turns(st) == 0) /* from the opening: worth proving once for every game */
        build(s, own, st);
    int on_tree = own->tree && own->hard == hard && cb_tree_next(own->tree, st, &g) == CB_OK;
    pthread_mutex_unlock(&own->lock);
    if (!on_tree && cb_state_turns(st) == 1)
        on_tree = turn_two(st, &g);
    if (!on_tree)
        rc = solve_here(s, st, &g);
    cb_state_free(mine);
    return rc != CB_OK ? rc : cbs_decision_push(d, g);
}

const cbs_row cbs_row_exact = {
    .info = {"exact", "Proved optimal",
             "the guess of a strategy proved optimal from the position (the least total; in hard mode within the "
             "rule's guess limit, so that no game is lost)",
             "exact solver", CB_TRAIT_NO_TIES, CB_COST_PARTITION, NULL, NULL},
    .open = exact_open,
    .close = exact_close,
    .play = exact_play,
};
