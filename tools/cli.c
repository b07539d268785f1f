/* cli.c: option parsing, game set-up and error reporting for the program. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static const cli_opt game_opts[] = {
    {"game", "NAME", "the game (default wordle; dordle to sedecordle: 2 to 16 boards; absurdle: an adversary)",
     cli_game_names},
    {"boards", "K", "play K boards at once, one guess scored on each (2 to 32; --game quordle is 4)"},
    {"adversary", NULL, "no secret: the codemaker answers with the feedback that keeps the most candidates"},
    {"colors", "K", "colours or symbols: Mastermind size, or a complete dictionary with word rules"},
    {"pegs", "N", "code length of Mastermind or of a complete dictionary"},
    {"no-repeat", NULL, "codes without repeated symbols"},
    {"answers", "FILE", "word list of possible secrets (- for stdin)"},
    {"guesses", "FILE", "word list of allowed guesses (the answers are always allowed; - for stdin)"},
    {"words", "FILE", "one word list for both secrets and guesses (- for stdin)"},
    {"lists", "NAME",
     "bundled Wordle lists (default original; nyt2023: today's game; all: every allowed word may be the answer)",
     cli_list_names},
    {"dictionary", "NAME", "a bundled word list of every length for secrets and guesses: english (see --length)"},
    {"length", "N", "word length (default: the first word's; 5 with --dictionary)"},
    {"alphabet", "CHARS", "the symbols words may use (default: every one found)"},
    {"lenient", NULL, "skip bad lines of word lists instead of failing"},
    {"hard", NULL, "hard mode: Wordle's revealed letters reused, Mastermind's guesses all still possible"},
    {"threads", "N", "threads to use (default: all cores)"},
    {"table", "MODE", "feedback table: auto (default), on, off"},
    {"memory", "SIZE",
     "memory budget: a larger game is refused before its set-up (word lists: once read; default: half the RAM; 512M, "
     "4G)"},
    {NULL, NULL, NULL},
};
const cli_group cli_game_group = {"game", game_opts};

int cli_status(int code)
{
    return code == CB_ENOMEM ? 1 : 2;
}

/* The length of the UTF-8 sequence at s (at most n bytes), or 0 when it is not one. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xc2 && s[0] <= 0xdf   ? 2
                 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
                 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                                : 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong or beyond U+10FFFF */
    return len;
}

char *cli_escape(const char *in, size_t len, char *out, size_t size)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0;
    for (size_t i = 0; i < len && size > 0;) {
        size_t u = s[i] < 0x80 ? 1 : utf8_length(s + i, len - i);
        char piece[8];
        int control = u == 1 ? (s[i] < 0x20 && s[i] != '\t' && s[i] != '\n') || s[i] == 0x7f
                             : u == 2 && s[i] == 0xc2 && s[i + 1] < 0xa0; /* C1 controls, U+0080 to U+009F */
        if (u == 0 || control)
            snprintf(piece, sizeof piece, u == 2 ? "\\u%04x" : "\\x%02x", u == 2 ? s[i + 1] : s[i]);
        else {
            memcpy(piece, s + i, u);
            piece[u] = '\0';
        }
        i += u ? u : 1;
        size_t p = strlen(piece);
        if (o + p >= size)
            break;
        memcpy(out + o, piece, p);
        o += p;
    }
    if (size > 0)
        out[o] = '\0';
    return out;
}

/* "codebreaker: [warning: ]MESSAGE" on stderr, the message's control bytes escaped. */
static void report(const char *prefix, const char *fmt, va_list ap)
{
    char msg[8192], shown[4 * sizeof msg];
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1;
    fprintf(stderr, "codebreaker: %s%s\n", prefix, cli_escape(msg, len, shown, sizeof shown));
}

int cli_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("", fmt, ap);
    va_end(ap);
    return cli_status(code);
}

void cli_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("warning: ", fmt, ap);
    va_end(ap);
}

int cli_fail_err(const cb_error *err)
{
    return cli_fail(err->code, "%s", err->message);
}

