/*
 * scan.c: how the guesses of a node split it: feedback values, hard-mode
 * constraints, part counting (with SSE2 for small nodes),
 * the candidate check, the scan of every guess and the split into parts.
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "solver/solver_internal.h"
#include "table/table_internal.h"

/* ---- values ---- */

/*
 * Without a precomputed table (x->base NULL: x reads the game's rows, whose
 * columns are secrets) row r's values for x's entries come from the table's
 * kernel, a block of entries a call: out[i], one byte each
 * (cb_optimal_table_check takes an on-the-fly table only when values fit a
 * byte). For one row; a loop over a node's rows uses fly_row.
 */
static void fly_fill(const solver *S, const node *x, uint32_t r, uint8_t *out)
{
    uint32_t buf[CB_FILL_BLOCK];
    for (uint32_t i0 = 0; i0 < x->n; i0 += CB_FILL_BLOCK) {
        uint32_t k = x->n - i0 < CB_FILL_BLOCK ? x->n - i0 : CB_FILL_BLOCK;
        cb_table_fill(S->table, r, x->col + i0, k, buf);
        for (uint32_t i = 0; i < k; i++)
            out[i0 + i] = (uint8_t)buf[i];
    }
}

/*
 * What a loop over the guesses of a node without a table (x->base NULL) needs: the node's secrets
 * position-major for the row kernel, gathered once rather than at every row as fly_fill does, and the
 * columns 0 to n - 1 of a row so computed, to count it in place.
 */
typedef struct flyrows {
    const uint8_t **soa;
    uint32_t *ident;
} flyrows;

/* f for x from the thread's arena (nothing when x reads a table). CB_ENOMEM. */
static int fly_prepare(solver *S, tls *T, const node *x, flyrows *f)
{
    const cb_game *game = S->game;
    int len = game->n;
    size_t pad = cbt_kernel_padding(x->n);
    f->soa = NULL;
    f->ident = NULL;
    if (x->base)
        return CB_OK;
    uint8_t *buf = alloc(S, T, (size_t)len * pad);
    f->soa = alloc(S, T, (size_t)len * sizeof *f->soa);
    f->ident = alloc(S, T, ((size_t)x->n + 1) * sizeof *f->ident);
    if (!buf || !f->soa || !f->ident)
        return CB_ENOMEM;
    memset(buf, 0, (size_t)len * pad);
    for (uint32_t e = 0; e < x->n; e++) {
        const uint8_t *code = cb_game_code(game, cb_game_secret_guess(game, x->col[e]));
        for (int p = 0; p < len; p++)
            buf[(size_t)p * pad + e] = code[p];
        f->ident[e] = e;
    }
    for (int p = 0; p < len; p++)
        f->soa[p] = buf + (size_t)p * pad;
    return CB_OK;
}

/* Row r (a guess of the game) of x's entries into out, through f (fly_prepare). */
static inline void fly_row(const solver *S, const node *x, const flyrows *f, uint32_t r, uint8_t *out)
{
    cbt_kernel(S->game->rule, S->game->n, cb_game_code(S->game, r), f->soa, x->n, 1, out);
}

/*
 * Row r of x's one-byte values for the fast counts, read at the columns *col: x's base row, or
 * without a table the row computed into buf (fly_row) with the columns 0 to n - 1.
 */
static inline const uint8_t *row_at(const solver *S, const node *x, const flyrows *f, uint32_t r, uint8_t *buf,
                                    const uint32_t **col)
{
    if (x->base) {
        *col = x->col;
        return x->base + (size_t)r * x->stride;
    }
    fly_row(S, x, f, r, buf);
    *col = f->ident;
    return buf;
}

/* out[i] = the value of base row r for entry i of x. */
static inline __attribute__((always_inline)) void fill_w(const solver *S, const node *x, uint32_t r, uint8_t *out,
                                                         int w)
{
    if (!x->base) {
        fly_fill(S, x, r, out);
        return;
    }
    const uint8_t *rp = x->base + (size_t)r * x->stride * (size_t)w;
    const uint32_t *col = x->col;
    uint32_t n = x->n;
    if (x->raw && S->pairs) {
        for (uint32_t i = 0; i < n; i++)
            put(out, i, S->obs[(x->sid[i] % CB_MAPPINGS) * S->p3 + get(rp, col[i], w)], w);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        put(out, i, get(rp, col[i], w), w);
}

void cbo_fill(const solver *S, const node *x, uint32_t r, uint8_t *out)
{
    if (S->lw == 1)
        fill_w(S, x, r, out, 1);
    else
        fill_w(S, x, r, out, 2);
}

/* ---- hard mode ---- */

/* The constraint one turn adds (game.c states the rule); lc holds each guess's letter counts. */
static inline int respects(const solver *S, const cbg_hard_turn *h, uint32_t g)
{
    const uint8_t *counts = S->lc + (size_t)g * (size_t)S->game->k;
    if (S->pk)
        return cbg_hard_turn_check_packed(h, S->pk[2 * (size_t)g], S->pk[2 * (size_t)g + 1], counts);
    return cbg_hard_turn_check(S->game, h, cb_game_code(S->game, g), counts, NULL);
}

int cbo_respects(const solver *S, const cbg_hard_turn *h, uint32_t g)
{
    return respects(S, h, g);
}

void cbo_sig_apply(const solver *S, uint8_t *sig, uint32_t g, uint32_t fb)
{
    cbg_hard_turn h;
    int n = S->game->n;
    cbg_hard_turn_make(S->game, g, fb, &h);
    for (int i = 0; i < h.ngreen; i++)
        sig[h.gpos[i]] = (uint8_t)(h.gsym[i] + 1);
    for (int i = 0; i < h.nneed; i++)
        if (sig[n + h.nsym[i]] < h.ncount[i])
            sig[n + h.nsym[i]] = h.ncount[i];
}

void cbo_sig_of(const solver *S, const node *x, uint8_t *out)
{
    memcpy(out, x->sig ? x->sig : x->psig, (size_t)S->siglen);
    if (!x->sig)
        cbo_sig_apply(S, out, x->cg, x->cfb);
}

static inline uint32_t pop16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555);
    x = (x & 0x3333) + ((x >> 2) & 0x3333);
    x = (x + (x >> 4)) & 0x0f0f;
    return (x + (x >> 8)) & 0x1f;
}

#if defined(__SSE2__)
/*
 * Rows of more than 16 entries when the game has at most 64 feedback values
 * (Mastermind): byte counters in four interleaved sets, so that equal
 * neighbours do not wait on each other's stores, merged over the values with
 * SSE2: parts, sum of squares and largest part without a branch.
 */
