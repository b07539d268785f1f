/*
 * stream.h: server-sent events on a request's connection (conn.h). open
 * sends the head (429 when WEB_MAX_STREAMS are open, counted in
 * r->api->streams, or when the request's client holds half of them), send writes events (-1 once the client has gone),
 * close ends the stream. A handler that opened a stream returns WEB_ANSWERED.
 */
#ifndef WEB_STREAM_H
#define WEB_STREAM_H

#include "request.h"

#define WEB_MAX_STREAMS 8 /* event streams open at once */
#define WEB_ANSWERED 1
#define WEB_LATER 2 /* a request on an event thread (r->event_loop) that would wait: for a request thread */

int web_stream_open(web_req *r);
int web_stream_send(web_req *r, const char *event, const char *data);
int web_stream_comment(web_req *r, const char *text);
void web_stream_close(web_req *r);

#endif
