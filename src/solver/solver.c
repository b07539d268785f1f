/*
 * solver.c: the exact solver's entry point (optimal.h): options, set-up of
 * a run (threads, tables, the cache, the symmetries), the search with its
 * fallback after a stop, and the checked strategy in the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory_internal.h"
#include "game/rule_internal.h"
#include "solver/cache_internal.h"
#include "solver/checkpoint_internal.h"
#include "solver/clock_internal.h"
#include "solver/lbcount_internal.h"
#include "solver/node_internal.h"
#include "solver/root_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/scanlb_internal.h"
#include "solver/run_internal.h"
#include "solver/symmetry_internal.h"
#include "solver/workspace_internal.h"
#include "tree/tree_internal.h"
#include "table/table_internal.h"

void cb_optimal_options_default(cb_optimal_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->objective = CB_OBJECTIVE_TOTAL;
    opt->first = CB_NONE;
    opt->symmetry = 1;
    opt->book_guess = CB_NONE;
}

static int sym_possible(const cb_game *game)
{
    if (!game->complete || game->k > 60)
        return 0;
    double bits = 0; /* canonical forms are base-k numbers in 64 bits */
    for (int i = 0; i < game->n; i++)
        bits += __builtin_log2((double)game->k);
    return bits < 62;
}

static uint64_t factorial(int k)
{
    uint64_t f = 1;
    for (int i = 2; i <= k; i++)
        f = f > UINT64_MAX / (uint64_t)i ? UINT64_MAX : f * (uint64_t)i;
    return f;
}

uint64_t cb_optimal_symmetries(const cb_game *game)
{
    if (!game->complete)
        return 1;
    uint64_t a = factorial(game->k), b = cbg_rule_of(game->rule)->permutable ? factorial(game->n) : 1;
    return a == UINT64_MAX || b == UINT64_MAX || a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static void solver_free(cbo_solver *S)
{
    cbo_threads_release(S); /* into the caller's workspace, or freed */
    cbo_cache_give(S);
    if (S->opt.workspace)
        cbo_workspace_unclaim(S->opt.workspace);
    free(S->tt_own);
    free(S->lc);
    free(S->pk);
    cbo_sym_free(S->root_grp);
}

/* Options that do not fit the game, with the sentence that says which. */
static int check_options(const cb_game *game, const cb_optimal_options *opt, cb_error *err)
{
    if (opt->from && cb_state_max_guesses(opt->from) > CB_TREE_MAX_DEPTH)
        return cb_error_set(err, CB_EINVAL, "the limit on guesses must be between 1 and %d", CB_TREE_MAX_DEPTH);
    if (opt->slice_step > 1 && opt->slice_start >= opt->slice_step)
        return cb_error_set(err, CB_EINVAL, "the slice's start must be below its step");
    if (opt->exact_top < 0)
        return cb_error_set(err, CB_EINVAL, "the number of guesses to rank exactly must not be negative");
    for (size_t i = 0; i < opt->nknown; i++)
        if (opt->known[i].guess >= game->nguess)
            return cb_error_set(err, CB_EINVAL, "a known opener is not in the game's list");
    if (opt->first != CB_NONE && opt->first >= game->nguess)
        return cb_error_set(err, CB_EINVAL, "the first guess is not in the game's list");
    if (opt->first != CB_NONE && opt->candidates_only && game->guess_secret[opt->first] == CB_NONE) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(game, opt->first, w, sizeof w);
        return cb_error_set(err, CB_EINVAL, "%s cannot be the secret, so it is not a candidate to open with", w);
    }
    if (!opt->from)
        return CB_OK;
    if (cb_state_game(opt->from) != game)
        return cb_error_set(err, CB_EINVAL, "the position is a state of another game");
    if (cb_state_won(opt->from))
        return cb_error_set(err, CB_EINVAL, "the game is over: the last guess won");
    if (cb_state_count(opt->from) == 0)
        return cb_error_set(err, CB_EINVAL, "no secret is left in the position");
    if (cb_state_hard(opt->from) && !cb_game_rule_info(game)->hard_mode)
        return cb_error_set(err, CB_EINVAL, "%s has no hard mode", cb_game_rule_info(game)->label);
    return CB_OK;
}

