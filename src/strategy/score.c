/*
 * score.c: the partition kernel of every greedy strategy: how the
 * candidates of a state fall over the feedbacks of one guess, counted
 * straight from the table's row, with exact statistics of the part sizes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/feedback.h"
#include "strategy/strategy_internal.h"
#include "table/table_internal.h"
#include "tuning.h"

#define HASH_EMPTY UINT32_MAX /* no key: keys stay below 3^20 + 1 */

typedef uint8_t v8 __attribute__((vector_size(CB_SCORE_BLOCK)));

uint64_t cbs_clogc(const uint64_t *table, size_t len, uint32_t c)
{
    if (c < len)
        return table[c];
    return c < 2 ? 0 : (uint64_t)c * (uint64_t)llround(log2((double)c) * CB_LOG_SCALE);
}

uint64_t *cbs_clogc_table(size_t len)
{
    uint64_t *t = malloc((len ? len : 1) * sizeof *t);
    if (t)
        for (size_t c = 0; c < len; c++)
            t[c] = cbs_clogc(NULL, 0, (uint32_t)c);
    return t;
}

double cbs_entropy(const cbs_pstats *ps, size_t n)
{
    if (n < 2)
        return 0.0;
    double h = log2((double)n) - (double)ps->slog / CB_LOG_SCALE / (double)n;
    return h < 0 ? 0.0 : h;
}

/*
 * A part of c candidates into s: its largest part and every row of CBS_STATS (score_internal.h),
 * through the c log c table clogc[0..clen) where it reaches. The one place the kernels below add a
 * part; their number of parts they count themselves.
 */
static inline __attribute__((always_inline)) void part_add(cbs_pstats *s, uint64_t c, const uint64_t *clogc,
                                                           size_t clen)
{
#define clogc_of(c) ((c) < clen ? clogc[c] : cbs_clogc(NULL, 0, (uint32_t)(c)))
#define STAT_ADD(field, part, member) s->field += (part);
    s->largest = c > s->largest ? (uint32_t)c : s->largest;
    CBS_STATS(STAT_ADD)
#undef STAT_ADD
#undef clogc_of
}

/* Symble: one key table per distinct mask: key = smallest observed id over the mask's mappings. */
static int symble_tables(cbs_node *nd)
{
    const cb_game *game = nd->game;
    int slot[1 << CB_MAPPINGS];
    int nmask = 0;
    memset(slot, -1, sizeof slot);
    nd->midx = malloc(nd->n ? nd->n : 1);
    if (!nd->midx)
        return CB_ENOMEM;
    for (size_t i = 0; i < nd->n; i++) {
        if (slot[nd->masks[i]] < 0)
            slot[nd->masks[i]] = nmask++;
        nd->midx[i] = (uint8_t)slot[nd->masks[i]];
    }
    nd->ktab = malloc((size_t)(nmask ? nmask : 1) * nd->pow * sizeof *nd->ktab);
    if (!nd->ktab)
        return CB_ENOMEM;
    for (unsigned mask = 0; mask < 1u << CB_MAPPINGS; mask++) {
        if (slot[mask] < 0)
            continue;
        uint16_t *t = nd->ktab + (size_t)slot[mask] * nd->pow;
        for (uint32_t raw = 0; raw < nd->pow; raw++) {
            uint32_t lo = UINT32_MAX;
            for (int m = 0; m < CB_MAPPINGS; m++)
                if (mask >> m & 1) {
                    uint32_t o = cb_game_observe(game, raw, m);
                    lo = o < lo ? o : lo;
                }
            t[raw] = (uint16_t)lo;
        }
    }
    return CB_OK;
}

/* Symble: the part key of a raw pattern for a candidate whose possible mappings are `mask`. */
static inline uint32_t symble_key(const cbs_node *nd, uint32_t raw, unsigned mask)
{
    const cb_game *game = nd->game;
    uint32_t lo = UINT32_MAX;
    if (game->observe) {
        if (mask == (1u << CB_MAPPINGS) - 1)
            return game->observe_min[raw];
        for (int m = 0; m < CB_MAPPINGS; m++)
            if (mask >> m & 1) {
                uint32_t o = game->observe[(size_t)m * game->pow3 + raw];
                lo = o < lo ? o : lo;
            }
        return lo;
    }
    if (raw == game->pow3 - 1)
        return game->won;
    size_t hp = game->half_pow, a = raw % hp, b = raw / hp;
    for (int m = 0; m < CB_MAPPINGS; m++)
        if (mask >> m & 1) {
            uint32_t o = game->observe_lo[(size_t)m * hp + a] + game->observe_hi[(size_t)m * hp + b];
            lo = o < lo ? o : lo;
        }
    return lo;
}