int cli_cpu_level_env(void)
{
    const char *v = getenv("CB_CPU_LEVEL");
    if (!v || !*v)
        return 0;
    cb_cpu_level l;
    if (cb_cpu_level_parse(v, &l) != CB_OK)
        return cli_fail(CB_EINVAL, "CB_CPU_LEVEL is '%s': scalar, avx2 or avx512", v);
    cb_cpu_level_cap(l);
    return 0;
}

static void add_opts(cli *c, const cli_opt *opts)
{
    for (const cli_opt *o = opts; o && o->name; o++)
        if (c->nopts < CLI_MAX_OPTS)
            c->opts[c->nopts++] = o;
}

static int find_opt(const cli *c, const char *name, size_t len)
{
    for (int i = 0; i < c->nopts; i++)
        if (strlen(c->opts[i]->name) == len && strncmp(c->opts[i]->name, name, len) == 0)
            return i;
    return -1;
}

/* 1 when the command's own options include `name`. */
static int overridden(const cli_cmd *cmd, const char *name)
{
    for (const cli_opt *o = cmd->opts; o && o->name; o++)
        if (strcmp(o->name, name) == 0)
            return 1;
    return 0;
}

const char *cli_game_names(size_t i)
{
    const cb_game_preset *p = cb_game_preset_at(i);
    return p ? p->name : NULL;
}

const char *cli_strategy_names(size_t i)
{
    const cb_strategy_info *info = cb_strategy_at(i);
    return info ? info->name : NULL;
}

const char *cli_list_names(size_t i)
{
    size_t n;
    const cb_word_lists *all = cb_word_lists_all(&n);
    return i < n ? all[i].name : NULL;
}

static void help_line(const cli_opt *o, FILE *out)
{
    char left[48];
    snprintf(left, sizeof left, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    fprintf(out, "  %-22s %s", left, o->help);
    for (size_t i = 0; o->values && o->values(i); i++)
        fprintf(out, "%s%s", i == 0 ? ": " : ", ", o->values(i));
    fputc('\n', out);
}

void cli_help(const cli_cmd *cmd, FILE *out)
{
    fprintf(out, "usage: codebreaker %s %s\n\n%s\n\noptions:\n", cmd->name, cmd->usage, cmd->summary);
    for (const cli_opt *o = cmd->opts; o && o->name; o++)
        help_line(o, out);
    for (const cli_group *const *g = cmd->groups; g && *g; g++) {
        fprintf(out, "\n%s options:\n", (*g)->title);
        for (const cli_opt *o = (*g)->opts; o->name; o++)
            if (!overridden(cmd, o->name)) /* the command's own option of that name (parsed first) replaces it */
                help_line(o, out);
    }
    fprintf(out, "  %-22s %s\n", "-h, --help", "this help");
    if (cmd->example)
        fprintf(out, "\nexample:\n  %s\n", cmd->example);
}

/* The values of options that take one of a list, by command (NULL: every command); NULL values: any. */
static const struct {
    const char *cmd, *opt, *values;
} fixed_values[] = {
    {"experiment", "game", "symble wordle mastermind"},
    {"experiment", "strategy", NULL},
    {NULL, "table", "auto on off"},
    {NULL, "tie", "first random frequency"},
    {NULL, "tree-format", "text json"},
    {NULL, "objective", "total worst"},
    {NULL, "of", "secrets guesses"},
    {NULL, "dictionary", "english"},
};

/* The commands that play several boards (tools/variants), and so take their strategies. */
static int plays_boards(const cli_cmd *cmd)
{
    static const char *const names[] = {"play", "assist", "solve", "simulate"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(cmd->name, names[i]) == 0)
            return 1;
    return 0;
}

/* The names an iterator gives (cli_game_names ...), space-separated, into buf; skip those with a ':' (tree:FILE). */
static const char *joined(const char *(*names)(size_t), char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; names(i) && used < size; i++)
        if (!strchr(names(i), ':'))
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "", names(i));
    return buf;
}