int cb_optimal_table_check(const cb_table *table, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    /* on the fly, a node's values are computed a row of its entries at a time, one byte each (rows_internal.h,
     * cbo_fly_row)
     */
    if (!cb_table_precomputed(table) && (cb_game_rule_info(game)->hidden || cb_table_width(table) != 1))
        return cb_error_set(err, CB_ETOOBIG,
                            "the exact solver reads a precomputed feedback table for Symble and for words of more "
                            "than 5 letters (%.3g GiB for %s), and this one computes feedback on the fly (--table "
                            "off, or no memory for the table)",
                            cb_table_bytes_needed(game) / (1u << 30), cb_game_name(game));
    return CB_OK;
}

int cb_optimal_fly_columns(const cb_game *game)
{
    double cells = (double)game->nguess * game->nsecret;
    return !cb_game_rule_info(game)->hidden && cb_table_bytes_needed(game) <= cells &&
           game->nsecret >= CB_LBSCAN_ROOT_MIN && cells <= (double)CB_FLY_COLUMNS_MAX;
}

/* What the game and the table allow the solver, and the fields of S that follow from the options. */
static int set_fields(cbo_solver *S, const cb_table *table, const cb_optimal_options *opt, cb_error *err)
{
    const cb_game *game = S->game;
    int rc = cb_optimal_table_check(table, err);
    if (rc != CB_OK)
        return rc;
    if (cb_table_width(table) > 2)
        return cb_error_set(err, CB_ETOOBIG, "the exact solver handles codes of up to 10 symbols under word rules");
    S->pairs = cb_game_rule_info(game)->hidden;
    if (S->pairs && !game->observe)
        return cb_error_set(err, CB_ETOOBIG, "the exact solver handles Symble words of up to 10 letters");
    if ((uint64_t)game->nsecret * (S->pairs ? (unsigned)CB_MAPPINGS : 1u) > (1u << 30))
        return cb_error_set(err, CB_ETOOBIG, "too many secrets for the exact solver");
    S->hard = opt->from && cb_state_hard(opt->from);
    S->cands = opt->candidates_only != 0;
    S->top = opt->top > 0 ? opt->top : 0;
    S->dedup = !S->hard && !S->cands;
    S->limit = opt->from ? cb_state_max_guesses(opt->from) : 0; /* the position's: the one carrier of it */
    S->maxd = S->limit;
    S->nvals = game->fb_count;
    S->won = game->won;
    S->p3 = cb_pow3(game->n);
    S->obs = game->observe;
    S->lw = cb_table_width(table);
    cb_cpu_level level = cb_cpu_level_current(); /* every kernel of the search at one level, chosen once */
    S->rowk = cbo_row_kernel(level);
    S->rowblk = cbo_block_kernel(level);
    S->lbcount = cbo_lbcount_kernel(level);
    S->lbsets = cbo_lbsets_kernel(level);
    S->scanlb = cbo_scanlb_kernel(level);
    S->tabk = cbt_kernel_pick(game->rule, level);
    if (S->nvals > (S->lw == 1 ? 256u : 65536u))
        return cb_error_set(err, CB_ETOOBIG, "feedback ids do not fit the solver's tables");
    S->gbase = cb_table_row(table, 0); /* NULL on the fly: the root's rows are computed */
    S->gstride = game->nguess > 1 && S->gbase
                     ? (size_t)((const uint8_t *)cb_table_row(table, 1) - S->gbase) / (size_t)S->lw
                     : game->nsecret;
    S->keywide = (uint64_t)game->nsecret * (S->pairs ? (unsigned)CB_MAPPINGS : 1u) > 65535u;
    S->siglen = game->n + game->k;
    S->sym = opt->symmetry && sym_possible(game) && !S->pairs;
    S->best_root = UINT64_MAX;
    S->told = CBO_INF;
    uint64_t entries =
        (opt->from ? cb_state_count(opt->from) : game->nsecret) * (S->pairs ? (unsigned)CB_MAPPINGS : 1u);
    S->nthreads = cbb_threads(opt->threads);
    if (S->nthreads < 1 || entries < 256)
        S->nthreads = 1; /* tiny games take longer to share than to solve */
    return CB_OK;
}

