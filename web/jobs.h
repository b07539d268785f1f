/*
 * jobs.h: long computations started by a request and followed by others.
 *
 * A job runs a kind's function on its own thread. While it runs it
 * reports progress (done of total) and may publish a partial result (any
 * JSON value, e.g. histograms so far); it ends with a result (a JSON
 * value), an error, or cancelled. Listeners wait for changes with
 * web_job_wait(), which is what the server-sent events stream does.
 *
 * Limits: at most max_running jobs run at once, at most a kind's own
 * max_running of that kind, and at most max_running - 1 (at least 1) of
 * one client (the peer's address), so that no client takes every slot
 * (web_jobs_start() refuses more with CB_ETOOBIG); finished jobs are kept,
 * for their results, until max_kept jobs exist: then the oldest finished
 * job of the client that holds the most finished jobs goes first, so no
 * client's jobs push out the results of one that holds fewer.
 *
 * Stopping: web_jobs_stop() cancels every job, wakes every listener and
 * waits for the jobs' threads; afterwards nothing starts. web_jobs_cancel()
 * is its first half: cancel and wake, no wait.
 *
 * A kind's run function must return soon after web_job_canceled() turns
 * true (checking it every few milliseconds of work, or handing
 * web_job_cancel_flag() to the library), returning CB_ECANCELED. It owns
 * `arg` while it runs; free_arg frees it afterwards.
 */
#ifndef WEB_JOBS_H
#define WEB_JOBS_H

#include <stdint.h>

#include "codebreaker/status.h"
#include "codebreaker/json.h"
#include "request.h"

typedef struct web_job web_job;
typedef struct web_jobs web_jobs;

typedef enum web_job_state { WEB_JOB_RUNNING, WEB_JOB_DONE, WEB_JOB_FAILED, WEB_JOB_CANCELED } web_job_state;

typedef struct web_job_kind {
    const char *name;
    /* The work: write the final result (one JSON value) to result; a status and err on failure. */
    int (*run)(web_job *job, void *arg, cb_json *result, cb_error *err);
    void (*free_arg)(void *arg);
    int max_running; /* jobs of this kind running at once (0: only the registry's limit) */
} web_job_kind;

/* What a listener sees of a job at one moment; strings owned by the view. */
typedef struct web_job_view {
    web_job_state state;
    uint64_t done, total;
    double seconds;   /* since the start, or the whole run once finished */
    unsigned version; /* changes with every report */
    unsigned partial_version;
    char *partial; /* latest partial result, or NULL */
    char *result;  /* the result once done, or NULL */
    char error[CB_ERROR_MAX];
} web_job_view;

int web_jobs_new(int max_running, int max_kept, web_jobs **out);
/* Stop (as web_jobs_stop) and free; no job reference may be held. */
void web_jobs_free(web_jobs *jobs);
void web_jobs_stop(web_jobs *jobs);
void web_jobs_cancel(web_jobs *jobs);
int web_jobs_stopping(web_jobs *jobs);

/*
 * Start a job of `kind` with arg (owned by the job from now on, freed even
 * on failure); its id goes to id. CB_ETOOBIG when max_running jobs run,
 * CB_ECANCELED when stopping.
 */
int web_jobs_start(web_jobs *jobs, const web_job_kind *kind, void *arg, const char *client, char id[WEB_ID_LEN + 1]);
/* A reference to the job with this id (release with web_job_release), or NULL. */
web_job *web_jobs_find(web_jobs *jobs, const char *id);
void web_job_release(web_jobs *jobs, web_job *job);
/* Ask a job to stop; returns its state after the request. */
web_job_state web_job_cancel(web_jobs *jobs, web_job *job);
/* Running jobs now: all of them, or of one kind. */
int web_jobs_running(web_jobs *jobs);
int web_jobs_running_kind(web_jobs *jobs, const web_job_kind *kind);
/* Running jobs of one client, and how many one client may run. */
int web_jobs_running_client(web_jobs *jobs, const char *client);
int web_jobs_client_limit(const web_jobs *jobs);
/* Every job kept, as a JSON array of snapshots without results. */
void web_jobs_list_json(web_jobs *jobs, cb_json *j);

/* For run functions. */
int web_job_canceled(const web_job *job);
/* The same as a flag the library's cancel options read (cb_sim_options.cancel): non-zero once cancelled. */
const volatile int *web_job_cancel_flag(const web_job *job);
void web_job_progress(web_job *job, uint64_t done, uint64_t total);
/* Replace the partial result (a JSON value, copied). */
void web_job_publish(web_job *job, const char *json);

/* For listeners. */
const char *web_job_id(const web_job *job);
const char *web_job_kind_name(const web_job *job);
const char *web_job_state_name(web_job_state s);
/*
 * Wait until the job's version differs from seen, the job ends, the jobs
 * stop, or timeout_ms pass; then fill view (release with
 * web_job_view_release). Returns 1 on a change, 0 on a timeout, -1 when
 * stopping.
 */
int web_job_wait(web_jobs *jobs, web_job *job, unsigned seen, int timeout_ms, web_job_view *view);
void web_job_view_release(web_job_view *view);
/* The view as a JSON object: id, kind, state, progress, seconds, and partial/result/error when present. */
void web_job_view_json(const web_job *job, const web_job_view *view, int with_data, cb_json *j);

#endif
