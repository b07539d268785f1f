/* jobs.c: the job registry of jobs.h: one thread per job, one lock and one condition for all. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jobs.h"

struct web_job {
    char id[WEB_ID_LEN + 1];
    const web_job_kind *kind;
    void *arg;
    pthread_t thread;
    int joined;
    atomic_int cancel;
    volatile int cancel_flag; /* a copy of cancel for the library, which reads it with __atomic_load_n */
    int refs;                 /* the registry's, plus one per web_jobs_find() */
    web_jobs *owner;
    /* guarded by the registry lock */
    web_job_state state;
    uint64_t done, total;
    double start, end;
    unsigned version, partial_version;
    char *partial, *result;
    char error[CB_ERROR_MAX];
    char client[48]; /* the address that started it */
    web_job *next;
};

struct web_jobs {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    web_job *head; /* newest first */
    int running, kept, max_running, max_kept, stopping;
};

int web_jobs_new(int max_running, int max_kept, web_jobs **out)
{
    web_jobs *jobs = calloc(1, sizeof *jobs);
    if (!jobs)
        return CB_ENOMEM;
    pthread_mutex_init(&jobs->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&jobs->changed, &attr);
    pthread_condattr_destroy(&attr);
    jobs->max_running = max_running;
    jobs->max_kept = max_kept;
    *out = jobs;
    return CB_OK;
}

static void job_free(web_job *job)
{
    if (job->kind->free_arg)
        job->kind->free_arg(job->arg);
    free(job->partial);
    free(job->result);
    free(job);
}

/* Drop one reference; the caller holds the lock and the job's thread has been joined when it was the last. */
static void unref_locked(web_job *job)
{
    if (--job->refs == 0)
        job_free(job);
}

static void *job_main(void *p)
{
    web_job *job = p;
    web_jobs *jobs = job->owner;
    cb_json result;
    cb_error err = {0, ""};
    cb_json_init(&result);
    int rc = job->kind->run(job, job->arg, &result, &err);
    char *text = rc == CB_OK ? cb_json_take(&result) : NULL;
    cb_json_release(&result);
#ifdef __GLIBC__
    malloc_trim(0); /* a job's work areas were large: give the freed pages back (glibc keeps them otherwise) */
#endif
    pthread_mutex_lock(&jobs->lock);
    job->end = cb_seconds();
    if (rc == CB_OK && text) {
        job->state = WEB_JOB_DONE;
        job->result = text;
    } else if (rc == CB_ECANCELED || job->cancel) {
        job->state = WEB_JOB_CANCELED;
        free(text);
    } else {
        job->state = WEB_JOB_FAILED;
        snprintf(job->error, sizeof job->error, "%s", err.message[0] ? err.message : cb_strerror(rc ? rc : CB_ENOMEM));
        free(text);
    }
    job->version++;
    jobs->running--;
    pthread_cond_broadcast(&jobs->changed);
    pthread_mutex_unlock(&jobs->lock);
    return NULL;
}

/* Finished jobs of this client (lock held). */
static int finished_of_locked(const web_jobs *jobs, const char *client)
{
    int n = 0;
    for (const web_job *job = jobs->head; job; job = job->next)
        n += job->state != WEB_JOB_RUNNING && strcmp(job->client, client) == 0;
    return n;
}

/*
 * Forget finished jobs beyond max_kept (lock held): the oldest of the
 * client holding the most finished jobs. Joining a finished job's thread
 * returns at once.
 */
static void trim_locked(web_jobs *jobs)
{
    while (jobs->kept >= jobs->max_kept) {
        web_job **victim = NULL;
        int most = 0;
        for (web_job **p = &jobs->head; *p; p = &(*p)->next) {
            if ((*p)->state == WEB_JOB_RUNNING)
                continue;
            int n = finished_of_locked(jobs, (*p)->client);
            if (n >= most) { /* the last match of the heaviest client is its oldest */
                most = n;
                victim = p;
            }
        }
        if (!victim)
            return;
        web_job *job = *victim;
        *victim = job->next;
        jobs->kept--;
        if (!job->joined) {
            pthread_join(job->thread, NULL);
            job->joined = 1;
        }
        unref_locked(job);
    }
}

static int running_kind_locked(web_jobs *jobs, const web_job_kind *kind)
{
    int n = 0;
    for (web_job *job = jobs->head; job; job = job->next)
        n += job->kind == kind && job->state == WEB_JOB_RUNNING;
    return n;
}

