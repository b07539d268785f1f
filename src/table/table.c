/* table.c: the feedback table, built in parallel with the rule's vectorised row kernel. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "codebreaker/feedback.h"
#include "codebreaker/table.h"
#include "codebreaker/version.h"
#include "game/game_internal.h"
#include "game/rule_internal.h"
#include "base/memory_internal.h"
#include "base/parallel.h"
#include "table/table_internal.h"
#include "tuning.h"

struct cb_table {
    const cb_game *game;
    void *data; /* nguess rows of nsecret entries, or NULL on the fly */
    int width;
    size_t stride; /* bytes per row */
    double seconds;
    void *columns;                 /* secret-major copy, made on first use (cbt_columns) */
    int no_columns;                /* the option: never make it */
    uint8_t **soa;                 /* on the fly: the secrets position-major, padded, for the kernel */
    uint8_t **gsoa;                /* on the fly: the guesses likewise (soa itself when the lists agree) */
    cbg_kernel_fn *kern, *colkern; /* the rule's row kernel, and the one of its columns (cbt_kernel_pick) */
};

/*
 * The row kernel is the rule's (game/rule_internal.h), compiled once a
 * processor level in the rule's file; a table picks it once, at the level
 * in use (cb_cpu_level_current, capped by the program), when it is made.
 */
cbg_kernel_fn *cbt_kernel_pick(cb_rule rule, cb_cpu_level level)
{
    int l = (int)level < CB_TOP_TABLE ? (int)level : CB_TOP_TABLE;
    return cbg_rule_of(rule)->kernel[l < 0 ? 0 : l];
}

size_t cbt_kernel_padding(size_t count)
{
    return (count + CB_LANES_WIDE - 1) / CB_LANES_WIDE * CB_LANES_WIDE; /* the widest kernel's chunks */
}

void cb_table_options_default(cb_table_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->mode = CB_TABLE_AUTO;
}

static int width_of(const cb_game *game)
{
    cbg_ids ids;
    cbg_rule_of(game->rule)->ids(game->n, &ids);
    uint32_t raw = ids.raw;
    return raw <= 256 ? 1 : raw <= 65536 ? 2 : 4;
}

double cb_table_bytes_needed(const cb_game *game)
{
    return (double)game->nguess * (double)game->nsecret * width_of(game);
}

/* CPU nanoseconds the kernel takes for one pair of this game on the fly (the model's constant). */
static double pair_ns(const cb_game *game)
{
    return cbg_rule_of(game->rule)->pair_ns;
}

int cb_table_pays(const cb_game *game, double work)
{
    double pairs = (double)game->nguess * (double)game->nsecret;
    double pair = pair_ns(game);
    double read = cb_table_bytes_needed(game) <= CB_TABLE_CACHED_BYTES ? CB_READ_NS_CACHED : CB_READ_NS_MEMORY;
    return pairs * pair + work * read < work * pair;
}

double cb_table_pair_cost(const cb_table *table)
{
    return cb_table_precomputed(table) ? 1.0 : pair_ns(table->game) / CB_READ_NS_CACHED;
}

uint8_t **cbt_soa_make(const cb_game *game, const uint32_t *idx, size_t count)
{
    uint8_t **soa = calloc((size_t)game->n, sizeof *soa);
    size_t padded = cbt_kernel_padding(count ? count : 1) + CB_LANES_WIDE;
    if (!soa)
        return NULL;
    for (int p = 0; p < game->n; p++) {
        soa[p] = calloc(padded, 1); /* kernels read whole blocks */
        if (!soa[p]) {
            for (int q = 0; q < p; q++)
                free(soa[q]);
            free(soa);
            return NULL;
        }
        for (size_t j = 0; j < count; j++)
            soa[p][j] = cb_game_code(game, idx ? idx[j] : (uint32_t)j)[p];
    }
    return soa;
}

void cbt_soa_free(uint8_t **soa, int n)
{
    if (!soa)
        return;
    for (int p = 0; p < n; p++)
        free(soa[p]);
    free(soa);
}

/* Whether a build must stop: the flag, then the time limit (deadline 0: none). */
static int build_stops(const volatile int *cancel, double deadline)
{
    return (cancel && __atomic_load_n(cancel, __ATOMIC_RELAXED)) || (deadline > 0 && cb_seconds() >= deadline);
}

