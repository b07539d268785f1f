/*
 * ckptfile.c: the checkpoint file of `codebreaker optimal --checkpoint`
 * (optimal.h, docs/optimal.md "The checkpoint file"): its header, one sealed
 * line per point (a position below an opener that a run settled, or a guess
 * tried there), read back whole by a resumed run. checkpoint.c turns the
 * points into the solver's cache entries and back.
 *
 * A line is believed only when its digest verifies: SipHash of the line
 * under the seal of results.c made from "checkpoint: ", the search line, the
 * game's words and always the installation's secret (format 3), since the
 * search believes a point as it stands. So a line of another search, of
 * other words, of another installation, of a results or turn-two file, or an
 * edited one, does not verify.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash_internal.h"
#include "codebreaker/optimal.h"

#define DIGEST_LEN 16            /* hex digits of a line's digest */
#define CK_PREFIX "checkpoint: " /* before the search line in the seal's key */

void cb_optimal_checkpoint_seal_init(const cb_game *game, const char *search, const uint64_t secret[2],
                                     cb_optimal_seal *seal)
{
    size_t n = strlen(search) + sizeof CK_PREFIX;
    char *key = malloc(n), small[600];
    char *k = key ? key : small; /* without memory, a search line cut short: the key differs, nothing verifies */
    snprintf(k, key ? n : sizeof small, "%s%s", CK_PREFIX, search);
    cb_optimal_seal_init_keyed(game, k, secret, seal);
    free(key);
}

void cb_optimal_checkpoint_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size)
{
    snprintf(buf, size, "%s\n# search: %s\n# words: %016llx\n# key: %016llx\n", CB_OPTIMAL_CHECKPOINT_MAGIC, search,
             (unsigned long long)seal->words, (unsigned long long)seal->key_id);
}

static uint64_t digest_of(const cb_optimal_seal *seal, const char *text, size_t len)
{
    return cbb_siphash(seal->key[0], seal->key[1], text, len);
}

/* Append the formatted text to buf (at *len of size): 0, or -1 when it does not fit. */
static int add(char *buf, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > size)
        return -1;
    memcpy(buf + *len, text, n + 1);
    *len += n;
    return 0;
}

int cb_optimal_checkpoint_line(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_point *p, char *buf,
                               size_t size, cb_error *err)
{
    char w[CB_MAX_LENGTH * 4 + 1], fb[CB_MAX_LENGTH * 4 + 1], item[2 * sizeof w + 64];
    uint32_t ng = cb_game_guess_count(game);
    if (p->turns < 1 || p->turns > CB_OPTIMAL_POINT_DEPTH || (p->play != CB_NONE && p->play >= ng) ||
        (p->play == CB_NONE && p->exact && p->best >= ng) || p->value >= UINT64_MAX / 2)
        return cb_error_set(err, CB_EINVAL, "not a point a checkpoint file holds");
    size_t len = 0;
    int bad = add(buf, size, &len, p->play == CB_NONE ? "node " : "guess ");
    for (int t = 0; !bad && t < p->turns; t++) {
        if (p->guess[t] >= ng || p->feedback[t] >= cb_game_feedback_count(game))
            return cb_error_set(err, CB_EINVAL, "not a point a checkpoint file holds");
        cb_game_format_code(game, p->guess[t], w, sizeof w);
        cb_game_format_feedback(game, p->feedback[t], fb, sizeof fb);
        snprintf(item, sizeof item, "%s%s=%s", t ? "," : "", w, fb);
        bad = add(buf, size, &len, item);
    }
    if (!bad && p->play != CB_NONE) {
        cb_game_format_code(game, p->play, w, sizeof w);
        snprintf(item, sizeof item, " %s", w);
        bad = add(buf, size, &len, item);
    }
    if (!bad) {
        snprintf(item, sizeof item, " %s%llu", p->exact ? "" : ">=", (unsigned long long)p->value);
        bad = add(buf, size, &len, item);
    }
    if (!bad && p->play == CB_NONE && p->exact) {
        cb_game_format_code(game, p->best, w, sizeof w);
        snprintf(item, sizeof item, " %s", w);
        bad = add(buf, size, &len, item);
    }
    if (!bad) {
        snprintf(item, sizeof item, " %016llx\n", (unsigned long long)digest_of(seal, buf, len));
        bad = add(buf, size, &len, item);
    }
    return bad ? cb_error_set(err, CB_ETOOBIG, "a checkpoint line does not fit its buffer") : CB_OK;
}

