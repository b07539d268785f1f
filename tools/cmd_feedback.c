/* cmd_feedback.c: `codebreaker feedback`: score guesses against secrets. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

/* Feedback of two codes by the game's rule; Symble shows raw colours unless a mapping is given. */
static void score(const cb_game *g, uint32_t guess, uint32_t secret, int mapping, char *buf, size_t size)
{
    uint32_t raw = cb_game_feedback_code(g, guess, secret);
    if (cb_game_rule_info(g)->hidden && mapping < 0)
        cb_game_format_raw(g, raw, buf, size);
    else
        cb_game_format_feedback(g, cb_game_seen(g, raw, mapping < 0 ? 0 : mapping), buf, size);
}

static int parse_pair(const cb_game *g, const char *gs, const char *ss, uint32_t *guess, uint32_t *secret,
                      cb_error *err)
{
    int rc = cb_game_parse_code(g, gs, guess, err);
    if (rc == CB_OK)
        rc = cb_game_parse_code(g, ss, secret, err);
    return rc;
}

/* One pair's feedback: a line of text or a JSON object; 0, or the exit status after an error. */
static int print_one(const cli *c, const char *gs, const char *ss, const char *fb)
{
    if (!cli_flag(c, "json")) {
        puts(fb);
        return 0;
    }
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "guess", gs);
    cb_json_kstr(&j, "secret", ss);
    cb_json_kstr(&j, "feedback", fb);
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

#define FEEDBACK_MAX_LINE 4096 /* docs/limits.md */
#define FEEDBACK_MAX_TEXT "4096"
#define FEEDBACK_MAX_SKIP (1 << 20) /* a longer line is skipped up to this many bytes, then reading stops */
#define FEEDBACK_SKIP_TEXT "1 MiB"

/*
 * One line of stdin into line (size FEEDBACK_MAX_LINE + 2), in bounded
 * memory and time whatever comes in: 0, 1 when too long (the rest of it
 * skipped), 2 when it holds a NUL byte, 3 when no newline comes within
 * FEEDBACK_MAX_SKIP bytes (a stream such as /dev/zero: the caller stops),
 * EOF at the end.
 */
static int read_line(char *line, size_t size)
{
    size_t len = 0;
    int ch, nul = 0;
    while ((ch = getc_unlocked(stdin)) != EOF && ch != '\n') {
        nul |= ch == '\0';
        if (len + 1 < size)
            line[len] = (char)ch;
        if (++len > FEEDBACK_MAX_SKIP)
            return 3;
    }
    if (ch == EOF && len == 0)
        return EOF;
    line[len < size ? len : size - 1] = '\0';
    return len > FEEDBACK_MAX_LINE ? 1 : nul ? 2 : 0;
}

/* `feedback -`: one "GUESS SECRET" pair per line; a bad line prints `?` and an error, and the rest goes on. */
static int run_stream(cli *c, int mapping)
{
    static char line[FEEDBACK_MAX_LINE + 2];
    size_t lineno = 0;
    int status = 0;
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    int got;
    while (!ferror(stdout) && (got = read_line(line, sizeof line)) != EOF) {
        char *save = NULL, *gs, *ss, *extra;
        uint32_t guess, secret;
        char fb[64];
        cb_error err;
        lineno++;
        if (got == 3) {
            cli_fail(CB_EINVAL, "line %zu: no newline within " FEEDBACK_SKIP_TEXT ": stopped reading", lineno);
            puts("?");
            status = 2;
            break;
        }
        if (got != 0) {
            fprintf(stderr, "codebreaker: line %zu: %s\n", lineno,
                    got == 1 ? "longer than " FEEDBACK_MAX_TEXT " bytes" : "holds a NUL byte");
            puts("?");
            status = 2;
            continue;
        }
        gs = strtok_r(line, " \t\r\n", &save);
        if (!gs)
            continue;
        ss = strtok_r(NULL, " \t\r\n", &save);
        extra = ss ? strtok_r(NULL, " \t\r\n", &save) : NULL;
        if (!ss || extra) {
            fprintf(stderr, "codebreaker: line %zu: expected 'GUESS SECRET'\n", lineno);
            puts("?");
            status = 2;
            continue;
        }
        if (parse_pair(c->game, gs, ss, &guess, &secret, &err) != CB_OK) {
            cli_fail(err.code, "line %zu: %s", lineno, err.message);
            puts("?");
            status = 2;
            continue;
        }
        score(c->game, guess, secret, mapping, fb, sizeof fb);
        if (print_one(c, gs, ss, fb) != 0)
            return 1;
    }
    int e = errno; /* of the read that ended the loop */
    if (ferror(stdin)) {
        cli_fail(CB_EIO, "cannot read standard input: %s", strerror(e));
        return 1;
    }
    return status; /* main checks that stdout was written */
}

static int run(cli *c)
{
    int rc = cli_open_game_only(c), mapping = -1;
    if (rc)
        return rc;
    const char *m = cli_get(c, "mapping");
    if (m) {
        if (!cb_game_rule_info(c->game)->hidden)
            return cli_fail(CB_EINVAL, "--mapping applies to Symble only");
        if ((mapping = cb_game_mapping_parse(m)) < 0)
            return cli_fail(CB_EINVAL,
                            "--mapping: '%s' is not an order of a, b, c (the symbols of gray, yellow, green)", m);
    }
    if (c->npos == 1 && strcmp(c->pos[0], "-") == 0)
        return run_stream(c, mapping);
    if (c->npos != 2)
        return cli_fail(CB_EINVAL, "feedback takes GUESS SECRET, or - to read pairs from stdin");
    uint32_t guess, secret;
    cb_error err;
    char fb[64];
    if (parse_pair(c->game, c->pos[0], c->pos[1], &guess, &secret, &err) != CB_OK)
        return cli_fail_err(&err);
    score(c->game, guess, secret, mapping, fb, sizeof fb);
    return print_one(c, c->pos[0], c->pos[1], fb);
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object per pair)"},
    {"mapping", "ABC", "Symble: show symbols, ABC being the symbols of gray, yellow, green (e.g. cab)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_feedback = {
    "feedback",
    "GUESS SECRET | -",
    "print the feedback of GUESS against SECRET; with -, read 'GUESS SECRET' lines from stdin "
    "(Symble: colours per codeword position)",
    "codebreaker feedback --game wordle salet aback",
    opts,
    CLI_GAME,
    run,
};
