/* sessions.c: played games: secrets kept on the server, guesses checked, details of the last guess. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "sessions.h"
#include "strategies.h"

#define SAMPLE 6       /* secrets shown per part */
#define MAX_GROUPS 400 /* parts listed at most */
#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

typedef struct session {
    char id[WEB_ID_LEN + 1];
    web_game *wg;
    cb_state *st;
    uint32_t secret; /* secret index */
    int mapping;     /* Symble: the hidden bijection */
    int over, won, gave_up;
    uint64_t seed;
    long daily;  /* the daily game's number, or -1 */
    cb_date day; /* and its date */
    char date[CB_DAILY_TEXT];
    double used, max_idle;
    size_t bytes;    /* estimated when it starts */
    char client[48]; /* the address that started it */
    struct session *next;
} session;

struct web_sessions {
    pthread_mutex_t lock;
    web_games *games;
    session *head;
    int count;
    size_t bytes;
    web_session_limits lim;
};

int web_sessions_new(web_games *games, const web_session_limits *lim, web_sessions **out)
{
    web_sessions *ss = calloc(1, sizeof *ss);
    if (!ss)
        return CB_ENOMEM;
    pthread_mutex_init(&ss->lock, NULL);
    ss->games = games;
    ss->lim = *lim;
    *out = ss;
    return CB_OK;
}

static void session_free(web_sessions *ss, session *s)
{
    cb_state_free(s->st);
    web_game_release(ss->games, s->wg);
    free(s);
}

/* Unlink *p and free it (lock held). */
static void drop_locked(web_sessions *ss, session **p)
{
    session *s = *p;
    *p = s->next;
    ss->count--;
    ss->bytes -= s->bytes;
    session_free(ss, s);
}

/* A session's memory: its state's candidates and, conservatively, its game's codes (each session pays). */
static size_t session_bytes(const cb_game *g)
{
    size_t secrets = cb_game_secret_count(g), guesses = cb_game_guess_count(g);
    return sizeof(session) + secrets * (sizeof(uint32_t) + 1) + guesses * ((size_t)cb_game_length(g) + 16);
}

/* Idle seconds before a session of this size is forgotten. */
static double idle_limit(const web_sessions *ss, size_t bytes)
{
    double t = ss->lim.max_idle;
    if (bytes > WEB_SESSION_SMALL)
        t *= (double)WEB_SESSION_SMALL / (double)bytes;
    return t < WEB_SESSION_MIN_IDLE ? WEB_SESSION_MIN_IDLE : t;
}

/* How many sessions, and bytes, the client holds (lock held). */
static int client_usage(const web_sessions *ss, const char *client, size_t *bytes)
{
    int n = 0;
    *bytes = 0;
    for (const session *s = ss->head; s; s = s->next)
        if (strcmp(s->client, client) == 0) {
            n++;
            *bytes += s->bytes;
        }
    return n;
}

/*
 * Make room for a new session of `bytes` of `client` (lock held): forget
 * idle sessions, then the client's own least recently used ones while it
 * is over its share, then those of the client holding the most while it
 * holds more than this one would. -1 with a 503 when the registry is full
 * of other clients' live sessions, shared evenly.
 */