/*
 * Hard mode's letter counts of each guess, and the secret-major table of
 * the look-ahead bounds (scan_lb), for a search big enough to gain from it.
 */
static int build_tables(cbo_solver *S)
{
    const cb_game *game = S->game;
    if (S->hard) {
        S->lc = calloc((size_t)game->nguess * (size_t)game->k, 1);
        if (!S->lc)
            return CB_ENOMEM;
        for (uint32_t g = 0; g < game->nguess; g++)
            for (int i = 0; i < game->n; i++)
                S->lc[(size_t)g * (size_t)game->k + cb_game_code(game, g)[i]]++;
        if (cbg_hard_packed(game)) {
            if (!(S->pk = malloc((size_t)game->nguess * 2 * sizeof *S->pk)))
                return CB_ENOMEM;
            for (uint32_t g = 0; g < game->nguess; g++) {
                S->pk[2 * (size_t)g] = cbg_code_pack(cb_game_code(game, g), game->n);
                S->pk[2 * (size_t)g + 1] = cbg_counts_pack(S->lc + (size_t)g * (size_t)game->k, game->k);
            }
        }
    }
    size_t entries = S->opt.from ? cb_state_count(S->opt.from) : game->nsecret;
    if (S->pairs || S->lw != 1 || entries < CB_LBSCAN_ROOT_MIN ||
        (uint64_t)game->nguess * game->nsecret > ((uint64_t)1 << 28))
        return CB_OK;
    if (!S->gbase) { /* on the fly: the secret-major table alone, the only copy of the feedback in memory */
        if (cb_optimal_fly_columns(game))
            S->tt = cbt_columns_fly(S->table, S->nthreads);
    } else {
        /* the table's own secret-major copy, made once and shared by every search on it (the coach runs many) */
        S->tt = cbt_columns(S->table);
        if (!S->tt && (S->tt_own = cbb_alloc_big((size_t)game->nguess * game->nsecret))) {
            cbb_transpose(S->gbase, S->gstride, game->nguess, game->nsecret, S->tt_own, game->nguess);
            S->tt = S->tt_own;
        }
    }
    for (int i = 0; i < S->nthreads && S->tt; i++) /* a workspace's kept ones are cleared already */
        if (!S->tls[i].lbbm && !(S->tls[i].lbbm = calloc(CB_LBSCAN_BLOCK, sizeof *S->tls[i].lbbm)))
            return CB_ENOMEM;
    return CB_OK;
}

/*
 * The solver's set-up: CB_ECANCELED when the time limit or the cancel flag
 * stops it (the clock runs from the call: set-up counts in the time limit).
 */
