/*
 * turntwo.c: the turn-two file of `codebreaker optimal --turn-two`
 * (optimal.h, docs/optimal.md "The turn-two file"): for each opener a
 * search over openers settled exactly, the best guess and the least total
 * after each of its feedbacks, one sealed line per opener; written line by
 * line as the run settles them, read back whole (the program resumes from
 * it, the tests check it) or one opener at a time (the coach's look-up of
 * the bundled files, book.c).
 *
 * A line is believed only when its digest verifies (SipHash of the line
 * under a key made of "turn two: ", the search line and the game's words:
 * results.c's seal, another key) and its opener's total is the secrets'
 * count plus its children's totals.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash_internal.h"
#include "codebreaker/optimal.h"

#define DIGEST_LEN 16          /* hex digits of a line's digest */
#define TT_PREFIX "turn two: " /* before the search line in the seal's key */

void cb_optimal_turn_two_seal_init(const cb_game *game, const char *search, cb_optimal_seal *seal)
{
    size_t n = strlen(search) + sizeof TT_PREFIX;
    char *key = malloc(n), small[600];
    char *k = key ? key : small; /* without memory, a search line cut short: the key differs, nothing verifies */
    snprintf(k, key ? n : sizeof small, "%s%s", TT_PREFIX, search);
    cb_optimal_seal_init(game, k, seal);
    free(key);
}

void cb_optimal_turn_two_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size)
{
    snprintf(buf, size, "%s\n# search: %s\n# words: %016llx\n", CB_OPTIMAL_TURN_TWO_MAGIC, search,
             (unsigned long long)seal->words);
}

static uint64_t digest_of(const cb_optimal_seal *seal, const char *text, size_t len)
{
    return cbb_siphash(seal->key[0], seal->key[1], text, len);
}

/* Append text to the growing buffer *b (*len used, *cap allocated): 0, or -1 without memory. */
static int put(char **b, size_t *len, size_t *cap, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > *cap) {
        size_t nc = (*cap ? *cap * 2 : 4096) + n;
        char *nb = realloc(*b, nc);
        if (!nb)
            return -1;
        *b = nb;
        *cap = nc;
    }
    memcpy(*b + *len, text, n + 1);
    *len += n;
    return 0;
}

int cb_optimal_turn_two_line(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_opener *op,
                             const cb_optimal_child *kids, size_t n, char **line, cb_error *err)
{
    char w[CB_MAX_LENGTH * 4 + 1], fb[CB_MAX_LENGTH * 4 + 1], g[CB_MAX_LENGTH * 4 + 1], item[256];
    uint64_t sum = cb_game_secret_count(game);
    *line = NULL;
    for (size_t i = 0; i < n; i++)
        sum += kids[i].total;
    if (!op->exact || op->bound != sum)
        return cb_error_set(err, CB_EINVAL, "the opener's total is not the secrets' count plus its children's");
    char *b = NULL;
    size_t len = 0, cap = 0;
    cb_game_format_code(game, op->guess, w, sizeof w);
    snprintf(item, sizeof item, "%s %llu", w, (unsigned long long)op->bound);
    int bad = put(&b, &len, &cap, item);
    for (size_t i = 0; !bad && i < n; i++) {
        cb_game_format_feedback(game, kids[i].feedback, fb, sizeof fb);
        cb_game_format_code(game, kids[i].guess, g, sizeof g);
        snprintf(item, sizeof item, " %s:%s:%llu", fb, g, (unsigned long long)kids[i].total);
        bad = put(&b, &len, &cap, item);
    }
    if (!bad) {
        snprintf(item, sizeof item, " %016llx\n", (unsigned long long)digest_of(seal, b, len));
        bad = put(&b, &len, &cap, item);
    }
    if (bad) {
        free(b);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    *line = b;
    return CB_OK;
}

/* The children of the line being read, grown as needed. */
typedef struct kidbuf {
    cb_optimal_child *k;
    size_t n, cap;
} kidbuf;

static int kid_push(kidbuf *kb, const cb_optimal_child *c)
{
    if (kb->n == kb->cap) {
        size_t nc = kb->cap ? kb->cap * 2 : 256;
        cb_optimal_child *nk = realloc(kb->k, nc * sizeof *nk);
        if (!nk)
            return -1;
        kb->k = nk;
        kb->cap = nc;
    }
    kb->k[kb->n++] = *c;
    return 0;
}

/* A decimal total of at least 1 (no sign, no spaces): 0 when text is none. */
static uint64_t number(const char *text)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end || errno || v >= UINT64_MAX / 2)
        return 0;
    return v;
}