static int make_room_locked(web_sessions *ss, const char *client, size_t bytes, web_req *r)
{
    double now = cb_seconds();
    for (session **p = &ss->head; *p;) {
        if (now - (*p)->used > (*p)->max_idle)
            drop_locked(ss, p);
        else
            p = &(*p)->next;
    }
    size_t mine;
    int n = client_usage(ss, client, &mine);
    while (n > 0 && (n >= ss->lim.per_client || mine + bytes > ss->lim.client_bytes || ss->count >= ss->lim.max ||
                     ss->bytes + bytes > ss->lim.bytes)) {
        session **victim = NULL;
        for (session **p = &ss->head; *p; p = &(*p)->next)
            if (strcmp((*p)->client, client) == 0 && (!victim || (*p)->used < (*victim)->used))
                victim = p;
        mine -= (*victim)->bytes;
        n--;
        drop_locked(ss, victim);
    }
    /*
     * Still full of other clients' games (this client holds none now, or
     * its own would have gone above): the least recently used game of the
     * clients holding the most (bytes when the bytes are full, sessions when
     * their count is) gives way, while they hold more than this client. So
     * a few addresses cannot keep large games from everyone else until
     * theirs expire; a client always gets one game, at the cost of the
     * least recently used game of the heaviest holders.
     */
    while (ss->count >= ss->lim.max || ss->bytes + bytes > ss->lim.bytes) {
        int by_count = ss->count >= ss->lim.max;
        size_t most = 0;
        session **victim = NULL;
        for (session **p = &ss->head; *p; p = &(*p)->next) {
            if (strcmp((*p)->client, client) == 0)
                continue;
            size_t b;
            int k = client_usage(ss, (*p)->client, &b);
            size_t use = by_count ? (size_t)k : b;
            if (use > most || (use == most && victim && (*p)->used < (*victim)->used)) {
                most = use;
                victim = p;
            }
        }
        if (!victim || most <= (by_count ? (size_t)n : mine))
            break;
        drop_locked(ss, victim);
    }
    if (bytes > ss->lim.client_bytes)
        return web_req_fail(r, 503,
                            "this game would take %zu MiB on the server, more than one client may hold (%zu MiB)",
                            bytes >> 20, ss->lim.client_bytes >> 20);
    if (ss->count >= ss->lim.max || ss->bytes + bytes > ss->lim.bytes)
        return web_req_fail(r, 503,
                            "the server holds as many games as it can (%d, %zu MiB of memory): try again in a few "
                            "minutes, or play a smaller game",
                            ss->count, ss->bytes >> 20);
    return 0;
}

void web_sessions_free(web_sessions *ss)
{
    if (!ss)
        return;
    for (session *s = ss->head, *next; s; s = next) {
        next = s->next;
        session_free(ss, s);
    }
    pthread_mutex_destroy(&ss->lock);
    free(ss);
}

static session *find_locked(web_sessions *ss, const char *id, web_req *r)
{
    for (session *s = ss->head; s; s = s->next)
        if (strcmp(s->id, id) == 0) {
            s->used = cb_seconds();
            return s;
        }
    web_req_fail(r, 404, "no game %s here (it ended long ago, or the server restarted): start a new one", id);
    return NULL;
}

static void word(const cb_game *g, uint32_t gi, char *buf)
{
    cb_game_format_code(g, gi, buf, WORD_MAX);
}

void web_marks_json(const cb_game *g, uint32_t fb, cb_json *j)
{
    int n = cb_game_length(g);
    const cb_rule_info *rule = cb_game_rule_info(g);
    switch (rule->marks) {
    case CB_MARKS_PEGS:
        cb_json_printf(j, "{\"blacks\":%u,\"whites\":%u}", fb / (uint32_t)(n + 1), fb % (uint32_t)(n + 1));
        return;
    case CB_MARKS_COUNT: /* the letters in common; the secret has all of its own */
        cb_json_printf(j, "%u", fb == cb_game_won(g) ? (uint32_t)n : fb);
        return;
    case CB_MARKS_COLOURS:
        break;
    }
    if (rule->hidden && fb == cb_game_won(g)) {
        cb_json_raw(j, "null");
        return;
    }
    cb_json_raw(j, "[");
    for (int i = 0; i < n; i++, fb /= 3)
        cb_json_printf(j, "%s%u", i ? "," : "", fb % 3);
    cb_json_raw(j, "]");
}

static void feedback_json(const cb_game *g, uint32_t fb, cb_json *j)
{
    char text[64];
    cb_game_format_feedback(g, fb, text, sizeof text);
    cb_json_key(j, "feedback");
    cb_json_str(j, text);
    cb_json_key(j, "marks");
    web_marks_json(g, fb, j);
}

static void turn_json(const cb_game *g, uint32_t gi, uint32_t fb, cb_json *j)
{
    char w[WORD_MAX];
    word(g, gi, w);
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, w);
    feedback_json(g, fb, j);
    cb_json_printf(j, ",\"won\":%s}", fb == cb_game_won(g) ? "true" : "false");
}