static inline void row_fewvals(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint32_t nvals,
                               uint8_t (*c)[CB_FEWVALS], uint8_t *out, uint32_t *parts, uint32_t *pairs, uint32_t *w,
                               uint32_t *maxpart)
{
    uint32_t e = 0;
    for (; e + 3 < n; e += 4) {
        uint32_t k0 = rp[col[e]], k1 = rp[col[e + 1]], k2 = rp[col[e + 2]], k3 = rp[col[e + 3]];
        out[e] = (uint8_t)k0;
        out[e + 1] = (uint8_t)k1;
        out[e + 2] = (uint8_t)k2;
        out[e + 3] = (uint8_t)k3;
        c[0][k0]++;
        c[1][k1]++;
        c[2][k2]++;
        c[3][k3]++;
    }
    for (; e < n; e++) {
        uint32_t k = rp[col[e]];
        out[e] = (uint8_t)k;
        c[0][k]++;
    }
    *w = (uint32_t)c[0][won] + c[1][won] + c[2][won] + c[3][won];
    __m128i zero = _mm_setzero_si128(), mx = zero, sq = zero;
    uint32_t p = 0;
    for (uint32_t v = 0; v < nvals; v += 16) {
        __m128i *q0 = (__m128i *)(void *)(c[0] + v), *q1 = (__m128i *)(void *)(c[1] + v);
        __m128i *q2 = (__m128i *)(void *)(c[2] + v), *q3 = (__m128i *)(void *)(c[3] + v);
        __m128i t = _mm_add_epi8(_mm_add_epi8(_mm_load_si128(q0), _mm_load_si128(q1)),
                                 _mm_add_epi8(_mm_load_si128(q2), _mm_load_si128(q3)));
        _mm_store_si128(q0, zero);
        _mm_store_si128(q1, zero);
        _mm_store_si128(q2, zero);
        _mm_store_si128(q3, zero);
        p += 16 - pop16((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(t, zero)));
        mx = _mm_max_epu8(mx, t);
        __m128i lo = _mm_unpacklo_epi8(t, zero), hi = _mm_unpackhi_epi8(t, zero);
        sq = _mm_add_epi32(sq, _mm_add_epi32(_mm_madd_epi16(lo, lo), _mm_madd_epi16(hi, hi)));
    }
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 8));
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 4));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 8));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 4));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 2));
    mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 1));
    *parts = p;
    *pairs = ((uint32_t)_mm_cvtsi128_si32(sq) - n) / 2;
    *maxpart = (uint32_t)_mm_cvtsi128_si32(mx) & 0xff;
}
#endif

/*
 * The common case: plain secrets, one-byte values, and parts whose bound is
 * 2c - 1. Parts and equal pairs are counted without the per-part loop; up to
 * 16 entries, with SSE2 byte shifts instead of counters in memory.
 */

static inline void row_plain1(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint8_t *out, tls *T,
                              uint32_t nvals, uint32_t *parts, uint32_t *pairs, uint32_t *w, uint32_t *maxpart,
                              uint64_t *hash)
{
    uint32_t *cnt = T->cnt, *cnt2 = T->cnt2;
#if defined(__SSE2__)
    if (n <= 16) {
        uint64_t w0 = 0, w1 = 0;
        uint32_t i = 0;
        for (; i < n && i < 8; i++)
            w0 |= (uint64_t)rp[col[i]] << (8 * i);
        for (; i < n; i++)
            w1 |= (uint64_t)rp[col[i]] << (8 * (i - 8));
        __m128i v = _mm_set_epi64x((long long)w1, (long long)w0);
        _mm_storeu_si128((__m128i *)(void *)out, v); /* rows have 16 bytes of slack after them */
        /* values + 1 never match the zero bytes shifted in */
        __m128i v1 = _mm_add_epi8(v, _mm_set1_epi8(1)), acc = _mm_setzero_si128(), dup = _mm_setzero_si128();
#define CB_SHIFT_STEP(k)                                                                                               \
    do {                                                                                                               \
        if (n > k) {                                                                                                   \
            __m128i e = _mm_cmpeq_epi8(v1, _mm_slli_si128(v1, k));                                                     \
            dup = _mm_or_si128(dup, e);                                                                                \
            acc = _mm_sub_epi8(acc, e);                                                                                \
        }                                                                                                              \
    } while (0)
        CB_SHIFT_STEP(1);
        CB_SHIFT_STEP(2);
        CB_SHIFT_STEP(3);
        CB_SHIFT_STEP(4);
        CB_SHIFT_STEP(5);
        CB_SHIFT_STEP(6);
        CB_SHIFT_STEP(7);
        CB_SHIFT_STEP(8);
        CB_SHIFT_STEP(9);
        CB_SHIFT_STEP(10);
        CB_SHIFT_STEP(11);
        CB_SHIFT_STEP(12);
        CB_SHIFT_STEP(13);
        CB_SHIFT_STEP(14);
        CB_SHIFT_STEP(15);
#undef CB_SHIFT_STEP
        static const uint8_t ones[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
        __m128i valid = _mm_loadu_si128((const __m128i *)(const void *)(ones + 16 - n)); /* lanes < n */
        uint32_t vm = (1u << n) - 1;
        acc = _mm_and_si128(acc, valid);
        __m128i mx = _mm_max_epu8(acc, _mm_srli_si128(acc, 8)); /* the last of a part of c counts c - 1 */
        mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 4));
        mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 2));
        mx = _mm_max_epu8(mx, _mm_srli_si128(mx, 1));
        *maxpart = ((uint32_t)_mm_cvtsi128_si32(mx) & 0xff) + 1;
        __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
        *pairs = (uint32_t)(_mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128(s, 8)));
        *parts = n - pop16((uint32_t)_mm_movemask_epi8(dup) & vm);
        *w = (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)won))) & vm) != 0;
        uint64_t h = (w0 ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
        h = (h ^ (h >> 31) ^ w1) * 0x94d049bb133111ebull;
        *hash = h ^ (h >> 29);
        return;
    }
#endif
#if defined(__SSE2__)
    if (nvals <= CB_FEWVALS && n <= 255) {
        row_fewvals(rp, col, n, won, nvals, T->few, out, parts, pairs, w, maxpart);
        *hash = 0;
        return;
    }
#else
    (void)nvals;
