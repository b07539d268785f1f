/* io.c: reading whole files, for the library's loaders. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/io_internal.h"

int cbb_read_file(const char *path, char **text, size_t *size, cb_error *err)
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
        if (len > CBB_MAX_FILE) { /* /dev/zero, a wrong file: stop before memory runs out */
            free(buf);
            fclose(f);
            return cb_error_set(err, CB_ETOOBIG, "%s is larger than the limit of %d MiB for a text file", path,
                                CBB_MAX_FILE >> 20);
        }
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
    if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte order mark is no part of the text */
        len -= 3;
        memmove(buf, buf + 3, len + 1);
    }
    *text = buf;
    *size = len;
    return CB_OK;
}
