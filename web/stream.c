/* stream.c: server-sent events on a request's connection (stream.h). */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "conn.h"
#include "stream.h"

/*
 * Take a stream slot for the request's client: -1 when all are taken, -2
 * when the client holds its share already (half of them).
 */
static int stream_take(web_api *api, const char *client)
{
    int mine = 0, free_slot = -1;
    pthread_mutex_lock(&api->stream_lock);
    for (int i = 0; i < WEB_MAX_STREAMS; i++) {
        if (!api->stream_client[i][0])
            free_slot = free_slot < 0 ? i : free_slot;
        else
            mine += strcmp(api->stream_client[i], client) == 0;
    }
    int rc = mine >= WEB_MAX_STREAMS / 2 ? -2 : free_slot;
    if (rc >= 0) {
        snprintf(api->stream_client[rc], sizeof api->stream_client[rc], "%s", client[0] ? client : "?");
        atomic_fetch_add(&api->streams, 1);
    }
    pthread_mutex_unlock(&api->stream_lock);
    return rc;
}

int web_stream_open(web_req *r)
{
    int slot = stream_take(r->api, r->client ? r->client : "");
    if (slot == -2)
        return web_req_fail(r, 429, "you have %d event streams open already (one client may open %d of the %d)",
                            WEB_MAX_STREAMS / 2, WEB_MAX_STREAMS / 2, WEB_MAX_STREAMS);
    if (slot < 0)
        return web_req_fail(r, 429, "too many event streams are open (at most %d)", WEB_MAX_STREAMS);
    r->streams = slot + 1;
    if (web_conn_stream_start(r, "text/event-stream; charset=utf-8") < 0) {
        web_stream_close(r); /* gives the slot back */
        return web_req_fail(r, 503, "out of memory");
    }
    return web_stream_comment(r, "codebreaker job events") < 0 ? -1 : 0;
}

int web_stream_send(web_req *r, const char *event, const char *data)
{
    cb_json j; /* used as a plain text buffer */
    cb_json_init(&j);
    cb_json_printf(&j, "event: %s\ndata: %s\n\n", event, data);
    int rc = j.failed ? -1 : web_conn_stream_write(r, cb_json_text(&j), j.len);
    cb_json_release(&j);
    return rc;
}

int web_stream_comment(web_req *r, const char *text)
{
    char line[128];
    int n = snprintf(line, sizeof line, ": %.100s\n\n", text);
    return web_conn_stream_write(r, line, (size_t)n);
}

void web_stream_close(web_req *r)
{
    if (!r->streams)
        return;
    web_conn_stream_end(r);
    pthread_mutex_lock(&r->api->stream_lock);
    r->api->stream_client[r->streams - 1][0] = '\0';
    atomic_fetch_sub(&r->api->streams, 1);
    pthread_mutex_unlock(&r->api->stream_lock);
    r->streams = 0;
}