#endif
    /* two sets of counters, so that equal neighbours do not wait on each other's stores */
    uint32_t *c0 = cnt, *c1 = cnt2, p = 0, pr = 0, mx = 0, e = 0;
    for (; e + 1 < n; e += 2) {
        uint32_t k0 = rp[col[e]], k1 = rp[col[e + 1]];
        out[e] = (uint8_t)k0;
        out[e + 1] = (uint8_t)k1;
        c0[k0]++;
        c1[k1]++;
    }
    if (e < n) {
        uint32_t k0 = rp[col[e]];
        out[e] = (uint8_t)k0;
        c0[k0]++;
    }
    *w = c0[won] + c1[won];
    /*
     * Read the counts back without a branch on them (a part's first entry against its others was
     * a branch the processor guessed wrong about once a part): over the feedback values when there
     * are fewer of them than entries, else over the entries, clearing as it goes.
     */
    if (nvals < n)
        for (uint32_t k = 0; k < nvals; k++) {
            uint32_t c = c0[k] + c1[k];
            p += c != 0;
            pr += c * (c - 1) / 2; /* 0 for c = 0 too: unsigned */
            mx = c > mx ? c : mx;
            c0[k] = c1[k] = 0;
        }
    else
        for (e = 0; e < n; e++) {
            uint32_t k = out[e], c = c0[k] + c1[k];
            p += c != 0;
            pr += c * (c - 1) / 2;
            mx = c > mx ? c : mx;
            c0[k] = c1[k] = 0;
        }
    *maxpart = mx;
    *parts = p;
    *pairs = pr;
    *hash = 0;
}

/*
 * row_plain1 for a candidate, where only parts of at most lim entries (1 or
 * 2) matter: 0 at the first value met lim + 1 times (most candidates of a
 * big node meet one within a few dozen entries), else 1 with the parts,
 * pairs and win.
 */
static inline int row_cand1(const uint8_t *rp, const uint32_t *col, uint32_t n, uint32_t won, uint8_t *out, tls *T,
                            uint32_t nvals, uint32_t lim, uint32_t *parts, uint32_t *pairs, uint32_t *w)
{
    if (n <= 16) {
        uint32_t maxpart;
        uint64_t hh;
        row_plain1(rp, col, n, won, out, T, nvals, parts, pairs, w, &maxpart, &hh);
        return maxpart <= lim;
    }
    uint32_t *cnt = T->cnt, e = 0, ok = 1;
    while (e < n) {
        uint32_t k = rp[col[e]];
        out[e++] = (uint8_t)k;
        if (++cnt[k] > lim) {
            ok = 0;
            break;
        }
    }
    uint32_t p = 0, pr = 0;
    *w = cnt[won];
    for (uint32_t f = 0; f < e; f++) { /* as row_plain1's second pass, clearing the counters */
        uint32_t c = cnt[out[f]];
        p += c != 0;
        pr += c * (c - 1) / 2;
        cnt[out[f]] = 0;
    }
    *parts = p;
    *pairs = pr;
    return ok;
}

/*
 * A candidate whose parts are all trivial (single entries, pairs, single
 * codewords) at the least possible cost: Q_DONE with *val and *best. Else
 * Q_OPEN, having raised *lb when no candidate splits into single entries.
 */
/*
 * Symble's pairs: count entry e (value k in v) towards the codewords of its
 * part, once per codeword. The entries of a codeword are adjacent, so the
 * codeword of the entry before (*last_cw) tells a new one; a codeword seen
 * already counts only in a part it has not reached by an earlier mapping.
 */
static inline void count_codeword(const node *x, const uint8_t *v, int lw, uint32_t e, uint32_t k, uint32_t *last_cw,
                                  uint32_t *cw)
{
    uint32_t c = x->sid[e] / CB_MAPPINGS;
    if (c != *last_cw) {
        *last_cw = c;
        cw[k]++;
        return;
    }
    for (uint32_t f = e; f-- > 0 && x->sid[f] / CB_MAPPINGS == c;)
        if (get(v, f, lw) == k)
            return;
    cw[k]++;
}

int cbo_candidates(solver *S, const node *x, int64_t *lb, int64_t *val, uint32_t *best)
{
    tls *T = me(S);
    int r = x->d;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint8_t *v = alloc(S, T, (size_t)x->n * (size_t)S->lw + 16);
    uint32_t *touched = alloc(S, T, ((size_t)x->n + 1) * sizeof *touched);
    flyrows fly;
    int64_t mincand = INF;
    uint32_t mincand_g = CB_NONE;
    int64_t wc = S->depth_only ? 0 : x->n;
    if (!v || !touched || fly_prepare(S, T, x, &fly) != CB_OK) {
        cbo_arena_reset(&T->arena, mk);
        return Q_OPEN;
    }
    uint32_t *cnt = T->cnt, *cw = T->cnt2;
    /* parts of one entry cost 1, of two 3 when two guesses are left after this one; others are not trivial */
    int fast = !S->pairs && !S->depth_only && S->lw == 1 && (r == UNL || r >= 2);
    uint32_t lim = r == UNL || r >= 3 ? 2 : 1;
    for (uint32_t i = 0; i < x->n; i++) {
        if (x->crow[i] == CB_NONE || (i > 0 && S->pairs && x->sid[i] / CB_MAPPINGS == x->sid[i - 1] / CB_MAPPINGS))
            continue;
        if (fast) { /* parts of one or two entries, each at its least cost */
            uint32_t parts, pairs, won;
            const uint32_t *col;
            const uint8_t *rp = row_at(S, x, &fly, x->crow[i], v, &col); /* on the fly: v, read in place */
            if (row_cand1(rp, col, x->n, S->won, v, T, S->nvals, lim, &parts, &pairs, &won)) {
                int64_t cost = wc + (int64_t)(parts - won) + 2 * (int64_t)pairs;
                if (cost < mincand) {
                    mincand = cost;
                    mincand_g = x->crow[i];
                    if (cost <= *lb)
                        break;
                }
            }
            continue;
        }
        cbo_fill(S, x, x->crow[i], v);
        uint32_t parts = 0, last_cw = CB_NONE;
        for (uint32_t e = 0; e < x->n; e++) {
            uint32_t k = get(v, e, S->lw);
            if (cnt[k]++ == 0)
                touched[parts++] = k;
            if (S->pairs)
                count_codeword(x, v, S->lw, e, k, &last_cw, cw);
        }
        int64_t cost = wc;
        int trivial = 1;
        for (uint32_t p = 0; p < parts; p++) {
            uint32_t k = touched[p], c = cnt[k], w = S->pairs ? cw[k] : c;
            cnt[k] = 0;
            if (S->pairs)
                cw[k] = 0;
            if (k == S->won)
                continue;
            if (w == 1)
                cost += S->depth_only ? 0 : c;
            else if (!S->pairs && c == 2 && child_d(r) >= 2)
                cost += S->depth_only ? 0 : 3;
            else
                trivial = 0;
        }
        if (trivial && cost < mincand) {
            mincand = cost;
            mincand_g = x->crow[i];
            if (cost <= *lb)
                break;
        }
    }
    cbo_arena_reset(&T->arena, mk);
    if (!S->pairs && !S->depth_only && mincand > 2 * (int64_t)x->n - 1)
        *lb = max64(*lb, 2 * (int64_t)x->n); /* every guess leaves a part of two or more, or wins nothing */
    if (mincand <= *lb) {
        /* mincand_g is a row of x's base; find its game index */
        for (uint32_t i = 0; i < x->n; i++)
            if (x->crow[i] == mincand_g) {
                *best = cb_game_secret_guess(S->game, x->sid[i] / (S->pairs ? CB_MAPPINGS : 1));
                break;
            }
        *val = mincand;
        return Q_DONE;
    }
    return Q_OPEN;
}

