/*
 * experiment.c: the shared machinery of `codebreaker experiment`: the
 * results file (resumption), the progress bar with the time left, one
 * configuration's simulation, figures in both formats.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "experiment.h"
#include "infile.h"
#include "outfile.h"

#define TABLE_LIMIT ((size_t)1 << 30) /* experiments keep feedback tables under 1 GiB; larger games run on the fly */

const char *const exp_sim_cols[EXP_SIM_COLS] = {
    "game",         "list",   "k",          "n",       "strategy", "target_turn", "opener",
    "games",        "seed",   "iterations", "secrets", "played",   "average",     "stddev",
    "ci95",         "median", "max",        "removed", "seconds",  "states",      "first_guess",
    "distribution", "eq2",    "counting",   "linear",  "version",
};

/* mkdir -p */
static int make_dirs(const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return -1;
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode) ? 0 : -1;
}

/* One CSV record of line into fields (at most max); quoted fields as RFC 4180. Returns the count, -1 if malformed. */
static int split_csv(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max)
            return -1;
        char *out = p;
        fields[n++] = p;
        if (*p == '"') {
            char *q = p + 1;
            for (;;) {
                if (*q == '\0')
                    return -1;
                if (*q == '"' && q[1] == '"') {
                    *out++ = '"';
                    q += 2;
                } else if (*q == '"') {
                    q++;
                    break;
                } else
                    *out++ = *q++;
            }
            if (*q != ',' && *q != '\0')
                return -1;
            char end = *q;
            *out = '\0';
            if (end == '\0')
                return n;
            p = q + 1;
            continue;
        }
        while (*p && *p != ',') {
            if (*p == '"')
                return -1;
            p++;
        }
        if (*p == '\0')
            return n;
        *p++ = '\0';
    }
}

/* What a results column may hold: checked when a file is read back, so a damaged value stops with its line. */
typedef enum { V_TEXT, V_INT, V_NUM, V_OPTNUM, V_ANYNUM, V_SEED, V_DIST } value_kind;

static const struct {
    const char *name;
    value_kind kind;
    double hi; /* V_INT, V_NUM, V_OPTNUM: from 0 to hi */
} column_kinds[] = {
    {"k", V_INT, 64},
    {"n", V_INT, CB_MAX_LENGTH},
    {"target_turn", V_INT, 1000},
    {"games", V_INT, 1e12},
    {"seed", V_SEED, 0},
    {"iterations", V_INT, 1e9},
    {"secrets", V_NUM, 1e30},
    {"played", V_INT, 1e12},
    {"average", V_NUM, 1001},
    {"stddev", V_NUM, 1001},
    {"ci95", V_NUM, 1001},
    {"median", V_NUM, 1001},
    {"max", V_INT, 1001},
    {"removed", V_NUM, 1},
    {"seconds", V_NUM, 1e9},
    {"states", V_INT, 1e15},
    {"distribution", V_DIST, 0},
    {"eq2", V_ANYNUM, 0},
    {"counting", V_INT, 1e6},
    {"linear", V_INT, 1e6},
    {"first_feedbacks", V_NUM, 1e30},
    {"best_entropy", V_OPTNUM, 200},
    {"adjusted_entropy", V_OPTNUM, 200},
    {"perfect_entropy", V_OPTNUM, 200},
};

/* 1 when v is a finite number (all of v), stored in *x. */
static int number(const char *v, double *x)
{
    char *end;
    errno = 0;
    *x = strtod(v, &end);
    return *v && !isspace((unsigned char)*v) && *end == '\0' && errno == 0 && isfinite(*x);
}

/* "2:5 3:10": guesses (0..1000) and how many games took them. */
static int distribution_ok(const char *v)
{
    while (*v) {
        char *end;
        errno = 0;
        long g = strtol(v, &end, 10);
        if (end == v || *end != ':' || errno || g < 0 || g > 1001)
            return 0;
        double c = strtod(end + 1, &end);
        if (end == v || !isfinite(c) || c < 0 || c > 1e15 || (*end && *end != ' '))
            return 0;
        v = *end ? end + 1 : end;
    }
    return 1;
}

