/*
 * test_cpu.c: the one choice of processor level (base/cpu.c) reaches every
 * vector kernel. At each level this processor and build have, capped with
 * cb_cpu_level_cap as the program's CB_CPU_LEVEL does: each kernel's pick
 * is its version of that level or the highest below it, and what
 * cb_cpu_kernel_at reports; under the scalar cap no vector version is
 * picked; the table's row kernel of every rule, at every level it has,
 * gives the reference rules' feedback (ref_rules.c) on random codes; the
 * partition kernel gives cbs_score's statistics; and the exact solver, whose
 * row, block, look-ahead and count kernels follow the level, gives the same
 * total, nodes and work as at the scalar level.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codebreaker/feedback.h"
#include "codebreaker/optimal.h"
#include "codebreaker/state.h"
#include "codebreaker/table.h"
#include "codebreaker/version.h"
#include "game/rule_internal.h"
#include "ref_rules.h"
#include "solver/lbcount_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/scanlb_internal.h"
#include "strategy/strategy_internal.h"
#include "table/table_internal.h"
#include "tuning.h"

#define SECRETS 203 /* not a multiple of the lanes: the tail is checked too */

static unsigned long long rng_state = 88172645463325252ull;

static unsigned next(unsigned bound)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % bound);
}

/* The reference's feedback id of guess g against secret s (raw colours for Symble). */
static uint32_t reference(cb_rule rule, const uint8_t *g, const uint8_t *s, int n, int k)
{
    char pat[CB_MAX_LENGTH + 1];
    uint32_t id = 0, w = 1;
    int b, wh, won;
    switch (rule) {
    case CB_RULE_MASTERMIND:
        ref_mastermind(g, s, n, k, &b, &wh);
        return (uint32_t)(b * (n + 1) + wh);
    case CB_RULE_JOTTO: {
        int common = ref_jotto(g, s, n, &won);
        return won ? (uint32_t)n + 1 : (uint32_t)common;
    }
    case CB_RULE_SYMBLE:
        ref_symble(g, s, n, pat);
        break;
    default:
        ref_wordle(g, s, n, pat);
    }
    for (int i = 0; i < n; i++, w *= 3)
        id += (pat[i] == 'G' ? 2u : pat[i] == 'Y' ? 1u : 0u) * w;
    return id;
}

/* Kernel `fn` of `rule` on random codes against the reference: the number of wrong entries. */
static size_t kernel_trials(cbg_kernel_fn *fn, cb_rule rule, int n, int k, int width)
{
    size_t padded = cbt_kernel_padding(SECRETS), wrong = 0;
    uint8_t *soa[CB_MAX_LENGTH], guess[CB_MAX_LENGTH], secret[CB_MAX_LENGTH];
    uint32_t *out = calloc(padded, 4);
    for (int p = 0; p < n; p++)
        soa[p] = calloc(padded, 1);
    for (int trial = 0; trial < 20 && out; trial++) {
        for (int p = 0; p < n; p++)
            guess[p] = (uint8_t)next((unsigned)k);
        for (size_t j = 0; j < SECRETS; j++)
            for (int p = 0; p < n; p++) /* some secrets share letters with the guess, some are the guess */
                soa[p][j] = j % 17 == 0 ? guess[p] : (uint8_t)next((unsigned)k);
        fn(n, guess, (const uint8_t *const *)soa, SECRETS, width, out);
        for (size_t j = 0; j < SECRETS; j++) {
            for (int p = 0; p < n; p++)
                secret[p] = soa[p][j];
            uint32_t got = width == 1 ? ((uint8_t *)out)[j] : width == 2 ? ((uint16_t *)out)[j] : out[j];
            wrong += got != reference(rule, guess, secret, n, k);
        }
    }
    for (int p = 0; p < n; p++)
        free(soa[p]);
    free(out);
    return wrong;
}

static const struct {
    cb_rule rule;
    int n, k, width;
} shapes[] = {
    {CB_RULE_MASTERMIND, 4, 6, 1}, {CB_RULE_MASTERMIND, 5, 8, 1}, {CB_RULE_MASTERMIND, 6, 10, 1},
    {CB_RULE_WORDLE, 5, 26, 1},    {CB_RULE_WORDLE, 5, 26, 4},    {CB_RULE_WORDLE, 6, 26, 2},
    {CB_RULE_WORDLE, 12, 5, 4},    {CB_RULE_SYMBLE, 5, 26, 1},    {CB_RULE_SYMBLE, 7, 4, 2},
    {CB_RULE_JOTTO, 5, 26, 1},     {CB_RULE_JOTTO, 4, 3, 1},
};

