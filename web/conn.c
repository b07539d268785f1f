/*
 * conn.c: what a request's answer is made of on a libmicrohttpd connection
 * (conn.h, conn_internal.h): its headers, the hand-back of an answer from
 * a request thread to the event loop, and event streams (a chunked body fed
 * by a request thread, sent by the event loop). It calls nothing of the
 * server above it.
 */
#include <microhttpd.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "mhd.h"
#include "conn_internal.h"

/* The page's own policy (the static page's answers). */
static const char page_policy[] = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                  "frame-ancestors 'none'";

const char *web_conn_header(web_req *r, const char *name)
{
    return r->conn ? web_mhd.lookup_connection_value(r->conn->mc, MHD_HEADER_KIND, name) : NULL;
}

/* 1 when the client would keep the connection: Connection: keep-alive, else HTTP/1.1 without close. */
int web_conn_client_keeps(web_req *r)
{
    const char *c = web_conn_header(r, "Connection");
    int keep = r->conn && strcmp(r->conn->version, "HTTP/1.1") == 0;
    while (c && *c) {
        c += strspn(c, " \t,");
        size_t n = strcspn(c, ",");
        size_t t = n;
        while (t > 0 && (c[t - 1] == ' ' || c[t - 1] == '\t'))
            t--;
        if (t == 10 && strncasecmp(c, "keep-alive", 10) == 0)
            keep = 1;
        if (t == 5 && strncasecmp(c, "close", 5) == 0)
            return 0;
        c += n;
    }
    return keep;
}

void web_conn_close_after(web_req *r)
{
    r->closing = 1;
}

/* The headers every answer carries, and the page's policy on the page itself. */
void web_conn_add_headers(struct MHD_Response *resp, const char *type, const char *allow, int html, int closing)
{
    web_mhd.add_response_header(resp, "Content-Type", type);
    web_mhd.add_response_header(resp, "Cache-Control", "no-store");
    web_mhd.add_response_header(resp, "X-Content-Type-Options", "nosniff");
    web_mhd.add_response_header(resp, "Referrer-Policy", "no-referrer");
    if (html) {
        web_mhd.add_response_header(resp, "Content-Security-Policy", page_policy);
        web_mhd.add_response_header(resp, "X-Frame-Options", "DENY");
    }
    if (allow)
        web_mhd.add_response_header(resp, "Allow", allow);
    web_mhd.add_response_header(resp, "Connection", closing ? "close" : "keep-alive");
}

/*
 * A request thread hands the answer in c->resp to the suspended connection
 * and wakes it; the access handler queues it (deliver, server.c). It was
 * queued here before issue 38's last round: MHD_queue_response then ran on
 * the request thread while the event thread could still be in
 * libmicrohttpd's processing of the call that suspended the connection.
 */
void web_conn_hand_back(web_conn *c)
{
    web_mhd.resume_connection(c->mc);
}

/* ---- event streams: a chunked body fed by a request thread, sent by the event loop (conn.h) ---- */

static void sbuf_unref(web_sbuf *s)
{
    pthread_mutex_lock(&s->lock);
    int last = --s->refs == 0;
    pthread_mutex_unlock(&s->lock);
    if (last) {
        pthread_mutex_destroy(&s->lock);
        free(s->data);
        free(s);
    }
}

/* MHD asks for the body's next bytes: those waiting, the end, or none yet (the connection waits, suspended). */
static ssize_t sbuf_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    web_sbuf *s = cls;
    (void)pos;
    pthread_mutex_lock(&s->lock);
    ssize_t n = 0;
    if (s->len) {
        n = (ssize_t)(s->len < max ? s->len : max);
        memcpy(buf, s->data, (size_t)n);
        memmove(s->data, s->data + n, s->len - (size_t)n);
        s->len -= (size_t)n;
    } else if (s->ended)
        n = MHD_CONTENT_READER_END_OF_STREAM;
    else {
        s->suspended = 1;
        web_mhd.suspend_connection(s->mc);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

/* MHD is done with the answer: sent, or the client went away. */
static void sbuf_gone(void *cls)
{
    web_sbuf *s = cls;
    pthread_mutex_lock(&s->lock);
    s->gone = 1;
    pthread_mutex_unlock(&s->lock);
    sbuf_unref(s);
}

/* Wake the connection when the reader waits for bytes (lock held). */
static void sbuf_wake(web_sbuf *s)
{
    if (s->suspended) {
        s->suspended = 0;
        web_mhd.resume_connection(s->mc);
    }
}

int web_conn_stream_start(web_req *r, const char *type)
{
    web_conn *c = r->conn;
    web_sbuf *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    pthread_mutex_init(&s->lock, NULL);
    s->mc = c->mc;
    s->refs = 2;
    struct MHD_Response *resp = web_mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, sbuf_read, s, sbuf_gone);
    if (!resp) {
        pthread_mutex_destroy(&s->lock);
        free(s);
        return -1;
    }
    web_conn_close_after(r); /* the stream ends with the connection */
    web_conn_add_headers(resp, type, NULL, 0, 1);
    c->resp = resp;
    c->status = 200;
    c->closing = 1;
    r->sbuf = s;
    r->conn = NULL;
    web_conn_hand_back(c); /* the event loop sends the head; c is its own from here */
    return 0;
}

int web_conn_stream_write(web_req *r, const char *text, size_t len)
{
    web_sbuf *s = r->sbuf;
    if (!s)
        return -1;
    pthread_mutex_lock(&s->lock);
    int rc = s->gone || s->len + len > WEB_STREAM_BUFFER ? -1 : 0;
    if (rc == 0 && s->len + len > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + len)
            cap *= 2;
        char *bigger = realloc(s->data, cap);
        if (bigger) {
            s->data = bigger;
            s->cap = cap;
        } else
            rc = -1;
    }
    if (rc == 0) {
        memcpy(s->data + s->len, text, len);
        s->len += len;
        sbuf_wake(s);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

void web_conn_stream_end(web_req *r)
{
    web_sbuf *s = r->sbuf;
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->ended = 1;
    sbuf_wake(s);
    pthread_mutex_unlock(&s->lock);
    sbuf_unref(s);
    r->sbuf = NULL;
}
