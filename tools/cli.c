/* cli.c: option parsing, game set-up and error reporting for the program. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static const cli_opt game_opts[] = {
    {"game", "NAME",
     "wordle (default), symble, mastermind, super, bulls, dordle, quordle, octordle, sedecordle (2, 4, 8, 16 "
     "boards), absurdle (an adversary)"},
    {"boards", "K", "play K boards at once, one guess scored on each (2 to 32; --game quordle is 4)"},
    {"adversary", NULL, "no secret: the codemaker answers with the feedback that keeps the most candidates"},
    {"colors", "K", "colours or symbols: Mastermind size, or a complete dictionary with word rules"},
    {"pegs", "N", "code length of Mastermind or of a complete dictionary"},
    {"no-repeat", NULL, "codes without repeated symbols"},
    {"answers", "FILE", "word list of possible secrets (- for stdin)"},
    {"guesses", "FILE", "word list of allowed guesses (the answers are always allowed; - for stdin)"},
    {"words", "FILE", "one word list for both secrets and guesses (- for stdin)"},
    {"lists", "NAME",
     "bundled Wordle lists: original (default), nyt2023 (today's game), nyt2022sep, nyt2022, nyt2022feb, "
     "all (every allowed word may be the answer), allowed, answers"},
    {"dictionary", "NAME", "a bundled word list of every length for secrets and guesses: english (see --length)"},
    {"length", "N", "word length (default: the first word's; 5 with --dictionary)"},
    {"alphabet", "CHARS", "the symbols words may use (default: every one found)"},
    {"lenient", NULL, "skip bad lines of word lists instead of failing"},
    {"hard", NULL, "Wordle hard mode"},
    {"threads", "N", "threads to use (default: all cores)"},
    {"table", "MODE", "feedback table: auto (default), on, off"},
    {NULL, NULL, NULL},
};
const cli_group cli_game_group = {"game", game_opts};

int cli_status(int code)
{
    return code == CB_ENOMEM ? 1 : 2;
}

int cli_fail(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("codebreaker: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return cli_status(code);
}

int cli_fail_err(const cb_error *err)
{
    return cli_fail(err->code, "%s", err->message);
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

static void help_line(const cli_opt *o, FILE *out)
{
    char left[48];
    snprintf(left, sizeof left, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    fprintf(out, "  %-22s %s\n", left, o->help);
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
    {NULL, "game", "wordle symble mastermind super bulls dordle quordle octordle sedecordle absurdle"},
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

/* --lists: the library's bundled lists; --strategy: its strategies, and the several boards' ones. */
static const char *library_values(const cli_cmd *cmd, const char *opt)
{
    static char lists[512], strategies[1024];
    size_t n, used = 0;
    if (strcmp(opt, "lists") == 0) {
        const cb_word_lists *l = cb_word_lists_all(&n);
        for (size_t i = 0; i < n && used < sizeof lists; i++)
            used += (size_t)snprintf(lists + used, sizeof lists - used, "%s%s", i ? " " : "", l[i].name);
        return lists;
    }
    if (strcmp(opt, "strategy") == 0) {
        const cb_strategy_info *s = cb_strategy_list(&n);
        for (size_t i = 0; i < n && used < sizeof strategies; i++)
            if (!strchr(s[i].name, ':')) /* tree:FILE */
                used += (size_t)snprintf(strategies + used, sizeof strategies - used, "%s ", s[i].name);
        if (used > 0 && used < sizeof strategies)
            strategies[--used] = '\0'; /* the last space */
        if (plays_boards(cmd))
            snprintf(strategies + used, sizeof strategies - used, " sum-entropy sum-expected one-by-one");
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
    return 0;
}

void cli_release(cli *c)
{
    cb_table_free(c->table);
    cb_game_free(c->game);
    free(c->pos);
    memset(c, 0, sizeof *c);
}

const char *cli_get(const cli *c, const char *name)
{
    int k = find_opt(c, name, strlen(name));
    return k < 0 ? NULL : c->values[k];
}

int cli_flag(const cli *c, const char *name)
{
    return cli_get(c, name) != NULL;
}

long cli_int(const cli *c, const char *name, long def, long lo, long hi, int *ok)
{
    const char *v = cli_get(c, name);
    if (!v)
        return def;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (*v == '\0' || *end != '\0' || errno) {
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

const char *cli_input(const cli *c, const char *name)
{
    const char *v = cli_get(c, name);
    if (!v || strcmp(v, "-") != 0)
        return v;
    if (!stdin_regular()) {
        fprintf(stderr, "codebreaker: --%s -: cannot read standard input: %s\n", name, strerror(errno));
        return v;
    }
    return "/dev/stdin";
}

/* --lists NAME: the bundled lists of that name, alone or with --colors/--pegs (an error). */
static int game_lists(const cli *c, cb_game_config *cfg)
{
    const char *lists = cli_get(c, "lists");
    cb_error err;
    if (!lists)
        return 0;
    if (cfg->answers_path || cfg->guesses_path || cfg->dictionary)
        return cli_fail(CB_EINVAL, "give either --lists or word lists (--answers, --guesses, --words, --dictionary)");
    if (cfg->rule == CB_RULE_MASTERMIND || cli_get(c, "colors") || cli_get(c, "pegs"))
        return cli_fail(CB_EINVAL, "--lists names word lists: it applies to Wordle and Symble, not to codes");
    return cb_game_config_lists(cfg, lists, &err) == CB_OK ? 0 : cli_fail_err(&err);
}

int cli_game_config(const cli *c, cb_game_config *cfg)
{
    const char *name = cli_get(c, "game");
    int ok = 1, rc;
    if (!name || cb_multi_preset_boards(name) || strcmp(name, "absurdle") == 0)
        name = "wordle";
    if (cb_game_config_preset(name, cfg) != CB_OK)
        return cli_fail(CB_EINVAL,
                        "unknown game '%s' (use wordle, symble, mastermind, super, bulls, dordle, quordle, octordle, "
                        "sedecordle or absurdle)",
                        name);
    long colors = cli_int(c, "colors", 0, 2, 36, &ok);
    long pegs = ok ? cli_int(c, "pegs", 0, 1, CB_MAX_LENGTH, &ok) : 0;
    long length = ok ? cli_int(c, "length", 0, 2, CB_MAX_LENGTH, &ok) : 0;
    if (!ok)
        return 2;
    const char *words = cli_input(c, "words");
    cfg->answers_path = words ? words : cli_input(c, "answers");
    cfg->guesses_path = words ? words : cli_input(c, "guesses");
    cfg->dictionary = cli_get(c, "dictionary");
    if (cfg->dictionary && (cfg->answers_path || cfg->guesses_path))
        return cli_fail(CB_EINVAL, "give either --dictionary or word lists, not both");
    if ((rc = game_lists(c, cfg)) != 0)
        return rc;
    if (cfg->rule == CB_RULE_MASTERMIND) {
        if (cfg->answers_path || cfg->guesses_path || cfg->dictionary)
            return cli_fail(CB_EINVAL, "Mastermind games take --colors and --pegs, not word lists");
        if (colors)
            cfg->colors = (int)colors;
        if (pegs)
            cfg->length = (int)pegs;
    } else if (colors || pegs) {
        if (!colors || !pegs)
            return cli_fail(CB_EINVAL, "a complete dictionary needs both --colors and --pegs");
        if (cfg->answers_path || cfg->guesses_path || cfg->dictionary)
            return cli_fail(CB_EINVAL, "give either word lists or --colors and --pegs, not both");
        cfg->colors = (int)colors;
        cfg->length = (int)pegs;
    } else
        cfg->length = (int)length;
    if (cli_flag(c, "no-repeat"))
        cfg->no_repeat = 1;
    cfg->alphabet = cli_get(c, "alphabet");
    cfg->lenient = cli_flag(c, "lenient");
    if (cli_flag(c, "hard") && cfg->rule != CB_RULE_WORDLE)
        return cli_fail(CB_EINVAL, "--hard applies to Wordle rules only");
    return 0;
}

int cli_variant(const cli *c, cli_variant_t *v)
{
    const char *name = cli_get(c, "game");
    int ok = 1;
    long boards = cli_int(c, "boards", 0, 1, CB_MAX_BOARDS, &ok);
    int preset = cb_multi_preset_boards(name);
    if (!ok)
        return 2;
    if (preset && boards && boards != preset)
        return cli_fail(CB_EINVAL, "--game %s has %d boards, not %ld: give one of --game and --boards", name, preset,
                        boards);
    v->boards = preset ? preset : boards ? (int)boards : 1;
    v->adversary = cli_flag(c, "adversary") || (name && strcmp(name, "absurdle") == 0);
    if (v->boards > 1 && v->adversary)
        return cli_fail(CB_EINVAL, "an adversary plays one board: give --boards or --adversary, not both");
    if ((v->boards > 1 || v->adversary) && name && strcmp(name, "symble") == 0)
        return cli_fail(CB_EINVAL, "several boards and the adversary take Wordle or Mastermind rules, not Symble's");
    if (v->boards > 1 && cli_flag(c, "hard"))
        return cli_fail(CB_EINVAL, "several boards are played without hard mode (the published games have none)");
    return 0;
}

int cli_open_game_only(cli *c)
{
    cb_game_config cfg;
    cb_error err;
    int rc = cli_game_config(c, &cfg);
    if (rc)
        return rc;
    if (cb_game_new(&cfg, &c->game, &err) != CB_OK)
        return cli_fail_err(&err);
    if (cb_game_skipped(c->game))
        fprintf(stderr, "codebreaker: warning: skipped %zu bad lines of the word lists (--lenient)\n",
                cb_game_skipped(c->game));
    return 0;
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
    int ok = 1;
    cb_table_options opt;
    cb_error err;
    cb_table_options_default(&opt);
    opt.mode = mode;
    opt.threads = cli_threads(c, &ok);
    if (!ok)
        return 2;
    if (cb_table_new(game, &opt, out, &err) != CB_OK)
        return cli_fail_err(&err);
    return 0;
}

int cli_open_game(cli *c)
{
    cb_table_mode mode;
    int rc = cli_open_game_only(c);
    if (!rc)
        rc = cli_table_mode(c, CB_TABLE_AUTO, &mode);
    return rc ? rc : cli_open_table(c, c->game, mode, &c->table);
}

void cli_json_string(FILE *out, const char *s)
{
    cb_json_write(out, s);
}

int cli_no_args(const cli *c)
{
    if (c->npos == 0)
        return 0;
    return cli_fail(CB_EINVAL, "%s takes no arguments, but got '%s' (see codebreaker %s --help)", c->cmd->name,
                    c->pos[0], c->cmd->name);
}
