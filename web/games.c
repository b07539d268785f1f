/* games.c: game specs from requests and the cache of built games. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "api.h"

#define CACHE_MAX 8            /* games kept when no one holds them */
#define TABLE_MAX (256u << 20) /* a single precomputed table */

static const char *list_names[16];
static pthread_once_t list_once = PTHREAD_ONCE_INIT;

static void list_names_init(void)
{
    size_t n;
    const cb_word_lists *l = cb_word_lists_all(&n);
    for (size_t i = 0; i < n && i + 1 < sizeof list_names / sizeof list_names[0]; i++)
        list_names[i] = l[i].name;
}

const char *const *web_list_names(void)
{
    pthread_once(&list_once, list_names_init);
    return list_names;
}

/* The games of one board against an honest codemaker, from the library's registry. */
static const char *preset_names[32];
static pthread_once_t preset_once = PTHREAD_ONCE_INIT;

static void preset_names_init(void)
{
    const cb_game_preset *p;
    size_t k = 0;
    for (size_t i = 0; (p = cb_game_preset_at(i)) != NULL && k + 1 < sizeof preset_names / sizeof *preset_names; i++)
        if (p->boards <= 1 && !p->adversary)
            preset_names[k++] = p->name;
}

const char *const *web_preset_names(void)
{
    pthread_once(&preset_once, preset_names_init);
    return preset_names;
}

/* Every game of the registry, the variants (several boards, the adversary) included. */
static const char *all_names[64];
static pthread_once_t all_once = PTHREAD_ONCE_INIT;

static void all_names_init(void)
{
    const cb_game_preset *p;
    for (size_t i = 0; (p = cb_game_preset_at(i)) != NULL && i + 1 < sizeof all_names / sizeof *all_names; i++)
        all_names[i] = p->name;
}

const char *const *web_game_names(void)
{
    pthread_once(&all_once, all_names_init);
    return all_names;
}

typedef struct entry {
    web_game g;
    struct entry *next;
} entry;

/* An uploaded word list, named by a hash of its text. */
typedef struct upload {
    char id[WEB_UPLOAD_ID];
    char *text;
    unsigned long long used; /* when last asked for: the least recent is replaced */
} upload;

struct web_games {
    pthread_mutex_t lock;
    entry *head;
    size_t budget, used;
    upload uploads[WEB_MAX_UPLOADS];
    unsigned long long clock;
};

const char *web_game_wider(const web_game *wg)
{
    const cb_word_lists *l = wg->lists ? cb_word_lists_find(wg->lists) : NULL;
    return l ? l->wider : NULL;
}

/* An optional whole-number parameter within [lo, hi] into *out (0 when absent). */
static int read_int(web_req *r, const char *name, int lo, int hi, int *out)
{
    long long v;
    if (web_req_int(r, name, 0, lo, hi, &v) < 0)
        return -1;
    *out = web_req_get(r, name) ? (int)v : 0;
    return 0;
}

