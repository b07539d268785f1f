/* server.c: civetweb set-up, request checks, the static page, answers and event streams. */
#include <arpa/inet.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <civetweb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "job_analyse.h"
#include "api.h"
#include "assets.h"
#include "exact.h"
#include "games.h"
#include "intake.h"
#include "jobs.h"
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

static const char page_policy[] = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                  "frame-ancestors 'none'";

struct web_server {
    struct mg_context *ctx;
    web_api api;         /* the endpoints' context (api.h) */
    const char **assets; /* web_assets[i]'s bytes: compiled in, or read from --web DIR */
    size_t *asset_size;
    char **asset_read;  /* those read from DIR, to free */
    web_intake *intake; /* request bodies arriving */
    struct in_addr addr;
    int port, loopback;
    int keep_alive_max; /* connections held by request threads up to which an answer may keep its own */
    atomic_int held;    /* connections held by request threads now, idle kept-alive ones included */
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
}

int web_server_port(const web_server *srv)
{
    return srv->port;
}
int web_server_loopback(const web_server *srv)
{
    return srv->loopback;
}

/* 1 when the client would keep the connection: civetweb's rule (Connection: keep-alive, else HTTP/1.1). */
static int client_keeps(struct mg_connection *conn)
{
    const char *c = mg_get_header(conn, "Connection");
    if (!c)
        return strcmp(mg_get_request_info(conn)->http_version, "1.1") == 0;
    while (*c) {
        c += strspn(c, " \t,");
        size_t n = strcspn(c, ",");
        size_t t = n;
        while (t > 0 && (c[t - 1] == ' ' || c[t - 1] == '\t'))
            t--;
        if (t == 10 && strncasecmp(c, "keep-alive", 10) == 0)
            return 1;
        c += n;
    }
    return 0;
}

/* Close the connection after the answer: tell civetweb, and send_answer's head. */
static void close_after(web_req *r)
{
    r->closing = 1;
    mg_disable_connection_keep_alive(r->conn);
}

/*
 * Send a whole answer: status, type, body (not for HEAD), and the headers every answer carries.
 * The head is written at once, with the body when it is small: civetweb's mg_response_header_*
 * write each line apart, a TCP segment each (tcp_nodelay).
 */
static void send_answer(web_req *r, int status, const char *type, const char *body, size_t len, const char *allow,
                        int html)
{
    struct mg_connection *conn = r->conn;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (status == 408 || status == 411 || status == 413 || status >= 500 || !client_keeps(conn))
        close_after(r);
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime_r(&now, &tm));
    char buf[8192];
    int n = snprintf(buf, sizeof buf,
                     "HTTP/%s %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
                     "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n%s%s%s%s%s%sDate: %s\r\n"
                     "Connection: %s\r\n\r\n",
                     ri->http_version ? ri->http_version : "1.0", status, mg_get_response_code_text(conn, status), type,
                     len, html ? "Content-Security-Policy: " : "", html ? page_policy : "",
                     html ? "\r\nX-Frame-Options: DENY\r\n" : "", allow ? "Allow: " : "", allow ? allow : "",
                     allow ? "\r\n" : "", date, r->closing ? "close" : "keep-alive");
    if (n < 0 || (size_t)n >= sizeof buf) { /* cannot be: the head's parts are ours, and short */
        close_after(r);
        return;
    }
    int head = strcmp(ri->request_method, "HEAD") == 0;
    if (!head && (size_t)n + len <= sizeof buf) {
        memcpy(buf + n, body, len);
        mg_write(conn, buf, (size_t)n + len);
    } else {
        mg_write(conn, buf, (size_t)n);
        if (!head)
            mg_write(conn, body, len);
    }
}

