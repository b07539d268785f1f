/*
 * kernel_internal.h: the vector pieces the rules' row kernels are built
 * from (rule_*.c), CB_LANES secrets a step with GCC's generic vectors,
 * which become AVX2 or SSE2 instructions as the function that inlines
 * them is compiled. Comparisons give lanes of all ones or zero. Each
 * rule compiles its row once a processor level (CBG_KERNEL_LEVELS) and
 * the table module picks one level for the run (table.c).
 */
#ifndef CB_KERNEL_INTERNAL_H
#define CB_KERNEL_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "codebreaker/game.h"
#include "game/rule_internal.h"
#include "tuning.h"

typedef uint8_t cbg_v8 __attribute__((vector_size(CB_LANES)));
typedef uint16_t cbg_v16 __attribute__((vector_size(CB_LANES * 2)));
typedef uint32_t cbg_v32 __attribute__((vector_size(CB_LANES * 4)));

#define CBG_INLINE static inline __attribute__((always_inline))

/* A guess's letters: for each distinct letter, the positions holding it. */
typedef struct cbg_letters {
    int count;
    uint8_t letter[CB_MAX_LENGTH];
    uint32_t where[CB_MAX_LENGTH]; /* bit mask of guess positions */
} cbg_letters;

CBG_INLINE void cbg_guess_letters(int n, const uint8_t *g, cbg_letters *l)
{
    l->count = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < l->count && l->letter[k] != g[i])
            k++;
        if (k == l->count) {
            l->letter[k] = g[i];
            l->where[k] = 0;
            l->count++;
        }
        l->where[k] |= 1u << i;
    }
}

CBG_INLINE void cbg_load_lanes(int n, const uint8_t *const *soa, size_t base, cbg_v8 *s)
{
    for (int p = 0; p < n; p++)
        memcpy(&s[p], soa[p] + base, CB_LANES);
}

/*
 * Wordle colours of CB_LANES secrets: green[i] and yellow[i] are lane masks
 * for guess position i. Position i (not green) is yellow while fewer
 * earlier non-green copies of its letter came before it than the secret
 * has unmatched copies.
 */
CBG_INLINE void cbg_wordle_lanes(int n, const uint8_t *g, const cbg_letters *l, const cbg_v8 *s, cbg_v8 *green,
                                 cbg_v8 *yellow)
{
    for (int i = 0; i < n; i++)
        green[i] = (cbg_v8)(s[i] == g[i]);
    for (int k = 0; k < l->count; k++) {
        const uint8_t letter = l->letter[k];
        cbg_v8 avail = {0}, used = {0};
        for (int p = 0; p < n; p++)
            avail += (cbg_v8)(s[p] == letter) & ~green[p] & 1;
        for (int q = 0; q < n; q++) {
            if (!(l->where[k] >> q & 1))
                continue;
            cbg_v8 ng = ~green[q];
            yellow[q] = ng & (cbg_v8)(used < avail);
            used += ng & 1;
        }
    }
}

/*
 * Symble: the codewords vary (soa) and play Wordle's guess against the
 * fixed code `g`, so colours are per codeword position. Codeword position
 * i (not green) is yellow while fewer earlier non-green positions of the
 * codeword hold its letter than g has unmatched copies of it.
 */
CBG_INLINE void cbg_swapped_lanes(int n, const uint8_t *g, const cbg_v8 *s, cbg_v8 *green, cbg_v8 *yellow)
{
    for (int i = 0; i < n; i++)
        green[i] = (cbg_v8)(s[i] == g[i]);
    for (int i = 0; i < n; i++) {
        cbg_v8 avail = {0}, prior = {0};
        for (int p = 0; p < n; p++)
            avail += (cbg_v8)(s[i] == g[p]) & ~green[p] & 1;
        for (int q = 0; q < i; q++)
            prior += (cbg_v8)(s[q] == s[i]) & ~green[q] & 1;
        yellow[i] = ~green[i] & (cbg_v8)(prior < avail);
    }
}

/* Group k of the colours as base-3 digits, five a byte (kept in a register: an array zeroed whole cost a tenth) */
CBG_INLINE void cbg_digit_group(int n, int k, const cbg_v8 *green, const cbg_v8 *yellow, cbg_v8 *acc)
{
    uint8_t w = 1;
    *acc = (cbg_v8){0};
    for (int i = 5 * k; i < n && i < 5 * k + 5; i++, w = (uint8_t)(w * 3))
        *acc += (green[i] & (uint8_t)(2 * w)) | (yellow[i] & w);
}