/* The set-up of the request's game: one of names (the one-board games, or every game). */
static int spec_read(web_req *r, web_game_spec *spec, const char *const *names)
{
    static const char *const dictionaries[] = {"english", NULL};
    cb_game_setup *s = &spec->setup;
    int preset, which, no_repeat, hard;
    memset(spec, 0, sizeof *spec);
    cb_game_setup_default(s);
    if (web_req_choice(r, "game", names, 0, &preset) < 0)
        return -1;
    s->game = names[preset];
    if (web_req_get(r, "lists")) {
        if (web_req_choice(r, "lists", web_list_names(), 0, &which) < 0)
            return -1;
        s->lists = web_list_names()[which];
    }
    if (web_req_get(r, "dictionary")) {
        if (web_req_choice(r, "dictionary", dictionaries, 0, &which) < 0)
            return -1;
        s->dictionary = dictionaries[which];
    }
    if (read_int(r, "colors", 2, 16, &s->colors) < 0 || read_int(r, "pegs", 1, 10, &s->pegs) < 0 ||
        read_int(r, "length", 2, WEB_MAX_WORD_LENGTH, &s->length) < 0 ||
        web_req_bool(r, "no_repeat", 0, &no_repeat) < 0 || web_req_bool(r, "hard", 0, &hard) < 0)
        return -1;
    if (web_req_get(r, "hard"))
        s->hard = hard ? 1 : -1;
    if (web_req_get(r, "no_repeat"))
        s->no_repeat = no_repeat ? 1 : -1;
    const char *up = web_req_get(r, "upload");
    if (up) {
        if (strlen(up) != WEB_UPLOAD_ID - 1 || strspn(up, "0123456789abcdef") != WEB_UPLOAD_ID - 1)
            return web_req_fail(r, 400, "upload: '%.40s' is not the name of an uploaded list (16 hex digits)", up);
        memcpy(spec->upload, up, WEB_UPLOAD_ID);
        s->words = "";  /* the text joins when the game is looked up (web_games_get) */
        s->lenient = 1; /* words of another length or alphabet are skipped and counted */
    }
    /* a complete dictionary's missing half is the preset's (a word game: Mastermind's 6 x 4) */
    const cb_game_preset *p = cb_game_setup_preset(s);
    int words = cb_rule_describe(p->rule)->words;
    if (words && (s->colors || s->pegs || s->no_repeat) && !s->colors)
        s->colors = 6;
    if (words && (s->colors || s->no_repeat) && !s->pegs)
        s->pegs = 4;
    cb_game_config cfg;
    cb_error err;
    if (cb_game_setup_config(s, &cfg, &spec->boards, &spec->adversary, &err) != CB_OK)
        return web_req_fail(r, 400, "%s", err.message);
    spec->hard = cb_game_setup_hard(s);
    if (cfg.colors) {
        double n = 1;
        for (int i = 0; i < cfg.length; i++)
            n *= cfg.no_repeat ? cfg.colors - i : cfg.colors;
        if (n < 1)
            return web_req_fail(r, 400, "%d pegs cannot all differ with %d colours", cfg.length, cfg.colors);
        if (n > WEB_MAX_CODES)
            return web_req_fail(r, 400, "%d colours and %d pegs make %.0f codes; the dashboard plays at most %u",
                                cfg.colors, cfg.length, n, WEB_MAX_CODES);
    }
    if (web_req_get(r, "daily")) /* a daily game: CB_DAILY_LISTS unless the request names words */
        cb_daily_setup(s);
    return 0;
}

int web_games_new(size_t budget, web_games **out)
{
    web_games *gs = calloc(1, sizeof *gs);
    if (!gs)
        return CB_ENOMEM;
    pthread_mutex_init(&gs->lock, NULL);
    gs->budget = budget;
    *out = gs;
    return CB_OK;
}

static void entry_free(entry *e)
{
    cb_table_free(e->g.table);
    cb_game_free(e->g.game);
    free(e->g.freq);
    free(e);
}

void web_games_free(web_games *gs)
{
    if (!gs)
        return;
    for (entry *e = gs->head, *next; e; e = next) {
        next = e->next;
        entry_free(e);
    }
    for (int i = 0; i < WEB_MAX_UPLOADS; i++)
        free(gs->uploads[i].text);
    pthread_mutex_destroy(&gs->lock);
    free(gs);
}

/* Drop unheld games, least recently used first, until at most `keep` remain and `need` bytes fit the budget. */
static void evict(web_games *gs, int keep, size_t need)
{
    for (;;) {
        int count = 0;
        entry **victim = NULL;
        for (entry **p = &gs->head; *p; p = &(*p)->next) {
            count++;
            if ((*p)->g.refs_ == 0 && (!victim || (*p)->g.used_ < (*victim)->g.used_))
                victim = p;
        }
        if (!victim || (count <= keep && gs->used + need <= gs->budget))
            return;
        entry *e = *victim;
        *victim = e->next;
        gs->used -= e->g.bytes_;
        entry_free(e);
    }
}

/* The upload called id, or NULL; gs->lock held. */
static upload *find_upload(web_games *gs, const char *id)
{
    for (int i = 0; i < WEB_MAX_UPLOADS; i++)
        if (gs->uploads[i].text && strcmp(gs->uploads[i].id, id) == 0) {
            gs->uploads[i].used = ++gs->clock;
            return &gs->uploads[i];
        }
    return NULL;
}

int web_games_upload(web_games *gs, const char *text, char id[WEB_UPLOAD_ID])
{
    unsigned long long h = 14695981039346656037ull; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    snprintf(id, WEB_UPLOAD_ID, "%016llx", h);
    pthread_mutex_lock(&gs->lock);
    int rc = CB_OK;
    if (!find_upload(gs, id)) {
        upload *victim = &gs->uploads[0];
        for (int i = 1; i < WEB_MAX_UPLOADS; i++)
            if (gs->uploads[i].used < victim->used)
                victim = &gs->uploads[i];
        char *copy = strdup(text);
        if (!copy)
            rc = CB_ENOMEM;
        else {
            free(victim->text);
            victim->text = copy;
            memcpy(victim->id, id, WEB_UPLOAD_ID);
            victim->used = ++gs->clock;
        }
    }
    pthread_mutex_unlock(&gs->lock);
    return rc;
}