/* NULL when value v fits column name, else what it should be (in buf). */
static const char *bad_value(const char *name, const char *v, char *buf, size_t size)
{
    for (size_t i = 0; i < sizeof column_kinds / sizeof column_kinds[0]; i++) {
        double x, hi = column_kinds[i].hi;
        if (strcmp(column_kinds[i].name, name) != 0)
            continue;
        switch (column_kinds[i].kind) {
        case V_INT:
            snprintf(buf, size, "a whole number from 0 to %g", hi);
            return number(v, &x) && x >= 0 && x <= hi && x == floor(x) ? NULL : buf;
        case V_OPTNUM:
            if (!*v)
                return NULL;
            /* fall through */
        case V_NUM:
            snprintf(buf, size, "a number from 0 to %g", hi);
            return number(v, &x) && x >= 0 && x <= hi ? NULL : buf;
        case V_ANYNUM:
            return number(v, &x) && fabs(x) < 1e15 ? NULL : "a finite number";
        case V_SEED:
            return *v && strspn(v, "0123456789") == strlen(v) && strlen(v) <= 20 ? NULL : "a seed";
        case V_DIST:
            return distribution_ok(v) ? NULL : "a distribution such as 2:5 3:10";
        default:
            return NULL;
        }
    }
    return NULL; /* text */
}

static int keep_row(exp_store *s, char *const *values)
{
    if (s->nrows == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        char ***rows = realloc(s->rows, cap * sizeof *rows);
        if (rows)
            s->rows = rows;
        long *lines = rows ? realloc(s->lines, cap * sizeof *lines) : NULL;
        if (!lines)
            return cli_fail(CB_ENOMEM, "out of memory");
        s->lines = lines;
        s->cap = cap;
    }
    s->lines[s->nrows] = 0;
    char **row = calloc((size_t)s->ncols, sizeof *row);
    if (!row)
        return cli_fail(CB_ENOMEM, "out of memory");
    for (int i = 0; i < s->ncols; i++)
        if (!(row[i] = strdup(values[i] ? values[i] : "")))
            return cli_fail(CB_ENOMEM, "out of memory");
    s->rows[s->nrows++] = row;
    return 0;
}

/* The digest of a row (ncols values) under the store's key, its columns' names included. */
static uint64_t row_digest(const exp_store *s, char *const *values)
{
    uint64_t h = cb_digest(s->key, "codebreaker experiment rows 1", 29);
    for (int i = 0; i < s->ncols; i++) { /* each name and value with its length: no two rows spell alike */
        const char *v = values[i] ? values[i] : "";
        uint64_t k[2] = {h, (uint64_t)i};
        h = cb_digest(k, s->cols[i], strlen(s->cols[i])) ^ cb_digest(k, v, strlen(v)) * 0x9e3779b97f4a7c15ull;
        h = cb_digest(s->key, &h, sizeof h);
    }
    return h;
}

/*
 * Write the header and every row kept to the results file, whole or not at
 * all (a temporary file renamed over it): a run stopped by a full disk
 * leaves the results of before, never a truncated file. 0, or the status.
 */
static int store_write(const exp_store *s)
{
    out_file o;
    int rc = out_open(&o, "results", s->path);
    if (rc)
        return rc;
    for (int i = 0; i < s->ncols; i++) {
        if (i)
            fputc(',', o.f);
        out_csv_field(o.f, s->cols[i]);
    }
    fputs(",digest\n", o.f);
    for (size_t r = 0; r < s->nrows && !ferror(o.f); r++) {
        for (int i = 0; i < s->ncols; i++) {
            if (i)
                fputc(',', o.f);
            out_csv_field(o.f, s->rows[r][i]);
        }
        fprintf(o.f, ",%016llx\n", (unsigned long long)row_digest(s, s->rows[r]));
    }
    return out_commit(&o, "results");
}

/* Columns whose value changes from one run of a configuration to the next: no conflict between two rows. */
static int run_dependent(const char *col)
{
    return strcmp(col, "seconds") == 0 || strcmp(col, "version") == 0;
}

/* The row kept whose key is that of values, or -1. */
static long find_row(const exp_store *s, char *const *values)
{
    for (size_t r = 0; r < s->nrows; r++) {
        int same = 1;
        for (int i = 0; same && i < s->nkeys; i++)
            same = strcmp(s->rows[r][i], values[i]) == 0;
        if (same)
            return (long)r;
    }
    return -1;
}

