/* intake.c: request bodies arriving, at most a cap at once; beyond it the longest arriving is shed. */
#include <pthread.h>
#include <stdlib.h>

#include "intake.h"

typedef struct arrival {
    double start; /* when its body started arriving */
    int used, shed;
} arrival;

struct web_intake {
    pthread_mutex_t lock;
    int slots, cap, active; /* active: used and not shed */
    arrival *a;
};

int web_intake_new(int slots, int cap, web_intake **out)
{
    web_intake *in = calloc(1, sizeof *in);
    *out = NULL;
    if (!in || !(in->a = calloc((size_t)slots, sizeof *in->a))) {
        free(in);
        return -1;
    }
    pthread_mutex_init(&in->lock, NULL);
    in->slots = slots;
    in->cap = cap;
    *out = in;
    return 0;
}

void web_intake_free(web_intake *in)
{
    if (!in)
        return;
    pthread_mutex_destroy(&in->lock);
    free(in->a);
    free(in);
}

/* Shed the active arrival that started first; the lock is held. */
static void shed_oldest(web_intake *in)
{
    int old = -1;
    for (int i = 0; i < in->slots; i++)
        if (in->a[i].used && !in->a[i].shed && (old < 0 || in->a[i].start < in->a[old].start))
            old = i;
    if (old >= 0) {
        in->a[old].shed = 1;
        in->active--;
    }
}

int web_intake_enter(web_intake *in, double now)
{
    int slot = -1;
    pthread_mutex_lock(&in->lock);
    for (int i = 0; i < in->slots && slot < 0; i++)
        if (!in->a[i].used)
            slot = i;
    if (slot >= 0) {
        while (in->active >= in->cap && in->active > 0)
            shed_oldest(in);
        in->a[slot] = (arrival){now, 1, 0};
        in->active++;
    }
    pthread_mutex_unlock(&in->lock);
    return slot;
}

int web_intake_shed(web_intake *in, int slot)
{
    if (slot < 0)
        return 0;
    pthread_mutex_lock(&in->lock);
    int shed = in->a[slot].shed;
    pthread_mutex_unlock(&in->lock);
    return shed;
}

void web_intake_leave(web_intake *in, int slot)
{
    if (slot < 0)
        return;
    pthread_mutex_lock(&in->lock);
    if (!in->a[slot].shed)
        in->active--;
    in->a[slot].used = in->a[slot].shed = 0;
    pthread_mutex_unlock(&in->lock);
}
