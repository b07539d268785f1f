/* table_internal.h: what the library's strategies need of the table beyond table.h. */
#ifndef CB_TABLE_INTERNAL_H
#define CB_TABLE_INTERNAL_H

#include "codebreaker/table.h"
#include "codebreaker/version.h"
#include "game/rule_internal.h"
#include "tuning.h"

/*
 * The row kernel of `rule` at a processor level (cbg_kernel_fn,
 * game/rule_internal.h: the feedback, raw for Symble, of one code against
 * secrets given position-major, each soa[p] readable up to
 * cbt_kernel_padding(count) bytes): the rule's version of the highest level
 * at or below `level` it has (CB_TOP_TABLE). A table picks its own once,
 * when it is made; a search likewise.
 */
cbg_kernel_fn *cbt_kernel_pick(cb_rule rule, cb_cpu_level level);
size_t cbt_kernel_padding(size_t count);

/*
 * The table transposed: column s holds the feedback of every guess against
 * secret s (nguess entries of cb_table_width() bytes), so scoring many
 * guesses over a few candidates reads a few cache lines. Made on first use,
 * once, safely from any thread; NULL for on-the-fly or very large tables,
 * or when memory runs out. Freed with the table.
 */
const void *cbt_columns(const cb_table *t);
/*
 * The same secret-major table for an on-the-fly table of one-byte feedback, computed
 * by the kernel of the columns (cbt_column) on `threads` threads (0: all): for the
 * exact solver, whose searches on such a table then share it as they share
 * cbt_columns (a process running many, the coach or a signing, makes it once).
 * Made on first call, safely from any thread; NULL for a precomputed table that
 * has none yet, for wider feedback, or when memory runs out. Freed with the table.
 * cbt_columns itself stays NULL on the fly until this has been called.
 */
const void *cbt_columns_fly(const cb_table *t, int threads);

/*
 * Position-major copies of codes for the kernel: soa[p][j] is symbol p of
 * code j; idx[j] names the guess index of code j (NULL: j itself). Padded
 * so that the kernel may start at any code and read whole blocks. NULL
 * when memory runs out; freed with cbt_soa_free.
 */
uint8_t **cbt_soa_make(const cb_game *game, const uint32_t *idx, size_t count);
void cbt_soa_free(uint8_t **soa, int n);

/* out[j] = raw feedback of guess g against the j-th of count codes in soa (made by cbt_soa_make). */
void cbt_kernel_fill(const cb_table *t, uint32_t g, const uint8_t *const *soa, size_t count, uint32_t *out);

/*
 * On-the-fly tables: the raw feedback of every guess against secret s,
 * cb_table_width() bytes per guess (1 for Mastermind), written to out,
 * which must have room for cbt_kernel_padding(guesses) entries.
 */
void cbt_column(const cb_table *t, uint32_t s, void *out);

#endif
