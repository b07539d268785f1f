/*
 * results.c: the results file of `codebreaker optimal --results` (optimal.h,
 * docs/optimal.md): its header, its opener lines sealed with a keyed digest,
 * read back line by line (the program resumes from it) or whole (the coach's
 * opening book reads the shipped data/proofs and data/book files), merged.
 *
 * A line is believed only when its digest verifies: the digest is SipHash
 * (src/base/hash.c) of the line under a key made of the search line and the
 * game's words, so an edited value, a line of another search or of other
 * words, or a damaged digest does not verify. Format 3 mixes a secret key
 * (the installation's: the program keeps it) into that key, and names the
 * secret by its id on a fourth header line. Files of format 1 carry no
 * digest: they are read only to be signed (CB_OPTIMAL_READ_UNSIGNED).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash_internal.h"
#include "solver/results_internal.h"
#include "codebreaker/optimal.h"

/* The digests' fixed key, which the search and the words turn into a file's key: not a secret. */
#define SEAL_K0 0x3172656b61657262ull /* "breaker1" */
#define SEAL_K1 0x736c7561746f7470ull /* "ptotauls" */
#define DIGEST_LEN 16                 /* hex digits of a line's digest */

/* What o searches for, in mode and under limit max_guesses (the position's, or those a file of the book names). */
static void describe(const cb_optimal_options *o, cb_hard mode, int max_guesses, char *buf, size_t size)
{
    char lim[64] = "no limit on guesses";
    if (max_guesses > 0)
        snprintf(lim, sizeof lim, "at most %d guess%s", max_guesses, max_guesses == 1 ? "" : "es");
    snprintf(buf, size, "%s, %s, %s%s",
             o->objective == CB_OBJECTIVE_WORST ? "least worst case, then least total" : "least total guesses", lim,
             o->candidates_only ? "candidates only" : "any allowed guess", mode ? ", hard mode" : "");
}

void cb_optimal_describe(const cb_optimal_options *o, char *buf, size_t size)
{
    describe(o, o->from ? cb_state_hard(o->from) : CB_HARD_NONE, o->from ? cb_state_max_guesses(o->from) : 0, buf,
             size);
}

void cbo_search_line(const cb_game *game, const cb_optimal_options *o, cb_hard mode, int max_guesses, char *buf,
                     size_t size)
{
    char obj[256], cut[64] = "the best total found", top[32] = "";
    describe(o, mode, max_guesses, obj, sizeof obj);
    if (o->cutoff)
        snprintf(cut, sizeof cut, "%llu", (unsigned long long)o->cutoff);
    if (o->top)
        snprintf(top, sizeof top, "; top %d (upper bounds)", o->top);
    snprintf(buf, size, "%s; %s; cutoff %s%s", cb_game_name(game), obj, cut, top);
}

void cb_optimal_search_line(const cb_game *game, const cb_optimal_options *o, char *buf, size_t size)
{
    cbo_search_line(game, o, o->from ? cb_state_hard(o->from) : CB_HARD_NONE,
                    o->from ? cb_state_max_guesses(o->from) : 0, buf, size);
}

/* The game's words hashed, in any order: the answers and the guesses apart, with their counts and the rule. */
static uint64_t words_digest(const cb_game *game)
{
    uint64_t sums[6] = {0,
                        0,
                        cb_game_secret_count(game),
                        cb_game_guess_count(game),
                        (uint64_t)cb_game_rule(game),
                        (uint64_t)cb_game_length(game) << 32 | (uint64_t)cb_game_colors(game)};
    char w[CB_MAX_LENGTH * 4 + 1];
    for (uint32_t g = 0; g < cb_game_guess_count(game); g++) {
        cb_game_format_code(game, g, w, sizeof w);
        uint64_t h = cbb_siphash(SEAL_K0, SEAL_K1, w, strlen(w));
        sums[1] += h;
        if (cb_game_guess_secret(game, g) != CB_NONE)
            sums[0] += h;
    }
    unsigned char buf[sizeof sums];
    for (size_t i = 0; i < 6; i++) /* little-endian, the same on every machine */
        for (int b = 0; b < 8; b++)
            buf[8 * i + (size_t)b] = (unsigned char)(sums[i] >> (8 * b));
    return cbb_siphash(SEAL_K0, SEAL_K1, buf, sizeof buf);
}

