/*
 * server.h: the dashboard's HTTP server (civetweb, from Debian's
 * libcivetweb-dev): the static page, the JSON API of api.h, event streams.
 *
 * Safe by default: it listens on the loopback address unless told
 * otherwise, and while it does it answers only requests addressed to
 * localhost (so a web page elsewhere cannot reach it by DNS rebinding) and
 * refuses cross-origin POSTs. Request heads are limited to 16 KiB, bodies
 * to WEB_MAX_BODY; the page's files are compiled into the program (assets.h)
 * or read once at start from a folder, and no request names a file.
 */
#ifndef WEB_SERVER_H
#define WEB_SERVER_H

#include "codebreaker/status.h"
#include "request.h"

/*
 * A client has this long to send its request head, and each read of its
 * body or write of an answer may wait as long (civetweb's
 * request_timeout_ms). civetweb polls in slices of this length, so
 * stopping waits at most this long for a connection in progress.
 */
#define WEB_REQUEST_TIMEOUT_MS "1000"
/*
 * A connection kept alive after an answer is closed when its next request
 * head has not come whole within this long (civetweb's
 * keep_alive_timeout_ms): an idle connection holds its thread, and holds up
 * stopping, at most this long. Only while most threads are free
 * (WEB_SPARE_SHARE).
 */
#define WEB_KEEP_ALIVE_MS "500"
#define WEB_THREADS 64 /* request threads: slow clients hold one each for up to the bounds here */
/*
 * A request body must arrive whole within this long of its head (408
 * beyond). It is read a byte at a time, as civetweb's reads wait until
 * they are full; each waits at most the timeout above, so a body holds
 * its thread for at most WEB_BODY_MS plus that timeout.
 */
#define WEB_BODY_MS 1000
/* ... plus a millisecond for each WEB_BODY_RATE bytes past 16 KiB: a word list's upload (257 KiB) gets 5 s more. */
#define WEB_BODY_RATE 48
/*
 * At most threads - threads / WEB_SPARE_SHARE bodies arrive at once: a
 * body beyond them sheds the one arriving longest (503, intake.h), so a
 * quarter of the threads is always free for new connections.
 */
#define WEB_SPARE_SHARE 4

typedef struct web_config {
    const char *bind;     /* IPv4 address to listen on: "127.0.0.1" by default */
    int port;             /* 0: any free port */
    int max_jobs;         /* heavy jobs running at once */
    double exact_seconds; /* each exact search of /api/rank/exact and /api/review (WEB_COACH_SECONDS) */
    int max_sessions;     /* games kept */
    const char *root;     /* folder of the page's files; NULL: those compiled in */
    int threads;          /* request threads */
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