/* One "FEEDBACK:GUESS:TOTAL" (item is modified) into *c. */
static int parse_kid(const cb_game *game, char *item, cb_optimal_child *c, cb_error *err)
{
    char *a = strchr(item, ':'), *b = a ? strchr(a + 1, ':') : NULL;
    cb_error e;
    if (!a || !b)
        return cb_error_set(err, CB_EINVAL, "'%.40s' is not FEEDBACK:GUESS:TOTAL", item);
    *a = *b = '\0';
    if (cb_game_parse_feedback(game, item, &c->feedback, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "%s", e.message);
    if (cb_game_parse_code(game, a + 1, &c->guess, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "%s", e.message);
    if ((c->total = number(b + 1)) == 0)
        return cb_error_set(err, CB_EINVAL, "'%.30s' is not a total", b + 1);
    return CB_OK;
}

/*
 * One opener line (len bytes at line, modified) into *op and kb (emptied
 * first): the digest verified first, then every field and the sum.
 */
static int parse_line(const cb_game *game, const cb_optimal_seal *seal, char *line, size_t len, cb_optimal_opener *op,
                      kidbuf *kb, cb_error *err)
{
    char *sp = len > DIGEST_LEN ? line + len - DIGEST_LEN - 1 : NULL, want[DIGEST_LEN + 1];
    kb->n = 0;
    memset(op, 0, sizeof *op);
    if (!sp || *sp != ' ')
        return cb_error_set(err, CB_EINVAL, "no digest at the end of the line");
    snprintf(want, sizeof want, "%016llx", (unsigned long long)digest_of(seal, line, (size_t)(sp - line)));
    if (strcmp(sp + 1, want) != 0)
        return cb_error_set(err, CB_EINVAL,
                            "'%.40s...' does not verify: an edited or damaged line, or one of another search", line);
    *sp = '\0';
    char *save = NULL, *word = strtok_r(line, " ", &save), *tot = strtok_r(NULL, " ", &save), *item;
    cb_error e;
    if (!word || !tot)
        return cb_error_set(err, CB_EINVAL, "expected 'WORD TOTAL FEEDBACK:GUESS:TOTAL ... DIGEST'");
    if (cb_game_parse_code(game, word, &op->guess, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "%s", e.message);
    op->exact = 1;
    if ((op->bound = number(tot)) == 0)
        return cb_error_set(err, CB_EINVAL, "'%.30s' is not a total", tot);
    uint64_t sum = cb_game_secret_count(game);
    while ((item = strtok_r(NULL, " ", &save)) != NULL) {
        cb_optimal_child c;
        int rc = parse_kid(game, item, &c, err);
        if (rc != CB_OK)
            return rc;
        if (c.feedback == cb_game_won(game) || (kb->n && c.feedback <= kb->k[kb->n - 1].feedback))
            return cb_error_set(err, CB_EINVAL, "the feedbacks are not in order, or one is the win");
        if (kid_push(kb, &c) != 0)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        sum += c.total;
    }
    if (sum != op->bound)
        return cb_error_set(err, CB_EINVAL,
                            "the opener's total %llu is not the secrets' count plus its children's (%llu)",
                            (unsigned long long)op->bound, (unsigned long long)sum);
    return CB_OK;
}

/* The header line lineno (1 to 3) of a file of search `search` and seal. */
static int header_line(const cb_optimal_seal *seal, const char *search, long lineno, const char *buf, cb_error *err)
{
    char want[64];
    if (lineno == 1)
        return strcmp(buf, CB_OPTIMAL_TURN_TWO_MAGIC) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL,
                                  "not a turn-two file of codebreaker optimal (its first line is not '%s')",
                                  CB_OPTIMAL_TURN_TWO_MAGIC);
    if (lineno == 2)
        return strncmp(buf, "# search: ", 10) == 0 && strcmp(buf + 10, search) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "written by another search (%.200s); this one is: %s",
                                  strncmp(buf, "# search: ", 10) == 0 ? buf + 10 : "no search line", search);
    snprintf(want, sizeof want, "# words: %016llx", (unsigned long long)seal->words);
    return strcmp(buf, want) == 0
               ? CB_OK
               : cb_error_set(err, CB_EINVAL, "written for other words ('%.40s'; these are '%s')", buf, want + 2);
}

struct cb_optimal_turn_two {
    const cb_game *game;
    struct tt_opener {
        uint32_t guess;
        uint64_t total;
        size_t first, n; /* its children: kid[first .. first + n) */
        long line;
    } * op;
    size_t nop, capop;
    kidbuf kid;
    size_t *slot; /* by guess: 1 + its place in op, 0 when not read */
};

void cb_optimal_turn_two_free(cb_optimal_turn_two *t)
{
    if (!t)
        return;
    free(t->op);
    free(t->kid.k);
    free(t->slot);
    free(t);
}

size_t cb_optimal_turn_two_count(const cb_optimal_turn_two *t)
{
    return t ? t->nop : 0;
}

/* Keep the line just read (its children in kb), or check it against an earlier line of its opener. */
static int keep(cb_optimal_turn_two *t, const cb_optimal_opener *op, const kidbuf *kb, long lineno, cb_error *err)
{
    if (t->slot[op->guess]) {
        const struct tt_opener *o = &t->op[t->slot[op->guess] - 1];
        int same = o->total == op->bound && o->n == kb->n;
        for (size_t i = 0; same && i < kb->n; i++)
            same =
                t->kid.k[o->first + i].feedback == kb->k[i].feedback && t->kid.k[o->first + i].total == kb->k[i].total;
        return same ? CB_OK
                    : cb_error_set(err, CB_EINVAL, "contradicts line %ld of the same opener: a damaged file?", o->line);
    }
    if (t->nop == t->capop) {
        size_t nc = t->capop ? t->capop * 2 : 64;
        struct tt_opener *no = realloc(t->op, nc * sizeof *no);
        if (!no)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        t->op = no;
        t->capop = nc;
    }
    t->op[t->nop] = (struct tt_opener){op->guess, op->bound, t->kid.n, kb->n, lineno};
    for (size_t i = 0; i < kb->n; i++)
        if (kid_push(&t->kid, &kb->k[i]) != 0)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
    t->slot[op->guess] = ++t->nop;
    return CB_OK;
}

/* The next line of text from *at (at most size): its start and length; 0 when none is left, -1 cut short. */
static int next_line(const char *text, size_t size, size_t *at, const char **line, size_t *len)
{
    if (*at >= size)
        return 0;
    const char *nl = memchr(text + *at, '\n', size - *at);
    if (!nl)
        return -1;
    *line = text + *at;
    *len = (size_t)(nl - *line);
    *at += *len + 1;
    if (*len && (*line)[*len - 1] == '\r')
        (*len)--;
    return 1;
}

/* A copy of the line (len bytes) in *buf (grown as needed), NUL-terminated: 0, -1 without memory or with a NUL. */
static int copy_line(char **buf, size_t *cap, const char *line, size_t len)
{
    if (memchr(line, '\0', len))
        return -1;
    if (len + 1 > *cap) {
        char *nb = realloc(*buf, len + 1);
        if (!nb)
            return -1;
        *buf = nb;
        *cap = len + 1;
    }
    memcpy(*buf, line, len);
    (*buf)[len] = '\0';
    return 0;
}

int cb_optimal_turn_two_parse(const cb_game *game, const char *text, size_t size, const char *search,
                              cb_optimal_turn_two **out, cb_error *err)
{
    cb_optimal_turn_two *t = calloc(1, sizeof *t);
    cb_optimal_seal seal;
    kidbuf kb = {0};
    char *buf = NULL;
    size_t cap = 0, at = 0, len;
    const char *line;
    long lineno = 0;
    int rc = CB_OK, more;
    *out = NULL;
    if (!t || !(t->slot = calloc(cb_game_guess_count(game) + 1, sizeof *t->slot))) {
        cb_optimal_turn_two_free(t);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    t->game = game;
    cb_optimal_turn_two_seal_init(game, search, &seal);
    while (rc == CB_OK && (more = next_line(text, size, &at, &line, &len)) != 0) {
        cb_error e;
        cb_optimal_opener op;
        lineno++;
        if (more < 0)
            rc = cb_error_set(&e, CB_EINVAL, "the last line has no newline (cut short?)");
        else if (copy_line(&buf, &cap, line, len) != 0)
            rc = cb_error_set(&e, CB_EINVAL, "a NUL byte, or out of memory");
        else if (lineno <= 3)
            rc = header_line(&seal, search, lineno, buf, &e);
        else if (buf[0] == '#' || buf[0] == '\0')
            continue;
        else if ((rc = parse_line(game, &seal, buf, len, &op, &kb, &e)) == CB_OK)
            rc = keep(t, &op, &kb, lineno, &e);
        if (rc != CB_OK)
            rc = cb_error_set(err, rc, "line %ld: %s", lineno, e.message);
    }
    if (rc == CB_OK && lineno < 3)
        rc = cb_error_set(err, CB_EINVAL, "%s", lineno ? "the header stops short" : "an empty file");
    free(buf);
    free(kb.k);
    if (rc != CB_OK) {
        cb_optimal_turn_two_free(t);
        return rc;
    }
    *out = t;
    return CB_OK;
}

/* The child of feedback fb among n (feedback ascending), or NULL. */
static const cb_optimal_child *find_kid(const cb_optimal_child *k, size_t n, uint32_t fb)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[mid].feedback < fb)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && k[lo].feedback == fb ? &k[lo] : NULL;
}

