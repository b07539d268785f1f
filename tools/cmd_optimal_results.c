/*
 * cmd_optimal_results.c: the results file of `codebreaker optimal --results`
 * (format in docs/optimal.md): a header naming the search and the words,
 * then one sealed line per opener as it is settled. Reading it back gives
 * the openers a new run need not search again; the library's reader
 * (cb_optimal_reader, src/solver/results.c) checks each line and its
 * digest. New files are of format 3: sealed with this installation's secret
 * key (cli_key_load), which only this program reads. `--sign` derives every
 * line of a file again and seals it in format 3, or refuses.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "infile.h"
#include "opt_results.h"
#include "outfile.h"

/* The message of a line the reader refused; the exit status. */
static int refused(const char *path, const cb_optimal_reader *rd, const cb_error *err)
{
    if (cb_optimal_reader_lineno(rd) == 1 && cb_optimal_reader_version(rd) == 1)
        return cli_fail(CB_EINVAL,
                        "%s: %s. The same command with --sign derives each of its lines again and seals them, or "
                        "names the first that does not hold (docs/optimal.md, \"The results file\")",
                        path, err->message);
    int v = cb_optimal_reader_version(rd);
    if (v == 3 && cb_optimal_reader_lineno(rd) == 4) /* another key */
        return cli_fail(CB_EINVAL,
                        "%s: %s. The same command with --sign derives each of its lines again and seals them with "
                        "this installation's key (docs/optimal.md, \"Who can forge a line\")",
                        path, err->message);
    if (cb_optimal_reader_lineno(rd) <= (v == 1 ? 2 : v == 3 ? 4 : 3)) /* the header */
        return cli_fail(err->code, "%s: %s. Use another file or the same options", path, err->message);
    return cli_fail(err->code, "%s:%ld: %s", path, cb_optimal_reader_lineno(rd), err->message);
}

/*
 * Read path line by line into rd. A last line without its newline is kept
 * when it reads and verifies whole (*cut is then -2: a newline is due
 * before the next line), else dropped with a warning (an interrupted
 * write), *cut getting where it starts (-1: none). *lines gets the lines
 * read. 0, -1 when the file does not exist, or the exit status after the
 * message. each (may be NULL) is called on every line read, with its
 * opener (guess CB_NONE for others).
 */
static int read_lines(cb_optimal_reader *rd, const char *path, off_t *cut, long *lines,
                      int (*each)(void *arg, const char *line, const cb_optimal_opener *op), void *arg)
{
    in_file in;
    int rc = in_open(&in, "--results", path, 1);
    *cut = -1;
    *lines = 0;
    if (rc != 0)
        return rc;
    while (rc == 0 && (rc = in_line(&in)) > 0) {
        cb_optimal_opener op;
        cb_error err;
        char *copy = strdup(in.line);
        rc = 0;
        if (!copy)
            rc = cli_fail(CB_ENOMEM, "out of memory");
        else if (cb_optimal_reader_line(rd, in.line, in.len, &op, &err) != CB_OK)
            rc = in.newline ? refused(path, rd, &err) : -3;
        if (rc == -3) {
            cli_warn("%s:%ld: the last line has no newline and does not read whole (an interrupted write?): "
                     "dropped",
                     path, in.lineno);
            *cut = (off_t)in.offset;
            in.lineno--;
            free(copy);
            rc = 0;
            break;
        }
        if (rc == 0 && !in.newline)
            *cut = -2;
        if (rc == 0 && each)
            rc = each(arg, copy, &op);
        free(copy);
    }
    rc = rc < 0 ? in.status : rc;
    *lines = in.lineno;
    in_close(&in);
    cb_error err;
    if (rc == 0 && *lines > 0 && cb_optimal_reader_end(rd, &err) != CB_OK)
        rc = cli_fail(CB_EINVAL, "%s: %s", path, err.message);
    return rc;
}

