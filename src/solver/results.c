/*
 * results.c: the results file of `codebreaker optimal --results` (optimal.h,
 * docs/optimal.md): its opener lines, parsed and merged. The program's
 * reader (tools/cmd_optimal_results.c) reads a file line by line with these;
 * the coach reads the shipped files (data/proofs, bundled) whole.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/optimal.h"

void cb_optimal_describe(const cb_optimal_options *o, char *buf, size_t size)
{
    char lim[64] = "no limit on guesses";
    if (o->max_guesses)
        snprintf(lim, sizeof lim, "at most %d guess%s", o->max_guesses, o->max_guesses == 1 ? "" : "es");
    snprintf(buf, size, "%s, %s, %s%s",
             o->objective == CB_OBJECTIVE_WORST ? "least worst case, then least total" : "least total guesses", lim,
             o->candidates_only ? "candidates only" : "any allowed guess", o->hard ? ", hard mode" : "");
}

void cb_optimal_search_line(const cb_game *game, const cb_optimal_options *o, char *buf, size_t size)
{
    char obj[256], cut[64] = "the best total found", top[32] = "";
    cb_optimal_describe(o, obj, sizeof obj);
    if (o->cutoff)
        snprintf(cut, sizeof cut, "%llu", (unsigned long long)o->cutoff);
    if (o->top)
        snprintf(top, sizeof top, "; top %d (upper bounds)", o->top);
    snprintf(buf, size, "%s; %s; cutoff %s%s", cb_game_name(game), obj, cut, top);
}

int cb_optimal_results_line(const cb_game *game, char *line, cb_optimal_opener *op, cb_error *err)
{
    char *save = NULL;
    char *word = strtok_r(line, " \t", &save), *val = strtok_r(NULL, " \t", &save),
         *extra = strtok_r(NULL, " \t", &save);
    cb_error e;
    memset(op, 0, sizeof *op);
    if (!word || !val || extra)
        return cb_error_set(err, CB_EINVAL, "expected 'WORD TOTAL', 'WORD >=BOUND' or 'WORD impossible'");
    if (cb_game_parse_code(game, word, &op->guess, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "%s", e.message);
    if (strcmp(val, "impossible") == 0) {
        op->bound = UINT64_MAX;
        op->exact = 0;
        return CB_OK;
    }
    op->exact = strncmp(val, ">=", 2) != 0;
    const char *num = op->exact ? val : val + 2;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(num, &end, 10);
    if (*num < '0' || *num > '9' || *end || errno)
        return cb_error_set(err, CB_EINVAL, "'%s' is not a total or a bound", val);
    op->bound = v;
    return CB_OK;
}

int cb_optimal_opener_conflict(const cb_optimal_opener *a, const cb_optimal_opener *b)
{
    if (a->exact && b->exact)
        return a->bound != b->bound;
    if (a->exact || b->exact) {
        const cb_optimal_opener *e = a->exact ? a : b, *lb = a->exact ? b : a;
        return e->bound < lb->bound;
    }
    return 0;
}

void cb_optimal_opener_format(const cb_game *game, const cb_optimal_opener *op, char *buf, size_t size)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_game_format_code(game, op->guess, w, sizeof w);
    if (op->bound == UINT64_MAX)
        snprintf(buf, size, "%s impossible", w);
    else
        snprintf(buf, size, "%s %s%llu", w, op->exact ? "" : ">=", (unsigned long long)op->bound);
}

/* The openers read so far: each with the line it came from (for messages). */
typedef struct known {
    cb_optimal_opener *op;
    long *line;
    size_t n, cap;
    size_t *slot; /* by guess: 1 + its place in op, 0 when not read yet */
} known;

