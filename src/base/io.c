/* io.c: reading whole files within the file limit, for the library's loaders. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/io_internal.h"
#include "base/status_internal.h"

int cbb_read_stream(FILE *in, const char *name, const char *what, char **text, size_t *size, cb_error *err)
{
    size_t cap = 1 << 16, len = 0, got;
    char *buf = malloc(cap);
    if (!buf)
        return cb_error_set(err, CB_ENOMEM, "out of memory reading %s", name);
    do {
        if (len > CBB_MAX_FILE) { /* /dev/zero, a wrong file: stop before memory runs out */
            free(buf);
            return cb_error_set(err, CB_ETOOBIG, "%s is larger than the limit of %d MiB for %s", name,
                                CBB_MAX_FILE >> 20, what);
        }
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                return cb_error_set(err, CB_ENOMEM, "out of memory reading %s", name);
            }
            buf = bigger;
            cap *= 2;
        }
        size_t room = cap - len - 1, left = (size_t)CBB_MAX_FILE + 1 - len; /* one byte past the limit tells */
        got = fread(buf + len, 1, room < left ? room : left, in);
        len += got;
    } while (got > 0);
    if (ferror(in)) {
        free(buf);
        return cb_error_set(err, CB_EIO, "cannot read %s", name);
    }
    buf[len] = '\0';
    if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte order mark is no part of the text */
        len -= 3;
        memmove(buf, buf + 3, len + 1);
    }
    *text = buf;
    *size = len;
    return CB_OK;
}

int cbb_read_file(const char *path, char **text, size_t *size, cb_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cb_error_set(err, CB_EIO, "cannot open %s: %s", path, cbb_strerror(errno).s);
    int rc = cbb_read_stream(f, path, "a text file", text, size, err);
    fclose(f);
    return rc;
}
