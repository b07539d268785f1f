/*
 * fuzz_results.c: the results files of `codebreaker experiment`
 * (DIR/NAME.csv, resumed on the next run) on any bytes: the file is
 * opened as a run would open it (header checked, rows split and kept),
 * every row kept is found again by its key, and a row is appended.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "experiment.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

/* The folder and its files go at exit. */
static void clean(void)
{
    static const char *const files[] = {"fuzz.csv", "key"};
    char path[128];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    if (!dir[0]) {
        /* in memory when it can be: each input is written, read and appended to, and synced (a disk's
           syncs held the harness to about 45 inputs a second) */
        snprintf(dir, sizeof dir, "/dev/shm/cb_fuzz_results_XXXXXX");
        if (!mkdtemp(dir)) {
            snprintf(dir, sizeof dir, "/tmp/cb_fuzz_results_XXXXXX");
            if (!mkdtemp(dir))
                abort();
        }
        atexit(clean);
        /* rows are sealed with the installation's key: a fixed one here, so that seeds can verify */
        char key[128];
        snprintf(key, sizeof key, "%s/key", dir);
        FILE *k = fopen(key, "w");
        if (!k || fputs("0123456789abcdef0123456789abcdef\n", k) < 0 || fclose(k) != 0 ||
            setenv("CODEBREAKER_KEY", key, 1) != 0)
            abort();
    }
    char path[128];
    snprintf(path, sizeof path, "%s/fuzz.csv", dir);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    if (fclose(f) != 0)
        return 0;
    exp_ctx x;
    memset(&x, 0, sizeof x);
    x.o.name = "fuzz";
    x.o.out = dir;
    if (exp_store_open(&x, exp_sim_cols, EXP_SIM_COLS, EXP_SIM_KEYS) == 0) {
        exp_store *s = &x.store;
        for (size_t i = 0; i < s->nrows; i++)
            if (!exp_store_find(s, s->rows[i]))
                abort(); /* a row kept is found by its key */
        if (s->nrows)
            exp_store_append(s, s->rows[0]);
    }
    exp_store_close(&x.store);
    return 0;
}
