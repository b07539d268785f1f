/* io.c: reading whole files, for the library's loaders. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"

int cb__read_file(const char *path, char **text, size_t *size, cb_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cb_error_set(err, CB_EIO, "cannot open %s: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
        } else {
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf)
        return cb_error_set(err, CB_ENOMEM, "out of memory reading %s", path);
    if (bad) {
        free(buf);
        return cb_error_set(err, CB_EIO, "cannot read %s", path);
    }
    buf[len] = '\0';
    *text = buf;
    *size = len;
    return CB_OK;
}