int cbs_node_prepare(cbs_node *nd, const cb_state *st, const uint64_t *clogc, size_t clogc_len)
{
    memset(nd, 0, sizeof *nd);
    nd->pairs = cbs_pairs_kernel(cb_cpu_level_current());
    nd->game = cb_state_game(st);
    nd->table = cb_state_table(st);
    nd->n = cb_state_count(st);
    nd->cands = cb_state_candidates(st);
    nd->masks = cb_state_masks(st);
    nd->nkeys = nd->game->fb_count;
    nd->clogc = clogc;
    nd->clogc_len = clogc ? clogc_len : 0;
    const char *cols = cbt_columns(nd->table);
    int width = cb_table_width(nd->table);
    if (cols && width < 4) {
        nd->colp = malloc((nd->n ? nd->n : 1) * sizeof *nd->colp);
        if (!nd->colp)
            return CB_ENOMEM;
        for (size_t i = 0; i < nd->n; i++)
            nd->colp[i] = cols + (size_t)nd->cands[i] * nd->game->nguess * (size_t)width;
    }
    if (!nd->masks || !nd->game->observe)
        return CB_OK; /* Symble beyond 10 letters: keys from the game's half tables (symble_key) */
    /* key tables: always for precomputed tables (their kernels need them), on the fly when they pay off */
    nd->pow = cb_pow3(nd->game->n);
    if (cb_table_precomputed(nd->table) || (double)nd->n * nd->game->nguess >= 16.0 * nd->pow)
        return symble_tables(nd);
    return CB_OK;
}

/* The candidates position-major, unless they are one run of consecutive secrets (the table's copy serves). */
static int node_soa(cbs_node *nd)
{
    if (nd->n == 0 || nd->cands[nd->n - 1] - nd->cands[0] == nd->n - 1) /* sorted and distinct: a run */
        return CB_OK;
    uint32_t *idx = malloc(nd->n * sizeof *idx);
    if (!idx)
        return CB_ENOMEM;
    for (size_t i = 0; i < nd->n; i++)
        idx[i] = nd->game->secret_guess[nd->cands[i]];
    nd->soa = cbt_soa_make(nd->game, idx, nd->n);
    free(idx);
    return nd->soa ? CB_OK : CB_ENOMEM;
}

int cbs_node_fly(cbs_node *nd, size_t npool, int threads)
{
    const cb_game *game = nd->game;
    const size_t ng = game->nguess, n = nd->n;
    int width = cb_table_width(nd->table), fail = 0;
    if (cb_table_precomputed(nd->table) || nd->colp || n < 2)
        return CB_OK;
    /* columns cost n x guesses pairs; rows npool x n, padded to whole vector blocks */
    double cols = (double)n * (double)ng, rows = (double)npool * (double)cbt_kernel_padding(n);
    if (width == 4 || cols > rows || cols * width > (double)CB_FLY_COLUMNS_BYTES)
        return node_soa(nd);
    nd->fly = malloc(n * ng * (size_t)width);
    nd->colp = malloc(n * sizeof *nd->colp);
    if (!nd->fly || !nd->colp)
        return CB_ENOMEM;
    long count = (long)n;
#pragma omp parallel for schedule(dynamic, 8) num_threads(threads) if (threads > 1 && n > 16)
    for (long i = 0; i < count; i++) {
        char *col = (char *)nd->fly + (size_t)i * ng * (size_t)width;
        cbt_column(nd->table, nd->cands[i], col);
        nd->colp[i] = col;
    }
    if (nd->masks && !nd->ktab) { /* the column kernels key Symble candidates through key tables */
        nd->pow = cb_pow3(game->n);
        if (symble_tables(nd) != CB_OK)
            fail = 1;
    }
    return fail ? CB_ENOMEM : CB_OK;
}

