/*
 * pool.h: the server's request threads, shared out between addresses.
 *
 * The event loop (server.c) reads requests without holding a thread; a
 * request whose head and body have come is handed to this pool, whose
 * threads compute the answers. One address runs at most `share` requests
 * at once: its further requests wait their turn while the threads left
 * serve the other addresses, so one address's slow requests cannot take
 * every thread. A free thread takes the oldest request of the address,
 * under its share, that runs the fewest: one running nothing first. At
 * most `max_costly` costly requests (those that compute: the server gives
 * it one a core) run at once; the other threads are left to the cheap
 * requests, which then wait for a thread and a core no longer than it
 * takes to answer them. At most `max_waiting` wait in all; beyond,
 * web_pool_add refuses at once (the server answers 503).
 */
#ifndef WEB_POOL_H
#define WEB_POOL_H

typedef struct web_pool web_pool;

/* Runs one request in a pool thread (item: the caller's). */
typedef void (*web_pool_run)(void *item);

/* `threads` threads running `run`; 0, or -1 when memory or threads are short. */
int web_pool_new(int threads, int share, int max_costly, int max_waiting, web_pool_run run, web_pool **out);
/*
 * Queue an item of `client` (its address), `costly` or not: 0 queued, -1 when max_waiting
 * items wait already (or memory is short), -2 once stopping began. A
 * queued item runs exactly once.
 */
int web_pool_add(web_pool *p, const char *client, void *item, int costly);
/* Requests of `client` running now. */
int web_pool_running(web_pool *p, const char *client);
/*
 * Stop taking items (web_pool_add: -2), run those waiting (shares aside),
 * join the threads: none leaves before every item has ended (a thread that
 * ran OpenMP and exits must not overlap another's OpenMP work: server.c).
 */
void web_pool_stop(web_pool *p);
/* web_pool_stop, and free (NULL: nothing). */
void web_pool_free(web_pool *p);

#endif