/* The fields every answer about a session carries. */
static void status_json(const session *s, cb_json *j)
{
    const cb_game *g = s->wg->game;
    cb_json_key(j, "id");
    cb_json_str(j, s->id);
    cb_json_printf(
        j, ",\"turn\":%zu,\"max_guesses\":%d,\"hard\":%s,\"over\":%s,\"won\":%s,\"gave_up\":%s,\"remaining\":%zu",
        cb_state_turns(s->st), cb_state_max_guesses(s->st), cb_state_hard(s->st) ? "true" : "false",
        s->over ? "true" : "false", s->won ? "true" : "false", s->gave_up ? "true" : "false", cb_state_count(s->st));
    if (s->daily >= 0) {
        cb_json_key(j, "daily");
        cb_json_raw(j, "{");
        cb_json_key(j, "date");
        cb_json_str(j, s->date);
        cb_json_printf(j, ",\"number\":%ld}", s->daily);
    }
    if (s->over) {
        char w[WORD_MAX];
        word(g, cb_game_secret_guess(g, s->secret), w);
        cb_json_key(j, "secret");
        cb_json_str(j, w);
        if (s->daily < 0) /* a daily game comes from its date, not a seed */
            cb_json_printf(j, ",\"seed\":%llu", (unsigned long long)s->seed);
        if (cb_game_rule_info(g)->hidden) {
            char m[4];
            cb_game_mapping_name(s->mapping, m);
            cb_json_key(j, "mapping"); /* symbols of gray, yellow, green */
            cb_json_str(j, m);
        }
    }
}

int web_play_new(web_sessions *ss, web_game *wg, const web_play_options *opt, web_req *r)
{
    const cb_game *g = wg->game;
    session *s = calloc(1, sizeof *s);
    if (!s || cb_state_new(wg->table, &s->st) != CB_OK) {
        free(s);
        return web_req_fail(r, 503, "out of memory");
    }
    web_game_hold(ss->games, wg);
    s->wg = wg;
    s->seed = opt->seed;
    cb_daily_draw(g, opt->seed, &s->secret, &s->mapping);
    s->daily = -1;
    if (opt->daily) { /* the date was checked by the caller: this cannot fail */
        cb_daily_secret(g, opt->date, &s->secret, &s->mapping, NULL);
        s->daily = cb_daily_number(opt->date);
        s->day = opt->date;
        cb_daily_format(opt->date, s->date);
    }
    cb_state_set_max_guesses(s->st, opt->max_guesses ? opt->max_guesses : wg->max_guesses);
    cb_state_set_hard(s->st, opt->hard);
    web_random_id(s->id);
    s->used = cb_seconds();
    s->bytes = session_bytes(g);
    s->max_idle = idle_limit(ss, s->bytes);
    snprintf(s->client, sizeof s->client, "%s", r->client ? r->client : "");
    pthread_mutex_lock(&ss->lock);
    if (make_room_locked(ss, s->client, s->bytes, r) < 0) {
        pthread_mutex_unlock(&ss->lock);
        session_free(ss, s);
        return -1;
    }
    s->next = ss->head;
    ss->head = s;
    ss->count++;
    ss->bytes += s->bytes;
    cb_json_raw(&r->out, "{");
    status_json(s, &r->out);
    cb_json_key(&r->out, "game");
    web_game_json(wg, &r->out);
    cb_json_raw(&r->out, "}");
    pthread_mutex_unlock(&ss->lock);
    r->status = 201;
    return 0;
}

/* Refuse a guess without costing a turn: 422 with refused: true. */
static int refuse(web_req *r, const session *s, const char *why)
{
    web_req_fail(r, 422, "%s", why);
    cb_json_clear(&r->out);
    cb_json_printf(&r->out, "{\"refused\":true,\"turn\":%zu}", cb_state_turns(s->st));
    return -1;
}

static int guess_locked(session *s, const char *text, web_req *r)
{
    const cb_game *g = s->wg->game;
    uint32_t gi;
    cb_error err;
    char why[200];
    if (s->over)
        return web_req_fail(r, 409, "this game is over: start a new one");
    if (strlen(text) > 64)
        return refuse(r, s, "that guess is far too long");
    if (cb_game_parse_code(g, text, &gi, &err) != CB_OK)
        return refuse(r, s, err.message);
    if (!cb_state_legal(s->st, gi, why, sizeof why))
        return refuse(r, s, why); /* the library's why names hard mode already */
    uint32_t fb = cb_game_feedback_seen(g, gi, s->secret, s->mapping);
    if (cb_state_apply(s->st, gi, fb) != CB_OK)
        return web_req_fail(r, 500, "the feedback contradicts the game's own history (a bug)");
    s->won = fb == cb_game_won(g);
    s->over = cb_state_over(s->st);
    cb_json_raw(&r->out, "{");
    status_json(s, &r->out);
    cb_json_key(&r->out, "last");
    turn_json(g, gi, fb, &r->out);
    cb_json_raw(&r->out, "}");
    return 0;
}

