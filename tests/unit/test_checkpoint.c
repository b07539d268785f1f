/*
 * test_checkpoint.c: the checkpoints inside an opener (cb_optimal_options.on_point, points;
 * src/solver/checkpoint.c) and their file (src/solver/ckptfile.c): every point a search reports holds (its
 * position's own proof, by cb_state_apply of its turns, gives the same total, or one at least its bound),
 * the points given back to a search leave its result as it was and spare it work, a point that cannot hold
 * is refused, and the file's lines read back as written, an edited line or another key refused.
 */
#include <string.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

#define MAXP 4096

typedef struct told {
    cb_optimal_point p[MAXP];
    size_t n;
} told;

static void on_point(const cb_optimal_point *p, void *arg)
{
    told *t = arg;
    if (t->n < MAXP)
        t->p[t->n++] = *p;
}

static void base_options(cb_optimal_options *o)
{
    cb_optimal_options_default(o);
    o->threads = 1;
    o->cutoff = 2464; /* Mastermind 5 colours x 4 pegs: 2463 (Ville 2013) */
}

/* The least total from p's position (opening with p->play when set), proved by a search from there; 0 on failure. */
static uint64_t proved_at(const cb_table *table, const cb_optimal_point *p)
{
    cb_state *st;
    cb_optimal_options o;
    cb_optimal_result r;
    uint64_t v = 0;
    if (cb_state_new(table, &st) != CB_OK)
        return 0;
    int rc = CB_OK;
    for (int t = 0; t < p->turns && rc == CB_OK; t++)
        rc = cb_state_apply(st, p->guess[t], p->feedback[t]);
    cb_optimal_options_default(&o);
    o.threads = 1;
    o.from = st;
    o.first = p->play;
    if (rc == CB_OK && cb_optimal_solve(table, &o, &r, NULL) == CB_OK) {
        v = r.proved && !r.infeasible ? r.total : 0;
        cb_optimal_result_release(&r);
    }
    cb_state_free(st);
    return v;
}

/* The points of a search of every opener, each against its position's own proof (a sample of them). */
static void points_hold(const cb_table *table, told *t, uint64_t *nodes, uint64_t *work)
{
    cb_optimal_options o;
    cb_optimal_result r;
    base_options(&o);
    o.on_point = on_point;
    o.on_point_arg = t;
    o.point_work = 1; /* every position and guess searched */
    CHECK(cb_optimal_solve(table, &o, &r, NULL) == CB_OK);
    CHECK(r.proved && r.total == 2463);
    *nodes = r.nodes;
    *work = r.work;
    cb_optimal_result_release(&r);
    size_t kinds[2] = {0, 0}, bounds = 0;
    for (size_t i = 0; i < t->n; i++) {
        const cb_optimal_point *p = &t->p[i];
        kinds[p->play != CB_NONE]++;
        bounds += !p->exact;
        CHECK(p->turns >= 1 && p->turns <= CB_OPTIMAL_POINT_DEPTH);
        CHECK(p->play != CB_NONE || !p->exact || p->best != CB_NONE);
    }
    CHECK_MSG(kinds[0] > 10 && kinds[1] > 10 && bounds > 0 && t->n < MAXP,
              "%zu node points, %zu guess points, %zu bounds", kinds[0], kinds[1], bounds);
    for (size_t i = 0; i < t->n; i += 1 + t->n / 60) {
        const cb_optimal_point *p = &t->p[i];
        uint64_t v = proved_at(table, p);
        CHECK_MSG(v && (p->exact ? v == p->value : v >= p->value), "point %zu: %s %llu, proved %llu", i,
                  p->exact ? "exact" : "bound", (unsigned long long)p->value, (unsigned long long)v);
    }
}

