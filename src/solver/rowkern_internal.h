/*
 * rowkern_internal.h: the scans' row kernel and block kernel (rowkern.c) at each
 * processor level, the plain count the tests check them against, and work areas
 * for calling them outside a search (tests, bench/bench_rowkern.c).
 */
#ifndef CB_SOLVER_ROWKERN_INTERNAL_H
#define CB_SOLVER_ROWKERN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/version.h"
#include "tuning.h"

struct cbo_tls; /* a thread's work areas (run_internal.h) */

/* How one guess splits a node's entries (cbo_row_fn). */
typedef struct cbo_rowfig {
    uint32_t parts;   /* distinct values */
    uint32_t pairs;   /* pairs of entries of equal values */
    uint32_t won;     /* entries whose value is `won` */
    uint32_t maxpart; /* most entries of one value */
    uint64_t hash;    /* when asked, cbo_row_hash of the values; else 0 */
} cbo_rowfig;

/*
 * What every row of one scan shares: the node's n >= 1 columns col (contig: col[e] is e, and the
 * values may be read in place), `won`, the values' count nvals <= 256, whether to hash the rows,
 * and the thread's counters (cnt, cnt2, few, big; left at zero) and set of rows (rows: the vector
 * kernels fetch the slot a row's hash points to).
 */
typedef struct cbo_rowctx {
    const uint32_t *col;
    uint32_t n, won, nvals;
    int contig, hash;
    struct cbo_tls *T;
} cbo_rowctx;
/*
 * Row rp of a node's one-byte values read at the columns of c: the values into out[0..n) (which
 * may be written up to 15 bytes past n; rp, when contig, read as far past n) and their figures
 * into *f.
 */
typedef void (*cbo_row_fn)(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/*
 * A hash of the n one-byte values v, the same at every level: each 64-bit word of v, zero past n up
 * to a multiple of 32 bytes, as two 32-bit halves plus keys, multiplied, the products summed, mixed.
 */
uint64_t cbo_row_hash(const uint8_t *v, uint32_t n);
/* The plain count, one counter a value (the tests' reference). */
void cbo_row_ref(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/* The baseline level's kernel (SSE2 on x86-64). */
void cbo_row_base(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/*
 * Big rows (rowbig.c): four sets of 16-bit counters (T->big) read back with vectors, the
 * baseline's SSE2, AVX2 and AVX-512 (each only where built: SSE2, CB_CPU_DISPATCH; the caller
 * checks the processor), for c where cbo_row_big_fits (n <= 32767, nvals <= 256, SSE2). They fill
 * every figure but the hash, which the caller adds.
 */
int cbo_row_big_fits(const cbo_rowctx *c);
void cbo_row_big(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
void cbo_row_big_avx2(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
void cbo_row_big_avx512(const cbo_rowctx *c, const uint8_t *rp, uint8_t *out, cbo_rowfig *f);
/* The kernel of a processor level (cb_cpu_level): the best this build has at or below it. */
cbo_row_fn cbo_row_kernel(cb_cpu_level level);
/*
 * The figures of nb <= 32 rows at once, for nodes of at most CB_ROWBLOCK_MAX entries and
 * nvals <= 255 (c->col unused): entry e's values of the nb rows in the 32 bytes at in[e] (byte b:
 * row b, read whole), row b itself at rows + b * rs (n bytes, readable 16 past n; hashed when
 * c->hash), its figures into f[b] as cbo_row_ref gives them.
 */
typedef void (*cbo_block_fn)(const cbo_rowctx *c, const uint8_t *const *in, const uint8_t *rows, size_t rs, uint32_t nb,
                             cbo_rowfig *f);
/*
 * The block kernel of a processor level, or NULL (the baseline level has none: the secret-major
 * copies that feed it cost more than its counters save, and a scan reads its rows as before).
 */
cbo_block_fn cbo_block_kernel(cb_cpu_level level);
/*
 * Work areas for calling the kernels outside a search (tests, benchmarks): a thread's counters,
 * at zero, and a set of 64 rows, for nvals <= 256; NULL without memory. cbo_row_work_free frees
 * them (NULL is fine).
 */
struct cbo_tls *cbo_row_work_new(void);
void cbo_row_work_free(struct cbo_tls *T);

#endif