static int build(web_games *gs, entry *e, const cb_game_setup *s, cb_error *err)
{
    cb_game_config cfg;
    int rc = cb_game_setup_config(s, &cfg, NULL, NULL, err);
    if (rc != CB_OK)
        return rc;
    e->g.preset = cb_game_setup_preset(s);
    if (cb_rule_describe(cfg.rule)->words && !cfg.colors && !cfg.dictionary && !cfg.words_text)
        e->g.lists = s->lists ? s->lists : e->g.preset->lists ? e->g.preset->lists : "original";
    if (cfg.colors && cb_rule_describe(cfg.rule)->words)
        cfg.first_digit = 1; /* a complete dictionary of a word game spells its codes from 1 */
    rc = cb_game_new(&cfg, &e->g.game, err);
    if (rc != CB_OK)
        return rc;
    e->g.max_guesses = cb_game_setup_max_guesses(s);
    size_t found = 0;
    cb_error ferr; /* no frequencies is not an error: the words are then listed in their order */
    if (cb_game_frequency_bundled(e->g.game) &&
        cb_frequency_load(e->g.game, NULL, &e->g.freq, &found, &ferr) == CB_OK && found == 0) {
        free(e->g.freq);
        e->g.freq = NULL;
    }
    cb_table_options opt;
    cb_table_options_default(&opt);
    double bytes = cb_table_bytes_needed(e->g.game);
    evict(gs, CACHE_MAX - 1, bytes <= TABLE_MAX ? (size_t)bytes : 0);
    if (bytes > TABLE_MAX || gs->used + (size_t)bytes > gs->budget)
        opt.mode = CB_TABLE_OFF;
    rc = cb_table_new(e->g.game, &opt, &e->g.table, err);
    if (rc != CB_OK)
        return rc;
    e->g.bytes_ = cb_table_precomputed(e->g.table) ? (size_t)bytes : 0;
    gs->used += e->g.bytes_;
    return CB_OK;
}

/* web_games_get, and when !wait web_games_find: 1 rather than wait for the lock or build. */
static int get(web_games *gs, const web_game_spec *spec, web_game **out, cb_error *err, int wait)
{
    char key[sizeof((web_game *)0)->key];
    cb_game_setup setup = spec->setup;
    *out = NULL;
    if (wait)
        pthread_mutex_lock(&gs->lock); /* held while building: builds take well under a second */
    else if (pthread_mutex_trylock(&gs->lock) != 0)
        return 1;
    if (spec->upload[0]) {
        const upload *u = find_upload(gs, spec->upload);
        if (!u) {
            pthread_mutex_unlock(&gs->lock);
            return cb_error_set(err, CB_ENOTFOUND,
                                "the uploaded list %s is not kept any more (the server keeps the last %d): "
                                "upload it again",
                                spec->upload, WEB_MAX_UPLOADS);
        }
        setup.words = u->text; /* the upload is kept while the lock is held, and copied by the game */
    }
    int rc = cb_game_setup_key(&setup, key, sizeof key, err);
    if (rc != CB_OK) {
        pthread_mutex_unlock(&gs->lock);
        return rc;
    }
    entry *e = gs->head;
    while (e && strcmp(e->g.key, key) != 0)
        e = e->next;
    if (!e && !wait) {
        pthread_mutex_unlock(&gs->lock);
        return 1;
    }
    if (!e) {
        e = calloc(1, sizeof *e);
        if (!e) {
            pthread_mutex_unlock(&gs->lock);
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        }
        snprintf(e->g.key, sizeof e->g.key, "%s", key);
        memcpy(e->g.upload, spec->upload, WEB_UPLOAD_ID);
        rc = build(gs, e, &setup, err);
        if (rc != CB_OK) {
            gs->used -= e->g.bytes_;
            entry_free(e);
            e = NULL;
        } else {
            e->next = gs->head;
            gs->head = e;
        }
    }
    if (e) {
        e->g.refs_++;
        e->g.used_ = cb_seconds();
        *out = &e->g;
    }
    pthread_mutex_unlock(&gs->lock);
    return rc;
}

