/*
 * weights.c: word frequencies for the frequency strategies, from a file or the bundled Wordle list,
 * and what the strategies read of them: the weight of the candidates left, a guess's probability.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/io_internal.h"
#include "strategy/strategy_internal.h"
#include "strategy/weights_internal.h"

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

static double weight(const cb_strategy *s, uint32_t secret)
{
    return s->weights ? s->weights[secret] : 1.0;
}

double cbs_weight_total(const cb_strategy *s, const cb_state *st)
{
    double w = 0;
    const uint32_t *c = cb_state_candidates(st);
    for (size_t i = 0; i < cb_state_count(st); i++)
        w += weight(s, c[i]);
    return w;
}

double cbs_probability(const cb_strategy *s, const cb_state *st, uint32_t g, double total)
{
    uint32_t sec = cb_game_guess_secret(s->game, g);
    if (sec == CB_NONE || !cb_state_is_candidate(st, g))
        return 0.0;
    if (total <= 0)
        return 1.0 / (double)cb_state_count(st);
    return weight(s, sec) / total;
}