void cbs_node_release(cbs_node *nd)
{
    free(nd->midx);
    free(nd->ktab);
    free(nd->colp);
    free(nd->fly);
    cbt_soa_free(nd->soa, nd->game ? nd->game->n : 0);
    nd->midx = NULL;
    nd->ktab = NULL;
    nd->colp = NULL;
    nd->fly = NULL;
    nd->soa = NULL;
}

int cbs_scratch_reserve(cbs_scratch *sc, const cbs_node *nd)
{
    if (nd->nkeys <= CB_SCORE_DENSE_LIMIT && sc->counts_len < nd->nkeys) {
        free(sc->counts);
        free(sc->block);
        sc->counts = calloc(nd->nkeys, sizeof *sc->counts);
        sc->block = nd->nkeys <= CB_BLOCK_KEYS ? calloc(CB_SCORE_BLOCK * (size_t)nd->nkeys, sizeof *sc->block) : NULL;
        sc->counts_len = sc->counts && (sc->block || nd->nkeys > CB_BLOCK_KEYS) ? nd->nkeys : 0;
        if (!sc->counts_len)
            return CB_ENOMEM;
    }
    if (!sc->pairs && nd->n <= CB_PAIRS_MAX && cb_table_width(nd->table) == 1) {
        sc->pairs = aligned_alloc(CB_SCORE_BLOCK, 2 * CB_PAIRS_MAX * CB_SCORE_BLOCK);
        if (!sc->pairs)
            return CB_ENOMEM;
        for (uint32_t c = 1; c <= CB_PAIRS_MAX; c++)
            sc->lg[c] = cbs_clogc(NULL, 0, c) / c; /* exact: cbs_clogc is c times a rounded log */
    }
    if (nd->nkeys > CB_SCORE_DENSE_LIMIT && sc->hcap < 2 * nd->n) {
        size_t cap = 64;
        while (cap < 2 * nd->n)
            cap *= 2;
        free(sc->hkeys);
        free(sc->hcounts);
        sc->hkeys = malloc(cap * sizeof *sc->hkeys);
        sc->hcounts = malloc(cap * sizeof *sc->hcounts);
        sc->hcap = sc->hkeys && sc->hcounts ? cap : 0;
        if (!sc->hcap)
            return CB_ENOMEM;
        memset(sc->hkeys, 0xff, cap * sizeof *sc->hkeys); /* HASH_EMPTY */
    }
    if (sc->cap < nd->n || !sc->touched) {
        size_t cap = nd->n > 64 ? nd->n : 64;
        free(sc->touched);
        free(sc->keys);
        sc->touched = malloc(cap * sizeof *sc->touched);
        sc->keys = malloc(cap * sizeof *sc->keys);
        sc->cap = sc->touched && sc->keys ? cap : 0;
        if (!sc->cap)
            return CB_ENOMEM;
    }
    return CB_OK;
}

void cbs_scratch_release(cbs_scratch *sc)
{
    free(sc->counts);
    free(sc->block);
    free(sc->pairs);
    free(sc->touched);
    free(sc->keys);
    free(sc->hkeys);
    free(sc->hcounts);
    memset(sc, 0, sizeof *sc);
}

/*
 * Count keys into the dense array, remembering which were touched; stop
 * when a part exceeds limit. Returns the number of touched keys, or
 * SIZE_MAX when stopped (counts already cleared).
 */