/* Every kernel's pick at level l: its own version of min(l, its top); the report agrees. */
static void picks(cb_cpu_level l)
{
    int tl = (int)l < CB_TOP_TABLE ? (int)l : CB_TOP_TABLE;
    for (int r = CB_RULE_MASTERMIND; cbg_rule_of((cb_rule)r); r++) /* every rule of the registry */
        CHECK(cbt_kernel_pick((cb_rule)r, l) == cbg_rule_of((cb_rule)r)->kernel[tl]);
    cb_cpu_level got;
    const char *name;
    for (size_t i = 0; (name = cb_cpu_kernel_at(i, &got)) != NULL; i++)
        CHECK_MSG(got <= l, "%s: reported %s under the cap %s", name, cb_cpu_level_name(got), cb_cpu_level_name(l));
    if (l == CB_CPU_SCALAR) { /* no vector version: every pick is the scalar one, every report scalar */
        for (size_t i = 0; (name = cb_cpu_kernel_at(i, &got)) != NULL; i++)
            CHECK_MSG(got == CB_CPU_SCALAR, "%s: %s under the scalar cap", name, cb_cpu_level_name(got));
        CHECK(cbo_row_kernel(l) == cbo_row_base && cbo_block_kernel(l) == NULL);
    }
    /* one level's pick per kernel: the same as the level below when it has no version of its own */
    if (l > CB_CPU_SCALAR) {
        cb_cpu_level below = (cb_cpu_level)(l - 1);
        int own_lb = (int)l <= CB_TOP_LBCOUNT, own_la = (int)l <= CB_TOP_LOOKAHEAD;
        int own_part = (int)l <= CB_TOP_PARTITION, own_row = (int)l <= CB_TOP_ROW;
        CHECK((cbo_lbcount_kernel(l) != cbo_lbcount_kernel(below)) == own_lb);
        CHECK((cbo_scanlb_kernel(l) != cbo_scanlb_kernel(below)) == own_la);
        CHECK((cbs_pairs_kernel(l) != cbs_pairs_kernel(below)) == own_part);
        CHECK((cbo_row_kernel(l) != cbo_row_kernel(below)) == own_row);
    }
}

/* Mastermind of k colours and n pegs (Mastermind's rule on a complete dictionary) with its precomputed table. */
static cb_table *mastermind_table(int k, int n)
{
    cb_game_config cfg;
    cb_game_config_default(&cfg);
    cfg.rule = CB_RULE_MASTERMIND;
    cfg.colors = k;
    cfg.length = n;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_table_options to;
    cb_table_options_default(&to);
    to.mode = CB_TABLE_ON;
    if (cb_game_new(&cfg, &g, NULL) != CB_OK || cb_table_new(g, &to, &t, NULL) != CB_OK)
        cb_game_free(g);
    return t;
}

static void table_free(cb_table *t)
{
    const cb_game *g = t ? cb_table_game(t) : NULL;
    cb_table_free(t);
    cb_game_free((cb_game *)g);
}

static int same_pstats(const cbs_pstats *a, const cbs_pstats *b)
{
    int ok = a->largest == b->largest && a->parts == b->parts;
#define STAT_SAME(field, part, member) ok &= a->field == b->field;
    CBS_STATS(STAT_SAME)
#undef STAT_SAME
    return ok;
}

/*
 * The partition kernel at the level in use (the pair count of narrow nodes, picked when a node is
 * prepared) against cbs_score, a guess at a time by counters: every block of consecutive guesses of
 * states of Mastermind 6 x 4 after two random turns (*paired counts those the pair count scores). The
 * number of guesses whose statistics differ.
 */
static size_t partition_trials(const cb_table *t, int *paired)
{
    const cb_game *g = cb_table_game(t);
    uint32_t ng = cb_game_guess_count(g), ns = cb_game_secret_count(g);
    size_t wrong = 0, clen = ns + 1;
    uint64_t *clogc = cbs_clogc_table(clen);
    cb_state *st = NULL;
    CHECK(clogc && cb_state_new(t, &st) == CB_OK);
    for (int trial = 0; trial < 12 && st && clogc; trial++) {
        cb_state_reset(st);
        for (int turn = 0; turn < 2 && cb_state_count(st) > 1; turn++) {
            uint32_t gi = next(ng), secret = cb_state_candidates(st)[next((unsigned)cb_state_count(st))];
            CHECK(cb_state_apply(st, gi, cb_game_feedback(g, gi, secret)) == CB_OK);
        }
        cbs_node nd;
        cbs_scratch sc = {0};
        CHECK(cbs_node_prepare(&nd, st, clogc, clen) == CB_OK && cbs_scratch_reserve(&sc, &nd) == CB_OK);
        CHECK(nd.pairs == cbs_pairs_kernel(cb_cpu_level_current()));
        *paired += nd.colp && sc.pairs && nd.n <= CB_PAIRS_MAX; /* cbs_score_many takes the pair count */
        for (uint32_t g0 = 0; g0 + CB_SCORE_BLOCK <= ng; g0 += CB_SCORE_BLOCK) {
            uint32_t gs[CB_SCORE_BLOCK];
            cbs_pstats many[CB_SCORE_BLOCK], one;
            for (uint32_t j = 0; j < CB_SCORE_BLOCK; j++)
                gs[j] = g0 + j;
            cbs_score_many(&nd, &sc, gs, CB_SCORE_BLOCK, UINT32_MAX, many);
            for (uint32_t j = 0; j < CB_SCORE_BLOCK; j++) {
                cbs_score(&nd, &sc, gs[j], UINT32_MAX, &one);
                wrong += !same_pstats(&one, &many[j]);
            }
        }
        cbs_scratch_release(&sc);
        cbs_node_release(&nd);
    }
    cb_state_free(st);
    free(clogc);
    return wrong;
}