/* ---- scanning every guess of a node ---- */

static inline uint64_t row_hash(const uint8_t *v, size_t bytes)
{
    return cbo_cache_hash(v, bytes);
}

/* How one guess splits the entries of a node. */
typedef struct rowstat {
    uint32_t parts; /* non-empty parts, the won part included */
    uint32_t won;   /* entries won at once */
    uint64_t sq;    /* sum of the squares of the part sizes */
    uint64_t maxpart;
    int64_t lbsum; /* lower bounds of the parts, won part excluded */
    int triv;      /* every part is solved exactly by its bound */
} rowstat;

/* Every other case: the values into v (unless `filled`: v holds them), then the parts one by one. */
static void row_generic(solver *S, const node *x, uint32_t srow, uint8_t *v, int filled, uint32_t *touched,
                        const int64_t *lbt, int r, rowstat *st)
{
    tls *T = me(S);
    uint32_t n = x->n, *cnt = T->cnt, *cw = T->cnt2;
    int lw = S->lw;
    uint32_t parts = 0, last_cw = CB_NONE;
    int fused = !filled && !S->pairs && lw == 1 && x->base;
    if (fused) { /* values and counts in one pass */
        const uint8_t *rp = x->base + (size_t)srow * x->stride;
        const uint32_t *col = x->col;
        for (uint32_t e = 0; e < n; e++) {
            uint32_t k = rp[col[e]];
            v[e] = (uint8_t)k;
            if (cnt[k]++ == 0)
                touched[parts++] = k;
        }
    } else if (!filled)
        cbo_fill(S, x, srow, v);
    for (uint32_t e = 0; e < n && !fused; e++) {
        uint32_t k = get(v, e, lw);
        if (cnt[k]++ == 0)
            touched[parts++] = k;
        if (S->pairs)
            count_codeword(x, v, lw, e, k, &last_cw, cw);
    }
    st->parts = parts;
    st->won = cnt[S->won];
    st->sq = st->maxpart = 0;
    st->lbsum = 0;
    st->triv = 1;
    for (uint32_t p = 0; p < parts; p++) {
        uint32_t k = touched[p], c = cnt[k];
        cnt[k] = 0;
        st->sq += (uint64_t)c * c;
        if (c > st->maxpart)
            st->maxpart = c;
        if (k == S->won) {
            cw[k] = 0;
            continue;
        }
        if (S->pairs) {
            uint32_t w = cw[k];
            cw[k] = 0;
            st->lbsum = sat(st->lbsum + cbo_part_lb(S, c, w, r, x->bmax));
            if (w > 1)
                st->triv = 0;
        } else {
            st->lbsum = sat(st->lbsum + lbt[c]);
            if (c > 2)
                st->triv = 0;
        }
    }
}

/* The bounds of a node's parts by their size, for plain secrets (scan_prepare). */
typedef struct partlb {
    int64_t *t;   /* t[c]: the bound of a part of c secrets */
    uint32_t lin; /* t[c] = 2c - 1 for every c up to lin */
    uint32_t inf; /* t[c] is INF for every c from inf on (n + 1: for none) */
    int fast;     /* whether the counting of row_plain1 applies */
} partlb;

/*
 * What every look at x's guesses needs: b, the bounds of its parts by size,
 * and in hard mode the demands h of the turn that led to x. Returns whether
 * the guesses must respect h.
 */
static int scan_prepare(const solver *S, const node *x, int r, partlb *b, cbg_hard_turn *h)
{
    b->lin = 0;
    b->inf = x->n + 1;
    if (!S->pairs)
        for (uint32_t c = 1; c <= x->n; c++) {
            b->t[c] = cbo_part_lb(S, c, c, r, x->bmax);
            if (b->lin == c - 1 && b->t[c] == 2 * (int64_t)c - 1)
                b->lin = c;
            if (b->inf > x->n && b->t[c] >= INF)
                b->inf = c;
        }
    b->fast = !S->pairs && !S->depth_only && S->lw == 1 && (r == UNL || r >= 1);
    int filter = S->hard && x->cg != CB_NONE;
    if (filter)
        cbg_hard_turn_make(S->game, x->cg, x->cfb, h);
    return filter;
}

/*
 * A fast count's figures into *st when the parts' sizes settle the bound: 1
 * when each part costs 2c - 1, or when one has an INF bound (a part of two
 * or more is not the won one); else 0, and row_generic bounds the parts.
 */
static inline int plain_stats(const partlb *b, uint32_t n, uint32_t parts, uint32_t pairs, uint32_t won,
                              uint32_t maxpart, rowstat *st)
{
    st->parts = parts;
    st->won = won;
    st->sq = n + 2 * (uint64_t)pairs;
    st->maxpart = maxpart;
    if (maxpart <= b->lin) {
        st->lbsum = 2 * (int64_t)(n - won) - (int64_t)(parts - won);
        st->triv = pairs == n - parts;
        return 1;
    }
    if (maxpart >= 2 && maxpart >= b->inf) {
        st->lbsum = INF;
        st->triv = 0;
        return 1;
    }
    return 0;
}

/* Fill block r of t from the secret-major table. */
static void tab_block(const solver *S, lbtab *t, uint32_t r)
{
    uint32_t j0 = r * CB_LBSCAN_BLOCK, jn = t->k - j0 < CB_LBSCAN_BLOCK ? t->k - j0 : CB_LBSCAN_BLOCK;
    uint32_t g[CB_LBSCAN_BLOCK];
    for (uint32_t j = 0; j < jn; j++)
        g[j] = t->gid[t->ord[j0 + j]];
    uint8_t *out = t->t + (size_t)r * t->n * CB_LBSCAN_BLOCK;
    for (uint32_t i = 0; i < t->n; i++, out += CB_LBSCAN_BLOCK) {
        const uint8_t *row = S->tt + (size_t)t->sid[i] * S->game->nguess;
        for (uint32_t j = 0; j < jn; j++)
            out[j] = row[g[j]];
    }
}

/*
 * Fill the blocks of t up to block b. The guesses of a node may be tried by
 * several threads at once (par_guesses), each bounding its parts through the
 * node's table: one thread fills at a time, and `ready` is published after
 * the blocks it counts (a reader that sees it sees them).
 */
