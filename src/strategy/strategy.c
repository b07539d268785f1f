/*
 * strategy.c: every codebreaker of the literature as one decision step:
 * which guesses a state leaves to choose from (cbs_decide), then a pick.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "strategy/strategy_internal.h"
#include "tuning.h"

static const cb_strategy_info infos[CB_STRATEGY_KINDS] = {
    {"minimax", CB_STRATEGY_MINIMAX, "minimises the largest part", "Knuth 1976", 1},
    {"expected", CB_STRATEGY_EXPECTED, "minimises the expected part size (sum of squares / N)", "Irving 1979", 1},
    {"parts", CB_STRATEGY_PARTS, "maximises the number of parts", "Kooi 2005", 1},
    {"entropy", CB_STRATEGY_ENTROPY, "maximises the entropy of the part sizes", "Neuwirth 1982", 1},
    {"entropy-knuth", CB_STRATEGY_ENTROPY_KNUTH, "entropy; among equal scores always a candidate",
     "Symble thesis 3.2, 3.5", 1},
    {"random", CB_STRATEGY_RANDOM, "a uniformly random remaining candidate", "the baseline", 0},
    {"random-any", CB_STRATEGY_RANDOM_ANY, "a uniformly random allowed guess until the target turn (default 3)",
     "data-visualisation paper", 0},
    {"montecarlo", CB_STRATEGY_MONTECARLO, "the candidate with the lowest average over random continuations after it",
     "Symble thesis 3.4", 0},
    {"frequency", CB_STRATEGY_FREQUENCY, "the remaining candidate with the highest word (or letter) frequency",
     "blog and information-theory study", 0},
    {"entropy-frequency", CB_STRATEGY_ENTROPY_FREQUENCY,
     "entropy plus the candidate's word probability; probes while more than 3 remain", "information-theory study", 1},
    {"first", CB_STRATEGY_FIRST, "the first remaining candidate in list order", "regex study", 0},
    {"regex", CB_STRATEGY_REGEX,
     "the first answer of distinct letters matching a pattern: the most frequent letters, then the feedback's "
     "constraints",
     "information-theory study 1.1", 0},
    {"tree:FILE", CB_STRATEGY_TREE, "plays the decision tree stored in FILE", "exact solver", 0},
};

const cb_strategy_info *cb_strategy_list(size_t *count)
{
    *count = CB_STRATEGY_KINDS;
    return infos;
}

void cb_strategy_config_default(cb_strategy_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->name = "parts";
    cfg->first_guess = CB_NONE;
    cfg->tie = CB_TIE_FIRST;
}

static int is_greedy(cb_strategy_kind k)
{
    return k <= CB_STRATEGY_ENTROPY_KNUTH || k == CB_STRATEGY_ENTROPY_FREQUENCY;
}

static void make_name(cb_strategy *s, const char *base)
{
    const cb_strategy_config *c = &s->cfg;
    size_t len = (size_t)snprintf(s->name, sizeof s->name, "%s", base);
#define ADD(...)                                                                                                       \
    if (len < sizeof s->name)                                                                                          \
    len += (size_t)snprintf(s->name + len, sizeof s->name - len, __VA_ARGS__)
    if (c->first_guess != CB_NONE) {
        char word[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(s->game, c->first_guess, word, sizeof word);
        ADD(" --first %s", word);
    }
    if (c->candidates_only)
        ADD(" --candidates-only");
    if (c->target_turn)
        ADD(" --target-turn %d", c->target_turn);
    if (c->hard)
        ADD(" --hard");
    if (c->tie == CB_TIE_RANDOM)
        ADD(" --tie random");
    if (c->tie == CB_TIE_FREQUENCY)
        ADD(" --tie frequency");
    if (c->delay)
        ADD(" --delay %d", c->delay);
    if (s->kind == CB_STRATEGY_MONTECARLO && c->iterations != CB_MONTECARLO_ITERATIONS)
        ADD(" --iterations %d", c->iterations);
#undef ADD
}

/* Word weights for the frequency strategies: given, from a file, bundled for 5-letter words, or none. */
static int load_weights(cb_strategy *s, const cb_strategy_config *cfg, cb_error *err)
{
    size_t ns = s->game->nsecret, found = 0;
    if (cfg->frequency) {
        s->weights = malloc((ns ? ns : 1) * sizeof *s->weights);
        if (!s->weights)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        memcpy(s->weights, cfg->frequency, ns * sizeof *s->weights);
        return CB_OK;
    }
    if (cfg->frequency_path) {
        int rc = cb_frequency_load(s->game, cfg->frequency_path, &s->weights, &found, err);
        if (rc == CB_OK && found == 0)
            return cb_error_set(err, CB_EINVAL, "%s names none of the game's secrets", cfg->frequency_path);
        return rc;
    }
    if (s->game->rule == CB_RULE_MASTERMIND || s->game->complete || s->game->n != 5)
        return CB_OK;
    int rc = cb_frequency_load(s->game, NULL, &s->weights, &found, err);
    if (rc == CB_OK && found == 0) { /* not English five-letter words: letters instead */
        free(s->weights);
        s->weights = NULL;
    }
    return rc;
}