/* Rows by guess against the secrets, in blocks of rows that each look at the stops first: CB_ECANCELED. */
static int build_direct(cb_table *t, int threads, const volatile int *cancel, double deadline)
{
    const cb_game *game = t->game;
    uint8_t **soa = cbt_soa_make(game, game->secret_guess, game->nsecret);
    if (!soa)
        return CB_ENOMEM;
    long blocks = (long)((game->nguess + CB_TABLE_STOP_ROWS - 1) / CB_TABLE_STOP_ROWS);
    int stop = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(cbb_threads(threads))
    for (long b = 0; b < blocks; b++) {
        if (__atomic_load_n(&stop, __ATOMIC_RELAXED))
            continue;
        if (build_stops(cancel, deadline)) {
            __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
            continue;
        }
        uint32_t g0 = (uint32_t)b * CB_TABLE_STOP_ROWS;
        uint32_t gn = game->nguess - g0 < CB_TABLE_STOP_ROWS ? game->nguess - g0 : CB_TABLE_STOP_ROWS;
        for (uint32_t g = g0; g < g0 + gn; g++)
            t->kern(game->n, cb_game_code(game, g), (const uint8_t *const *)soa, game->nsecret, t->width,
                    (char *)t->data + (size_t)g * t->stride);
    }
    cbt_soa_free(soa, game->n);
    return stop ? CB_ECANCELED : CB_OK;
}

/* Make t an on-the-fly table: position-major copies of the secrets and, when they differ, the guesses. */
static int fly_table(cb_table *t, cb_table **out, cb_error *err)
{
    const cb_game *game = t->game;
    int same = game->nguess == game->nsecret;
    for (uint32_t i = 0; same && i < game->nsecret; i++)
        same = game->secret_guess[i] == i;
    t->soa = cbt_soa_make(game, game->secret_guess, game->nsecret);
    t->gsoa = same ? t->soa : cbt_soa_make(game, NULL, game->nguess);
    if (!t->soa || !t->gsoa) {
        cbt_soa_free(t->soa, game->n);
        free(t);
        return cb_error_set(err, CB_ENOMEM, "out of memory for the secrets of an on-the-fly table");
    }
    t->seconds = 0;
    *out = t;
    return CB_OK;
}

int cb_table_new(const cb_game *game, const cb_table_options *opt, cb_table **out, cb_error *err)
{
    cb_table_options def;
    if (!opt) {
        cb_table_options_default(&def);
        opt = &def;
    }
    *out = NULL;
    cb_table *t = calloc(1, sizeof *t);
    if (!t)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    t->game = game;
    t->width = width_of(game);
    t->kern = cbt_kernel_pick(game->rule, cb_cpu_level_current());
    t->colkern = cbt_kernel_pick(cbg_rule_of(game->rule)->column, cb_cpu_level_current());
    t->no_columns = opt->no_columns != 0;
    t->stride = (size_t)game->nsecret * (size_t)t->width;
    double need = cb_table_bytes_needed(game);
    size_t limit = opt->max_bytes ? opt->max_bytes : CB_TABLE_DEFAULT_MAX_BYTES;
    int pays = opt->work <= 0 || cb_table_pays(game, opt->work);
    int precompute = opt->mode == CB_TABLE_ON || (opt->mode == CB_TABLE_AUTO && need <= (double)limit && pays);
    if (opt->mode == CB_TABLE_ON && need > (double)limit) {
        free(t);
        return cb_error_set(err, CB_ETOOBIG,
                            "a feedback table for %u guesses x %u secrets needs %.3g GiB; the limit is %.3g GiB",
                            game->nguess, game->nsecret, need / (1u << 30), (double)limit / (1u << 30));
    }
    double start = cb_seconds(), deadline = opt->time_limit > 0 ? start + opt->time_limit : 0;
    t->data = precompute ? cbb_alloc_big(need > 0 ? (size_t)need : 1) : NULL;
    if (precompute && !t->data && opt->mode == CB_TABLE_ON) {
        free(t);
        return cb_error_set(err, CB_ENOMEM, "out of memory for a feedback table of %.3g GiB", need / (1u << 30));
    }
    if (!t->data) /* on the fly: asked, not paying, beyond the limit, or (auto) no memory for the table */
        return fly_table(t, out, err);
    /* small tables are faster built by one thread than shared (and a second would only spin idle after) */
    int threads = (double)game->nguess * (double)game->nsecret < 1e6 ? 1 : opt->threads;
    int rc = build_direct(t, threads, opt->cancel, deadline);
    if (rc != CB_OK) {
        cb_table_free(t);
        return cb_error_set(err, rc,
                            rc == CB_ECANCELED
                                ? "the feedback table's build stopped (the time limit or the cancel flag)"
                                : "out of memory building the feedback table");
    }
    t->seconds = cb_seconds() - start;
    *out = t;
    return CB_OK;
}