int opt_results_open(opt_results *r, const char *path, const cb_game *game, const char *config)
{
    cb_error err;
    memset(r, 0, sizeof *r);
    r->game = game;
    r->out.fd = -1;
    uint64_t key[2];
    int rc = cli_key_load(key);
    if (rc)
        return rc;
    if (cb_optimal_reader_new(game, config, 0, &r->reader, &err) != CB_OK)
        return cli_fail_err(&err);
    cb_optimal_reader_set_key(r->reader, key);
    off_t cut;
    long lines;
    rc = read_lines(r->reader, path, &cut, &lines, NULL, NULL);
    if (rc == 0 && cb_optimal_reader_version(r->reader) == 2 && cb_optimal_reader_openers(r->reader, &r->n) && r->n &&
        !(r->again = calloc(cb_game_guess_count(game), 1)))
        rc = cli_fail(CB_ENOMEM, "out of memory");
    if (rc > 0) {
        opt_results_close(r); /* nothing kept: the caller does not close a file that failed to open */
        return rc;
    }
    r->public = cb_optimal_reader_version(r->reader) == 2;
    r->known = cb_optimal_reader_openers(r->reader, &r->n);
    char head[1024];
    cb_optimal_results_header(cb_optimal_reader_seal(r->reader), config, head, sizeof head);
    /* cut -2: the last line, kept, is due its newline */
    if ((rc = opt_append_open(&r->out, path, cut >= 0 ? cut : -1, cut == -2, head)) != 0)
        opt_results_close(r);
    return rc;
}

void opt_results_append(const cb_optimal_opener *op, void *arg)
{
    opt_results *r = arg;
    char line[160];
    if (r->again && op->guess < cb_game_guess_count(r->game))
        r->again[op->guess] = 1;
    if (r->out.fd < 0 || r->out.failed)
        return;
    cb_optimal_opener_seal(r->game, cb_optimal_reader_seal(r->reader), op, line, sizeof line - 1);
    strcat(line, "\n");
    opt_append_line(&r->out, line);
}

int opt_results_close(opt_results *r)
{
    int st = opt_append_close(&r->out, "openers");
    cb_optimal_reader_free(r->reader);
    r->reader = NULL;
    r->known = NULL;
    free(r->again);
    r->again = NULL;
    return st;
}

int opt_append_open(opt_append *a, const char *path, off_t cut, int newline, const char *head)
{
    struct stat st;
    memset(a, 0, sizeof *a);
    a->path = path;
    a->fd = -1;
    if (cut >= 0 && truncate(path, cut) != 0)
        return cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    a->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    int rc = a->fd < 0 || fstat(a->fd, &st) != 0 ? -1 : 0;
    if (rc == 0 && newline)
        rc = out_write_whole(a->fd, "\n", 1);
    if (rc == 0 && st.st_size == 0)
        rc = out_write_whole(a->fd, head, strlen(head));
    if (rc == 0)
        return 0;
    rc = cli_fail(CB_EIO, "%s: %s", path, strerror(errno));
    if (a->fd >= 0)
        close(a->fd);
    a->fd = -1;
    return rc;
}

int opt_append_line(opt_append *a, const char *line)
{
    if (a->fd < 0 || a->failed)
        return -1;
    if (out_write_whole(a->fd, line, strlen(line)) != 0) {
        a->failed = 1;
        a->err = errno;
        return -1;
    }
    return 0;
}

int opt_append_close(opt_append *a, const char *what)
{
    if (a->fd >= 0 && close(a->fd) != 0 && !a->failed) {
        a->failed = 1;
        a->err = errno;
    }
    a->fd = -1;
    return a->failed ? cli_fail(CB_EIO, "%s: writing failed (%s); the %s after the failure are not in it", a->path,
                                strerror(a->err), what)
                     : 0;
}

