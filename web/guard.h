/*
 * guard.h: the server's connections as libmicrohttpd admits and holds them
 * (server.c gives it MHD's accept policy and connection notifications).
 *
 * It counts the connections open, in all and by address, and refuses at
 * accept (the socket closed at once: no client waits in the listen
 * backlog) past `max_connections + spare` in all, and, once
 * `max_connections - reserve` are open, any from an address that holds
 * `few` or more already: addresses that hold many connections (slow heads
 * kept open) cannot take the last ones from those that hold a few. It
 * closes a connection whose request head has not come whole within
 * `head_seconds` of its opening or of its previous answer (a thread looks
 * every WEB_GUARD_SWEEP_MS; no answer, as nginx's client_header_timeout),
 * and it bounds an address's costly requests in flight (web_guard_costly).
 */
#ifndef WEB_GUARD_H
#define WEB_GUARD_H

#include <microhttpd.h>
#include <sys/socket.h>

typedef struct web_guard_limits {
    int max_connections; /* open in all; past them a request is answered 503 (server.c) */
    int spare;           /* past max_connections + spare: refused at accept */
    int reserve;         /* the last ones, kept for addresses that hold fewer than `few` */
    int few;
    int costly;          /* an address's costly requests in flight (web_guard_costly) */
    double head_seconds; /* a whole request head, from the connection's opening or its last answer */
} web_guard_limits;

#define WEB_GUARD_SWEEP_MS 250 /* how often the guard looks for heads past their deadline */

typedef struct web_guard web_guard;
/* One connection as the guard holds it (MHD's socket context). */
typedef struct web_guard_conn web_guard_conn;

/* A guard with its deadline thread; 0, or -1 when memory or a thread is short. */
int web_guard_new(const web_guard_limits *lim, web_guard **out);
/* Stop the deadline thread and free (NULL: nothing); after MHD_stop_daemon, which closes every connection. */
void web_guard_free(web_guard *g);

/* MHD's accept policy (cls: the guard): MHD_NO refuses the connection, which MHD closes at once. */
enum MHD_Result web_guard_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen);
/* MHD's connection notification (cls: the guard): a connection opened or closed. */
void web_guard_connection(void *cls, struct MHD_Connection *mc, void **socket_context,
                          enum MHD_ConnectionNotificationCode code);

/* The guard's record of a connection (NULL when memory was short at its opening: then unguarded). */
web_guard_conn *web_guard_conn_of(struct MHD_Connection *mc);
/* Connections open in all. */
int web_guard_open(web_guard *g);
/* Connections open from the address of `gc` (0 when NULL). */
int web_guard_address_open(web_guard *g, const web_guard_conn *gc);
/* gc's head came whole (`whole` 1: its deadline is off), or its answer went (0: the next head's starts). */
void web_guard_head(web_guard *g, web_guard_conn *gc, int whole);
/*
 * A costly request of gc's address begins (+1: 0, or -1 when its address
 * has lim.costly in flight already and this one is refused) or ends (-1).
 */
int web_guard_costly(web_guard *g, web_guard_conn *gc, int delta);

#endif