/* The seal under the key (k0, k1): the public one for format 2, one mixed with a secret for format 3. */
static void seal_make(const cb_game *game, const char *search, uint64_t k0, uint64_t k1, cb_optimal_seal *seal)
{
    unsigned char b[16];
    uint64_t s = cbb_siphash(SEAL_K0, SEAL_K1, search, strlen(search));
    memset(seal, 0, sizeof *seal);
    seal->words = words_digest(game);
    seal->format = 2;
    for (int i = 0; i < 8; i++) { /* the words and the search, little-endian */
        b[i] = (unsigned char)(seal->words >> (8 * i));
        b[8 + i] = (unsigned char)(s >> (8 * i));
    }
    seal->key[0] = cbb_siphash(k0, k1, b, sizeof b);
    seal->key[1] = cbb_siphash(k0 ^ 1, k1, b, sizeof b);
}

void cb_optimal_seal_init(const cb_game *game, const char *search, cb_optimal_seal *seal)
{
    seal_make(game, search, SEAL_K0, SEAL_K1, seal);
}

void cb_optimal_seal_init_keyed(const cb_game *game, const char *search, const uint64_t secret[2],
                                cb_optimal_seal *seal)
{
    unsigned char b[16];
    for (int i = 0; i < 8; i++) { /* the secret, little-endian */
        b[i] = (unsigned char)(secret[0] >> (8 * i));
        b[8 + i] = (unsigned char)(secret[1] >> (8 * i));
    }
    /* the line keys depend on the secret and the public ones, the id on the secret alone (one-way) */
    seal_make(game, search, secret[0] ^ SEAL_K0, secret[1] ^ SEAL_K1, seal);
    seal->format = 3;
    seal->key_id = cbb_siphash(SEAL_K0 ^ 2, SEAL_K1, b, sizeof b);
}

void cb_optimal_results_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size)
{
    if (seal->format == 3)
        snprintf(buf, size, "%s\n# search: %s\n# words: %016llx\n# key: %016llx\n", CB_OPTIMAL_RESULTS_MAGIC_KEYED,
                 search, (unsigned long long)seal->words, (unsigned long long)seal->key_id);
    else
        snprintf(buf, size, "%s\n# search: %s\n# words: %016llx\n", CB_OPTIMAL_RESULTS_MAGIC, search,
                 (unsigned long long)seal->words);
}

int cb_optimal_opener_conflict(const cb_optimal_opener *a, const cb_optimal_opener *b)
{
    if (a->exact && b->exact)
        return a->bound != b->bound;
    if (a->exact || b->exact) {
        const cb_optimal_opener *e = a->exact ? a : b, *lb = a->exact ? b : a;
        return e->bound < lb->bound;
    }
    return 0;
}

void cb_optimal_opener_format(const cb_game *game, const cb_optimal_opener *op, char *buf, size_t size)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_game_format_code(game, op->guess, w, sizeof w);
    if (op->bound == UINT64_MAX)
        snprintf(buf, size, "%s impossible", w);
    else
        snprintf(buf, size, "%s %s%llu", w, op->exact ? "" : ">=", (unsigned long long)op->bound);
}

/* The digest of an opener's line as cb_optimal_opener_format writes it. */
static uint64_t line_digest(const cb_optimal_seal *seal, const char *text)
{
    return cbb_siphash(seal->key[0], seal->key[1], text, strlen(text));
}

void cb_optimal_opener_seal(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_opener *op, char *buf,
                            size_t size)
{
    char text[128];
    cb_optimal_opener_format(game, op, text, sizeof text);
    snprintf(buf, size, "%s %016llx", text, (unsigned long long)line_digest(seal, text));
}

