/*
 * kernel_internal.h: the vector pieces the rules' row kernels are built
 * from (rule_*.c), CB_LANES secrets a step (CB_LANES_WIDE at the AVX-512
 * level) with GCC's generic vectors,
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

/*
 * The pieces that depend on the vector width (kernel_lanes.h), twice:
 * CB_LANES lanes under the plain names (cbg_v8, cbg_load_lanes ...), and
 * CB_LANES_WIDE under names ending in _w, which only the AVX-512 versions
 * inline (generic vectors wider than the processor's are split into slow
 * code: docs/optimal.md, "The table's row kernel at the AVX-512 level").
 */
#define CBG_N CB_LANES
#define CBG_W(name) name
#include "game/kernel_lanes.h"
#undef CBG_W
#undef CBG_N
#if CB_CPU_DISPATCH
#define CBG_N CB_LANES_WIDE
#define CBG_W(name) name##_w
#include "game/kernel_lanes.h"
#undef CBG_W
#undef CBG_N
#endif

/*
 * Every chunk of a row through CHUNK(n, guess, letters, soa, base, cnt,
 * width, out): whole chunks of LANES secrets with a constant size, so that
 * each store is one vector store, then the tail. A macro, so that a
 * constant n unrolls the chunks' loops. CBG_ROW steps CB_LANES, CBG_ROW_w
 * CB_LANES_WIDE (with the _w pieces).
 */
#define CBG_ROW_N(LANES, CHUNK, n, guess, l, soa, count, width, out)                                                   \
    do {                                                                                                               \
        size_t whole_ = (count) / (LANES) * (LANES);                                                                   \
        for (size_t base_ = 0; base_ < whole_; base_ += (LANES))                                                       \
            CHUNK(n, guess, l, soa, base_, (LANES), width, out);                                                       \
        if (whole_ < (count))                                                                                          \
            CHUNK(n, guess, l, soa, whole_, (count)-whole_, width, out);                                               \
    } while (0)
#define CBG_ROW(CHUNK, n, guess, l, soa, count, width, out)                                                            \
    CBG_ROW_N(CB_LANES, CHUNK, n, guess, l, soa, count, width, out)
#define CBG_ROW_w(CHUNK, n, guess, l, soa, count, width, out)                                                          \
    CBG_ROW_N(CB_LANES_WIDE, CHUNK, n, guess, l, soa, count, width, out)

/*
 * A rule's row kernel at every processor level from one always-inlined
 * body ROW(n, guess, soa, count, width, out), written once a width: ROW
 * (CB_LANES) gives NAME_scalar in the baseline instructions (SSE2 on
 * x86-64) and, where the build picks kernels at run time (CB_CPU_DISPATCH),
 * NAME_avx2; ROW##_w (CB_LANES_WIDE, the _w pieces) gives NAME_avx512,
 * whose compares give masks and whose three-input logic merges colours.
 * CBG_KERNEL_TABLE(NAME) is the rule's kernel[]. `test_cpu` checks every
 * level against the rule's scalar feedback.
 */
#define CBG_KERNEL_SCALAR(NAME, ROW)                                                                                   \
    static void NAME##_scalar(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width,         \
                              void *out)                                                                               \
    {                                                                                                                  \
        ROW(n, guess, soa, count, width, out);                                                                         \
    }
/* What exists only where the AVX-512 version is built: the _w pieces and a rule's row_w. */
#if CB_CPU_DISPATCH
#define CBG_WIDE(...) __VA_ARGS__
#else
#define CBG_WIDE(...)
#endif

/*
 * A rule's row (and, where built, row_w) that passes every chunk of secrets
 * through CHUNK (CHUNK##_w for row_w), the code's length a variable: the
 * rows of rules that need no constant length (rule_symble.c, rule_jotto.c).
 */
#define CBG_ROW_FN(W, CHUNK)                                                                                           \
    CBG_INLINE void row##W(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width, void *out) \
    {                                                                                                                  \
        cbg_letters l;                                                                                                 \
        cbg_guess_letters(n, guess, &l);                                                                               \
        CBG_ROW##W(CHUNK##W, n, guess, &l, soa, count, width, out);                                                    \
    }
#define CBG_ROWS(CHUNK) CBG_ROW_FN(, CHUNK) CBG_WIDE(CBG_ROW_FN(_w, CHUNK))

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
        ROW##_w(n, guess, soa, count, width, out);                                                                     \
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
