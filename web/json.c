/* json.c: the JSON text buffer of json.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/tree.h"
#include "json.h"

void web_json_init(web_json *j)
{
    memset(j, 0, sizeof *j);
}

void web_json_release(web_json *j)
{
    free(j->buf);
    memset(j, 0, sizeof *j);
}

void web_json_clear(web_json *j)
{
    j->len = 0;
    j->failed = 0;
    if (j->buf)
        j->buf[0] = '\0';
}

const char *web_json_text(const web_json *j)
{
    return j->buf ? j->buf : "";
}

char *web_json_take(web_json *j)
{
    char *t = j->failed ? NULL : j->buf;
    if (j->failed)
        free(j->buf);
    else if (!t)
        t = calloc(1, 1);
    memset(j, 0, sizeof *j);
    return t;
}

static int reserve(web_json *j, size_t extra)
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

void web_json_rawn(web_json *j, const char *text, size_t n)
{
    if (!reserve(j, n))
        return;
    memcpy(j->buf + j->len, text, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

void web_json_raw(web_json *j, const char *text)
{
    web_json_rawn(j, text, strlen(text));
}

void web_json_printf(web_json *j, const char *fmt, ...)
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

void web_json_str(web_json *j, const char *s)
{
    size_t n = cb_json_quote(NULL, 0, s);
    if (!reserve(j, n))
        return;
    cb_json_quote(j->buf + j->len, n + 1, s);
    j->len += n;
}

void web_json_sep(web_json *j)
{
    if (j->len && j->buf[j->len - 1] != '{' && j->buf[j->len - 1] != '[' && j->buf[j->len - 1] != ':')
        web_json_raw(j, ",");
}

void web_json_key(web_json *j, const char *key)
{
    web_json_sep(j);
    web_json_str(j, key);
    web_json_raw(j, ":");
}

void web_json_num(web_json *j, double x)
{
    if (!isfinite(x))
        web_json_raw(j, "null");
    else if (x == floor(x) && fabs(x) < 1e15)
        web_json_printf(j, "%.0f", x);
    else
        web_json_printf(j, "%.6g", x);
}
