/*
 * cmd_optimal_results.c: the results file of `codebreaker optimal --results`
 * (format in docs/optimal.md): a header naming the search, then one line per
 * opener as it is settled. Reading it back gives the openers a new run need
 * not search again. Its lines are parsed and merged by the library's
 * (cb_optimal_results_line, src/solver/results.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "infile.h"
#include "opt_results.h"

#define RESULTS_MAGIC CB_OPTIMAL_RESULTS_MAGIC

/*
 * Write a line with one write() to a file opened O_APPEND: a line is in
 * the file whole or not at all, even when the program is killed (a short
 * write, on a full disk, leaves a line without its newline, which the next
 * run drops). 0, or -1 with errno.
 */
static int write_whole(int fd, const char *text, size_t len)
{
    ssize_t w = write(fd, text, len);
    if (w == (ssize_t)len)
        return 0;
    if (w >= 0)
        errno = ENOSPC;
    return -1;
}

static int read_or_create(opt_results *r, const char *path, const char *config);

int opt_results_open(opt_results *r, const char *path, const cb_game *game, const char *config)
{
    memset(r, 0, sizeof *r);
    r->game = game;
    r->path = path;
    r->fd = -1;
    int rc = read_or_create(r, path, config);
    if (rc != 0) { /* nothing kept: the caller does not close a file that failed to open */
        free(r->known);
        free(r->lines);
        r->known = NULL;
        r->lines = NULL;
        r->n = r->cap = 0;
    }
    return rc;
}

/* Keep op, read from line lineno: merged with an earlier line of its opener when they agree; 0 or the status. */
static int keep(opt_results *r, const cb_optimal_opener *op, long lineno)
{
    for (size_t i = 0; i < r->n; i++) {
        cb_optimal_opener *k = &r->known[i];
        if (k->guess != op->guess)
            continue;
        if (cb_optimal_opener_conflict(k, op)) {
            char was[128], now[128];
            cb_optimal_opener_format(r->game, k, was, sizeof was);
            cb_optimal_opener_format(r->game, op, now, sizeof now);
            return cli_fail(CB_EINVAL,
                            "%s:%ld: '%s' contradicts line %ld ('%s'): a damaged file? remove the wrong line", r->path,
                            lineno, now, r->lines[i], was);
        }
        if (op->exact || op->bound > k->bound) /* the stronger of the two */
            *k = *op;
        return 0;
    }
    if (r->n == r->cap) {
        size_t nc = r->cap ? r->cap * 2 : 256;
        cb_optimal_opener *nk = realloc(r->known, nc * sizeof *nk);
        if (nk)
            r->known = nk;
        long *nl = nk ? realloc(r->lines, nc * sizeof *nl) : NULL;
        if (!nl)
            return cli_fail(CB_ENOMEM, "out of memory reading %s", r->path);
        r->lines = nl;
        r->cap = nc;
    }
    r->lines[r->n] = lineno;
    r->known[r->n++] = *op;
    return 0;
}

/* One line of the file (header lines 1 and 2 checked against config); 0 or the exit status. */
static int read_one(opt_results *r, in_file *in, const char *config)
{
    char *line = in->line;
    if (in->len && line[in->len - 1] == '\r')
        line[--in->len] = '\0';
    if (strlen(line) != in->len)
        return cli_fail(CB_EINVAL, "%s:%ld: a NUL byte: not a results file", r->path, in->lineno);
    if (in->lineno == 1 && strcmp(line, RESULTS_MAGIC) != 0)
        return cli_fail(CB_EINVAL, "%s: not a results file of codebreaker optimal (its first line is not '%s')",
                        r->path, RESULTS_MAGIC);
    if (in->lineno == 2) {
        if (strncmp(line, "# search: ", 10) == 0 && strcmp(line + 10, config) == 0)
            return 0;
        return cli_fail(CB_EINVAL,
                        "%s: written by another search (%s); this one is: %s. Use another file or the same options",
                        r->path, strncmp(line, "# search: ", 10) == 0 ? line + 10 : "no search line", config);
    }
    if (line[0] == '#' || line[0] == '\0')
        return 0;
    cb_optimal_opener op;
    cb_error err;
    if (cb_optimal_results_line(r->game, line, &op, &err) != CB_OK)
        return cli_fail(CB_EINVAL, "%s:%ld: %s", r->path, in->lineno, err.message);
    return keep(r, &op, in->lineno);
}

/*
 * Read the results already in path (checking they belong to this search),
 * then open it to append. A last line without its newline was cut short by
 * an interrupted write: it is dropped, with a warning, and cut off the file.
 */
static int read_or_create(opt_results *r, const char *path, const char *config)
{
    in_file in;
    int rc = in_open(&in, "--results", path, 1), have_header = 0;
    if (rc > 0)
        return rc;
    off_t keep_bytes = -1; /* where to cut a partial last line off */
    if (rc == 0) {
        while (rc == 0 && (rc = in_line(&in)) > 0) {
            if (!in.newline) {
                cli_warn("%s:%ld: the last line has no newline (an interrupted write?): dropped", path, in.lineno);
                keep_bytes = (off_t)in.offset;
                in.lineno--;
                rc = 0;
                break;
            }
            rc = read_one(r, &in, config);
            have_header = in.lineno >= 2;
        }
        rc = rc < 0 ? in.status : rc;
        long lines = in.lineno;
        in_close(&in);
        if (rc)
            return rc;
        if (lines == 1)
            return cli_fail(CB_EINVAL, "%s: no search line after the first", path);
    }
    if (keep_bytes >= 0 && truncate(path, keep_bytes) != 0)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    r->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    if (r->fd < 0)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    if (!have_header) {
        char head[1024];
        int len = snprintf(head, sizeof head, "%s\n# search: %s\n", RESULTS_MAGIC, config);
        if (write_whole(r->fd, head, (size_t)len) != 0) {
            int st = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
            close(r->fd);
            r->fd = -1;
            return st;
        }
    }
    return 0;
}

void opt_results_append(const cb_optimal_opener *op, void *arg)
{
    opt_results *r = arg;
    char line[128];
    if (r->fd < 0 || r->failed)
        return;
    cb_optimal_opener_format(r->game, op, line, sizeof line - 1);
    strcat(line, "\n");
    if (write_whole(r->fd, line, strlen(line)) != 0) {
        r->failed = 1;
        r->err = errno;
    }
}

int opt_results_close(opt_results *r)
{
    int st = 0;
    if (r->fd >= 0) {
        if (close(r->fd) != 0 && !r->failed) {
            r->failed = 1;
            r->err = errno;
        }
        r->fd = -1;
    }
    if (r->failed)
        st = cli_fail(CB_EIO, "%s: writing failed (%s); the openers after the failure are not in it", r->path,
                      strerror(r->err));
    free(r->known);
    free(r->lines);
    r->known = NULL;
    r->lines = NULL;
    return st;
}