/*
 * Row fields of line lineno (its digest the last): checked, then kept. A configuration twice is
 * one row when the results agree (the later one kept) and an error naming
 * both lines when they differ. 0, or the exit status after the message.
 */
static int read_row(exp_store *s, char **fields, long lineno)
{
    const char *why = NULL;
    char buf[64];
    int i = 0;
    for (; i < s->ncols && !why; i++)
        why = bad_value(s->cols[i], fields[i], buf, sizeof buf);
    if (why)
        return cli_fail(CB_EINVAL, "%s:%ld: %s '%.40s' is not %s (a damaged file? remove the line)", s->path, lineno,
                        s->cols[i - 1], fields[i - 1], why);
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)row_digest(s, fields));
    if (strcmp(fields[s->ncols], buf) != 0)
        return cli_fail(CB_EINVAL,
                        "%s:%ld: the row does not verify (an edited or damaged row, or one sealed with another "
                        "installation's key): remove it and its configuration runs again",
                        s->path, lineno);
    long r = find_row(s, fields);
    if (r < 0) {
        int rc = keep_row(s, fields);
        if (rc == 0)
            s->lines[s->nrows - 1] = lineno;
        return rc;
    }
    for (i = s->nkeys; i < s->ncols; i++)
        if (!run_dependent(s->cols[i]) && strcmp(s->rows[r][i], fields[i]) != 0)
            return cli_fail(CB_EINVAL,
                            "%s:%ld: the configuration of line %ld again with another %s ('%.40s', not '%.40s'): "
                            "a damaged file? remove the wrong line",
                            s->path, lineno, s->lines[r], s->cols[i], fields[i], s->rows[r][i]);
    for (i = s->nkeys; i < s->ncols; i++) {
        char *v = strdup(fields[i]);
        if (!v)
            return cli_fail(CB_ENOMEM, "out of memory");
        free(s->rows[r][i]);
        s->rows[r][i] = v;
    }
    s->lines[r] = lineno;
    return 0;
}

/* Whether a row's line (a copy of it) has its fields and verifies: 0, or -1 (nothing printed). */
static int check_line(const exp_store *s, const in_file *in)
{
    char *copy = strdup(in->line), *fields[EXP_MAX_COLS + 2], want[17];
    if (!copy)
        return -1;
    size_t len = strlen(copy);
    while (len > 0 && copy[len - 1] == '\r')
        copy[--len] = '\0';
    int n = split_csv(copy, fields, EXP_MAX_COLS + 2), rc = -1;
    if (n == s->ncols + 1) {
        snprintf(want, sizeof want, "%016llx", (unsigned long long)row_digest(s, fields));
        rc = strcmp(fields[s->ncols], want) == 0 ? 0 : -1;
    }
    free(copy);
    return rc;
}

/* One line of the file: the header (line 1) or a row; 0, or the exit status after the message. */
static int read_line(exp_store *s, in_file *in)
{
    if (strlen(in->line) != in->len)
        return cli_fail(CB_EINVAL, "%s:%ld: a NUL byte (a damaged file? remove the line)", s->path, in->lineno);
    while (in->len > 0 && in->line[in->len - 1] == '\r')
        in->line[--in->len] = '\0';
    if (in->len == 0)
        return 0;
    char *fields[EXP_MAX_COLS + 2];
    int n = split_csv(in->line, fields, EXP_MAX_COLS + 2), same = n == s->ncols + 1;
    if (in->lineno == 1) {
        for (int i = 0; same && i < s->ncols; i++)
            same = strcmp(fields[i], s->cols[i]) == 0;
        if (!same && n == s->ncols && strcmp(fields[n - 1], "digest") != 0)
            return cli_fail(CB_EINVAL,
                            "%s: written before rows carried digests (or by another version): its rows cannot be "
                            "verified, so none is believed: move it away or choose another --out",
                            s->path);
        return same && strcmp(fields[s->ncols], "digest") == 0
                   ? 0
                   : cli_fail(CB_EINVAL,
                              "%s: its columns are not this experiment's (written by another version?): move it away "
                              "or choose another --out",
                              s->path);
    }
    if (!same)
        return cli_fail(CB_EINVAL, "%s:%ld: %d fields where %d belong (a damaged file? remove the line)", s->path,
                        in->lineno, n, s->ncols + 1);
    return read_row(s, fields, in->lineno);
}

