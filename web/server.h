/*
 * server.h: the dashboard's HTTP server (libmicrohttpd, from Debian's
 * libmicrohttpd-dev): the static page, the JSON API of api.h, event streams.
 *
 * An event loop (MHD's, on epoll) reads every connection's head and body
 * without holding a thread, so slow clients cost a socket each and no
 * thread; a request that has come whole goes to the request threads
 * (pool.h), shared out between addresses. Connections are capped per
 * address (MHD refuses more at accept) and in all (a request past the cap
 * gets 503 at once; past the spare ones, connections are refused at accept,
 * and the last ones are kept for addresses holding few: guard.h); a whole
 * request head has a deadline, and so has a body.
 *
 * Safe by default: it listens on the loopback address unless told
 * otherwise, and while it does it answers only requests addressed to
 * localhost (so a web page elsewhere cannot reach it by DNS rebinding) and
 * refuses cross-origin POSTs. Request heads are limited to WEB_MAX_HEAD,
 * bodies to WEB_MAX_BODY; the page's files are compiled into the program
 * (assets.h) or read once at start from a folder, and no request names a
 * file.
 */
#ifndef WEB_SERVER_H
#define WEB_SERVER_H

#include "codebreaker/status.h"
#include "request.h"

/*
 * A connection that sends nothing (a head or body stopped half-way, or an
 * idle kept-alive connection) is closed after this many seconds of silence
 * (MHD's connection timeout, in whole seconds). Longer than the 4 s for
 * which Node's fetch keeps an idle connection: a client that closes first
 * never sends a request on a connection the server is closing (a POST
 * lost so failed once in web_api under ThreadSanitizer at 1 s).
 */
#define WEB_IDLE_SECONDS 5
#define WEB_MAX_HEAD 16384 /* request line and headers, about (431 beyond, ours) */
/* MHD's memory for one connection: its head must fit (MHD's own 431 beyond about 30 KiB) */
#define WEB_CONNECTION_MEMORY 32768
#define WEB_THREADS 64           /* request threads: they compute answers; no connection holds one */
#define WEB_ADDRESS_SHARE 4      /* one address runs at most threads / WEB_ADDRESS_SHARE requests at once */
#define WEB_MAX_WAITING 256      /* requests waiting for a thread, in all (503 beyond) */
#define WEB_EVENT_THREADS 2      /* MHD's event loops (epoll): they read heads and bodies, send answers */
#define WEB_MAX_CONNECTIONS 2048 /* connections open (503 beyond, until WEB_SPARE_CONNECTIONS more) */
#define WEB_SPARE_CONNECTIONS 64 /* past the cap, connections MHD still takes to answer 503; then it refuses */
#define WEB_PER_ADDRESS 64       /* connections of one address (MHD refuses more at accept) */
/*
 * Once WEB_MAX_CONNECTIONS - WEB_MAX_CONNECTIONS / WEB_RESERVE_SHARE are
 * open, an address that holds WEB_FEW_CONNECTIONS or more is refused at
 * accept: the last eighth is kept for addresses that hold few (guard.h).
 */
#define WEB_RESERVE_SHARE 8
#define WEB_FEW_CONNECTIONS 8
#define WEB_GUARD_SLACK 16 /* MHD's own cap is this far above the guard's: MHD never stops accepting */
/* A whole request head must come within this long of its connection's opening or its last answer (--head-seconds). */
#define WEB_HEAD_SECONDS 10
/* An address's requests of the computing routes in flight (web_api_costly): 429 beyond, Retry-After: 1. */
#define WEB_COSTLY_PER_ADDRESS 4
/*
 * A request body must arrive whole within this long of its head (408
 * beyond, when its next bytes come, or the idle close above; --body-seconds).
 */
#define WEB_BODY_MS 1000
/* ... plus a millisecond for each WEB_BODY_RATE bytes past 16 KiB: a word list's upload (257 KiB) gets 5 s more. */
#define WEB_BODY_RATE 48
/* At most this many bodies arrive at once: one more sheds the one arriving longest (503, intake.h). */
#define WEB_MAX_ARRIVING 256

typedef struct web_config {
    const char *bind;     /* IPv4 address to listen on: "127.0.0.1" by default */
    int port;             /* 0: any free port */
    int max_jobs;         /* heavy jobs running at once */
    double exact_seconds; /* each exact search of /api/rank/exact and /api/review (WEB_COACH_SECONDS) */
    int max_sessions;     /* games kept */
    const char *root;     /* folder of the page's files; NULL: those compiled in */
    int threads;          /* request threads */
    int max_connections;  /* connections open at once (WEB_MAX_CONNECTIONS) */
    int per_address;      /* connections of one address (WEB_PER_ADDRESS) */
    double head_seconds;  /* a whole request head (WEB_HEAD_SECONDS) */
    double body_seconds;  /* a whole request body from its head (WEB_BODY_MS), more for uploads */
} web_config;

void web_config_default(web_config *cfg);

typedef struct web_server web_server;

/* Start serving; on failure err says why (address in use, page files missing). */
int web_server_start(const web_config *cfg, web_server **out, cb_error *err);
/* The port actually listened on. */
int web_server_port(const web_server *srv);
/* 1 when listening on a loopback address only. */
int web_server_loopback(const web_server *srv);
/* Cancel the jobs, end the event streams, stop listening, free everything. */
void web_server_stop(web_server *srv);

#endif