/* --game, --lists, --strategy: the library's registries (and the several boards' strategies). */
static const char *library_values(const cli_cmd *cmd, const char *opt)
{
    static char games[512], lists[512], strategies[1024];
    if (strcmp(opt, "game") == 0)
        return joined(cli_game_names, games, sizeof games);
    if (strcmp(opt, "lists") == 0)
        return joined(cli_list_names, lists, sizeof lists);
    if (strcmp(opt, "strategy") == 0) {
        joined(cli_strategy_names, strategies, sizeof strategies);
        if (plays_boards(cmd))
            snprintf(strategies + strlen(strategies), sizeof strategies - strlen(strategies),
                     " sum-entropy sum-expected one-by-one");
        return strategies;
    }
    return NULL;
}

const char *cli_option_values(const cli_cmd *cmd, const char *opt)
{
    for (size_t i = 0; i < sizeof fixed_values / sizeof fixed_values[0]; i++)
        if ((!fixed_values[i].cmd || strcmp(fixed_values[i].cmd, cmd->name) == 0) &&
            strcmp(fixed_values[i].opt, opt) == 0)
            return fixed_values[i].values;
    return library_values(cmd, opt);
}

/* Text on one line: line breaks and the spaces after them become one space. */
static void one_line(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\n') {
            fputc(' ', out);
            while (s[1] == ' ')
                s++;
        } else
            fputc(*s == '\t' ? ' ' : *s, out);
    }
}

static void describe_opt(const cli_cmd *cmd, const char *section, const cli_opt *o, FILE *out)
{
    const char *values = o->arg ? cli_option_values(cmd, o->name) : NULL;
    fprintf(out, "option\t%s\t%s\t%s\t%s\t%s\t", cmd->name, section, o->name, o->arg ? o->arg : "-",
            values ? values : "-");
    one_line(out, o->help);
    fputc('\n', out);
}

void cli_describe(const cli_cmd *cmd, FILE *out)
{
    fprintf(out, "command\t%s\t", cmd->name);
    one_line(out, cmd->summary);
    fputc('\t', out);
    one_line(out, cmd->usage);
    fputc('\t', out);
    one_line(out, cmd->example ? cmd->example : "-");
    fputc('\n', out);
    for (const cli_opt *o = cmd->opts; o && o->name; o++)
        describe_opt(cmd, "command", o, out);
    for (const cli_group *const *g = cmd->groups; g && *g; g++)
        for (const cli_opt *o = (*g)->opts; o->name; o++)
            if (!overridden(cmd, o->name))
                describe_opt(cmd, (*g)->title, o, out);
}

/* 1 when cmd takes the shared group g. */
static int takes(const cli_cmd *cmd, const cli_group *g)
{
    for (const cli_group *const *t = cmd->groups; t && *t; t++)
        if (*t == g)
            return 1;
    return 0;
}

/* A whole number option as cli_int reads it, but with no range: bound and the games differ on --colors. */
static long whole(const cli *c, const char *name, int *ok)
{
    return cli_int(c, name, 0, LONG_MIN, LONG_MAX, ok);
}

/*
 * The game options, read once (c->gopts): every name of the group is read here and nowhere else. The
 * hard mode the set-up plays in, c->hard, is the set-up's (--hard, or a preset played hard; none where
 * the rule has none: cb_game_setup_config refuses --hard there). 0, or 2 after the error message.
 */
static int read_game_opts(cli *c)
{
    cli_game_opts *g = &c->gopts;
    int ok = 1;
    cb_game_setup s;
    if (!takes(c->cmd, &cli_game_group))
        return 0;
    g->game = cli_get(c, "game");
    g->hard = cli_flag(c, "hard");
    g->adversary = cli_flag(c, "adversary");
    g->boards = (int)cli_int(c, "boards", 0, 2, CB_MAX_BOARDS, &ok); /* one board is the plain game */
    g->colors = ok ? whole(c, "colors", &ok) : 0;                    /* its range: cli_game_setup's, or bound's */
    g->colors_given = cli_get(c, "colors") != NULL;
    g->pegs = ok ? (int)cli_int(c, "pegs", 0, 1, CB_MAX_LENGTH, &ok) : 0;
    g->length = ok ? (int)cli_int(c, "length", 0, 2, CB_MAX_LENGTH, &ok) : 0;
    if (!ok)
        return 2;
    g->words = cli_get(c, "words");
    g->answers = cli_get(c, "answers");
    g->guesses = cli_get(c, "guesses");
    g->dictionary = cli_get(c, "dictionary");
    g->lists = cli_get(c, "lists");
    g->alphabet = cli_get(c, "alphabet");
    g->no_repeat = cli_flag(c, "no-repeat");
    g->lenient = cli_flag(c, "lenient");
    g->daily = cli_declares(c, "daily") && cli_flag(c, "daily"); /* play's */
    cb_game_setup_default(&s);
    s.game = g->game;
    s.hard = g->hard;
    c->hard = cb_game_setup_hard(&s);
    return 0;
}

