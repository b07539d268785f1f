/* table_internal.h: what the library's strategies need of the table beyond table.h. */
#ifndef CB_TABLE_INTERNAL_H
#define CB_TABLE_INTERNAL_H

#include "codebreaker/table.h"

/* Largest table that also gets a secret-major copy. */
#define CB_COLUMNS_MAX_BYTES (512.0 * 1024 * 1024)

/*
 * The table transposed: column s holds the feedback of every guess against
 * secret s (nguess entries of cb_table_width() bytes), so scoring many
 * guesses over a few candidates reads a few cache lines. Made on first use,
 * once, safely from any thread; NULL for on-the-fly or very large tables,
 * or when memory runs out. Freed with the table.
 */
const void *cb__table_columns(const cb_table *t);

#endif
