/*
 * request.h: one HTTP request to the dashboard server, as the API handlers
 * see it: its method, path and decoded parameters, and the JSON answer
 * being written.
 *
 * Parameters come from the query string and, for POST, from a body
 * encoded as application/x-www-form-urlencoded (what URLSearchParams
 * sends); a name may appear once. The web_req_* readers validate a value
 * and, when it is bad, record a 400 with a sentence naming the parameter
 * and return -1, so a handler reads:
 *
 *     if (web_req_int(r, "limit", 20, 0, 1000, &limit) < 0) return -1;
 *
 * A handler that returns 0 has written its answer to r->out (a JSON
 * value) and may set r->status (200 by default); one that returns -1 has
 * called web_req_fail() and the server sends {"error": ..., "status": ...}.
 */
#ifndef WEB_REQUEST_H
#define WEB_REQUEST_H

#include <stdint.h>

#include "codebreaker/daily.h"
#include "codebreaker/json.h"

#define WEB_MAX_PARAMS 32
#define WEB_MAX_VALUE 8192 /* longest parameter value, in bytes */

struct web_conn;
struct web_sbuf;
struct web_api;

typedef struct web_param {
    const char *name, *value;
} web_param;

typedef struct web_req {
    struct web_conn *conn; /* the server's (server.c, conn.h); NULL once an event stream started */
    struct web_sbuf *sbuf; /* an event stream's body being sent (conn.h) */
    struct web_api *api;   /* the endpoints' context (api.h) */
    const char *method;
    const char *path;
    const char *client; /* the peer's address: sessions and jobs are shared out per client */
    size_t max_value;   /* longest parameter value, in bytes; 0: WEB_MAX_VALUE */
    web_param params[WEB_MAX_PARAMS];
    int nparams;
    char *store; /* decoded names and values */
    int status;
    const char *allow; /* the Allow header of a 405 */
    int streams;       /* while this request holds an event stream: its slot + 1 */
    int closing;       /* the connection closes after the answer (server.c's close_after) */
    int event_loop;    /* answered on an event thread: nothing may wait (web_game_open answers WEB_LATER) */
    char error[480];
    cb_json out;
} web_req;

/*
 * Decode the parameters of query and body (either may be NULL) into r.
 * On malformed encoding, too many or repeated names, or overlong values,
 * records a 400 and returns -1.
 */
int web_req_parse(web_req *r, const char *query, const char *body);
/* Refuse (400) any parameter whose name is not in `allowed` (space-separated). */
int web_req_allow(web_req *r, const char *allowed);
void web_req_release(web_req *r);

/* Record an error answer: HTTP status and a sentence; returns -1. */
int web_req_fail(web_req *r, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The raw value of a parameter, or NULL when absent. */
const char *web_req_get(const web_req *r, const char *name);
/* A value that must be present and not empty. */
int web_req_need(web_req *r, const char *name, const char **out);
/* A whole number in [lo, hi]; def when absent. */
int web_req_int(web_req *r, const char *name, long long def, long long lo, long long hi, long long *out);
/* 1/0, true/false, on/off, yes/no; def when absent. */
int web_req_bool(web_req *r, const char *name, int def, int *out);
/* The index of the value in the NULL-ended list `choices`; def when absent. */
int web_req_choice(web_req *r, const char *name, const char *const *choices, int def, int *out);
/* An id made by web_random_id(): WEB_ID_LEN hexadecimal digits. */
int web_req_id(web_req *r, const char *name, const char **out);

#define WEB_ID_LEN 24

/* A fresh random id of WEB_ID_LEN hex digits (from the kernel's generator). */
void web_random_id(char out[WEB_ID_LEN + 1]);
/* A random seed below 2^53 (exact in JavaScript numbers). */
uint64_t web_random_seed(void);
/* Today's date on the server's clock, in UTC (a daily game after it, with a day of grace, is not out yet). */
cb_date web_today(void);

#endif
