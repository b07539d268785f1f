/*
 * solver_internal.h: the exact solver's private parts shared between its files:
 * a stack allocator, the cache of solved sets and the symmetry groups
 * (cache.c, symmetry.c), the search's nodes and state, and how a node's guesses
 * split it (rows.c, count.c, scan.c, scanlb.c, split.c). The search is search.c
 * and root.c; solver.c sets a run up.
 */
#ifndef CB_SOLVER_INTERNAL_H
#define CB_SOLVER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/game.h"
#include "codebreaker/feedback.h"
#include "codebreaker/optimal.h"
#include "codebreaker/version.h"
#include "base/parallel.h"
#include "game/game_internal.h"
#include "game/rule_internal.h"
#include "tuning.h"
#ifdef _OPENMP
#include <omp.h>
#endif

/*
 * A stack allocator: memory comes from big blocks and goes back in the
 * reverse order, by returning to a mark. Blocks never move, so pointers stay
 * valid until their mark is released.
 */

typedef struct cbo_arena_block {
    char *mem;
    size_t size, used;
} cbo_arena_block;

typedef struct cbo_arena {
    cbo_arena_block blk[CB_ARENA_BLOCKS];
    int nblk, cur;
} cbo_arena;

typedef struct cbo_mark {
    int cur;
    size_t used;
} cbo_mark;

void cbo_arena_init(cbo_arena *a);
void cbo_arena_release_all(cbo_arena *a);
/* bytes (aligned to 64) or NULL when out of memory. */
void *cbo_arena_alloc(cbo_arena *a, size_t bytes);
cbo_mark cbo_arena_mark(const cbo_arena *a);
void cbo_arena_reset(cbo_arena *a, cbo_mark m);

/*
 * The cache: key bytes (the candidate set and what else decides its value)
 * -> a proved lower bound, the exact value when known and the best guess.
 * Safe to use from many threads at once. When its memory limit is reached it
 * keeps its entries and stops adding new ones.
 */
typedef struct cbo_cache cbo_cache;

typedef struct cbo_cache_value {
    int64_t lb;    /* proved lower bound */
    int64_t exact; /* exact value, or -1 */
    uint32_t best; /* a best guess when exact, else CB_NONE */
} cbo_cache_value;

/* A cache holding at most limit_bytes, with buckets for about expect_bytes of entries. */
int cbo_cache_new(size_t limit_bytes, size_t expect_bytes, int threads, cbo_cache **out);
void cbo_cache_free(cbo_cache *c);
uint64_t cbo_cache_hash(const void *key, size_t len);
/* 1 and *v when key is present. */
int cbo_cache_get(cbo_cache *c, const void *key, size_t len, uint64_t hash, cbo_cache_value *v);
/* Merge v into the entry of key (raising lb, setting exact), creating it when there is room. */
void cbo_cache_put(cbo_cache *c, int thread, const void *key, size_t len, uint64_t hash, const cbo_cache_value *v);
uint64_t cbo_cache_entries(const cbo_cache *c);
/* The number of buckets now: they grow with the entries (cache.c, grow). */
size_t cbo_cache_buckets(const cbo_cache *c);

/*
 * Symmetries of complete dictionaries: a group of maps of codes, each a
 * permutation of positions (perm[j]: the position whose symbol moves to j)
 * and of colours. The group is stored as a list of elements whose colour map
 * is fixed on the colours already used by the history (`used`), times every
 * permutation of the unused colours. Every element fixes each guess of the
 * history, so it maps the candidates onto themselves.
 */
typedef struct cbo_sym_el {
    uint8_t perm[CB_MAX_LENGTH];
    uint8_t col[CB_MAX_SYMBOLS]; /* image of each used colour */
} cbo_sym_el;

typedef struct cbo_sym_group {
    uint32_t count; /* list elements */
    uint64_t used;  /* bit mask of used colours */
    int k, n;
    cbo_sym_el *el;
} cbo_sym_group;

