/*
 * intake.h: the requests whose bodies are still arriving, so that slow
 * senders cannot hold every request thread of the server.
 *
 * At most `cap` bodies arrive at once; a request that starts receiving its
 * body beyond that sheds the one that has been arriving longest (the
 * slowest: every body must arrive within the same time, server.h), which
 * notices at its next read and gives its thread back. So the threads
 * beyond `cap` are always free for new connections and for the requests
 * whose bodies have come.
 */
#ifndef WEB_INTAKE_H
#define WEB_INTAKE_H

typedef struct web_intake web_intake;

/* A table of `slots` arrivals (at least the server's threads), at most cap of them unshed; 0 or -1 (memory). */
int web_intake_new(int slots, int cap, web_intake **out);
void web_intake_free(web_intake *in);
/*
 * A body starts arriving at time `now` (seconds): its slot, or -1 when
 * every slot is taken (more requests than slots). When `cap` bodies are
 * arriving already, the one that started first is shed.
 */
int web_intake_enter(web_intake *in, double now);
/* 1 when the arrival in `slot` was shed: its request should stop reading and answer. */
int web_intake_shed(web_intake *in, int slot);
/* The body in `slot` has come, or its request gave up: the slot is free (slot -1: nothing). */
void web_intake_leave(web_intake *in, int slot);

#endif
