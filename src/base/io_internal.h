/* io_internal.h: reading whole files, for the library's loaders. */
#ifndef CB_IO_INTERNAL_H
#define CB_IO_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "codebreaker/status.h"

/* The largest text file the library reads (word lists, frequencies, tree files): docs/limits.md. */
#define CBB_MAX_FILE CB_MAX_FILE

/*
 * The one bounded reader of the library: read the stream in to its end
 * into a malloc'ed, NUL-terminated buffer (*text, *size bytes before the
 * NUL; the caller frees it), without a leading UTF-8 byte order mark.
 * Messages name the stream `name` and, for the limit, say what it was read
 * as (`what`: "a text file", "a tree file"). CB_ETOOBIG beyond CBB_MAX_FILE
 * bytes (read no further: /dev/zero ends there); CB_EIO; CB_ENOMEM.
 */
int cbb_read_stream(FILE *in, const char *name, const char *what, char **text, size_t *size, cb_error *err);

/* The same for the file at path, read as a text file; CB_EIO names the file and the system's reason. */
int cbb_read_file(const char *path, char **text, size_t *size, cb_error *err);

#endif
