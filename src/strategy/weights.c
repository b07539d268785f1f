/* weights.c: word frequencies for the frequency strategies, from a file or the bundled Wordle list. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/io_internal.h"
#include "strategy/strategy_internal.h"

/* The largest weight: sums over every word stay finite (also rejects inf, nan and 1e400). */
#define CB_FREQ_MAX 1e30

/* Parse "word weight" lines into weights per secret. */
static int parse(const cb_game *game, const char *text, const char *name, double *w, size_t *found, cb_error *err)
{
    size_t line = 0;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char buf[512];
        line++;
        if (len >= sizeof buf)
            return cb_error_set(err, CB_EPARSE, "%s:%zu: line too long", name, line);
        memcpy(buf, p, len);
        buf[len] = '\0';
        p += len + (end ? 1 : 0);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *save, *word = strtok_r(buf, " \t\r", &save), *num = word ? strtok_r(NULL, " \t\r", &save) : NULL;
        if (!word)
            continue;
        char *stop;
        double x = num ? strtod(num, &stop) : -1;
        if (!num || *stop || !(x >= 0 && x <= CB_FREQ_MAX) || strtok_r(NULL, " \t\r", &save))
            return cb_error_set(err, CB_EPARSE, "%s:%zu: expected a word and a weight from 0 to %g", name, line,
                                CB_FREQ_MAX);
        uint32_t gi, si;
        if (cb_game_parse_code(game, word, &gi, NULL) != CB_OK || (si = cb_game_guess_secret(game, gi)) == CB_NONE)
            continue; /* the file may name words this game does not have */
        if (w[si] == 0)
            (*found)++;
        w[si] = x;
    }
    return CB_OK;
}

int cb_frequency_load(const cb_game *game, const char *path, double **out, size_t *found, cb_error *err)
{
    const char *text;
    char *owned = NULL;
    size_t size, count = 0, ns = cb_game_secret_count(game);
    *out = NULL;
    int rc = path ? cbb_read_file(path, &owned, &size, err) : cb_data_bundled("wordle/frequency.tsv", &text, &size);
    if (rc != CB_OK)
        return rc;
    if (owned)
        text = owned;
    double *w = calloc(ns ? ns : 1, sizeof *w);
    if (!w)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    else
        rc = parse(game, text, path ? path : "wordle/frequency.tsv", w, &count, err);
    free(owned);
    if (rc != CB_OK) {
        free(w);
        return rc;
    }
    if (found)
        *found = count;
    *out = w;
    return CB_OK;
}
