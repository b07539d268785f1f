/* status.c: status codes and error details. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/status_internal.h"
#include "codebreaker/status.h"

size_t cbb_list_name(char *buf, size_t size, size_t len, size_t i, size_t n, const char *name)
{
    if (len >= size)
        return len;
    int w = snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", name);
    return w < 0 ? size : len + (size_t)w;
}

const char *cb_strerror(int code)
{
    switch (code) {
    case CB_OK:
        return "success";
    case CB_EINVAL:
        return "invalid argument";
    case CB_ENOMEM:
        return "out of memory";
    case CB_EIO:
        return "input/output error";
    case CB_EPARSE:
        return "malformed input";
    case CB_ENOTFOUND:
        return "not found";
    case CB_ECONTRADICT:
        return "no secret is consistent with this history";
    case CB_ETOOBIG:
        return "too large";
    case CB_EILLEGAL:
        return "guess not allowed here";
    case CB_EEMPTY:
        return "nothing there";
    case CB_ECANCELED:
        return "stopped before the end";
    default:
        return "unknown error";
    }
}

int cb_error_set(cb_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

double cb_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

cbb_errno_text cbb_strerror(int e)
{
    cbb_errno_text t;
    if (strerror_r(e, t.s, sizeof t.s) != 0)
        snprintf(t.s, sizeof t.s, "error %d", e);
    return t;
}
