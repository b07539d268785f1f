/*
 * server.c: the HTTP server on libmicrohttpd (event loop, epoll): request
 * checks, the static page, answers computed by the request threads
 * (pool.h); the answers' headers, hand-back and event streams are conn.c's.
 */
#include <arpa/inet.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mhd.h"
#include "job_analyse.h"
#include "api.h"
#include "assets.h"
#include "conn.h"
#include "conn_internal.h"
#include "exact.h"
#include "games.h"
#include "guard.h"
#include "intake.h"
#include "jobs.h"
#include "pool.h"
#include "server.h"
#include "sessions.h"
#include "stream.h"

#define TABLE_BUDGET (512u << 20) /* precomputed tables kept in memory */
#define MAX_KEPT_JOBS 32
#define SESSION_IDLE (2 * 3600.0)  /* a small game kept unused; larger ones less (sessions.h) */
#define SESSION_BYTES (256u << 20) /* played games in all; a client may hold a quarter */
#define SESSIONS_PER_CLIENT 64
#define WEB_MALLOC_ARENAS 4 /* glibc heaps (M_ARENA_MAX) */

/* The page's files: compiled in (assets.h), or read once at start from --web DIR; no request names a file. */

struct web_server {
    struct MHD_Daemon *daemon;
    web_api api;         /* the endpoints' context (api.h) */
    const char **assets; /* web_assets[i]'s bytes: compiled in, or read from --web DIR */
    size_t *asset_size;
    char **asset_read;  /* those read from DIR, to free */
    web_intake *intake; /* request bodies arriving */
    web_pool *pool;     /* the request threads */
    struct in_addr addr;
    int port, loopback;
    int max_connections; /* past this many open, a request is answered 503 (the guard refuses WEB_SPARE_CONNECTIONS
                            more) */
    int per_address;     /* connections of one address (MHD refuses more at accept) */
    double body_seconds; /* a body must come whole within this long of its head (WEB_BODY_MS) */
    web_guard *guard;    /* connections counted and refused at accept, heads' deadline (guard.h) */
};

void web_config_default(web_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->bind = "127.0.0.1";
    cfg->port = 8080;
    cfg->max_jobs = 3;
    cfg->exact_seconds = WEB_COACH_SECONDS;
    cfg->max_sessions = 1024;
    cfg->threads = WEB_THREADS;
    cfg->max_connections = WEB_MAX_CONNECTIONS;
    cfg->per_address = WEB_PER_ADDRESS;
    cfg->head_seconds = WEB_HEAD_SECONDS;
    cfg->body_seconds = WEB_BODY_MS / 1000.0;
}

int web_server_port(const web_server *srv)
{
    return srv->port;
}
int web_server_loopback(const web_server *srv)
{
    return srv->loopback;
}

/*
 * Make a whole answer (status, type, body, the headers of add_headers) the
 * request's: the event loop sends it (deliver). `persistent` bodies (the
 * page's files) are sent from where they are, others copied.
 */