static void tab_fill(const solver *S, lbtab *t, uint32_t b)
{
    if (__atomic_load_n(&t->ready, __ATOMIC_ACQUIRE) > b)
        return;
#pragma omp critical(cbo_tab_fill)
    for (uint32_t r = t->ready; r <= b; r++) {
        tab_block(S, t, r);
        __atomic_store_n(&t->ready, r + 1, __ATOMIC_RELEASE);
    }
}

/* The parts' table of x's scan, its guesses ordered by parts (a counting sort). */
static int tab_make(solver *S, tls *T, const node *x, scan *sc, const uint16_t *parts)
{
    uint32_t top = 0, k = sc->k, nb = (k + CB_LBSCAN_BLOCK - 1) / CB_LBSCAN_BLOCK;
    for (uint32_t kk = 0; kk < k; kk++)
        if (parts[kk] > top)
            top = parts[kk];
    lbtab *t = alloc(S, T, sizeof *t);
    uint32_t *start = alloc(S, T, ((size_t)top + 2) * sizeof *start);
    uint32_t *ord = alloc(S, T, ((size_t)k + 1) * sizeof *ord);
    uint8_t *vals = alloc(S, T, (size_t)nb * x->n * CB_LBSCAN_BLOCK);
    if (!t || !start || !ord || !vals)
        return CB_ENOMEM;
    memset(start, 0, ((size_t)top + 2) * sizeof *start);
    for (uint32_t kk = 0; kk < k; kk++)
        start[top - parts[kk] + 1]++;
    for (uint32_t v = 1; v <= top + 1; v++)
        start[v] += start[v - 1];
    for (uint32_t kk = 0; kk < k; kk++)
        ord[start[top - parts[kk]]++] = kk;
    *t = (lbtab){x->n, k, x->sid, sc->gid, parts, ord, vals, 0};
    sc->tab = t;
    if (x->level == 0) /* the openers are searched side by side: the root's table is filled before */
        tab_fill(S, t, nb - 1);
    return CB_OK;
}

/*
 * The greedy key of a guess: its bound, then the sum of squares of its part
 * sizes (the expected size of the part left). The picker hands guesses out
 * by bound and, within a bound, by key.
 */
static inline uint64_t greedy_key(int64_t lb, uint64_t sq, uint32_t n)
{
    return (uint64_t)(lb >= INF ? INF : lb) * ((uint64_t)n + 1) + 2 * sq;
}

/* A scan's scratch buffers (scan_alloc). */
typedef struct scratch {
    tls *T;
    uint32_t *touched;
    partlb lb;
    uint8_t *tmp;
    uint16_t *kparts;
    uint8_t *tb;       /* or NULL: the rows of a block of guesses, read from S->tt (tb_fill) */
    uint32_t *ident;   /* with tb: 0 to n - 1, the columns of tb's rows */
    uint32_t tbn, tb0; /* with tb: guesses per block, the first guess of the block in tb (m: none yet) */
    flyrows fly;       /* without a table */
} scratch;

/*
 * A node reading the game's guess-major table at scattered columns (a part
 * of the openers, mostly) touches a cache line per entry and guess. It reads
 * the secret-major copy S->tt instead, a block of guesses at a time: each
 * entry's values of the block are one sequential read, written to the
 * block's rows, which then fit in the first-level cache.
 */
static int tb_want(const solver *S, const node *x, int fast)
{
    /* at most CB_TB_BYTES entries: a block holds at least one guess's row */
    return fast && S->tt && x->base == S->gbase && x->stride == S->gstride && x->n > CB_TB_MIN && x->n <= CB_TB_BYTES &&
           (size_t)x->n * 2 <= x->stride;
}

/* Fill w->tb with the rows of x's guesses j0 to j0 + w->tbn - 1 (fewer at the end). */
static void tb_fill(const solver *S, const node *x, scratch *w, uint32_t j0)
{
    uint32_t n = x->n, jn = x->m - j0 < w->tbn ? x->m - j0 : w->tbn;
    uint32_t r[CB_TB_BYTES / CB_TB_MIN];
    for (uint32_t b = 0; b < jn; b++)
        r[b] = guess_row(x, j0 + b);
    size_t ng = S->game->nguess;
    for (uint32_t e = 0; e < n; e++) {
        const uint8_t *src = S->tt + (size_t)x->col[e] * ng;
        uint8_t *dst = w->tb + e;
        for (uint32_t b = 0; b < jn; b++)
            dst[(size_t)b * n] = src[r[b]];
    }
    w->tb0 = j0;
}

/* w's block of rows for x (tb_want). CB_ENOMEM. */
static int tb_alloc(solver *S, tls *T, const node *x, scratch *w)
{
    uint32_t n = x->n;
    w->tbn = (uint32_t)(CB_TB_BYTES / n);
    w->tb0 = x->m;
    w->tb = alloc(S, T, (size_t)w->tbn * n + 16);
    w->ident = alloc(S, T, (size_t)n * sizeof *w->ident);
    if (!w->tb || !w->ident)
        return CB_ENOMEM;
    for (uint32_t e = 0; e < n; e++)
        w->ident[e] = e;
    return CB_OK;
}

/* The scan's buffers, from the thread's arena: the kept guesses' arrays in sc, and its own scratch. */
static int scan_alloc(solver *S, tls *T, const node *x, scan *sc, scratch *w)
{
    uint32_t n = x->n, m = x->m;
    int lw = S->lw;
    sc->gid = alloc(S, T, (size_t)m * sizeof *sc->gid);
    sc->srow = alloc(S, T, (size_t)m * sizeof *sc->srow);
    sc->lb = alloc(S, T, (size_t)m * sizeof *sc->lb);
    sc->key = alloc(S, T, (size_t)m * sizeof *sc->key);
    sc->tx = alloc(S, T, m);
    w->touched = alloc(S, T, ((size_t)n + 1) * sizeof *w->touched);
    w->lb.t = alloc(S, T, ((size_t)n + 1) * sizeof *w->lb.t);
    size_t ltbytes = (size_t)m * n * (size_t)lw;
    int build = x->n * 2 <= x->stride && ltbytes <= CB_LT_MAX && x->n > CB_LT_MIN;
    if (build)
        sc->lt = alloc(S, T, ltbytes + 16);
    w->tmp = alloc(S, T, (size_t)n * (size_t)lw + 16);
    /* the parts get bounded one guess ahead (raise_bounds): keep each guess's parts for them */
    /* (the parts must index the node's entries by their column: with a local table, or at the root) */
    int want = S->tt && !S->cands && !S->pairs && x->level <= CB_LBSCAN_LEVEL && (sc->lt || x->level == 0);
    w->kparts = want ? alloc(S, T, (size_t)m * sizeof *w->kparts) : NULL;
    return !sc->gid || !sc->srow || !sc->lb || !sc->key || !sc->tx || !w->touched || !w->lb.t || (build && !sc->lt) ||
                   !w->tmp || (want && !w->kparts)
               ? CB_ENOMEM
               : CB_OK;
}

