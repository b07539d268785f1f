/*
 * workspace.c: each thread's work areas of a search (the stack allocator,
 * counters, hash sets), taken from the system or from a workspace kept by
 * the caller (cb_optimal_workspace, optimal.h) and given back to it cleared,
 * with the cache of solved sets: the searches of one process after the
 * first then find their pages resident instead of fresh ones the system
 * zeroes. Every buffer is handed to a search as a fresh one would be (zero,
 * or CB_NONE for gmap), so that a search reads nothing of the one before.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/lbcount_internal.h"
#include "solver/run_internal.h"
#include "solver/scanlb_internal.h"
#include "solver/workspace_internal.h"

/* One thread's kept buffers, with the sizes they were made for. */
typedef struct ws_thread {
    cbo_arena arena;
    uint32_t *cnt, *cnt2;
    size_t ncnt;
    uint16_t *big;
    struct cbo_slot *seen;
    uint64_t *rows;
    size_t nseen;
    uint32_t *gmap;
    size_t ngmap;
    uint64_t (*lbbm)[4];
} ws_thread;

struct cb_optimal_workspace {
    ws_thread *th; /* nth threads' */
    int nth;
    cbo_cache *cache, *prelude; /* cleared (cbo_cache_recycle), or NULL */
    int busy;                   /* a search holds it (atomic) */
};

int cbo_workspace_claim(cb_optimal_workspace *ws)
{
    return __atomic_exchange_n(&ws->busy, 1, __ATOMIC_ACQ_REL) == 0;
}

void cbo_workspace_unclaim(cb_optimal_workspace *ws)
{
    __atomic_store_n(&ws->busy, 0, __ATOMIC_RELEASE);
}

int cb_optimal_workspace_new(cb_optimal_workspace **out)
{
    *out = calloc(1, sizeof **out);
    return *out ? CB_OK : CB_ENOMEM;
}

static void thread_free(ws_thread *w)
{
    cbo_arena_release_all(&w->arena);
    free(w->cnt);
    free(w->cnt2);
    free(w->big);
    free(w->seen);
    free(w->rows);
    free(w->gmap);
    free(w->lbbm);
    memset(w, 0, sizeof *w);
}

void cb_optimal_workspace_free(cb_optimal_workspace *ws)
{
    if (!ws)
        return;
    for (int i = 0; i < ws->nth; i++)
        thread_free(&ws->th[i]);
    free(ws->th);
    cbo_cache_free(ws->cache);
    cbo_cache_free(ws->prelude);
    free(ws);
}

/* The hash set's slots for a game of ng guesses: at least 2^CB_SEEN_BITS, twice the guesses. */
static uint32_t seen_slots(uint32_t ng)
{
    uint32_t seen = 1u << CB_SEEN_BITS;
    while (seen < 2 * ng)
        seen <<= 1;
    return seen;
}

/*
 * Two arrays of n elements each (of sa and sb bytes), as calloc gives them,
 * into *a and *b: the kept ones when both are there and *have >= n, cleared
 * over n (no reader passes n: the set's masks and the counters' values stay
 * below it), else new ones, the kept ones freed and *have = n. Either is
 * NULL when memory runs out.
 */
static void take_pair(void **a, size_t sa, void **b, size_t sb, size_t *have, size_t n)
{
    if (*a && *b && *have >= n) {
        memset(*a, 0, n * sa);
        memset(*b, 0, n * sb);
        return;
    }
    free(*a);
    free(*b);
    *a = calloc(n, sa);
    *b = calloc(n, sb);
    *have = n;
}

/*
 * T's buffers from w where they are big enough (cleared to what calloc
 * would give), else new ones; w's others freed. CB_ENOMEM.
 */
