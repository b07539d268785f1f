/* advice.c: the strategy behind hints, proposals and solve, with answers memoised by history. */
#include <stdlib.h>
#include <string.h>

#include "advice.h"

/* Memo: open addressing over keys (hard flag, then guess and feedback per turn) kept in one arena. */
typedef struct memo_slot {
    size_t key;   /* offset of the key in the arena, + 1 (0: empty slot) */
    uint32_t len; /* key length in words */
    uint32_t hash;
    advice_pick pick;
} memo_slot;

struct advice_memo {
    memo_slot *slot;
    size_t cap, used;
    uint32_t *arena;
    size_t arena_len, arena_cap;
};

static uint32_t hash_words(const uint32_t *w, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return (uint32_t)(h ^ (h >> 32));
}

/* The state's key: hard mode, then each turn's guess and feedback. Returns its length in words. */
static size_t state_key(const cb_state *st, uint32_t *key)
{
    size_t n = 0;
    key[n++] = (uint32_t)cb_state_hard(st);
    for (size_t t = 0; t < cb_state_turns(st); t++, n += 2)
        cb_state_turn(st, t, &key[n], &key[n + 1]);
    return n;
}

static memo_slot *memo_find(advice_memo *m, const uint32_t *key, size_t len, uint32_t h)
{
    for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        memo_slot *s = &m->slot[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->len == len && memcmp(m->arena + s->key - 1, key, len * sizeof *key) == 0)
            return s;
    }
}

static int memo_grow(advice_memo *m)
{
    size_t cap = m->cap ? m->cap * 2 : 1024;
    memo_slot *old = m->slot, *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return CB_ENOMEM;
    m->slot = slot;
    size_t oldcap = m->cap;
    m->cap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].key)
            *memo_find(m, m->arena + old[i].key - 1, old[i].len, old[i].hash) = old[i];
    free(old);
    return CB_OK;
}

static int memo_put(advice_memo *m, const uint32_t *key, size_t len, uint32_t h, const advice_pick *pick)
{
    if ((m->used + 1) * 2 > m->cap && memo_grow(m) != CB_OK)
        return CB_ENOMEM;
    if (m->arena_len + len > m->arena_cap) {
        size_t cap = (m->arena_cap + len) * 2;
        uint32_t *a = realloc(m->arena, cap * sizeof *a);
        if (!a)
            return CB_ENOMEM;
        m->arena = a;
        m->arena_cap = cap;
    }
    memcpy(m->arena + m->arena_len, key, len * sizeof *key);
    memo_slot *s = memo_find(m, key, len, h);
    s->key = m->arena_len + 1;
    s->len = (uint32_t)len;
    s->hash = h;
    s->pick = *pick;
    m->arena_len += len;
    m->used++;
    return CB_OK;
}

static void memo_free(advice_memo *m)
{
    if (!m)
        return;
    free(m->slot);
    free(m->arena);
    free(m);
}

