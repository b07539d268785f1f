/* status_internal.h: what the library's error sentences share (status.c). */
#ifndef CB_STATUS_INTERNAL_H
#define CB_STATUS_INTERNAL_H

#include <stddef.h>

/*
 * Append name, the i-th of n names, to the list of a sentence in buf (size
 * bytes, len of them used): "a", "a or b", "a, b or c". Returns the new
 * length, which reaches size or more when the list does not fit (the text
 * is then cut, still terminated): callers stop adding there.
 */
size_t cbb_list_name(char *buf, size_t size, size_t len, size_t i, size_t n, const char *name);

/* An errno's sentence in a buffer of the caller's (strerror's may be shared by threads). */
typedef struct cbb_errno_text {
    char s[128];
} cbb_errno_text;

/* The sentence of errno value e: use cbb_strerror(errno).s within one expression. */
cbb_errno_text cbb_strerror(int e);

#endif