static int with_session(web_sessions *ss, const char *id, web_req *r, const char *text,
                        int (*fn)(session *s, const char *text, web_req *r))
{
    pthread_mutex_lock(&ss->lock);
    session *s = find_locked(ss, id, r);
    int rc = s ? fn(s, text, r) : -1;
    pthread_mutex_unlock(&ss->lock);
    return rc;
}

int web_play_guess(web_sessions *ss, const char *id, const char *guess, web_req *r)
{
    return with_session(ss, id, r, guess, guess_locked);
}

static int giveup_locked(session *s, const char *unused, web_req *r)
{
    (void)unused;
    if (!s->over)
        s->gave_up = 1;
    s->over = 1;
    cb_json_raw(&r->out, "{");
    status_json(s, &r->out);
    cb_json_raw(&r->out, "}");
    return 0;
}

int web_play_giveup(web_sessions *ss, const char *id, web_req *r)
{
    return with_session(ss, id, r, NULL, giveup_locked);
}

static int state_locked(session *s, const char *unused, web_req *r)
{
    (void)unused;
    const cb_game *g = s->wg->game;
    cb_json_raw(&r->out, "{");
    status_json(s, &r->out);
    cb_json_key(&r->out, "turns");
    cb_json_raw(&r->out, "[");
    for (size_t t = 0; t < cb_state_turns(s->st); t++) {
        uint32_t gi, fb;
        cb_state_turn(s->st, t, &gi, &fb);
        cb_json_sep(&r->out);
        turn_json(g, gi, fb, &r->out);
    }
    cb_json_raw(&r->out, "]");
    cb_json_key(&r->out, "game");
    web_game_json(s->wg, &r->out);
    cb_json_raw(&r->out, "}");
    return 0;
}

static int share_locked(session *s, unsigned flags, web_req *r)
{
    if (!s->over)
        return web_req_fail(r, 409, "this game is not over: its grid is shared when it ends");
    size_t turns = cb_state_turns(s->st), size = CB_SHARE_SIZE(turns, cb_game_length(s->wg->game));
    char *text = malloc(size);
    if (!text)
        return web_req_fail(r, 503, "out of memory");
    char title[CB_DAILY_TITLE]; /* the game's own name; a daily game's: "Wordle (nyt2023) daily #333 hard" */
    cb_daily_title(s->wg->preset->label, s->wg->lists, s->daily >= 0 ? &s->day : NULL, cb_state_hard(s->st), title,
                   sizeof title);
    int rc = cb_share_grid(s->st, title, flags, text, size);
    if (rc == CB_OK) {
        cb_json_printf(&r->out, "{\"guesses\":%zu,\"won\":%s", turns, s->won ? "true" : "false");
        cb_json_key(&r->out, "text");
        cb_json_str(&r->out, text);
        cb_json_raw(&r->out, "}");
    }
    free(text);
    return rc == CB_OK ? 0 : web_req_fail(r, 500, "share: %s", cb_strerror(rc));
}

int web_play_share(web_sessions *ss, const char *id, unsigned flags, web_req *r)
{
    pthread_mutex_lock(&ss->lock);
    session *s = find_locked(ss, id, r);
    int rc = s ? share_locked(s, flags, r) : -1;
    pthread_mutex_unlock(&ss->lock);
    return rc;
}

int web_play_state(web_sessions *ss, const char *id, web_req *r)
{
    return with_session(ss, id, r, NULL, state_locked);
}