int exp_store_open(exp_ctx *x, const char *const *cols, int ncols, int nkeys)
{
    exp_store *s = &x->store;
    memset(s, 0, sizeof *s);
    s->cols = cols;
    s->ncols = ncols;
    s->nkeys = nkeys;
    if (make_dirs(x->o.out) != 0) {
        cli_fail(CB_EIO, "--out: cannot make the directory %s: %s", x->o.out, strerror(errno));
        return 1; /* a failed write */
    }
    snprintf(s->path, sizeof s->path, "%s/%s.csv", x->o.out, x->o.name);
    int krc = cli_key_load(s->key);
    if (krc)
        return krc;
    in_file in;
    int rc = in_open(&in, NULL, s->path, 1), rewrite = 0;
    if (rc < 0)
        return store_write(s);
    if (rc > 0)
        return rc;
    while (rc == 0 && (rc = in_line(&in)) > 0) {
        if (!in.newline) { /* the file is written whole (store_write): kept when it verifies, else a damaged end */
            rewrite = 1;
            if (in.lineno > 1 && strlen(in.line) == in.len && check_line(s, &in) == 0) {
                rc = read_line(s, &in);
                break;
            }
            cli_warn("%s:%ld: the last line has no newline and does not verify: dropped", s->path, in.lineno);
            in.lineno--;
            rc = 0;
            break;
        }
        rc = read_line(s, &in);
    }
    rc = rc < 0 ? in.status : rc;
    long lines = in.lineno;
    in_close(&in);
    if (rc == 0 && (lines == 0 || rewrite)) /* an empty file gets its header; a damaged end goes */
        rc = store_write(s);
    return rc;
}

char **exp_store_find(const exp_store *s, char *const *key)
{
    long r = find_row(s, key);
    return r < 0 ? NULL : s->rows[r];
}

int exp_store_append(exp_store *s, char *const *values)
{
    long r = find_row(s, values);
    if (r >= 0) /* --fresh: the new results replace the old */
        for (int i = s->nkeys; i < s->ncols; i++) {
            char *v = strdup(values[i] ? values[i] : "");
            if (!v)
                return cli_fail(CB_ENOMEM, "out of memory");
            free(s->rows[r][i]);
            s->rows[r][i] = v;
        }
    int rc = r >= 0 ? 0 : keep_row(s, values);
    return rc ? rc : store_write(s);
}

void exp_store_close(exp_store *s)
{
    for (size_t r = 0; r < s->nrows; r++) {
        for (int i = 0; i < s->ncols; i++)
            free(s->rows[r][i]);
        free(s->rows[r]);
    }
    free(s->rows);
    free(s->lines);
    memset(s, 0, sizeof *s);
}

/* Progress */

/* Show the run's share done, the current configuration at fraction_current of its games; updates x->bar. */
static void draw(exp_ctx *x, double fraction_current, int force)
{
    exp_progress *b = &x->bar;
    double done = b->total > 0 ? (b->done + b->current * fraction_current) / b->total : 1;
    cli_progress_show(&b->bar, force, done < 0 ? 0 : done, b->label, NULL);
}

/* Restarts x->bar (the caller's, in x). */
void exp_progress_plan(exp_ctx *x, double weight)
{
    exp_progress *b = &x->bar;
    cli_progress_start(&b->bar, x->o.quiet, 0, 16); /* terminals only: no lines in logs */
    b->total = weight;
    b->done = 0;
}

/* label is copied into x->bar. */
void exp_progress_begin(exp_ctx *x, const char *label, double weight)
{
    snprintf(x->bar.label, sizeof x->bar.label, "%-22.22s", label);
    x->bar.current = weight;
    draw(x, 0, 1);
}

/* Updates x->bar, drawing at most every so often. */
void exp_progress_step(exp_ctx *x, double fraction)
{
    draw(x, fraction, 0);
}

/* Updates x->bar: the configuration is done. */
void exp_progress_end(exp_ctx *x)
{
    x->bar.done += x->bar.current;
    x->bar.current = 0;
    draw(x, 0, 1);
}

/* Erases the line; x->bar stays usable. */
void exp_progress_clear(exp_ctx *x)
{
    cli_progress_clear(&x->bar.bar);
}

/* Games */

