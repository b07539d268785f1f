/*
 * api.h: the JSON API under /api/ (see docs/web.md for every endpoint).
 *
 * The server (server.c) owns a web_api, the context every handler works
 * in, and passes it with each request (r->api); the API never reaches into
 * the server. web_api_handle() answers one request whose parameters are
 * parsed: it checks the method and the parameter names of the endpoint,
 * runs it, and returns 0 (answer in r->out, status in r->status), -1 (r's
 * error set) or WEB_ANSWERED (it answered on the connection itself: event
 * streams, stream.h).
 */
#ifndef WEB_API_H
#define WEB_API_H

#include <pthread.h>
#include <stdatomic.h>

#include "request.h"
#include "stream.h"

#define WEB_MAX_BODY 16384 /* request body, in bytes, of every endpoint but /api/upload (longer ones: 413) */
/* POST /api/upload: the word list's text (the largest bundled list, 14855 words, is 89130 bytes), and
   its body: the text form-encoded (a line of n ASCII letters takes n + 3 bytes) and the game's name */
#define WEB_MAX_UPLOAD 131072
#define WEB_MAX_UPLOAD_BODY (2 * WEB_MAX_UPLOAD + 1024)

/* What the endpoints work with: the server fills it at start and keeps it until it stops. */
typedef struct web_api {
    struct web_games *games;
    struct web_sessions *sessions;
    struct web_jobs *jobs;
    int max_jobs;                /* heavy jobs running at once */
    double exact_seconds;        /* each exact search of the coach's routes */
    atomic_int stopping;         /* set when the server stops: streams end, requests get 503 */
    atomic_int streams;          /* event streams open (stream.c) */
    volatile int stop_flag;      /* stopping, as the library's cancel flags read it (atomic loads and stores) */
    pthread_mutex_t stream_lock; /* guards stream_client */
    char stream_client[WEB_MAX_STREAMS][48]; /* who holds each open stream ("" free) */
} web_api;

int web_api_handle(web_req *r);

/* The longest body and parameter value a request to path may have (the server reads no more). */
size_t web_api_max_body(const char *path);
size_t web_api_max_value(const char *path);
/* 1 for the routes that compute (bounded by their cost): one address has at most WEB_COSTLY_PER_ADDRESS in flight. */
int web_api_costly(const char *path);

#endif
