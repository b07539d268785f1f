/*
 * conn_internal.h: a request on a libmicrohttpd connection, as the server
 * (server.c) and the answers it carries (conn.c: headers, hand-back,
 * event streams) share it. Nothing outside these two files sees it.
 */
#ifndef WEB_CONN_INTERNAL_H
#define WEB_CONN_INTERNAL_H

#include <microhttpd.h>
#include <pthread.h>
#include <stddef.h>

#include "conn.h"
#include "server.h"

/* An event stream's body: what the handler wrote and MHD has not taken yet (conn.h). */
typedef struct web_sbuf {
    pthread_mutex_t lock;
    struct MHD_Connection *mc;
    char *data;
    size_t len, cap;
    int ended;     /* the handler ended the stream */
    int gone;      /* MHD let go of the answer (sent, or the client went away) */
    int suspended; /* the reader found nothing and suspended the connection */
    int refs;      /* the handler's and MHD's */
} web_sbuf;

enum { PHASE_HEAD, PHASE_BODY, PHASE_READY, PHASE_WORK, PHASE_DONE };

/* One request on a connection, from its request line (uri_seen) to its end (request_done). */
typedef struct web_conn {
    web_server *srv;
    struct MHD_Connection *mc;
    char *uri; /* the request target as sent */
    const char *method, *version;
    char client[48];
    int phase;
    int closing; /* the connection closes after the answer */
    char *body;  /* PHASE_BODY: the body arriving */
    size_t len, want, cap;
    double t0;
    int slot; /* in the intake */
    struct MHD_Response *resp;
    unsigned status;
    struct web_guard_conn *guard; /* the connection as the guard holds it (guard.h) */
    int costly;                   /* counted among its address's costly requests (web_api_costly) */
} web_conn;

/* 1 when the client would keep the connection: Connection: keep-alive, else HTTP/1.1 without close. */
int web_conn_client_keeps(web_req *r);
/* The connection closes after this answer. */
void web_conn_close_after(web_req *r);
/* The headers every answer carries (`allow` when not NULL), and the page's policy on the page itself (html). */
void web_conn_add_headers(struct MHD_Response *resp, const char *type, const char *allow, int html, int closing);
/* A request thread hands the answer in c->resp (if any) to the suspended connection and wakes it. */
void web_conn_hand_back(web_conn *c);

#endif
