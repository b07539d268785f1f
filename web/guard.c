/*
 * guard.c: the server's connections as libmicrohttpd admits and holds them
 * (guard.h): counts by address, refusal at accept, the deadline of a whole
 * request head, an address's costly requests in flight.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "mhd.h"
#include "codebreaker/status.h"
#include "guard.h"

#define ADDRESS_BUCKETS 1024

/* An address with connections open. */
typedef struct guard_address {
    struct guard_address *next;
    uint32_t addr;
    int open;
    int costly; /* its costly requests in flight */
} guard_address;

struct web_guard_conn {
    web_guard_conn *prev, *next;
    guard_address *at;
    int fd;
    int in_head; /* waiting for a request head, since `since` */
    int cut;     /* closed at its deadline (the socket shut down; MHD closes it) */
    double since;
};

struct web_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* stopping */
    pthread_t sweeper;
    int started, stopping;
    web_guard_limits lim;
    int open;
    web_guard_conn *conns;
    guard_address *by_address[ADDRESS_BUCKETS];
};

/* The address of a peer (IPv4; 0 otherwise). */
static uint32_t peer_addr(const struct sockaddr *sa)
{
    if (!sa || sa->sa_family != AF_INET)
        return 0;
    return ntohl(((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr);
}

/* The entry of `addr` (made when `make`), or NULL (lock held). */
static guard_address *address_of(web_guard *g, uint32_t addr, int make)
{
    guard_address **at = &g->by_address[addr % ADDRESS_BUCKETS];
    while (*at && (*at)->addr != addr)
        at = &(*at)->next;
    if (!*at && make && (*at = calloc(1, sizeof **at)) != NULL)
        (*at)->addr = addr;
    return *at;
}

/* Forget an address that holds nothing (lock held). */
static void address_drop(web_guard *g, guard_address *a)
{
    if (a->open > 0 || a->costly > 0)
        return;
    guard_address **at = &g->by_address[a->addr % ADDRESS_BUCKETS];
    while (*at != a)
        at = &(*at)->next;
    *at = a->next;
    free(a);
}

/* Close the heads past their deadline: shut down their sockets, which MHD then closes (lock held). */
static void sweep(web_guard *g)
{
    double now = cb_seconds();
    for (web_guard_conn *c = g->conns; c; c = c->next)
        if (c->in_head && !c->cut && now - c->since > g->lim.head_seconds) {
            c->cut = 1;
            shutdown(c->fd, SHUT_RDWR); /* the fd is the connection's: MHD closes it after its CLOSED notice */
        }
}

static void *sweeper(void *arg)
{
    web_guard *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += WEB_GUARD_SWEEP_MS * 1000000L;
        ts.tv_sec += ts.tv_nsec / 1000000000L;
        ts.tv_nsec %= 1000000000L;
        if (pthread_cond_timedwait(&g->wake, &g->lock, &ts) == ETIMEDOUT)
            sweep(g);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int web_guard_new(const web_guard_limits *lim, web_guard **out)
{
    web_guard *g = calloc(1, sizeof *g);
    *out = NULL;
    if (!g)
        return -1;
    g->lim = *lim;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->wake, NULL);
    if (pthread_create(&g->sweeper, NULL, sweeper, g) != 0) {
        web_guard_free(g);
        return -1;
    }
    g->started = 1;
    *out = g;
    return 0;
}

void web_guard_free(web_guard *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->stopping = 1;
    pthread_cond_broadcast(&g->wake);
    pthread_mutex_unlock(&g->lock);
    if (g->started)
        pthread_join(g->sweeper, NULL);
    while (g->conns) { /* none after MHD_stop_daemon */
        web_guard_conn *c = g->conns;
        g->conns = c->next;
        free(c);
    }
    for (int i = 0; i < ADDRESS_BUCKETS; i++)
        while (g->by_address[i]) {
            guard_address *a = g->by_address[i];
            g->by_address[i] = a->next;
            free(a);
        }
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

enum MHD_Result web_guard_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen)
{
    web_guard *g = cls;
    (void)addrlen;
    pthread_mutex_lock(&g->lock);
    const guard_address *a = address_of(g, peer_addr(addr), 0);
    int held = a ? a->open : 0;
    int ok = g->open < g->lim.max_connections + g->lim.spare &&
             (g->open < g->lim.max_connections - g->lim.reserve || held < g->lim.few);
    pthread_mutex_unlock(&g->lock);
    return ok ? MHD_YES : MHD_NO;
}

void web_guard_connection(void *cls, struct MHD_Connection *mc, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    web_guard *g = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        web_guard_conn *c = calloc(1, sizeof *c);
        const union MHD_ConnectionInfo *ci = web_mhd.get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        const union MHD_ConnectionInfo *fi = web_mhd.get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = NULL;
        if (!c || !fi) {
            free(c);
            return;
        }
        c->fd = fi->connect_fd;
        c->in_head = 1;
        c->since = cb_seconds();
        pthread_mutex_lock(&g->lock);
        c->at = address_of(g, ci ? peer_addr(ci->client_addr) : 0, 1);
        if (!c->at) {
            pthread_mutex_unlock(&g->lock);
            free(c);
            return;
        }
        c->at->open++;
        g->open++;
        c->next = g->conns;
        if (g->conns)
            g->conns->prev = c;
        g->conns = c;
        pthread_mutex_unlock(&g->lock);
        *socket_context = c;
        return;
    }
    web_guard_conn *c = *socket_context;
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        g->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    c->at->open--;
    g->open--;
    address_drop(g, c->at);
    pthread_mutex_unlock(&g->lock);
    free(c);
    *socket_context = NULL;
}

web_guard_conn *web_guard_conn_of(struct MHD_Connection *mc)
{
    const union MHD_ConnectionInfo *ci = web_mhd.get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
}

int web_guard_open(web_guard *g)
{
    pthread_mutex_lock(&g->lock);
    int n = g->open;
    pthread_mutex_unlock(&g->lock);
    return n;
}

int web_guard_address_open(web_guard *g, const web_guard_conn *gc)
{
    if (!gc)
        return 0;
    pthread_mutex_lock(&g->lock);
    int n = gc->at->open;
    pthread_mutex_unlock(&g->lock);
    return n;
}

void web_guard_head(web_guard *g, web_guard_conn *gc, int whole)
{
    if (!gc)
        return;
    pthread_mutex_lock(&g->lock);
    gc->in_head = !whole;
    gc->since = cb_seconds();
    pthread_mutex_unlock(&g->lock);
}

int web_guard_costly(web_guard *g, web_guard_conn *gc, int delta)
{
    if (!gc)
        return 0;
    pthread_mutex_lock(&g->lock);
    int rc = 0;
    if (delta > 0 && gc->at->costly >= g->lim.costly)
        rc = -1;
    else
        gc->at->costly += delta;
    pthread_mutex_unlock(&g->lock);
    return rc;
}