/* An error answer: {"error", "status"} plus any fields the handler left in r->out. */
static void send_error(web_req *r)
{
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_key(&j, "error");
    cb_json_str(&j, r->error[0] ? r->error : "error");
    cb_json_printf(&j, ",\"status\":%d", r->status);
    const char *extra = cb_json_text(&r->out);
    if (extra[0] == '{' && extra[1] != '}' && extra[1]) {
        cb_json_raw(&j, ",");
        cb_json_raw(&j, extra + 1);
    } else
        cb_json_raw(&j, "}");
    cb_json_raw(&j, "\n");
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

/*
 * Refuse what could frame a request two ways (RFC 9112, sections 3.2 and
 * 6.3): Host or Content-Length given twice, Content-Length with
 * Transfer-Encoding, a Content-Length that is not a number, a Host that
 * is not a host and a port, none in HTTP/1.1 (section 3.2), a header name
 * that is not a token (whitespace before the colon, section 5.1) and a
 * folded line (obs-fold, section 5.2). The caller closes the connection:
 * where such a request ends is not known.
 */
static int check_framing(web_req *r)
{
    static const char tchar[] = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const struct mg_request_info *ri = mg_get_request_info(r->conn);
    const char *host = NULL, *length = NULL, *coding = NULL;
    for (int i = 0; i < ri->num_headers; i++) {
        const char *name = ri->http_headers[i].name, *value = ri->http_headers[i].value;
        /* whitespace before the colon, or a folded line (obs-fold), leaves a name that is not a token */
        if (!name[0] || strspn(name, tchar) != strlen(name))
            return web_req_fail(
                r, 400, "header name '%.40s' is not a token (no space before the colon, no folded lines)", name);
        if (value && strpbrk(value, "\r\n"))
            return web_req_fail(r, 400, "the %.40s header is folded over lines", name);
        const char **seen = strcasecmp(name, "Host") == 0                ? &host
                            : strcasecmp(name, "Content-Length") == 0    ? &length
                            : strcasecmp(name, "Transfer-Encoding") == 0 ? &coding
                                                                         : NULL;
        if (seen && *seen)
            return web_req_fail(r, 400, "the %s header is given twice", name);
        if (seen)
            *seen = value ? value : "";
    }
    if (length && coding)
        return web_req_fail(r, 400, "a request has a Content-Length or a Transfer-Encoding, not both");
    if (length && (!*length || strspn(length, "0123456789") != strlen(length)))
        return web_req_fail(r, 400, "Content-Length: '%.20s' is not a number of bytes", length);
    if (!host && ri->http_version && strcmp(ri->http_version, "1.0") != 0)
        return web_req_fail(r, 400, "an HTTP/1.1 request names its Host");
    if (host && !host_syntax(host))
        return web_req_fail(r, 400, "Host: '%.60s' is not a host name or address and a port", host);
    return 0;
}

/* Refuse requests that a page of another site could make through the browser. */
static int check_origin(web_server *srv, web_req *r)
{
    const char *host = mg_get_header(r->conn, "Host");
    if (srv->loopback && !local_host(host))
        return web_req_fail(r, 403, "this server answers requests for localhost only (Host: %.60s)", host);
    /* Browsers say where a request comes from: the API answers this page only, any method. */
    const char *site = mg_get_header(r->conn, "Sec-Fetch-Site");
    if (site && strncmp(r->path, "/api", 4) == 0 && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0)
        return web_req_fail(r, 403, "cross-site requests are refused (Sec-Fetch-Site: %.20s)", site);
    const char *origin = mg_get_header(r->conn, "Origin");
    if (!origin || strcmp(r->method, "POST") != 0)
        return 0;
    const char *sep = strstr(origin, "://");
    if (!host || !sep || strcmp(sep + 3, host) != 0)
        return web_req_fail(r, 403, "cross-origin requests are refused (Origin: %.60s)", origin);
    return 0;
}

/* How long a body of `want` bytes may take: WEB_BODY_MS, and for one past 16 KiB (an upload) a bit more. */
static double body_ms(size_t want)
{
    return WEB_BODY_MS + (want > 16384 ? (double)(want - 16384) / WEB_BODY_RATE : 0);
}

/*
 * Read the body's `want` bytes into buf, a byte at a time (a longer read of
 * civetweb's waits until it is full, however slowly the bytes come), until
 * the body has come, the client stops (a read times out), WEB_BODY_MS
 * have passed or the intake sheds it. Returns the bytes read; *why is 0
 * or the status of the answer (400, 408, 503).
 */
static size_t read_bytes(web_server *srv, web_req *r, char *buf, size_t want, int *why)
{
    double t0 = cb_seconds(), limit = body_ms(want) / 1000.0;
    int slot = web_intake_enter(srv->intake, t0);
    size_t len = 0;
    *why = 0;
    while (len < want && !*why) {
        if (mg_read(r->conn, buf + len, 1) != 1)
            *why = 400;
        else if (++len < want && web_intake_shed(srv->intake, slot))
            *why = 503;
        else if (len < want && cb_seconds() - t0 > limit)
            *why = 408;
    }
    web_intake_leave(srv->intake, slot);
    return len;
}

/* Read a POST body of at most web_api_max_body() bytes (the endpoint's), form-encoded, into a new string. */
static int take_body(web_server *srv, web_req *r, char **body)
{
    const struct mg_request_info *ri = mg_get_request_info(r->conn);
    size_t max = web_api_max_body(r->path);
    *body = NULL;
    if (mg_get_header(r->conn, "Transfer-Encoding")) /* chunk-size lines would escape WEB_BODY_MS */
        return web_req_fail(r, 411, "send the body with a Content-Length: chunked bodies are not taken");
    if (ri->content_length > (long long)max)
        return web_req_fail(r, 413, "the request body is too large (%lld bytes; at most %zu)", ri->content_length, max);
    size_t want = ri->content_length > 0 ? (size_t)ri->content_length : 0;
    char *buf = malloc(want + 1);
    if (!buf)
        return web_req_fail(r, 503, "out of memory");
    int why;
    size_t len = read_bytes(srv, r, buf, want, &why);
    buf[len] = '\0';
    if (why) {
        free(buf);
        if (why == 408)
            return web_req_fail(r, 408, "the request body did not arrive within %.0f ms (%zu of %zu bytes came)",
                                body_ms(want), len, want);
        if (why == 503)
            return web_req_fail(r, 503,
                                "the server is busy: it shed this request, whose body came slowest (%zu of %zu "
                                "bytes came)",
                                len, want);
        return web_req_fail(r, 400, "the request body is malformed or incomplete (%zu of %zu bytes read)", len, want);
    }
    const char *type = mg_get_header(r->conn, "Content-Type");
    if (len && (!type || strncasecmp(type, "application/x-www-form-urlencoded", 33) != 0)) {
        free(buf);
        return web_req_fail(r, 415, "send parameters form-encoded (application/x-www-form-urlencoded), not as %.60s",
                            type ? type : "an untyped body");
    }
    if (strlen(buf) != len) {
        free(buf);
        return web_req_fail(r, 400, "the request body holds a NUL byte");
    }
    *body = buf;
    return 0;
}

/* take_body, and a refused body closes the connection: what is left of it must not be read as a request. */
static int read_body(web_server *srv, web_req *r, char **body)
{
    int rc = take_body(srv, r, body);
    if (rc < 0)
        close_after(r);
    return rc;
}

static void serve_api(web_server *srv, web_req *r)
{
    const struct mg_request_info *ri = mg_get_request_info(r->conn);
    char *body = NULL;
    int rc = 0;
    if (strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0 && strcmp(r->method, "POST") != 0) {
        r->allow = "GET, HEAD, POST";
        rc = web_req_fail(r, 405, "method %.20s is not allowed here", r->method);
    }
    r->max_value = web_api_max_value(r->path);
    if (rc == 0 && strcmp(r->method, "POST") == 0)
        rc = read_body(srv, r, &body);
    if (rc == 0)
        rc = web_req_parse(r, ri->query_string, body);
    free(body);
    if (rc == 0 && atomic_load(&srv->api.stopping))
        rc = web_req_fail(r, 503, "the server is stopping");
    if (rc == 0)
        rc = web_api_handle(r);
    if (rc == WEB_ANSWERED)
        return;
    if (rc < 0)
        send_error(r);
    else
        send_json(r);
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
            send_answer(r, 200, web_assets[i].type, srv->assets[i], srv->asset_size[i], NULL, strcmp(path, "/") == 0);
            return;
        }
    web_req_fail(r, 404, "not found: %.60s", r->path);
    send_error(r);
}