/* Order of the group (list size times (unused colours)!), saturating. */
uint64_t cbo_sym_order(const cbo_sym_group *g);
/* 1 when the group is just the identity. */
int cbo_sym_trivial(const cbo_sym_group *g);
/*
 * Canonical form of code (n symbols) under the group: the least image, as a
 * base-k number. Codes of one orbit, and only they, share it.
 */
uint64_t cbo_sym_canon(const cbo_sym_group *g, const uint8_t *code);
/* 1 when no element of g maps code to a lexicographically smaller code (code is the least of its orbit). */
int cbo_sym_least(const cbo_sym_group *g, const uint8_t *code);
/* The elements of g that fix code, into out (room for g->count elements). */
void cbo_sym_stabilizer(const cbo_sym_group *g, const uint8_t *code, cbo_sym_group *out);
/*
 * The group of game's root, nothing played: every permutation of the positions (Mastermind rules, at
 * most 8 pegs) or the identity, no colour fixed. NULL without memory; the caller frees it (cbo_sym_free).
 */
cbo_sym_group *cbo_sym_root(const cb_game *game);
/* Free g and its elements (NULL is fine). */
void cbo_sym_free(cbo_sym_group *g);

/* ---- the search's shared state (search.c and root.c search, the scan's files look at nodes) ---- */

#define INF ((int64_t)1 << 60)
#define UNL 255 /* no limit on the guesses left */

/* A set of entries and the guesses that may be played there (see search.c). */
typedef struct node {
    uint32_t n;           /* entries */
    const uint32_t *sid;  /* entry ids, increasing: secret, or secret * CB_MAPPINGS + mapping */
    const uint32_t *col;  /* column of each entry in base */
    const uint32_t *crow; /* row in base of each entry's codeword played as a guess, or CB_NONE */
    const uint8_t *base;
    size_t stride;            /* values per row of base */
    int raw;                  /* base is the game's table: Symble values still need a mapping */
    uint32_t m;               /* guesses */
    const uint32_t *row;      /* row in base of each guess; NULL: guess j is row j */
    const uint32_t *gid;      /* game index of each guess */
    int d;                    /* guesses left, or UNL */
    int level;                /* guesses played since the root */
    uint32_t cg, cfb;         /* hard mode: the turn that led here (cg CB_NONE: none) */
    const uint8_t *sig;       /* hard mode: greens and least letter counts so far, or NULL: psig and the turn */
    const uint8_t *psig;      /* with sig NULL: the parent's (most parts never reach the cache, which needs it) */
    const cbo_sym_group *grp; /* symmetries fixing the history, or NULL */
    uint32_t bmax;            /* no guess makes more parts than this here (won included) */
    struct lbtab *up;         /* or NULL: the parent's guesses ordered for scan_lb (guess j is the parent's kept j) */
    struct ltcopy *ltc;       /* or NULL: base secret-major, made when a part first reads it (scan.c) */
    uint32_t ncw;             /* codewords among the entries */
    uint32_t maxsame;         /* most entries of one codeword */
} node;

/*
 * What scan_lb of a node's parts reads (scan.c makes it, scanlb.c reads it): the node's kept guesses
 * by their number of parts there, most first (no guess makes more parts in a
 * part than in the node), and their values, secret-major in blocks of
 * CB_LBSCAN_BLOCK guesses, filled when first read. One thread reads it.
 */
typedef struct lbtab {
    uint32_t n, k;         /* the node's entries, its kept guesses */
    const uint32_t *sid;   /* the node's entries */
    const uint32_t *gid;   /* the kept guesses */
    const uint16_t *parts; /* parts of each kept guess at the node, won included */
    uint32_t *ord;         /* kept guesses by parts, most first, ties in list order */
    uint8_t *t;            /* block b, entry i: CB_LBSCAN_BLOCK values at (b * n + i) * CB_LBSCAN_BLOCK */
    uint32_t ready;        /* blocks filled */
} lbtab;