/* With a local table, each entry's codeword: its kept row, through a map from game index to row. */
static int scan_codewords(solver *S, tls *T, const node *x, scan *sc)
{
    sc->kc = alloc(S, T, (size_t)x->n * sizeof *sc->kc);
    if (!sc->kc)
        return CB_ENOMEM;
    for (uint32_t kk = 0; kk < sc->k; kk++)
        T->gmap[sc->gid[kk]] = kk;
    for (uint32_t e = 0; e < x->n; e++)
        sc->kc[e] = x->crow[e] == CB_NONE
                        ? CB_NONE
                        : T->gmap[cb_game_secret_guess(S->game, x->sid[e] / (S->pairs ? CB_MAPPINGS : 1))];
    for (uint32_t kk = 0; kk < sc->k; kk++)
        T->gmap[sc->gid[kk]] = CB_NONE;
    return CB_OK;
}

/*
 * The partition of guess row srow over x's entries into v, and its figures in *st (*hh: the row's
 * hash when the fast count made it): the fast count, or the generic one for a row it does
 * not take. 0 when the guess splits nothing.
 */
static int row_stats(solver *S, const node *x, uint32_t j, uint32_t srow, uint8_t *v, scratch *w, int r, rowstat *st,
                     uint64_t *hh)
{
    uint32_t n = x->n, parts, pairs, won, maxpart;
    if (w->lb.fast) {
        const uint32_t *col = w->ident;
        const uint8_t *rp = w->tb ? w->tb + (size_t)(j - w->tb0) * n : row_at(S, x, &w->fly, srow, v, &col);
        row_plain1(rp, col, n, S->won, v, w->T, S->nvals, &parts, &pairs, &won, &maxpart, hh);
        if (parts == 1 && !won)
            return 0;
        if (plain_stats(&w->lb, n, parts, pairs, won, maxpart, st))
            return 1;
    }
    row_generic(S, x, srow, v, w->lb.fast, w->touched, w->lb.t, r, st); /* the fast count left the values in v */
    return st->parts > 1 || st->won;
}

/*
 * Look at every guess of x: drop those that split nothing, or (with a local
 * table) split exactly like an earlier one; bound the rest. Stops early when
 * a guess whose parts are all trivial meets `target`, a lower bound of x.
 */
int cbo_scan(solver *S, const node *x, int64_t target, scan *sc)
{
    tls *T = me(S);
    uint32_t n = x->n, m = x->m;
    int r = child_d(x->d), lw = S->lw;
    memset(sc, 0, sizeof *sc);
    sc->early = CB_NONE;
    sc->lbmin = INF;
    scratch w = {.T = T};
    cbo_count_work(T, n, m);
    if (scan_alloc(S, T, x, sc, &w) != CB_OK)
        return CB_ENOMEM;
    uint8_t *tmp = w.tmp;
    uint16_t *kparts = w.kparts;
    cbg_hard_turn h;
    int filter = scan_prepare(S, x, r, &w.lb, &h);
    if (tb_want(S, x, w.lb.fast) && tb_alloc(S, T, x, &w) != CB_OK)
        return CB_ENOMEM;
    if (fly_prepare(S, T, x, &w.fly) != CB_OK)
        return CB_ENOMEM;
    int dedup = S->dedup && sc->lt;
    if (dedup)
        seen_reset(T, m);
    int64_t wc = S->depth_only ? 0 : n;
    /*
     * A big node looks at the clock as it goes: a search stopped below the root keeps x's bound lb; the root's
     * scan (minutes for a big game on the fly) stops on the time limit and the cancel flag, not on the work budget.
     */
    int watch = (uint64_t)n * m * (uint64_t)lw >= CB_SCAN_WATCH;
    for (uint32_t j = 0; j < m; j++) {
        uint32_t g = x->gid[j];
        if (watch && (j & 1023) == 1023) {
            if (x->level > 0)
                cbo_check_clock(S);
            else
                cbo_check_cancel(S);
            if (stopped(S))
                return CB_ECANCELED;
        }
        if (filter && !respects(S, &h, g))
            continue;
        uint32_t srow = guess_row(x, j);
        uint8_t *v = sc->lt ? sc->lt + (size_t)sc->k * n * (size_t)lw : tmp;
        rowstat st;
        uint64_t hh = 0;
        if (w.tb && (j < w.tb0 || j - w.tb0 >= w.tbn))
            tb_fill(S, x, &w, j);
        if (!row_stats(S, x, j, srow, v, &w, r, &st, &hh)) /* splits nothing */
            continue;
        if (dedup) {
            if (!hh)
                hh = row_hash(v, (size_t)n * (size_t)lw);
            uint32_t prev = seen_find(T, hh, sc->k);
            /* a row equal to an earlier one adds nothing (a rare hash collision just keeps both) */
            if (prev != CB_NONE && memcmp(sc->lt + (size_t)prev * n * (size_t)lw, v, (size_t)n * (size_t)lw) == 0)
                continue;
        }
        int64_t lb = sat(wc + st.lbsum);
        uint32_t kk = sc->k++;
        sc->gid[kk] = g;
        sc->srow[kk] = srow;
        sc->lb[kk] = lb;
        sc->tx[kk] = (uint8_t)st.triv;
        if (kparts)
            kparts[kk] = (uint16_t)st.parts;
        if (S->depth_only)
            sc->key[kk] = (st.maxpart << 32) | (st.sq & 0xffffffffu);
        else
            sc->key[kk] = greedy_key(lb, st.sq, n);
        if (st.parts > sc->bmax)
            sc->bmax = st.parts;
        if (lb < sc->lbmin)
            sc->lbmin = lb;
        if (st.triv && lb <= target) {
            sc->early = kk;
            return CB_OK;
        }
    }
    if (kparts && tab_make(S, T, x, sc, kparts) != CB_OK)
        return CB_ENOMEM;
    if (sc->lt && scan_codewords(S, T, x, sc) != CB_OK)
        return CB_ENOMEM;
    return CB_OK;
}

/*
 * A lower bound of x by looking one guess ahead, and nothing else: the least
 * over every allowed guess of |x| plus the bounds of its parts. It is the
 * scan's lbmin without the local table, the order or the duplicate rows, so
 * it costs reads only. It stops as soon as some guess bounds x at `known` or
 * less (x's own bound: no gain is possible) and then returns `known`.
 */
/*
 * scan_lb through the secret-major table S->tt, for plain secrets whose
 * parts all have the bound 2c - 1: a guess's bound is then 3n - won -
 * parts, and only the number of its parts is needed. Guesses go in blocks;
 * for each secret the block's values are read from one contiguous row and
 * marked in a 256-bit set per guess.
 */