/* Each symbol's occurrences over every position of every secret (tie frequency, regex), and at the first. */
static void count_symbols(cb_strategy *s)
{
    const cb_game *game = s->game;
    for (uint32_t i = 0; i < game->nsecret; i++) {
        const uint8_t *code = cb_game_code(game, game->secret_guess[i]);
        s->first_letters[code[0]]++;
        for (int p = 0; p < game->n; p++)
            s->letters[code[p]]++;
    }
}

uint64_t cbs_letter_score(const cb_strategy *s, uint32_t g)
{
    const uint8_t *code = cb_game_code(s->game, g);
    uint64_t sum = 0;
    for (int p = 0; p < s->game->n; p++)
        sum += s->letters[code[p]];
    return sum;
}

int cb_strategy_new(const cb_table *table, const cb_strategy_config *cfg, cb_strategy **out, cb_error *err)
{
    cb_strategy_config def;
    if (!cfg) {
        cb_strategy_config_default(&def);
        cfg = &def;
    }
    *out = NULL;
    const char *name = cfg->name ? cfg->name : "parts";
    int kind = -1;
    for (int k = 0; k < CB_STRATEGY_KINDS - 1; k++)
        if (strcmp(name, infos[k].name) == 0)
            kind = k;
    if (strncmp(name, "tree:", 5) == 0)
        kind = CB_STRATEGY_TREE;
    if (kind < 0)
        return cb_error_set(err, CB_ENOTFOUND,
                            "unknown strategy '%s' (use minimax, expected, parts, entropy, entropy-knuth, random, "
                            "random-any, montecarlo, frequency, entropy-frequency, first, regex or tree:FILE)",
                            name);
    const cb_game *game = cb_table_game(table);
    if (cfg->first_guess != CB_NONE && cfg->first_guess >= game->nguess)
        return cb_error_set(err, CB_EINVAL, "the first guess %u is not in the guess list", cfg->first_guess);
    if (cfg->target_turn < 0 || cfg->iterations < 0 || cfg->threads < 0 || cfg->delay < 0)
        return cb_error_set(err, CB_EINVAL, "negative target turn, iterations, delay or threads");
    if (cfg->tie != CB_TIE_FIRST && cfg->tie != CB_TIE_RANDOM && cfg->tie != CB_TIE_FREQUENCY)
        return cb_error_set(err, CB_EINVAL, "the tie rule must be first, random or frequency");
    if (cfg->delay && kind == CB_STRATEGY_TREE)
        return cb_error_set(err, CB_EINVAL, "a decision tree plays its own guesses: no delay");
    if (kind == CB_STRATEGY_REGEX && game->rule != CB_RULE_WORDLE)
        return cb_error_set(err, CB_EINVAL, "regex reads green, yellow and gray letters: Wordle rules only");
    if (cfg->hard && game->rule != CB_RULE_WORDLE)
        return cb_error_set(err, CB_EINVAL, "hard mode applies to Wordle rules only");
    cb_strategy *s = calloc(1, sizeof *s);
    if (!s)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    s->table = table;
    s->game = game;
    s->kind = (cb_strategy_kind)kind;
    s->cfg = *cfg;
    s->cfg.name = NULL;
    s->cfg.frequency = NULL;
    s->cfg.frequency_path = NULL;
    if (!s->cfg.iterations)
        s->cfg.iterations = CB_MONTECARLO_ITERATIONS;
    make_name(s, kind == CB_STRATEGY_TREE ? name : infos[kind].name);
    int rc = CB_OK;
    if (kind == CB_STRATEGY_FREQUENCY || kind == CB_STRATEGY_ENTROPY_FREQUENCY)
        rc = load_weights(s, cfg, err);
    if (rc == CB_OK && kind == CB_STRATEGY_TREE)
        rc = cbs_tree_open(s, name + 5, err);
    if (rc == CB_OK && (cfg->tie == CB_TIE_FREQUENCY || kind == CB_STRATEGY_REGEX))
        count_symbols(s);
    if (rc == CB_OK && is_greedy(s->kind)) {
        s->clogc_len = game->nsecret + 1 < CB_CLOGC_MAX ? game->nsecret + 1 : CB_CLOGC_MAX;
        s->clogc = cbs_clogc_table(s->clogc_len);
        if (!s->clogc)
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    if (rc != CB_OK) {
        cb_strategy_free(s);
        return rc;
    }
    *out = s;
    return CB_OK;
}

void cb_strategy_free(cb_strategy *s)
{
    if (!s)
        return;
    if (s->kind == CB_STRATEGY_TREE)
        cbs_tree_close(s);
    free(s->weights);
    free(s->clogc);
    free(s);
}

cb_strategy_kind cb_strategy_get_kind(const cb_strategy *s)
{
    return s->kind;
}
const char *cb_strategy_name(const cb_strategy *s)
{
    return s->name;
}
const cb_strategy_config *cb_strategy_get_config(const cb_strategy *s)
{
    return &s->cfg;
}

int cb_strategy_deterministic(const cb_strategy *s)
{
    switch (s->kind) {
    case CB_STRATEGY_RANDOM:
    case CB_STRATEGY_RANDOM_ANY:
        return 0;
    case CB_STRATEGY_TREE:
        return 1;
    case CB_STRATEGY_FIRST:
    case CB_STRATEGY_REGEX:
        return s->cfg.delay == 0;
    default:
        return s->cfg.tie != CB_TIE_RANDOM && s->cfg.delay == 0;
    }
}

void cbs_ws_release(cbs_ws *ws)
{
    for (size_t t = 0; t < ws->nlegal; t++)
        free(ws->legal[t].list);
    free(ws->legal);
    cbs_scratch_release(&ws->scratch);
    free(ws->pool);
    free(ws->dec.set);
    memset(ws, 0, sizeof *ws);
}

/* The secret's word weight (1 each without weights). */
static double weight(const cb_strategy *s, uint32_t secret)
{
    return s->weights ? s->weights[secret] : 1.0;
}

static double weight_total(const cb_strategy *s, const cb_state *st)
{
    double w = 0;
    const uint32_t *c = cb_state_candidates(st);
    for (size_t i = 0; i < cb_state_count(st); i++)
        w += weight(s, c[i]);
    return w;
}

/* g's word probability among the candidates of st: 0 when g is not one. */
static double probability(const cb_strategy *s, const cb_state *st, uint32_t g, double total)
{
    uint32_t sec = cb_game_guess_secret(s->game, g);
    if (sec == CB_NONE || !cb_state_is_candidate(st, g))
        return 0.0;
    if (total <= 0)
        return 1.0 / (double)cb_state_count(st);
    return weight(s, sec) / total;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The legal guesses of a hard-mode state, filtered turn by turn and kept in ws for the states below it. */
static int hard_pool(const cb_game *game, const cb_state *st, cbs_ws *ws, size_t *count)
{
    size_t turns = cb_state_turns(st);
    if (ws->nlegal < turns) {
        cbs_legal *l = realloc(ws->legal, turns * sizeof *l);
        if (!l)
            return CB_ENOMEM;
        memset(l + ws->nlegal, 0, (turns - ws->nlegal) * sizeof *l);
        ws->legal = l;
        ws->nlegal = turns;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    const uint32_t *prev = NULL;
    size_t nprev = game->nguess;
    for (size_t t = 0; t < turns; t++) {
        uint32_t g, fb;
        cbg_hard_turn rule;
        cbs_legal *l = &ws->legal[t];
        cb_state_turn(st, t, &g, &fb);
        h = ((h ^ g) * 0x100000001b3ull ^ fb) * 0x100000001b3ull;
        if (l->list && l->hash == h) {
            prev = l->list;
            nprev = l->count;
            continue;
        }
        if (l->cap < nprev) {
            free(l->list);
            l->list = malloc((nprev ? nprev : 1) * sizeof *l->list);
            l->cap = l->list ? nprev : 0;
            if (!l->list)
                return CB_ENOMEM;
        }
        cbg_hard_turn_make(game, g, fb, &rule);
        l->count = 0;
        for (size_t i = 0; i < nprev; i++) {
            uint32_t gi = prev ? prev[i] : (uint32_t)i;
            if (cbg_hard_turn_check(game, &rule, cb_game_code(game, gi), NULL, NULL))
                l->list[l->count++] = gi;
        }
        l->hash = h;
        prev = l->list;
        nprev = l->count;
        for (size_t u = t + 1; u < ws->nlegal; u++) /* deeper lists followed the old turn */
            ws->legal[u].hash = 0;
    }
    for (size_t i = 0; i < nprev; i++)
        ws->pool[i] = prev ? prev[i] : (uint32_t)i;
    *count = nprev;
    return CB_OK;
}

/* The guesses the strategy may play in st, sorted by guess index, into ws->pool. */
static int make_pool(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int cands_only, size_t *npool)
{
    const cb_game *game = s->game;
    size_t n = cb_state_count(st), cap = cands_only ? n : game->nguess;
    if (ws->pool_cap < cap) {
        free(ws->pool);
        ws->pool = malloc((cap ? cap : 1) * sizeof *ws->pool);
        ws->pool_cap = ws->pool ? cap : 0;
        if (!ws->pool)
            return CB_ENOMEM;
    }
    size_t k = 0;
    if (cands_only) {
        const uint32_t *c = cb_state_candidates(st);
        int sorted = 1;
        for (size_t i = 0; i < n; i++) {
            ws->pool[k++] = game->secret_guess[c[i]];
            sorted &= i == 0 || ws->pool[k - 1] > ws->pool[k - 2];
        }
        if (!sorted)
            qsort(ws->pool, k, sizeof *ws->pool, cmp_u32);
    } else if (cb_state_hard(st) && game->rule == CB_RULE_WORDLE) {
        int rc = hard_pool(game, st, ws, &k);
        if (rc != CB_OK)
            return rc;
    } else
        for (uint32_t g = 0; g < game->nguess; g++)
            ws->pool[k++] = g;
    *npool = k;
    return k ? CB_OK : CB_EEMPTY;
}

/* Must the strategy play a candidate in st? */
static int candidates_only(const cb_strategy *s, const cb_state *st)
{
    int turn = (int)cb_state_turns(st) + 1;
    const cb_strategy_config *c = &s->cfg;
    switch (s->kind) {
    case CB_STRATEGY_RANDOM:
    case CB_STRATEGY_FREQUENCY:
    case CB_STRATEGY_FIRST:
    case CB_STRATEGY_MONTECARLO: /* an improvement on random: it weighs the guesses random would play */
        return 1;
    case CB_STRATEGY_RANDOM_ANY:
        return c->candidates_only || turn >= (c->target_turn ? c->target_turn : CB_RANDOM_ANY_TARGET);
    case CB_STRATEGY_ENTROPY_FREQUENCY:
        if (cb_state_count(st) <= 3)
            return 1;
        break;
    default:
        break;
    }
    return c->candidates_only || (c->target_turn > 0 && turn >= c->target_turn);
}

/* A greedy score to minimise, from the partition statistics. */
static double greedy_key(const cb_strategy *s, const cbs_pstats *ps, size_t n, double prob)
{
    switch (s->kind) {
    case CB_STRATEGY_MINIMAX:
        return (double)ps->largest;
    case CB_STRATEGY_EXPECTED:
        return (double)ps->sumsq;
    case CB_STRATEGY_PARTS:
        return -(double)ps->parts;
    case CB_STRATEGY_ENTROPY_FREQUENCY:
        return -(cbs_entropy(ps, n) + prob);
    default:
        return (double)ps->slog;
    }
}

/* The score people read, from a key of greedy_key. */
static double greedy_score(const cb_strategy *s, double key, size_t n)
{
    switch (s->kind) {
    case CB_STRATEGY_MINIMAX:
        return key;
    case CB_STRATEGY_EXPECTED:
        return n ? key / (double)n : 0.0;
    case CB_STRATEGY_PARTS:
        return -key;
    case CB_STRATEGY_ENTROPY_FREQUENCY:
        return -key;
    default: {
        cbs_pstats ps = {0, 0, 0, (uint64_t)key};
        return cbs_entropy(&ps, n);
    }
    }
}

/* One thread's best so far: its key and the guesses that reach it, in pool order. */
typedef struct best {
    double key;
    cbs_decision tied;
} best;

static int best_offer(best *b, double key, uint32_t g)
{
    if (key > b->key)
        return CB_OK;
    if (key < b->key) {
        b->key = key;
        b->tied.count = 0;
    }
    return cbs_decision_push(&b->tied, g);
}

/*
 * Between blocks of scoring: 1 when the work should stop, because a thread
 * failed (*fail holds its status) or a cancel flag was set (then *fail
 * becomes CB_ECANCELED). ws may be NULL.
 */
static int halted(const cb_strategy *s, const cbs_ws *ws, int *fail)
{
    if (__atomic_load_n(fail, __ATOMIC_RELAXED) != CB_OK)
        return 1;
    if (!cbb_flag(s->cfg.cancel) && !(ws && cbb_flag(ws->cancel)))
        return 0;
    __atomic_store_n(fail, CB_ECANCELED, __ATOMIC_RELAXED);
    return 1;
}

/*
 * Score every guess of pool[0..npool) and put the best ones (all tied) in
 * ws->dec, sorted by guess index. Parallel over the pool: static chunks
 * in order, so the merged ties stay sorted whatever the thread count.
 */
static int greedy_best(const cb_strategy *s, const cb_state *st, const cbs_node *nd, cbs_ws *ws, const uint32_t *pool,
                       size_t npool, int threads)
{
    int nt = threads > 1 && npool * nd->n > 20000 ? threads : 1;
    best one, *bests = nt == 1 ? &one : malloc((size_t)nt * sizeof *bests);
    int fail = 0, ef = s->kind == CB_STRATEGY_ENTROPY_FREQUENCY;
    double total = ef ? weight_total(s, st) : 0;
    int cut = s->kind == CB_STRATEGY_MINIMAX;
    if (!bests)
        return CB_ENOMEM;
    for (int t = 0; t < nt; t++)
        bests[t] = (best){INFINITY, {NULL, 0, 0, 0}};
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        int t = omp_get_thread_num();
        cbs_scratch own = {0}, *sc = t == 0 ? &ws->scratch : &own;
        best *b = &bests[t];
        if (cbs_scratch_reserve(sc, nd) != CB_OK)
            __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
#pragma omp for schedule(static)
        for (size_t lo = 0; lo < npool; lo += CB_SCORE_BLOCK) {
            cbs_pstats ps[CB_SCORE_BLOCK];
            size_t count = npool - lo < CB_SCORE_BLOCK ? npool - lo : CB_SCORE_BLOCK;
            uint32_t limit = cut && b->key < INFINITY ? (uint32_t)b->key : UINT32_MAX;
            if (halted(s, ws, &fail))
                continue;
            cbs_score_many(nd, sc, pool + lo, count, limit, ps);
            for (size_t j = 0; j < count; j++) {
                if (ps[j].largest == UINT32_MAX)
                    continue; /* stopped early: worse than a guess already seen */
                double prob = ef ? probability(s, st, pool[lo + j], total) : 0;
                if (best_offer(b, greedy_key(s, &ps[j], nd->n, prob), pool[lo + j]) != CB_OK)
                    __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
            }
        }
        if (sc == &own)
            cbs_scratch_release(&own);
    }
    double key = INFINITY;
    for (int t = 0; t < nt; t++)
        key = bests[t].key < key ? bests[t].key : key;
    cbs_decision *d = &ws->dec;
    for (int t = 0; t < nt; t++) {
        for (size_t i = 0; !fail && bests[t].key == key && i < bests[t].tied.count; i++)
            if (cbs_decision_push(d, bests[t].tied.set[i]) != CB_OK)
                fail = CB_ENOMEM;
        free(bests[t].tied.set);
    }
    d->score = greedy_score(s, key, nd->n);
    if (bests != &one)
        free(bests);
    return fail;
}

/* Apply the tie rule to ws->dec: prefer candidates, then (tie first) the lowest index. */
static void break_ties(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    int prefer = s->cfg.tie != CB_TIE_RANDOM || s->kind == CB_STRATEGY_ENTROPY_KNUTH;
    if (prefer && d->count > 1) {
        size_t k = 0;
        for (size_t i = 0; i < d->count; i++)
            if (cb_state_is_candidate(st, d->set[i]))
                d->set[k++] = d->set[i];
        if (k)
            d->count = k;
    }
    if (s->cfg.tie == CB_TIE_FREQUENCY && d->count > 1) { /* the most frequent letters, then the lowest index */
        size_t at = 0;
        uint64_t top = cbs_letter_score(s, d->set[0]);
        for (size_t i = 1; i < d->count; i++) {
            uint64_t v = cbs_letter_score(s, d->set[i]);
            if (v > top) {
                top = v;
                at = i;
            }
        }
        d->set[0] = d->set[at];
    }
    if (s->cfg.tie != CB_TIE_RANDOM && d->count > 1)
        d->count = 1;
}

/* Greedy: when candidates win ties, a candidate splitting into singletons ends the search. */
static int greedy_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                         int threads)
{
    cbs_node nd;
    int rc = cbs_node_prepare(&nd, st, s->clogc, s->clogc_len);
    int prefer = s->cfg.tie != CB_TIE_RANDOM || s->kind == CB_STRATEGY_ENTROPY_KNUTH;
    if (rc == CB_OK)
        rc = cbs_node_fly(&nd, npool, threads);
    size_t n = cb_state_count(st);
    if (rc == CB_OK && prefer && npool > n) {
        const uint32_t *c = cb_state_candidates(st);
        uint32_t *cg = malloc(n * sizeof *cg);
        if (!cg)
            rc = CB_ENOMEM;
        for (size_t i = 0; cg && i < n; i++)
            cg[i] = s->game->secret_guess[c[i]];
        if (cg)
            qsort(cg, n, sizeof *cg, cmp_u32);
        if (rc == CB_OK)
            rc = greedy_best(s, st, &nd, ws, cg, n, threads);
        free(cg);
        if (rc == CB_OK) {
            cbs_pstats ps;
            cbs_score(&nd, &ws->scratch, ws->dec.set[0], UINT32_MAX, &ps);
            if (ps.largest == 1) { /* perfect: no guess does better, and candidates win ties */
                cbs_node_release(&nd);
                return CB_OK;
            }
            ws->dec.count = 0;
        }
    }
    if (rc == CB_OK)
        rc = greedy_best(s, st, &nd, ws, pool, npool, threads);
    cbs_node_release(&nd);
    return rc;
}

typedef size_t letter_counts[CB_MAX_SYMBOLS];

/* Without word weights: how often each symbol stands at each position among the candidates. */
static letter_counts *count_letters(const cb_strategy *s, const cb_state *st)
{
    const cb_game *game = s->game;
    const uint32_t *cands = cb_state_candidates(st);
    letter_counts *counts = calloc((size_t)game->n, sizeof *counts);
    for (size_t i = 0; counts && i < cb_state_count(st); i++) {
        const uint8_t *code = cb_game_code(game, game->secret_guess[cands[i]]);
        for (int p = 0; p < game->n; p++)
            counts[p][code[p]]++;
    }
    return counts;
}

/* The frequency strategy's value of candidate g: its word weight, or its letters' counts. */
static double frequency_value(const cb_strategy *s, const letter_counts *counts, uint32_t g)
{
    double w = 0;
    if (s->weights)
        return s->weights[cb_game_guess_secret(s->game, g)];
    for (int p = 0; p < s->game->n; p++)
        w += (double)counts[p][cb_game_code(s->game, g)[p]];
    return w;
}

/* frequency: the heaviest candidate; without word weights, the most common letters per position. */
static int frequency_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool)
{
    letter_counts *counts = s->weights ? NULL : count_letters(s, st);
    if (!s->weights && !counts)
        return CB_ENOMEM;
    best b = {INFINITY, ws->dec};
    b.tied.count = 0;
    int rc = CB_OK;
    for (size_t i = 0; i < npool && rc == CB_OK; i++)
        rc = best_offer(&b, -frequency_value(s, counts, pool[i]), pool[i]);
    ws->dec = b.tied;
    ws->dec.score = -b.key;
    free(counts);
    return rc;
}