static void send_answer_mem(web_req *r, int status, const char *type, const char *body, size_t len, const char *allow,
                            int html, int persistent)
{
    web_conn *c = r->conn;
    if (status == 408 || status == 411 || status == 413 || status == 431 || status >= 500 || !web_conn_client_keeps(r))
        web_conn_close_after(r);
    struct MHD_Response *resp = web_mhd.create_response_from_buffer(
        len, (void *)body, persistent ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return; /* out of memory: deliver() closes the connection */
    web_conn_add_headers(resp, type, allow, html, r->closing);
    if (c->resp)
        web_mhd.destroy_response(c->resp);
    c->resp = resp;
    c->status = (unsigned)status;
    c->closing = r->closing;
}

static void send_answer(web_req *r, int status, const char *type, const char *body, size_t len, const char *allow,
                        int html)
{
    send_answer_mem(r, status, type, body, len, allow, html, 0);
}

/* An error answer's body: {"error", "status"} plus any fields the handler left in r->out. */
static void error_json(web_req *r, cb_json *j)
{
    cb_json_init(j);
    cb_json_raw(j, "{");
    cb_json_key(j, "error");
    cb_json_str(j, r->error[0] ? r->error : "error");
    cb_json_printf(j, ",\"status\":%d", r->status);
    const char *extra = cb_json_text(&r->out);
    if (extra[0] == '{' && extra[1] != '}' && extra[1]) {
        cb_json_raw(j, ",");
        cb_json_raw(j, extra + 1);
    } else
        cb_json_raw(j, "}");
    cb_json_raw(j, "\n");
}

static void send_error(web_req *r)
{
    cb_json j;
    error_json(r, &j);
    send_answer(r, r->status, "application/json; charset=utf-8", cb_json_text(&j), j.len, r->allow, 0);
    cb_json_release(&j);
}

static void send_json(web_req *r)
{
    if (r->out.failed) {
        web_req_fail(r, 503, "out of memory");
        cb_json_clear(&r->out);
        send_error(r);
        return;
    }
    cb_json_raw(&r->out, "\n");
    send_answer(r, r->status, "application/json; charset=utf-8", cb_json_text(&r->out), r->out.len, NULL, 0);
}
/* 1 when the Host header names this machine (or is absent, as HTTP/1.0 allows). */
static int local_host(const char *host)
{
    char name[256];
    if (!host)
        return 1;
    if (host[0] == '[') {
        const char *end = strchr(host, ']');
        if (!end || (size_t)(end - host) >= sizeof name)
            return 0;
        snprintf(name, sizeof name, "%.*s", (int)(end - host - 1), host + 1);
    } else
        snprintf(name, sizeof name, "%.*s", (int)strcspn(host, ":"), host);
    struct in_addr a;
    if (strcasecmp(name, "localhost") == 0 || strcmp(name, "::1") == 0)
        return 1;
    return inet_pton(AF_INET, name, &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

/* 1 when `host` is a Host header's value: a name, an IPv4 address or [IPv6], then at most a port. */
static int host_syntax(const char *host)
{
    size_t n = host[0] == '[' ? strspn(host + 1, "0123456789abcdefABCDEF:.") + 1
                              : strspn(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_");
    if (n == 0 || (host[0] == '[' && host[n++] != ']'))
        return 0;
    if (host[n] == '\0')
        return 1;
    const char *port = host + n + 1;
    size_t digits = strspn(port, "0123456789");
    return host[n] == ':' && digits >= 1 && digits <= 5 && port[digits] == '\0' && atol(port) <= 65535;
}

/* What check_framing gathers from the headers. */
typedef struct framing {
    web_req *r;
    const char *host, *length, *coding;
    size_t bytes;    /* the head's size, near enough: names, values and their line's punctuation */
    const char *end; /* where the header before ends: the terminating NUL of its value */
    int failed;
} framing;

/*
 * 1 when the value that ended at `end` held a NUL byte. libmicrohttpd
 * 0.9.75 parses the head in place, writing NULs over each line's CR and
 * LF, but takes a value's length with strlen: a NUL inside a value cuts it
 * short, and nothing tells. The next line's name (`next`) then does not
 * start right after the value's line end (one NUL for LF, two for CR LF);
 * after the last header (`next` NULL), the empty line's NUL follows. A NUL
 * just before the line's LF cannot be told from a CR, nor one ending the
 * last header from the empty line: dropped with the line's end, the value
 * is what came before it.
 */
static int value_cut(const char *end, const char *next)
{
    if (!end)
        return 0;
    if (!next)
        return end[1] != '\0';
    return next != end + 1 && (next != end + 2 || end[1] != '\0');
}

static enum MHD_Result frame_header(void *cls, enum MHD_ValueKind kind, const char *name, const char *value)
{
    static const char tchar[] = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    framing *f = cls;
    (void)kind;
    f->bytes += strlen(name) + (value ? strlen(value) : 0) + 4;
    /*
     * A folded line (obs-fold: a line starting with a space or a tab). libmicrohttpd 0.9.75 parses
     * the head in place, each value after its name in the read buffer, but appends a folded line
     * to the name (process_broken_line, connection.c), which it copies past the read buffer first:
     * only an unfolded header has its value before the end of its name. (Later versions that
     * replace the fold by spaces in place, as RFC 9112 section 5.2 allows, pass this check.)
     */
    if (value && (uintptr_t)value < (uintptr_t)name + strlen(name) + 1) {
        f->failed = web_req_fail(f->r, 400,
                                 "a header line is folded (obs-fold: a line starting with a space or a tab "
                                 "continues the one before it; RFC 9112 section 5.2)");
        return MHD_NO;
    }
    if (value_cut(f->end, name)) {
        f->failed = web_req_fail(f->r, 400, "a header value holds a NUL byte (RFC 9110 section 5.5)");
        return MHD_NO;
    }
    /* whitespace before the colon (or a folded first line) leaves a name that is not a token */
    if (!name[0] || strspn(name, tchar) != strlen(name)) {
        f->failed = web_req_fail(
            f->r, 400, "header name '%.40s' is not a token (no space before the colon, no folded lines)", name);
        return MHD_NO;
    }
    if (value && strpbrk(value, "\r\n")) {
        f->failed = web_req_fail(f->r, 400, "the %.40s header is folded over lines", name);
        return MHD_NO;
    }
    const char **seen = strcasecmp(name, "Host") == 0                ? &f->host
                        : strcasecmp(name, "Content-Length") == 0    ? &f->length
                        : strcasecmp(name, "Transfer-Encoding") == 0 ? &f->coding
                                                                     : NULL;
    if (seen && *seen) {
        f->failed = web_req_fail(f->r, 400, "the %s header is given twice", name);
        return MHD_NO;
    }
    if (seen)
        *seen = value ? value : "";
    f->end = value ? value + strlen(value) : NULL;
    return MHD_YES;
}

/*
 * Refuse what could frame a request two ways (RFC 9112, sections 3.2 and
 * 6.3): Host or Content-Length given twice, Content-Length with
 * Transfer-Encoding, a Content-Length that is not a number, a Host that
 * is not a host and a port, none in HTTP/1.1 (section 3.2), a header name
 * that is not a token (whitespace before the colon, section 5.1) and a
 * folded line (obs-fold, section 5.2); and a head past WEB_MAX_HEAD. The
 * caller closes the connection: where such a request ends is not known.
 */
static int check_framing(web_req *r)
{
    framing f = {r, NULL, NULL, NULL, strlen(r->conn->uri) + strlen(r->method) + 12, NULL, 0};
    web_mhd.get_connection_values(r->conn->mc, MHD_HEADER_KIND, frame_header, &f);
    if (f.failed)
        return -1;
    if (value_cut(f.end, NULL))
        return web_req_fail(r, 400, "a header value holds a NUL byte (RFC 9110 section 5.5)");
    if (f.bytes > WEB_MAX_HEAD)
        return web_req_fail(r, 431, "the request head is too large (about %zu bytes; at most %d)", f.bytes,
                            WEB_MAX_HEAD);
    if (f.length && f.coding)
        return web_req_fail(r, 400, "a request has a Content-Length or a Transfer-Encoding, not both");
    if (f.length && (!*f.length || strspn(f.length, "0123456789") != strlen(f.length)))
        return web_req_fail(r, 400, "Content-Length: '%.20s' is not a number of bytes", f.length);
    if (!f.host && strcmp(r->conn->version, "HTTP/1.0") != 0)
        return web_req_fail(r, 400, "an HTTP/1.1 request names its Host");
    if (f.host && !host_syntax(f.host))
        return web_req_fail(r, 400, "Host: '%.60s' is not a host name or address and a port", f.host);
    return 0;
}

/* Refuse requests that a page of another site could make through the browser. */
static int check_origin(web_server *srv, web_req *r)
{
    const char *host = web_conn_header(r, "Host");
    if (srv->loopback && !local_host(host))
        return web_req_fail(r, 403, "this server answers requests for localhost only (Host: %.60s)", host);
    /* Browsers say where a request comes from: the API answers this page only, any method. */
    const char *site = web_conn_header(r, "Sec-Fetch-Site");
    if (site && strncmp(r->path, "/api", 4) == 0 && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0)
        return web_req_fail(r, 403, "cross-site requests are refused (Sec-Fetch-Site: %.20s)", site);
    const char *origin = web_conn_header(r, "Origin");
    if (!origin || strcmp(r->method, "POST") != 0)
        return 0;
    const char *sep = strstr(origin, "://");
    if (!host || !sep || strcmp(sep + 3, host) != 0)
        return web_req_fail(r, 403, "cross-origin requests are refused (Origin: %.60s)", origin);
    return 0;
}

/* How long a body of `want` bytes may take: --body-seconds, and for one past 16 KiB (an upload) a bit more. */
static double body_ms(const web_server *srv, size_t want)
{
    return srv->body_seconds * 1000.0 + (want > 16384 ? (double)(want - 16384) / WEB_BODY_RATE : 0);
}

/* The Content-Length of the request (checked by check_framing: digits), 0 when none. */
static unsigned long long content_length(web_req *r)
{
    const char *v = web_conn_header(r, "Content-Length");
    return v ? strtoull(v, NULL, 10) : 0;
}

/* 1 when the request carries a body: a Content-Length above 0, or a Transfer-Encoding. */
static int has_body(web_req *r)
{
    return content_length(r) > 0 || web_conn_header(r, "Transfer-Encoding");
}

/* 1 for the API's paths (serve_api), 0 for the page's files (serve_asset). */
static int api_path(const char *path)
{
    return strncmp(path, "/api/", 5) == 0 || strcmp(path, "/api") == 0;
}

/*
 * Before the body: a POST to the API that will read its body, refused when
 * chunked (411) or too long (413). 1: a body is to be read; 0: none; -1:
 * refused (r's error set).
 */
static int body_expected(web_req *r)
{
    if (web_conn_header(r, "Transfer-Encoding")) /* chunk-size lines would escape WEB_BODY_MS */
        return web_req_fail(r, 411, "send the body with a Content-Length: chunked bodies are not taken");
    unsigned long long want = content_length(r);
    size_t max = web_api_max_body(r->path);
    if (want > max)
        return web_req_fail(r, 413, "the request body is too large (%llu bytes; at most %zu)", want, max);
    return want > 0;
}

/* The body that came whole: form-encoded, no NUL byte. 0, or -1 with r's error set. */
static int check_body(web_req *r, const char *body, size_t len)
{
    const char *type = web_conn_header(r, "Content-Type");
    if (len && (!type || strncasecmp(type, "application/x-www-form-urlencoded", 33) != 0))
        return web_req_fail(r, 415, "send parameters form-encoded (application/x-www-form-urlencoded), not as %.60s",
                            type ? type : "an untyped body");
    if (strlen(body) != len)
        return web_req_fail(r, 400, "the request body holds a NUL byte");
    return 0;
}

/* ---- requests ---- */

/* A request's view for the handlers, its strings pointing into c (valid while the request is the thread's). */
static void init_req(web_server *srv, web_conn *c, web_req *r)
{
    memset(r, 0, sizeof *r);
    r->conn = c;
    r->api = &srv->api;
    r->method = c->method;
    r->client = c->client;
    r->path = c->uri;
    r->status = 200;
    r->closing = c->closing;
    cb_json_init(&r->out);
}

/*
 * Answer an API request (into its connection's c->resp); WEB_LATER, with
 * nothing answered, when on an event thread (r->event_loop) it would wait.
 */
static int serve_api(web_server *srv, web_req *r, const char *query, const char *body, size_t len)
{
    int rc = 0;
    if (strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0 && strcmp(r->method, "POST") != 0) {
        r->allow = "GET, HEAD, POST";
        rc = web_req_fail(r, 405, "method %.20s is not allowed here", r->method);
    }
    r->max_value = web_api_max_value(r->path);
    if (rc == 0 && body && (rc = check_body(r, body, len)) < 0)
        web_conn_close_after(r); /* as a body refused before it came */
    if (rc == 0)
        rc = web_req_parse(r, query, body);
    if (rc == 0 && atomic_load(&srv->api.stopping))
        rc = web_req_fail(r, 503, "the server is stopping");
    if (rc == 0)
        rc = web_api_handle(r);
    if (rc == WEB_ANSWERED || rc == WEB_LATER)
        return rc;
    if (rc == 0 && atomic_load(&srv->api.stopping)) /* its work may have been cut short by the stop flag */
        rc = web_req_fail(r, 503, "the server is stopping");
    if (rc < 0)
        send_error(r);
    else
        send_json(r);
    return 0;
}

static void serve_asset(web_server *srv, web_req *r)
{
    const char *path = strcmp(r->path, "/index.html") == 0 ? "/" : r->path;
    for (size_t i = 0; i < web_asset_count; i++)
        if (strcmp(path, web_assets[i].url) == 0 && srv->assets[i]) {
            if (strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0) {
                r->allow = "GET, HEAD";
                web_req_fail(r, 405, "method %.20s is not allowed here", r->method);
                send_error(r);
                return;
            }
            send_answer_mem(r, 200, web_assets[i].type, srv->assets[i], srv->asset_size[i], NULL,
                            strcmp(path, "/") == 0, 1);
            return;
        }
    web_req_fail(r, 404, "not found: %.60s", r->path);
    send_error(r);
}

/* A request thread computes the answer of an API request (pool.h), then hands it to the event loop. */
static void run_request(void *item)
{
    web_conn *c = item;
    web_server *srv = c->srv;
    /* copies: once an event stream starts, the event loop may end the request (and free c) at any time */
    char method[16], client[sizeof c->client];
    snprintf(method, sizeof method, "%s", c->method);
    snprintf(client, sizeof client, "%s", c->client);
    web_guard_conn *costly = c->costly ? c->guard : NULL; /* a costly request is never a stream */
    char *path = strdup(c->uri);
    const char *q = c->uri + strlen(c->uri) + 1;
    char *query = *q ? strdup(q) : NULL;
    web_req r;
    init_req(srv, c, &r);
    r.method = method;
    r.client = client;
    if (!path || (*q && !query)) {
        web_req_fail(&r, 503, "out of memory");
        send_error(&r);
    } else {
        r.path = path;
        serve_api(srv, &r, query, c->body, c->len);
    }
    if (costly)
        web_guard_costly(srv->guard, costly, -1);
    if (r.streams)
        web_stream_close(&r);
    if (r.conn) /* not a stream: the answer is in c->resp */
        web_conn_hand_back(c);
    web_req_release(&r);
    free(path);
    free(query);
}

/*
 * Whether the connection may stay open for another request after this
 * answer (the client's wish aside): not while the server stops, and not
 * while its address holds more than three quarters of its connections
 * (then every answer closes its own).
 */
static int may_keep_alive(web_server *srv, web_conn *c)
{
    if (atomic_load(&srv->api.stopping))
        return 0;
    return web_guard_address_open(srv->guard, c->guard) <= srv->per_address - srv->per_address / 4;
}

/* Hand the answer in c->resp to MHD (in the access handler only); no answer: close. */
static enum MHD_Result deliver(web_conn *c)
{
    c->phase = PHASE_DONE;
    if (!c->resp)
        return MHD_NO;
    enum MHD_Result rc = web_mhd.queue_response(c->mc, c->status, c->resp);
    web_mhd.destroy_response(c->resp);
    c->resp = NULL;
    return rc;
}

/*
 * Refuse a request whose body is arriving: MHD takes an answer only
 * before the body or after it, so the answer is written to the socket
 * here (a few hundred bytes: the socket's buffer takes them), and the
 * connection is closed (MHD_NO).
 */
static enum MHD_Result refuse_body(web_conn *c, web_req *r)
{
    cb_json j;
    error_json(r, &j);
    char head[256];
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
                     r->status,
                     r->status == 408   ? "Request Timeout"
                     : r->status == 503 ? "Service Unavailable"
                                        : "Bad Request",
                     j.len);
    const union MHD_ConnectionInfo *ci = web_mhd.get_connection_info(c->mc, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (ci && n > 0 && (size_t)n < sizeof head && !j.failed) {
        struct iovec v[2] = {{head, (size_t)n}, {(void *)cb_json_text(&j), j.len}};
        struct msghdr m = {.msg_iov = v, .msg_iovlen = 2};
        (void)!sendmsg(ci->connect_fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
        shutdown(ci->connect_fd, SHUT_WR);
    }
    cb_json_release(&j);
    web_req_release(r);
    c->phase = PHASE_DONE;
    return MHD_NO;
}

/* The head has come: check it, answer what needs no request thread, and get ready for the body. */
static enum MHD_Result on_head(web_server *srv, web_conn *c)
{
    web_req r;
    init_req(srv, c, &r);
    if (!may_keep_alive(srv, c))
        web_conn_close_after(&r);
    int rc = 0;
    if (web_guard_open(srv->guard) > srv->max_connections) {
        web_conn_close_after(&r);
        rc = web_req_fail(&r, 503, "the server holds as many connections as it can (%d): try again soon",
                          srv->max_connections);
    } else if (check_framing(&r) < 0) {
        web_conn_close_after(&r); /* where the request ends is not known: what follows must not be read as one */
        rc = -1;
    } else if (check_origin(srv, &r) < 0) {
        if (has_body(&r))
            web_conn_close_after(&r); /* its body is not read */
        rc = -1;
    } else if (strcmp(r.method, "POST") == 0 && api_path(r.path)) {
        int body = body_expected(&r);
        if (body < 0) {
            web_conn_close_after(&r);
            rc = -1;
        } else if (body > 0) {
            c->want = (size_t)content_length(&r);
            c->cap = c->want + 1 < 4096 ? c->want + 1 : 4096; /* grown as bytes come: a slow body costs what came */
            c->body = malloc(c->cap);
            if (!c->body) {
                web_conn_close_after(&r);
                rc = web_req_fail(&r, 503, "out of memory");
            } else
                c->slot = web_intake_enter(srv->intake, c->t0 = cb_seconds());
        }
    } else if (has_body(&r)) { /* a body no one reads: taken and dropped, then the connection closes */
        web_conn_close_after(&r);
        if (web_conn_header(&r, "Transfer-Encoding") || content_length(&r) > WEB_MAX_BODY)
            rc = web_req_fail(&r, 413, "this request takes no body (this one has %llu bytes)", content_length(&r));
        c->t0 = cb_seconds();
    }
    c->closing = r.closing;
    if (rc < 0) {
        send_error(&r);
        web_req_release(&r);
        return deliver(c);
    }
    web_req_release(&r);
    c->phase = PHASE_BODY;
    return MHD_YES;
}

/* Bytes of the body: kept (a POST to the API) or dropped; refused when too slow or shed. */
static enum MHD_Result on_body(web_server *srv, web_conn *c, const char *data, size_t n)
{
    if (c->body) {
        if (n > c->want - c->len) /* cannot be: MHD reads no more than the Content-Length */
            n = c->want - c->len;
        if (c->len + n + 1 > c->cap) {
            size_t cap = c->cap;
            while (cap < c->len + n + 1)
                cap *= 2;
            cap = cap < c->want + 1 ? cap : c->want + 1;
            char *bigger = realloc(c->body, cap);
            if (!bigger) {
                web_req r;
                init_req(srv, c, &r);
                web_req_fail(&r, 503, "out of memory");
                return refuse_body(c, &r);
            }
            c->body = bigger;
            c->cap = cap;
        }
        memcpy(c->body + c->len, data, n);
    }
    c->len += n;
    int shed = c->body && c->len < c->want && web_intake_shed(srv->intake, c->slot);
    int late = c->len < c->want && cb_seconds() - c->t0 > body_ms(srv, c->want) / 1000.0;
    if (!shed && !late)
        return MHD_YES;
    web_req r;
    init_req(srv, c, &r);
    if (shed)
        web_req_fail(&r, 503,
                     "the server is busy: it shed this request, whose body came slowest (%zu of %zu bytes came)",
                     c->len, c->want);
    else
        web_req_fail(&r, 408, "the request body did not arrive within %.0f ms (%zu of %zu bytes came)",
                     body_ms(srv, c->want), c->len, c->want);
    return refuse_body(c, &r);
}

/*
 * The API's requests an event thread answers itself: a GET or HEAD without
 * a body of an endpoint whose work is a few microseconds once its game is
 * built (game facts, one feedback). The answer is made on the event thread
 * only when nothing waits (the game in the cache, the cache's lock free:
 * web_game_open's WEB_LATER); otherwise a request thread makes it.
 */
static int event_loop_api(const web_conn *c)
{
    return (strcmp(c->method, "GET") == 0 || strcmp(c->method, "HEAD") == 0) && !c->body && !c->want &&
           (strcmp(c->uri, "/api/feedback") == 0 || strcmp(c->uri, "/api/info") == 0);
}

/* The request has come whole: page files and event_loop_api's are answered here, others go to a request thread. */
static enum MHD_Result on_whole(web_server *srv, web_conn *c)
{
    web_intake_leave(srv->intake, c->slot);
    c->slot = -1;
    if (c->body)
        c->body[c->len] = '\0';
    if (!api_path(c->uri)) {
        web_req r;
        init_req(srv, c, &r);
        serve_asset(srv, &r);
        web_req_release(&r);
        return deliver(c);
    }
    if (event_loop_api(c)) { /* answered here unless that would wait: two thread wake-ups saved */
        web_req r;
        init_req(srv, c, &r);
        r.event_loop = 1;
        const char *q = c->uri + strlen(c->uri) + 1;
        int rc = serve_api(srv, &r, *q ? q : NULL, NULL, 0);
        web_req_release(&r);
        if (rc != WEB_LATER)
            return deliver(c);
        if (c->resp) { /* cannot be: WEB_LATER answers nothing */
            web_mhd.destroy_response(c->resp);
            c->resp = NULL;
        }
    }
    /*
     * To a request thread, at MHD's next call (to_thread). Suspended in this call, the connection
     * would keep waiting for the bytes of its head (MHD updates what a connection waits for only
     * while it is not suspended), and once resumed MHD would read before it answers: a client
     * that has shut down its sending side after its request (allowed: it still reads) would be
     * taken as gone and its answer dropped. Left without an answer, the connection waits for
     * nothing, and MHD calls again at once.
     */
    c->phase = PHASE_READY;
    return MHD_YES;
}

/* An API request goes to a request thread (pool.h), its connection suspended until the answer is made. */
static enum MHD_Result to_thread(web_server *srv, web_conn *c)
{
    if (web_api_costly(c->uri) && web_guard_costly(srv->guard, c->guard, 1) < 0) {
        web_req r;
        init_req(srv, c, &r);
        web_req_fail(&r, 429,
                     "this address has %d computing requests in flight already (at most %d): try again when one "
                     "is answered",
                     WEB_COSTLY_PER_ADDRESS, WEB_COSTLY_PER_ADDRESS);
        send_error(&r);
        if (c->resp)
            web_mhd.add_response_header(c->resp, "Retry-After", "1");
        web_req_release(&r);
        return deliver(c);
    }
    c->costly = web_api_costly(c->uri);
    c->phase = PHASE_WORK;
    web_mhd.suspend_connection(c->mc);
    int rc = web_pool_add(srv->pool, c->client, c, c->costly);
    if (rc < 0) {
        web_req r;
        init_req(srv, c, &r);
        web_conn_close_after(&r);
        web_req_fail(&r, 503,
                     rc == -2 ? "the server is stopping"
                              : "the server is busy: too many requests wait for a thread (at most %d); try again soon",
                     WEB_MAX_WAITING);
        send_error(&r);
        web_req_release(&r);
        web_conn_hand_back(c);
    }
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *mc, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    web_server *srv = cls;
    web_conn *c = *req_cls;
    (void)url;
    if (!c) /* cannot be: uri_seen made it */
        return MHD_NO;
    if (c->phase == PHASE_HEAD) {
        c->mc = mc;
        c->method = method;
        c->version = version;
        c->guard = web_guard_conn_of(mc);
        web_guard_head(srv->guard, c->guard, 1); /* the head came whole in time: its deadline is off */
        return on_head(srv, c);
    }
    if (c->phase == PHASE_BODY && *upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        return on_body(srv, c, upload_data, n);
    }
    if (c->phase == PHASE_BODY)
        return on_whole(srv, c);
    if (c->phase == PHASE_READY)
        return to_thread(srv, c);
    if (*upload_data_size) { /* a body after an early answer: dropped */
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (c->phase == PHASE_WORK) /* resumed: the answer a request thread made (none: out of memory), or the pool's 503 */
        return deliver(c);
    return MHD_YES;
}

/* A request line has come: its request starts (MHD keeps c as the request's context). */
static void *uri_seen(void *cls, const char *uri, struct MHD_Connection *mc)
{
    web_conn *c = calloc(1, sizeof *c);
    size_t n = strlen(uri);
    if (!c || !(c->uri = malloc(n + 2))) {
        free(c);
        return NULL;
    }
    c->srv = cls;
    c->mc = mc;
    c->slot = -1;
    memcpy(c->uri, uri, n + 1);
    c->uri[n + 1] = '\0';
    char *q = strchr(c->uri, '?');
    if (q) /* "path\0query\0" */
        *q = '\0';
    const union MHD_ConnectionInfo *ci = web_mhd.get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr, c->client,
                  sizeof c->client);
    return c;
}

static void request_done(void *cls, struct MHD_Connection *mc, void **req_cls, enum MHD_RequestTerminationCode why)
{
    web_server *srv = cls;
    web_conn *c = *req_cls;
    (void)mc;
    (void)why;
    if (!c)
        return;
    web_guard_head(srv->guard, c->guard, 0); /* the next request's head has its deadline from now */
    web_intake_leave(srv->intake, c->slot);
    if (c->resp)
        web_mhd.destroy_response(c->resp);
    free(c->body);
    free(c->uri);
    free(c);
    *req_cls = NULL;
}

/* The page's files: those compiled in, or those of the folder root when it is not NULL. */
static int load_assets(web_server *srv, const char *root, cb_error *err)
{
    srv->assets = calloc(web_asset_count, sizeof *srv->assets);
    srv->asset_size = calloc(web_asset_count, sizeof *srv->asset_size);
    srv->asset_read = calloc(web_asset_count, sizeof *srv->asset_read);
    if (!srv->assets || !srv->asset_size || !srv->asset_read)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    for (size_t i = 0; i < web_asset_count; i++) {
        if (!root) {
            srv->assets[i] = web_assets[i].data;
            srv->asset_size[i] = web_assets[i].size;
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root, web_assets[i].file);
        FILE *f = fopen(path, "rb");
        if (!f) {
            if (strncmp(web_assets[i].file, "vendor/", 7) != 0) /* uPlot's files may be missing: no charts */
                return cb_error_set(err, CB_EIO, "--web: the page's file %s is missing", path);
            continue;
        }
        size_t cap = 1 << 16, len = 0, got;
        char *buf = malloc(cap);
        while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
            len += got;
            if (len == cap) {
                char *bigger = realloc(buf, cap *= 2);
                if (!bigger)
                    free(buf);
                buf = bigger;
            }
        }
        fclose(f);
        if (!buf)
            return cb_error_set(err, CB_ENOMEM, "out of memory reading %s", path);
        srv->assets[i] = srv->asset_read[i] = buf;
        srv->asset_size[i] = len;
    }
    return CB_OK;
}

static void free_server(web_server *srv)
{
    web_intake_free(srv->intake);
    web_sessions_free(srv->api.sessions);
    web_jobs_free(srv->api.jobs);
    web_games_free(srv->api.games);
    for (size_t i = 0; srv->asset_read && i < web_asset_count; i++)
        free(srv->asset_read[i]);
    free(srv->asset_read);
    free(srv->assets);
    free(srv->asset_size);
    web_guard_free(srv->guard);
    pthread_mutex_destroy(&srv->api.stream_lock);
    free(srv);
}

/* Open files enough for the connections: the soft limit raised toward the hard one (1024 is a common default). */
static int raise_file_limit(int want)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 1024;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)want) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)want ? (rlim_t)want : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (rlim_t)want ? want : (int)rl.rlim_cur;
}