CB_KERNEL static int64_t scan_lb_t(solver *S, const node *x, int64_t known, const cbg_hard_turn *h, uint32_t *weak)
{
    tls *T = me(S);
    uint32_t n = x->n, m = x->m, won = S->won;
    uint64_t(*bm)[4] = T->lbbm;
    lbtab *up = x->up;
    uint32_t gblk[CB_LBSCAN_BLOCK], jblk[CB_LBSCAN_BLOCK];
    uint16_t parts[CB_LBSCAN_BLOCK];
    uint8_t haswon[CB_LBSCAN_BLOCK];
    int64_t best = INF;
    for (uint32_t j = 0; j < m; j++)
        weak[j] = UINT32_MAX;
    int watch = (uint64_t)n * m >= CB_SCAN_WATCH; /* as cbo_scan: a stop keeps `known` */
    for (uint32_t j0 = 0; j0 < m && best > known; j0 += CB_LBSCAN_BLOCK) {
        uint32_t jn = m - j0 < CB_LBSCAN_BLOCK ? m - j0 : CB_LBSCAN_BLOCK;
        if (watch && (j0 / CB_LBSCAN_BLOCK & 15) == 15 && cbo_check_cancel(S))
            return known;
        if (up) {
            /*
             * by parts in the parent, most first: no guess from here on does better than the first. (Not
             * when the weak bounds are bounded again: a guess not counted would be counted exactly.)
             */
            uint32_t u = up->parts[up->ord[j0]] < n ? up->parts[up->ord[j0]] : n;
            if (n <= x->bmax && 3 * (int64_t)n - 1 - (int64_t)u >= best) {
                for (uint32_t j = j0; j < m; j++) {
                    uint32_t jj = up->ord[j], uj = up->parts[jj] < n ? up->parts[jj] : n;
                    if (!h || respects(S, h, x->gid[jj]))
                        weak[jj] = 3 * n - 1 - uj;
                }
                break;
            }
            tab_fill(S, up, j0 / CB_LBSCAN_BLOCK);
            const uint8_t *blk = up->t + (size_t)(j0 / CB_LBSCAN_BLOCK) * up->n * CB_LBSCAN_BLOCK;
            cbo_lb_count(blk, x->col, n, jn, S->nvals, won, bm, parts, haswon);
            for (uint32_t b = 0; b < jn; b++) {
                jblk[b] = up->ord[j0 + b];
                gblk[b] = x->gid[jblk[b]];
            }
        } else {
            for (uint32_t b = 0; b < jn; b++) {
                jblk[b] = j0 + b;
                gblk[b] = x->gid[j0 + b];
            }
            for (uint32_t e = 0; e < n; e++) {
                const uint8_t *row = S->tt + (size_t)x->sid[e] * S->game->nguess;
                for (uint32_t b = 0; b < jn; b++) {
                    uint32_t v = row[gblk[b]];
                    bm[b][v >> 6] |= 1ull << (v & 63);
                }
            }
            cbo_lb_sets(bm, jn, won, parts, haswon);
        }
        for (uint32_t b = 0; b < jn; b++) {
            uint32_t p = parts[b], w = haswon[b];
            if ((p == 1 && !w) || (h && !respects(S, h, gblk[b])))
                continue;
            weak[jblk[b]] = 3 * n - w - p;
            best = min64(best, 3 * (int64_t)n - w - (int64_t)p);
        }
    }
    return max64(best, known);
}

/* The guesses with a weak bound (below UINT32_MAX, at most top), least first, then CB_NONE; NULL without memory. */
static uint32_t *by_weak(solver *S, tls *T, const uint32_t *weak, uint32_t m, uint32_t top)
{
    uint32_t *start = alloc(S, T, ((size_t)top + 2) * sizeof *start), *by = alloc(S, T, ((size_t)m + 1) * sizeof *by);
    if (!start || !by)
        return NULL;
    memset(start, 0, ((size_t)top + 2) * sizeof *start);
    uint32_t cnt = 0;
    for (uint32_t j = 0; j < m; j++)
        if (weak[j] <= top) {
            start[weak[j] + 1]++;
            cnt++;
        }
    for (uint32_t v = 1; v <= top + 1; v++)
        start[v] += start[v - 1];
    for (uint32_t j = 0; j < m; j++)
        if (weak[j] <= top)
            by[start[weak[j]]++] = j;
    by[cnt] = CB_NONE;
    return by;
}

int64_t cbo_scan_lb(solver *S, const node *x, int64_t known)
{
    tls *T = me(S);
    uint32_t n = x->n, m = x->m;
    int r = child_d(x->d), lw = S->lw;
    cbo_mark mk = cbo_arena_mark(&T->arena);
    uint32_t *touched = alloc(S, T, ((size_t)n + 1) * sizeof *touched);
    partlb b = {.t = alloc(S, T, ((size_t)n + 1) * sizeof *b.t)};
    uint8_t *tmp = alloc(S, T, (size_t)n * (size_t)lw + 16);
    flyrows fly;
    int64_t best = INF;
    cbo_count_work(T, n, m);
    if (!touched || !b.t || !tmp || fly_prepare(S, T, x, &fly) != CB_OK) {
        cbo_arena_reset(&T->arena, mk);
        return known;
    }
    cbg_hard_turn h;
    int filter = scan_prepare(S, x, r, &b, &h);
    int64_t wc = S->depth_only ? 0 : n;
    uint32_t *weak = S->tt ? alloc(S, T, (size_t)m * sizeof *weak) : NULL;
    if (weak && !S->pairs && !S->depth_only && (r == UNL || r >= 2)) {
        /*
         * 3n - won - parts bounds every guess (each part costs 2c - 1 at least);
         * it is the bound itself unless a part may be bigger than bmax. Then the
         * guesses are bounded again exactly, least weak bound first, until the
         * next weak bound reaches the least exact one.
         */
        best = scan_lb_t(S, x, known, filter ? &h : NULL, weak);
        uint32_t *by = n > x->bmax && best > known ? by_weak(S, T, weak, m, 3 * n) : NULL;
        if (by) {
            best = INF;
            for (uint32_t i = 0; by[i] != CB_NONE && (int64_t)weak[by[i]] < best && best > known; i++) {
                rowstat st;
                if ((i & 1023) == 1023 && cbo_check_cancel(S)) {
                    best = known;
                    break;
                }
                row_generic(S, x, guess_row(x, by[i]), tmp, 0, touched, b.t, r, &st);
                best = min64(best, sat(wc + st.lbsum));
            }
        }
        cbo_arena_reset(&T->arena, mk);
        return max64(best, known);
    }
    int watch = (uint64_t)n * m * (uint64_t)lw >= CB_SCAN_WATCH; /* as cbo_scan: a stop keeps `known` */
    for (uint32_t j = 0; j < m && best > known; j++) {
        uint32_t g = x->gid[j];
        if (watch && (j & 1023) == 1023) {
            cbo_check_clock(S);
            if (stopped(S)) {
                best = known;
                break;
            }
        }
        if (filter && !respects(S, &h, g))
            continue;
        uint32_t srow = guess_row(x, j);
        rowstat st;
        if (b.fast) {
            uint32_t parts, pairs, won, maxpart;
            uint64_t hh;
            const uint32_t *col;
            const uint8_t *rp = row_at(S, x, &fly, srow, tmp, &col);
            row_plain1(rp, col, n, S->won, tmp, T, S->nvals, &parts, &pairs, &won, &maxpart, &hh);
            if (parts == 1 && !won)
                continue;
            if (plain_stats(&b, n, parts, pairs, won, maxpart, &st)) {
                best = min64(best, sat(wc + st.lbsum));
                continue;
            }
        }
        row_generic(S, x, srow, tmp, b.fast, touched, b.t, r, &st); /* the fast count left the values in tmp */
        if (st.parts == 1 && !st.won)
            continue;
        best = min64(best, sat(wc + st.lbsum));
    }
    cbo_arena_reset(&T->arena, mk);
    return max64(best, known);
}