/* The ranker (when the strategy cannot rank) and the memo (when it is deterministic), for a->strategy. */
static int advice_finish(advice *a, uint64_t seed, cb_error *err)
{
    cb_rng_seed(&a->rng, seed);
    if (!(cb_strategy_get_info(a->strategy)->traits & CB_TRAIT_RANKS)) {
        cb_strategy_config rcfg;
        cb_strategy_config_default(&rcfg);
        rcfg.name = cb_rule_describe(cb_game_rule(cb_table_game(a->table)))->strategy;
        rcfg.threads = cb_strategy_get_config(a->strategy)->threads;
        int rc = cb_strategy_new(a->table, &rcfg, &a->ranker, err);
        if (rc != CB_OK)
            return rc;
    }
    if (cb_strategy_deterministic(a->strategy)) {
        a->memo = calloc(1, sizeof *a->memo);
        if (!a->memo || memo_grow(a->memo) != CB_OK)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    return CB_OK;
}

int advice_open_named(advice *a, const cb_table *table, const char *name, uint64_t seed, cb_error *err)
{
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = name;
    cfg.seed = seed;
    memset(a, 0, sizeof *a);
    a->table = table;
    int rc = cb_strategy_new(table, &cfg, &a->strategy, err);
    if (rc == CB_OK)
        rc = advice_finish(a, seed, err);
    if (rc != CB_OK)
        advice_close(a);
    return rc;
}

int advice_open(advice *a, const cli *c, uint64_t seed)
{
    cli view = *c; /* the options without --hard: the strategy follows each state's hard mode */
    cb_strategy **list = NULL;
    size_t n = 0;
    cb_error err;
    memset(a, 0, sizeof *a);
    a->table = c->table;
    for (int i = 0; i < view.nopts; i++)
        if (strcmp(view.opts[i]->name, "hard") == 0)
            view.values[i] = NULL;
    int rc = cli_make_strategies(&view, cli_default_strategy(c), &list, &n);
    if (rc)
        return rc;
    if (n != 1) {
        cli_free_strategies(list, n);
        return cli_fail(CB_EINVAL, "--strategy: give one strategy here (several side by side belong to simulate)");
    }
    a->strategy = list[0];
    free(list);
    if (advice_finish(a, seed, &err) != CB_OK) {
        advice_close(a);
        return cli_fail_err(&err);
    }
    return 0;
}

void advice_close(advice *a)
{
    cb_strategy_free(a->strategy);
    cb_strategy_free(a->ranker);
    memo_free(a->memo);
    memset(a, 0, sizeof *a);
}

double advice_rank_cost(const advice *a, const cb_state *st)
{
    const cb_game *g = cb_table_game(a->table);
    double n = (double)cb_state_count(st);
    double guesses = cb_strategy_get_config(a->strategy)->candidates_only ? n : (double)cb_game_guess_count(g);
    return n * guesses * cb_table_pair_cost(a->table);
}

static int choose_now(advice *a, const cb_state *st, advice_pick *pick)
{
    memset(pick, 0, sizeof *pick);
    if (cb_state_count(st) == 0)
        return CB_EEMPTY;
    double cost = cb_strategy_work(a->strategy, st); /* the library's cost model */
    if (a->exact && cost > ADVICE_REFUSE_WORK)
        return CB_ETOOBIG;
    if (cost > ADVICE_MAX_WORK && !a->exact) {
        pick->guess = cb_game_secret_guess(cb_state_game(st), cb_state_candidates(st)[0]);
        return CB_OK;
    }
    if (cost > ADVICE_BUSY_WORK && a->busy)
        a->busy(a->busy_ctx, st);
    pick->scored = (int)cb_state_turns(st) >= cb_strategy_get_config(a->strategy)->delay; /* delayed: no score */
    return cb_strategy_choose(a->strategy, st, &a->rng, &pick->guess, &pick->score);
}

int advice_choose(advice *a, const cb_state *st, advice_pick *pick)
{
    if (!a->memo)
        return choose_now(a, st, pick);
    size_t len = 1 + 2 * cb_state_turns(st);
    uint32_t stack[64], *key = len <= 64 ? stack : malloc(len * sizeof *key);
    if (!key)
        return CB_ENOMEM;
    state_key(st, key);
    uint32_t h = hash_words(key, len);
    memo_slot *s = memo_find(a->memo, key, len, h);
    int rc = CB_OK;
    if (s->key)
        *pick = s->pick;
    else if ((rc = choose_now(a, st, pick)) == CB_OK)
        rc = memo_put(a->memo, key, len, h, pick);
    if (key != stack)
        free(key);
    return rc;
}

void advice_format_score(const advice *a, const advice_pick *pick, char *buf, size_t size)
{
    buf[0] = '\0';
    if (pick->scored)
        cb_strategy_format_score(cb_strategy_get_info(a->strategy), pick->score, buf, size);
}

uint32_t advice_feedback(const cb_table *t, uint32_t gi, uint32_t si, int mapping)
{
    const cb_game *g = cb_table_game(t);
    uint32_t raw = cb_table_get(t, gi, si);
    return cb_game_seen(g, raw, mapping);
}

int advice_playout(advice *a, uint32_t si, int mapping, cb_hard hard, int max_turns, uint32_t *guesses, uint32_t *fbs,
                   int *turns, int *won)
{
    cb_state *st;
    int rc = cb_state_new(a->table, &st);
    *turns = *won = 0;
    if (rc != CB_OK)
        return rc;
    cb_state_set_hard(st, hard);
    while (*turns < max_turns && !*won) {
        advice_pick pick;
        if ((rc = advice_choose(a, st, &pick)) != CB_OK)
            break;
        uint32_t fb = advice_feedback(a->table, pick.guess, si, mapping);
        if ((rc = cb_state_apply(st, pick.guess, fb)) != CB_OK)
            break;
        guesses[*turns] = pick.guess;
        fbs[*turns] = fb;
        (*turns)++;
        *won = fb == cb_game_won(cb_table_game(a->table));
    }
    cb_state_free(st);
    return rc;
}
