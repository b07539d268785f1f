/* io_internal.h: reading whole files, for the library's loaders. */
#ifndef CB_IO_INTERNAL_H
#define CB_IO_INTERNAL_H

#include <stddef.h>

#include "codebreaker/status.h"

/* The largest text file the library reads (word lists, frequencies, tree files): docs/limits.md. */
#define CBB_MAX_FILE (64 << 20)

/*
 * Read the file at path into a malloc'ed, NUL-terminated buffer (*text,
 * *size bytes before the NUL; the caller frees it), without a leading
 * UTF-8 byte order mark. CB_EIO names the file and the system's reason;
 * CB_ETOOBIG beyond CBB_MAX_FILE bytes; CB_ENOMEM.
 */
int cbb_read_file(const char *path, char **text, size_t *size, cb_error *err);

#endif
