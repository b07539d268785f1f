/*
 * server.h: the dashboard's HTTP server (civetweb, from Debian's
 * libcivetweb-dev): the static page, the JSON API of api.h, event streams.
 *
 * Safe by default: it listens on the loopback address unless told
 * otherwise, and while it does it answers only requests addressed to
 * localhost (so a web page elsewhere cannot reach it by DNS rebinding) and
 * refuses cross-origin POSTs. Request heads are limited to 16 KiB, bodies
 * to WEB_MAX_BODY; the page's files are read once at start from the build
 * output, and no request names a file.
 */
#ifndef WEB_SERVER_H
#define WEB_SERVER_H

#include "codebreaker/status.h"
#include "request.h"

#define WEB_MAX_BODY 16384
#define WEB_MAX_STREAMS 8 /* event streams open at once */
/*
 * A client has this long to send its request head, and each read of its
 * body or write of an answer may wait as long (civetweb's
 * request_timeout_ms). civetweb polls in slices of this length, so
 * stopping waits at most this long for a connection in progress.
 */
#define WEB_REQUEST_TIMEOUT_MS "1000"
#define WEB_THREADS 64 /* request threads: slow clients hold one each for up to the timeout above */

typedef struct web_config {
    const char *bind; /* IPv4 address to listen on: "127.0.0.1" by default */
    int port;         /* 0: any free port */
    int max_jobs;     /* heavy jobs running at once */
    int max_sessions; /* games kept */
    const char *root; /* folder of the page's files */
    int threads;      /* request threads */
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

/* What api.c uses of the server. */
struct web_games *web_server_games(web_server *srv);
struct web_sessions *web_server_sessions(web_server *srv);
struct web_jobs *web_server_jobs(web_server *srv);
int web_server_max_jobs(const web_server *srv);
int web_server_stopping(const web_server *srv);
/* A cancel flag for the library (cb_strategy_config.cancel ...): set once the server stops. */
const volatile int *web_server_cancel_flag(const web_server *srv);

/*
 * Server-sent events on the request's connection: open (sends the head;
 * 429 when WEB_MAX_STREAMS are open), send events (-1 once the client has
 * gone), close. A handler that opened a stream returns WEB_ANSWERED.
 */
#define WEB_ANSWERED 1
int web_stream_open(web_req *r);
int web_stream_send(web_req *r, const char *event, const char *data);
int web_stream_comment(web_req *r, const char *text);
void web_stream_close(web_req *r);

#endif
