/* json.c: the project's JSON writer and string escaping (codebreaker/json.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/json.h"
#include "codebreaker/status.h"

static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)))
        return 0; /* overlong or surrogate */
    if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)))
        return 0;
    return n;
}

/* The JSON spelling of the character at p (at most 6 bytes into esc, not terminated); *used: bytes of p read. */
static size_t json_char(const unsigned char *p, char esc[8], size_t *used)
{
    size_t n = utf8_len(p);
    *used = n ? n : 1;
    if (n == 0)
        return (size_t)snprintf(esc, 8, "\\ufffd");
    if (*p == '"' || *p == '\\')
        return (size_t)snprintf(esc, 8, "\\%c", *p);
    if (*p < 0x20)
        return (size_t)snprintf(esc, 8, "\\u%04x", *p);
    memcpy(esc, p, n);
    return n;
}

size_t cb_json_quote(char *out, size_t size, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t len = 0, used;
    char esc[8];
    if (size)
        out[0] = '"';
    for (len = 1; *p; p += used) {
        size_t n = json_char(p, esc, &used);
        for (size_t i = 0; i < n; i++, len++)
            if (len + 1 < size)
                out[len] = esc[i];
    }
    if (len + 1 < size)
        out[len] = '"';
    len++;
    if (size)
        out[len < size ? len : size - 1] = '\0';
    return len;
}

int cb_json_write(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t used;
    char esc[8];
    int ok = fputc('"', out) != EOF;
    for (; *p && ok; p += used) {
        size_t n = json_char(p, esc, &used);
        ok = fwrite(esc, 1, n, out) == n;
    }
    return ok && fputc('"', out) != EOF ? CB_OK : CB_EIO;
}

void cb_json_init(cb_json *j)
{
    memset(j, 0, sizeof *j);
}

void cb_json_release(cb_json *j)
{
    free(j->buf);
    memset(j, 0, sizeof *j);
}

void cb_json_clear(cb_json *j)
{
    j->len = 0;
    j->failed = 0;
    if (j->buf)
        j->buf[0] = '\0';
}

const char *cb_json_text(const cb_json *j)
{
    return j->buf ? j->buf : "";
}

char *cb_json_take(cb_json *j)
{
    char *t = j->failed ? NULL : j->buf;
    if (j->failed)
        free(j->buf);
    else if (!t)
        t = calloc(1, 1);
    memset(j, 0, sizeof *j);
    return t;
}

static int reserve(cb_json *j, size_t extra)
{
    if (j->failed)
        return 0;
    if (j->len + extra + 1 <= j->cap)
        return 1;
    size_t cap = j->cap ? j->cap : 256;
    while (cap < j->len + extra + 1)
        cap *= 2;
    char *b = realloc(j->buf, cap);
    if (!b) {
        j->failed = 1;
        return 0;
    }
    j->buf = b;
    j->cap = cap;
    return 1;
}

void cb_json_rawn(cb_json *j, const char *text, size_t n)
{
    if (!reserve(j, n))
        return;
    memcpy(j->buf + j->len, text, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

void cb_json_raw(cb_json *j, const char *text)
{
    cb_json_rawn(j, text, strlen(text));
}

void cb_json_printf(cb_json *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(j, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(j->buf + j->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    j->len += (size_t)n;
}

void cb_json_str(cb_json *j, const char *s)
{
    if (!s) {
        cb_json_raw(j, "null");
        return;
    }
    size_t n = cb_json_quote(NULL, 0, s);
    if (!reserve(j, n))
        return;
    cb_json_quote(j->buf + j->len, n + 1, s);
    j->len += n;
}

void cb_json_sep(cb_json *j)
{
    if (j->len && j->buf[j->len - 1] != '{' && j->buf[j->len - 1] != '[' && j->buf[j->len - 1] != ':')
        cb_json_raw(j, ",");
}

void cb_json_key(cb_json *j, const char *key)
{
    cb_json_sep(j);
    cb_json_str(j, key);
    cb_json_raw(j, ":");
}

void cb_json_num(cb_json *j, double x)
{
    if (!isfinite(x))
        cb_json_raw(j, "null");
    else if (x == floor(x) && fabs(x) < 1e15)
        cb_json_printf(j, "%.0f", x);
    else
        cb_json_printf(j, "%.6g", x);
}

int cb_json_flush(cb_json *j, FILE *out)
{
    int rc = j->failed ? CB_ENOMEM : j->len && fwrite(j->buf, 1, j->len, out) != j->len ? CB_EIO : CB_OK;
    cb_json_clear(j);
    return rc;
}

void cb_json_fixed(cb_json *j, double x, int decimals)
{
    if (!isfinite(x))
        cb_json_raw(j, "null");
    else
        cb_json_printf(j, "%.*f", decimals, x);
}

void cb_json_int(cb_json *j, long long x)
{
    cb_json_printf(j, "%lld", x);
}

void cb_json_uint(cb_json *j, unsigned long long x)
{
    cb_json_printf(j, "%llu", x);
}

void cb_json_bool(cb_json *j, int x)
{
    cb_json_raw(j, x ? "true" : "false");
}

void cb_json_null(cb_json *j)
{
    cb_json_raw(j, "null");
}

void cb_json_kstr(cb_json *j, const char *key, const char *s)
{
    cb_json_key(j, key);
    cb_json_str(j, s);
}

void cb_json_knum(cb_json *j, const char *key, double x)
{
    cb_json_key(j, key);
    cb_json_num(j, x);
}

void cb_json_kfixed(cb_json *j, const char *key, double x, int decimals)
{
    cb_json_key(j, key);
    cb_json_fixed(j, x, decimals);
}

void cb_json_kint(cb_json *j, const char *key, long long x)
{
    cb_json_key(j, key);
    cb_json_int(j, x);
}

void cb_json_kuint(cb_json *j, const char *key, unsigned long long x)
{
    cb_json_key(j, key);
    cb_json_uint(j, x);
}

void cb_json_kbool(cb_json *j, const char *key, int x)
{
    cb_json_key(j, key);
    cb_json_bool(j, x);
}

void cb_json_knull(cb_json *j, const char *key)
{
    cb_json_key(j, key);
    cb_json_null(j);
}