void cb_table_free(cb_table *t)
{
    if (!t)
        return;
    free(t->data);
    free(t->columns);
    if (t->gsoa != t->soa)
        cbt_soa_free(t->gsoa, t->game->n);
    cbt_soa_free(t->soa, t->game->n);
    free(t);
}

const cb_game *cb_table_game(const cb_table *t)
{
    return t->game;
}
int cb_table_width(const cb_table *t)
{
    return t->width;
}
int cb_table_precomputed(const cb_table *t)
{
    return t->data != NULL;
}
double cb_table_build_seconds(const cb_table *t)
{
    return t->seconds;
}

const void *cb_table_row(const cb_table *t, uint32_t g)
{
    return t->data ? (const char *)t->data + (size_t)g * t->stride : NULL;
}

uint32_t cb_table_get(const cb_table *t, uint32_t g, uint32_t s)
{
    if (!t->data)
        return cb_game_feedback(t->game, g, s);
    const char *row = (const char *)t->data + (size_t)g * t->stride;
    switch (t->width) {
    case 1:
        return ((const uint8_t *)row)[s];
    case 2:
        return ((const uint16_t *)row)[s];
    default:
        return ((const uint32_t *)row)[s];
    }
}

/* The kernel into 32-bit ids, through the narrowest entries the game's ids fit (cheaper to compute). */
static void kernel_wide(const cb_table *t, int len, const uint8_t *code, const uint8_t *const *soa, size_t count,
                        int width, uint32_t *out)
{
    int bytes = cbg_rule_of(t->game->rule)->byte_ids;
    if (width == 4 && !bytes) {
        t->kern(len, code, soa, count, 4, out);
        return;
    }
    union {
        uint8_t b[CB_FILL_BLOCK];
        uint16_t h[CB_FILL_BLOCK];
    } tmp;
    const uint8_t *shifted[CB_MAX_LENGTH];
    for (size_t at = 0; at < count; at += CB_FILL_BLOCK) {
        size_t c = count - at < CB_FILL_BLOCK ? count - at : CB_FILL_BLOCK;
        for (int p = 0; p < len; p++)
            shifted[p] = soa[p] + at;
        if (width == 1 || bytes) {
            t->kern(len, code, shifted, c, 1, tmp.b);
            for (size_t j = 0; j < c; j++)
                out[at + j] = tmp.b[j];
        } else {
            t->kern(len, code, shifted, c, 2, tmp.h);
            for (size_t j = 0; j < c; j++)
                out[at + j] = tmp.h[j];
        }
    }
}

void cbt_kernel_fill(const cb_table *t, uint32_t g, const uint8_t *const *soa, size_t count, uint32_t *out)
{
    const cb_game *game = t->game;
    kernel_wide(t, game->n, cb_game_code(game, g), soa, count, t->width, out);
}

void cbt_column(const cb_table *t, uint32_t s, void *out)
{
    const cb_game *game = t->game;
    const uint8_t *code = cb_game_code(game, game->secret_guess[s]);
    /* the rule seen from the secret: Mastermind and Jotto are symmetric, Wordle and Symble swap roles */
    const cbg_rule *column = cbg_rule_of(cbg_rule_of(game->rule)->column);
    t->colkern(game->n, code, (const uint8_t *const *)t->gsoa, game->nguess, column->byte_ids ? 1 : t->width, out);
}

/*
 * On the fly: the kernel over blocks of secrets, read in place from the
 * table's position-major copy when a block is a run of consecutive
 * secrets (every secret, a state's first turn), else gathered.
 */
static void fill_fly(const cb_table *t, uint32_t g, const uint32_t *secrets, size_t n, uint32_t *out)
{
    const cb_game *game = t->game;
    const int len = game->n;
    uint8_t gathered[CB_MAX_LENGTH][CB_FILL_BLOCK + CB_LANES_WIDE];
    const uint8_t *soa[CB_MAX_LENGTH];
    for (size_t at = 0; at < n; at += CB_FILL_BLOCK) {
        size_t count = n - at < CB_FILL_BLOCK ? n - at : CB_FILL_BLOCK, run = 1;
        const uint32_t *sec = secrets + at;
        while (run < count && sec[run] == sec[0] + run)
            run++;
        if (run == count)
            for (int p = 0; p < len; p++)
                soa[p] = t->soa[p] + sec[0];
        else {
            for (size_t j = 0; j < count; j++) {
                const uint8_t *c = game->codes + (size_t)game->secret_guess[sec[j]] * (size_t)len;
                for (int p = 0; p < len; p++)
                    gathered[p][j] = c[p];
            }
            for (int p = 0; p < len; p++) {
                memset(gathered[p] + count, 0, cbt_kernel_padding(count) - count);
                soa[p] = gathered[p];
            }
        }
        cbt_kernel_fill(t, g, soa, count, out + at);
    }
}

