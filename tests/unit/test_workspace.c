/*
 * test_workspace.c: searches given a workspace kept from earlier searches
 * (cb_optimal_options.workspace) give what each gives in fresh memory, byte
 * for byte: totals, bounds, nodes, work, sets cached, every opener and the
 * tree written out, whatever game, position, options, budget, cache limit
 * and threads came before; a workspace is refused to a second search while
 * a first holds it.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "world.h"

typedef struct search_case {
    const char *name;
    world *w;
    const char *history;
    int hard, max_guesses, top, threads;
    const char *first; /* the opener alone, or NULL */
    uint64_t work;
    size_t cache_bytes;
} search_case;

typedef struct outcome {
    int rc;
    cb_optimal_result r;
    char *tree; /* the strategy written out, or NULL */
} outcome;

/* The nested search of on_best: refused, since the outer one holds the workspace. */
typedef struct nested {
    const cb_table *table;
    cb_optimal_workspace *ws;
    int calls, refused;
} nested;

static void on_best_nested(const cb_tree *tree, const cb_tree_stats *stats, void *arg)
{
    (void)tree;
    (void)stats;
    nested *n = arg;
    cb_optimal_options o;
    cb_optimal_result r;
    cb_error err;
    cb_optimal_options_default(&o);
    o.threads = 1;
    o.workspace = n->ws;
    n->calls++;
    if (!n->ws) /* the reference run: on_best called, nothing nested */
        return;
    int rc = cb_optimal_solve(n->table, &o, &r, &err);
    n->refused += rc == CB_EINVAL && strstr(err.message, "workspace") != NULL;
    if (rc == CB_OK)
        cb_optimal_result_release(&r);
}

static outcome run(const search_case *c, cb_optimal_workspace *ws, nested *nest)
{
    outcome out = {0};
    const cb_table *t = c->w->table;
    cb_state *st = NULL;
    cb_error err;
    out.rc = cb_state_new(t, &st);
    if (out.rc == CB_OK && c->history[0])
        out.rc = cb_state_apply_text(st, c->history, NULL, NULL, &err);
    if (out.rc == CB_OK)
        out.rc = cb_state_set_hard(st, c->hard ? CB_HARD_REVEALED : CB_HARD_NONE);
    if (out.rc == CB_OK)
        out.rc = cb_state_set_max_guesses(st, c->max_guesses);
    cb_optimal_options o;
    cb_optimal_options_default(&o);
    o.from = st;
    o.threads = c->threads;
    o.exact_top = c->top;
    o.work_limit = c->work;
    o.cache_bytes = c->cache_bytes;
    o.workspace = ws;
    if (nest) {
        o.on_best = on_best_nested;
        o.on_best_arg = nest;
    }
    if (out.rc == CB_OK && c->first)
        out.rc = cb_game_parse_code(c->w->game, c->first, &o.first, &err);
    if (out.rc == CB_OK)
        out.rc = cb_optimal_solve(t, &o, &out.r, &err);
    CHECK_MSG(out.rc == CB_OK, "%s: rc %d: %s", c->name, out.rc, err.message);
    size_t len;
    FILE *f = out.rc == CB_OK && out.r.tree ? open_memstream(&out.tree, &len) : NULL;
    if (f) {
        CHECK_MSG(cb_tree_save(out.r.tree, t, f, CB_TREE_JSON, NULL, &err) == CB_OK, "%s: %s", c->name, err.message);
        fclose(f);
    }
    cb_state_free(st);
    return out;
}

static void release(outcome *o)
{
    if (o->rc == CB_OK)
        cb_optimal_result_release(&o->r);
    free(o->tree);
}

/* What a search in a workspace gave against the same search in fresh memory (on several threads: the figures
 * that do not hang on the threads' order). */