#define COUNT_DENSE(KEY)                                                                                               \
    do {                                                                                                               \
        for (size_t i = 0; i < n; i++) {                                                                               \
            uint32_t k = (KEY);                                                                                        \
            uint32_t c = ++counts[k];                                                                                  \
            touched[p] = k; /* kept only when new: no branch to mispredict */                                          \
            p += c == 1;                                                                                               \
            if (c > limit) {                                                                                           \
                cut = 1;                                                                                               \
                break;                                                                                                 \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/*
 * Large key spaces (Symble beyond 12 letters): count in a hash table of
 * twice the candidates, stopping when a part exceeds limit; the touched
 * slots are cleared again.
 */
static void score_hashed(const cbs_node *nd, cbs_scratch *sc, const uint32_t *keys, size_t n, uint32_t limit,
                         cbs_pstats *out)
{
    const size_t mask = sc->hcap - 1;
    uint32_t *hk = sc->hkeys, *hc = sc->hcounts, *touched = sc->touched;
    size_t p = 0;
    int cut = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t k = keys[i];
        size_t h = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 32) & mask;
        while (hk[h] != k && hk[h] != HASH_EMPTY)
            h = (h + 1) & mask;
        if (hk[h] == HASH_EMPTY) {
            hk[h] = k;
            hc[h] = 0;
            touched[p++] = (uint32_t)h;
        }
        if (++hc[h] > limit) {
            cut = 1;
            break;
        }
    }
    cbs_pstats s = {.parts = (uint32_t)p};
    for (size_t q = 0; q < p; q++) {
        uint32_t c = hc[touched[q]];
        hk[touched[q]] = HASH_EMPTY;
        part_add(&s, c, nd->clogc, nd->clogc_len);
    }
    if (cut)
        s.largest = UINT32_MAX;
    *out = s;
}

/*
 * Wide nodes by rows: each guess's row read through the candidates (in
 * order, so mostly sequentially), counted into four interleaved
 * histograms so that runs of one key do not wait on each other.
 */
#define COUNT_ROWS(KEY)                                                                                                \
    do {                                                                                                               \
        size_t i = 0;                                                                                                  \
        for (; i + 4 <= n; i += 4) {                                                                                   \
            h0[KEY(i)]++;                                                                                              \
            h1[KEY(i + 1)]++;                                                                                          \
            h2[KEY(i + 2)]++;                                                                                          \
            h3[KEY(i + 3)]++;                                                                                          \
        }                                                                                                              \
        for (; i < n; i++)                                                                                             \
            h0[KEY(i)]++;                                                                                              \
    } while (0)

static void score_rows(const cbs_node *nd, cbs_scratch *sc, const uint32_t *gs, size_t count, cbs_pstats *out)
{
    const size_t n = nd->n, nk = nd->nkeys;
    const uint32_t *cands = nd->cands;
    uint16_t *h0 = sc->block, *h1 = h0 + nk, *h2 = h1 + nk, *h3 = h2 + nk;
    for (size_t j = 0; j < count; j++) {
        const uint8_t *row = cb_table_row(nd->table, gs[j]);
        if (nd->ktab) {
            const uint8_t *midx = nd->midx;
            const uint16_t *ktab = nd->ktab;
            const size_t pow = nd->pow;
#define SYMBLE_KEY(x) ktab[midx[x] * pow + row[cands[x]]]
            COUNT_ROWS(SYMBLE_KEY);
#undef SYMBLE_KEY
        } else {
#define ROW_KEY(x) row[cands[x]]
            COUNT_ROWS(ROW_KEY);
#undef ROW_KEY
        }
        cbs_pstats s = {0};
        for (size_t k = 0; k < nk; k++) {
            uint32_t c = (uint32_t)h0[k] + h1[k] + h2[k] + h3[k];
            if (!c)
                continue;
            h0[k] = h1[k] = h2[k] = h3[k] = 0;
            s.parts++;
            part_add(&s, c, nd->clogc, nd->clogc_len);
        }
        out[j] = s;
    }
}

/* One block: a histogram per guess, filled a candidate at a time. */
#define COUNT_BLOCK(KEY)                                                                                               \
    do {                                                                                                               \
        for (size_t i = 0; i < n; i++)                                                                                 \
            for (size_t j = 0; j < count; j++)                                                                         \
                h[j * nk + (KEY)]++;                                                                                   \
    } while (0)

/* Wide nodes: many candidates over few keys. */
static void score_block(const cbs_node *nd, cbs_scratch *sc, const uint32_t *gs, size_t count, cbs_pstats *out)
{
    const size_t n = nd->n, nk = nd->nkeys;
    const uint8_t *const *c8 = (const uint8_t *const *)nd->colp;
    const uint16_t *const *c16 = (const uint16_t *const *)nd->colp;
    uint16_t *h = sc->block;
    int width = cb_table_width(nd->table);
    if (nd->ktab) {
        const uint8_t *midx = nd->midx;
        const uint16_t *ktab = nd->ktab;
        const size_t pow = nd->pow;
        if (width == 1)
            COUNT_BLOCK(ktab[midx[i] * pow + c8[i][gs[j]]]);
        else
            COUNT_BLOCK(ktab[midx[i] * pow + c16[i][gs[j]]]);
    } else if (width == 1)
        COUNT_BLOCK(c8[i][gs[j]]);
    else
        COUNT_BLOCK(c16[i][gs[j]]);
    for (size_t j = 0; j < count; j++) {
        cbs_pstats s = {0};
        uint16_t *hj = h + j * nk;
        for (size_t k = 0; k < nk; k++) {
            uint32_t c = hj[k];
            if (!c)
                continue;
            hj[k] = 0;
            s.parts++;
            part_add(&s, c, nd->clogc, nd->clogc_len);
        }
        out[j] = s;
    }
}

/* The statistics of the touched parts of a narrow count, clearing the counts. */
static inline void touched_stats(uint32_t *counts, const uint32_t *touched, size_t p, const uint64_t *clogc,
                                 size_t clen, cbs_pstats *s)
{
    *s = (cbs_pstats){.parts = (uint32_t)p};
    for (size_t q = 0; q < p; q++) {
        uint32_t c = counts[touched[q]];
        counts[touched[q]] = 0;
        part_add(s, c, clogc, clen);
    }
}

/* Narrow nodes: the counting loop of cbs_score inlined for a block of guesses, one layout at a time. */
#define NARROW(KEY)                                                                                                    \
    do {                                                                                                               \
        for (size_t j = 0; j < count; j++) {                                                                           \
            const uint32_t g = gs[j];                                                                                  \
            size_t p = 0;                                                                                              \
            int cut = 0;                                                                                               \
            COUNT_DENSE(KEY);                                                                                          \
            touched_stats(counts, touched, p, nd->clogc, nd->clogc_len, &out[j]);                                      \
            if (cut)                                                                                                   \
                out[j].largest = UINT32_MAX;                                                                           \
            else if (limit != UINT32_MAX && out[j].largest < limit)                                                    \
                limit = out[j].largest; /* later guesses of the block must at least tie this one */                    \
        }                                                                                                              \
    } while (0)

static void score_narrow(const cbs_node *nd, cbs_scratch *sc, const uint32_t *gs, size_t count, uint32_t limit,
                         cbs_pstats *out)
{
    const size_t n = nd->n;
    const uint8_t *const *c8 = (const uint8_t *const *)nd->colp;
    const uint16_t *const *c16 = (const uint16_t *const *)nd->colp;
    uint32_t *counts = sc->counts, *touched = sc->touched;
    if (nd->ktab) {
        const uint8_t *midx = nd->midx;
        const uint16_t *ktab = nd->ktab;
        const size_t pow = nd->pow;
        if (cb_table_width(nd->table) == 1)
            NARROW(ktab[midx[i] * pow + c8[i][g]]);
        else
            NARROW(ktab[midx[i] * pow + c16[i][g]]);
    } else if (cb_table_width(nd->table) == 1)
        NARROW(c8[i][g]);
    else
        NARROW(c16[i][g]);
}

/*
 * Narrow nodes, CB_SCORE_BLOCK consecutive guesses at once, one per byte
 * lane: candidate i's part has as many candidates as keys equal to its
 * own, and starts a part when no earlier candidate has its key. Each
 * statistic of CBS_STATS is then summed a candidate at a time by its
 * MEMBER term: part sizes give the sum of squares; c log2 c per part is
 * log2 c per candidate (cbs_clogc is c times a rounded log2 c, so both
 * sums are equal). Needs n <= CB_PAIRS_MAX (sizes fit a byte, sums of sizes
 * 16 bits) and the scratch's pair areas.
 */
static inline __attribute__((always_inline)) void score_pairs(const cbs_node *nd, cbs_scratch *sc, uint32_t g0,
                                                              cbs_pstats *out)
{
    const size_t n = nd->n;
    const uint8_t *const *col = (const uint8_t *const *)nd->colp;
    v8 *key = (v8 *)sc->pairs, *size = key + n;
    v8 largest = {0}, parts = {0};
    if (nd->ktab) /* Symble: each candidate's raw colours through its mappings' key table (keys fit a byte) */
        for (size_t i = 0; i < n; i++) {
            const uint16_t *kt = nd->ktab + nd->midx[i] * (size_t)nd->pow;
            uint8_t *k = (uint8_t *)&key[i];
            for (size_t j = 0; j < CB_SCORE_BLOCK; j++)
                k[j] = (uint8_t)kt[col[i][g0 + j]];
        }
    else
        for (size_t i = 0; i < n; i++)
            memcpy(&key[i], col[i] + g0, sizeof(v8));
    for (size_t i = 0; i < n; i++) {
        v8 k = key[i], c = (v8){0} + 1, seen = {0}; /* equal lanes are all ones: subtracting adds one */
        for (size_t j = 0; j < i; j++) {
            v8 eq = (v8)(key[j] == k);
            c -= eq;
            seen |= eq;
        }
        for (size_t j = i + 1; j < n; j++)
            c -= (v8)(key[j] == k);
        size[i] = c;
        v8 more = (v8)(c > largest);
        largest = (c & more) | (largest & ~more);
        parts -= (v8)(seen == 0);
    }
    /* each statistic a candidate at a time: its MEMBER term (CBS_STATS), log2 c for the entropy */
#define lg_of(c) sc->lg[c]
#define STAT_ADD(field, part, member) s.field += (member);
    for (size_t j = 0; j < CB_SCORE_BLOCK; j++) {
        cbs_pstats s = {.largest = largest[j], .parts = parts[j]};
        const uint8_t *sz = (const uint8_t *)size + j;
        for (size_t i = 0; i < n; i++, sz += CB_SCORE_BLOCK) {
            uint64_t c = *sz;
            CBS_STATS(STAT_ADD)
        }
        out[j] = s;
    }
#undef STAT_ADD
#undef lg_of
}

/* score_pairs a processor level: the baseline's and AVX2's (CB_TOP_PARTITION), one chosen a node (nd->pairs). */
static void score_pairs_scalar(const cbs_node *nd, cbs_scratch *sc, uint32_t g0, cbs_pstats *out)
{
    score_pairs(nd, sc, g0, out);
}

#if CB_CPU_DISPATCH
CB_TARGET_AVX2 static void score_pairs_avx2(const cbs_node *nd, cbs_scratch *sc, uint32_t g0, cbs_pstats *out)
{
    score_pairs(nd, sc, g0, out);
}
#endif

cbs_pairs_fn *cbs_pairs_kernel(cb_cpu_level level)
{
#if CB_CPU_DISPATCH
    if (level >= CB_CPU_AVX2 && CB_TOP_PARTITION >= 1)
        return score_pairs_avx2;
#endif
    (void)level;
    return score_pairs_scalar;
}

/*
 * Which kernel scores a block of guesses; the first whose condition holds
 * runs. "columns" is the node's secret-major view (nd->colp: the table's
 * copy, or columns computed for an on-the-fly node); every path gives the
 * same statistics, and tests/unit/test_strategy.c checks each against
 * cbs_score and the slow reference.
 *
 *   path          condition                                  why
 *   score_pairs   columns, 1-byte entries, <= 256 keys,      tiny nodes: n^2 byte compares of 32 guesses
 *                 n <= CB_PAIRS_MAX, a full block of         in vector lanes beat clearing and touching
 *                 consecutive guesses, c log c tabulated     any counter (Wordle endgames, Mastermind)
 *                 beyond CB_PAIRS_MAX
 *   score_rows    precomputed 1-byte table, block counters   wide nodes (n >= keys): stream each guess's
 *                 (keys <= CB_BLOCK_KEYS), keys <= n < 2^16  row into four interleaved 16-bit histograms
 *   score_block   columns, block counters, keys <= n < 2^16  wide nodes without 1-byte rows: one pass over
 *                                                            the candidates counts all 32 guesses
 *   score_narrow  columns, keys <= CB_SCORE_DENSE_LIMIT      narrow nodes (n < keys): count, then clear only
 *                                                            the touched parts
 *   cbs_score     otherwise: no columns, 4-byte entries,     one guess at a time, from its row, the on-the-
 *                 or more keys than CB_SCORE_DENSE_LIMIT     fly kernel, or a hash table for huge key spaces
 *                 (Symble beyond 12 letters)
 *
 * 2^16: the block paths count in 16 bits.
 */
void cbs_score_many(const cbs_node *nd, cbs_scratch *sc, const uint32_t *guesses, size_t count, uint32_t limit,
                    cbs_pstats *out)
{
    if (nd->colp && sc->pairs && nd->nkeys <= 256 && nd->n <= CB_PAIRS_MAX && count == CB_SCORE_BLOCK &&
        cb_table_width(nd->table) == 1 && nd->clogc_len > CB_PAIRS_MAX &&
        guesses[count - 1] - guesses[0] == count - 1) { /* sorted and distinct: consecutive guesses */
        nd->pairs(nd, sc, guesses[0], out);
        return;
    }
    if (sc->block && cb_table_precomputed(nd->table) && cb_table_width(nd->table) == 1 && nd->n >= nd->nkeys &&
        nd->n < 65536) {
        score_rows(nd, sc, guesses, count, out);
        return;
    }
    if (nd->colp && sc->block && nd->n >= nd->nkeys && nd->n < 65536) {
        score_block(nd, sc, guesses, count, out);
        return;
    }
    if (nd->colp && nd->nkeys <= CB_SCORE_DENSE_LIMIT) {
        score_narrow(nd, sc, guesses, count, limit, out);
        return;
    }
    for (size_t j = 0; j < count; j++) {
        cbs_score(nd, sc, guesses[j], limit, &out[j]);
        if (limit != UINT32_MAX && out[j].largest < limit)
            limit = out[j].largest; /* later guesses of the block must at least tie this one */
    }
}

/* Hot loop: one specialised counting loop per row layout, then the statistics of the touched parts. */
void cbs_score(const cbs_node *nd, cbs_scratch *sc, uint32_t g, uint32_t limit, cbs_pstats *out)
{
    const size_t n = nd->n;
    const uint32_t *cands = nd->cands;
    const void *row = cb_table_row(nd->table, g);
    const int width = cb_table_width(nd->table);
    uint32_t *counts = sc->counts, *touched = sc->touched;
    size_t p = 0;
    int cut = 0;
    int by_columns = nd->colp && width < 4 && (!nd->masks || nd->ktab) && nd->nkeys <= CB_SCORE_DENSE_LIMIT;
    if (!by_columns && (!row || width == 4 || (nd->masks && !nd->ktab) || nd->nkeys > CB_SCORE_DENSE_LIMIT)) {
        uint32_t *keys = sc->keys;
        if (nd->soa) /* on the fly: the vectorised kernel over the node's own copy of the candidates */
            cbt_kernel_fill(nd->table, g, (const uint8_t *const *)nd->soa, n, keys);
        else
            cb_table_fill(nd->table, g, cands, n, keys);
        if (nd->ktab)
            for (size_t i = 0; i < n; i++)
                keys[i] = nd->ktab[nd->midx[i] * (size_t)nd->pow + keys[i]];
        else if (nd->masks)
            for (size_t i = 0; i < n; i++)
                keys[i] = symble_key(nd, keys[i], nd->masks[i]);
        if (nd->nkeys > CB_SCORE_DENSE_LIMIT) {
            score_hashed(nd, sc, keys, n, limit, out);
            return;
        }
        COUNT_DENSE(keys[i]);
    } else if (nd->colp) {
        const uint8_t *const *c8 = (const uint8_t *const *)nd->colp;
        const uint16_t *const *c16 = (const uint16_t *const *)nd->colp;
        if (nd->ktab) {
            const uint8_t *midx = nd->midx;
            const uint16_t *ktab = nd->ktab;
            const size_t pow = nd->pow;
            if (width == 1)
                COUNT_DENSE(ktab[midx[i] * pow + c8[i][g]]);
            else
                COUNT_DENSE(ktab[midx[i] * pow + c16[i][g]]);
        } else if (width == 1)
            COUNT_DENSE(c8[i][g]);
        else
            COUNT_DENSE(c16[i][g]);
    } else if (nd->ktab) {
        const uint8_t *midx = nd->midx;
        const uint16_t *ktab = nd->ktab;
        const size_t pow = nd->pow;
        if (width == 1) {
            const uint8_t *r = row;
            COUNT_DENSE(ktab[midx[i] * pow + r[cands[i]]]);
        } else {
            const uint16_t *r = row;
            COUNT_DENSE(ktab[midx[i] * pow + r[cands[i]]]);
        }
    } else if (width == 1) {
        const uint8_t *r = row;
        COUNT_DENSE(r[cands[i]]);
    } else {
        const uint16_t *r = row;
        COUNT_DENSE(r[cands[i]]);
    }
    cbs_pstats s = {.parts = (uint32_t)p};
    for (size_t j = 0; j < p; j++) {
        uint32_t c = counts[touched[j]];
        counts[touched[j]] = 0;
        part_add(&s, c, nd->clogc, nd->clogc_len);
    }
    if (cut)
        s.largest = UINT32_MAX;
    *out = s;
}
