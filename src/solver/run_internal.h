/*
 * run_internal.h: one run of the solver (solver.c sets it up): the game, the
 * options, the kernels chosen for the processor level, the cache, each thread's
 * work areas, and the helpers that reach them.
 */
#ifndef CB_SOLVER_RUN_INTERNAL_H
#define CB_SOLVER_RUN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/game.h"
#include "codebreaker/feedback.h"
#include "codebreaker/optimal.h"
#include "codebreaker/version.h"
#include "base/parallel.h"
#include "game/game_internal.h"
#include "game/rule_internal.h"
#include "solver/cache_internal.h"
#include "solver/node_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/symmetry_internal.h"
#include "tuning.h"
#ifdef _OPENMP
#include <omp.h>
#endif

/* A slot of the per-thread hash set: valid when its stamp is the current generation. */
struct cbo_slot {
    uint64_t key;
    uint32_t val, stamp;
};

/* Each thread's work areas. */
typedef struct cbo_tls {
    _Alignas(16) uint8_t few[4][CB_FEWVALS]; /* byte counters, kept at zero between uses */
    cbo_arena arena;
    uint32_t *cnt; /* nvals counters, kept at zero between uses */
    uint32_t *cnt2;
    uint16_t *big;         /* 4 x 256 counters of the big rows (rowbig.c), kept at zero between uses */
    uint32_t *gmap;        /* game index -> kept row, CB_NONE between uses */
    struct cbo_slot *seen; /* stamped hash slots */
    uint32_t seen_cap, seen_mask, gen;
    uint64_t *rows; /* the scan's rows met (scan.c, rows_find): generation, tag, row; seen_cap of them */
    uint32_t rows_mask, rows_gen, rows_n;
    uint64_t (*lbbm)[4]; /* scan_lb's 256-bit sets, one per guess of a block, zero between uses */
    uint64_t nodes;
    uint64_t work; /* pairs (a guess against an entry) the scans of this thread looked at: the work budget's unit */
    char pad[64];
} cbo_tls;

/* One run of the solver: the game, the options, the cache, the threads and the clock. */
struct cbo_refine; /* scanlb.c's */

typedef struct cbo_solver {
    const cb_game *game;
    const cb_table *table;
    cb_optimal_options opt;
    int pairs, hard, cands, depth_only, top, dedup, maxd;
    int limit; /* the guess limit of opt.from (cb_state_max_guesses), 0: none; maxd starts there */
    uint32_t nvals, won, p3;
    int lw;              /* bytes per value */
    cbo_row_fn rowk;     /* the row kernel of the processor level in use when the run was set up */
    cbo_block_fn rowblk; /* and its block kernel, or NULL: no secret-major copies of the local tables */
    cbg_kernel_fn *tabk; /* the table's row kernel (cbt_kernel_pick), for rows computed on the fly */
    /* the look-ahead's count, its sets' popcount and the bound, likewise (cbo_lbcount_kernel ...) */
    void (*lbcount)(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals, uint32_t won,
                    uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon);
    void (*lbsets)(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts, uint8_t *haswon);
    int64_t (*scanlb)(struct cbo_solver *S, const struct cbo_node *x, int64_t known, int64_t target,
                      const cbg_hard_turn *h, const struct cbo_refine *rf, uint32_t *weak);
    const uint8_t *gbase;
    size_t gstride;
    const uint8_t *tt;   /* the game's table secret-major (tt[s * nguess + g]), for scan_lb; or NULL */
    uint8_t *tt_own;     /* tt when the solver made it (the table's shared copy could not be had) */
    const uint16_t *obs; /* Symble: obs[m * 3^n + raw] */
    uint8_t *lc;         /* hard mode: letter counts of each guess */
    uint64_t *pk; /* hard mode, codes of at most 8 symbols: guess g's code packed at 2g (cbg_code_pack), its counts at
                     2g + 1 (cbg_counts_pack); or NULL */
    int siglen;
    int keywide;
    cbo_cache *cache;
    cbo_cache *cache_prelude; /* the prelude's own cache (root.c) between its uses, cleared, or NULL */
    cbo_tls *tls;
    int nthreads;
    int stop, oom;
    int timed_out;         /* the stop came from the clock or the cancel flag, not from opt.work_limit */
    uint64_t finish_limit; /* the fallback after a stop stops at this much work (0: none; the search over every guess
                              always has one) */
    double t0, deadline, next_report;
    int finishing; /* after a stop: the strategy is being written down, which the cancel flag no longer stops */
    int fallback;  /* the greedy strategy after a stop is being searched: the cancel flag stops it */
    int canceled;  /* the cancel flag stopped the search: no greedy strategy is searched after it */
    uint64_t best_root;
    uint32_t cur_opener;
    size_t cur_index, opener_count;
    size_t settled; /* openers settled at the root (atomic) */
    int phase, phase_depth;
    int sym;
    int64_t told; /* the least total handed to opt.on_best (INF: none) */
    cbo_sym_group *root_grp;
    uint64_t ck_work; /* opt.on_point: the work a search takes for its point to be reported (0: none reported) */
    int ck_level;     /* the most turns of a restored point of a guess (opt.points; 0: none): looked up to there */
} cbo_solver;

static inline cbo_tls *cbo_me(cbo_solver *S)
{
#ifdef _OPENMP
    return &S->tls[omp_get_thread_num()];
#else
    return &S->tls[0];
#endif
}

static inline int cbo_stopped(const cbo_solver *S)
{
    return __atomic_load_n(&S->stop, __ATOMIC_RELAXED);
}

static inline int cbo_in_parallel(void)
{
#ifdef _OPENMP
    return omp_in_parallel();
#else
    return 0;
#endif
}

static inline void *cbo_alloc(cbo_solver *S, cbo_tls *T, size_t bytes)
{
    void *p = cbo_arena_alloc(&T->arena, bytes ? bytes : 1);
    if (!p) {
        __atomic_store_n(&S->oom, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    }
    return p;
}

/* A fresh generation of the per-thread hash set, with room for `items` keys. */
static inline void cbo_seen_reset(cbo_tls *T, uint32_t items)
{
    uint32_t size = 64;
    while (size < 2 * items && size < T->seen_cap)
        size <<= 1;
    T->seen_mask = size - 1;
    if (++T->gen == 0) {
        for (uint32_t i = 0; i < T->seen_cap; i++)
            T->seen[i].stamp = 0;
        T->gen = 1;
    }
}

/* Find key; when absent, insert it with val and return CB_NONE. Else return the stored val. */
static inline uint32_t cbo_seen_find(cbo_tls *T, uint64_t key, uint32_t val)
{
    uint32_t i = (uint32_t)(key ^ key >> 32) & T->seen_mask;
    for (;;) {
        struct cbo_slot *sl = &T->seen[i];
        if (sl->stamp != T->gen) {
            sl->stamp = T->gen;
            sl->key = key;
            sl->val = val;
            return CB_NONE;
        }
        if (sl->key == key)
            return sl->val;
        i = (i + 1) & T->seen_mask;
    }
}

#endif