static int thread_take(const cbo_solver *S, cbo_tls *T, ws_thread *w)
{
    const cb_game *game = S->game;
    size_t ncnt = S->nvals + 1, ng = game->nguess;
    uint32_t seen = seen_slots(game->nguess);
    T->arena = w->arena; /* blocks kept, none in use (cbo_arena_recycle) */
    void *a = w->cnt, *b = w->cnt2;
    take_pair(&a, sizeof *T->cnt, &b, sizeof *T->cnt2, &w->ncnt, ncnt);
    T->cnt = a;
    T->cnt2 = b;
    if ((T->big = w->big) != NULL)
        memset(T->big, 0, 4 * 256 * sizeof *T->big);
    else
        T->big = calloc(4 * 256, sizeof *T->big);
    a = w->seen;
    b = w->rows;
    take_pair(&a, sizeof *T->seen, &b, sizeof *T->rows, &w->nseen, seen);
    T->seen = a;
    T->rows = b;
    T->seen_cap = seen;
    T->seen_mask = seen - 1;
    if (!w->gmap || w->ngmap < ng) {
        free(w->gmap);
        w->gmap = malloc(ng * sizeof *T->gmap);
        w->ngmap = ng;
    }
    if ((T->gmap = w->gmap) != NULL)
        memset(T->gmap, 0xff, ng * sizeof *T->gmap);
    if ((T->lbbm = w->lbbm) != NULL)
        memset(T->lbbm, 0, CB_LBSCAN_BLOCK * sizeof *T->lbbm);
    ws_thread sizes = {.ncnt = w->ncnt, .nseen = w->nseen, .ngmap = w->ngmap};
    *w = sizes; /* T holds the buffers now; their sizes stay here for cbo_threads_release */
    return T->cnt && T->cnt2 && T->big && T->seen && T->rows && T->gmap ? CB_OK : CB_ENOMEM;
}

int cbo_threads_alloc(cbo_solver *S)
{
    cb_optimal_workspace *ws = S->opt.workspace;
    S->tls = calloc((size_t)S->nthreads, sizeof *S->tls);
    if (!S->tls)
        return CB_ENOMEM;
    if (ws && ws->nth < S->nthreads) {
        ws_thread *th = realloc(ws->th, (size_t)S->nthreads * sizeof *th);
        if (!th)
            return CB_ENOMEM;
        memset(th + ws->nth, 0, (size_t)(S->nthreads - ws->nth) * sizeof *th);
        ws->th = th;
        ws->nth = S->nthreads;
    }
    int rc = CB_OK;
    for (int i = 0; i < S->nthreads; i++) {
        ws_thread fresh = {0};
        if (thread_take(S, &S->tls[i], ws ? &ws->th[i] : &fresh) != CB_OK)
            rc = CB_ENOMEM;
    }
    return rc;
}

/* T's buffers back into w (kept, the arena's blocks up to CB_WORKSPACE_KEEP), or freed when w is NULL. */
static void thread_give(cbo_tls *T, ws_thread *w)
{
    ws_thread got = {T->arena, T->cnt, T->cnt2, 0, T->big, T->seen, T->rows, 0, T->gmap, 0, T->lbbm};
    if (!w) {
        thread_free(&got);
        return;
    }
    got.ncnt = w->ncnt;
    got.nseen = w->nseen;
    got.ngmap = w->ngmap;
    cbo_arena_recycle(&got.arena, CB_WORKSPACE_KEEP);
    *w = got;
}

void cbo_threads_release(cbo_solver *S)
{
    cb_optimal_workspace *ws = S->opt.workspace;
    for (int i = 0; S->tls && i < S->nthreads; i++)
        thread_give(&S->tls[i], ws && i < ws->nth ? &ws->th[i] : NULL);
    free(S->tls);
    S->tls = NULL;
}

void cbo_cache_take(cbo_solver *S)
{
    cb_optimal_workspace *ws = S->opt.workspace;
    if (ws) {
        S->cache = ws->cache;
        S->cache_prelude = ws->prelude;
        ws->cache = ws->prelude = NULL;
    }
}

/* c into *keep, cleared, when there is a workspace; else freed. */
static void give(cbo_cache *c, cb_optimal_workspace *ws, cbo_cache **keep)
{
    if (ws && c) {
        cbo_cache_recycle(c, CB_WORKSPACE_KEEP);
        cbo_cache_free(*keep); /* none: it was taken */
        *keep = c;
    } else
        cbo_cache_free(c);
}

void cbo_cache_give(cbo_solver *S)
{
    cb_optimal_workspace *ws = S->opt.workspace;
    give(S->cache, ws, ws ? &ws->cache : NULL);
    give(S->cache_prelude, ws, ws ? &ws->prelude : NULL);
    S->cache = S->cache_prelude = NULL;
}