static int details_locked(session *s, const char *unused, web_req *r)
{
    (void)unused;
    size_t turns = cb_state_turns(s->st);
    if (turns == 0)
        return web_req_fail(r, 409, "no guess yet: details describe the last guess");
    uint32_t gi, fb;
    cb_state_turn(s->st, turns - 1, &gi, &fb);
    cb_state *before;
    if (cb_state_copy(s->st, &before) != CB_OK)
        return web_req_fail(r, 503, "out of memory");
    cb_state_undo(before);
    cb_json_raw(&r->out, "{");
    cb_json_printf(&r->out, "\"turn\":%zu", turns);
    cb_json_key(&r->out, "partition");
    web_partition_json(before, gi, s->secret, fb, &r->out);
    cb_json_raw(&r->out, "}");
    cb_state_free(before);
    return 0;
}

int web_play_details(web_sessions *ss, const char *id, web_req *r)
{
    return with_session(ss, id, r, NULL, details_locked);
}

/*
 * The session's state copied, and its game held, so that the work can go on without the lock; a game over is
 * a 409 unless over_ok.
 */
static int snapshot(web_sessions *ss, const char *id, web_req *r, web_game **wg, cb_state **st, int over_ok)
{
    int rc = -1;
    *wg = NULL;
    *st = NULL;
    pthread_mutex_lock(&ss->lock);
    session *s = find_locked(ss, id, r);
    if (!s)
        goto out;
    if (s->over && !over_ok) {
        web_req_fail(r, 409, "this game is over: start a new one");
        goto out;
    }
    if (cb_state_copy(s->st, st) != CB_OK) {
        web_req_fail(r, 503, "out of memory");
        goto out;
    }
    web_game_hold(ss->games, s->wg);
    *wg = s->wg;
    rc = 0;
out:
    pthread_mutex_unlock(&ss->lock);
    return rc;
}

int web_play_position(web_sessions *ss, const char *id, web_req *r, web_game **wg, cb_state **st)
{
    return snapshot(ss, id, r, wg, st, 1);
}

int web_play_hint(web_sessions *ss, const char *id, const cb_strategy_info *info, web_req *r)
{
    web_game *wg;
    cb_state *st;
    cb_strategy *strat = NULL;
    cb_error err;
    if (snapshot(ss, id, r, &wg, &st, 0) < 0)
        return -1;
    const cb_game *g = wg->game;
    if (!info)
        info = cb_strategy_find(cb_rule_describe(cb_game_rule(g))->strategy);
    /* a greedy strategy scores at most the request's pairs: the library keeps one guess a symmetry class
       (Super Mastermind's first turn: 7 of 32768) and scores a fixed sample of a pool still too big, so
       every game has a guess to make from turn 1 (issue 56); only rollouts are refused */
    int rc = info->cost == CB_COST_ROLLOUTS
                 ? web_strategy_affordable(r, wg->table, info, WEB_CHOOSE, cb_state_count(st), cb_game_guess_count(g),
                                           "Make a guess", "play a guess of your own first")
                 : 0;
    cb_strategy_config cfg;
    cb_strategy_config_default(&cfg);
    unsigned limit = cb_table_precomputed(wg->table) ? WEB_MAX_PAIRS : WEB_MAX_PAIRS_FLY;
    if (web_strategy_pairs(info, WEB_CHOOSE, cb_state_count(st), cb_game_guess_count(g)) > limit)
        cfg.max_pairs = limit;
    cfg.name = info->name;
    cfg.seed = web_random_seed();
    cfg.cancel = &r->api->stop_flag;
    cfg.threads = WEB_REQUEST_THREADS;
    if (rc == 0 && cb_strategy_new(wg->table, &cfg, &strat, &err) != CB_OK)
        rc = web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "strategy: %s", err.message);
    uint32_t gi;
    double score = 0;
    if (rc == 0) {
        cb_rng rng;
        cb_rng_seed(&rng, cfg.seed);
        int crc = cb_strategy_choose(strat, st, &rng, &gi, &score);
        if (crc == CB_EEMPTY)
            rc = web_req_fail(r, 422, "no legal guess is left");
        else if (crc == CB_ECANCELED)
            rc = web_req_fail(r, 503, "the server is stopping");
        else if (crc != CB_OK)
            rc = web_req_fail(r, 503, "cannot choose a guess: %s", cb_strerror(crc));
    }
    if (rc == 0) {
        char w[WORD_MAX];
        word(g, gi, w);
        cb_json *j = &r->out;
        cb_json_raw(j, "{");
        cb_json_key(j, "guess");
        cb_json_str(j, w);
        cb_json_key(j, "strategy"); /* its name: the sample's bound above is the request's, not an option asked for */
        cb_json_str(j, info->name);
        cb_json_key(j, "score");
        cb_json_num(j, score);
        cb_json_printf(j, ",\"candidate\":%s,\"remaining\":%zu,\"turn\":%zu,\"sampled\":%s}",
                       cb_state_is_candidate(st, gi) ? "true" : "false", cb_state_count(st), cb_state_turns(st) + 1,
                       cb_strategy_bounded(strat) ? "true" : "false");
    }
    cb_strategy_free(strat);
    cb_state_free(st);
    web_game_release(ss->games, wg);
    return rc;
}