/* A decimal value, after ">=" for a bound: 0 when text is not one. */
static int value_of(const char *text, cb_optimal_point *p)
{
    p->exact = strncmp(text, ">=", 2) != 0;
    const char *num = p->exact ? text : text + 2;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(num, &end, 10);
    if (*num < '0' || *num > '9' || *end || errno || v >= UINT64_MAX / 2)
        return 0;
    p->value = v;
    return 1;
}

/* The turns "GUESS=FEEDBACK,..." (path is modified) into p. */
static int parse_path(const cb_game *game, char *path, cb_optimal_point *p, cb_error *err)
{
    char *save = NULL, *turn;
    cb_error e;
    p->turns = 0;
    for (turn = strtok_r(path, ",", &save); turn; turn = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(turn, '=');
        if (!eq || p->turns >= CB_OPTIMAL_POINT_DEPTH)
            return cb_error_set(err, CB_EINVAL, "'%.40s' is not GUESS=FEEDBACK (at most %d turns)", turn,
                                CB_OPTIMAL_POINT_DEPTH);
        *eq = '\0';
        if (cb_game_parse_code(game, turn, &p->guess[p->turns], &e) != CB_OK ||
            cb_game_parse_feedback(game, eq + 1, &p->feedback[p->turns], &e) != CB_OK)
            return cb_error_set(err, CB_EINVAL, "%s", e.message);
        p->turns++;
    }
    return p->turns ? CB_OK : cb_error_set(err, CB_EINVAL, "a point without turns");
}

/* One point line (len bytes at line, modified) into *p: the digest verified first, then every field. */
static int parse_line(const cb_game *game, const cb_optimal_seal *seal, char *line, size_t len, cb_optimal_point *p,
                      cb_error *err)
{
    char *sp = len > DIGEST_LEN ? line + len - DIGEST_LEN - 1 : NULL, want[DIGEST_LEN + 1];
    memset(p, 0, sizeof *p);
    p->play = p->best = CB_NONE;
    if (!sp || *sp != ' ')
        return cb_error_set(err, CB_EINVAL, "no digest at the end of the line");
    snprintf(want, sizeof want, "%016llx", (unsigned long long)digest_of(seal, line, (size_t)(sp - line)));
    if (strcmp(sp + 1, want) != 0)
        return cb_error_set(err, CB_EINVAL,
                            "'%.40s...' does not verify: an edited or damaged line, or one of another search or "
                            "installation",
                            line);
    *sp = '\0';
    char *save = NULL, *kind = strtok_r(line, " ", &save), *path = strtok_r(NULL, " ", &save);
    char *a = strtok_r(NULL, " ", &save), *b = strtok_r(NULL, " ", &save), *extra = strtok_r(NULL, " ", &save);
    cb_error e;
    int node = kind && strcmp(kind, "node") == 0, guess = kind && strcmp(kind, "guess") == 0;
    if ((!node && !guess) || !path || !a || extra)
        return cb_error_set(err, CB_EINVAL,
                            "expected 'node PATH TOTAL BEST', 'node PATH >=BOUND', 'guess PATH "
                            "GUESS TOTAL' or 'guess PATH GUESS >=BOUND', then the digest");
    int rc = parse_path(game, path, p, err);
    if (rc != CB_OK)
        return rc;
    if (guess && (!b || cb_game_parse_code(game, a, &p->play, &e) != CB_OK))
        return cb_error_set(err, CB_EINVAL, "'guess PATH GUESS VALUE': %s", b ? e.message : "no value");
    if (!value_of(guess ? b : a, p))
        return cb_error_set(err, CB_EINVAL, "'%.30s' is not a total or a bound", guess ? b : a);
    if (node && p->exact && (!b || cb_game_parse_code(game, b, &p->best, &e) != CB_OK))
        return cb_error_set(err, CB_EINVAL, "'node PATH TOTAL BEST': %s", b ? e.message : "no best guess");
    if (node && !p->exact && b)
        return cb_error_set(err, CB_EINVAL, "a bound names no best guess");
    return CB_OK;
}

