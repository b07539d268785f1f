/* request.c: request parameters (split and decoded here), their validation, ids and clocks. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "request.h"

int web_req_fail(web_req *r, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
    r->status = status;
    return -1;
}

/* The first malformed %-escape in text[0..n) (not two hex digits, or %00: a NUL byte), or NULL. */
static const char *bad_escape(const char *text, size_t n)
{
    for (const char *p = memchr(text, '%', n); p; p = memchr(p + 1, '%', n - (size_t)(p + 1 - text)))
        if (p + 2 >= text + n || !isxdigit((unsigned char)p[1]) || !isxdigit((unsigned char)p[2]) ||
            (p[1] == '0' && p[2] == '0'))
            return p;
    return NULL;
}

/*
 * Check the pairs of a form-encoded text before they are decoded (decode()
 * takes every escape as well formed, and %00 would end a value).
 */
static int check_text(web_req *r, const char *text)
{
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "&");
        const char *eq = memchr(p, '=', len);
        size_t nlen = eq ? (size_t)(eq - p) : len, vlen = eq ? len - nlen - 1 : 0;
        if (bad_escape(p, nlen))
            return web_req_fail(r, 400, "malformed parameter name (bad %%-escape or NUL byte)");
        size_t max = r->max_value ? r->max_value : WEB_MAX_VALUE; /* the endpoint's limit (an upload's) */
        if (vlen > 3 * max)
            return web_req_fail(r, 413, "parameter '%.*s' is too long (at most %zu bytes)",
                                (int)(nlen < 40 ? nlen : 40), p, max);
        if (eq && bad_escape(eq + 1, vlen))
            return web_req_fail(r, 400, "parameter '%.*s': malformed value (bad %%-escape or NUL byte)",
                                (int)(nlen < 40 ? nlen : 40), p);
        p += len + (p[len] == '&');
    }
    return 0;
}

/* Add one decoded pair (value NULL: none given). */
static int add_param(web_req *r, const char *name, const char *value)
{
    if (r->nparams == WEB_MAX_PARAMS)
        return web_req_fail(r, 400, "too many parameters (at most %d)", WEB_MAX_PARAMS);
    if (!value)
        value = "";
    size_t max = r->max_value ? r->max_value : WEB_MAX_VALUE; /* the endpoint's own limit (an upload's) */
    if (strlen(value) > max)
        return web_req_fail(r, 413, "parameter '%.40s' is too long (at most %zu bytes)", name, max);
    if (!*name)
        return web_req_fail(r, 400, "a parameter has an empty name");
    for (int i = 0; i < r->nparams; i++)
        if (strcmp(r->params[i].name, name) == 0)
            return web_req_fail(r, 400, "parameter '%.40s' is given twice", name);
    r->params[r->nparams].name = name;
    r->params[r->nparams].value = value;
    r->nparams++;
    return 0;
}

/* Decode a checked form-encoded piece in place: `+` is a space, %XX a byte (check_text vouched for them). */
static void decode(char *s)
{
    char *out = s;
    for (; *s; s++)
        if (*s == '+')
            *out++ = ' ';
        else if (*s == '%') {
            char hex[3] = {s[1], s[2], 0};
            *out++ = (char)strtol(hex, NULL, 16);
            s += 2;
        } else
            *out++ = *s;
    *out = '\0';
}

/* Add the pairs of one form-encoded text, copied to *store and split and decoded there. */
static int parse_text(web_req *r, const char *text, char **store)
{
    if (check_text(r, text) < 0)
        return -1;
    char *data = *store;
    size_t n = strlen(text);
    memcpy(data, text, n + 1);
    *store += n + 1;
    for (char *p = data; *p;) {
        size_t len = strcspn(p, "&");
        int last = p[len] == '\0';
        p[len] = '\0';
        if (len) { /* "a=1&&b=2": the empty pair is no parameter */
            char *eq = strchr(p, '=');
            if (eq)
                *eq = '\0';
            decode(p);
            if (eq)
                decode(eq + 1);
            if (add_param(r, p, eq ? eq + 1 : NULL) < 0)
                return -1;
        }
        if (last)
            break;
        p += len + 1;
    }
    return 0;
}

int web_req_parse(web_req *r, const char *query, const char *body)
{
    size_t need = (query ? strlen(query) : 0) + (body ? strlen(body) : 0) + 2;
    free(r->store);
    r->nparams = 0;
    r->store = malloc(need);
    if (!r->store)
        return web_req_fail(r, 503, "out of memory");
    char *s = r->store;
    if (query && parse_text(r, query, &s) < 0)
        return -1;
    if (body && parse_text(r, body, &s) < 0)
        return -1;
    return 0;
}

