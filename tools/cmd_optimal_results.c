/*
 * cmd_optimal_results.c: the results file of `codebreaker optimal --results`
 * (format in docs/optimal.md): a header naming the search and the words,
 * then one sealed line per opener as it is settled. Reading it back gives
 * the openers a new run need not search again; the library's reader
 * (cb_optimal_reader, src/solver/results.c) checks each line and its
 * digest. `--sign` seals a file of format 1 that this program wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "infile.h"
#include "opt_results.h"
#include "outfile.h"

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

/* The message of a line the reader refused; the exit status. */
static int refused(const char *path, const cb_optimal_reader *rd, const cb_error *err)
{
    if (cb_optimal_reader_lineno(rd) == 1 && cb_optimal_reader_version(rd) == 1)
        return cli_fail(CB_EINVAL,
                        "%s: %s. If this program wrote it and no one edited it since, sign it: the same command with "
                        "--sign (docs/optimal.md, \"The results file\"); else start a new file",
                        path, err->message);
    if (cb_optimal_reader_lineno(rd) <= (cb_optimal_reader_version(rd) == 1 ? 2 : 3)) /* the header */
        return cli_fail(err->code, "%s: %s. Use another file or the same options", path, err->message);
    return cli_fail(err->code, "%s:%ld: %s", path, cb_optimal_reader_lineno(rd), err->message);
}

/*
 * Read path line by line into rd. A last line without its newline (an
 * interrupted write) is dropped with a warning; *cut gets where it starts
 * (-1: none). *lines gets the lines read. 0, -1 when the file does not
 * exist, or the exit status after the message. each (may be NULL) is
 * called on every line read, with its opener (guess CB_NONE for others).
 */
static int read_lines(cb_optimal_reader *rd, const char *path, off_t *cut, long *lines,
                      int (*each)(void *arg, const char *line, const cb_optimal_opener *op), void *arg)
{
    in_file in;
    int rc = in_open(&in, "--results", path, 1);
    *cut = -1;
    *lines = 0;
    if (rc != 0)
        return rc;
    while (rc == 0 && (rc = in_line(&in)) > 0) {
        if (!in.newline) {
            cli_warn("%s:%ld: the last line has no newline (an interrupted write?): dropped", path, in.lineno);
            *cut = (off_t)in.offset;
            in.lineno--;
            rc = 0;
            break;
        }
        cb_optimal_opener op;
        cb_error err;
        char *copy = each ? strdup(in.line) : NULL;
        rc = 0;
        if (each && !copy)
            rc = cli_fail(CB_ENOMEM, "out of memory");
        else if (cb_optimal_reader_line(rd, in.line, in.len, &op, &err) != CB_OK)
            rc = refused(path, rd, &err);
        else if (each)
            rc = each(arg, copy, &op);
        free(copy);
    }
    rc = rc < 0 ? in.status : rc;
    *lines = in.lineno;
    in_close(&in);
    cb_error err;
    if (rc == 0 && *lines > 0 && cb_optimal_reader_end(rd, &err) != CB_OK)
        rc = cli_fail(CB_EINVAL, "%s: %s", path, err.message);
    return rc;
}

int opt_results_open(opt_results *r, const char *path, const cb_game *game, const char *config)
{
    cb_error err;
    memset(r, 0, sizeof *r);
    r->game = game;
    r->path = path;
    r->fd = -1;
    if (cb_optimal_reader_new(game, config, 0, &r->reader, &err) != CB_OK)
        return cli_fail_err(&err);
    off_t cut;
    long lines;
    int rc = read_lines(r->reader, path, &cut, &lines, NULL, NULL);
    if (rc > 0 || (rc == 0 && cut >= 0 && truncate(path, cut) != 0 &&
                   (rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno))) != 0)) {
        cb_optimal_reader_free(r->reader); /* nothing kept: the caller does not close a file that failed to open */
        r->reader = NULL;
        return rc;
    }
    r->known = cb_optimal_reader_openers(r->reader, &r->n);
    r->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    if (r->fd < 0) {
        rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
        cb_optimal_reader_free(r->reader);
        r->reader = NULL;
        return rc;
    }
    if (lines == 0) { /* a new (or empty) file: its header */
        char head[1024];
        cb_optimal_results_header(cb_optimal_reader_seal(r->reader), config, head, sizeof head);
        if (write_whole(r->fd, head, strlen(head)) != 0) {
            rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
            opt_results_close(r);
            return rc;
        }
    }
    return 0;
}

void opt_results_append(const cb_optimal_opener *op, void *arg)
{
    opt_results *r = arg;
    char line[160];
    if (r->fd < 0 || r->failed)
        return;
    cb_optimal_opener_seal(r->game, cb_optimal_reader_seal(r->reader), op, line, sizeof line - 1);
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
    cb_optimal_reader_free(r->reader);
    r->reader = NULL;
    r->known = NULL;
    return st;
}

/*
 * The turn-two file at path read whole into *text (*size bytes, malloc'd;
 * NULL when the file does not exist), a last line without its newline left
 * out (*cut: where it starts, -1 none). 0, or the exit status after the message.
 */