/* Keep op of line lineno, merged with an earlier line of its opener when they agree. */
static int keep(const cb_game *game, known *k, const cb_optimal_opener *op, long lineno, cb_error *err)
{
    if (k->slot[op->guess]) {
        size_t i = k->slot[op->guess] - 1;
        cb_optimal_opener *o = &k->op[i];
        if (cb_optimal_opener_conflict(o, op)) {
            char was[128], now[128];
            cb_optimal_opener_format(game, o, was, sizeof was);
            cb_optimal_opener_format(game, op, now, sizeof now);
            return cb_error_set(err, CB_EINVAL, "line %ld: '%s' contradicts line %ld ('%s')", lineno, now, k->line[i],
                                was);
        }
        if (op->exact || op->bound > o->bound)
            *o = *op;
        return CB_OK;
    }
    if (k->n == k->cap) {
        size_t nc = k->cap ? k->cap * 2 : 256;
        cb_optimal_opener *no = realloc(k->op, nc * sizeof *no);
        if (no)
            k->op = no;
        long *nl = no ? realloc(k->line, nc * sizeof *nl) : NULL;
        if (!nl)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        k->line = nl;
        k->cap = nc;
    }
    k->line[k->n] = lineno;
    k->op[k->n++] = *op;
    k->slot[op->guess] = k->n;
    return CB_OK;
}

/* One line (without its newline, NUL-terminated in buf) of the file; CB_OK or the error. */
static int one_line(const cb_game *game, char *buf, size_t len, long lineno, const char *search, known *k,
                    cb_error *err)
{
    cb_optimal_opener op;
    cb_error e;
    if (len && buf[len - 1] == '\r')
        buf[--len] = '\0';
    if (strlen(buf) != len)
        return cb_error_set(err, CB_EINVAL, "line %ld: a NUL byte: not a results file", lineno);
    if (lineno == 1)
        return strcmp(buf, CB_OPTIMAL_RESULTS_MAGIC) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "not a results file (its first line is not '%s')",
                                  CB_OPTIMAL_RESULTS_MAGIC);
    if (lineno == 2)
        return strncmp(buf, "# search: ", 10) == 0 && strcmp(buf + 10, search) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "written by another search (%s); this one is: %s",
                                  strncmp(buf, "# search: ", 10) == 0 ? buf + 10 : "no search line", search);
    if (buf[0] == '#' || buf[0] == '\0')
        return CB_OK;
    if (cb_optimal_results_line(game, buf, &op, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "line %ld: %s", lineno, e.message);
    return keep(game, k, &op, lineno, err);
}

int cb_optimal_results_parse(const cb_game *game, const char *text, size_t size, const char *search,
                             cb_optimal_opener **openers, size_t *n, cb_error *err)
{
    known k = {NULL, NULL, 0, 0, calloc(cb_game_guess_count(game) + 1, sizeof(size_t))};
    char *buf = NULL;
    size_t bufcap = 0;
    long lineno = 0;
    int rc = CB_OK;
    *openers = NULL;
    *n = 0;
    if (!k.slot)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    for (size_t at = 0; rc == CB_OK && at < size;) {
        const char *nl = memchr(text + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
        lineno++;
        if (!nl) {
            rc = cb_error_set(err, CB_EINVAL, "line %ld: the last line has no newline (cut short?)", lineno);
            break;
        }
        if (len + 1 > bufcap) {
            char *nb = realloc(buf, len + 1);
            if (!nb) {
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
                break;
            }
            buf = nb;
            bufcap = len + 1;
        }
        memcpy(buf, text + at, len);
        buf[len] = '\0';
        rc = one_line(game, buf, len, lineno, search, &k, err);
        at += len + 1;
    }
    if (rc == CB_OK && lineno < 2)
        rc = cb_error_set(err, CB_EINVAL, "%s", lineno ? "no search line after the first" : "an empty file");
    free(buf);
    free(k.line);
    free(k.slot);
    if (rc != CB_OK) {
        free(k.op);
        return rc;
    }
    *openers = k.op;
    *n = k.n;
    return CB_OK;
}