/* The header line lineno (1 to 4) of a file of search `search` and seal. */
static int header_line(const cb_optimal_seal *seal, const char *search, long lineno, const char *buf, cb_error *err)
{
    char want[64];
    if (lineno == 1)
        return strcmp(buf, CB_OPTIMAL_CHECKPOINT_MAGIC) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL,
                                  "not a checkpoint file of codebreaker optimal (its first line is not '%s')",
                                  CB_OPTIMAL_CHECKPOINT_MAGIC);
    if (lineno == 2)
        return strncmp(buf, "# search: ", 10) == 0 && strcmp(buf + 10, search) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "written by another search (%.200s); this one is: %s",
                                  strncmp(buf, "# search: ", 10) == 0 ? buf + 10 : "no search line", search);
    if (lineno == 3) {
        snprintf(want, sizeof want, "# words: %016llx", (unsigned long long)seal->words);
        return strcmp(buf, want) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "written for other words ('%.40s'; these are '%s')", buf, want + 2);
    }
    snprintf(want, sizeof want, "# key: %016llx", (unsigned long long)seal->key_id);
    return strcmp(buf, want) == 0 ? CB_OK
                                  : cb_error_set(err, CB_EINVAL,
                                                 "sealed with another installation's key ('%.40s'; this one's is "
                                                 "'%s'): its points are not believed",
                                                 buf, want + 2);
}

int cb_optimal_checkpoint_parse(const cb_game *game, const char *text, size_t size, const char *search,
                                const uint64_t secret[2], cb_optimal_point **points, size_t *n, long *cut,
                                cb_error *err)
{
    cb_optimal_seal seal;
    cb_optimal_point *pts = NULL;
    size_t np = 0, cap = 0, at = 0, cap_line = 0;
    char *buf = NULL;
    long lineno = 0;
    int rc = CB_OK;
    *points = NULL;
    *n = 0;
    if (cut)
        *cut = -1;
    cb_optimal_checkpoint_seal_init(game, search, secret, &seal);
    while (rc == CB_OK && at < size) {
        const char *line = text + at, *nl = memchr(line, '\n', size - at);
        if (!nl) { /* an interrupted write: left out */
            if (cut)
                *cut = (long)at;
            break;
        }
        size_t len = (size_t)(nl - line);
        at += len + 1;
        lineno++;
        if (len && line[len - 1] == '\r')
            len--;
        if (memchr(line, '\0', len)) {
            rc = cb_error_set(err, CB_EINVAL, "line %ld: a NUL byte", lineno);
            break;
        }
        if (len + 1 > cap_line) {
            char *nb = realloc(buf, len + 1);
            if (!nb) {
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
                break;
            }
            buf = nb;
            cap_line = len + 1;
        }
        memcpy(buf, line, len);
        buf[len] = '\0';
        cb_error e;
        if (lineno <= 4) {
            if (header_line(&seal, search, lineno, buf, &e) != CB_OK)
                rc = cb_error_set(err, CB_EINVAL, "line %ld: %s", lineno, e.message);
            continue;
        }
        if (len == 0 || buf[0] == '#')
            continue;
        if (np == cap) {
            size_t nc = cap ? cap * 2 : 256;
            cb_optimal_point *q = realloc(pts, nc * sizeof *q);
            if (!q) {
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
                break;
            }
            pts = q;
            cap = nc;
        }
        if (parse_line(game, &seal, buf, len, &pts[np], &e) != CB_OK)
            rc = cb_error_set(err, e.code, "line %ld: %s", lineno, e.message);
        else
            np++;
    }
    if (rc == CB_OK && lineno > 0 && lineno < 4)
        rc = cb_error_set(err, CB_EINVAL, "line %ld: the header stops short", lineno);
    free(buf);
    if (rc != CB_OK) {
        free(pts);
        return rc;
    }
    *points = pts;
    *n = np;
    return CB_OK;
}