/* 1 for the API's paths (serve_api), 0 for the page's files (serve_asset). */
static int api_path(const char *path)
{
    return strncmp(path, "/api/", 5) == 0 || strcmp(path, "/api") == 0;
}

/* 1 when the request carries a body: a Content-Length above 0, or a Transfer-Encoding. */
static int has_body(struct mg_connection *conn)
{
    return mg_get_request_info(conn)->content_length > 0 || mg_get_header(conn, "Transfer-Encoding");
}

/*
 * Whether the connection may stay open for another request after this
 * answer (the client's wish aside): not while the server stops, not when
 * most request threads hold a connection (then every answer closes its
 * own, and connections waiting take the threads in turn), and not for a
 * body that will not be read: only a POST to the API reads its body (and
 * closes the connection if it refuses it, read_body).
 */
static int may_keep_alive(web_server *srv, web_req *r)
{
    if (atomic_load(&srv->api.stopping) || atomic_load(&srv->held) > srv->keep_alive_max)
        return 0;
    return !has_body(r->conn) || (strcmp(r->method, "POST") == 0 && api_path(r->path));
}

static int handle(struct mg_connection *conn, void *data)
{
    web_server *srv = data;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    web_req r;
    memset(&r, 0, sizeof r);
    r.conn = conn;
    r.api = &srv->api;
    r.method = ri->request_method;
    r.client = ri->remote_addr;
    r.path = ri->local_uri_raw ? ri->local_uri_raw : "/"; /* as sent: civetweb's local_uri has `..` removed */
    r.status = 200;
    cb_json_init(&r.out);
    if (!may_keep_alive(srv, &r))
        close_after(&r);
    if (check_framing(&r) < 0) {
        close_after(&r); /* where the request ends is not known: what follows must not be read as one */
        send_error(&r);
    } else if (check_origin(srv, &r) < 0) {
        if (has_body(conn))
            close_after(&r); /* its body is not read */
        send_error(&r);
    } else if (api_path(r.path))
        serve_api(srv, &r);
    else
        serve_asset(srv, &r);
    if (r.streams)
        web_stream_close(&r);
    int status = r.status;
    web_req_release(&r);
    return status ? status : 200;
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

static int log_message(const struct mg_connection *conn, const char *message)
{
    (void)conn;
    fprintf(stderr, "codebreaker serve: %s\n", message);
    return 1;
}

/* Count the connections request threads hold, from taking one to closing it (may_keep_alive). */
static int connection_opens(const struct mg_connection *conn, void **data)
{
    web_server *srv = mg_get_user_data(mg_get_context(conn));
    *data = NULL;
    atomic_fetch_add(&srv->held, 1);
    return 0;
}

static void connection_closes(const struct mg_connection *conn)
{
    web_server *srv = mg_get_user_data(mg_get_context(conn));
    atomic_fetch_sub(&srv->held, 1);
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
    pthread_mutex_destroy(&srv->api.stream_lock);
    free(srv);
}

int web_server_start(const web_config *cfg, web_server **out, cb_error *err)
{
    struct in_addr addr;
    *out = NULL;
    if (inet_pton(AF_INET, cfg->bind, &addr) != 1)
        return cb_error_set(err, CB_EINVAL, "--bind: '%s' is not an IPv4 address such as 127.0.0.1", cfg->bind);
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
    srv->keep_alive_max = cfg->threads - cfg->threads / WEB_SPARE_SHARE;
    srv->api.max_jobs = cfg->max_jobs;
    srv->api.exact_seconds = cfg->exact_seconds;
    web_session_limits lim = {cfg->max_sessions, SESSIONS_PER_CLIENT, SESSION_BYTES, SESSION_BYTES / 4, SESSION_IDLE};
    int rc = load_assets(srv, cfg->root, err);
    if (rc == CB_OK && (web_games_new(TABLE_BUDGET, &srv->api.games) != CB_OK ||
                        web_jobs_new(cfg->max_jobs, MAX_KEPT_JOBS, &srv->api.jobs) != CB_OK ||
                        web_sessions_new(srv->api.games, &lim, &srv->api.sessions) != CB_OK ||
                        web_intake_new(cfg->threads, cfg->threads - cfg->threads / WEB_SPARE_SHARE, &srv->intake) < 0))
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc != CB_OK) {
        free_server(srv);
        return rc;
    }
    char ports[80], threads[16];
    snprintf(ports, sizeof ports, "%s:%d", cfg->bind, cfg->port);
    snprintf(threads, sizeof threads, "%d", cfg->threads);
    /* clang-format off */
    const char *options[] = {
        "listening_ports", ports,
        "num_threads", threads,
        "request_timeout_ms", WEB_REQUEST_TIMEOUT_MS, /* a request's head and body, each socket read or write */
        "enable_keep_alive", "yes",    /* while threads are free (may_keep_alive) */
        "keep_alive_timeout_ms", WEB_KEEP_ALIVE_MS, /* an idle connection: bounds stopping too */
        "max_request_size", "16384",   /* request line and headers */
        "tcp_nodelay", "1",            /* an answer's pieces go at once, not after the client's ACK */
        "enable_directory_listing", "no",
        "decode_url", "no",            /* paths are matched as sent: our names need no escapes */
        NULL,
    };
    /* clang-format on */
    struct mg_callbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.log_message = log_message;
    callbacks.init_connection = connection_opens;
    callbacks.connection_close = connection_closes;
    mg_init_library(0);
    srv->ctx = mg_start(&callbacks, srv, options);
    if (!srv->ctx) {
        mg_exit_library();
        free_server(srv);
        return cb_error_set(err, CB_EIO, "cannot listen on %s (in use, or not an address of this machine)", ports);
    }
    mg_set_request_handler(srv->ctx, "**", handle, srv);
    struct mg_server_port sp[4];
    int n = mg_get_server_ports(srv->ctx, 4, sp);
    srv->port = n > 0 ? sp[0].port : cfg->port;
    *out = srv;
    return CB_OK;
}