int opt_turn_two_open(opt_turn_two *t, const char *path, const cb_game *game, const char *config)
{
    memset(t, 0, sizeof *t);
    t->game = game;
    t->out.fd = -1;
    cb_optimal_turn_two_seal_init(game, config, &t->seal);
    char *text;
    size_t size;
    off_t cut;
    int rc = in_read_whole("--turn-two", path, &text, &size, &cut);
    if (rc)
        return rc;
    if (text && size) {
        cb_optimal_turn_two *tt;
        cb_error err;
        if (cb_optimal_turn_two_parse(game, text, size, config, &tt, &err) != CB_OK) {
            free(text);
            return cli_fail(err.code, "--turn-two: %s: %s", path, err.message);
        }
        t->openers = cb_optimal_turn_two_count(tt);
        cb_optimal_turn_two_free(tt);
    }
    free(text);
    char head[1024];
    cb_optimal_turn_two_header(&t->seal, config, head, sizeof head);
    return opt_append_open(&t->out, path, cut, 0, head);
}

void opt_turn_two_append(const cb_optimal_opener *op, const cb_optimal_child *kids, size_t n, void *arg)
{
    opt_turn_two *t = arg;
    char *line;
    if (t->out.fd < 0 || t->out.failed)
        return;
    int rc = cb_optimal_turn_two_line(t->game, &t->seal, op, kids, n, &line, NULL);
    if (rc != CB_OK) {
        t->out.failed = 1;
        t->out.err = rc == CB_ENOMEM ? ENOMEM : EINVAL;
        return;
    }
    opt_append_line(&t->out, line);
    free(line);
}

int opt_turn_two_close(opt_turn_two *t)
{
    return opt_append_close(&t->out, "openers");
}

size_t opt_results_unattested(const opt_results *r, uint32_t first)
{
    size_t k = 0;
    for (size_t i = 0; r->public && i < r->n; i++)
        if (!r->again[r->known[i].guess] && !(r->known[i].exact && r->known[i].guess == first))
            k++;
    return k;
}

/* What signing writes: the new file, and how many opener lines it seals. */
typedef struct sign_state {
    const cb_game *game;
    const cb_optimal_seal *seal;
    FILE *f;
    long lineno, header; /* the line, and the lines of the old header (written anew) */
    size_t openers;
} sign_state;

/* One line of a file being signed: the header replaced, openers sealed, comments kept. */
static int sign_line(void *arg, const char *line, const cb_optimal_opener *op)
{
    sign_state *s = arg;
    char sealed[160];
    if (++s->lineno <= s->header)
        return 0;
    if (op->guess == CB_NONE) {
        fprintf(s->f, "%s\n", line);
        return 0;
    }
    cb_optimal_opener_seal(s->game, s->seal, op, sealed, sizeof sealed);
    fprintf(s->f, "%s\n", sealed);
    s->openers++;
    return 0;
}

/* What the searches of signing derived, by guess, against what the lines say. */
typedef struct derived {
    cb_optimal_opener *op;
    const cb_optimal_opener **said; /* the line of each opener derived again, NULL for others */
    unsigned char *got;
    volatile int *cancel; /* set at the first line that does not hold: the search stops there */
    int bad;
} derived;

/* Whether what the program derived (d) proves what a line says (op). */
static int derived_proves(const cb_optimal_opener *d, const cb_optimal_opener *op)
{
    if (op->bound == UINT64_MAX)
        return d->bound == UINT64_MAX;
    if (op->exact)
        return d->exact && d->bound == op->bound;
    return d->bound >= op->bound;
}

static void on_derived(const cb_optimal_opener *op, void *arg)
{
    derived *d = arg;
    d->op[op->guess] = *op;
    d->got[op->guess] = 1;
    if (d->said[op->guess] && !derived_proves(op, d->said[op->guess])) {
        d->bad = 1;
        __atomic_store_n(d->cancel, 1, __ATOMIC_RELAXED);
    }
}