/* The game's identity, to keep it open while configurations share it. */
static void game_key(const cb_game_config *c, char *out, size_t size)
{
    snprintf(out, size, "%d|%d|%d|%d|%s|%s|%s|%s|%s|%d", c->rule, c->colors, c->length, c->no_repeat,
             c->answers_path ? c->answers_path : "", c->guesses_path ? c->guesses_path : "",
             c->dictionary ? c->dictionary : "", c->answers_data ? c->answers_data : "",
             c->guesses_data ? c->guesses_data : "", c->select_length);
}

int exp_open_game(exp_ctx *x, const cb_game_config *cfg, int no_table)
{
    char key[512];
    size_t len;
    game_key(cfg, key, sizeof key);
    len = strlen(key);
    snprintf(key + len, sizeof key - len, "|%d", no_table);
    if (x->game && strcmp(key, x->game_key) == 0)
        return 0;
    cb_table_free(x->table);
    cb_game_free(x->game);
    x->table = NULL;
    x->game = NULL;
    cb_error err;
    cb_table_options opt;
    if (cb_game_new(cfg, &x->game, &err) != CB_OK) {
        exp_progress_clear(x);
        return cli_fail_err(&err);
    }
    cb_table_options_default(&opt);
    opt.threads = x->o.threads;
    opt.max_bytes = TABLE_LIMIT;
    opt.mode = no_table ? CB_TABLE_OFF : CB_TABLE_AUTO;
    if (cb_table_new(x->game, &opt, &x->table, &err) != CB_OK) {
        exp_progress_clear(x);
        return cli_fail_err(&err);
    }
    x->table_seconds = cb_table_build_seconds(x->table);
    snprintf(x->game_key, sizeof x->game_key, "%s", key);
    return 0;
}

/* A word list's digest (FNV-1a of its bytes) and, when counts is set, how many lines have each length. */
typedef struct list_digest {
    uint64_t h;
    size_t line; /* characters of the line so far */
    int open;    /* a line has begun */
    double *counts;
} list_digest;

static void digest_bytes(list_digest *d, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        d->h = (d->h ^ ch) * 0x100000001b3ull;
        d->open = ch != '\n';
        if (ch == '\n') {
            if (d->counts && d->line <= CB_MAX_LENGTH)
                d->counts[d->line]++;
            d->line = 0;
        } else if (ch != '\r' && (ch & 0xc0) != 0x80) /* characters, not bytes */
            d->line++;
    }
}

int exp_list_id(const char *path, const char *data, char *out, size_t size, double *counts)
{
    list_digest d = {0xcbf29ce484222325ull, 0, 0, counts};
    if (counts)
        memset(counts, 0, (CB_MAX_LENGTH + 1) * sizeof *counts);
    if (path) {
        in_file in;
        int rc = in_open(&in, NULL, path, 0);
        if (rc)
            return rc;
        while ((rc = in_line(&in)) > 0) {
            digest_bytes(&d, in.line, in.len);
            digest_bytes(&d, "\n", (size_t)in.newline);
        }
        in_close(&in);
        if (rc < 0)
            return in.status;
    } else {
        const char *text;
        size_t len;
        if (cb_data_bundled(data, &text, &len) != CB_OK)
            return cli_fail(CB_ENOTFOUND, "no bundled file %s", data);
        digest_bytes(&d, text, len);
    }
    if (d.open && counts && d.line <= CB_MAX_LENGTH) /* a last line without its newline */
        counts[d.line]++;
    snprintf(out, size, "%s#%08llx", path ? path : data, (unsigned long long)(d.h & 0xffffffffu));
    return 0;
}

/* Simulation rows to and from the file's strings */

static void sim_key(const exp_sim *r, char cells[][160])
{
    snprintf(cells[0], 160, "%s", r->game);
    snprintf(cells[1], 160, "%s", r->list);
    snprintf(cells[2], 160, "%d", r->k);
    snprintf(cells[3], 160, "%d", r->n);
    snprintf(cells[4], 160, "%s", r->strategy);
    snprintf(cells[5], 160, "%d", r->target);
    snprintf(cells[6], 160, "%s", r->opener);
    snprintf(cells[7], 160, "%ld", r->games);
    snprintf(cells[8], 160, "%llu", (unsigned long long)r->seed);
    snprintf(cells[9], 160, "%d", r->iterations);
}

