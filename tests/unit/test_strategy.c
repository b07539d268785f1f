/*
 * test_strategy.c: the fast partition kernels against a slow reference on
 * random states (every statistic of CBS_STATS, by every kernel), the choice
 * of every greedy strategy of the registry against a slow chooser,
 * hard-mode pools against cb_state_legal, and the strategies' options.
 *
 * The reference scores partitions from the independent rules of
 * ref_rules.c: each candidate's feedback spelled as a string (Symble: the
 * smallest spelling over its possible mappings, so parts count codewords),
 * grouped by sorting.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"
#include "ref_rules.h"
#include "strategy/strategy_internal.h"
#include "strategy/weights_internal.h"
#include "table/table_internal.h"

typedef struct ref_stats {
    uint32_t largest, parts;
    double expected, entropy;
    cbs_pstats ps; /* the kernels' statistics by their definitions (CBS_STATS, the PART terms) */
} ref_stats;

typedef struct world {
    cb_game *game;
    cb_table *table;
    const char *name;
} world;

/* A game and its table; no_columns leaves the table without its secret-major copy (the row paths). */
static world open_world_rows(const char *preset, int colors, int pegs, cb_table_mode mode, int no_columns)
{
    world w = {NULL, NULL, preset};
    cb_game_config cfg;
    cb_table_options opt;
    cb_error err;
    cb_game_config_preset(preset, &cfg);
    if (colors) {
        cfg.colors = colors;
        cfg.length = pegs;
    }
    if (cb_game_new(&cfg, &w.game, &err) != CB_OK) {
        fprintf(stderr, "%s: %s\n", preset, err.message);
        exit(1);
    }
    cb_table_options_default(&opt);
    opt.mode = mode;
    opt.no_columns = no_columns;
    if (cb_table_new(w.game, &opt, &w.table, &err) != CB_OK) {
        fprintf(stderr, "%s: %s\n", preset, err.message);
        exit(1);
    }
    return w;
}

static world open_world(const char *preset, int colors, int pegs, cb_table_mode mode)
{
    return open_world_rows(preset, colors, pegs, mode, 0);
}

static void close_world(world *w)
{
    cb_table_free(w->table);
    cb_game_free(w->game);
}

/* The feedback of guess gi against secret si as a string key, by the reference rules (Symble: one mapping). */
static void ref_key(const cb_game *g, uint32_t gi, uint32_t si, int mapping, char *out)
{
    const unsigned char *a = cb_game_code(g, gi), *b = cb_game_code(g, cb_game_secret_guess(g, si));
    int n = cb_game_length(g);
    char pat[64];
    switch (cb_game_rule(g)) {
    case CB_RULE_MASTERMIND: {
        int black, white;
        ref_mastermind(a, b, n, cb_game_colors(g), &black, &white);
        sprintf(out, "%dB%dW", black, white);
        return;
    }
    case CB_RULE_WORDLE:
        ref_wordle(a, b, n, out);
        return;
    default: {
        char m[4];
        ref_symble(a, b, n, pat);
        if (strspn(pat, "G") == (size_t)n) {
            strcpy(out, "won");
            return;
        }
        cb_game_mapping_name(mapping, m);
        for (int i = 0; i < n; i++) /* last position first: string order = the library's id order */
            out[i] = m[pat[n - 1 - i] == '.' ? 0 : pat[n - 1 - i] == 'Y' ? 1 : 2];
        out[n] = '\0';
    }
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(a, b);
}

#define KEY_LEN 32

/* The slow reference: each candidate's key, sorted, counted. */
static ref_stats reference(const cb_state *st, uint32_t gi)
{
    const cb_game *g = cb_state_game(st);
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    char(*keys)[KEY_LEN] = malloc(n * sizeof *keys);
    for (size_t i = 0; i < n; i++) {
        if (!masks) {
            ref_key(g, gi, cands[i], 0, keys[i]);
            continue;
        }
        keys[i][0] = '\0';
        for (int m = 0; m < CB_MAPPINGS; m++) {
            char k[KEY_LEN];
            if (!(masks[i] >> m & 1))
                continue;
            ref_key(g, gi, cands[i], m, k);
            if (keys[i][0] == '\0' || strcmp(k, keys[i]) < 0)
                strcpy(keys[i], k);
        }
    }
    qsort(keys, n, sizeof *keys, cmp_str);
    ref_stats r = {0};
    double sumsq = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && strcmp(keys[j], keys[i]) == 0)
            j++;
        double size = (double)(j - i), p = size / (double)n;
        uint64_t c = j - i;
        r.parts++;
        r.largest = (uint32_t)c > r.largest ? (uint32_t)c : r.largest;
        sumsq += size * size;
        r.entropy -= p * log2(p);
#define clogc_of(c) cbs_clogc(NULL, 0, (uint32_t)(c))
#define STAT_ADD(field, part, member) r.ps.field += (part);
        CBS_STATS(STAT_ADD)
#undef STAT_ADD
#undef clogc_of
        i = j;
    }
    r.ps.largest = r.largest;
    r.ps.parts = r.parts;
    r.expected = sumsq / (double)n;
    free(keys);
    return r;
}