static void compare(const search_case *c, const char *when, const outcome *fresh, const outcome *kept)
{
    const cb_optimal_result *a = &fresh->r, *b = &kept->r;
    CHECK_MSG(fresh->rc == kept->rc, "%s, %s: rc %d against %d fresh", c->name, when, kept->rc, fresh->rc);
    if (fresh->rc != CB_OK || kept->rc != CB_OK)
        return;
    CHECK_MSG(a->proved == b->proved && a->stopped == b->stopped && a->infeasible == b->infeasible &&
                  a->total == b->total && a->lower == b->lower && a->first == b->first,
              "%s, %s: total %llu lower %llu (proved %d, stopped %d), fresh %llu %llu (%d, %d)", c->name, when,
              (unsigned long long)b->total, (unsigned long long)b->lower, b->proved, b->stopped,
              (unsigned long long)a->total, (unsigned long long)a->lower, a->proved, a->stopped);
    if (c->threads != 1)
        return;
    CHECK_MSG(a->nodes == b->nodes && a->work == b->work && a->cache_entries == b->cache_entries,
              "%s, %s: %llu nodes, %llu pairs, %llu sets; fresh %llu, %llu, %llu", c->name, when,
              (unsigned long long)b->nodes, (unsigned long long)b->work, (unsigned long long)b->cache_entries,
              (unsigned long long)a->nodes, (unsigned long long)a->work, (unsigned long long)a->cache_entries);
    int same = a->openers_searched == b->openers_searched && a->opener_count == b->opener_count;
    for (size_t i = 0; same && i < a->openers_searched; i++)
        same = a->openers[i].guess == b->openers[i].guess && a->openers[i].bound == b->openers[i].bound &&
               a->openers[i].exact == b->openers[i].exact && a->openers[i].worst == b->openers[i].worst;
    CHECK_MSG(same, "%s, %s: the openers differ from fresh ones", c->name, when);
    CHECK_MSG((!fresh->tree && !kept->tree) || (fresh->tree && kept->tree && strcmp(fresh->tree, kept->tree) == 0),
              "%s, %s: the trees differ", c->name, when);
}

int main(void)
{
    world wordle = open_world("wordle"), mm = open_world("mastermind");
    world small = {world_game(CB_RULE_MASTERMIND, 3, 3, 0), NULL};
    CHECK(small.game && cb_table_new(small.game, NULL, &small.table, NULL) == CB_OK);
    if (!small.table)
        return check_done("test_workspace");
    const search_case cases[] = {
        {"salet=.Y... ranked", &wordle, "salet=.Y...", 0, 6, 5, 1, NULL, 0, 0},
        {"crane=..Y.. hard", &wordle, "crane=..Y..", 1, 6, 0, 1, NULL, 0, 0},
        {"mastermind 1122=1B0W", &mm, "1122=1B0W", 0, 0, 0, 1, NULL, 0, 0},
        {"salet from the opening, stopped by its budget", &wordle, "", 0, 6, 0, 1, "salet", 50000000, 0},
        {"mastermind 3x3", &small, "", 0, 0, 0, 1, NULL, 0, 0},
        {"crane=..... in a cache of 1 MiB", &wordle, "crane=.....", 0, 6, 0, 1, NULL, 0, (size_t)1 << 20},
        {"crane=..Y.. on 2 threads", &wordle, "crane=..Y..", 0, 6, 0, 2, NULL, 0, 0},
    };
    enum { N = sizeof cases / sizeof cases[0] };
    outcome fresh[N];
    for (int i = 0; i < N; i++)
        fresh[i] = run(&cases[i], NULL, NULL);
    cb_optimal_workspace *ws = NULL;
    CHECK(cb_optimal_workspace_new(&ws) == CB_OK && ws);
    for (int pass = 0; ws && pass < 2; pass++) /* in order, then backwards: each after others of every kind */
        for (int k = 0; k < N; k++) {
            int i = pass ? N - 1 - k : k;
            outcome kept = run(&cases[i], ws, NULL);
            compare(&cases[i], pass ? "backwards" : "in order", &fresh[i], &kept);
            release(&kept);
        }
    /* a search calling another with its own workspace (from on_best): refused, and the outer one unchanged */
    nested none = {small.table, NULL, 0, 0}, nest = {small.table, ws, 0, 0};
    outcome ref = run(&cases[4], NULL, &none), outer = run(&cases[4], ws, &nest);
    CHECK_MSG(nest.calls > 0 && nest.refused == nest.calls && none.calls == nest.calls,
              "%d nested searches, %d refused, %d calls without", nest.calls, nest.refused, none.calls);
    compare(&cases[4], "with nested searches refused", &ref, &outer);
    release(&ref);
    release(&outer);
    outcome after = run(&cases[0], ws, NULL); /* the workspace is free again */
    compare(&cases[0], "after the refusals", &fresh[0], &after);
    release(&after);
    cb_optimal_workspace_free(ws);
    cb_optimal_workspace_free(NULL);
    for (int i = 0; i < N; i++)
        release(&fresh[i]);
    close_world(&small);
    close_world(&mm);
    close_world(&wordle);
    return check_done("test_workspace");
}