static void sim_values(const exp_sim *r, char cells[][512])
{
    snprintf(cells[0], 512, "%.0f", r->secrets);
    snprintf(cells[1], 512, "%ld", r->played);
    snprintf(cells[2], 512, "%.6f", r->average);
    snprintf(cells[3], 512, "%.6f", r->stddev);
    snprintf(cells[4], 512, "%.6f", r->ci95);
    snprintf(cells[5], 512, "%g", r->median);
    snprintf(cells[6], 512, "%d", r->max);
    snprintf(cells[7], 512, "%.6f", r->removed);
    snprintf(cells[8], 512, "%.3f", r->seconds);
    snprintf(cells[9], 512, "%ld", r->states);
    snprintf(cells[10], 512, "%s", r->first_guess);
    snprintf(cells[11], 512, "%s", r->distribution);
    snprintf(cells[12], 512, "%.6f", r->eq2);
    snprintf(cells[13], 512, "%d", r->counting);
    snprintf(cells[14], 512, "%d", r->linear);
    snprintf(cells[15], 512, "%s", CB_VERSION);
}

static void sim_parse(char **row, exp_sim *r)
{
    char **v = row + EXP_SIM_KEYS;
    r->secrets = strtod(v[0], NULL);
    r->played = strtol(v[1], NULL, 10);
    r->average = strtod(v[2], NULL);
    r->stddev = strtod(v[3], NULL);
    r->ci95 = strtod(v[4], NULL);
    r->median = strtod(v[5], NULL);
    r->max = (int)strtol(v[6], NULL, 10);
    r->removed = strtod(v[7], NULL);
    r->seconds = strtod(v[8], NULL);
    r->states = strtol(v[9], NULL, 10);
    snprintf(r->first_guess, sizeof r->first_guess, "%s", v[10]);
    snprintf(r->distribution, sizeof r->distribution, "%s", v[11]);
    r->eq2 = strtod(v[12], NULL);
    r->counting = (int)strtol(v[13], NULL, 10);
    r->linear = (int)strtol(v[14], NULL, 10);
}

static int store_sim(exp_ctx *x, const exp_sim *r)
{
    char keys[EXP_SIM_KEYS][160], vals[EXP_SIM_COLS - EXP_SIM_KEYS][512];
    char *cells[EXP_SIM_COLS];
    sim_key(r, keys);
    sim_values(r, vals);
    for (int i = 0; i < EXP_SIM_KEYS; i++)
        cells[i] = keys[i];
    for (int i = EXP_SIM_KEYS; i < EXP_SIM_COLS; i++)
        cells[i] = vals[i - EXP_SIM_KEYS];
    return exp_store_append(&x->store, cells);
}

/* The row of a configuration in the file, unless --fresh. */
static char **find_sim(exp_ctx *x, const exp_sim *r)
{
    char keys[EXP_SIM_KEYS][160];
    char *cells[EXP_SIM_KEYS];
    if (x->o.fresh)
        return NULL;
    sim_key(r, keys);
    for (int i = 0; i < EXP_SIM_KEYS; i++)
        cells[i] = keys[i];
    return exp_store_find(&x->store, cells);
}

static int on_progress(void *ctx, size_t done, size_t total)
{
    exp_progress_step(ctx, total ? (double)done / (double)total : 1.0);
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t p = *(const uint32_t *)a, q = *(const uint32_t *)b;
    return (p > q) - (p < q);
}

/* Fill the measured values of r from a simulation's result. */
static void measure(const exp_ctx *x, const cb_sim_result *res, exp_sim *r)
{
    const cb_game *g = x->game;
    r->secrets = cb_game_secret_count(g);
    r->played = (long)res->games;
    r->average = res->average;
    r->stddev = res->stddev;
    double n = (double)res->games, sample_sd = n > 1 ? res->stddev * sqrt(n / (n - 1)) : 0;
    r->ci95 = 1.96 * sample_sd / sqrt(n);
    r->median = res->median;
    r->max = res->max;
    r->removed = res->removed;
    r->seconds = res->seconds;
    r->states = (long)res->states;
    if (res->first_guess == CB_NONE)
        snprintf(r->first_guess, sizeof r->first_guess, "(varies)");
    else
        cb_game_format_code(g, res->first_guess, r->first_guess, sizeof r->first_guess);
    size_t len = 0;
    r->distribution[0] = '\0';
    for (size_t i = 0; i < res->distribution_len; i++)
        if (res->distribution[i] && len < sizeof r->distribution)
            len += (size_t)snprintf(r->distribution + len, sizeof r->distribution - len, "%s%zu:%llu", len ? " " : "",
                                    i, (unsigned long long)res->distribution[i]);
    cb_rule rule = cb_game_rule(g);
    r->eq2 = cb_bound_information(rule, cb_game_length(g), r->secrets);
    r->counting = cb_bound_counting(rule, cb_game_length(g), r->secrets);
    r->linear = cb_game_colors(g) / cb_game_length(g);
}

