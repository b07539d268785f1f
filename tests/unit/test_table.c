/* test_table.c: table entries equal the direct rule functions; sizes, modes and limits; the big arrays' allocator. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory_internal.h"
#include "table/table_internal.h"
#include "check.h"
#include "codebreaker/codebreaker.h"
#include "tuning.h"

static cb_game *make(const char *preset, int colors, int length)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    cb_game_config_preset(preset, &cfg);
    if (colors) {
        cfg.colors = colors;
        cfg.length = length;
    }
    if (cb_game_new(&cfg, &g, &err) != CB_OK)
        fprintf(stderr, "%s\n", err.message);
    return g;
}

static void compare(const char *what, cb_game *g, int width)
{
    cb_table_options opt;
    cb_table *t1, *t2, *fly;
    cb_error err;
    cb_table_options_default(&opt);
    opt.threads = 2;
    CHECK(cb_table_new(g, &opt, &t2, &err) == CB_OK);
    opt.threads = 1;
    CHECK(cb_table_new(g, &opt, &t1, &err) == CB_OK);
    opt.mode = CB_TABLE_OFF;
    CHECK(cb_table_new(g, &opt, &fly, &err) == CB_OK);
    CHECK_MSG(cb_table_width(t2) == width, "%s: width %d", what, cb_table_width(t2));
    CHECK(cb_table_precomputed(t2) && !cb_table_precomputed(fly) && cb_table_row(fly, 0) == NULL);
    /* a read costs 1 from the precomputed table, the kernel's measured cost on the fly (tuning.h) */
    double kernel = cb_game_rule(g) == CB_RULE_MASTERMIND ? CB_PAIR_NS_MASTERMIND : CB_PAIR_NS_WORDS;
    CHECK_MSG(cb_table_pair_cost(t2) == 1.0 && cb_table_pair_cost(fly) == kernel / CB_READ_NS_CACHED &&
                  cb_table_pair_cost(fly) > 1.0,
              "%s: pair costs %g and %g", what, cb_table_pair_cost(t2), cb_table_pair_cost(fly));
    uint32_t ng = cb_game_guess_count(g), ns = cb_game_secret_count(g);
    size_t row = (size_t)ns * (size_t)width;
    int same = 1;
    for (uint32_t i = 0; i < ng && same; i++)
        same = memcmp(cb_table_row(t1, i), cb_table_row(t2, i), row) == 0;
    CHECK_MSG(same, "%s: one thread and two threads differ", what);
    unsigned long long seed = 7;
    int bad = 0;
    for (int k = 0; k < 300000; k++) {
        uint32_t gi = (uint32_t)(check_rand(&seed) % ng), si = (uint32_t)(check_rand(&seed) % ns);
        uint32_t want = cb_game_feedback(g, gi, si);
        if (cb_table_get(t2, gi, si) != want || cb_table_get(fly, gi, si) != want)
            bad++;
    }
    /* the last secrets of a row (the kernel's partial block) */
    for (uint32_t si = ns > 40 ? ns - 40 : 0; si < ns; si++)
        for (uint32_t gi = 0; gi < ng; gi += 97)
            bad += cb_table_get(t2, gi, si) != cb_game_feedback(g, gi, si);
    CHECK_MSG(bad == 0, "%s: %d entries differ from the rule", what, bad);
    uint32_t secrets[3] = {0, ns / 2, ns - 1}, out[3], out2[3];
    cb_table_fill(t2, 5 % ng, secrets, 3, out);
    cb_table_fill(fly, 5 % ng, secrets, 3, out2);
    CHECK(memcmp(out, out2, sizeof out) == 0);
    /* the secret-major table made by the kernel of the columns on the fly: the precomputed one turned over */
    const uint8_t *made = cbt_columns_fly(fly, 2), *turned = width == 1 ? cbt_columns(t2) : NULL;
    CHECK_MSG(width == 1 ? made && turned && memcmp(made, turned, (size_t)ng * ns) == 0 && cbt_columns(fly) == made
                         : made == NULL,
              "%s: the secret-major table on the fly differs from the precomputed one's", what);
    CHECK(cbt_columns_fly(t2, 1) == turned); /* a precomputed table's own, made or not */
    cb_table_free(t1);
    cb_table_free(t2);
    cb_table_free(fly);
}