static int read_whole(const char *path, char **text, size_t *size, off_t *cut)
{
    in_file in;
    size_t cap = 0;
    *text = NULL;
    *size = 0;
    *cut = -1;
    int rc = in_open(&in, "--turn-two", path, 1);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    while ((rc = in_line(&in)) > 0) {
        if (!in.newline) {
            cli_warn("%s:%ld: the last line has no newline (an interrupted write?): dropped", path, in.lineno);
            *cut = (off_t)in.offset;
            break;
        }
        if (*size + in.len + 2 > cap) {
            size_t nc = (cap ? cap * 2 : 1 << 16) + in.len;
            char *nt = realloc(*text, nc);
            if (!nt) {
                rc = -1;
                in.status = cli_fail(CB_ENOMEM, "out of memory");
                break;
            }
            *text = nt;
            cap = nc;
        }
        memcpy(*text + *size, in.line, in.len);
        *size += in.len;
        (*text)[(*size)++] = '\n';
    }
    rc = rc < 0 ? in.status : 0;
    in_close(&in);
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}

int opt_turn_two_open(opt_turn_two *t, const char *path, const cb_game *game, const char *config)
{
    memset(t, 0, sizeof *t);
    t->game = game;
    t->path = path;
    t->fd = -1;
    cb_optimal_turn_two_seal_init(game, config, &t->seal);
    char *text;
    size_t size;
    off_t cut;
    int rc = read_whole(path, &text, &size, &cut);
    if (rc)
        return rc;
    if (text && size) {
        cb_optimal_turn_two *tt;
        cb_error err;
        if (cb_optimal_turn_two_parse(game, text, size, config, &tt, &err) != CB_OK) {
            free(text);
            return cli_fail(err.code, "--turn-two: %s: %s", path, err.message);
        }
        t->openers = cb_optimal_turn_two_count(tt);
        cb_optimal_turn_two_free(tt);
    }
    free(text);
    if (cut >= 0 && truncate(path, cut) != 0)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    t->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    if (t->fd < 0)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    if (size == 0) { /* a new (or empty) file: its header */
        char head[1024];
        cb_optimal_turn_two_header(&t->seal, config, head, sizeof head);
        if (write_whole(t->fd, head, strlen(head)) != 0) {
            rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
            opt_turn_two_close(t);
            return rc;
        }
    }
    return 0;
}

void opt_turn_two_append(const cb_optimal_opener *op, const cb_optimal_child *kids, size_t n, void *arg)
{
    opt_turn_two *t = arg;
    char *line;
    if (t->fd < 0 || t->failed)
        return;
    int rc = cb_optimal_turn_two_line(t->game, &t->seal, op, kids, n, &line, NULL);
    if (rc != CB_OK) {
        t->failed = 1;
        t->err = rc == CB_ENOMEM ? ENOMEM : EINVAL;
        return;
    }
    if (write_whole(t->fd, line, strlen(line)) != 0) {
        t->failed = 1;
        t->err = errno;
    }
    free(line);
}

int opt_turn_two_close(opt_turn_two *t)
{
    if (t->fd >= 0 && close(t->fd) != 0 && !t->failed) {
        t->failed = 1;
        t->err = errno;
    }
    t->fd = -1;
    return t->failed ? cli_fail(CB_EIO, "%s: writing failed (%s); the openers after the failure are not in it", t->path,
                                strerror(t->err))
                     : 0;
}

/* What signing writes: the new file, and how many opener lines it seals. */
typedef struct sign_state {
    const cb_game *game;
    const cb_optimal_seal *seal;
    FILE *f;
    long lineno;
    size_t openers;
} sign_state;

/* One line of a file being signed: the header replaced, openers sealed, comments kept. */
static int sign_line(void *arg, const char *line, const cb_optimal_opener *op)
{
    sign_state *s = arg;
    char sealed[160];
    if (++s->lineno <= 2)
        return 0; /* the header of format 1, written anew */
    if (op->guess == CB_NONE) {
        fprintf(s->f, "%s\n", line);
        return 0;
    }
    cb_optimal_opener_seal(s->game, s->seal, op, sealed, sizeof sealed);
    fprintf(s->f, "%s\n", sealed);
    s->openers++;
    return 0;
}

int opt_results_sign(const char *path, const cb_game *game, const char *config)
{
    cb_optimal_reader *rd;
    cb_error err;
    if (cb_optimal_reader_new(game, config, CB_OPTIMAL_READ_UNSIGNED, &rd, &err) != CB_OK)
        return cli_fail_err(&err);
    off_t cut;
    long lines;
    out_file o = {0};
    sign_state s = {game, cb_optimal_reader_seal(rd), NULL, 0, 0};
    /* a first pass checks every line; a file of format 1 is then written again, sealed */
    int rc = read_lines(rd, path, &cut, &lines, NULL, NULL);
    if (rc < 0)
        rc = cli_fail(CB_EINVAL, "--results: %s: no such file to sign", path);
    size_t n;
    cb_optimal_reader_openers(rd, &n);
    if (rc == 0 && cb_optimal_reader_version(rd) == 2) {
        printf("%s: already signed; its %zu openers verify\n", path, n);
        cb_optimal_reader_free(rd);
        return 0;
    }
    cb_optimal_reader_free(rd);
    if (rc)
        return rc;
    if (cb_optimal_reader_new(game, config, CB_OPTIMAL_READ_UNSIGNED, &rd, &err) != CB_OK)
        return cli_fail_err(&err);
    s.seal = cb_optimal_reader_seal(rd);
    if ((rc = out_open(&o, "--results", path)) == 0) {
        char head[1024];
        cb_optimal_results_header(s.seal, config, head, sizeof head);
        fputs(head, o.f);
        s.f = o.f;
        rc = read_lines(rd, path, &cut, &lines, sign_line, &s);
        rc = rc ? (out_abandon(&o), rc) : out_commit(&o, "--results");
    }
    cb_optimal_reader_free(rd);
    if (rc == 0)
        printf("%s: signed (format 2): %zu opener lines sealed, %zu openers\n", path, s.openers, n);
    return rc;
}