int cli_parse(cli *c, const cli_cmd *cmd, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->cmd = cmd;
    add_opts(c, cmd->opts);
    for (const cli_group *const *g = cmd->groups; g && *g; g++)
        add_opts(c, (*g)->opts);
    c->pos = calloc((size_t)argc + 1, sizeof *c->pos);
    if (!c->pos)
        return cli_fail(CB_ENOMEM, "out of memory");
    int only_pos = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        if (only_pos || a[0] != '-' || strcmp(a, "-") == 0) {
            c->pos[c->npos++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            cli_help(cmd, stdout);
            return -1;
        }
        if (a[1] != '-')
            return cli_fail(CB_EINVAL, "%s: unknown option %s (see codebreaker %s --help)", cmd->name, a, cmd->name);
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int k = find_opt(c, name, len);
        if (k < 0)
            return cli_fail(CB_EINVAL, "%s: unknown option --%.*s (see codebreaker %s --help)", cmd->name, (int)len,
                            name, cmd->name);
        if (!c->opts[k]->arg) {
            if (eq)
                return cli_fail(CB_EINVAL, "--%s takes no value", c->opts[k]->name);
            c->values[k] = "";
        } else if (c->values[k])
            return cli_fail(CB_EINVAL, "--%s is given twice: give it once", c->opts[k]->name);
        else if (eq)
            c->values[k] = eq + 1;
        else if (i + 1 < argc)
            c->values[k] = argv[++i];
        else
            return cli_fail(CB_EINVAL, "--%s needs a value (%s)", c->opts[k]->name, c->opts[k]->arg);
    }
    return read_game_opts(c);
}

void cli_release(cli *c)
{
    cb_table_free(c->table);
    cb_game_free(c->game);
    free(c->pos);
    memset(c, 0, sizeof *c);
}

int cli_declares(const cli *c, const char *name)
{
    return find_opt(c, name, strlen(name)) >= 0;
}

/*
 * The index of option `name` among the command's. A name the command does not declare is a mistake of
 * the program, not of its user (a misspelt name would read as absent): said, and the program exits.
 */
static int declared(const cli *c, const char *name)
{
    int k = find_opt(c, name, strlen(name));
    if (k < 0) {
        fprintf(stderr, "codebreaker: internal error: option --%s is not declared by command %s\n", name,
                c->cmd ? c->cmd->name : "?");
        exit(2);
    }
    return k;
}

const char *cli_get(const cli *c, const char *name)
{
    return c->values[declared(c, name)];
}

int cli_flag(const cli *c, const char *name)
{
    return cli_get(c, name) != NULL;
}

void cli_kernels(char *buf, size_t size)
{
    size_t len = 0;
    cb_cpu_level level;
    const char *name;
    buf[0] = '\0';
    for (size_t i = 0; (name = cb_cpu_kernel_at(i, &level)) != NULL && len < size; i++) {
        int n = snprintf(buf + len, size - len, "%s%s %s", i ? ", " : "", name, cb_cpu_level_name(level));
        len += n > 0 ? (size_t)n : 0;
    }
}

int cli_is_whole(const char *v)
{
    const char *d = v[0] == '-' ? v + 1 : v;
    return *d && strspn(d, "0123456789") == strlen(d);
}

int cli_is_number(const char *v)
{
    char *end;
    const char *d = v[0] == '-' ? v + 1 : v;
    errno = 0;
    double x = strtod(v, &end);
    return (isdigit((unsigned char)*d) || (*d == '.' && isdigit((unsigned char)d[1]))) && *end == '\0' && !errno &&
           isfinite(x);
}