static int montecarlo_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, const uint32_t *pool, size_t npool,
                             int threads)
{
    double *avg = malloc(npool * sizeof *avg);
    if (!avg)
        return CB_ENOMEM;
    int rc = cbs_montecarlo(s, st, pool, npool, threads, ws->cancel, avg);
    best b = {INFINITY, ws->dec};
    b.tied.count = 0;
    for (size_t i = 0; i < npool && rc == CB_OK; i++)
        rc = best_offer(&b, avg[i], pool[i]);
    ws->dec = b.tied;
    ws->dec.score = b.key;
    free(avg);
    return rc;
}

/* The score of a fixed guess (the opener, the last candidate), in the strategy's unit. */
static void fixed_score(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    d->score = 0;
    if (!is_greedy(s->kind))
        return;
    cb_guess_score gs;
    if (cb_guess_score_compute(st, d->set[0], &gs) != CB_OK)
        return;
    switch (s->kind) {
    case CB_STRATEGY_MINIMAX:
        d->score = gs.largest;
        break;
    case CB_STRATEGY_EXPECTED:
        d->score = gs.expected;
        break;
    case CB_STRATEGY_PARTS:
        d->score = gs.parts;
        break;
    case CB_STRATEGY_ENTROPY_FREQUENCY:
        d->score = gs.entropy + probability(s, st, d->set[0], weight_total(s, st));
        break;
    default:
        d->score = gs.entropy;
        break;
    }
}

