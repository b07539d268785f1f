/*
 * test_web.c: the dashboard's request decoding (web/request.c), the intake of request bodies
 * (web/intake.c) and the request threads shared between addresses (web/pool.c). Its JSON writer is
 * the library's: test_json.c.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "intake.h"
#include "pool.h"
#include "codebreaker/json.h"
#include "request.h"

static int parse(web_req *r, const char *query, const char *body)
{
    memset(r, 0, sizeof *r);
    cb_json_init(&r->out);
    return web_req_parse(r, query, body);
}

static void decoding(void)
{
    web_req r;
    long long x;
    int b;
    CHECK(parse(&r, "game=wordle&history=salet%3D.Y...%2Ccrony%3D..G..&seed=+12", NULL) == 0);
    CHECK(strcmp(web_req_get(&r, "game"), "wordle") == 0);
    CHECK(strcmp(web_req_get(&r, "history"), "salet=.Y...,crony=..G..") == 0);
    CHECK(web_req_int(&r, "seed", 0, 0, 100, &x) < 0 && r.status == 400); /* "+12" decodes to " 12" */
    CHECK(web_req_get(&r, "absent") == NULL);
    web_req_release(&r);

    CHECK(parse(&r, "a=1&&b=&c", "d=x+y") == 0 && r.nparams == 4);
    CHECK(strcmp(web_req_get(&r, "b"), "") == 0 && strcmp(web_req_get(&r, "c"), "") == 0);
    CHECK(strcmp(web_req_get(&r, "d"), "x y") == 0);
    CHECK(web_req_allow(&r, "a b c d") == 0);
    CHECK(web_req_allow(&r, "a b c") < 0 && strstr(r.error, "'d'") != NULL);
    web_req_release(&r);

    static const char *const bad[] = {"a=%", "a=%4", "a=%zz", "a=%00", "%=1", "=1", "a=1&a=2", NULL};
    for (int i = 0; bad[i]; i++) {
        CHECK_MSG(parse(&r, bad[i], NULL) < 0 && r.status == 400, "%s", bad[i]);
        web_req_release(&r);
    }
    /* escapes in either case, '+' in names too, a raw space kept, a value at the limit once decoded */
    CHECK(parse(&r, "a%2bb+c=%4a%4A+x%20y", "d=p q") == 0 && r.nparams == 2);
    CHECK(strcmp(r.params[0].name, "a+b c") == 0 && strcmp(r.params[0].value, "JJ x y") == 0);
    CHECK(strcmp(web_req_get(&r, "d"), "p q") == 0);
    web_req_release(&r);
    static char longest[3 * WEB_MAX_VALUE + 8];
    strcpy(longest, "v=");
    for (int i = 0; i < WEB_MAX_VALUE; i++)
        strcat(longest + 2 + 3 * (size_t)i, "%41");
    CHECK(parse(&r, longest, NULL) == 0 && strlen(web_req_get(&r, "v")) == WEB_MAX_VALUE);
    web_req_release(&r);
    strcat(longest, "A");
    CHECK(parse(&r, longest, NULL) < 0 && r.status == 413 && strstr(r.error, "is too long") != NULL);
    web_req_release(&r);
    static const char *const bad_names[] = {"a%=1", "%00a=1", "b=2&%zz=1", NULL};
    for (int i = 0; bad_names[i]; i++) {
        CHECK_MSG(parse(&r, bad_names[i], NULL) < 0 && r.status == 400 && strstr(r.error, "name") != NULL, "%s",
                  bad_names[i]);
        web_req_release(&r);
    }
    CHECK(parse(&r, "ok=1&v=a%0", NULL) < 0 && r.status == 400 && strstr(r.error, "'v': malformed value") != NULL);
    web_req_release(&r);
    char many[400] = "";
    for (int i = 0; i <= WEB_MAX_PARAMS; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "p%d=1&", i);
    CHECK(parse(&r, many, NULL) < 0 && strstr(r.error, "too many") != NULL);
    web_req_release(&r);

    CHECK(parse(&r, "n=42&m=-3&big=99999999999999999999&hex=0x1&e=1e3&empty=&y=true&z=maybe", NULL) == 0);
    CHECK(web_req_int(&r, "n", 0, 0, 100, &x) == 0 && x == 42);
    CHECK(web_req_int(&r, "m", 0, -5, 5, &x) == 0 && x == -3);
    CHECK(web_req_int(&r, "n", 0, 0, 10, &x) < 0 && strstr(r.error, "out of range") != NULL);
    CHECK(web_req_int(&r, "big", 0, 0, 100, &x) < 0 && strstr(r.error, "out of range") != NULL);
    CHECK(web_req_int(&r, "hex", 0, 0, 100, &x) < 0 && strstr(r.error, "whole number") != NULL);
    CHECK(web_req_int(&r, "e", 0, 0, 10000, &x) < 0);
    CHECK(web_req_int(&r, "empty", 7, 0, 100, &x) == 0 && x == 7);
    CHECK(web_req_bool(&r, "y", 0, &b) == 0 && b == 1);
    CHECK(web_req_bool(&r, "z", 0, &b) < 0);
    static const char *const choices[] = {"one", "two", NULL};
    int c;
    CHECK(web_req_choice(&r, "absent", choices, 1, &c) == 0 && c == 1);
    CHECK(web_req_choice(&r, "n", choices, 0, &c) < 0 && strstr(r.error, "use one, two") != NULL);
    web_req_release(&r);

    char id[WEB_ID_LEN + 1], id2[WEB_ID_LEN + 1];
    web_random_id(id);
    web_random_id(id2);
    CHECK(strlen(id) == WEB_ID_LEN && strspn(id, "0123456789abcdef") == WEB_ID_LEN && strcmp(id, id2) != 0);
    CHECK(web_random_seed() < (1ull << 53));
}