/* The points given back: the same result with less work; a point that cannot hold refused. */
static void points_restored(const cb_table *table, const told *t, uint64_t nodes, uint64_t work)
{
    cb_optimal_options o;
    cb_optimal_result r;
    cb_error err;
    base_options(&o);
    o.points = t->p;
    o.npoints = t->n;
    CHECK(cb_optimal_solve(table, &o, &r, NULL) == CB_OK);
    CHECK(r.proved && r.total == 2463);
    CHECK_MSG(r.nodes < nodes && r.work < work, "%llu nodes, %llu pairs; %llu and %llu without the points",
              (unsigned long long)r.nodes, (unsigned long long)r.work, (unsigned long long)nodes,
              (unsigned long long)work);
    cb_optimal_result_release(&r);
    static cb_optimal_point bad[MAXP];
    size_t k = 0;
    while (k < t->n && (t->p[k].play != CB_NONE || !t->p[k].exact))
        k++;
    CHECK(k < t->n);
    memcpy(bad, t->p, t->n * sizeof *bad);
    bad[k].value = 1; /* below the position's lower bound */
    o.points = bad;
    CHECK(cb_optimal_solve(table, &o, &r, &err) == CB_EINVAL && strstr(err.message, "lower bound"));
    bad[k] = t->p[k];
    bad[k].feedback[bad[k].turns - 1] = cb_game_won(cb_table_game(table)); /* a win leaves no position */
    CHECK(cb_optimal_solve(table, &o, &r, &err) == CB_EINVAL && strstr(err.message, "feedback"));
}

/* The file: every point's line read back as it was; a cut last line left out; an edited line, another key refused. */
static void file_checked(const cb_game *game, const told *t)
{
    const char *search = "mastermind test; cutoff 2464";
    const uint64_t key[2] = {1, 2}, other[2] = {1, 3};
    static char text[1 << 20];
    char line[4096];
    cb_optimal_seal seal;
    cb_optimal_point *back;
    size_t n;
    long cut;
    cb_error err;
    cb_optimal_checkpoint_seal_init(game, search, key, &seal);
    cb_optimal_checkpoint_header(&seal, search, text, sizeof text);
    size_t len = strlen(text);
    for (size_t i = 0; i < t->n; i++) {
        CHECK(cb_optimal_checkpoint_line(game, &seal, &t->p[i], line, sizeof line, NULL) == CB_OK);
        size_t l = strlen(line);
        if (len + l + 1 < sizeof text) {
            memcpy(text + len, line, l + 1);
            len += l;
        }
    }
    CHECK(cb_optimal_checkpoint_parse(game, text, len, search, key, &back, &n, &cut, &err) == CB_OK);
    CHECK(n == t->n && cut == -1);
    for (size_t i = 0; back && i < n && i < t->n; i++) {
        const cb_optimal_point *a = &t->p[i], *b = &back[i];
        int same = a->turns == b->turns && a->play == b->play && a->value == b->value && a->exact == b->exact &&
                   a->best == b->best;
        for (int k = 0; same && k < a->turns; k++)
            same = a->guess[k] == b->guess[k] && a->feedback[k] == b->feedback[k];
        CHECK_MSG(same, "point %zu read back otherwise", i);
    }
    free(back);
    /* the last line cut short: left out, where it starts said */
    char *last = text + len - 2;
    while (*last != '\n')
        last--;
    CHECK(cb_optimal_checkpoint_parse(game, text, len - 5, search, key, &back, &n, &cut, &err) == CB_OK);
    CHECK(n == t->n - 1 && cut == (long)(last + 1 - text));
    free(back);
    /* another installation's key: refused at line 4; another search at line 2 */
    CHECK(cb_optimal_checkpoint_parse(game, text, len, search, other, &back, &n, &cut, &err) == CB_EINVAL &&
          strstr(err.message, "line 4:"));
    CHECK(cb_optimal_checkpoint_parse(game, text, len, "mastermind test; cutoff 2465", key, &back, &n, &cut, &err) ==
              CB_EINVAL &&
          strstr(err.message, "line 2:"));
    /* the fifth line (the first point) edited: its digest fails */
    char *p5 = strchr(strstr(text, "\n# key") + 1, '\n') + 1;
    p5[strcspn(p5, "0123456789")] ^= 1; /* a digit of its turns or its value, another digit */
    CHECK(cb_optimal_checkpoint_parse(game, text, len, search, key, &back, &n, &cut, &err) == CB_EINVAL &&
          strstr(err.message, "line 5:") && strstr(err.message, "does not verify"));
}

int main(void)
{
    cb_game *game = world_game(CB_RULE_MASTERMIND, 5, 4, 0);
    cb_table *table = NULL;
    static told t;
    uint64_t nodes = 0, work = 0;
    CHECK(game && cb_table_new(game, NULL, &table, NULL) == CB_OK);
    if (table) {
        points_hold(table, &t, &nodes, &work);
        points_restored(table, &t, nodes, work);
        file_checked(game, &t);
    }
    cb_table_free(table);
    cb_game_free(game);
    return check_done("test_checkpoint");
}