int cbs_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int threads)
{
    cbs_decision *d = &ws->dec;
    size_t n = cb_state_count(st), npool = 0;
    d->count = 0;
    d->score = 0;
    if (n == 0)
        return CB_EEMPTY;
    if (s->kind == CB_STRATEGY_TREE)
        return cbs_tree_decide(s, st, d);
    int opener = cb_state_turns(st) == 0 && s->cfg.first_guess != CB_NONE;
    int first = s->kind == CB_STRATEGY_FIRST && (int)cb_state_turns(st) >= s->cfg.delay;
    if (n > 1 && !opener && s->kind == CB_STRATEGY_REGEX && (int)cb_state_turns(st) >= s->cfg.delay)
        return cbs_regex_decide(s, st, d);
    if (n == 1 || first || opener) {
        /* the opener first: --first applies to every strategy, "first candidate" included */
        uint32_t g = opener && n > 1 ? s->cfg.first_guess : s->game->secret_guess[cb_state_candidates(st)[0]];
        if (cbs_decision_push(d, g) != CB_OK)
            return CB_ENOMEM;
        fixed_score(s, st, d);
        return CB_OK;
    }
    int delayed = (int)cb_state_turns(st) < s->cfg.delay; /* the blog's delay: a random candidate */
    int rc = make_pool(s, st, ws, delayed || candidates_only(s, st), &npool);
    if (rc != CB_OK)
        return rc;
    switch (delayed ? CB_STRATEGY_RANDOM : s->kind) {
    case CB_STRATEGY_RANDOM:
    case CB_STRATEGY_RANDOM_ANY:
        for (size_t i = 0; i < npool && rc == CB_OK; i++)
            rc = cbs_decision_push(d, ws->pool[i]);
        return rc;
    case CB_STRATEGY_FREQUENCY:
        rc = frequency_decide(s, st, ws, ws->pool, npool);
        break;
    case CB_STRATEGY_MONTECARLO:
        rc = montecarlo_decide(s, st, ws, ws->pool, npool, threads);
        break;
    default:
        rc = greedy_decide(s, st, ws, ws->pool, npool, threads);
        break;
    }
    if (rc == CB_OK)
        break_ties(s, st, d);
    return rc;
}