/* What the scan of a node keeps: the guesses worth playing there. */
/*
 * A local table's secret-major copy (scan.c): row e of t holds entry e's values of the k rows of lt
 * (n values each), ts bytes a row and 32 bytes of slack. The node's scan makes room for it; the
 * first of its parts that reads it fills it, one thread at a time (`ready` published after).
 */
typedef struct ltcopy {
    const uint8_t *lt;
    uint8_t *t;
    size_t ts;
    uint32_t n, k;
    int ready;
} ltcopy;

typedef struct scan {
    uint32_t k;           /* guesses kept */
    uint32_t *gid, *srow; /* game index and row in the node's base */
    int64_t *lb;          /* lower bound of the total when playing it (exact when tx) */
    uint64_t *key;        /* greedy order, least first */
    uint8_t *tx;          /* every part is trivial: lb is the exact total */
    uint8_t *lt;          /* local table: k rows of n values, or NULL */
    struct ltcopy *ltc;   /* or NULL: lt secret-major, for the parts' scans (scan.c) */
    uint32_t *kc;         /* with lt: row of each entry's codeword, or CB_NONE */
    int64_t lbmin;
    uint32_t bmax;
    uint32_t early; /* a kept guess proved optimal during the scan, or CB_NONE */
    lbtab *tab;     /* or NULL: for the parts' scan_lb (with a local table, below the root, under a budget) */
} scan;

/* A slot of the per-thread hash set: valid when its stamp is the current generation. */
struct slot {
    uint64_t key;
    uint32_t val, stamp;
};

/* Each thread's work areas. */
typedef struct tls {
    _Alignas(16) uint8_t few[4][CB_FEWVALS]; /* byte counters, kept at zero between uses */
    cbo_arena arena;
    uint32_t *cnt; /* nvals counters, kept at zero between uses */
    uint32_t *cnt2;
    uint32_t *gmap;    /* game index -> kept row, CB_NONE between uses */
    struct slot *seen; /* stamped hash slots */
    uint32_t seen_cap, seen_mask, gen;
    uint64_t *rows; /* the scan's rows met (scan.c, rows_find): generation, tag, row; seen_cap of them */
    uint32_t rows_mask, rows_gen, rows_n;
    uint64_t (*lbbm)[4]; /* scan_lb's 256-bit sets, one per guess of a block, zero between uses */
    uint64_t nodes;
    uint64_t work; /* pairs (a guess against an entry) the scans of this thread looked at: the work budget's unit */
    char pad[64];
} tls;

/* ---- rowkern.c: the scans' row kernel ---- */

/* How one guess splits a node's entries (cbo_row_fn). */
typedef struct cbo_rowfig {
    uint32_t parts;   /* distinct values */
    uint32_t pairs;   /* pairs of entries of equal values */
    uint32_t won;     /* entries whose value is `won` */
    uint32_t maxpart; /* most entries of one value */
    uint64_t hash;    /* when asked, cbo_row_hash of the values; else 0 */
} cbo_rowfig;

/*
 * What every row of one scan shares: the node's n >= 1 columns col (contig: col[e] is e, and the
 * values may be read in place), `won`, the values' count nvals <= 256, whether to hash the rows,
 * and the thread's counters (cnt, cnt2, few; left at zero) and set of rows (rows: the vector
 * kernels fetch the slot a row's hash points to).
 */
typedef struct cbo_rowctx {
    const uint32_t *col;
    uint32_t n, won, nvals;
    int contig, hash;
    tls *T;
} cbo_rowctx;
/*
 * Row rp of a node's one-byte values read at the columns of c: the values into out[0..n) (which
 * may be written up to 15 bytes past n; rp, when contig, read as far past n) and their figures
 * into *f.
 */