typedef struct group {
    uint32_t key, size, first;
    uint32_t sample[SAMPLE];
    int nsample;
} group;

static int by_size(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return (x->key > y->key) - (x->key < y->key);
}

/* Index of key in the increasing ids, which hold it. */
static size_t find_part(const uint32_t *ids, size_t n, uint32_t key)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (ids[mid] <= key)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void web_partition_json(const cb_state *st, uint32_t gi, uint32_t secret, uint32_t fb, cb_json *j)
{
    const cb_game *g = cb_state_game(st);
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    cb_partition p;
    cb_partition_init(&p);
    uint32_t *keys = malloc((n ? n : 1) * sizeof *keys);
    group *groups = NULL;
    if (!keys || cb_partition_compute(&p, st, gi) != CB_OK ||
        !(groups = calloc(p.parts ? p.parts : 1, sizeof *groups))) {
        cb_json_raw(j, "null");
        goto out;
    }
    cb_partition_keys(st, gi, keys);
    long actual = -1;
    for (size_t k = 0; k < p.parts; k++) {
        groups[k].key = p.ids[k];
        groups[k].size = p.sizes[k];
    }
    for (size_t i = 0; i < n; i++) {
        group *gr = &groups[find_part(p.ids, p.parts, keys[i])];
        if (gr->nsample < SAMPLE)
            gr->sample[gr->nsample++] = cands[i];
        if (cands[i] == secret)
            actual = (long)(gr - groups);
    }
    uint32_t actual_key = actual >= 0 ? groups[actual].key : CB_NONE;
    uint32_t actual_size = actual >= 0 ? groups[actual].size : 0;
    double expected = 0, entropy = 0;
    uint32_t largest = 0;
    for (size_t k = 0; k < p.parts; k++) {
        double q = (double)p.sizes[k] / (double)n;
        expected += (double)p.sizes[k] * q;
        entropy -= q * log2(q);
        if (p.sizes[k] > largest)
            largest = p.sizes[k];
    }
    qsort(groups, p.parts, sizeof *groups, by_size);
    char w[WORD_MAX];
    word(g, gi, w);
    cb_json_raw(j, "{");
    cb_json_key(j, "guess");
    cb_json_str(j, w);
    cb_json_printf(
        j, ",\"candidate\":%s,\"candidates\":%zu,\"parts\":%zu,\"largest\":%u,\"expected\":%.4f,\"entropy\":%.4f",
        cb_state_is_candidate(st, gi) ? "true" : "false", n, p.parts, largest, expected, entropy);
    if (actual >= 0)
        cb_json_printf(j, ",\"after\":%u,\"removed\":%.4f", actual_size, 1.0 - (double)actual_size / (double)n);
    cb_json_key(j, "groups");
    cb_json_raw(j, "[");
    for (size_t k = 0; k < p.parts && k < MAX_GROUPS; k++) {
        cb_json_sep(j);
        cb_json_raw(j, "{");
        feedback_json(g, groups[k].key == actual_key && fb != CB_NONE ? fb : groups[k].key, j);
        cb_json_printf(j, ",\"count\":%u,\"actual\":%s,\"sample\":[", groups[k].size,
                       groups[k].key == actual_key ? "true" : "false");
        for (int s = 0; s < groups[k].nsample; s++) {
            cb_json_sep(j);
            word(g, cb_game_secret_guess(g, groups[k].sample[s]), w);
            cb_json_str(j, w);
        }
        cb_json_raw(j, "]}");
    }
    cb_json_raw(j, "]}");
out:
    free(groups);
    free(keys);
    cb_partition_release(&p);
}