long cli_int(const cli *c, const char *name, long def, long lo, long hi, int *ok)
{
    const char *v = cli_get(c, name);
    if (!v)
        return def;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (!cli_is_whole(v) || *end != '\0' || errno) {
        cli_fail(CB_EINVAL, "--%s: '%s' is not a whole number", name, v);
        *ok = 0;
        return 0;
    }
    if (x < lo || x > hi) {
        cli_fail(CB_EINVAL, "--%s: %ld is out of range (%ld to %ld)", name, x, lo, hi);
        *ok = 0;
        return 0;
    }
    return x;
}

double cli_seconds(const cli *c, const char *name, double def, double hi, int *ok)
{
    const char *v = cli_get(c, name);
    if (!v)
        return def;
    double x = cli_is_number(v) ? strtod(v, NULL) : 0;
    if (!(x > 0) || x > hi) {
        cli_fail(CB_EINVAL, "--%s: '%s' is not a positive number of seconds (at most %.0f)", name, v, hi);
        *ok = 0;
        return 0;
    }
    return x;
}

#define STDIN_COPY_MAX ((64L << 20) + 1) /* past the library's limit on a text file, which then says so */

/*
 * Standard input as a regular file, so that /dev/stdin may be opened (and read from its start) as
 * often as the library needs (a game remade by bound --range, one strategy per name): a pipe or a
 * terminal is copied once into an anonymous temporary file put in place of file descriptor 0.
 */
static int stdin_regular(void)
{
    static int done = 0, ok = 0;
    struct stat st;
    if (done++)
        return ok;
    if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode))
        return ok = 1;
    FILE *copy = tmpfile();
    char buf[65536];
    size_t n;
    long total = 0;
    if (!copy)
        return ok = 0;
    while (total < STDIN_COPY_MAX && (n = fread(buf, 1, sizeof buf, stdin)) > 0 && fwrite(buf, 1, n, copy) == n)
        total += (long)n;
    ok = !ferror(stdin) && fflush(copy) == 0 && dup2(fileno(copy), STDIN_FILENO) == STDIN_FILENO &&
         lseek(STDIN_FILENO, 0, SEEK_SET) == 0;
    clearerr(stdin);
    return ok;
}

const char *cli_stdin_path(const char *what)
{
    if (!stdin_regular()) {
        fprintf(stderr, "codebreaker: %s -: cannot read standard input: %s\n", what, strerror(errno));
        return "-";
    }
    return "/dev/stdin";
}

/* The file an input option's value v names (cli_input): /dev/stdin for "-". */
static const char *input_path(const char *name, const char *v)
{
    char what[64];
    if (!v || strcmp(v, "-") != 0)
        return v;
    snprintf(what, sizeof what, "--%s", name);
    return cli_stdin_path(what);
}

const char *cli_input(const cli *c, const char *name)
{
    return input_path(name, cli_get(c, name));
}

int cli_colors(const cli *c, long hi, int *colors)
{
    long k = c->gopts.colors;
    *colors = 0;
    if (c->gopts.colors_given && (k < 2 || k > hi))
        return cli_fail(CB_EINVAL, "--colors: %ld is out of range (2 to %ld)", k, hi);
    *colors = (int)k;
    return 0;
}

/*
 * The game as the options set it up (c->gopts), for the library's one check
 * (cb_game_setup_config); only the variant (game, boards, adversary, hard)
 * unless `full`.
 */
static int cli_setup(const cli *c, cb_game_setup *s, int full)
{
    const cli_game_opts *g = &c->gopts;
    cb_game_setup_default(s);
    s->game = g->game;
    s->boards = g->boards;
    s->hard = g->hard; /* 0: the preset's */
    s->adversary = g->adversary;
    if (!full)
        return 0;
    if (cli_colors(c, CB_MAX_COMPLETE, &s->colors))
        return 2;
    s->pegs = g->pegs;
    s->length = g->length;
    const char *words = input_path("words", g->words);
    s->answers = words ? words : input_path("answers", g->answers);
    s->guesses = words ? words : input_path("guesses", g->guesses);
    s->dictionary = g->dictionary;
    s->lists = g->lists;
    s->alphabet = g->alphabet;
    s->no_repeat = g->no_repeat;
    s->lenient = g->lenient;
    if (g->daily) /* play --daily: the daily game's lists unless the options name words */
        cb_daily_setup(s);
    return 0;
}