typedef void (*cbo_row_fn)(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/*
 * A hash of the n one-byte values v, the same at every level: each 64-bit word of v, zero past n up
 * to a multiple of 32 bytes, as two 32-bit halves plus keys, multiplied, the products summed, mixed.
 */
uint64_t cbo_row_hash(const uint8_t *v, uint32_t n);
/* The plain count, one counter a value (the tests' reference). */
void cbo_row_ref(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/* The baseline level's kernel (SSE2 on x86-64). */
void cbo_row_base(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/* The kernel of a processor level (cb_cpu_level): the best this build has at or below it. */
cbo_row_fn cbo_row_kernel(cb_cpu_level level);
/*
 * The figures of nb <= 32 rows at once, for nodes of at most CB_ROWBLOCK_MAX entries and
 * nvals <= 255 (c->col unused): entry e's values of the nb rows in the 32 bytes at in[e] (byte b:
 * row b, read whole), row b itself at rows + b * rs (n bytes, readable 16 past n; hashed when
 * c->hash), its figures into f[b] as cbo_row_ref gives them.
 */
typedef void (*cbo_block_fn)(const cbo_rowctx *c, const uint8_t *const *in, const uint8_t *rows, size_t rs, uint32_t nb,
                             cbo_rowfig *f);
/*
 * The block kernel of a processor level, or NULL (the baseline level has none: the secret-major
 * copies that feed it cost more than its counters save, and a scan reads its rows as before).
 */
cbo_block_fn cbo_block_kernel(cb_cpu_level level);

/* One run of the solver: the game, the options, the cache, the threads and the clock. */
struct cbo_refine; /* scanlb.c's */

typedef struct solver {
    const cb_game *game;
    const cb_table *table;
    cb_optimal_options opt;
    int pairs, hard, cands, depth_only, top, dedup, maxd;
    uint32_t nvals, won, p3;
    int lw;              /* bytes per value */
    cbo_row_fn rowk;     /* the row kernel of the processor level in use when the run was set up */
    cbo_block_fn rowblk; /* and its block kernel, or NULL: no secret-major copies of the local tables */
    cbg_kernel_fn *tabk; /* the table's row kernel (cbt_kernel_pick), for rows computed on the fly */
    /* the look-ahead's count, its sets' popcount and the bound, likewise (cbo_lbcount_kernel ...) */
    void (*lbcount)(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals, uint32_t won,
                    uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon);
    void (*lbsets)(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts, uint8_t *haswon);
    int64_t (*scanlb)(struct solver *S, const struct node *x, int64_t known, int64_t target, const cbg_hard_turn *h,
                      const struct cbo_refine *rf, uint32_t *weak);
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
    tls *tls;
    int nthreads;
    int stop, oom;
    int timed_out;         /* the stop came from the clock or the cancel flag, not from opt.work_limit */
    uint64_t finish_limit; /* with opt.work_limit, the greedy strategy after a stop stops at this much work (0: none) */
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
} solver;

/* The parts of a node for one guess, with their lower bounds. */
typedef struct kids {
    uint32_t count;
    node *c;
    int64_t *lb;
    uint8_t *done; /* lb is exact */
    int64_t wc;
} kids;

enum { Q_OPEN = 0, Q_DONE = 1 };

/* ---- small helpers ---- */

static inline int64_t sat(int64_t v)
{
    return v >= INF ? INF : v;
}
static inline int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}
static inline int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static inline tls *me(solver *S)
{
#ifdef _OPENMP
    return &S->tls[omp_get_thread_num()];
#else
    return &S->tls[0];
#endif
}

static inline int stopped(const solver *S)
{
    return __atomic_load_n(&S->stop, __ATOMIC_RELAXED);
}

static inline int child_d(int d)
{
    return d == UNL ? UNL : d - 1;
}

/*
 * A budget that cannot cut anything short (INF less some bounds). Only then
 * are the parts of an opener solved in parallel: under a real budget the
 * one-by-one order, small parts first, usually cuts the guess off early,
 * and concurrent work would run with budgets already stale.
 */
static inline int unbounded(int64_t beta)
{
    return beta > INF / 2;
}

static inline int in_parallel(void)
{
#ifdef _OPENMP
    return omp_in_parallel();
#else
    return 0;
#endif
}

static inline __attribute__((always_inline)) uint32_t get(const uint8_t *p, size_t i, int w)
{
    return w == 1 ? p[i] : ((const uint16_t *)(const void *)p)[i];
}

static inline __attribute__((always_inline)) void put(uint8_t *p, size_t i, uint32_t v, int w)
{
    if (w == 1)
        p[i] = (uint8_t)v;
    else
        ((uint16_t *)(void *)p)[i] = (uint16_t)v;
}

static inline uint32_t guess_row(const node *x, uint32_t j)
{
    return x->row ? x->row[j] : j;
}

static inline void *alloc(solver *S, tls *T, size_t bytes)
{
    void *p = cbo_arena_alloc(&T->arena, bytes ? bytes : 1);
    if (!p) {
        __atomic_store_n(&S->oom, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&S->stop, 1, __ATOMIC_RELAXED);
    }
    return p;
}

/* A fresh generation of the per-thread hash set, with room for `items` keys. */
static inline void seen_reset(tls *T, uint32_t items)
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
static inline uint32_t seen_find(tls *T, uint64_t key, uint32_t val)
{
    uint32_t i = (uint32_t)(key ^ key >> 32) & T->seen_mask;
    for (;;) {
        struct slot *sl = &T->seen[i];
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

/* ---- lbcount.c: the look-ahead's count ---- */

/*
 * For the jn guesses (at most CB_LBSCAN_BLOCK) of a block whose values for
 * entry e are the row blk + col[e] * CB_LBSCAN_BLOCK (rows of CB_LBSCAN_BLOCK
 * bytes, all readable; values below nvals <= 256): parts[b] = how many
 * distinct values guess b makes, haswon[b] = whether one is `won`. parts and
 * haswon have room for CB_LBSCAN_BLOCK; bm is CB_LBSCAN_BLOCK zero sets,
 * left at zero. cbo_lbcount_kernel: the version of a processor level, the
 * best this build has at or below it.
 */
typedef void cbo_lbcount_fn(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t nvals,
                            uint32_t won, uint64_t (*bm)[4], uint16_t *parts, uint8_t *haswon);
cbo_lbcount_fn *cbo_lbcount_kernel(cb_cpu_level level);
/* The same, always the scalar version with the baseline's popcount (the tests' reference). */
void cbo_lb_count_ref(const uint8_t *blk, const uint32_t *col, uint32_t n, uint32_t jn, uint32_t won, uint64_t (*bm)[4],
                      uint16_t *parts, uint8_t *haswon);
/*
 * The parts and the win of the jn guesses whose sets are bm (marked by the caller), which it leaves at zero;
 * with the hardware popcount from level CB_CPU_AVX2 on (cbo_lbsets_kernel, as cbo_lbcount_kernel).
 */
typedef void cbo_lbsets_fn(uint64_t (*bm)[4], uint32_t jn, uint32_t won, uint16_t *parts, uint8_t *haswon);
cbo_lbsets_fn *cbo_lbsets_kernel(cb_cpu_level level);
/* The look-ahead bound of scanlb.c at a processor level (AVX2's or the baseline's), chosen once a search. */
typedef int64_t cbo_scanlb_fn(struct solver *S, const struct node *x, int64_t known, int64_t target,
                              const cbg_hard_turn *h, const struct cbo_refine *rf, uint32_t *weak);
cbo_scanlb_fn *cbo_scanlb_kernel(cb_cpu_level level);

/*
 * ---- how the guesses of a node split it: rows.c (values, hard mode), count.c (the candidates,
 * the generic count), scan.c (every guess), scanlb.c (the look-ahead bound), split.c (the parts) ----
 */

/* Lower bound for a part of c entries of w codewords, r guesses left, at most b parts per guess. */
int64_t cbo_part_lb(const solver *S, uint32_t c, uint32_t w, int r, uint32_t b);
/* Hard mode: g respects the turn h; sig (greens, least letter counts) after guess g got feedback fb. */
int cbo_respects(const solver *S, const cbg_hard_turn *h, uint32_t g);
void cbo_sig_apply(const solver *S, uint8_t *sig, uint32_t g, uint32_t fb);
/* x's signature into out (S->siglen bytes): x->sig, or its parent's (psig) with the turn that led to x. */
void cbo_sig_of(const solver *S, const node *x, uint8_t *out);
/* Lower bound for node x itself. */
int64_t cbo_node_lb(const solver *S, const node *x);
/* out[i] = the value of base row r for entry i of x (lw bytes each, 16 bytes of room after them). */
void cbo_fill(const solver *S, const node *x, uint32_t r, uint8_t *out);
/*
 * A candidate whose parts are all trivial (single entries, pairs, single
 * codewords) at the least possible cost: Q_DONE with *val and *best. Else
 * Q_OPEN, having raised *lb when no candidate splits into single entries.
 */
int cbo_candidates(solver *S, const node *x, int64_t *lb, int64_t *val, uint32_t *best);
/*
 * Look at every guess of x: drop those that split nothing, or (with a local
 * table) split exactly like an earlier one; bound the rest. Stops early when
 * a guess whose parts are all trivial meets `target`, a lower bound of x.
 * counted: cbo_scan_first counted the scan's work. Allocates in the thread's
 * arena; CB_ENOMEM.
 */
int cbo_scan(solver *S, const node *x, int64_t target, scan *sc, int counted);
/*
 * What cbo_scan_first tells: x is settled (its total *val, exact, with guess *gid), bounded at
 * *val >= beta, or open: not looked at, or looked at and its work counted (cbo_scan's `counted`).
 */
enum { CBO_SCAN_OPEN, CBO_SCAN_LOOKED, CBO_SCAN_SOLVED, CBO_SCAN_BOUND };
/*
 * A first look at a small node, the figures of each guess only (no row kept, no duplicates dropped):
 * what cbo_solve would conclude from cbo_scan, when that is the scan's early end (a guess whose parts
 * are all trivial at `known`, x's lower bound), a least bound at beta or more, or a guess whose parts
 * are all trivial at the least bound, with the same guess and the same work counted; else
 * CBO_SCAN_OPEN or CBO_SCAN_LOOKED. Half of a ranking's scans end so after keeping and comparing
 * thousands of rows (docs/optimal.md). Allocates nothing.
 */
int cbo_scan_first(solver *S, const node *x, int64_t known, int64_t beta, int64_t *val, uint32_t *gid);
/*
 * A lower bound of x from one guess of look-ahead (every allowed guess, no
 * table kept): at least `known`, which it returns as soon as a guess shows
 * that nothing more can be proved this way. It stops counting once the
 * guesses left are all bounded at `target` or more (INF: never): the bound
 * is then at least the lesser of the look-ahead's and `target`, and exactly
 * the look-ahead's when that is below `target`.
 */
int64_t cbo_scan_lb(solver *S, const node *x, int64_t known, int64_t target);
/*
 * The parts of x for the guess gid_played with values vec (one per entry):
 * the children, each with the list of guesses it inherits (sc's kept ones,
 * or x's own when sc is NULL) and the symmetries grp. CB_ENOMEM.
 */
int cbo_split(solver *S, const node *x, const scan *sc, const uint8_t *vec, uint32_t gid_played,
              const cbo_sym_group *grp, kids *out);

/* ---- the search (search.c), the root (root.c) and the set-up (solver.c) ---- */

/* The root node: every secret (every pair in Symble), every guess (or candidate); or the position opt.from. */
typedef struct root {
    node x;
    uint32_t *sid, *col, *crow, *gid, *row;
    uint8_t *sig;
    cbo_sym_group *grp; /* the symmetries that fix a position's history (opt.from), or NULL */
} root;

typedef struct search_run {
    root rt;
    cb_optimal_opener *openers;
    size_t nopen;
    uint32_t best; /* best opener */
    int64_t bestv; /* its total (exact) or INF */
    int64_t lower; /* proved lower bound at the root */
    uint64_t symmetries;
    size_t opener_count;
    const cb_optimal_opener *bad; /* a known result (opt.known) that cannot hold, refused */
    const char *bad_why;
    int root_stopped; /* a stop came during the scan of the root: no opener has a bound */
    cb_tree *held;    /* a strategy built and checked by a fallback (owned; make_tree takes it), or NULL */
} search_run;

/* ---- when a search stops (clock.c) ---- */

/* Search nodes entered so far, over every thread. */
uint64_t cbo_total_nodes(const solver *S);
uint64_t cbo_total_work(const solver *S);
/*
 * A scan of n entries by m guesses on thread T, counted in the work budget
 * (opt.work_limit): n pairs a guess, and CB_WORK_ROW more for the row's own
 * cost, which dominates small nodes (tuning.h).
 */
static inline void cbo_count_work(tls *T, uint32_t n, uint32_t m)
{
    __atomic_add_fetch(&T->work, ((uint64_t)n + CB_WORK_ROW) * m, __ATOMIC_RELAXED);
}
/* The time limit, the cancel flag and the progress report. */
void cbo_check_clock(solver *S);
/*
 * The time limit and the cancel flag only, not the work budget (whose stops
 * stay where cbo_check_clock looks): 1 when the search is to stop.
 */
int cbo_check_cancel(solver *S);

/* ---- the search (search.c) ---- */

/* Sort the indices a[0..n) by cmp (an insertion sort: stable, for short arrays). */
void cbo_sort_idx(uint32_t *a, uint32_t n, int (*cmp)(const void *, const void *, void *), void *ctx);
/* The symmetries that survive playing gid at x (NULL when none are left). */
const cbo_sym_group *cbo_child_group(solver *S, const node *x, uint32_t gid);
/*
 * Total guesses when x plays kept guess kk of sc: exact when below beta,
 * else a lower bound at least beta. With par, the parts are solved as tasks.
 */
int64_t cbo_eval_guess(solver *S, const node *x, const scan *sc, uint32_t kk, int64_t beta, int par);
/*
 * The guesses to try at x, in order: those bounded below beta, one per orbit
 * of the symmetries, best key first, at most opt.top of them. Returns how
 * many; *skipped becomes the least bound of the guesses left out for their
 * bound (unchanged when none).
 */
uint32_t cbo_order_guesses(solver *S, const node *x, const scan *sc, int64_t beta, uint32_t *order, int64_t *skipped);
/*
 * The least total for x when below beta (then *best, if asked, is a best
 * guess), else a lower bound at least beta. known >= 0: quick() was already
 * asked and gave this lower bound.
 */
int64_t cbo_solve(solver *S, const node *x, int64_t beta, uint32_t *best, int64_t known);

/* A new, empty cache for S (the old one freed; cache.c). */
int cbo_new_cache(solver *S);
/* The root node: every secret (every pair in Symble), every guess (or candidate); or the position opt.from. */
int cbo_root_init(solver *S, root *rt);
void cbo_root_release(root *r);
/* Add x's strategy under tree node `parent` by feedback fb (parent CB_NONE: the root), opening with `first`. */
int cbo_build_tree(solver *S, const node *x, cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t first);
/* Search the openers of the root (or just opt.first) with bound beta. */
int cbo_search_root(solver *S, search_run *R, int64_t beta);
/* The known result of opener g (opt.known), or NULL. */
const cb_optimal_opener *cbo_known_opener(const solver *S, uint32_t g);
/* The search of the objective: the least worst case first when asked, then the least total. */
int cbo_run_search(solver *S, search_run *R, cb_optimal_result *res);

/*
 * The opening book (book.c) with the bundled files read through load (as
 * cb_data_bundled: CB_OK and the text of a file of data/ by name): what
 * cb_coach_book_open does with cb_data_bundled, and tests with edited files.
 */
typedef int (*cbo_book_loader)(const char *name, const char **text, size_t *size);
struct cb_coach_book;
int cbo_book_open_from(const cb_game *game, int hard, int max_guesses, cbo_book_loader load, struct cb_coach_book *out,
                       cb_error *err);

#endif