static int same(const ref_stats *r, const cb_guess_score *s)
{
    return r->largest == s->largest && r->parts == s->parts && fabs(r->expected - s->expected) < 1e-9 &&
           fabs(r->entropy - s->entropy) < 1e-6;
}

/* A random history of `turns` random guesses toward a random secret (Symble: under a random mapping). */
static void random_state(const world *w, cb_state *st, int turns, unsigned long long *seed)
{
    const cb_game *g = w->game;
    uint32_t secret = (uint32_t)(check_rand(seed) % cb_game_secret_count(g));
    int mapping = (int)(check_rand(seed) % CB_MAPPINGS);
    cb_state_reset(st);
    for (int t = 0; t < turns; t++) {
        uint32_t gi = (uint32_t)(check_rand(seed) % cb_game_guess_count(g));
        uint32_t fb = cb_table_get(w->table, gi, secret);
        if (cb_game_rule(g) == CB_RULE_SYMBLE)
            fb = cb_game_observe(g, fb, mapping);
        if (fb == cb_game_won(g))
            continue;
        cb_state_apply(st, gi, fb);
    }
}

/* Every statistic of a and b equal: largest, parts and each row of CBS_STATS. */
static int same_pstats(const cbs_pstats *a, const cbs_pstats *b)
{
    int ok = a->largest == b->largest && a->parts == b->parts;
#define STAT_SAME(field, part, member) ok &= a->field == b->field;
    CBS_STATS(STAT_SAME)
#undef STAT_SAME
    return ok;
}

/*
 * The statistics of guess gi by the kernels themselves: cbs_score, and cbs_score_many over the
 * block of CB_SCORE_BLOCK consecutive guesses that holds it (the paths greedy decisions take),
 * with the c log c table a strategy of the game makes. 1 when both equal the reference's.
 */
static int kernel_stats(const cb_state *st, const uint64_t *clogc, size_t clen, uint32_t gi, const ref_stats *r)
{
    cbs_node nd;
    cbs_scratch sc = {0};
    cbs_pstats one, many[CB_SCORE_BLOCK];
    uint32_t ng = cb_game_guess_count(cb_state_game(st)), gs[CB_SCORE_BLOCK], g0 = gi - gi % CB_SCORE_BLOCK;
    size_t count = ng - g0 < CB_SCORE_BLOCK ? ng - g0 : CB_SCORE_BLOCK;
    for (size_t j = 0; j < count; j++)
        gs[j] = g0 + (uint32_t)j;
    CHECK(cbs_node_prepare(&nd, st, clogc, clen) == CB_OK && cbs_node_fly(&nd, ng, 1) == CB_OK &&
          cbs_scratch_reserve(&sc, &nd) == CB_OK);
    cbs_score(&nd, &sc, gi, UINT32_MAX, &one);
    cbs_score_many(&nd, &sc, gs, count, UINT32_MAX, many);
    cbs_scratch_release(&sc);
    cbs_node_release(&nd);
    return same_pstats(&one, &r->ps) && same_pstats(&many[gi - g0], &r->ps);
}