int web_games_get(web_games *gs, const web_game_spec *spec, web_game **out, cb_error *err)
{
    return get(gs, spec, out, err, 1);
}

int web_games_find(web_games *gs, const web_game_spec *spec, web_game **out, cb_error *err)
{
    return get(gs, spec, out, err, 0);
}

void web_game_hold(web_games *gs, web_game *g)
{
    pthread_mutex_lock(&gs->lock);
    g->refs_++;
    pthread_mutex_unlock(&gs->lock);
}

void web_game_release(web_games *gs, web_game *g)
{
    if (!g)
        return;
    if (pthread_mutex_trylock(&gs->lock) != 0) { /* the cache is busy (building): let go without waiting */
        atomic_fetch_sub(&g->refs_, 1);
        return;
    }
    g->refs_--;
    g->used_ = cb_seconds();
    evict(gs, CACHE_MAX, 0);
    pthread_mutex_unlock(&gs->lock);
}

void web_game_json(const web_game *wg, cb_json *j)
{
    const cb_game *g = wg->game;
    cb_json_raw(j, "{");
    cb_json_key(j, "key");
    cb_json_str(j, wg->key);
    cb_json_key(j, "game");
    cb_json_str(j, wg->preset->name);
    cb_json_key(j, "name");
    cb_json_str(j, cb_game_name(g));
    cb_json_key(j, "rule");
    cb_json_str(j, cb_game_rule_name(g));
    cb_json_key(j, "marks");
    cb_json_str(j, cb_marks_name(cb_game_rule_info(g)->marks));
    if (cb_game_complete(g))
        cb_json_printf(j, ",\"colors\":%d,\"pegs\":%d,\"no_repeat\":%s", cb_game_colors(g), cb_game_length(g),
                       cb_game_no_repeat(g) ? "true" : "false");
    else if (wg->upload[0]) {
        cb_json_key(j, "upload");
        cb_json_str(j, wg->upload);
        cb_json_printf(j, ",\"skipped\":%zu", cb_game_skipped(g));
    } else if (wg->lists) {
        cb_json_key(j, "lists");
        cb_json_str(j, wg->lists);
    } else
        cb_json_raw(j, ",\"dictionary\":\"english\"");
    cb_json_printf(j, ",\"length\":%d,\"secrets\":%u,\"guesses\":%u,\"feedback_ids\":%u,\"max_guesses\":%d",
                   cb_game_length(g), cb_game_secret_count(g), cb_game_guess_count(g), cb_game_feedback_count(g),
                   wg->max_guesses);
    cb_json_key(j, "alphabet");
    cb_json_raw(j, "[");
    for (int i = 0; i < cb_game_colors(g); i++) {
        cb_json_sep(j);
        cb_json_str(j, cb_game_symbol(g, i));
    }
    cb_json_raw(j, "]");
    cb_json_printf(j, ",\"table_precomputed\":%s,\"table_mib\":%.1f,\"table_seconds\":%.4f}",
                   cb_table_precomputed(wg->table) ? "true" : "false", cb_table_bytes_needed(g) / (1 << 20),
                   cb_table_build_seconds(wg->table));
}

int web_game_spec_read(web_req *r, web_game_spec *spec)
{
    return spec_read(r, spec, web_preset_names());
}

/* The game of a set-up, held (web_game_open, web_game_open_variant). */
static int open_spec(web_req *r, web_game **out, web_game_spec *spec)
{
    cb_error err;
    int rc =
        r->event_loop ? web_games_find(r->api->games, spec, out, &err) : web_games_get(r->api->games, spec, out, &err);
    if (rc == 1)
        return WEB_LATER;
    if (rc != CB_OK)
        return web_req_fail(r, err.code == CB_ENOMEM ? 503 : 400, "%s", err.message);
    return 0;
}

int web_game_open_variant(web_req *r, web_game **out, web_game_spec *spec)
{
    *out = NULL;
    return spec_read(r, spec, web_game_names()) < 0 ? -1 : open_spec(r, out, spec);
}

int web_game_open(web_req *r, web_game **out, cb_hard *hard)
{
    web_game_spec spec;
    *out = NULL;
    if (web_game_spec_read(r, &spec) < 0)
        return -1;
    if (hard)
        *hard = spec.hard;
    return open_spec(r, out, &spec);
}
