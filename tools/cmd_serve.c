/*
 * cmd_serve.c: `codebreaker serve`: the web dashboard (see web/server.h and docs/web.md). A build
 * without libmicrohttpd (CB_HAVE_WEB undefined) keeps the command and its options, and says why it
 * cannot serve (exit status 1).
 */
#include "commands.h"

#ifdef CB_HAVE_WEB
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "exact.h"
#include "server.h"

static int run(cli *c)
{
    web_config cfg;
    int ok = 1;
    if (cli_no_args(c))
        return 2;
    web_config_default(&cfg);
    cfg.port = (int)cli_int(c, "port", 8080, 0, 65535, &ok);
    cfg.max_jobs = ok ? (int)cli_int(c, "jobs", 3, 1, 16, &ok) : 0;
    cfg.exact_seconds = ok ? cli_seconds(c, "exact-seconds", WEB_COACH_SECONDS, 3600, &ok) : 0;
    cfg.head_seconds = ok ? cli_seconds(c, "head-seconds", WEB_HEAD_SECONDS, 3600, &ok) : 0;
    cfg.body_seconds = ok ? cli_seconds(c, "body-seconds", WEB_BODY_MS / 1000.0, 3600, &ok) : 0;
    if (!ok)
        return 2;
    if (cli_get(c, "bind"))
        cfg.bind = cli_get(c, "bind");
    cfg.root = cli_get(c, "web"); /* NULL: the page compiled into the program */

    /* Block the stopping signals in every thread; this one waits for them below. */
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &old);

    web_server *srv;
    cb_error err;
    if (web_server_start(&cfg, &srv, &err) != CB_OK) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return cli_fail_err(&err);
    }
    if (!web_server_loopback(srv))
        fprintf(stderr, "codebreaker: warning: listening on %s, reachable from other machines\n", cfg.bind);
    printf("codebreaker: serving http://%s:%d/ (Ctrl-C stops)\n", cfg.bind, web_server_port(srv));
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    fprintf(stderr, "codebreaker: %s: stopping\n", sig == SIGINT ? "interrupted" : "terminated");
    web_server_stop(srv);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    fprintf(stderr, "codebreaker: stopped\n");
    return 0;
}
#else
static int run(cli *c)
{
    if (cli_no_args(c))
        return 2;
    (void)cli_fail(CB_EINVAL, "serve: this build has no web dashboard: it was built without libmicrohttpd "
                              "(CB_WEB; Debian: libmicrohttpd-dev)");
    return 1; /* not a usage error: the build lacks the part */
}
#endif

static const cli_opt opts[] = {
    {"port", "N", "TCP port (default 8080; 0 picks a free one and prints it)"},
    {"bind", "ADDR", "IPv4 address to listen on (default 127.0.0.1: this machine only)"},
    {"jobs", "N", "heavy jobs (analyses, simulations) running at once (default 3; one client may run all but one)"},
    {"exact-seconds", "SECONDS",
     "outer guard on each exact search of the coach's routes (default 60; they run one at a time, each with the "
     "library's budget of work): an answer says timed_out when it fired"},
    {"head-seconds", "SECONDS",
     "a request head (its line and headers) must come whole within this long of the connection's opening or of "
     "its previous answer, or the connection is closed (default 10)"},
    {"body-seconds", "SECONDS",
     "a request body must come whole within this long of its head, a millisecond more for each 48 bytes past "
     "16 KiB, or it is answered 408 (default 1)"},
    {"web", "DIR", "serve the page's files from DIR (default: the copy built into the program)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_serve = {
    "serve",
    "[OPTIONS]",
    "serve the web dashboard: play every game and analyse guesses in the browser",
    "codebreaker serve --port 8080   # then open http://127.0.0.1:8080/",
    opts,
    NULL,
    run,
};
