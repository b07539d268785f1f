/*
 * json.h: a growing text buffer for writing JSON answers.
 *
 * Values are appended in order; web_json_key() and web_json_sep() put the
 * comma between members and elements by looking at the last character
 * written, so callers never track "first element" flags. An allocation
 * failure sets `failed` and later appends do nothing; check it once at the
 * end. Strings are escaped and invalid UTF-8 bytes become U+FFFD.
 */
#ifndef WEB_JSON_H
#define WEB_JSON_H

#include <stddef.h>

typedef struct web_json {
    char *buf; /* NUL-terminated text, or NULL before the first append */
    size_t len, cap;
    int failed;
} web_json;

void web_json_init(web_json *j);
void web_json_release(web_json *j);
/* Forget the text, keep the memory. */
void web_json_clear(web_json *j);
/* The text so far ("" when empty); owned by j. */
const char *web_json_text(const web_json *j);
/* Hand the text over to the caller (free() it); j is left empty. NULL on failure. */
char *web_json_take(web_json *j);

void web_json_raw(web_json *j, const char *text);
void web_json_rawn(web_json *j, const char *text, size_t n);
void web_json_printf(web_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A quoted, escaped string. */
void web_json_str(web_json *j, const char *s);
/* A comma when needed, then "key": */
void web_json_key(web_json *j, const char *key);
/* A comma when needed before an array element. */
void web_json_sep(web_json *j);
/* A number; NaN and infinities become null. */
void web_json_num(web_json *j, double x);

#endif