/* st itself, or a hard-mode copy when the strategy plays hard and st does not. */
static int hard_view(const cb_strategy *s, const cb_state *st, const cb_state **view, cb_state **copy)
{
    *view = st;
    *copy = NULL;
    if (!s->cfg.hard || cb_state_hard(st))
        return CB_OK;
    if (cb_state_copy(st, copy) != CB_OK)
        return CB_ENOMEM;
    cb_state_set_hard(*copy, 1);
    *view = *copy;
    return CB_OK;
}

int cb_strategy_choose(const cb_strategy *s, const cb_state *st, cb_rng *rng, uint32_t *guess, double *score)
{
    cbs_ws ws = {0};
    const cb_state *view;
    cb_state *copy;
    int rc = hard_view(s, st, &view, &copy);
    if (rc == CB_OK)
        rc = cbs_decide(s, view, &ws, cbb_threads(s->cfg.threads));
    if (rc == CB_OK) {
        cb_rng own;
        if (!rng && ws.dec.count > 1) {
            cb_rng_seed2(&own, s->cfg.seed, cbs_history_hash(view));
            rng = &own;
        }
        *guess = cbs_pick(&ws.dec, rng);
        if (score)
            *score = ws.dec.score;
    }
    cbs_ws_release(&ws);
    cb_state_free(copy);
    return rc;
}