/* 1 when name is one of the space-separated words of list. */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len;
    }
    return 0;
}

int web_req_allow(web_req *r, const char *allowed)
{
    for (int i = 0; i < r->nparams; i++)
        if (!listed(allowed, r->params[i].name))
            return web_req_fail(r, 400, "unknown parameter '%.40s' (this endpoint takes: %s)", r->params[i].name,
                                *allowed ? allowed : "none");
    return 0;
}

void web_req_release(web_req *r)
{
    free(r->store);
    r->store = NULL;
    cb_json_release(&r->out);
}

const char *web_req_get(const web_req *r, const char *name)
{
    for (int i = 0; i < r->nparams; i++)
        if (strcmp(r->params[i].name, name) == 0)
            return r->params[i].value;
    return NULL;
}

int web_req_need(web_req *r, const char *name, const char **out)
{
    *out = web_req_get(r, name);
    if (!*out || !**out)
        return web_req_fail(r, 400, "parameter '%s' is required", name);
    return 0;
}

int web_req_int(web_req *r, const char *name, long long def, long long lo, long long hi, long long *out)
{
    const char *v = web_req_get(r, name);
    *out = def;
    if (!v || !*v)
        return 0;
    const char *d = v + (*v == '-'); /* the command line's rule (cli_is_whole): no '+', no spaces */
    if (!*d || strspn(d, "0123456789") != strlen(d))
        return web_req_fail(r, 400, "%s: '%.40s' is not a whole number", name, v);
    errno = 0;
    long long x = strtoll(v, NULL, 10);
    if (errno == ERANGE || x < lo || x > hi)
        return web_req_fail(r, 400, "%s: %.40s is out of range (%lld to %lld)", name, v, lo, hi);
    *out = x;
    return 0;
}

int web_req_bool(web_req *r, const char *name, int def, int *out)
{
    static const char *const yes[] = {"1", "true", "on", "yes", NULL}, *const no[] = {"0", "false", "off", "no", NULL};
    const char *v = web_req_get(r, name);
    *out = def;
    if (!v || !*v)
        return 0;
    for (int i = 0; yes[i]; i++) {
        if (strcmp(v, yes[i]) == 0)
            return *out = 1, 0;
        if (strcmp(v, no[i]) == 0)
            return *out = 0, 0;
    }
    return web_req_fail(r, 400, "%s: '%.40s' is not a yes/no value (use 1 or 0)", name, v);
}

int web_req_choice(web_req *r, const char *name, const char *const *choices, int def, int *out)
{
    const char *v = web_req_get(r, name);
    *out = def;
    if (!v || !*v)
        return 0;
    char list[256] = "";
    for (int i = 0; choices[i]; i++) {
        if (strcmp(v, choices[i]) == 0)
            return *out = i, 0;
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", choices[i]);
    }
    return web_req_fail(r, 400, "%s: unknown value '%.40s' (use %s)", name, v, list);
}

int web_req_id(web_req *r, const char *name, const char **out)
{
    if (web_req_need(r, name, out) < 0)
        return -1;
    if (strlen(*out) != WEB_ID_LEN || strspn(*out, "0123456789abcdef") != WEB_ID_LEN)
        return web_req_fail(r, 400, "%s: '%.40s' is not an id", name, *out);
    return 0;
}

static void random_bytes(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            /* no kernel generator: fall back on the clock (ids need only be unique here) */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            for (size_t i = 0; i < n; i++)
                p[i] = (unsigned char)((uint64_t)ts.tv_nsec * 2654435761u >> (i % 4 * 8)) ^ (unsigned char)i;
            return;
        }
        p += got;
        n -= (size_t)got;
    }
}

void web_random_id(char out[WEB_ID_LEN + 1])
{
    unsigned char b[WEB_ID_LEN / 2];
    random_bytes(b, sizeof b);
    for (size_t i = 0; i < sizeof b; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

cb_date web_today(void)
{
    time_t now = time(NULL);
    struct tm tm;
    if (!gmtime_r(&now, &tm))
        return (cb_date){9999, 12, 31}; /* no clock: no refusal */
    return (cb_date){tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
}

uint64_t web_random_seed(void)
{
    uint64_t x;
    random_bytes(&x, sizeof x);
    return x >> 11;
}
