/*
 * cmd_optimal_results.c: the results file of `codebreaker optimal --results`
 * (format in docs/optimal.md): a header naming the search, then one line per
 * opener as it is settled. Reading it back gives the openers a new run need
 * not search again.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "opt_results.h"

#define RESULTS_MAGIC "# codebreaker optimal results 1"

/* Read one line of any length into *buf; 0 at the end of the file. */
static int read_line(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    int ch;
    while ((ch = fgetc(f)) != EOF) {
        if (len + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, nc);
            if (!nb)
                return -1;
            *buf = nb;
            *cap = nc;
        }
        if (ch == '\n')
            break;
        (*buf)[len++] = (char)ch;
    }
    if (ch == EOF && len == 0)
        return 0;
    (*buf)[len] = '\0';
    if (len && (*buf)[len - 1] == '\r')
        (*buf)[len - 1] = '\0';
    return 1;
}

/* One opener line: "WORD TOTAL", "WORD >=BOUND" or "WORD impossible". */
static int parse_line(const cb_game *game, char *line, cb_optimal_opener *op, char *why, size_t whysize)
{
    char *word = strtok(line, " \t"), *val = strtok(NULL, " \t"), *extra = strtok(NULL, " \t");
    cb_error err;
    if (!word || !val || extra) {
        snprintf(why, whysize, "expected 'WORD TOTAL', 'WORD >=BOUND' or 'WORD impossible'");
        return CB_EINVAL;
    }
    if (cb_game_parse_code(game, word, &op->guess, &err) != CB_OK) {
        snprintf(why, whysize, "%s", err.message);
        return CB_EINVAL;
    }
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
    if (*num < '0' || *num > '9' || *end || errno) {
        snprintf(why, whysize, "'%s' is not a total or a bound", val);
        return CB_EINVAL;
    }
    op->bound = v;
    return CB_OK;
}

static int read_or_create(opt_results *r, const char *path, const char *config);

int opt_results_open(opt_results *r, const char *path, const cb_game *game, const char *config)
{
    memset(r, 0, sizeof *r);
    r->game = game;
    r->path = path;
    int rc = read_or_create(r, path, config);
    if (rc != 0) { /* nothing kept: the caller does not close a file that failed to open */
        free(r->known);
        r->known = NULL;
        r->n = r->cap = 0;
    }
    return rc;
}

/* Read the results already in path (checking they belong to this search), then open it to append. */
static int read_or_create(opt_results *r, const char *path, const char *config)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int have_header = 0, rc;
    if (f) {
        while ((rc = read_line(f, &line, &cap)) > 0) {
            lineno++;
            if (lineno == 1 && strcmp(line, RESULTS_MAGIC) != 0) {
                fclose(f);
                free(line);
                return cli_fail(CB_EINVAL, "%s: not a results file of codebreaker optimal (its first line is not '%s')",
                                path, RESULTS_MAGIC);
            }
            if (lineno == 2) {
                if (strncmp(line, "# search: ", 10) != 0 || strcmp(line + 10, config) != 0) {
                    int st =
                        cli_fail(CB_EINVAL,
                                 "%s: written by another search (%s); this one is: %s. Use another file or the "
                                 "same options",
                                 path, strncmp(line, "# search: ", 10) == 0 ? line + 10 : "no search line", config);
                    fclose(f);
                    free(line);
                    return st;
                }
                have_header = 1;
                continue;
            }
            if (line[0] == '#' || line[0] == '\0')
                continue;
            cb_optimal_opener op;
            char why[600];
            if (parse_line(r->game, line, &op, why, sizeof why) != CB_OK) {
                fclose(f);
                free(line);
                return cli_fail(CB_EINVAL, "%s:%ld: %s", path, lineno, why);
            }
            if (r->n == r->cap) {
                size_t nc = r->cap ? r->cap * 2 : 256;
                cb_optimal_opener *nk = realloc(r->known, nc * sizeof *nk);
                if (!nk) {
                    fclose(f);
                    free(line);
                    return cli_fail(CB_ENOMEM, "out of memory reading %s", path);
                }
                r->known = nk;
                r->cap = nc;
            }
            r->known[r->n++] = op;
        }
        free(line);
        int bad = ferror(f);
        fclose(f);
        if (rc < 0 || bad)
            return cli_fail(rc < 0 ? CB_ENOMEM : CB_EIO, "%s: could not read the file", path);
        if (lineno == 1)
            return cli_fail(CB_EINVAL, "%s: no search line after the first", path);
    } else if (errno != ENOENT)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    r->out = fopen(path, "a");
    if (!r->out)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    if (!have_header) {
        fprintf(r->out, "%s\n# search: %s\n", RESULTS_MAGIC, config);
        if (fflush(r->out) != 0) {
            fclose(r->out);
            r->out = NULL;
            return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
        }
    }
    return 0;
}

void opt_results_append(const cb_optimal_opener *op, void *arg)
{
    opt_results *r = arg;
    char w[CB_MAX_LENGTH * 4 + 1];
    if (!r->out || r->failed)
        return;
    cb_game_format_code(r->game, op->guess, w, sizeof w);
    int ok;
    if (op->bound == UINT64_MAX)
        ok = fprintf(r->out, "%s impossible\n", w) > 0;
    else
        ok = fprintf(r->out, "%s %s%llu\n", w, op->exact ? "" : ">=", (unsigned long long)op->bound) > 0;
    if (!ok || fflush(r->out) != 0) {
        r->failed = 1;
        r->err = errno;
    }
}

int opt_results_close(opt_results *r)
{
    int st = 0;
    if (r->out) {
        if (fclose(r->out) != 0 && !r->failed) {
            r->failed = 1;
            r->err = errno;
        }
        r->out = NULL;
    }
    if (r->failed)
        st = cli_fail(CB_EIO, "%s: writing failed (%s); the openers after the failure are not in it", r->path,
                      strerror(r->err));
    free(r->known);
    r->known = NULL;
    return st;
}