/* The budget that settles what a line says: exact T below T + 1, a bound B at B, "impossible" without one. */
static uint64_t line_cutoff(const cb_optimal_opener *op)
{
    return op->bound == UINT64_MAX ? 0 : op->exact ? op->bound + 1 : op->bound;
}

static int by_cutoff(const void *a, const void *b)
{
    uint64_t x = line_cutoff(a), y = line_cutoff(b);
    return x < y ? -1 : x > y;
}

/* The refusal of the line of ops[i] (the file's line of its opener), with what was derived of it. */
static int not_held(const char *path, const cb_optimal_reader *rd, const cb_game *game, const derived *d,
                    const cb_optimal_opener *op)
{
    char said[128], got[128] = "nothing (another opener stands for it under the game's symmetries)";
    cb_optimal_opener_format(game, op, said, sizeof said);
    if (d->got[op->guess])
        cb_optimal_opener_format(game, &d->op[op->guess], got, sizeof got);
    long line = 0;
    size_t nr;
    const cb_optimal_opener *all = cb_optimal_reader_openers(rd, &nr);
    for (size_t m = 0; m < nr; m++)
        if (all[m].guess == op->guess)
            line = cb_optimal_reader_opener_line(rd, m);
    return cli_fail(CB_EINVAL,
                    "%s:%ld: '%s' does not hold: searched again, the program derives '%s'. Nothing signed: remove "
                    "the line (its opener is then searched again) or start a new file",
                    path, line, said, got);
}

/*
 * Derive every opener of ops[0..n) again: one search over the openers that
 * share a budget (line_cutoff), in order of it, each stopped at the first
 * line that does not hold. 0 when each line holds, else the exit status
 * after naming the first that does not (or the stop).
 */
static int derive_all(const char *path, const cb_optimal_reader *rd, const cb_table *table,
                      const cb_optimal_options *base, volatile int *cancel, cb_optimal_opener *ops, size_t n, int quiet)
{
    const cb_game *game = cb_table_game(table);
    uint32_t ng = cb_game_guess_count(game);
    derived d = {calloc(ng, sizeof *d.op), calloc(ng, sizeof *d.said), calloc(ng, 1), cancel, 0};
    uint32_t *list = malloc((n ? n : 1) * sizeof *list);
    cb_optimal_workspace *ws = NULL; /* the searches' memory, kept from one to the next */
    int rc = d.op && d.said && d.got && list && cb_optimal_workspace_new(&ws) == CB_OK
                 ? 0
                 : cli_fail(CB_ENOMEM, "out of memory");
    qsort(ops, n, sizeof *ops, by_cutoff);
    size_t searches = 0;
    for (size_t i = 0; i < n; i++)
        searches += i == 0 || line_cutoff(&ops[i]) != line_cutoff(&ops[i - 1]);
    if (!quiet && rc == 0)
        fprintf(stderr, "codebreaker: signing %s: deriving its %zu openers again, in %zu searches\n", path, n,
                searches);
    for (size_t i = 0, k = 0; rc == 0 && i < n; k++) {
        size_t j = i;
        for (; j < n && line_cutoff(&ops[j]) == line_cutoff(&ops[i]); j++) {
            list[j - i] = ops[j].guess;
            d.said[ops[j].guess] = &ops[j];
        }
        cb_optimal_options o = *base;
        o.first = CB_NONE;
        o.workspace = ws;
        o.cutoff = line_cutoff(&ops[i]);
        o.openers = list;
        o.nopeners = j - i;
        o.slice_start = o.slice_step = 0;
        o.known = NULL;
        o.nknown = 0;
        o.on_opener = on_derived;
        o.on_opener_arg = &d;
        o.on_best = NULL;
        o.cancel = cancel;
        cb_optimal_result res;
        cb_error err;
        if (!quiet)
            fprintf(stderr, "codebreaker: signing: search %zu of %zu, %zu opener%s, budget %llu\n", k + 1, searches,
                    j - i, j - i == 1 ? "" : "s", (unsigned long long)o.cutoff);
        if (cb_optimal_solve(table, &o, &res, &err) != CB_OK)
            rc = cli_fail_err(&err);
        else {
            int stopped = res.stopped;
            cb_optimal_result_release(&res);
            if (stopped && !d.bad)
                rc = cli_fail(CB_EINVAL, "signing %s: stopped before every line was derived again: nothing signed",
                              path);
        }
        for (; rc == 0 && i < j; i++)
            if (!d.got[ops[i].guess] || !derived_proves(&d.op[ops[i].guess], &ops[i]))
                if (d.got[ops[i].guess] || !d.bad) /* after a stop, the line that does not hold */
                    rc = not_held(path, rd, game, &d, &ops[i]);
        i = j;
    }
    cb_optimal_workspace_free(ws);
    free(d.op);
    free(d.said);
    free(d.got);
    free(list);
    return rc;
}