int cb_guess_score_compute(const cb_state *st, uint32_t gi, cb_guess_score *out)
{
    cbs_node nd;
    cbs_scratch sc = {0};
    cbs_pstats ps;
    const cb_game *game = cb_state_game(st);
    size_t n = cb_state_count(st);
    memset(out, 0, sizeof *out);
    if (gi >= game->nguess)
        return CB_EINVAL;
    int rc = cbs_node_prepare(&nd, st, NULL, 0);
    if (rc == CB_OK)
        rc = cbs_scratch_reserve(&sc, &nd);
    if (rc == CB_OK) {
        cbs_score(&nd, &sc, gi, UINT32_MAX, &ps);
        out->guess = gi;
        out->largest = ps.largest;
        out->expected = n ? (double)ps.sumsq / (double)n : 0.0;
        out->parts = ps.parts;
        out->entropy = cbs_entropy(&ps, n);
        out->candidate = cb_state_is_candidate(st, gi);
        out->frequency = out->candidate ? 1.0 / (double)n : 0.0;
        out->legal = cb_state_legal(st, gi, NULL, 0);
    }
    cbs_scratch_release(&sc);
    cbs_node_release(&nd);
    return rc;
}

/* The ranking order: the strategy's key, then candidates first, then the lowest index. */
typedef struct ranked {
    double key;
    uint64_t letters; /* CB_TIE_FREQUENCY: the guess's letter score (higher first); else 0 */
    cb_guess_score gs;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    if (x->gs.candidate != y->gs.candidate)
        return y->gs.candidate - x->gs.candidate;
    if (x->letters != y->letters)
        return x->letters > y->letters ? -1 : 1;
    return (x->gs.guess > y->gs.guess) - (x->gs.guess < y->gs.guess);
}