static void limits(void)
{
    cb_game *g = make("mastermind", 0, 0);
    cb_table_options opt;
    cb_table *t;
    cb_error err;
    cb_table_options_default(&opt);
    opt.mode = CB_TABLE_ON;
    opt.max_bytes = 1000;
    CHECK(cb_table_new(g, &opt, &t, &err) == CB_ETOOBIG && t == NULL);
    CHECK_MSG(strstr(err.message, "needs") && strstr(err.message, "GiB"), "%s", err.message);
    opt.mode = CB_TABLE_AUTO;
    CHECK(cb_table_new(g, &opt, &t, &err) == CB_OK && !cb_table_precomputed(t));
    CHECK(cb_table_get(t, 0, 1) == cb_game_feedback(g, 0, 1));
    cb_table_free(t);
    CHECK(cb_table_bytes_needed(g) == 1296.0 * 1296.0);
    cb_game_free(g);
}

/*
 * The build's stops (issue 38: 8 colours x 5 pegs built its table for 9.5 s past --time-limit 5): a set
 * cancel flag and a time limit that has passed stop it with CB_ECANCELED and no table; a clear flag and a
 * distant limit change nothing. 7 x 5 pegs: a table of 282 MB that takes seconds to build unstopped.
 */
static void stops(void)
{
    cb_game *g = make("mastermind", 7, 5);
    cb_table_options opt;
    cb_table *t = NULL;
    cb_error err;
    volatile int flag = 1;
    CHECK(g != NULL);
    if (!g)
        return;
    cb_table_options_default(&opt);
    opt.mode = CB_TABLE_ON;
    opt.cancel = &flag;
    CHECK(cb_table_new(g, &opt, &t, &err) == CB_ECANCELED && t == NULL);
    CHECK_MSG(strstr(err.message, "stopped"), "%s", err.message);
    opt.cancel = NULL;
    opt.time_limit = 1e-9; /* past by the first block: the table's memory is allocated before it */
    CHECK(cb_table_new(g, &opt, &t, &err) == CB_ECANCELED && t == NULL);
    cb_game_free(g);
    g = make("mastermind", 0, 0);
    CHECK(g != NULL);
    if (!g)
        return;
    flag = 0;
    opt.cancel = &flag;
    opt.time_limit = 1e9;
    CHECK(cb_table_new(g, &opt, &t, &err) == CB_OK && cb_table_precomputed(t));
    int bad = 0;
    for (uint32_t i = 0; t && i < 1296; i += 7)
        for (uint32_t j = 0; j < 1296; j += 5)
            bad += cb_table_get(t, i, j) != cb_game_feedback(g, i, j);
    CHECK_MSG(bad == 0, "a table built with its stops clear: %d entries differ", bad);
    cb_table_free(t);
    cb_game_free(g);
}

/* The cost model of CB_TABLE_AUTO with a work estimate: tables that lose are not built. */
static void by_cost(void)
{
    cb_game *super = make("super", 0, 0), *mm = make("mastermind", 0, 0), *wordle = make("wordle", 0, 0);
    CHECK(super && mm && wordle);
    if (!super || !mm || !wordle)
        goto out;
    double pairs = cb_table_bytes_needed(super);
    CHECK(pairs == 32768.0 * 32768.0);
    /* Super Mastermind's 1 GiB table misses the cache: on the fly wins at any work */
    CHECK(!cb_table_pays(super, 4 * pairs) && !cb_table_pays(super, 1e6 * pairs));
    cb_table_options opt;
    cb_table *t = NULL;
    cb_error err;
    cb_table_options_default(&opt);
    opt.work = 4 * pairs;
    CHECK(cb_table_new(super, &opt, &t, &err) == CB_OK && !cb_table_precomputed(t));
    cb_table_free(t);
    /* small tables pay for work of a few times their pairs, not for a little */
    pairs = cb_table_bytes_needed(mm);
    CHECK(cb_table_pays(mm, 4 * pairs) && !cb_table_pays(mm, pairs / 4));
    pairs = cb_table_bytes_needed(wordle);
    CHECK(cb_table_pays(wordle, 4 * pairs) && !cb_table_pays(wordle, pairs / 4));
    opt.work = pairs / 4;
    CHECK(cb_table_new(wordle, &opt, &t, &err) == CB_OK && !cb_table_precomputed(t));
    cb_table_free(t);
    opt.work = 0; /* unknown: precompute when it fits, as without the model */
    CHECK(cb_table_new(wordle, &opt, &t, &err) == CB_OK && cb_table_precomputed(t));
    cb_table_free(t);
out:
    cb_game_free(super);
    cb_game_free(mm);
    cb_game_free(wordle);
}