int cli_game_setup(const cli *c, cb_game_setup *s)
{
    return cli_setup(c, s, 1);
}

int cli_game_config(const cli *c, cb_game_config *cfg)
{
    cb_game_setup s;
    cb_error err;
    int rc = cli_setup(c, &s, 1);
    if (rc)
        return rc;
    return cb_game_setup_config(&s, cfg, NULL, NULL, &err) == CB_OK ? 0 : cli_fail(CB_EINVAL, "%s", err.message);
}

int cli_variant(const cli *c, cli_variant_t *v)
{
    cb_game_setup s;
    cb_game_config cfg;
    cb_error err;
    int rc = cli_setup(c, &s, 0);
    if (rc)
        return rc;
    if (cb_game_setup_config(&s, &cfg, &v->boards, &v->adversary, &err) != CB_OK)
        return cli_fail(CB_EINVAL, "%s", err.message);
    return 0;
}

/* --memory as bytes: digits and a binary unit K, M, G or T; 0 when it is not such a size. */
static double parse_size(const char *s)
{
    size_t digits = strspn(s, "0123456789");
    const char *units = "KMGT", *u = s[digits] ? strchr(units, s[digits]) : NULL;
    if (digits == 0 || digits > 12 || (s[digits] && (!u || s[digits + 1])))
        return 0;
    double x = strtod(s, NULL);
    for (const char *p = units; u && p <= u; p++)
        x *= 1024;
    return x;
}

/* Bytes for people: GiB with a decimal from 1 GiB, else whole MiB or KiB. */
static const char *size_text(double bytes, char *buf, size_t size)
{
    if (bytes >= 1 << 30)
        snprintf(buf, size, "%.1f GiB", bytes / (1 << 30));
    else if (bytes >= 1 << 20)
        snprintf(buf, size, "%.0f MiB", bytes / (1 << 20));
    else
        snprintf(buf, size, "%.0f KiB", bytes / 1024);
    return buf;
}

/* The memory budget: --memory, else half of the machine's RAM (and of the address-space limit, if any). */
static int memory_budget(const cli *c, double *budget)
{
    const char *m = cli_get(c, "memory");
    if (m) {
        *budget = parse_size(m);
        return *budget > 0 ? 0 : cli_fail(CB_EINVAL, "--memory: '%s' is not a size such as 512M or 4G", m);
    }
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    *budget = pages > 0 && page > 0 ? (double)pages * (double)page / 2 : 4.0 * (1 << 30);
    struct rlimit r;
    if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY && (double)r.rlim_cur / 2 < *budget)
        *budget = (double)r.rlim_cur / 2;
    return 0;
}

/*
 * Refuse, before its set-up, a complete dictionary whose codes would take
 * more than the memory budget: the game's arrays, a state's candidates and
 * the strategies' scratch come to about CLI_BYTES_PER_CODE a code.
 */
static int check_memory(const cli *c, const cb_game_config *cfg)
{
    uint64_t codes = cb_game_config_codes(cfg);
    double budget, need = (double)codes * CLI_BYTES_PER_CODE;
    int rc = memory_budget(c, &budget);
    if (rc || need <= budget || codes > CB_MAX_CODES) /* past CB_MAX_CODES, cb_game_new says the limit */
        return rc;
    char a[32], b[32];
    return cli_fail(CB_ETOOBIG,
                    "%llu codes would take about %s to set up, over the memory budget of %s (--memory; the default "
                    "is half the RAM)",
                    (unsigned long long)codes, size_text(need, a, sizeof a), size_text(budget, b, sizeof b));
}

/*
 * A game of word lists, known only once its words are read (at most
 * CB_MAX_FILE bytes a list): refused when its words would take more than
 * the memory budget, before its tables and strategies, as check_memory.
 */