void cb_table_fill(const cb_table *t, uint32_t g, const uint32_t *secrets, size_t n, uint32_t *out)
{
    const void *row = cb_table_row(t, g);
    if (!row)
        fill_fly(t, g, secrets, n, out);
    else if (t->width == 1)
        for (size_t i = 0; i < n; i++)
            out[i] = ((const uint8_t *)row)[secrets[i]];
    else if (t->width == 2)
        for (size_t i = 0; i < n; i++)
            out[i] = ((const uint16_t *)row)[secrets[i]];
    else
        for (size_t i = 0; i < n; i++)
            out[i] = ((const uint32_t *)row)[secrets[i]];
}

/* Transpose the rows in tiles of 64 guesses (bytes: cbb_transpose's blocks), so that both sides stay in cache. */
static void transpose(const cb_table *t, char *cols)
{
    const size_t ng = t->game->nguess, ns = t->game->nsecret, w = (size_t)t->width, tile = 64;
    long tiles = (long)((ng + tile - 1) / tile);
#pragma omp parallel for schedule(dynamic, 4)
    for (long gt = 0; gt < tiles; gt++) {
        size_t g0 = (size_t)gt * tile, gn = ng - g0 < tile ? ng - g0 : tile;
        if (w == 1) {
            cbb_transpose((const unsigned char *)t->data + g0 * t->stride, t->stride, gn, ns,
                          (unsigned char *)cols + g0, ng);
            continue;
        }
        for (size_t s0 = 0; s0 < ns; s0 += tile)
            for (size_t g = g0; g < g0 + gn; g++) {
                const char *row = (const char *)t->data + g * t->stride;
                size_t end = s0 + tile < ns ? s0 + tile : ns;
                if (w == 2)
                    for (size_t s = s0; s < end; s++)
                        ((uint16_t *)cols)[s * ng + g] = ((const uint16_t *)row)[s];
                else
                    for (size_t s = s0; s < end; s++)
                        ((uint32_t *)cols)[s * ng + g] = ((const uint32_t *)row)[s];
            }
    }
}

/* cols[s * nguess + g] for every secret s, computed by the kernel of the columns (an on-the-fly table). */
static void fly_columns(const cb_table *t, uint8_t *cols, int threads)
{
    const cb_game *game = t->game;
    size_t ng = game->nguess, pad = cbt_kernel_padding(ng);
    long ns = (long)game->nsecret;
#pragma omp parallel num_threads(cbb_threads(threads))
    {
        uint8_t *buf = malloc(pad); /* the kernel writes whole blocks: up to pad bytes */
#pragma omp for schedule(static)
        for (long s = 0; s < ns; s++) {
            uint8_t *out = cols + (size_t)s * ng;
            if (buf) {
                cbt_column(t, (uint32_t)s, buf);
                memcpy(out, buf, ng);
            } else /* no memory for the padded column: a value at a time */
                for (size_t g = 0; g < ng; g++)
                    out[g] = (uint8_t)cb_table_get(t, (uint32_t)g, (uint32_t)s);
        }
        free(buf);
    }
}

const void *cbt_columns_fly(const cb_table *t, int threads)
{
    void *cols = __atomic_load_n((void *const *)&t->columns, __ATOMIC_ACQUIRE);
    if (cols || t->data || t->width != 1 || t->no_columns)
        return cols;
#pragma omp critical(cb_table_columns)
    {
        cols = __atomic_load_n((void *const *)&t->columns, __ATOMIC_ACQUIRE);
        if (!cols && (cols = cbb_alloc_big((size_t)t->game->nguess * t->game->nsecret + 1))) {
            fly_columns(t, cols, threads);
            __atomic_store_n((void **)&((cb_table *)t)->columns, cols, __ATOMIC_RELEASE);
        }
    }
    return cols;
}

const void *cbt_columns(const cb_table *t)
{
    void *cols = __atomic_load_n((void *const *)&t->columns, __ATOMIC_ACQUIRE);
    if (cols || !t->data || t->no_columns || (double)t->stride * t->game->nguess > CB_COLUMNS_MAX_BYTES)
        return cols;
#pragma omp critical(cb_table_columns)
    {
        cols = __atomic_load_n((void *const *)&t->columns, __ATOMIC_ACQUIRE);
        if (!cols && (cols = cbb_alloc_big(t->stride * t->game->nguess + 1))) { /* huge pages: the transposition's
                                                                              writes span the whole copy */
            transpose(t, cols);
            __atomic_store_n((void **)&((cb_table *)t)->columns, cols, __ATOMIC_RELEASE);
        }
    }
    return cols;
}
