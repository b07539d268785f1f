/*
 * rows_internal.h: what the files that look at a node's guesses share (rows.c,
 * count.c, scan.c, scanlb.c): a row of a node's values without a table, the
 * hard-mode check, and the counting kernels of the common case (plain
 * secrets, one-byte values), inline because they run once a guess.
 */
#ifndef CB_SOLVER_ROWS_INTERNAL_H
#define CB_SOLVER_ROWS_INTERNAL_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "game/game_internal.h"
#include "solver/solver_internal.h"
#include "table/table_internal.h"

/* ---- values (rows.c) ---- */

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
int cbo_fly_prepare(solver *S, tls *T, const node *x, flyrows *f);

/* Row r (a guess of the game) of x's entries into out, through f (cbo_fly_prepare). */
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

/* ---- hard mode ---- */

/* The constraint one turn adds (game.c states the rule); lc holds each guess's letter counts. */
static inline int respects(const solver *S, const cbg_hard_turn *h, uint32_t g)
{
    const uint8_t *counts = S->lc + (size_t)g * (size_t)S->game->k;
    if (S->pk)
        return cbg_hard_turn_check_packed(h, S->pk[2 * (size_t)g], S->pk[2 * (size_t)g + 1], counts);
    return cbg_hard_turn_check(S->game, h, cb_game_code(S->game, g), counts, NULL);
}

/* ---- counting the parts of a row ---- */

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

/* How one guess splits the entries of a node. */
typedef struct rowstat {
    uint32_t parts; /* non-empty parts, the won part included */
    uint32_t won;   /* entries won at once */
    uint64_t sq;    /* sum of the squares of the part sizes */
    uint64_t maxpart;
    int64_t lbsum; /* lower bounds of the parts, won part excluded */
    int triv;      /* every part is solved exactly by its bound */
} rowstat;

/*
 * Every other case than the fast counts (count.c): the values into v (unless `filled`: v holds
 * them), then the parts one by one, bounded by lbt (by size) or cbo_part_lb.
 */
void cbo_row_generic(solver *S, const node *x, uint32_t srow, uint8_t *v, int filled, uint32_t *touched,
                     const int64_t *lbt, int r, rowstat *st);

/* The bounds of a node's parts by their size, for plain secrets (cbo_scan_prepare). */
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
int cbo_scan_prepare(const solver *S, const node *x, int r, partlb *b, cbg_hard_turn *h);

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

/*
 * Fill the blocks of t up to block b (scan.c). The guesses of a node may be tried by several
 * threads at once, each bounding its parts through the node's table: one thread fills at a time.
 */
void cbo_tab_fill(const solver *S, lbtab *t, uint32_t b);

#endif
