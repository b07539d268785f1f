/*
 * conn.h: what the server (server.c) offers a request's handlers beyond
 * request.h: the request's headers, and an answer streamed in pieces (the
 * event streams of stream.c). The connection itself is libmicrohttpd's;
 * handlers never see it.
 */
#ifndef WEB_CONN_H
#define WEB_CONN_H

#include <stddef.h>

#include "request.h"

/* A header of the request (the first of that name), or NULL. Not after web_conn_stream_start. */
const char *web_conn_header(web_req *r, const char *name);
/*
 * Answer 200 with a body that follows in pieces (chunked): `type` and the
 * headers every answer carries, `Connection: close`. Then r->sbuf holds
 * the stream; r->conn is gone (NULL).
 */
int web_conn_stream_start(web_req *r, const char *type);
/* Send a piece; -1 once the client has gone (or reads nothing while WEB_STREAM_BUFFER bytes wait). */
int web_conn_stream_write(web_req *r, const char *text, size_t len);
/* End the stream's body (idempotent). */
void web_conn_stream_end(web_req *r);

#define WEB_STREAM_BUFFER (1u << 20)

#endif