int opt_results_sign(const char *path, const cb_table *table, const cb_optimal_options *o, volatile int *cancel,
                     const char *config, int quiet)
{
    const cb_game *game = cb_table_game(table);
    cb_optimal_reader *rd;
    cb_error err;
    uint64_t key[2];
    int rc = cli_key_load(key);
    if (rc)
        return rc;
    if (cb_optimal_reader_new(game, config, CB_OPTIMAL_READ_UNSIGNED, &rd, &err) != CB_OK)
        return cli_fail_err(&err);
    cb_optimal_reader_set_key(rd, key);
    off_t cut;
    long lines;
    out_file of = {0};
    /* a first pass checks every line; each opener is derived again; the file is then written again, sealed */
    rc = read_lines(rd, path, &cut, &lines, NULL, NULL);
    if (rc < 0)
        rc = cli_fail(CB_EINVAL, "--results: %s: no such file to sign", path);
    int version = cb_optimal_reader_version(rd);
    size_t n;
    const cb_optimal_opener *ops = cb_optimal_reader_openers(rd, &n);
    if (rc == 0 && version == 3 && cb_optimal_reader_verified(rd)) {
        printf("%s: already signed with this installation's key; its %zu openers verify\n", path, n);
        cb_optimal_reader_free(rd);
        return 0;
    }
    cb_optimal_opener *copy = rc == 0 ? malloc((n ? n : 1) * sizeof *copy) : NULL;
    if (rc == 0 && !copy)
        rc = cli_fail(CB_ENOMEM, "out of memory");
    if (rc == 0) {
        memcpy(copy, ops, n * sizeof *copy);
        rc = derive_all(path, rd, table, o, cancel, copy, n, quiet);
    }
    free(copy);
    cb_optimal_reader_free(rd);
    if (rc)
        return rc;
    if (cb_optimal_reader_new(game, config, CB_OPTIMAL_READ_UNSIGNED, &rd, &err) != CB_OK)
        return cli_fail_err(&err);
    cb_optimal_reader_set_key(rd, key);
    cb_optimal_seal seal;
    cb_optimal_seal_init_keyed(game, config, key, &seal);
    sign_state s = {game, &seal, NULL, 0, version == 1 ? 2 : version == 3 ? 4 : 3, 0};
    if ((rc = out_open(&of, "--results", path)) == 0) {
        char head[1024];
        cb_optimal_results_header(&seal, config, head, sizeof head);
        fputs(head, of.f);
        s.f = of.f;
        rc = read_lines(rd, path, &cut, &lines, sign_line, &s);
        rc = rc ? (out_abandon(&of), rc) : out_commit(&of, "--results");
    }
    cb_optimal_reader_free(rd);
    if (rc == 0)
        printf("%s: signed (format 3, this installation's key): %zu opener lines derived again and sealed, %zu "
               "openers\n",
               path, s.openers, n);
    return rc;
}