/* One guess of the ranking: every statistic, and the strategy's key. */
static void rank_one(const cb_strategy *s, const cb_state *st, const cbs_pstats *ps, uint32_t guess, double total,
                     const letter_counts *counts, double mc, ranked *r)
{
    size_t n = cb_state_count(st);
    cb_guess_score *g = &r->gs;
    g->guess = guess;
    g->largest = ps->largest;
    g->expected = (double)ps->sumsq / (double)n;
    g->parts = ps->parts;
    g->entropy = cbs_entropy(ps, n);
    g->candidate = cb_state_is_candidate(st, guess);
    g->frequency = probability(s, st, guess, total);
    g->legal = cb_state_legal(st, guess, NULL, 0);
    r->letters = s->cfg.tie == CB_TIE_FREQUENCY ? cbs_letter_score(s, guess) : 0;
    if (is_greedy(s->kind)) {
        r->key = greedy_key(s, ps, n, g->frequency);
        g->score = greedy_score(s, r->key, n);
    } else if (s->kind == CB_STRATEGY_MONTECARLO) {
        r->key = mc;
        g->score = mc;
    } else if (s->kind == CB_STRATEGY_FREQUENCY) {
        g->score = frequency_value(s, counts, guess);
        r->key = -g->score;
    } else
        r->key = 0; /* first: list order */
}

