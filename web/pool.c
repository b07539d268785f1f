/* pool.c: request threads shared out between addresses (pool.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

typedef struct pool_item {
    struct pool_item *next;
    void *item;
    int costly;
    char client[48];
} pool_item;

/* An address with requests running, and how many. */
typedef struct pool_client {
    char client[48];
    int running;
} pool_client;

struct web_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready; /* an item was queued, a request ended, or stopping began */
    pool_item *head, **tail;
    int waiting, max_waiting, share, stopping;
    int busy;               /* items running */
    int costly, max_costly; /* costly items running, and at most */
    web_pool_run run;
    pool_client *clients; /* one entry per thread at most: an address running nothing has none */
    pthread_t *threads;
    int nthreads, started;
};

/* The entry of `client` among those running (a free one for it when `make`), or NULL (lock held). */
static pool_client *client_of(web_pool *p, const char *client, int make)
{
    pool_client *free_entry = NULL;
    for (int i = 0; i < p->nthreads; i++) {
        if (p->clients[i].running && strcmp(p->clients[i].client, client) == 0)
            return &p->clients[i];
        if (!p->clients[i].running && !free_entry)
            free_entry = &p->clients[i];
    }
    if (make && free_entry)
        snprintf(free_entry->client, sizeof free_entry->client, "%s", client);
    return make ? free_entry : NULL;
}

/*
 * The waiting item to run next, unlinked (NULL if none): of the addresses
 * under their share (any, when stopping), the one running the fewest, its
 * oldest item; an address running nothing goes first. Before issue 57 the
 * oldest item under its share went: ten addresses looping costly requests
 * kept the queue full of their own, and another address's request waited
 * behind them (2.3 s).
 */
static pool_item *take(web_pool *p)
{
    pool_item **best = NULL;
    int least = 0;
    for (pool_item **at = &p->head; *at; at = &(*at)->next) {
        pool_client *c = client_of(p, (*at)->client, 0);
        int running = c ? c->running : 0;
        int room = running < p->share && (!(*at)->costly || p->costly < p->max_costly);
        if ((p->stopping || room) && (!best || running < least)) {
            best = at;
            least = running;
            if (running == 0)
                break;
        }
    }
    if (!best)
        return NULL;
    pool_item *it = *best;
    *best = it->next;
    if (!*best)
        p->tail = best;
    p->waiting--;
    return it;
}

static void *worker(void *arg)
{
    web_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        pool_item *it = take(p);
        if (!it) {
            if (p->stopping && p->busy == 0) /* no thread leaves while another runs an item (web_pool_stop) */
                break;
            pthread_cond_wait(&p->ready, &p->lock);
            continue;
        }
        pool_client *c = client_of(p, it->client, 1); /* one is free: at most nthreads run */
        c->running++;
        p->busy++;
        p->costly += it->costly;
        pthread_mutex_unlock(&p->lock);
        p->run(it->item);
        pthread_mutex_lock(&p->lock);
        c->running--;
        p->busy--;
        p->costly -= it->costly;
        free(it);
        if (p->head || p->stopping) /* an item may be under its share now; or the threads may leave */
            pthread_cond_broadcast(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int web_pool_new(int threads, int share, int max_costly, int max_waiting, web_pool_run run, web_pool **out)
{
    web_pool *p = calloc(1, sizeof *p);
    *out = NULL;
    if (!p)
        return -1;
    p->tail = &p->head;
    p->max_waiting = max_waiting;
    p->share = share < 1 ? 1 : share;
    p->max_costly = max_costly < 1 ? 1 : max_costly;
    p->run = run;
    p->nthreads = threads;
    p->clients = calloc((size_t)threads, sizeof *p->clients);
    p->threads = calloc((size_t)threads, sizeof *p->threads);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    if (!p->clients || !p->threads) {
        web_pool_free(p);
        return -1;
    }
    for (; p->started < threads; p->started++)
        if (pthread_create(&p->threads[p->started], NULL, worker, p) != 0) {
            web_pool_free(p);
            return -1;
        }
    *out = p;
    return 0;
}

int web_pool_add(web_pool *p, const char *client, void *item, int costly)
{
    pool_item *it = malloc(sizeof *it);
    if (!it)
        return -1;
    it->next = NULL;
    it->item = item;
    it->costly = costly != 0;
    snprintf(it->client, sizeof it->client, "%s", client ? client : "");
    pthread_mutex_lock(&p->lock);
    int rc = p->stopping ? -2 : p->waiting >= p->max_waiting ? -1 : 0;
    if (rc == 0) {
        *p->tail = it;
        p->tail = &it->next;
        p->waiting++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    if (rc != 0)
        free(it);
    return rc;
}

int web_pool_running(web_pool *p, const char *client)
{
    pthread_mutex_lock(&p->lock);
    pool_client *c = client_of(p, client, 0);
    int n = c ? c->running : 0;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void web_pool_stop(web_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->stopping = 1;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->started; i++)
        pthread_join(p->threads[i], NULL);
    p->started = 0;
}

void web_pool_free(web_pool *p)
{
    if (!p)
        return;
    web_pool_stop(p);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->ready);
    free(p->clients);
    free(p->threads);
    free(p);
}