static int running_client_locked(web_jobs *jobs, const char *client)
{
    int n = 0;
    for (web_job *job = jobs->head; job; job = job->next)
        n += job->state == WEB_JOB_RUNNING && strcmp(job->client, client) == 0;
    return n;
}

int web_jobs_client_limit(const web_jobs *jobs)
{
    return jobs->max_running > 1 ? jobs->max_running - 1 : 1;
}

int web_jobs_running_client(web_jobs *jobs, const char *client)
{
    pthread_mutex_lock(&jobs->lock);
    int n = running_client_locked(jobs, client ? client : "");
    pthread_mutex_unlock(&jobs->lock);
    return n;
}

int web_jobs_start(web_jobs *jobs, const web_job_kind *kind, void *arg, const char *client, char id[WEB_ID_LEN + 1])
{
    web_job *job = calloc(1, sizeof *job);
    if (!job) {
        if (kind->free_arg)
            kind->free_arg(arg);
        return CB_ENOMEM;
    }
    job->kind = kind;
    job->arg = arg;
    job->owner = jobs;
    job->refs = 1;
    job->start = cb_seconds();
    web_random_id(job->id);
    snprintf(job->client, sizeof job->client, "%s", client ? client : "");
    pthread_mutex_lock(&jobs->lock);
    int full = jobs->running >= jobs->max_running ||
               (kind->max_running && running_kind_locked(jobs, kind) >= kind->max_running) ||
               running_client_locked(jobs, job->client) >= web_jobs_client_limit(jobs);
    int rc = jobs->stopping ? CB_ECANCELED : full ? CB_ETOOBIG : CB_OK;
    if (rc == CB_OK) {
        trim_locked(jobs);
        if (pthread_create(&job->thread, NULL, job_main, job) != 0)
            rc = CB_ENOMEM;
    }
    if (rc != CB_OK) {
        pthread_mutex_unlock(&jobs->lock);
        job_free(job);
        return rc;
    }
    jobs->running++;
    jobs->kept++;
    job->next = jobs->head;
    jobs->head = job;
    memcpy(id, job->id, WEB_ID_LEN + 1);
    pthread_mutex_unlock(&jobs->lock);
    return CB_OK;
}

web_job *web_jobs_find(web_jobs *jobs, const char *id)
{
    pthread_mutex_lock(&jobs->lock);
    web_job *job = jobs->head;
    while (job && strcmp(job->id, id) != 0)
        job = job->next;
    if (job)
        job->refs++;
    pthread_mutex_unlock(&jobs->lock);
    return job;
}

void web_job_release(web_jobs *jobs, web_job *job)
{
    if (!job)
        return;
    pthread_mutex_lock(&jobs->lock);
    unref_locked(job); /* never the last: the registry's reference goes only after the join */
    pthread_mutex_unlock(&jobs->lock);
}

/* Both flags: the job's own, and the copy the library reads (atomically). */
static void cancel_job(web_job *job)
{
    atomic_store(&job->cancel, 1);
    __atomic_store_n(&job->cancel_flag, 1, __ATOMIC_RELAXED);
}

web_job_state web_job_cancel(web_jobs *jobs, web_job *job)
{
    pthread_mutex_lock(&jobs->lock);
    if (job->state == WEB_JOB_RUNNING)
        cancel_job(job);
    web_job_state s = job->state;
    pthread_mutex_unlock(&jobs->lock);
    return s;
}

int web_jobs_running(web_jobs *jobs)
{
    pthread_mutex_lock(&jobs->lock);
    int n = jobs->running;
    pthread_mutex_unlock(&jobs->lock);
    return n;
}

int web_jobs_running_kind(web_jobs *jobs, const web_job_kind *kind)
{
    pthread_mutex_lock(&jobs->lock);
    int n = running_kind_locked(jobs, kind);
    pthread_mutex_unlock(&jobs->lock);
    return n;
}

void web_jobs_cancel(web_jobs *jobs)
{
    pthread_mutex_lock(&jobs->lock);
    jobs->stopping = 1;
    for (web_job *job = jobs->head; job; job = job->next)
        cancel_job(job);
    pthread_cond_broadcast(&jobs->changed);
    pthread_mutex_unlock(&jobs->lock);
}

void web_jobs_stop(web_jobs *jobs)
{
    web_jobs_cancel(jobs);
    /* join outside the lock: finishing jobs take it. The list only changes under web_jobs_start(), refused now. */
    for (web_job *job = jobs->head; job; job = job->next)
        if (!job->joined) {
            pthread_join(job->thread, NULL);
            job->joined = 1;
        }
}