/* Every kernel (block, narrow, single, generic) against the reference on random states and guesses. */
static void kernels_from(const world *w, int states, int min_turns, int max_turns, int probes)
{
    cb_state *st;
    cb_strategy *s;
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = "entropy";
    cb_state_new(w->table, &st);
    CHECK(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
    uint32_t ng = cb_game_guess_count(w->game);
    cb_guess_score *all = malloc(ng * sizeof *all), *by_guess = malloc(ng * sizeof *by_guess);
    size_t clen = cb_game_secret_count(w->game) + 1 < CB_CLOGC_MAX ? cb_game_secret_count(w->game) + 1 : CB_CLOGC_MAX;
    uint64_t *clogc = cbs_clogc_table(clen);
    unsigned long long seed = 7;
    int bad = 0, bad_stats = 0;
    for (int k = 0; k < states; k++) {
        random_state(w, st, min_turns + (int)(check_rand(&seed) % (unsigned)(max_turns - min_turns + 1)), &seed);
        size_t count = 0;
        CHECK(cb_strategy_rank(s, st, ng, all, &count) == CB_OK && count == ng);
        for (size_t i = 0; i < count; i++)
            by_guess[all[i].guess] = all[i];
        for (int p = 0; p < probes; p++) {
            uint32_t gi = (uint32_t)(check_rand(&seed) % ng);
            ref_stats r = reference(st, gi);
            cb_guess_score one;
            CHECK(cb_guess_score_compute(st, gi, &one) == CB_OK);
            if (!same(&r, &by_guess[gi]) || !same(&r, &one) || one.candidate != cb_state_is_candidate(st, gi))
                bad++;
            bad_stats += !kernel_stats(st, clogc, clen, gi, &r);
        }
    }
    CHECK_MSG(bad == 0, "%s: %d guesses scored unlike the reference", w->name, bad);
    CHECK_MSG(bad_stats == 0, "%s: %d guesses with statistics (CBS_STATS) unlike the reference", w->name, bad_stats);
    free(clogc);
    free(all);
    free(by_guess);
    cb_strategy_free(s);
    cb_state_free(st);
}

static void kernels(const world *w, int states, int max_turns, int probes)
{
    kernels_from(w, states, 0, max_turns, probes);
}

/*
 * The slow chooser: the best key over the pool, then a candidate, then the lowest index. The key is
 * the row's own over the reference's statistics (the kernels and the decision are what is checked);
 * a row that plays candidates here (candidates_here) is held to them, and a row that reads word
 * weights gets each guess's probability from the strategy's weights (weights.c; Wordle's bundled ones).
 */
static uint32_t slow_choice(const cb_strategy *s, const cb_state *st, const ref_stats *refs, const cbs_row *row,
                            int cands_only)
{
    const cb_game *g = cb_state_game(st);
    size_t n = cb_state_count(st);
    if (n == 1)
        return cb_game_secret_guess(g, cb_state_candidates(st)[0]);
    if (row->candidates_here && row->candidates_here(s, st))
        cands_only = 1;
    uint32_t best = CB_NONE;
    double best_key = INFINITY, total = cbs_weight_total(s, st);
    int best_cand = 0;
    for (uint32_t gi = 0; gi < cb_game_guess_count(g); gi++) {
        int cand = cb_state_is_candidate(st, gi);
        if ((cands_only && !cand) || !cb_state_legal(st, gi, NULL, 0))
            continue;
        double prob = (row->info.traits & CB_TRAIT_WEIGHTS) ? cbs_probability(s, st, gi, total) : 0;
        double key = row->key(&refs[gi].ps, n, prob);
        /* the library compares the same keys of the same exact integers: no rounding to allow for */
        if (best == CB_NONE || key < best_key || (key == best_key && cand && !best_cand)) {
            best = gi;
            best_key = key;
            best_cand = cand;
        }
    }
    return best;
}

/* Every greedy strategy of the registry, with and without --candidates-only, on random states of at most max_n. */
static void choices(const world *w, int states, int min_turns, size_t max_n, int hard)
{
    cb_state *st;
    cb_state_new(w->table, &st);
    cb_state_set_hard(st, check_mode(st, hard));
    uint32_t ng = cb_game_guess_count(w->game);
    ref_stats *refs = malloc(ng * sizeof *refs);
    unsigned long long seed = 11;
    int bad = 0, tried = 0;
    for (int k = 0; k < states; k++) {
        do
            random_state(w, st, min_turns + (int)(check_rand(&seed) % 2), &seed);
        while (cb_state_count(st) > max_n);
        for (uint32_t gi = 0; gi < ng; gi++)
            refs[gi] = reference(st, gi);
        for (size_t i = 0; i < cbs_nrows; i++)
            for (int co = 0; co < 2 && (cbs_rows[i]->info.traits & CB_TRAIT_GREEDY); co++) {
                const cbs_row *row = cbs_rows[i];
                cb_strategy_config cfg;
                cb_strategy *s;
                uint32_t got;
                cb_strategy_config_default(&cfg);
                cfg.name = row->info.name;
                cfg.candidates_only = co;
                cfg.threads = 1 + (k % 2);
                CHECK_MSG(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK, "%s", cfg.name);
                CHECK(cb_strategy_choose(s, st, NULL, &got, NULL) == CB_OK);
                uint32_t want = slow_choice(s, st, refs, row, co);
                tried++;
                if (got != want) {
                    bad++;
                    fprintf(stderr, "%s %s%s: chose %u, reference %u (%zu candidates)\n", w->name, cfg.name,
                            co ? " --candidates-only" : "", got, want, cb_state_count(st));
                }
                cb_strategy_free(s);
            }
    }
    CHECK_MSG(bad == 0, "%s: %d of %d choices differ from the slow chooser", w->name, bad, tried);
    free(refs);
    cb_state_free(st);
}

/* max-singletons plays a guess with the most parts of one (by the reference's count), and says how many. */
static void singletons(const world *w)
{
    cb_state *st;
    cb_strategy *s;
    cb_strategy_config cfg;
    unsigned long long seed = 3;
    cb_strategy_config_default(&cfg);
    cfg.name = "max-singletons";
    CHECK(cb_state_new(w->table, &st) == CB_OK && cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
    for (int k = 0; k < 3; k++) {
        random_state(w, st, 2, &seed);
        uint32_t got, most = 0;
        double score;
        CHECK(cb_strategy_choose(s, st, NULL, &got, &score) == CB_OK);
        for (uint32_t gi = 0; gi < cb_game_guess_count(w->game); gi++) {
            uint32_t ones = (uint32_t)reference(st, gi).ps.singles;
            most = ones > most ? ones : most;
        }
        uint32_t ones = (uint32_t)reference(st, got).ps.singles;
        CHECK_MSG(ones == most && score == most && most > 0, "%s: %u parts of one, the most %u", w->name, ones, most);
    }
    cb_strategy_free(s);
    cb_state_free(st);
}

/* Hard mode: the guesses rank may play are exactly the legal ones. */
static void hard_pools(const world *w)
{
    cb_state *st;
    cb_strategy *s;
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    cfg.name = "expected";
    cb_state_new(w->table, &st);
    cb_state_set_hard(st, check_mode(st, 1));
    CHECK(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK);
    uint32_t ng = cb_game_guess_count(w->game);
    cb_guess_score *all = malloc(ng * sizeof *all);
    unsigned long long seed = 5;
    for (int k = 0; k < 20; k++) {
        random_state(w, st, 1 + k % 3, &seed);
        size_t count = 0, legal = 0;
        for (uint32_t gi = 0; gi < ng; gi++)
            legal += (size_t)cb_state_legal(st, gi, NULL, 0);
        CHECK(cb_strategy_rank(s, st, ng, all, &count) == CB_OK);
        int ok = count == legal;
        for (size_t i = 0; i < count; i++)
            ok &= cb_state_legal(st, all[i].guess, NULL, 0) && all[i].legal;
        CHECK_MSG(ok, "hard pool of %zu guesses, %zu legal", count, legal);
    }
    free(all);
    cb_strategy_free(s);
    cb_state_free(st);
}

/* The library's secret-major copy of the table (src/table_internal.h), checked entry by entry. */
static void columns(const world *w)
{
    const void *cols = cbt_columns(w->table);
    uint32_t ng = cb_game_guess_count(w->game), ns = cb_game_secret_count(w->game);
    int width = cb_table_width(w->table);
    size_t bad = 0;
    if (!cb_table_precomputed(w->table)) {
        CHECK(cols == NULL);
        return;
    }
    CHECK(cols != NULL);
    for (uint32_t s = 0; cols && s < ns; s++)
        for (uint32_t g = 0; g < ng; g++) {
            size_t at = (size_t)s * ng + g;
            uint32_t v = width == 1   ? ((const uint8_t *)cols)[at]
                         : width == 2 ? ((const uint16_t *)cols)[at]
                                      : ((const uint32_t *)cols)[at];
            bad += v != cb_table_get(w->table, g, s);
        }
    CHECK_MSG(bad == 0, "%s: %zu entries of the transposed table differ", w->name, bad);
}

/* Names, options and errors of cb_strategy_new. */
static void options(const world *w)
{
    cb_strategy_config cfg;
    cb_strategy *s = NULL;
    cb_error err;
    size_t count = cb_strategy_count();
    CHECK(count >= 13 && cb_strategy_at(count) == NULL && cb_strategy_find("parts") &&
          strcmp(cb_strategy_find("parts")->name, "parts") == 0 && cb_strategy_find("tree:x.tree") &&
          cb_strategy_find("tree:x.tree") == cb_strategy_find("tree:FILE") && !cb_strategy_find("tree"));
    for (size_t i = 0; i < count; i++) {
        const cb_strategy_info *info = cb_strategy_at(i);
        CHECK(cb_strategy_find(info->name) == info && info->label && info->summary && info->source);
        CHECK_MSG(!(info->traits & CB_TRAIT_GREEDY) || (info->traits & CB_TRAIT_RANKS), "%s", info->name);
        if (info->traits & CB_TRAIT_ARGUMENT)
            continue;
        cb_strategy_config_default(&cfg);
        cfg.name = info->name;
        if ((info->traits & CB_TRAIT_WORDLE) && cb_game_rule(w->game) != CB_RULE_WORDLE) {
            CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_EINVAL && s == NULL);
            continue;
        }
        CHECK_MSG(cb_strategy_new(w->table, &cfg, &s, &err) == CB_OK, "%s", info->name);
        CHECK(cb_strategy_get_info(s) == info);
        CHECK_MSG(cb_strategy_deterministic(s) == !(info->traits & CB_TRAIT_RANDOM), "%s", info->name);
        cb_strategy_free(s);
    }
    char text[64];
    CHECK(cb_strategy_format_score(cb_strategy_find("parts"), 1, text, sizeof text) == 6 && !strcmp(text, "1 part"));
    CHECK(cb_strategy_format_score(cb_strategy_find("parts"), 42, text, sizeof text) > 0 && !strcmp(text, "42 parts"));
    CHECK(cb_strategy_format_score(cb_strategy_find("entropy"), 5.8848, text, sizeof text) > 0 &&
          !strcmp(text, "5.88 bits"));
    CHECK(cb_strategy_format_score(cb_strategy_find("random"), 3, text, sizeof text) == 0 && text[0] == '\0');
    cb_strategy_config_default(&cfg);
    cfg.name = "knuth";
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_ENOTFOUND && s == NULL && strstr(err.message, "knuth"));
    cfg.name = "tree:/nonexistent";
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_EIO && s == NULL && strstr(err.message, "/nonexistent"));
    cfg.name = "minimax";
    cfg.first_guess = cb_game_guess_count(w->game);
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_EINVAL);
    cfg.first_guess = 5;
    cfg.candidates_only = 1;
    cfg.tie = CB_TIE_RANDOM;
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_OK);
    CHECK(strcmp(cb_strategy_name(s), "minimax --first 1116 --candidates-only --tie random") == 0);
    CHECK(!cb_strategy_deterministic(s));
    cb_state *st;
    uint32_t gi;
    double score;
    cb_state_new(w->table, &st);
    CHECK(cb_strategy_choose(s, st, NULL, &gi, &score) == CB_OK && gi == 5 && score == 317);
    cb_strategy_free(s);
    cfg.name = "random";
    CHECK(cb_strategy_new(w->table, &cfg, &s, &err) == CB_OK);
    size_t n;
    cb_guess_score gs[2];
    CHECK(cb_strategy_rank(s, st, 2, gs, &n) == CB_EINVAL);
    cb_strategy_free(s);
    cb_state_free(st);
}