static int solver_init(cbo_solver *S, const cb_table *table, const cb_optimal_options *opt, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    memset(S, 0, sizeof *S);
    S->game = game;
    S->table = table;
    S->opt = *opt;
    S->t0 = cb_seconds();
    S->deadline = opt->time_limit > 0 ? S->t0 + opt->time_limit : 0;
    if (S->opt.progress_interval <= 0)
        S->opt.progress_interval = 1.0;
    if (opt->workspace && !cbo_workspace_claim(opt->workspace)) {
        S->opt.workspace = NULL; /* not ours to give back */
        return cb_error_set(err, CB_EINVAL, "the solver's workspace is in use by another search");
    }
    int rc = check_options(game, opt, err);
    if (rc == CB_OK)
        rc = set_fields(S, table, opt, err);
    if (rc != CB_OK)
        return rc;
    if (cbo_threads_alloc(S) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    if (cbo_check_cancel(S))
        return CB_ECANCELED;
    if (build_tables(S) != CB_OK || (S->sym && !(S->root_grp = cbo_sym_root(game))))
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    if (cbo_check_cancel(S))
        return CB_ECANCELED;
    cbo_cache_take(S); /* the workspace's, cleared, or none */
    if (cbo_new_cache(S) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory for the cache");
    cbo_ckpt_init(S);
    return cbo_check_cancel(S) ? CB_ECANCELED : CB_OK;
}

static void fill_result(cbo_solver *S, cbo_search_run *R, cb_optimal_result *res)
{
    res->openers = R->openers;
    res->openers_searched = R->nopen;
    R->openers = NULL;
    res->opener_count = R->opener_count;
    res->nodes = cbo_total_nodes(S);
    res->work = cbo_total_work(S);
    res->cache_entries = cbo_cache_entries(S->cache);
}

/* The error of a known result k (opt.known) that does not hold, saying why. */
static int known_refused(const cbo_solver *S, const cb_optimal_opener *k, const char *why, cb_error *err)
{
    char w[CB_MAX_LENGTH * 4 + 1], v[32] = "impossible";
    cb_game_format_code(S->game, k->guess, w, sizeof w);
    if (k->bound != UINT64_MAX)
        snprintf(v, sizeof v, "%s%llu", k->exact ? "" : ">=", (unsigned long long)k->bound);
    return cb_error_set(err, CB_EINVAL,
                        "the known result '%s %s' cannot hold (%s): it is damaged or from another search", w, v, why);
}

/* Build and check the tree of the strategy opening with R->best; its stats go to res. */
static int make_tree(cbo_solver *S, cbo_search_run *R, cb_optimal_result *res, cb_error *err)
{
    const cb_optimal_opener *k = cbo_known_opener(S, R->best); /* an earlier run's total, checked here */
    if (k && !k->exact)
        k = NULL; /* searched again here */
    cb_tree *tree;
    if (cb_tree_new(S->game, &tree) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    S->phase = 2;
    int rc = CB_OK;
    if (R->held) { /* built and checked by feasible_fallback */
        cb_tree_free(tree);
        tree = R->held;
        R->held = NULL;
    } else
        rc = cbo_build_tree(S, &R->rt.x, tree, CB_NONE, 0, R->best);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        if (rc == CB_ENOMEM || S->oom)
            return cb_error_set(err, CB_ENOMEM, "out of memory while building the tree");
        if (k)
            return known_refused(S, k, "its strategy cannot be rebuilt", err);
        return cb_error_set(err, CB_EINVAL, "internal error: the strategy could not be rebuilt (%s)", cb_strerror(rc));
    }
    cb_error e;
    rc = cbd_tree_verify(tree, S->table, S->opt.from,
                         S->hard ? (cb_hard)cb_game_rule_info(S->game)->hard_mode : CB_HARD_NONE, S->maxd, &res->stats,
                         &e);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        return cb_error_set(err, rc == CB_ENOMEM ? rc : CB_EINVAL,
                            "internal error: the strategy found fails its "
                            "check: %s",
                            e.message);
    }
    if ((int64_t)res->stats.total != R->bestv) {
        cb_tree_free(tree);
        if (k) {
            char why[64];
            snprintf(why, sizeof why, "its strategy, rebuilt, totals %llu", (unsigned long long)res->stats.total);
            return known_refused(S, k, why, err);
        }
        return cb_error_set(err, CB_EINVAL, "internal error: the strategy totals %llu, the search said %lld",
                            (unsigned long long)res->stats.total, (long long)R->bestv);
    }
    res->tree = tree;
    res->total = res->stats.total;
    res->first = R->best;
    return CB_OK;
}

/*
 * The greedy strategy cannot solve every secret within the limit on guesses
 * (hard mode often leaves it a set such as the words ending in -ATCH): a
 * search of whether each node can be solved within the guesses left (depth
 * only) tries the guesses in the same greedy order and takes the first that
 * can, so the strategy it builds is the greedy one wherever the greedy guess
 * does not lose. The tree, checked, goes to R->held and its total to
 * R->bestv; on a stop or when none exists, R->best stays CB_NONE. Its work
 * is bounded: by the caller's S->finish_limit, or when there is none (a
 * search stopped by its time limit alone) by CB_FALLBACK_MIN_WORK more.
 */
static int feasible_fallback(cbo_solver *S, cbo_search_run *R)
{
    S->top = 0;
    S->depth_only = 1;
    /* a search over every guess: bounded in work even when the search before it had no budget but a time limit */
    if (!S->finish_limit)
        S->finish_limit = cbo_total_work(S) + CB_FALLBACK_MIN_WORK;
    int rc = cbo_new_cache(S);
    free(R->openers);
    R->openers = NULL;
    if (rc == CB_OK)
        rc = cbo_search_root(S, R, 1);
    cb_tree *tree = NULL;
    if (rc == CB_OK && !cbo_stopped(S) && R->best != CB_NONE && R->bestv == 0) {
        rc = cb_tree_new(S->game, &tree);
        if (rc == CB_OK)
            rc = cbo_build_tree(S, &R->rt.x, tree, CB_NONE, 0, R->best);
    }
    R->bestv = CBO_INF;
    if (rc == CB_OK && tree && !cbo_stopped(S)) {
        cb_tree_stats st;
        cb_error e;
        if (cbd_tree_verify(tree, S->table, S->opt.from,
                            S->hard ? (cb_hard)cb_game_rule_info(S->game)->hard_mode : CB_HARD_NONE, S->maxd, &st,
                            &e) == CB_OK) {
            R->bestv = (int64_t)st.total;
            R->held = tree;
            tree = NULL;
        }
    }
    if (rc == CB_ECANCELED)
        rc = CB_OK; /* a stop while building: no strategy */
    if (R->bestv >= CBO_INF)
        R->best = CB_NONE;
    cb_tree_free(tree);
    S->depth_only = 0;
    return rc;
}

/*
 * After a stop without a strategy: the greedy strategy (top 1) gives an upper
 * bound. Its openers' totals are not proofs: the caller is not told of them.
 * Only the opener of least bound is played (the first in the solver's order
 * on ties), so that the work after a time limit stays that of one strategy.
 */
static int greedy_fallback(cbo_solver *S, cbo_search_run *R)
{
    uint64_t least = UINT64_MAX;
    for (size_t i = 0; R->openers && i < R->nopen; i++)
        if (R->openers[i].bound < least && R->openers[i].bound > 0) {
            least = R->openers[i].bound;
            S->opt.first = R->openers[i].guess;
        }
    S->top = 1;
    S->opt.on_opener = NULL;
    S->opt.on_best = NULL;
    S->deadline = 0;
    S->finishing = 1;
    S->fallback = 1;
    /* under a budget of work, the strategy gets as much again (or CB_FALLBACK_MIN_WORK): a game too big for it
     * ends with no strategy */
    uint64_t extra = S->opt.work_limit > CB_FALLBACK_MIN_WORK ? S->opt.work_limit : CB_FALLBACK_MIN_WORK;
    S->finish_limit = S->opt.work_limit ? cbo_total_work(S) + extra : 0;
    __atomic_store_n(&S->stop, 0, __ATOMIC_RELAXED);
    if (cbo_new_cache(S) != CB_OK)
        return CB_ENOMEM;
    int64_t lower = R->lower;
    cb_optimal_opener *ops = R->openers;
    size_t nops = R->nopen, count = R->opener_count;
    R->openers = NULL;
    int rc = cbo_search_root(S, R, CBO_INF);
    if (cbo_stopped(S)) { /* the budget ran out: no strategy */
        R->best = CB_NONE;
        R->bestv = CBO_INF;
    } else if (rc == CB_OK && S->maxd && (R->best == CB_NONE || R->bestv >= CBO_INF))
        rc = feasible_fallback(S, R);
    S->finish_limit = 0;
    S->fallback = 0;
    free(R->openers);
    R->openers = ops;
    R->nopen = nops;
    R->opener_count = count;
    R->lower = lower;
    return rc;
}

/* exact_top: the worst case of the strategy found for each exact opener among the N best (from the cache). */
static void rank_worst(cbo_solver *S, cbo_search_run *R)
{
    int n = S->opt.exact_top;
    uint64_t limit = UINT64_MAX;
    uint64_t *tot = malloc(R->nopen * sizeof *tot);
    size_t k = 0;
    for (size_t i = 0; tot && i < R->nopen; i++)
        if (R->openers[i].exact)
            tot[k++] = R->openers[i].bound;
    for (int j = 0; tot && j < n && (size_t)j < k; j++) { /* the n-th least total: a partial selection */
        size_t m = (size_t)j;
        for (size_t i = (size_t)j + 1; i < k; i++)
            m = tot[i] < tot[m] ? i : m;
        uint64_t t = tot[j];
        tot[j] = tot[m];
        tot[m] = t;
        limit = tot[j];
    }
    free(tot);
    for (size_t i = 0; i < R->nopen && !cbo_stopped(S); i++) {
        cb_optimal_opener *op = &R->openers[i];
        cb_tree *tree;
        cb_tree_stats st;
        cb_error e;
        if (!op->exact || op->bound > limit || cb_tree_new(S->game, &tree) != CB_OK)
            continue;
        if (cbo_build_tree(S, &R->rt.x, tree, CB_NONE, 0, op->guess) == CB_OK &&
            cbd_tree_verify(tree, S->table, S->opt.from,
                            S->hard ? (cb_hard)cb_game_rule_info(S->game)->hard_mode : CB_HARD_NONE, S->maxd, &st,
                            &e) == CB_OK &&
            st.total == op->bound)
            op->worst = st.max;
        cb_tree_free(tree);
    }
}

/* The search, then the tree; runs on one thread of a parallel team (the others take tasks). */
static int run_all(cbo_solver *S, cbo_search_run *R, cb_optimal_result *res, int *stopped_out, cb_error *err)
{
    int rc = cbo_ckpt_restore(S, &R->rt.x, err); /* an earlier run's points (opt.points) into the cache */
    if (rc != CB_OK)
        return rc;
    rc = cbo_run_search(S, R, res);
    if (rc == CB_EINVAL && R->bad)
        return known_refused(S, R->bad, R->bad_why, err);
    *stopped_out = cbo_stopped(S);
    /* no greedy strategy after a stop in the root's scan: it would scan the root again, past the time limit */
    if (rc == CB_OK && *stopped_out && R->best == CB_NONE && !S->oom && !S->canceled && !R->root_stopped)
        rc = greedy_fallback(S, R);
    if (S->oom)
        rc = CB_ENOMEM;
    if (rc != CB_OK)
        return cb_error_set(err, rc, rc == CB_ENOMEM ? "out of memory during the search" : "the search failed: %s",
                            cb_strerror(rc));
    if (R->best == CB_NONE || R->bestv >= CBO_INF) {
        /*
         * without a limit on guesses every opener solves every secret: "impossible" is never a result there,
         * but for a slice or list of openers that holds none that splits the position (nothing to search)
         */
        int subset = S->opt.openers || S->opt.slice_step > 1;
        if (!*stopped_out && !S->maxd && !S->opt.cutoff && !S->top && S->opt.objective == CB_OBJECTIVE_TOTAL &&
            !(subset && R->nopen == 0))
            return cb_error_set(err, CB_EINVAL, "%s",
                                S->opt.nknown ? "the known results exclude every opener, although without a limit on "
                                                "guesses every opener solves every secret: they are damaged or from "
                                                "another search"
                                              : "internal error: no strategy found without a limit on guesses");
        return CB_OK;
    }
    __atomic_store_n(&S->stop, 0, __ATOMIC_RELAXED);
    S->deadline = 0;
    S->finishing = 1;
    if (S->opt.exact_top > 1 && !*stopped_out)
        rank_worst(S, R);
    return make_tree(S, R, res, err);
}

int cb_optimal_solve(const cb_table *table, const cb_optimal_options *opt, cb_optimal_result *res, cb_error *err)
{
    cbo_solver S;
    cbo_search_run R;
    memset(res, 0, sizeof *res);
    memset(&R, 0, sizeof R);
    if (opt->cancel && __atomic_load_n(opt->cancel, __ATOMIC_RELAXED)) { /* cancelled already: not even the set-up */
        res->stopped = res->timed_out = 1;
        return CB_OK;
    }
    int rc = solver_init(&S, table, opt, err);
    if (rc == CB_OK && S.maxd && opt->from && cb_state_turns(opt->from) >= (size_t)S.maxd) {
        /* no guess is left within the limit: nothing is sure to win, proved without a search */
        res->proved = res->infeasible = 1;
        res->threads = S.nthreads;
        res->seconds = cb_seconds() - S.t0;
        solver_free(&S);
        return CB_OK;
    }
    if (rc == CB_OK && cbo_root_init(&S, &R.rt) != CB_OK)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK && cbo_check_cancel(&S))
        rc = CB_ECANCELED;
    if (rc == CB_ECANCELED) { /* stopped in the set-up: nothing proved, no strategy */
        res->stopped = 1;
        res->timed_out = 1;
        res->setup_stopped = 1;
        res->threads = S.nthreads;
        res->seconds = cb_seconds() - S.t0;
        rc = CB_OK;
        cbo_root_release(&R.rt);
        solver_free(&S);
        return rc;
    }
    if (rc != CB_OK) {
        cbo_root_release(&R.rt);
        solver_free(&S);
        return rc;
    }
    res->symmetries = S.sym ? cbo_sym_order(S.root_grp) : 1;
    res->threads = S.nthreads;
    S.next_report = cb_seconds() + S.opt.progress_interval;
    int was_stopped = 0;
#pragma omp parallel num_threads(S.nthreads)
#pragma omp single
    rc = run_all(&S, &R, res, &was_stopped, err);
    if (rc == CB_OK) {
        res->stopped = was_stopped;
        res->timed_out = was_stopped && __atomic_load_n(&S.timed_out, __ATOMIC_RELAXED);
        res->proved = !was_stopped && opt->top <= 0;
        res->setup_stopped = R.root_stopped;
        res->subset = opt->first == CB_NONE && (opt->openers || opt->slice_step > 1);
        res->book = R.book;
        res->cut = !was_stopped && opt->first == CB_NONE && opt->cutoff > 0 && opt->top <= 0 && R.best == CB_NONE &&
                   R.lower < CBO_INF;
        res->infeasible = !was_stopped && !res->cut && (R.best == CB_NONE || R.bestv >= CBO_INF);
        if (res->cut)
            res->proved = 0;
        if (res->proved)
            res->lower = res->infeasible ? 0 : res->total;
        else
            res->lower = R.lower >= CBO_INF ? 0 : (uint64_t)R.lower;
        fill_result(&S, &R, res);
        res->seconds = cb_seconds() - S.t0;
    }
    free(R.openers);
    cb_tree_free(R.held);
    cbo_root_release(&R.rt);
    solver_free(&S);
    if (rc != CB_OK)
        cb_optimal_result_release(res);
    return rc;
}

void cb_optimal_result_release(cb_optimal_result *res)
{
    if (!res)
        return;
    cb_tree_free(res->tree);
    free(res->openers);
    res->tree = NULL;
    res->openers = NULL;
}