/* At most cap bodies arrive at once; one more sheds the one that started first, never a newer one. */
static void intake(void)
{
    web_intake *in;
    CHECK(web_intake_new(4, 2, &in) == 0);
    int a = web_intake_enter(in, 1.0), b = web_intake_enter(in, 2.0);
    CHECK(a >= 0 && b >= 0 && a != b && !web_intake_shed(in, a) && !web_intake_shed(in, b));
    int c = web_intake_enter(in, 3.0);
    CHECK(c >= 0 && web_intake_shed(in, a) && !web_intake_shed(in, b) && !web_intake_shed(in, c));
    web_intake_leave(in, b); /* b's body came: room for one more without shedding */
    int d = web_intake_enter(in, 4.0);
    CHECK(d >= 0 && !web_intake_shed(in, c) && !web_intake_shed(in, d));
    int e = web_intake_enter(in, 5.0); /* the slots: a (shed, still reading), c, d, e */
    CHECK(e >= 0 && web_intake_shed(in, c) && !web_intake_shed(in, d) && !web_intake_shed(in, e));
    CHECK(web_intake_enter(in, 6.0) == -1); /* every slot taken */
    web_intake_leave(in, a);
    int f = web_intake_enter(in, 7.0);
    CHECK(f == a && !web_intake_shed(in, f) && web_intake_shed(in, d) && !web_intake_shed(in, e));
    web_intake_leave(in, -1);
    web_intake_free(in);
    web_intake_free(NULL);
}

/* Items of the pool test: those of address "a" wait for the gate; the test waits on `started`. */
static struct {
    pthread_mutex_t m;
    pthread_cond_t c;
    int open, started[8], count;
} gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, {0}, 0};

static int item_ids[8] = {0, 1, 2, 3, 4, 5, 6, 7};