/* ---- splitting a node by a guess ---- */

/*
 * The children of x for the guess with values vec (one per entry), played
 * from the list (m, row, gid) that the children inherit, and with local
 * table lt (NULL: the children read x's base). gid_played is the guess.
 */
int cbo_split(solver *S, const node *x, const scan *sc, const uint8_t *vec, uint32_t gid_played,
              const cbo_sym_group *grp, kids *out)
{
    tls *T = me(S);
    uint32_t n = x->n;
    int lw = S->lw;
    uint32_t *cnt = T->cnt;
    uint32_t *vals = alloc(S, T, ((size_t)n + 1) * sizeof *vals);
    uint32_t *pos = alloc(S, T, ((size_t)n + 1) * sizeof *pos);
    uint32_t *order = alloc(S, T, (size_t)n * sizeof *order);
    if (!vals || !pos || !order)
        return CB_ENOMEM;
    uint32_t parts = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t k = get(vec, e, lw);
        if (cnt[k]++ == 0)
            vals[parts++] = k;
    }
    uint32_t off = 0;
    for (uint32_t p = 0; p < parts; p++) { /* cnt[k] becomes the next slot of part k */
        uint32_t c = cnt[vals[p]];
        pos[p] = off;
        cnt[vals[p]] = off;
        off += c;
    }
    for (uint32_t e = 0; e < n; e++)
        order[cnt[get(vec, e, lw)]++] = e;
    for (uint32_t p = 0; p < parts; p++)
        cnt[vals[p]] = 0;
    pos[parts] = n;
    uint32_t *sid = alloc(S, T, (size_t)n * sizeof *sid), *col = alloc(S, T, (size_t)n * sizeof *col);
    uint32_t *crow = alloc(S, T, (size_t)n * sizeof *crow);
    out->c = alloc(S, T, (size_t)parts * sizeof *out->c);
    out->lb = alloc(S, T, (size_t)parts * sizeof *out->lb);
    out->done = alloc(S, T, parts);
    if (!sid || !col || !crow || !out->c || !out->lb || !out->done)
        return CB_ENOMEM;
    const uint8_t *lt = sc ? sc->lt : NULL, *xsig = x->sig;
    if (S->hard && !xsig) { /* x's signature, for its children's */
        uint8_t *t = alloc(S, T, (size_t)S->siglen);
        if (!t)
            return CB_ENOMEM;
        cbo_sig_of(S, x, t);
        xsig = t;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t e = order[i];
        sid[i] = x->sid[e];
        col[i] = lt ? e : x->col[e];
        crow[i] = lt ? sc->kc[e] : x->crow[e];
    }
    out->count = 0;
    out->wc = S->depth_only ? 0 : n;
    for (uint32_t p = 0; p < parts; p++) {
        if (vals[p] == S->won)
            continue;
        node *c = &out->c[out->count];
        uint32_t a = pos[p], size = pos[p + 1] - pos[p];
        /* every field named, without a memset (rep stos) of the whole node first */
        *c = (node){.n = size,
                    .sid = sid + a,
                    .col = col + a,
                    .crow = crow + a,
                    .base = lt ? lt : x->base,
                    .stride = lt ? n : x->stride,
                    .raw = lt ? 0 : x->raw,
                    .m = 0,
                    .row = NULL,
                    .gid = NULL,
                    .d = child_d(x->d),
                    .level = x->level + 1,
                    .cg = gid_played,
                    .cfb = vals[p],
                    .sig = NULL,
                    .psig = xsig, /* c->sig is made when the cache wants it (make_key) */
                    .grp = grp,
                    .bmax = sc && sc->bmax ? sc->bmax : x->bmax,
                    .up = NULL,
                    .ncw = size,
                    .maxsame = 1};
        if (S->pairs) {
            uint32_t run = 0;
            c->ncw = 0;
            for (uint32_t i = 0; i < size; i++) {
                if (i == 0 || c->sid[i] / CB_MAPPINGS != c->sid[i - 1] / CB_MAPPINGS) {
                    c->ncw++;
                    run = 0;
                }
                if (++run > c->maxsame)
                    c->maxsame = run;
            }
        }
        if (S->cands) { /* the guesses are the child's own candidates */
            uint32_t *row = alloc(S, T, (size_t)c->ncw * sizeof *row), *gid = alloc(S, T, (size_t)c->ncw * sizeof *gid);
            if (!row || !gid)
                return CB_ENOMEM;
            c->m = 0;
            for (uint32_t i = 0; i < size; i++)
                if (c->crow[i] != CB_NONE &&
                    (i == 0 || c->sid[i] / CB_MAPPINGS != c->sid[i - 1] / CB_MAPPINGS || !S->pairs)) {
                    row[c->m] = c->crow[i];
                    gid[c->m++] = cb_game_secret_guess(S->game, c->sid[i] / (S->pairs ? CB_MAPPINGS : 1));
                }
            c->row = row;
            c->gid = gid;
        } else if (sc) {
            c->m = sc->k;
            c->row = lt ? NULL : sc->srow;
            c->gid = sc->gid;
            c->up = sc->tab;
        } else {
            c->m = x->m;
            c->row = x->row;
            c->gid = x->gid;
        }
        out->lb[out->count] = cbo_part_lb(S, c->n, c->ncw, c->d, c->bmax);
        out->done[out->count] = c->ncw == 1 || (!S->pairs && c->n == 2);
        out->count++;
    }
    return CB_OK;
}
