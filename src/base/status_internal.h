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

#endif
