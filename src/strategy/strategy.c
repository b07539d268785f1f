/*
 * strategy.c: making a strategy from its registry row and running a
 * decision: the fixed cases (a stored tree, the opener, the last
 * candidate, a delayed turn), the guess pool (pool.c), the row's decide,
 * then the tie rule; and the ranking of every guess by the row's score.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "base/status_internal.h"
#include "strategy/decide_internal.h"
#include "strategy/greedy_internal.h"
#include "strategy/pool_internal.h"
#include "strategy/strategy_internal.h"
#include "strategy/weights_internal.h"
#include "tuning.h"

void cb_strategy_config_default(cb_strategy_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->name = "parts";
    cfg->first_guess = CB_NONE;
    cfg->tie = CB_TIE_FIRST;
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
    if (c->tie == CB_TIE_RANDOM)
        ADD(" --tie random");
    if (c->tie == CB_TIE_FREQUENCY)
        ADD(" --tie frequency");
    if (c->delay)
        ADD(" --delay %d", c->delay);
    if (s->row->iterations && c->iterations != CB_MONTECARLO_ITERATIONS)
        ADD(" --iterations %d", c->iterations);
    if (cbs_has(s, CB_TRAIT_GREEDY) && c->max_pairs < 0)
        ADD(" --max-pairs off");
    if (cbs_has(s, CB_TRAIT_GREEDY) && c->max_pairs > 0)
        ADD(" --max-pairs %g", c->max_pairs);
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
    if (!cb_game_frequency_bundled(s->game))
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

/* "unknown strategy 'x' (use minimax, ... or tree:FILE)", from the registry. */
static int unknown(const char *name, cb_error *err)
{
    char names[512];
    size_t len = 0;
    names[0] = '\0';
    for (size_t i = 0; i < cbs_nrows && len < sizeof names; i++)
        len = cbb_list_name(names, sizeof names, len, i, cbs_nrows, cbs_rows[i]->info.name);
    return cb_error_set(err, CB_ENOTFOUND, "unknown strategy '%s' (use %s)", name, names);
}

/* What the config asks that the game or the strategy cannot do. */
static int check_config(const cbs_row *row, const cb_game *game, const cb_strategy_config *cfg, cb_error *err)
{
    if (cfg->first_guess != CB_NONE && cfg->first_guess >= game->nguess)
        return cb_error_set(err, CB_EINVAL, "the first guess %u is not in the guess list", cfg->first_guess);
    if (cfg->target_turn < 0 || cfg->iterations < 0 || cfg->threads < 0 || cfg->delay < 0)
        return cb_error_set(err, CB_EINVAL, "negative target turn, iterations, delay or threads");
    if (cfg->tie != CB_TIE_FIRST && cfg->tie != CB_TIE_RANDOM && cfg->tie != CB_TIE_FREQUENCY)
        return cb_error_set(err, CB_EINVAL, "the tie rule must be first, random or frequency");
    if ((row->info.traits & CB_TRAIT_WORDLE) && game->rule != CB_RULE_WORDLE)
        return cb_error_set(err, CB_EINVAL, "%s reads green, yellow and gray letters: Wordle rules only",
                            row->info.name);
    return CB_OK;
}