#include <time.h>
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#define TIMED(call)                                                                                                    \
    do {                                                                                                               \
        double t0 = now();                                                                                             \
        call;                                                                                                          \
        if (getenv("CB_TEST_TIMES"))                                                                                   \
            fprintf(stderr, "%6.3f s  %s\n", now() - t0, #call);                                                       \
    } while (0)

/*
 * A cancel flag set before the call stops rankings of every strategy of the registry that ranks, and
 * decisions of every kind that scores, all but those that look at each candidate once (issue 15).
 */
static void cancelled(world *w)
{
    volatile int flag = 1;
    cb_state *st;
    CHECK(cb_state_new(w->table, &st) == CB_OK);
    for (size_t i = 0; i < cb_strategy_count(); i++) {
        const cb_strategy_info *info = cb_strategy_at(i);
        const char *name = info->name;
        cb_strategy_config cfg;
        cb_strategy *s;
        cb_guess_score gs[3];
        size_t count = 99;
        uint32_t g;
        if (!(info->traits & CB_TRAIT_RANKS) || (info->traits & (CB_TRAIT_ARGUMENT | CB_TRAIT_WORDLE)))
            continue;
        cb_strategy_config_default(&cfg);
        cfg.name = name;
        cfg.cancel = &flag;
        CHECK_MSG(cb_strategy_new(w->table, &cfg, &s, NULL) == CB_OK, "%s", name);
        CHECK_MSG(cb_strategy_rank(s, st, 3, gs, &count) == CB_ECANCELED && count == 0, "%s rank", name);
        int scores = info->cost != CB_COST_CANDIDATES && info->cost != CB_COST_LETTERS;
        CHECK_MSG((cb_strategy_choose(s, st, NULL, &g, NULL) == CB_ECANCELED) == scores, "%s choose", name);
        flag = 0; /* the same strategy works once the flag is down */
        CHECK_MSG(cb_strategy_rank(s, st, 3, gs, &count) == CB_OK && count == 3, "%s rank after", name);
        flag = 1;
        cb_strategy_free(s);
    }
    cb_state_free(st);
}

int main(void)
{
    world mm = open_world("mastermind", 0, 0, CB_TABLE_AUTO);
    cancelled(&mm);
    world fly = open_world("mastermind", 5, 4, CB_TABLE_OFF); /* on-the-fly feedback */
    world wide = open_world("wordle", 3, 6, CB_TABLE_AUTO);   /* two-byte entries: 3^6 ids */
    world sym6 = open_world("symble", 3, 6, CB_TABLE_AUTO);   /* Symble, two-byte entries */
    world wordle = open_world("wordle", 0, 0, CB_TABLE_AUTO);
    world symble = open_world("symble", 0, 0, CB_TABLE_AUTO);
    /* on the fly: columns per candidate or the row kernel; Symble keys past the observe tables; hashed counts */
    world fly_wordle = open_world("wordle", 0, 0, CB_TABLE_OFF);
    world fly_sym6 = open_world("symble", 3, 6, CB_TABLE_OFF);
    world fly_sym12 = open_world("symble", 2, 12, CB_TABLE_OFF); /* 3^12 ids: keys from the half tables */
    world fly_sym13 = open_world("symble", 2, 13, CB_TABLE_OFF); /* 3^13 ids: more than the dense counts take */
    /* precomputed tables without the secret-major copy: score_rows and cbs_score's row loops only */
    world rows_mm = open_world_rows("mastermind", 0, 0, CB_TABLE_AUTO, 1);
    world rows_sym6 = open_world_rows("symble", 3, 6, CB_TABLE_AUTO, 1);
    TIMED(columns(&mm));
    TIMED(columns(&fly));
    TIMED(columns(&wide));
    TIMED(columns(&wordle));
    TIMED(columns(&symble));
    TIMED(kernels(&mm, 16, 2, 24));
    TIMED(kernels(&fly, 10, 2, 24));
    TIMED(kernels(&wide, 20, 2, 40));
    TIMED(kernels(&sym6, 20, 2, 40));
    TIMED(kernels(&wordle, 3, 0, 15));  /* the first state: wide blocks */
    TIMED(kernels(&wordle, 20, 2, 40)); /* narrower states */
    TIMED(kernels(&symble, 2, 0, 10));
    TIMED(kernels(&symble, 10, 2, 20));
    TIMED(kernels(&fly_wordle, 1, 0, 6));
    TIMED(kernels_from(&fly_wordle, 6, 1, 2, 12));
    TIMED(kernels(&fly_sym6, 20, 2, 40));
    TIMED(kernels_from(&fly_sym12, 1, 0, 0, 3)); /* the first state: every code a candidate */
    TIMED(kernels_from(&fly_sym12, 3, 1, 2, 12));
    TIMED(kernels_from(&fly_sym13, 2, 1, 2, 6));
    CHECK(cbt_columns(rows_mm.table) == NULL); /* the option holds */
    TIMED(kernels(&rows_mm, 16, 2, 24));
    TIMED(kernels(&rows_sym6, 20, 2, 40));
    TIMED(choices(&rows_mm, 4, 1, 400, 0));
    TIMED(choices(&mm, 8, 1, 400, 0));
    TIMED(choices(&mm, 1, 0, SIZE_MAX, 0));
    TIMED(choices(&wide, 8, 1, SIZE_MAX, 0));
    TIMED(choices(&sym6, 8, 1, SIZE_MAX, 0));
    TIMED(choices(&wordle, 4, 2, 40, 0));
    TIMED(choices(&wordle, 4, 2, 40, 1));
    TIMED(choices(&fly_sym6, 6, 1, SIZE_MAX, 0));
    TIMED(choices(&fly_wordle, 3, 2, 40, 0));
    TIMED(hard_pools(&wordle));
    TIMED(singletons(&mm));
    TIMED(options(&mm));
    close_world(&mm);
    close_world(&rows_mm);
    close_world(&rows_sym6);
    close_world(&fly);
    close_world(&wide);
    close_world(&sym6);
    close_world(&wordle);
    close_world(&symble);
    close_world(&fly_wordle);
    close_world(&fly_sym6);
    close_world(&fly_sym12);
    close_world(&fly_sym13);
    return check_done("test_strategy");
}