/* "WORD TOTAL", "WORD >=BOUND" or "WORD impossible" (line is modified), and the digest after it when asked. */
static int parse_opener(const cb_game *game, char *line, cb_optimal_opener *op, const char **digest, cb_error *err)
{
    char *save = NULL;
    char *word = strtok_r(line, " \t", &save), *val = strtok_r(NULL, " \t", &save), *dig = strtok_r(NULL, " \t", &save),
         *extra = strtok_r(NULL, " \t", &save);
    cb_error e;
    memset(op, 0, sizeof *op);
    if (!word || !val || extra || (dig && !digest))
        return cb_error_set(err, CB_EINVAL, "expected 'WORD TOTAL', 'WORD >=BOUND' or 'WORD impossible'%s",
                            digest ? " and its digest" : "");
    if (digest)
        *digest = dig;
    if (cb_game_parse_code(game, word, &op->guess, &e) != CB_OK)
        return cb_error_set(err, CB_EINVAL, "%s", e.message);
    if (strcmp(val, "impossible") == 0) {
        op->bound = UINT64_MAX;
        return CB_OK;
    }
    op->exact = strncmp(val, ">=", 2) != 0;
    const char *num = op->exact ? val : val + 2;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(num, &end, 10);
    if (*num < '0' || *num > '9' || *end || errno || v == UINT64_MAX)
        return cb_error_set(err, CB_EINVAL, "'%s' is not a total or a bound", val);
    op->bound = v;
    return CB_OK;
}

struct cb_optimal_reader {
    const cb_game *game;
    cb_optimal_seal seal;  /* format 2 (the public key) */
    cb_optimal_seal kseal; /* format 3, when keyed */
    int keyed, foreign;    /* a secret was given; the file's key is another (its lines unverified) */
    char *search;
    int flags, version; /* version: 0 before line 1, then the file's format (1 unsigned, 2 or 3 sealed) */
    long lineno;
    cb_optimal_opener *op; /* the openers read so far, the lines of one merged */
    long *line;            /* the line of each, for messages */
    size_t n, cap;
    size_t *slot; /* by guess: 1 + its place in op, 0 when not read yet */
};