/* The exact solver at the level in use (its row, block, look-ahead and count kernels), one thread. */
/* The least total, or (worst) the least worst case: a search of depth only first, its scans by the same kernels. */
static int solve_at_level(const cb_table *t, int worst, cb_optimal_result *r)
{
    cb_optimal_options o;
    cb_optimal_options_default(&o);
    o.threads = 1;
    if (worst)
        o.objective = CB_OBJECTIVE_WORST;
    return cb_optimal_solve(t, &o, r, NULL);
}

int main(void)
{
    cb_cpu_level best = cb_cpu_level_best();
    CHECK(cb_cpu_level_current() == best); /* uncapped */
    printf("best level of this processor and build: %s; checking it and each one below\n", cb_cpu_level_name(best));
    for (int l = (int)best; l >= (int)CB_CPU_SCALAR; l--) {
        CHECK(cb_cpu_level_cap((cb_cpu_level)l) == (cb_cpu_level)l);
        picks((cb_cpu_level)l);
        if (l > CB_TOP_TABLE) /* the table's kernels have no version of their own here */
            continue;
        size_t wrong = 0;
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
            size_t w = kernel_trials(cbt_kernel_pick(shapes[i].rule, (cb_cpu_level)l), shapes[i].rule, shapes[i].n,
                                     shapes[i].k, shapes[i].width);
            CHECK_MSG(w == 0, "level %s, rule %d, %d symbols of %d, width %d: %zu entries differ",
                      cb_cpu_level_name((cb_cpu_level)l), (int)shapes[i].rule, shapes[i].n, shapes[i].k,
                      shapes[i].width, w);
            wrong += w;
        }
        printf("table kernels at level %s: %s\n", cb_cpu_level_name((cb_cpu_level)l),
               wrong ? "FAILED" : "as the reference");
    }
    /* the partition kernel and the solver's at every level against the scalar ones: the same figures */
    cb_table *mm = mastermind_table(6, 4), *small = mastermind_table(4, 4);
    CHECK(mm && small);
    cb_optimal_result ref[2] = {{0}, {0}};
    for (int l = CB_CPU_SCALAR; l <= (int)best && mm && small; l++) {
        cb_cpu_level_cap((cb_cpu_level)l);
        int paired = 0;
        size_t wrong = partition_trials(mm, &paired);
        CHECK_MSG(paired > 0, "level %s: no state small enough for the pair count", cb_cpu_level_name((cb_cpu_level)l));
        CHECK_MSG(wrong == 0, "level %s: %zu guesses partitioned unlike cbs_score", cb_cpu_level_name((cb_cpu_level)l),
                  wrong);
        for (int worst = 0; worst <= 1; worst++) {
            cb_optimal_result r = {0}, *rr = l == CB_CPU_SCALAR ? &ref[worst] : &r;
            CHECK(solve_at_level(small, worst, rr) == CB_OK);
            CHECK_MSG(rr->proved && (!worst || rr->worst_limit > 0), "level %s, worst %d: not proved",
                      cb_cpu_level_name((cb_cpu_level)l), worst);
            if (l > CB_CPU_SCALAR) {
                CHECK_MSG(
                    r.proved && r.total == ref[worst].total && r.worst_limit == ref[worst].worst_limit &&
                        r.nodes == ref[worst].nodes && r.work == ref[worst].work,
                    "level %s, worst %d: the solver's total %llu, nodes %llu, work %llu; scalar: %llu, %llu, %llu",
                    cb_cpu_level_name((cb_cpu_level)l), worst, (unsigned long long)r.total, (unsigned long long)r.nodes,
                    (unsigned long long)r.work, (unsigned long long)ref[worst].total,
                    (unsigned long long)ref[worst].nodes, (unsigned long long)ref[worst].work);
                cb_optimal_result_release(&r);
            }
        }
        printf("partition and solver kernels at level %s: %s\n", cb_cpu_level_name((cb_cpu_level)l),
               wrong ? "FAILED" : "as at the scalar level");
    }
    CHECK(ref[0].proved && ref[0].total > 0 && ref[1].proved && ref[1].worst_limit > 0);
    cb_optimal_result_release(&ref[0]);
    cb_optimal_result_release(&ref[1]);
    table_free(mm);
    table_free(small);
    cb_cpu_level_cap(CB_CPU_AVX512);
    return check_done("test_cpu");
}