int cb_optimal_turn_two_find(const cb_optimal_turn_two *t, uint32_t opener, uint32_t feedback, cb_optimal_child *out,
                             uint64_t *total)
{
    if (!t || opener >= cb_game_guess_count(t->game) || !t->slot[opener])
        return CB_ENOTFOUND;
    const struct tt_opener *o = &t->op[t->slot[opener] - 1];
    const cb_optimal_child *c = find_kid(t->kid.k + o->first, o->n, feedback);
    if (!c)
        return CB_ENOTFOUND;
    *out = *c;
    if (total)
        *total = o->total;
    return CB_OK;
}

int cb_optimal_turn_two_lookup(const cb_game *game, const char *text, size_t size, const char *search, uint32_t opener,
                               uint32_t feedback, cb_optimal_child *out, uint64_t *total, cb_error *err)
{
    char w[CB_MAX_LENGTH * 4 + 2], *buf = NULL;
    size_t cap = 0, at = 0, len, wl;
    const char *line;
    long lineno = 0;
    int rc = CB_ENOTFOUND, more;
    cb_optimal_seal seal;
    cb_error e;
    kidbuf kb = {0};
    if (opener >= cb_game_guess_count(game))
        return CB_ENOTFOUND;
    cb_optimal_turn_two_seal_init(game, search, &seal);
    cb_game_format_code(game, opener, w, sizeof w - 1);
    strcat(w, " ");
    wl = strlen(w);
    while ((more = next_line(text, size, &at, &line, &len)) != 0) {
        lineno++;
        if (lineno > 3 && (more < 0 || len < wl || memcmp(line, w, wl) != 0))
            continue; /* another opener's line (a cut last line is only refused when it is this one's) */
        cb_optimal_opener op;
        rc = more < 0 ? cb_error_set(&e, CB_EINVAL, "the last line has no newline (cut short?)")
             : copy_line(&buf, &cap, line, len) != 0 ? cb_error_set(&e, CB_EINVAL, "a NUL byte, or out of memory")
             : lineno <= 3                           ? header_line(&seal, search, lineno, buf, &e)
                                                     : parse_line(game, &seal, buf, len, &op, &kb, &e);
        if (rc != CB_OK || lineno <= 3) {
            if (rc != CB_OK)
                rc = cb_error_set(err, rc, "line %ld: %s", lineno, e.message);
            else
                rc = CB_ENOTFOUND;
            if (rc != CB_ENOTFOUND)
                break;
            continue;
        }
        const cb_optimal_child *c = find_kid(kb.k, kb.n, feedback);
        rc = c ? CB_OK : CB_ENOTFOUND;
        if (c) {
            *out = *c;
            if (total)
                *total = op.bound;
        }
        break;
    }
    if (lineno < 3 && rc == CB_ENOTFOUND)
        rc = cb_error_set(err, CB_EINVAL, "%s", lineno ? "the header stops short" : "an empty file");
    free(buf);
    free(kb.k);
    return rc;
}