static int check_words_memory(const cli *c)
{
    if (cb_game_complete(c->game))
        return 0;
    uint64_t codes = cb_game_guess_count(c->game);
    double budget, need = (double)codes * CLI_BYTES_PER_CODE;
    int rc = memory_budget(c, &budget);
    if (rc || need <= budget)
        return rc;
    char a[32], b[32];
    return cli_fail(CB_ETOOBIG,
                    "%llu words would take about %s to set up, over the memory budget of %s (--memory; the default "
                    "is half the RAM)",
                    (unsigned long long)codes, size_text(need, a, sizeof a), size_text(budget, b, sizeof b));
}

int cli_wider_game(const cli *c, cb_game **out, cb_error *err)
{
    cb_game_config cfg;
    if (cli_game_config(c, &cfg) != 0)
        return cb_error_set(err, CB_EINVAL, "the game's options do not hold");
    if (cb_game_secret_count(c->game) == cb_game_guess_count(c->game) || cb_game_config_wider(&cfg) != CB_OK)
        return cb_error_set(err, CB_ENOTFOUND, "every allowed word is a possible answer already");
    return cb_game_new(&cfg, out, err);
}

int cli_open_game_only(cli *c)
{
    cb_game_config cfg;
    cb_error err;
    int rc = cli_game_config(c, &cfg);
    if (rc == 0)
        rc = check_memory(c, &cfg);
    if (rc)
        return rc;
    if (cb_game_new(&cfg, &c->game, &err) != CB_OK)
        return cli_fail_err(&err);
    if ((rc = check_words_memory(c)) != 0) {
        cb_game_free(c->game);
        c->game = NULL;
        return rc;
    }
    if (cb_game_skipped(c->game))
        cli_warn("skipped %zu bad lines of the word lists (--lenient)", cb_game_skipped(c->game));
    return 0;
}

const char *cli_default_strategy(const cli *c)
{
    cb_game_setup s;
    const char *name = cli_setup(c, &s, 0) == 0 ? cb_game_setup_strategy(&s) : NULL;
    return name ? name : "parts";
}

int cli_threads(const cli *c, int *ok)
{
    return (int)cli_int(c, "threads", 0, 1, CLI_MAX_THREADS, ok);
}

int cli_table_mode(cli *c, cb_table_mode fallback, cb_table_mode *mode)
{
    const char *m = cli_get(c, "table");
    *mode = fallback;
    if (m && strcmp(m, "on") == 0)
        *mode = CB_TABLE_ON;
    else if (m && strcmp(m, "off") == 0)
        *mode = CB_TABLE_OFF;
    else if (m && strcmp(m, "auto") == 0)
        *mode = CB_TABLE_AUTO;
    else if (m)
        return cli_fail(CB_EINVAL, "--table: '%s' is not auto, on or off", m);
    return 0;
}

int cli_open_table(cli *c, const cb_game *game, cb_table_mode mode, cb_table **out)
{
    return cli_open_table_work(c, game, mode, 0, out);
}

int cli_open_table_work(cli *c, const cb_game *game, cb_table_mode mode, double work, cb_table **out)
{
    int ok = 1;
    cb_table_options opt;
    cb_error err;
    cb_table_options_default(&opt);
    opt.mode = mode;
    opt.work = work;
    opt.threads = cli_threads(c, &ok);
    opt.time_limit = c->table_time_limit;
    opt.cancel = c->table_cancel;
    if (!ok)
        return 2;
    int rc = cb_table_new(game, &opt, out, &err);
    c->table_stopped = rc == CB_ECANCELED;
    if (rc != CB_OK && rc != CB_ECANCELED)
        return cli_fail_err(&err);
    return 0;
}

int cli_json_print(cb_json *j)
{
    cb_json_raw(j, "\n");
    int rc = cb_json_flush(j, stdout);
    cb_json_release(j);
    if (rc == CB_ENOMEM)
        return cli_fail(CB_ENOMEM, "out of memory");
    /* a failed write leaves ferror(stdout) set, and main's out_check_stdout says it, once */
    return rc == CB_OK ? 0 : 1;
}

int cli_no_args(const cli *c)
{
    if (c->npos == 0)
        return 0;
    return cli_fail(CB_EINVAL, "%s takes no arguments, but got '%s' (see codebreaker %s --help)", c->cmd->name,
                    c->pos[0], c->cmd->name);
}