/*
 * The sim options of a configuration: every secret, a sample, or draws with
 * repeats; its limit on guesses carried by the opening *start (the caller's,
 * cb_state_free; NULL when it has none).
 */
static int sim_options(exp_ctx *x, const exp_play *p, cb_sim_options *opt, uint32_t **draws, cb_state **start)
{
    cb_sim_options_default(opt);
    opt->seed = x->o.seed;
    opt->threads = x->o.threads;
    opt->progress = on_progress;
    opt->progress_ctx = x;
    *draws = NULL;
    *start = NULL;
    if (p->max_guesses > 0) {
        if (cb_state_new(x->table, start) != CB_OK || cb_state_set_max_guesses(*start, p->max_guesses) != CB_OK)
            return cli_fail(CB_ENOMEM, "out of memory");
        opt->from = *start;
    }
    uint32_t ns = cb_game_secret_count(x->game);
    if (p->draws) { /* uniformly random secrets, repeats allowed: any number of games from any game size */
        cb_rng rng;
        *draws = malloc(p->draws * sizeof **draws);
        if (!*draws)
            return cli_fail(CB_ENOMEM, "out of memory");
        cb_rng_seed2(&rng, x->o.seed, 0x5eC2e75u);
        for (size_t i = 0; i < p->draws; i++)
            (*draws)[i] = cb_rng_below(&rng, ns);
        qsort(*draws, p->draws, sizeof **draws, cmp_u32);
        opt->secrets = *draws;
        opt->nsecrets = p->draws;
    } else if (p->sample && p->sample < ns)
        opt->sample = p->sample;
    return 0;
}

/*
 * Why the figures of a row read back disagree with its own distribution
 * (games, average, standard deviation, median, most guesses, as a
 * simulation computes them), or NULL when they agree to the digits
 * written. A distribution cut short by its column's width is not checked.
 */
static const char *sim_inconsistent(const exp_sim *r, char *why, size_t size)
{
    double games = 0, sum = 0, sq = 0;
    long most = 0;
    if (strlen(r->distribution) + 1 >= sizeof r->distribution)
        return NULL;
    for (const char *p = r->distribution; *p;) {
        char *end;
        long k = strtol(p, &end, 10);
        double c = end[0] == ':' ? strtod(end + 1, &end) : -1;
        if (c < 0 || k < 0)
            return "its distribution is not 'GUESSES:GAMES ...'";
        games += c;
        sum += (double)k * c;
        sq += (double)k * (double)k * c;
        most = c > 0 && k > most ? k : most;
        p = end + strspn(end, " ");
    }
    double avg = games > 0 ? sum / games : 0, var = games > 0 ? sq / games - avg * avg : 0;
    double sd = var > 0 ? sqrt(var) : 0, lo = -1, hi = -1, seen = 0;
    for (const char *p = r->distribution; *p && games > 0;) { /* the median as simulate.c takes it */
        char *end;
        long k = strtol(p, &end, 10);
        double c = strtod(end + 1, &end);
        if (lo < 0 && seen + c > floor((games - 1) / 2))
            lo = (double)k;
        if (hi < 0 && seen + c > floor(games / 2))
            hi = (double)k;
        seen += c;
        p = end + strspn(end, " ");
    }
    if ((double)r->played != games)
        snprintf(why, size, "%ld games played, but its distribution counts %.0f", r->played, games);
    else if (fabs(r->average - avg) > 1e-6 + 1e-9 * avg)
        snprintf(why, size, "average %.6f, but its distribution's is %.6f", r->average, avg);
    else if (fabs(r->stddev - sd) > 1e-5)
        snprintf(why, size, "standard deviation %.6f, but its distribution's is %.6f", r->stddev, sd);
    else if (games > 0 && fabs(r->median - (lo + hi) / 2) > 1e-9)
        snprintf(why, size, "median %g, but its distribution's is %g", r->median, (lo + hi) / 2);
    else if (r->max != most)
        snprintf(why, size, "at most %d guesses, but its distribution's most is %ld", r->max, most);
    else
        return NULL;
    return why;
}