/*
 * civetweb's listening thread notices mg_stop() only between polls of up
 * to two seconds; a connection to the listening socket ends its poll at
 * once. This thread makes such connections until mg_stop() returns.
 */
typedef struct poker {
    struct in_addr addr;
    int port;
    atomic_int done;
} poker;

static void *poke(void *p)
{
    poker *k = p;
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)k->port);
    sa.sin_addr = k->addr;
    while (!atomic_load(&k->done)) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd >= 0) {
            connect(fd, (struct sockaddr *)&sa, sizeof sa);
            close(fd);
        }
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

void web_server_stop(web_server *srv)
{
    if (!srv)
        return;
    atomic_store(&srv->api.stopping, 1);
    __atomic_store_n(&srv->api.stop_flag, 1, __ATOMIC_RELAXED); /* requests computing stop within a block */
    web_jobs_stop(srv->api.jobs); /* cancels the jobs and wakes the event streams, which end */
    for (int i = 0; i < 100 && atomic_load(&srv->api.streams) > 0; i++) {
        struct timespec ts = {0, 10000000L};
        nanosleep(&ts, NULL);
    }
    poker k;
    pthread_t t;
    k.addr = srv->addr;
    if (k.addr.s_addr == htonl(INADDR_ANY))
        k.addr.s_addr = htonl(INADDR_LOOPBACK);
    k.port = srv->port;
    atomic_init(&k.done, 0);
    int poking = pthread_create(&t, NULL, poke, &k) == 0;
    mg_stop(srv->ctx);
    atomic_store(&k.done, 1);
    if (poking)
        pthread_join(t, NULL);
    mg_exit_library();
    free_server(srv);
}
