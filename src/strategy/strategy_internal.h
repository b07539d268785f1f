/*
 * strategy_internal.h: what the strategies, the scoring kernel and the
 * simulator share inside the library.
 *
 * A strategy is a row of the registry (registry.c lists them): its public
 * description (cb_strategy_info) and a small table of functions, in the
 * file of its family: greedy.c (a key over the partition statistics),
 * candidates.c (random, random-any, first, frequency), montecarlo.c,
 * regex.c, tree.c, exact.c (the exact solver's strategy). strategy.c makes strategies and runs a decision: the
 * guess pool (pool.c), then the row's decide, then the tie rule.
 */
#ifndef CB_STRATEGY_INTERNAL_H
#define CB_STRATEGY_INTERNAL_H

#include "codebreaker/simulate.h"
#include "codebreaker/strategy.h"
#include "codebreaker/version.h"
#include "game/game_internal.h"
#include "base/parallel.h"
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

/* The guesses a state leaves to choose from, uniformly (one for a deterministic choice). */
typedef struct cbs_decision {
    uint32_t *set;
    size_t count, cap;
    double score;
} cbs_decision;

/* Hard mode: the legal guesses after the first turns of a history, kept while the history goes on. */
typedef struct cbs_legal {
    uint64_t hash; /* of the turns it follows */
    uint32_t *list;
    size_t count, cap;
} cbs_legal;

/* Per-caller work areas of cbs_decide. */
typedef struct cbs_ws {
    cbs_scratch scratch;
    uint32_t *pool;
    size_t pool_cap;
    cbs_decision dec;
    cbs_legal *legal; /* legal[t]: after turns 0..t */
    size_t nlegal;
    const volatile int *cancel; /* a second cancel flag besides the strategy's (the simulator's), or NULL */
} cbs_ws;

typedef struct cbs_row cbs_row;

struct cb_strategy {
    const cb_table *table;
    const cb_game *game;
    cb_strategy_config cfg;
    const cbs_row *row;
    char name[128];
    double *weights; /* per-secret word frequencies, or NULL */
    uint64_t *clogc;
    size_t clogc_len;
    void *tree;                             /* tree strategies: the tree */
    void *own;                              /* a family's own state (exact: the strategy proved) */
    uint64_t letters[CB_MAX_SYMBOLS];       /* tie frequency, regex: occurrences of each symbol among the secrets */
    uint64_t first_letters[CB_MAX_SYMBOLS]; /* regex: the same at the first position */
    uint64_t bounded;                       /* decisions that scored a sampled pool (cbs_bound_pool), atomic */
};

/*
 * A strategy's row: what people read (info, first, so that a row is its
 * info) and what it does. Every function is optional unless said.
 */
struct cbs_row {
    cb_strategy_info info;
    /* greedy (CB_TRAIT_GREEDY, required there): the key to minimise from a partition of n, with the
       guess's word probability prob, least for a partition into parts of one (cbs_greedy_decide stops
       at a candidate that makes one); and the score people read from a key */
    double (*key)(const cbs_pstats *ps, size_t n, double prob);
    double (*score)(double key, size_t n);
    /* when the strategy is made: arg is what follows "name:" (CB_TRAIT_ARGUMENT), else NULL */
    int (*open)(cb_strategy *s, const char *arg, cb_error *err);
    void (*close)(cb_strategy *s);
    /* decides from the state alone, before any pool (tree, regex): pushes on ws->dec */
    int (*direct)(const cb_strategy *s, const cb_state *st, cbs_decision *d);
    /* must a candidate be played in st (besides CB_TRAIT_CANDIDATES and the config's rules)? */
    int (*candidates_here)(const cb_strategy *s, const cb_state *st);
    /* choose among pool[0..npool) (sorted by index) into ws->dec, its score in ws->dec.score;
       required unless greedy or direct */
    int (*decide)(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                  int threads);
    /* CB_TRAIT_RANKS without a key: key (least first) and score of every pool guess */
    int (*rank)(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, double *key,
                double *score);
    /* decides every turn itself, before the opener, the delay and the last candidate (a stored tree) */
    int (*play)(const cb_strategy *s, const cb_state *st, cbs_decision *d);
    unsigned char candidates_first; /* ties go to candidates even under the random tie rule */
    unsigned char iterations;       /* reads cfg.iterations (its name shows them) */
    unsigned char symbols;          /* reads the symbols' counts among the secrets (letters, first_letters) */
};

/* The registry (registry.c), in the order of cb_strategy_at. */
extern const cbs_row *const cbs_rows[];
extern const size_t cbs_nrows;

/* The rows of the families' files are declared in registry.c, the one place that lists them; these two are
   named elsewhere too (a delayed turn plays at random; minimax stops counting early). */
extern const cbs_row cbs_row_random, cbs_row_minimax;

static inline int cbs_has(const cb_strategy *s, unsigned trait)
{
    return (s->row->info.traits & trait) != 0;
}

/* greedy.c: the greedy decision (every pool guess scored by the row's key), and a fixed guess's score. */
int cbs_greedy_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                      int threads);
double cbs_greedy_fixed_score(const cb_strategy *s, const cb_state *st, uint32_t g);

/* Word weights (weights.c): the secret's, 1 each without weights; their total over st; g's probability. */
double cbs_weight_total(const cb_strategy *s, const cb_state *st);
double cbs_probability(const cb_strategy *s, const cb_state *st, uint32_t g, double total);

/* The best of a decision so far: its key and the guesses that reach it (decide.c). */
typedef struct cbs_best {
    double key;
    cbs_decision tied;
} cbs_best;
/* Offer guess g with key (least wins; equal keys tie); CB_ENOMEM. */
int cbs_best_offer(cbs_best *b, double key, uint32_t g);
/*
 * Between blocks of scoring: 1 when the work should stop, because a thread
 * failed (*fail holds its status) or a cancel flag was set (then *fail
 * becomes CB_ECANCELED). ws may be NULL.
 */
int cbs_halted(const cb_strategy *s, const cbs_ws *ws, int *fail);

/* pool.c: the guesses the strategy may play in st, sorted by guess index, into ws->pool. */
int cbs_make_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int cands_only, size_t *npool);
/*
 * pool.c: a greedy strategy's pool made fit to score (docs/limits.md): one
 * guess an orbit of the symmetries that fix the history (complete
 * dictionaries, tie rule first: the choice is the same), then, when the
 * candidates times the guesses are above the strategy's max_pairs
 * (CB_GREEDY_MAX_PAIRS by default), a fixed-seed sample: the candidates and
 * other guesses up to max_pairs / candidates (at least CB_POOL_MIN); 1 in
 * *bounded then.
 */
int cbs_bound_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, size_t *npool, int *bounded);
/* Must the strategy play a candidate in st? */
int cbs_candidates_only(const cb_strategy *s, const cb_state *st);

void cbs_ws_release(cbs_ws *ws);
/* Decide in st with up to `threads` threads; the result is in ws->dec. */
int cbs_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int threads);
/* Add guess g to a decision's set; CB_ENOMEM. */
int cbs_decision_push(cbs_decision *d, uint32_t g);
/* Pick the guess of a decision with rng (NULL: the first). */
uint32_t cbs_pick(const cbs_decision *d, cb_rng *rng);
/* The letter-frequency tie-break's score of guess g: its symbols' counts among the secrets, summed. */
uint64_t cbs_letter_score(const cb_strategy *s, uint32_t g);
/* A hash of the state's history, for seeding. */
uint64_t cbs_history_hash(const cb_state *st);

#endif