static void gated(void *item)
{
    int id = *(int *)item;
    pthread_mutex_lock(&gate.m);
    gate.started[id] = 1;
    gate.count++;
    pthread_cond_broadcast(&gate.c);
    while (id < 4 && !gate.open)
        pthread_cond_wait(&gate.c, &gate.m);
    pthread_mutex_unlock(&gate.m);
}

/*
 * One address runs at most its share of the threads: its four slow requests
 * on four threads (share 2) leave two for another address, whose request
 * runs while they wait (before, every thread could be one address's).
 */
static void pool(void)
{
    web_pool *p;
    CHECK(web_pool_new(4, 2, 4, 16, gated, &p) == 0);
    for (int i = 0; i < 4; i++)
        CHECK(web_pool_add(p, "a", &item_ids[i], 0) == 0);
    CHECK(web_pool_add(p, "b", &item_ids[4], 0) == 0);
    pthread_mutex_lock(&gate.m);
    /* b's request starts, or (without shares) a's four take the four threads and b's waits */
    while (!gate.started[4] && gate.count < 4)
        pthread_cond_wait(&gate.c, &gate.m);
    int a_started = gate.started[0] + gate.started[1] + gate.started[2] + gate.started[3];
    CHECK_MSG(gate.started[4] && a_started <= 2, "b's request started: %d; a's running: %d", gate.started[4],
              a_started);
    gate.open = 1;
    pthread_cond_broadcast(&gate.c);
    pthread_mutex_unlock(&gate.m);
    web_pool_free(p); /* runs what waits, then joins */
    CHECK(gate.count == 5);

    /* at most max_waiting wait; none is taken once stopping began */
    gate.open = 0;
    gate.count = 0;
    memset(gate.started, 0, sizeof gate.started);
    CHECK(web_pool_new(1, 1, 1, 2, gated, &p) == 0);
    CHECK(web_pool_add(p, "a", &item_ids[0], 0) == 0);
    pthread_mutex_lock(&gate.m);
    while (!gate.started[0])
        pthread_cond_wait(&gate.c, &gate.m);
    pthread_mutex_unlock(&gate.m);
    CHECK(web_pool_running(p, "a") == 1 && web_pool_running(p, "b") == 0);
    CHECK(web_pool_add(p, "b", &item_ids[5], 0) == 0 && web_pool_add(p, "b", &item_ids[6], 0) == 0);
    CHECK(web_pool_add(p, "c", &item_ids[7], 0) == -1);
    pthread_mutex_lock(&gate.m);
    gate.open = 1;
    pthread_cond_broadcast(&gate.c);
    pthread_mutex_unlock(&gate.m);
    web_pool_stop(p);
    CHECK(gate.count == 3 && web_pool_add(p, "c", &item_ids[7], 0) == -2);
    web_pool_free(p);

    /*
     * At most max_costly costly requests run (issue 57): a's second waits
     * while a thread is free, and b's cheap one runs (before, ten addresses
     * computing at once took both cores from everyone's requests).
     */
    gate.open = 0;
    gate.count = 0;
    memset(gate.started, 0, sizeof gate.started);
    CHECK(web_pool_new(3, 3, 1, 16, gated, &p) == 0);
    CHECK(web_pool_add(p, "a", &item_ids[0], 1) == 0 && web_pool_add(p, "a", &item_ids[1], 1) == 0);
    CHECK(web_pool_add(p, "b", &item_ids[4], 0) == 0);
    pthread_mutex_lock(&gate.m);
    while (!gate.started[4] || gate.started[0] + gate.started[1] == 0)
        pthread_cond_wait(&gate.c, &gate.m);
    CHECK_MSG(gate.started[0] + gate.started[1] == 1, "costly requests running: %d (at most 1)",
              gate.started[0] + gate.started[1]);
    gate.open = 1;
    pthread_cond_broadcast(&gate.c);
    pthread_mutex_unlock(&gate.m);
    web_pool_free(p);
    CHECK(gate.count == 3);
}

int main(void)
{
    decoding();
    intake();
    pool();
    return check_done("test_web");
}
