/*
 * score_internal.h: the partition kernel (score.c): the statistics of a partition
 * of the candidates by a guess, a state made ready for scoring, and a thread's work
 * areas. A greedy strategy over a new statistic adds its row to CBS_STATS here.
 */
#ifndef CB_STRATEGY_SCORE_INTERNAL_H
#define CB_STRATEGY_SCORE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/state.h"
#include "codebreaker/table.h"
#include "codebreaker/version.h"
#include "game/game_internal.h"
#include "tuning.h"

/* Fixed-point scale of c * log2(c) in entropy sums: exact integer sums, so equal partitions tie exactly. */
#define CB_LOG_SCALE 4294967296.0 /* 2^32 */

/*
 * What the counting kernels of score.c sum over the parts of a partition, besides its largest part
 * and its number of parts: one row a statistic, X(field, PART, MEMBER). PART is the term of a part
 * of c candidates (c a uint64_t); MEMBER the same term spread over the part's c members, PART / c
 * exactly, for the kernel that counts a candidate at a time (score_pairs). clogc_of(c) is
 * c * round(log2 c * CB_LOG_SCALE) and lg_of(c) = clogc_of(c) / c, exact (cbs_clogc). A greedy
 * strategy over a new statistic adds its row here and reads ps->field in its key (greedy.c);
 * tests/unit/test_strategy.c checks every kernel's sums against these definitions.
 */
#define CBS_STATS(X)                                                                                                   \
    X(sumsq, c *c, c)              /* sum of squared part sizes */                                                     \
    X(slog, clogc_of(c), lg_of(c)) /* sum of c * round(log2 c * CB_LOG_SCALE): entropy */                              \
    X(singles, c == 1, c == 1)     /* parts of one candidate */

/* The statistics of one partition, all exact. */
typedef struct cbs_pstats {
    uint32_t largest; /* largest part; limit + 1 when counting stopped early */
    uint32_t parts;   /* non-empty parts */
#define CBS_STAT_FIELD(field, part, member) uint64_t field;
    CBS_STATS(CBS_STAT_FIELD)
#undef CBS_STAT_FIELD
} cbs_pstats;

/*
 * A state made ready for fast scoring: its candidates and, in Symble, a
 * key table per distinct mask of mappings (key = part of a candidate).
 */
struct cbs_scratch;

typedef struct cbs_node {
    const cb_game *game;
    const cb_table *table;
    size_t n;
    const uint32_t *cands;
    const uint8_t *masks; /* Symble */
    uint8_t *midx;        /* Symble: per candidate, which key table */
    uint16_t *ktab;       /* Symble: key tables, pow entries each */
    uint32_t pow;         /* Symble: 3^length, raw ids are below it */
    uint32_t nkeys;       /* part keys are below it */
    const uint64_t *clogc;
    size_t clogc_len;
    const void **colp; /* per candidate, its column of the transposed table, or NULL */
    void *fly;         /* on the fly: the candidates' columns computed for this node (colp points in) */
    uint8_t **soa;     /* on the fly: the candidates position-major, for the row kernel, or NULL */
    /* the pair count of narrow nodes (score.c) at the processor level in use, chosen when the node is prepared */
    void (*pairs)(const struct cbs_node *nd, struct cbs_scratch *sc, uint32_t g0, struct cbs_pstats *out);
} cbs_node;

/* One thread's work areas for scoring; zero-initialise, then cbs_scratch_release. */
typedef struct cbs_scratch {
    uint32_t *counts; /* nkeys entries, kept zero between uses */
    uint16_t *block;  /* CB_SCORE_BLOCK * nkeys entries, likewise (wide nodes) */
    void *pairs;      /* keys and sizes of narrow nodes, a vector per candidate */
    uint64_t lg[256]; /* round(log2 c * CB_LOG_SCALE), for the sizes of pairs */
    size_t counts_len;
    uint32_t *touched, *keys;
    size_t cap;
    uint32_t *hkeys, *hcounts; /* key spaces too large to count densely: open addressing, hcap slots */
    size_t hcap;
} cbs_scratch;

int cbs_node_prepare(cbs_node *nd, const cb_state *st, const uint64_t *clogc, size_t clogc_len);
/*
 * On-the-fly tables, before scoring npool guesses: compute the candidates'
 * columns (one kernel call per candidate over every guess, with up to
 * `threads` threads) when that is cheaper than a kernel call per guess and
 * fits in memory, else copy the candidates position-major for the row
 * kernel. Nothing for precomputed tables. CB_ENOMEM is the only failure.
 */
int cbs_node_fly(cbs_node *nd, size_t npool, int threads);
void cbs_node_release(cbs_node *nd);
int cbs_scratch_reserve(cbs_scratch *sc, const cbs_node *nd);
void cbs_scratch_release(cbs_scratch *sc);

/* c * round(log2 c * CB_LOG_SCALE), from the table when it holds c. */
uint64_t cbs_clogc(const uint64_t *table, size_t len, uint32_t c);
/* The table of cbs_clogc for c = 0 .. len - 1 (malloc'ed). */
uint64_t *cbs_clogc_table(size_t len);

/*
 * Partition the node's candidates by guess g. With limit < UINT32_MAX,
 * counting may stop as soon as a part exceeds limit; then largest is
 * UINT32_MAX and the other fields are meaningless. The scratch must have
 * been reserved for the node.
 */
void cbs_score(const cbs_node *nd, cbs_scratch *sc, uint32_t g, uint32_t limit, cbs_pstats *out);
/* The pair count of narrow nodes (cbs_score_many's first path) at a processor level: cbs_node.pairs. */
typedef void cbs_pairs_fn(const cbs_node *nd, cbs_scratch *sc, uint32_t g0, cbs_pstats *out);
cbs_pairs_fn *cbs_pairs_kernel(cb_cpu_level level);
/*
 * cbs_score for guesses[0..count), count <= CB_SCORE_BLOCK, into out[]:
 * nodes of many candidates are counted a candidate at a time for the whole
 * block (each candidate's column read once), without early stops.
 */
void cbs_score_many(const cbs_node *nd, cbs_scratch *sc, const uint32_t *guesses, size_t count, uint32_t limit,
                    cbs_pstats *out);
/* The entropy in bits of a partition of n. */
double cbs_entropy(const cbs_pstats *ps, size_t n);

#endif
