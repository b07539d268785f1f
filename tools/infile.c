/* infile.c: the program's input files read line by line within the file limit (infile.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "infile.h"

int in_open(in_file *in, const char *what, const char *path, int missing_ok)
{
    memset(in, 0, sizeof *in);
    in->what = what;
    in->path = path;
    in->f = fopen(path, "rb");
    if (in->f)
        return 0;
    if (errno == ENOENT && missing_ok)
        return -1;
    return cli_fail(CB_EIO, "%s%s%s: cannot read it: %s", what ? what : "", what ? ": " : "", path, strerror(errno));
}

/* Make room for one more byte and the NUL in in->line; 0, or -1 when memory runs out. */
static int grow(in_file *in)
{
    if (in->len + 2 <= in->cap)
        return 0;
    size_t cap = in->cap ? 2 * in->cap : 256;
    char *line = realloc(in->line, cap);
    if (!line)
        return -1;
    in->line = line;
    in->cap = cap;
    return 0;
}

static int fail(in_file *in, int code, const char *why)
{
    in->status = cli_fail(code, "%s%s%s %s", in->what ? in->what : "", in->what ? ": " : "", in->path, why);
    return -1;
}

int in_line(in_file *in)
{
    int ch;
    in->offset += in->len + (size_t)in->newline;
    in->len = 0;
    in->newline = 0;
    while ((ch = getc(in->f)) != EOF) {
        if (in->offset + in->len >= (size_t)CB_MAX_FILE) {
            char why[64];
            snprintf(why, sizeof why, "is larger than the limit of %d MiB", CB_MAX_FILE >> 20);
            return fail(in, CB_ETOOBIG, why);
        }
        if (ch == '\n') {
            in->newline = 1;
            break;
        }
        if (grow(in) != 0)
            return fail(in, CB_ENOMEM, "could not be read: out of memory");
        in->line[in->len++] = (char)ch;
    }
    if (ferror(in->f))
        return fail(in, CB_EIO, "could not be read");
    if (ch == EOF && in->len == 0)
        return 0;
    if (grow(in) != 0)
        return fail(in, CB_ENOMEM, "could not be read: out of memory");
    in->line[in->len] = '\0';
    in->lineno++;
    return 1;
}

void in_close(in_file *in)
{
    if (in->f)
        fclose(in->f);
    free(in->line);
    in->f = NULL;
    in->line = NULL;
}

int in_read_whole(const char *what, const char *path, char **text, size_t *size, off_t *cut)
{
    in_file in;
    size_t cap = 0;
    *text = NULL;
    *size = 0;
    if (cut)
        *cut = -1;
    int rc = in_open(&in, what, path, 1);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    while ((rc = in_line(&in)) > 0) {
        if (cut && !in.newline) {
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
        if (in.newline)
            (*text)[(*size)++] = '\n';
    }
    rc = rc < 0 ? in.status : 0;
    in_close(&in);
    if (rc) {
        free(*text);
        *text = NULL;
        *size = 0;
    }
    return rc;
}
