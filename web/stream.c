/* stream.c: server-sent events on a request's connection (stream.h). */
#include <civetweb.h>
#include <stdatomic.h>
#include <stdio.h>

#include "api.h"
#include "stream.h"

int web_stream_open(web_req *r)
{
    web_api *api = r->api;
    if (atomic_fetch_add(&api->streams, 1) >= WEB_MAX_STREAMS) {
        atomic_fetch_sub(&api->streams, 1);
        return web_req_fail(r, 429, "too many event streams are open (at most %d)", WEB_MAX_STREAMS);
    }
    r->streams = 1;
    mg_response_header_start(r->conn, 200);
    mg_response_header_add(r->conn, "Content-Type", "text/event-stream; charset=utf-8", -1);
    mg_response_header_add(r->conn, "Cache-Control", "no-store", -1);
    mg_response_header_add(r->conn, "X-Content-Type-Options", "nosniff", -1);
    mg_response_header_add(r->conn, "Transfer-Encoding", "chunked", -1);
    mg_response_header_add(r->conn, "Connection", "close", -1);
    mg_response_header_send(r->conn);
    return web_stream_comment(r, "codebreaker job events") < 0 ? -1 : 0;
}

static int send_chunk(web_req *r, const char *text, size_t len)
{
    return mg_send_chunk(r->conn, text, (unsigned)len) < 0 ? -1 : 0;
}

int web_stream_send(web_req *r, const char *event, const char *data)
{
    web_json j; /* used as a plain text buffer */
    web_json_init(&j);
    web_json_printf(&j, "event: %s\ndata: %s\n\n", event, data);
    int rc = j.failed ? -1 : send_chunk(r, web_json_text(&j), j.len);
    web_json_release(&j);
    return rc;
}

int web_stream_comment(web_req *r, const char *text)
{
    char line[128];
    int n = snprintf(line, sizeof line, ": %.100s\n\n", text);
    return send_chunk(r, line, (size_t)n);
}

void web_stream_close(web_req *r)
{
    if (!r->streams)
        return;
    mg_send_chunk(r->conn, "", 0);
    atomic_fetch_sub(&r->api->streams, 1);
    r->streams = 0;
}