/* The big arrays' allocator (base/memory.c): 64-byte aligned, every byte of it usable, NULL for an absurd size. */
static void big_alloc(void)
{
    const size_t sizes[] = {0, 1, 100, CB_BIG_ALLOC_MIN - 1, CB_BIG_ALLOC_MIN, CB_BIG_ALLOC_MIN * 3 + 12345};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        unsigned char *p = cbb_alloc_big(sizes[i]);
        CHECK_MSG(p && ((uintptr_t)p & 63) == 0, "cbb_alloc_big(%zu): %p", sizes[i], (void *)p);
        if (!p)
            continue;
        for (size_t b = 0; b < sizes[i]; b++)
            p[b] = (unsigned char)(b * 131 + 7);
        size_t wrong = 0;
        for (size_t b = 0; b < sizes[i]; b++)
            wrong += p[b] != (unsigned char)(b * 131 + 7);
        CHECK_MSG(wrong == 0, "cbb_alloc_big(%zu): %zu bytes did not keep what was written", sizes[i], wrong);
        free(p);
    }
    CHECK(cbb_alloc_big(SIZE_MAX) == NULL);
    CHECK(cbb_alloc_big(SIZE_MAX - 40) == NULL);
}

/*
 * The byte transposition (base/memory.c) against its plain loop: sizes below, at and across the 16 x 16
 * blocks, strides wider than the rows, and every byte of the destination outside the matrix untouched.
 */
static void transpose(void)
{
    const size_t dims[][2] = {{0, 5}, {1, 1}, {15, 17}, {16, 16}, {17, 15}, {33, 64}, {64, 33}, {250, 41}, {48, 2315}};
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        size_t rows = dims[i][0], cols = dims[i][1], sstride = cols + 3, dstride = rows + 5;
        size_t ssize = rows * sstride + 1, dsize = cols * dstride + 1;
        unsigned char *src = malloc(ssize), *fast = malloc(dsize), *slow = malloc(dsize);
        CHECK(src && fast && slow);
        if (src && fast && slow) {
            for (size_t b = 0; b < ssize; b++)
                src[b] = (unsigned char)(b * 2654435761u >> 13);
            memset(fast, 0xa5, dsize);
            memset(slow, 0xa5, dsize);
            cbb_transpose(src, sstride, rows, cols, fast, dstride);
            cbb_transpose_ref(src, sstride, rows, cols, slow, dstride);
            size_t wrong = 0;
            for (size_t b = 0; b < dsize; b++)
                wrong += fast[b] != slow[b];
            CHECK_MSG(wrong == 0, "cbb_transpose %zu x %zu: %zu bytes differ from the plain loop", rows, cols, wrong);
            CHECK_MSG(rows == 0 || cols == 0 ||
                          slow[(cols - 1) * dstride + rows - 1] == src[(rows - 1) * sstride + cols - 1],
                      "cbb_transpose_ref %zu x %zu: the last byte is not transposed", rows, cols);
        }
        free(src);
        free(fast);
        free(slow);
    }
}

int main(void)
{
    static const struct {
        const char *preset;
        int colors, length, width;
    } games[] = {
        {"wordle", 0, 0, 1},     {"symble", 0, 0, 1},  {"mastermind", 0, 0, 1}, {"bulls", 0, 0, 1},
        {"mastermind", 3, 8, 1}, {"wordle", 3, 7, 2},  {"symble", 3, 6, 2},     {"wordle", 2, 11, 4},
        {"symble", 2, 11, 4},    {"wordle", 20, 2, 1}, {"mastermind", 4, 5, 1}, {"jotto", 0, 0, 1},
        {"jotto", 4, 6, 1},      {"jotto", 5, 4, 1},   {"bagels", 0, 0, 1},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        cb_game *g = make(games[i].preset, games[i].colors, games[i].length);
        CHECK(g != NULL);
        if (!g)
            continue;
        char what[64];
        snprintf(what, sizeof what, "%s %dx%d", games[i].preset, games[i].colors, games[i].length);
        compare(what, g, games[i].width);
        cb_game_free(g);
    }
    limits();
    stops();
    by_cost();
    big_alloc();
    transpose();
    return check_done("test_table");
}