/* Costly requests running at once: one a core (the library's own threads aside), two at least. */
static int costly_running(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 2 ? (int)(cores < 64 ? cores : 64) : 2;
}

int web_server_start(const web_config *cfg, web_server **out, cb_error *err)
{
    struct in_addr addr;
    *out = NULL;
    if (inet_pton(AF_INET, cfg->bind, &addr) != 1)
        return cb_error_set(err, CB_EINVAL, "--bind: '%s' is not an IPv4 address such as 127.0.0.1", cfg->bind);
    int lrc = web_mhd_load(err); /* before any thread of the server */
    if (lrc != CB_OK)
        return lrc;
#ifdef __GLIBC__
    /*
     * glibc gives each thread that allocates its own heap, up to 8 per core, and keeps what is
     * freed in each: 64 request threads would hold on to tens of MiB after a burst. A few heaps
     * suffice for a server whose heavy work is in jobs.
     */
    mallopt(M_ARENA_MAX, WEB_MALLOC_ARENAS);
#endif
    web_server *srv = calloc(1, sizeof *srv);
    if (!srv)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    srv->addr = addr;
    pthread_mutex_init(&srv->api.stream_lock, NULL);
    srv->loopback = (ntohl(addr.s_addr) >> 24) == 127;
    srv->api.max_jobs = cfg->max_jobs;
    srv->api.exact_seconds = cfg->exact_seconds;
    srv->per_address = cfg->per_address;
    srv->body_seconds = cfg->body_seconds;
    /* each connection is a file; files beyond them: the program's own, the jobs', the listening socket */
    int files = raise_file_limit(cfg->max_connections + WEB_SPARE_CONNECTIONS + 64);
    srv->max_connections = cfg->max_connections;
    if (files < cfg->max_connections + WEB_SPARE_CONNECTIONS + 64)
        srv->max_connections = files - WEB_SPARE_CONNECTIONS - 64 > 16 ? files - WEB_SPARE_CONNECTIONS - 64 : 16;
    web_session_limits lim = {cfg->max_sessions, SESSIONS_PER_CLIENT, SESSION_BYTES, SESSION_BYTES / 4, SESSION_IDLE};
    web_guard_limits guard = {srv->max_connections, WEB_SPARE_CONNECTIONS,  srv->max_connections / WEB_RESERVE_SHARE,
                              WEB_FEW_CONNECTIONS,  WEB_COSTLY_PER_ADDRESS, cfg->head_seconds};
    int rc = load_assets(srv, cfg->root, err);
    if (rc == CB_OK &&
        (web_games_new(TABLE_BUDGET, &srv->api.games) != CB_OK ||
         web_jobs_new(cfg->max_jobs, MAX_KEPT_JOBS, &srv->api.jobs) != CB_OK ||
         web_sessions_new(srv->api.games, &lim, &srv->api.sessions) != CB_OK ||
         web_intake_new(srv->max_connections + WEB_SPARE_CONNECTIONS, WEB_MAX_ARRIVING, &srv->intake) < 0 ||
         web_pool_new(cfg->threads, cfg->threads / WEB_ADDRESS_SHARE, costly_running(), WEB_MAX_WAITING, run_request,
                      &srv->pool) < 0 ||
         web_guard_new(&guard, &srv->guard) < 0))
        rc = cb_error_set(err, CB_ENOMEM, "out of memory, or no threads");
    if (rc != CB_OK) {
        web_pool_free(srv->pool);
        free_server(srv);
        return rc;
    }
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)cfg->port);
    sa.sin_addr = addr;
    srv->daemon = web_mhd.start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)cfg->port, web_guard_accept, srv->guard,
        on_request, srv, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_THREAD_POOL_SIZE,
        (unsigned)WEB_EVENT_THREADS, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)(srv->max_connections + WEB_SPARE_CONNECTIONS + WEB_GUARD_SLACK), MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned)cfg->per_address, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)WEB_IDLE_SECONDS,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)WEB_CONNECTION_MEMORY, MHD_OPTION_LISTEN_BACKLOG_SIZE,
        (unsigned)1024, MHD_OPTION_URI_LOG_CALLBACK, uri_seen, srv, MHD_OPTION_NOTIFY_COMPLETED, request_done, srv,
        MHD_OPTION_NOTIFY_CONNECTION, web_guard_connection, srv->guard, MHD_OPTION_END);
    if (!srv->daemon) {
        web_pool_free(srv->pool);
        free_server(srv);
        return cb_error_set(err, CB_EIO, "cannot listen on %s:%d (in use, or not an address of this machine)",
                            cfg->bind, cfg->port);
    }
    const union MHD_DaemonInfo *di = web_mhd.get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = di && di->port ? di->port : cfg->port;
    *out = srv;
    return CB_OK;
}

void web_server_stop(web_server *srv)
{
    if (!srv)
        return;
    atomic_store(&srv->api.stopping, 1);
    __atomic_store_n(&srv->api.stop_flag, 1, __ATOMIC_RELAXED); /* requests computing stop within a block */
    web_jobs_cancel(srv->api.jobs); /* the jobs stop within a block of work; the event streams wake, and end */
    for (int i = 0; i < 100 && atomic_load(&srv->api.streams) > 0; i++) {
        struct timespec ts = {0, 10000000L};
        nanosleep(&ts, NULL);
    }
    /*
     * The requests waiting run (503: stopping) and hand their answers back: no connection stays
     * suspended. No request thread exits before every request has ended, nor a job's thread before
     * (web_jobs_stop, after): with LLVM's libomp (the ThreadSanitizer build) a thread that has run
     * OpenMP and exits while another is inside an OpenMP region crashed that one (issue 57: SEGV in
     * __kmpc_end_critical, cbt_columns, in 5 of 25 stops during an exact review; web_stop).
     */
    web_pool_stop(srv->pool);
    web_jobs_stop(srv->api.jobs);
    web_mhd.stop_daemon(srv->daemon); /* closes every connection at once */
    web_pool_free(srv->pool);
    free_server(srv);
}
