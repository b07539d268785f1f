/*
 * strategy_internal.h: a strategy, its row of the registry and its work areas
 * (strategy.c makes strategies and runs decisions), shared by the strategies
 * and the simulator inside the library.
 *
 * A strategy is a row of the registry (registry.c lists them): its public
 * description (cb_strategy_info) and a small table of functions, in the
 * file of its family: greedy.c (a key over the partition statistics),
 * candidates.c (random, random-any, first, frequency), montecarlo.c,
 * regex.c, tree.c, exact.c (the exact solver's strategy). strategy.c makes strategies and runs a decision: the
 * guess pool (pool.c), then the row's decide, then the tie rule.
 *
 * The partition kernel is score.c (score_internal.h); the helpers every
 * strategy shares are decide.c (decide_internal.h), the word weights
 * weights.c (weights_internal.h), the guess pool pool.c (pool_internal.h),
 * the greedy decision greedy.c (greedy_internal.h).
 */
#ifndef CB_STRATEGY_INTERNAL_H
#define CB_STRATEGY_INTERNAL_H

#include "codebreaker/simulate.h"
#include "codebreaker/strategy.h"
#include "codebreaker/version.h"
#include "game/game_internal.h"
#include "base/parallel.h"
#include "strategy/score_internal.h"
#include "tuning.h"

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

void cbs_ws_release(cbs_ws *ws);
/* Decide in st with up to `threads` threads; the result is in ws->dec. */
int cbs_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int threads);
/* The letter-frequency tie-break's score of guess g: its symbols' counts among the secrets, summed. */
uint64_t cbs_letter_score(const cb_strategy *s, uint32_t g);

#endif