/* What the row needs besides the config: weights, symbol counts, the entropy table, its own opening. */
static int open_row(cb_strategy *s, const cb_strategy_config *cfg, const char *name, cb_error *err)
{
    const cbs_row *row = s->row;
    int rc = CB_OK;
    if (cbs_has(s, CB_TRAIT_WEIGHTS))
        rc = load_weights(s, cfg, err);
    if (rc == CB_OK && row->open)
        rc = row->open(s, cbs_has(s, CB_TRAIT_ARGUMENT) ? strchr(name, ':') + 1 : NULL, err);
    if (rc == CB_OK && (cfg->tie == CB_TIE_FREQUENCY || row->symbols))
        count_symbols(s);
    if (rc == CB_OK && cbs_has(s, CB_TRAIT_GREEDY)) {
        s->clogc_len = s->game->nsecret + 1 < CB_CLOGC_MAX ? s->game->nsecret + 1 : CB_CLOGC_MAX;
        s->clogc = cbs_clogc_table(s->clogc_len);
        if (!s->clogc)
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    return rc;
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
    const cb_strategy_info *info = cb_strategy_find(name);
    if (!info)
        return unknown(name, err);
    const cbs_row *row = (const cbs_row *)info; /* a row starts with its info */
    const cb_game *game = cb_table_game(table);
    int rc = check_config(row, game, cfg, err);
    if (rc != CB_OK)
        return rc;
    cb_strategy *s = calloc(1, sizeof *s);
    if (!s)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    s->table = table;
    s->game = game;
    s->row = row;
    s->cfg = *cfg;
    s->cfg.name = NULL;
    s->cfg.frequency = NULL;
    s->cfg.frequency_path = NULL;
    if (!s->cfg.iterations)
        s->cfg.iterations = CB_MONTECARLO_ITERATIONS;
    make_name(s, (row->info.traits & CB_TRAIT_ARGUMENT) ? name : row->info.name);
    rc = open_row(s, cfg, name, err);
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
    if (s->row->close)
        s->row->close(s);
    free(s->weights);
    free(s->clogc);
    free(s);
}

const cb_strategy_info *cb_strategy_get_info(const cb_strategy *s)
{
    return &s->row->info;
}
unsigned long long cb_strategy_bounded(const cb_strategy *s)
{
    return __atomic_load_n(&s->bounded, __ATOMIC_RELAXED);
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
    if (cbs_has(s, CB_TRAIT_RANDOM))
        return 0;
    if (s->row->play)
        return 1;
    return s->cfg.delay == 0 && (cbs_has(s, CB_TRAIT_NO_TIES) || s->cfg.tie != CB_TIE_RANDOM);
}

double cb_strategy_work(const cb_strategy *s, const cb_state *st)
{
    const cb_game *g = s->game;
    const cb_strategy_config *cfg = &s->cfg;
    double n = (double)cb_state_count(st), fly = cb_table_pair_cost(s->table);
    if (n <= 1 || (cb_state_turns(st) == 0 && cfg->first_guess != CB_NONE))
        return 0;
    if ((int)cb_state_turns(st) < cfg->delay) /* a delayed turn: a random candidate */
        return n;
    switch (s->row->info.cost) {
    case CB_COST_ANY:
        return n + (double)g->nguess;
    case CB_COST_SECRETS:
        return (double)g->nsecret;
    case CB_COST_LETTERS:
        return n * (double)g->n;
    case CB_COST_ROLLOUTS: /* rollouts from every candidate, each filtering the candidates */
        return n * (double)cfg->iterations * n * fly;
    case CB_COST_PARTITION:
        return n * (cfg->candidates_only ? n : (double)g->nguess) * fly;
    default:
        return n;
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
/* Apply the tie rule to ws->dec: prefer candidates, then (tie first) the lowest index. */
static void break_ties(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    int prefer = s->cfg.tie != CB_TIE_RANDOM || s->row->candidates_first;
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

/* The opener or the last candidate, with its score when the strategy has one. */
static int fixed_guess(const cb_strategy *s, const cb_state *st, uint32_t g, cbs_decision *d)
{
    if (cbs_decision_push(d, g) != CB_OK)
        return CB_ENOMEM;
    if (cbs_has(s, CB_TRAIT_GREEDY))
        d->score = cbs_greedy_fixed_score(s, st, g);
    return CB_OK;
}

int cbs_decide(const cb_strategy *s, const cb_state *st, cbs_ws *ws, int threads)
{
    cbs_decision *d = &ws->dec;
    size_t n = cb_state_count(st), npool = 0;
    d->count = 0;
    d->score = 0;
    if (n == 0)
        return CB_EEMPTY;
    if (s->row->play)
        return s->row->play(s, st, d);
    int turns = (int)cb_state_turns(st), delayed = turns < s->cfg.delay; /* the blog's delay: a random candidate */
    int opener = turns == 0 && s->cfg.first_guess != CB_NONE;
    if (n > 1 && !opener && !delayed && s->row->direct)
        return s->row->direct(s, st, d);
    if (n == 1 || opener) /* --first applies to every strategy */
        return fixed_guess(s, st,
                           opener && n > 1 ? s->cfg.first_guess : s->game->secret_guess[cb_state_candidates(st)[0]], d);
    int rc = cbs_make_pool(s, st, ws, delayed || cbs_candidates_only(s, st), &npool), bounded = 0;
    if (rc == CB_OK && !delayed && cbs_has(s, CB_TRAIT_GREEDY))
        rc = cbs_bound_pool(s, st, ws, &npool, &bounded);
    if (rc != CB_OK)
        return rc;
    if (bounded)
        __atomic_add_fetch(&((cb_strategy *)s)->bounded, 1, __ATOMIC_RELAXED);
    if (delayed)
        rc = cbs_row_random.decide(s, st, ws, ws->pool, npool, threads);
    else if (cbs_has(s, CB_TRAIT_GREEDY))
        rc = cbs_greedy_decide(s, st, ws, ws->pool, npool, threads);
    else
        rc = s->row->decide(s, st, ws, ws->pool, npool, threads);
    if (rc == CB_OK && !delayed && !cbs_has(s, CB_TRAIT_RANDOM))
        break_ties(s, st, d);
    return rc;
}

int cb_strategy_choose(const cb_strategy *s, const cb_state *st, cb_rng *rng, uint32_t *guess, double *score)
{
    cbs_ws ws = {0};
    int rc = cbs_decide(s, st, &ws, cbb_threads(s->cfg.threads));
    if (rc == CB_OK) {
        cb_rng own;
        if (!rng && ws.dec.count > 1) {
            cb_rng_seed2(&own, s->cfg.seed, cbs_history_hash(st));
            rng = &own;
        }
        *guess = cbs_pick(&ws.dec, rng);
        if (score)
            *score = ws.dec.score;
    }
    cbs_ws_release(&ws);
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

/* One guess of the ranking: every statistic, and the strategy's key (its row's, or key/score given). */
static void rank_one(const cb_strategy *s, const cb_state *st, const cbs_pstats *ps, uint32_t guess, double total,
                     double key, double score, ranked *r)
{
    size_t n = cb_state_count(st);
    cb_guess_score *g = &r->gs;
    g->guess = guess;
    g->largest = ps->largest;
    g->expected = (double)ps->sumsq / (double)n;
    g->parts = ps->parts;
    g->entropy = cbs_entropy(ps, n);
    g->candidate = cb_state_is_candidate(st, guess);
    g->frequency = cbs_probability(s, st, guess, total);
    g->legal = cb_state_legal(st, guess, NULL, 0);
    r->letters = s->cfg.tie == CB_TIE_FREQUENCY ? cbs_letter_score(s, guess) : 0;
    r->key = s->row->key ? s->row->key(ps, n, g->frequency) : key;
    g->score = s->row->key ? s->row->score(r->key, n) : score;
}

/* Score every pool guess for ranking: all statistics, and the strategy's key. */
static int rank_scores(const cb_strategy *s, const cb_state *st, const uint32_t *pool, size_t npool, ranked *r)
{
    cbs_node nd;
    int rc = cbs_node_prepare(&nd, st, s->clogc, s->clogc_len), fail = CB_OK;
    double total = cbs_weight_total(s, st), *keys = NULL, *scores = NULL;
    if (rc == CB_OK)
        rc = cbs_node_fly(&nd, npool, cbb_threads(s->cfg.threads));
    if (rc == CB_OK && !s->row->key) {
        keys = malloc((npool ? npool : 1) * sizeof *keys);
        scores = malloc((npool ? npool : 1) * sizeof *scores);
        rc = keys && scores ? s->row->rank(s, st, pool, npool, keys, scores) : CB_ENOMEM;
    }
    if (rc == CB_OK) {
#pragma omp parallel num_threads(cbb_threads(s->cfg.threads))
        {
            cbs_scratch sc = {0};
            if (cbs_scratch_reserve(&sc, &nd) != CB_OK)
                __atomic_store_n(&fail, CB_ENOMEM, __ATOMIC_RELAXED);
#pragma omp for schedule(static)
            for (size_t lo = 0; lo < npool; lo += CB_SCORE_BLOCK) {
                cbs_pstats ps[CB_SCORE_BLOCK];
                size_t count = npool - lo < CB_SCORE_BLOCK ? npool - lo : CB_SCORE_BLOCK;
                if (cbs_halted(s, NULL, &fail))
                    continue;
                cbs_score_many(&nd, &sc, pool + lo, count, UINT32_MAX, ps);
                for (size_t j = 0, i = lo; j < count; j++, i++)
                    rank_one(s, st, &ps[j], pool[i], total, keys ? keys[i] : 0, scores ? scores[i] : 0, &r[i]);
            }
            cbs_scratch_release(&sc);
        }
        rc = fail;
    }
    free(keys);
    free(scores);
    cbs_node_release(&nd);
    return rc;
}

int cb_strategy_rank(const cb_strategy *s, const cb_state *st, size_t limit, cb_guess_score *out, size_t *count)
{
    *count = 0;
    if (!cbs_has(s, CB_TRAIT_RANKS))
        return CB_EINVAL;
    if (cb_state_count(st) == 0)
        return CB_EEMPTY;
    cbs_ws ws = {0};
    size_t npool = 0;
    ranked *r = NULL;
    int rc = cbs_make_pool(s, st, &ws, cbs_candidates_only(s, st), &npool);
    if (rc == CB_OK && !(r = calloc(npool, sizeof *r)))
        rc = CB_ENOMEM;
    if (rc == CB_OK)
        rc = rank_scores(s, st, ws.pool, npool, r);
    if (rc == CB_OK) {
        qsort(r, npool, sizeof *r, cmp_ranked);
        for (size_t i = 0; i < npool && i < limit; i++)
            out[(*count)++] = r[i].gs;
    }
    free(r);
    cbs_ws_release(&ws);
    return rc;
}