/* The line of the kept row `row` of the store (0: added by this run). */
static long row_line(const exp_store *s, char **row)
{
    for (size_t i = 0; i < s->nrows; i++)
        if (s->rows[i] == row)
            return s->lines[i];
    return 0;
}

int exp_simulate(exp_ctx *x, const exp_play *p, exp_sim *r)
{
    char **found = find_sim(x, r);
    if (found) {
        char why[160];
        sim_parse(found, r);
        if (sim_inconsistent(r, why, sizeof why))
            return cli_fail(CB_EINVAL,
                            "%s:%ld: the row of this configuration disagrees with itself (%s): an edited "
                            "or damaged row; remove the line and it is run again",
                            x->store.path, row_line(&x->store, found), why);
        x->reused++;
        return 0;
    }
    exp_progress_begin(x, p->label, p->weight);
    int rc = exp_open_game(x, &p->game, p->no_table);
    if (rc)
        return rc;
    cb_strategy *s = NULL;
    cb_sim_options opt;
    cb_sim_result res;
    cb_error err;
    uint32_t *draws = NULL;
    cb_state *start = NULL;
    cb_strategy_config scfg = p->strategy;
    scfg.threads = x->o.threads;
    if (cb_strategy_new(x->table, &scfg, &s, &err) != CB_OK) {
        exp_progress_clear(x);
        return cli_fail_err(&err);
    }
    rc = sim_options(x, p, &opt, &draws, &start);
    if (rc == 0 && cb_simulate(x->table, s, &opt, &res, &err) != CB_OK) {
        exp_progress_clear(x);
        rc = cli_fail_err(&err);
    }
    if (rc == 0) {
        measure(x, &res, r);
        cb_sim_result_release(&res);
        rc = store_sim(x, r);
        x->ran++;
    }
    free(draws);
    cb_state_free(start);
    cb_strategy_free(s);
    exp_progress_end(x);
    return rc;
}

int exp_run_all(exp_ctx *x, const exp_play *plays, exp_sim *rows, size_t n)
{
    double weight = 0;
    for (size_t i = 0; i < n; i++)
        if (!find_sim(x, &rows[i]))
            weight += plays[i].weight;
    exp_progress_plan(x, weight);
    for (size_t i = 0; i < n; i++) {
        int rc = exp_simulate(x, &plays[i], &rows[i]);
        if (rc)
            return rc;
    }
    exp_progress_clear(x);
    return 0;
}

int exp_figure(exp_ctx *x, const char *base, int kind, const plot_figure *fig, const plot_series *s, size_t n)
{
    static const char *const exts[2] = {"svg", "png"};
    if (!x->o.plots)
        return 0;
    for (int e = 0; e < 2; e++) {
        char path[1200], why[256];
        snprintf(path, sizeof path, "%s/%s.%s", x->o.out, base, exts[e]);
        int rc =
            kind == 'b' ? plot_bars(path, fig, s, n, why, sizeof why) : plot_lines(path, fig, s, n, why, sizeof why);
        if (rc) {
            cli_fail(rc == 2 ? CB_EINVAL : CB_EIO, "%s", why);
            return rc; /* 2 a bad name, 1 a failed write */
        }
    }
    return 0;
}

void exp_footer(exp_ctx *x, const char *const *figures, size_t nfigures)
{
    printf("\nresults: %s (%d configuration%s run now, %d found there and reused)\n", x->store.path, x->ran,
           x->ran == 1 ? "" : "s", x->reused);
    if (x->o.plots && nfigures) {
        printf("figures:");
        for (size_t i = 0; i < nfigures; i++)
            printf(" %s/%s.{svg,png}", x->o.out, figures[i]);
        printf("\n");
    }
}

size_t exp_strategy_names(const exp_ctx *x, const char *def, char names[][48], size_t max)
{
    const char *list = x->o.strategies ? x->o.strategies : def;
    size_t n = 0;
    while (*list && n < max) {
        size_t len = strcspn(list, ",");
        snprintf(names[n++], 48, "%.*s", (int)len, list);
        list += len + (list[len] == ',');
    }
    return n;
}