/* Score every pool guess for ranking: all statistics, and the strategy's key. */
static int rank_scores(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, ranked *r)
{
    cbs_node nd;
    int rc = cbs_node_prepare(&nd, st, s->clogc, s->clogc_len), fail = CB_OK;
    double total = weight_total(s, st);
    if (rc == CB_OK)
        rc = cbs_node_fly(&nd, npool, cbb_threads(s->cfg.threads));
    double *mc = NULL;
    letter_counts *counts = NULL;
    if (rc == CB_OK && s->kind == CB_STRATEGY_FREQUENCY && !s->weights && !(counts = count_letters(s, st)))
        rc = CB_ENOMEM;
    if (rc == CB_OK && s->kind == CB_STRATEGY_MONTECARLO) {
        mc = malloc(npool * sizeof *mc);
        rc = mc ? cbs_montecarlo(s, st, pool, npool, cbb_threads(s->cfg.threads), NULL, mc) : CB_ENOMEM;
    }
    if (rc != CB_OK) {
        free(mc);
        free(counts);
        cbs_node_release(&nd);
        return rc;
    }
#pragma omp parallel num_threads(cbb_threads(s->cfg.threads))
    {
        cbs_scratch sc = {0};
        if (cbs_scratch_reserve(&sc, &nd) != CB_OK)
            __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
#pragma omp for schedule(static)
        for (size_t lo = 0; lo < npool; lo += CB_SCORE_BLOCK) {
            cbs_pstats ps[CB_SCORE_BLOCK];
            size_t count = npool - lo < CB_SCORE_BLOCK ? npool - lo : CB_SCORE_BLOCK;
            if (halted(s, NULL, &fail))
                continue;
            cbs_score_many(&nd, &sc, pool + lo, count, UINT32_MAX, ps);
            for (size_t j = 0; j < count; j++)
                rank_one(s, st, &ps[j], pool[lo + j], total, counts, mc ? mc[lo + j] : 0, &r[lo + j]);
        }
        cbs_scratch_release(&sc);
    }
    free(mc);
    free(counts);
    cbs_node_release(&nd);
    return fail;
}

int cb_strategy_rank(const cb_strategy *s, const cb_state *st, size_t limit, cb_guess_score *out, size_t *count)
{
    *count = 0;
    if (s->kind == CB_STRATEGY_RANDOM || s->kind == CB_STRATEGY_RANDOM_ANY || s->kind == CB_STRATEGY_TREE ||
        s->kind == CB_STRATEGY_REGEX)
        return CB_EINVAL;
    if (cb_state_count(st) == 0)
        return CB_EEMPTY;
    cbs_ws ws = {0};
    const cb_state *view;
    cb_state *copy;
    size_t npool = 0;
    ranked *r = NULL;
    int rc = hard_view(s, st, &view, &copy);
    if (rc == CB_OK)
        rc = make_pool(s, view, &ws, candidates_only(s, view), &npool);
    if (rc == CB_OK && !(r = calloc(npool, sizeof *r)))
        rc = CB_ENOMEM;
    if (rc == CB_OK)
        rc = rank_scores(s, view, ws.pool, npool, r);
    if (rc == CB_OK) {
        qsort(r, npool, sizeof *r, cmp_ranked);
        for (size_t i = 0; i < npool && i < limit; i++)
            out[(*count)++] = r[i].gs;
    }
    free(r);
    cbs_ws_release(&ws);
    cb_state_free(copy);
    return rc;
}