/* The colour patterns of one chunk (Wordle; Symble's raw patterns with swapped), width bytes an entry. */
CBG_INLINE void cbg_pattern_chunk(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa, size_t base,
                                  size_t cnt, int swapped, int width, void *out)
{
    cbg_v8 s[CB_MAX_LENGTH], green[CB_MAX_LENGTH], yellow[CB_MAX_LENGTH]; /* each set once: its letter's */
    for (int i = 0; i < n; i++) /* only the n used: zeroing all CB_MAX_LENGTH cost a tenth of the build */
        yellow[i] = (cbg_v8){0};
    cbg_load_lanes(n, soa, base, s);
    if (swapped)
        cbg_swapped_lanes(n, g, s, green, yellow);
    else
        cbg_wordle_lanes(n, g, l, s, green, yellow);
    /* base-3 digits in groups of five, each group's number a byte: then one widening per group */
    int ngroups = (n + 4) / 5;
    cbg_v8 lo, hi;
    cbg_digit_group(n, 0, green, yellow, &lo);
    if (width == 1) {
        memcpy((uint8_t *)out + base, &lo, cnt);
    } else if (width == 2) {
        cbg_v16 pat = __builtin_convertvector(lo, cbg_v16);
        cbg_digit_group(n, 1, green, yellow, &hi);
        pat += __builtin_convertvector(hi, cbg_v16) * (uint16_t)243;
        memcpy((uint16_t *)out + base, &pat, cnt * 2);
    } else {
        cbg_v32 pat = __builtin_convertvector(lo, cbg_v32);
        uint32_t scale = 243;
        for (int k = 1; k < ngroups; k++, scale *= 243) {
            cbg_digit_group(n, k, green, yellow, &hi);
            pat += __builtin_convertvector(hi, cbg_v32) * scale;
        }
        memcpy((uint32_t *)out + base, &pat, cnt * 4);
    }
}

/* Blacks, and the common colours as the sum of min(count in guess, count in secret) (Mastermind, Jotto). */
CBG_INLINE void cbg_common_lanes(int n, const uint8_t *g, const cbg_letters *l, const cbg_v8 *s, cbg_v8 *black,
                                 cbg_v8 *common)
{
    *black = *common = (cbg_v8){0};
    for (int i = 0; i < n; i++)
        *black += (cbg_v8)(s[i] == g[i]) & 1;
    for (int k = 0; k < l->count; k++) {
        cbg_v8 cs = {0};
        uint8_t cg = (uint8_t)__builtin_popcount(l->where[k]);
        for (int p = 0; p < n; p++)
            cs += (cbg_v8)(s[p] == l->letter[k]) & 1;
        cbg_v8 less = (cbg_v8)(cs < cg);
        *common += (cs & less) | (cg & ~less);
    }
}

/*
 * Every chunk of a row through CHUNK(n, guess, letters, soa, base, cnt,
 * width, out): whole chunks with a constant size, so that each store is one
 * vector store, then the tail. A macro, so that a constant n unrolls the
 * chunks' loops.
 */
#define CBG_ROW(CHUNK, n, guess, l, soa, count, width, out)                                                            \
    do {                                                                                                               \
        size_t whole_ = (count) / CB_LANES * CB_LANES;                                                                 \
        for (size_t base_ = 0; base_ < whole_; base_ += CB_LANES)                                                      \
            CHUNK(n, guess, l, soa, base_, CB_LANES, width, out);                                                      \
        if (whole_ < (count))                                                                                          \
            CHUNK(n, guess, l, soa, whole_, (count)-whole_, width, out);                                               \
    } while (0)

/*
 * A rule's row kernel at every processor level from one always-inlined
 * body ROW(n, guess, soa, count, width, out): NAME_scalar in the baseline
 * instructions (SSE2 on x86-64) and, where the build picks kernels at run
 * time (CB_CPU_DISPATCH), NAME_avx2 and NAME_avx512; CBG_KERNEL_TABLE(NAME) is
 * the rule's kernel[]. The AVX-512 version is the same 32-byte vectors
 * compiled for AVX-512 (compares into masks, three-input logic): 1.1 to 1.4x
 * AVX2's on the tables of docs/optimal.md; 64-byte vectors would need
 * their own types, as the compiler splits wider ones into slow code at the
 * other levels.
 */
#define CBG_KERNEL_SCALAR(NAME, ROW)                                                                                   \
    static void NAME##_scalar(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width,         \
                              void *out)                                                                               \
    {                                                                                                                  \
        ROW(n, guess, soa, count, width, out);                                                                         \
    }
#if CB_CPU_DISPATCH
#define CBG_KERNEL_LEVELS(NAME, ROW)                                                                                   \
    CBG_KERNEL_SCALAR(NAME, ROW)                                                                                       \
    __attribute__((target("avx2"))) static void NAME##_avx2(int n, const uint8_t *guess, const uint8_t *const *soa,    \
                                                            size_t count, int width, void *out)                        \
    {                                                                                                                  \
        ROW(n, guess, soa, count, width, out);                                                                         \
    }                                                                                                                  \
    CB_TARGET_AVX512 static void NAME##_avx512(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count,   \
                                               int width, void *out)                                                   \
    {                                                                                                                  \
        ROW(n, guess, soa, count, width, out);                                                                         \
    }
#define CBG_KERNEL_TABLE(NAME)                                                                                         \
    {                                                                                                                  \
        NAME##_scalar, NAME##_avx2, NAME##_avx512                                                                      \
    }
#else
#define CBG_KERNEL_LEVELS(NAME, ROW) CBG_KERNEL_SCALAR(NAME, ROW)
#define CBG_KERNEL_TABLE(NAME)                                                                                         \
    {                                                                                                                  \
        NAME##_scalar, NAME##_scalar, NAME##_scalar                                                                    \
    }
#endif

#endif
