/* outfile.c: output files written whole or not at all, and "-" for stdout. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

int out_temp_name(const char *path, char *tmp, size_t size)
{
    static unsigned serial;
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    int dir = slash ? (int)(slash - path + 1) : 0;
    int stem = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    int n = snprintf(tmp, size, "%.*s.%.*s.tmp%ld-%u%s", dir, path, stem, base, (long)getpid(), serial++,
                     dot && dot != base ? dot : "");
    return n < 0 || (size_t)n >= size ? 1 : 0;
}

int out_open(out_file *o, const char *what, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    if (*path == '\0')
        return cli_fail(CB_EINVAL, "%s: an empty file name", what);
    struct stat sb;
    int exists = stat(path, &sb) == 0;
    if (exists && !S_ISREG(sb.st_mode)) { /* a device or a pipe (/dev/stdout): written in place */
        if (!(o->f = fopen(path, "w"))) {
            cli_fail(CB_EIO, "%s: cannot write %s: %s", what, path, strerror(errno));
            return 1;
        }
        return 0;
    }
    if (realpath(path, o->real)) /* a symbolic link is followed: its target is replaced, not the link */
        o->path = o->real;
    if (out_temp_name(o->path, o->tmp, sizeof o->tmp))
        return cli_fail(CB_EINVAL, "%s: the file name is too long", what);
    int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd >= 0 && exists)
        (void)fchmod(fd, sb.st_mode & 07777); /* the file replaced keeps its permissions */
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        cli_fail(CB_EIO, "%s: cannot write %s: %s", what, path, strerror(e));
        return 1;
    }
    return 0;
}

void out_abandon(out_file *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        if (*o->tmp)
            unlink(o->tmp);
    }
    o->f = NULL;
}

int out_rename(const char *tmp, const char *path, const char *what)
{
    if (rename(tmp, path) == 0)
        return 0;
    int e = errno;
    unlink(tmp);
    cli_fail(CB_EIO, "%s: cannot write %s: %s", what, path, strerror(e));
    return 1;
}

int out_commit(out_file *o, const char *what)
{
    if (o->f == stdout) {
        o->f = NULL;
        if (fflush(stdout) == 0 && !ferror(stdout))
            return 0;
        cli_fail(CB_EIO, "%s: cannot write to standard output: %s", what, errno ? strerror(errno) : "write error");
        return 1;
    }
    errno = 0;
    int bad = fflush(o->f) != 0 || ferror(o->f) || (*o->tmp && fsync(fileno(o->f)) != 0);
    int e = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->f = NULL;
    if (bad) {
        if (*o->tmp)
            unlink(o->tmp);
        cli_fail(CB_EIO, "%s: cannot write %s: %s", what, o->path, e ? strerror(e) : "write error");
        return 1;
    }
    return *o->tmp ? out_rename(o->tmp, o->path, what) : 0;
}

int out_tree(const char *what, const char *path, const cb_tree *tree, const cb_table *table, cb_tree_format format,
             const char *header)
{
    out_file o;
    cb_error err;
    int rc = out_open(&o, what, path);
    if (rc)
        return rc;
    rc = cb_tree_save(tree, table, o.f, format, header, &err);
    if (rc != CB_OK) {
        out_abandon(&o);
        cli_fail(rc, "%s: %s", what, err.message);
        return rc == CB_EIO || rc == CB_ENOMEM ? 1 : 2;
    }
    return out_commit(&o, what);
}

void out_csv_field(FILE *f, const char *v)
{
    if (!strpbrk(v, ",\"\n\r")) {
        fputs(v, f);
        return;
    }
    fputc('"', f);
    for (; *v; v++) {
        if (*v == '"')
            fputc('"', f);
        fputc(*v, f);
    }
    fputc('"', f);
}

int out_check_stdout(void)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad)
        return 0;
    cli_fail(CB_EIO, "cannot write the output: %s", e ? strerror(e) : "write error");
    return 1;
}

/*
 * Write a line with one write() to a file opened O_APPEND: a line is in
 * the file whole or not at all, even when the program is killed (a short
 * write, on a full disk, leaves a line without its newline, which the next
 * run drops). 0, or -1 with errno.
 */
int out_write_whole(int fd, const char *text, size_t len)
{
    ssize_t w = write(fd, text, len);
    if (w == (ssize_t)len)
        return 0;
    if (w >= 0)
        errno = ENOSPC;
    return -1;
}