int web_jobs_stopping(web_jobs *jobs)
{
    pthread_mutex_lock(&jobs->lock);
    int s = jobs->stopping;
    pthread_mutex_unlock(&jobs->lock);
    return s;
}

void web_jobs_free(web_jobs *jobs)
{
    if (!jobs)
        return;
    web_jobs_stop(jobs);
    for (web_job *job = jobs->head, *next; job; job = next) {
        next = job->next;
        job_free(job);
    }
    pthread_cond_destroy(&jobs->changed);
    pthread_mutex_destroy(&jobs->lock);
    free(jobs);
}

int web_job_canceled(const web_job *job)
{
    return atomic_load_explicit(&job->cancel, memory_order_relaxed) != 0;
}

const volatile int *web_job_cancel_flag(const web_job *job)
{
    return &job->cancel_flag;
}

void web_job_progress(web_job *job, uint64_t done, uint64_t total)
{
    web_jobs *jobs = job->owner;
    pthread_mutex_lock(&jobs->lock);
    job->done = done;
    job->total = total;
    job->version++;
    pthread_cond_broadcast(&jobs->changed);
    pthread_mutex_unlock(&jobs->lock);
}

void web_job_publish(web_job *job, const char *json)
{
    web_jobs *jobs = job->owner;
    char *copy = strdup(json);
    if (!copy)
        return;
    pthread_mutex_lock(&jobs->lock);
    free(job->partial);
    job->partial = copy;
    job->version++;
    job->partial_version = job->version;
    pthread_cond_broadcast(&jobs->changed);
    pthread_mutex_unlock(&jobs->lock);
}

const char *web_job_id(const web_job *job)
{
    return job->id;
}
const char *web_job_kind_name(const web_job *job)
{
    return job->kind->name;
}

const char *web_job_state_name(web_job_state s)
{
    static const char *const names[] = {"running", "done", "failed", "canceled"};
    return names[s];
}

static void fill_view(const web_job *job, web_job_view *v)
{
    v->state = job->state;
    v->done = job->done;
    v->total = job->total;
    v->seconds = (job->state == WEB_JOB_RUNNING ? cb_seconds() : job->end) - job->start;
    v->version = job->version;
    v->partial_version = job->partial_version;
    v->partial = job->partial ? strdup(job->partial) : NULL;
    v->result = job->result ? strdup(job->result) : NULL;
    memcpy(v->error, job->error, sizeof v->error);
}

int web_job_wait(web_jobs *jobs, web_job *job, unsigned seen, int timeout_ms, web_job_view *view)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    int rc = 1;
    pthread_mutex_lock(&jobs->lock);
    while (job->version == seen && job->state == WEB_JOB_RUNNING && !jobs->stopping) {
        if (pthread_cond_timedwait(&jobs->changed, &jobs->lock, &until) == ETIMEDOUT) {
            rc = 0;
            break;
        }
    }
    if (jobs->stopping && job->version == seen)
        rc = -1;
    fill_view(job, view);
    pthread_mutex_unlock(&jobs->lock);
    return rc;
}

void web_job_view_release(web_job_view *view)
{
    free(view->partial);
    free(view->result);
    view->partial = view->result = NULL;
}

void web_job_view_json(const web_job *job, const web_job_view *v, int with_data, cb_json *j)
{
    cb_json_raw(j, "{");
    cb_json_key(j, "id");
    cb_json_str(j, job->id);
    cb_json_key(j, "kind");
    cb_json_str(j, job->kind->name);
    cb_json_key(j, "state");
    cb_json_str(j, web_job_state_name(v->state));
    cb_json_printf(j, ",\"done\":%llu,\"total\":%llu,\"seconds\":%.3f", (unsigned long long)v->done,
                   (unsigned long long)v->total, v->seconds);
    if (v->error[0]) {
        cb_json_key(j, "error");
        cb_json_str(j, v->error);
    }
    if (with_data && v->partial && !v->result) {
        cb_json_key(j, "partial");
        cb_json_raw(j, v->partial);
    }
    if (with_data && v->result) {
        cb_json_key(j, "result");
        cb_json_raw(j, v->result);
    }
    cb_json_raw(j, "}");
}

void web_jobs_list_json(web_jobs *jobs, cb_json *j)
{
    cb_json_raw(j, "[");
    pthread_mutex_lock(&jobs->lock);
    for (web_job *job = jobs->head; job; job = job->next) {
        web_job_view v;
        fill_view(job, &v);
        cb_json_sep(j);
        web_job_view_json(job, &v, 0, j);
        web_job_view_release(&v);
    }
    pthread_mutex_unlock(&jobs->lock);
    cb_json_raw(j, "]");
}
