/*
 * json.h: the project's one JSON writer and its string escaping.
 *
 * Every JSON text codebreaker writes goes through here: tree files
 * (tree.h), the program's --json output and the dashboard's API answers.
 *
 * Strings: s in double quotes, `"` and `\` escaped, control characters as
 * \u00XX, bytes that are not valid UTF-8 as \ufffd. cb_json_quote writes at
 * most size bytes with a terminating NUL (like snprintf; out may be NULL
 * when size is 0) and returns the length of the whole quoted string.
 * cb_json_write writes it to out: CB_EIO when writing fails (ferror(out)
 * shows it too).
 *
 * cb_json is a growing text buffer. Values are appended in order: a key
 * (cb_json_key and the cb_json_k* shorthands) or cb_json_sep puts the comma
 * between members and elements by looking at the last character written,
 * so callers never track "first element" flags; the value functions never
 * write a comma themselves. An allocation failure sets `failed` and later
 * appends do nothing: check it once at the end (cb_json_flush does).
 *
 * Ownership: a cb_json owns its buffer from cb_json_init to
 * cb_json_release (or cb_json_take, which hands the text to the caller).
 * The strings passed in are only read. Numbers: cb_json_num writes an
 * integral value without a fraction and any other with 6 significant
 * digits; cb_json_fixed writes exactly `decimals` decimals; both write null
 * for NaN and the infinities, which JSON has no spelling for.
 */
#ifndef CODEBREAKER_JSON_H
#define CODEBREAKER_JSON_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

size_t cb_json_quote(char *out, size_t size, const char *s);
int cb_json_write(FILE *out, const char *s);

typedef struct cb_json {
    char *buf; /* NUL-terminated text, or NULL before the first append */
    size_t len, cap;
    int failed; /* an allocation failed: the text is incomplete */
} cb_json;

void cb_json_init(cb_json *j);
/* Free the buffer; j is left empty and may be used again. */
void cb_json_release(cb_json *j);
/* Forget the text, keep the memory. */
void cb_json_clear(cb_json *j);
/* The text so far ("" when empty); owned by j, valid until the next append. */
const char *cb_json_text(const cb_json *j);
/* Hand the text over to the caller (free() it); j is left empty. NULL on failure. */
char *cb_json_take(cb_json *j);
/*
 * Write the text to out and clear j: CB_OK, CB_ENOMEM when an append
 * failed (nothing is written), CB_EIO when writing fails.
 */
int cb_json_flush(cb_json *j, FILE *out);

void cb_json_raw(cb_json *j, const char *text);
void cb_json_rawn(cb_json *j, const char *text, size_t n);
void cb_json_printf(cb_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A comma when needed (after a value, not after `{`, `[` or `:`). */
void cb_json_sep(cb_json *j);
/* A comma when needed, then "key": */
void cb_json_key(cb_json *j, const char *key);

/* Values. */
void cb_json_str(cb_json *j, const char *s); /* a quoted, escaped string; NULL writes null */
void cb_json_num(cb_json *j, double x);
void cb_json_fixed(cb_json *j, double x, int decimals);
void cb_json_int(cb_json *j, long long x);
void cb_json_uint(cb_json *j, unsigned long long x);
void cb_json_bool(cb_json *j, int x);
void cb_json_null(cb_json *j);

/* A member: cb_json_key then the value. */
void cb_json_kstr(cb_json *j, const char *key, const char *s);
void cb_json_knum(cb_json *j, const char *key, double x);
void cb_json_kfixed(cb_json *j, const char *key, double x, int decimals);
void cb_json_kint(cb_json *j, const char *key, long long x);
void cb_json_kuint(cb_json *j, const char *key, unsigned long long x);
void cb_json_kbool(cb_json *j, const char *key, int x);
void cb_json_knull(cb_json *j, const char *key);

#ifdef __cplusplus
}
#endif

#endif