int cb_optimal_reader_new(const cb_game *game, const char *search, int flags, cb_optimal_reader **out, cb_error *err)
{
    cb_optimal_reader *r = calloc(1, sizeof *r);
    *out = NULL;
    if (!r || !(r->search = strdup(search)) || !(r->slot = calloc(cb_game_guess_count(game) + 1, sizeof *r->slot))) {
        cb_optimal_reader_free(r);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    r->game = game;
    r->flags = flags;
    cb_optimal_seal_init(game, search, &r->seal);
    *out = r;
    return CB_OK;
}

void cb_optimal_reader_set_key(cb_optimal_reader *r, const uint64_t secret[2])
{
    cb_optimal_seal_init_keyed(r->game, r->search, secret, &r->kseal);
    r->keyed = 1;
}

/* The lines of the header: 2 for format 1, 3 for format 2, 4 for format 3. */
static long header_lines(const cb_optimal_reader *r)
{
    return r->version == 1 ? 2 : r->version == 3 ? 4 : 3;
}

void cb_optimal_reader_free(cb_optimal_reader *r)
{
    if (!r)
        return;
    free(r->search);
    free(r->op);
    free(r->line);
    free(r->slot);
    free(r);
}

/* Keep op of the current line, merged with an earlier line of its opener when they agree. */
static int keep(cb_optimal_reader *r, const cb_optimal_opener *op, cb_error *err)
{
    if (r->slot[op->guess]) {
        size_t i = r->slot[op->guess] - 1;
        cb_optimal_opener *o = &r->op[i];
        if (cb_optimal_opener_conflict(o, op)) {
            char was[128], now[128];
            cb_optimal_opener_format(r->game, o, was, sizeof was);
            cb_optimal_opener_format(r->game, op, now, sizeof now);
            return cb_error_set(err, CB_EINVAL,
                                "'%s' contradicts line %ld ('%s'): a damaged file? remove the wrong line", now,
                                r->line[i], was);
        }
        if (op->exact || op->bound > o->bound) /* the stronger of the two */
            *o = *op;
        return CB_OK;
    }
    if (r->n == r->cap) {
        size_t nc = r->cap ? r->cap * 2 : 256;
        cb_optimal_opener *no = realloc(r->op, nc * sizeof *no);
        if (no)
            r->op = no;
        long *nl = no ? realloc(r->line, nc * sizeof *nl) : NULL;
        if (!nl)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        r->line = nl;
        r->cap = nc;
    }
    r->line[r->n] = r->lineno;
    r->op[r->n++] = *op;
    r->slot[op->guess] = r->n;
    return CB_OK;
}

/* Line 4 of format 3: the id of the secret key its lines are sealed with. */
static int key_line(cb_optimal_reader *r, const char *buf, cb_error *err)
{
    char want[64];
    snprintf(want, sizeof want, "# key: %016llx", (unsigned long long)r->kseal.key_id);
    if (strncmp(buf, "# key: ", 7) != 0)
        return cb_error_set(err, CB_EINVAL, "no key line after the words line ('%.40s' instead)", buf);
    if (strcmp(buf, want) == 0)
        return CB_OK;
    if (r->flags & CB_OPTIMAL_READ_UNSIGNED) {
        r->foreign = 1; /* read to be derived again: its lines are not believed */
        return CB_OK;
    }
    return cb_error_set(err, CB_EINVAL,
                        "sealed with another secret key ('%.40s'; this installation's is '%s'): its lines cannot be "
                        "verified here, so none is believed",
                        buf, want + 2);
}

/* Lines 1 to 3 (4): the format, the search, the words (format 2 and 3), the key (format 3). */
static int header_line(cb_optimal_reader *r, const char *buf, cb_error *err)
{
    if (r->lineno == 1) {
        if (strcmp(buf, CB_OPTIMAL_RESULTS_MAGIC) == 0)
            r->version = 2;
        else if (strcmp(buf, CB_OPTIMAL_RESULTS_MAGIC_KEYED) == 0)
            r->version = 3;
        else if (strcmp(buf, CB_OPTIMAL_RESULTS_MAGIC_UNSIGNED) == 0)
            r->version = 1;
        else
            return cb_error_set(err, CB_EINVAL,
                                "not a results file of codebreaker optimal (its first line is not '%s')",
                                CB_OPTIMAL_RESULTS_MAGIC);
        if (r->version == 1 && !(r->flags & CB_OPTIMAL_READ_UNSIGNED))
            return cb_error_set(err, CB_EINVAL,
                                "an unsigned results file (format 1, written before lines carried digests): none of "
                                "its lines can be verified, so none is believed");
        if (r->version == 3 && !r->keyed)
            return cb_error_set(err, CB_EINVAL,
                                "sealed with an installation's secret key (format 3): only the program that wrote it "
                                "can verify its lines");
        return CB_OK;
    }
    if (r->lineno == 4)
        return key_line(r, buf, err);
    if (r->lineno == 2)
        return strncmp(buf, "# search: ", 10) == 0 && strcmp(buf + 10, r->search) == 0
                   ? CB_OK
                   : cb_error_set(err, CB_EINVAL, "written by another search (%s); this one is: %s",
                                  strncmp(buf, "# search: ", 10) == 0 ? buf + 10 : "no search line", r->search);
    char want[64];
    snprintf(want, sizeof want, "# words: %016llx", (unsigned long long)r->seal.words);
    if (strncmp(buf, "# words: ", 9) != 0)
        return cb_error_set(err, CB_EINVAL, "no words line after the search line ('%.40s' instead)", buf);
    return strcmp(buf, want) == 0 ? CB_OK
                                  : cb_error_set(err, CB_EINVAL,
                                                 "written for other words ('%.40s'; these are '%s'): the word lists "
                                                 "differ though the search line agrees",
                                                 buf, want + 2);
}

/* Whether text is DIGEST_LEN lowercase hex digits spelling d. */
static int digest_is(const char *text, uint64_t d)
{
    char want[DIGEST_LEN + 1];
    snprintf(want, sizeof want, "%016llx", (unsigned long long)d);
    return text && strcmp(text, want) == 0;
}

int cb_optimal_reader_line(cb_optimal_reader *r, char *buf, size_t len, cb_optimal_opener *out, cb_error *err)
{
    cb_optimal_opener op;
    const char *dig = NULL;
    if (out)
        out->guess = CB_NONE;
    r->lineno++;
    if (len && buf[len - 1] == '\r')
        buf[--len] = '\0';
    if (strlen(buf) != len)
        return cb_error_set(err, CB_EINVAL, "a NUL byte: not a results file");
    if (r->lineno <= header_lines(r))
        return header_line(r, buf, err);
    if (buf[0] == '#' || buf[0] == '\0')
        return CB_OK;
    char text[128];
    snprintf(text, sizeof text, "%s", buf); /* as it was, for the message */
    int rc = parse_opener(r->game, buf, &op, r->version >= 2 ? &dig : NULL, err);
    if (rc != CB_OK)
        return rc;
    if (r->version >= 2 && !r->foreign) {
        char canon[128];
        cb_optimal_opener_format(r->game, &op, canon, sizeof canon);
        if (!digest_is(dig, line_digest(r->version == 3 ? &r->kseal : &r->seal, canon)))
            return cb_error_set(err, CB_EINVAL,
                                "'%.80s' does not verify (%s): an edited or damaged line, or one of another "
                                "search; remove it and its opener is searched again",
                                text, dig ? "its digest is not that of this line in this search" : "no digest");
    }
    if (out)
        *out = op;
    return keep(r, &op, err);
}

int cb_optimal_reader_end(const cb_optimal_reader *r, cb_error *err)
{
    if (r->lineno == 0)
        return cb_error_set(err, CB_EINVAL, "an empty file");
    if (r->lineno < header_lines(r))
        return cb_error_set(err, CB_EINVAL, "the header stops at line %ld (no %s line)", r->lineno,
                            r->lineno == 1   ? "search"
                            : r->lineno == 2 ? "words"
                                             : "key");
    return CB_OK;
}

int cb_optimal_reader_verified(const cb_optimal_reader *r)
{
    return r->version >= 2 && !r->foreign;
}

int cb_optimal_reader_version(const cb_optimal_reader *r)
{
    return r->version;
}

const cb_optimal_opener *cb_optimal_reader_openers(const cb_optimal_reader *r, size_t *n)
{
    *n = r->n;
    return r->op;
}

long cb_optimal_reader_opener_line(const cb_optimal_reader *r, size_t i)
{
    return i < r->n ? r->line[i] : 0;
}

long cb_optimal_reader_lineno(const cb_optimal_reader *r)
{
    return r->lineno;
}

const cb_optimal_seal *cb_optimal_reader_seal(const cb_optimal_reader *r)
{
    return r->version == 3 || (r->version == 0 && r->keyed) ? &r->kseal : &r->seal;
}

int cb_optimal_results_parse(const cb_game *game, const char *text, size_t size, const char *search,
                             cb_optimal_opener **openers, size_t *n, cb_error *err)
{
    cb_optimal_reader *r;
    char *buf = NULL;
    size_t bufcap = 0;
    cb_error e;
    *openers = NULL;
    *n = 0;
    int rc = cb_optimal_reader_new(game, search, 0, &r, err);
    if (rc != CB_OK)
        return rc;
    for (size_t at = 0; rc == CB_OK && at < size;) {
        const char *nl = memchr(text + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
        if (!nl) {
            rc = cb_error_set(err, CB_EINVAL, "line %ld: the last line has no newline (cut short?)", r->lineno + 1);
            break;
        }
        if (len + 1 > bufcap) {
            char *nb = realloc(buf, len + 1);
            if (!nb) {
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
                break;
            }
            buf = nb;
            bufcap = len + 1;
        }
        memcpy(buf, text + at, len);
        buf[len] = '\0';
        if ((rc = cb_optimal_reader_line(r, buf, len, NULL, &e)) != CB_OK)
            rc = cb_error_set(err, rc, "line %ld: %s", r->lineno, e.message);
        at += len + 1;
    }
    if (rc == CB_OK)
        rc = cb_optimal_reader_end(r, err);
    free(buf);
    if (rc == CB_OK && r->n) {
        *openers = r->op;
        *n = r->n;
        r->op = NULL;
    }
    cb_optimal_reader_free(r);
    return rc;
}
