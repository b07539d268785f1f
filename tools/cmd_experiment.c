/*
 * cmd_experiment.c: `codebreaker experiment NAME`: the papers' experiments
 * reproduced, each a table, a results file and figures (docs/analysis.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "experiment.h"

typedef struct exp_def {
    const char *name;
    const char *what;
    const char *figure;
    const char *options; /* the options it takes besides --out --games --seed --threads --fresh --no-plot --quiet */
    int (*run)(exp_ctx *x);
} exp_def;

static const exp_def experiments[] = {
    {"symble-lengths", "Symble on English words of each length, five algorithms", "Symble thesis, Figure 4",
     " sample words range strategy iterations dict-size ", exp_symble_lengths},
    {"symble-length-growth", "random play on complete dictionaries, k = 6, n = 2..9, with the bounds",
     "Symble thesis, Table 1", " colors range ", exp_length_growth},
    {"symble-alphabet-growth", "random play on complete dictionaries, n = 5 and 3, k = 2..25, with the bounds",
     "Symble thesis, Table 2, Figures 7, 10, 11", " pegs range ", exp_alphabet_growth},
    {"first-guess-entropy", "best, adjusted and perfect first-guess entropy against k",
     "Symble thesis, Figure 9 at n = 5; Figure 12 is --pegs 3", " pegs range game ", exp_first_guess_entropy},
    {"target-turn", "Wordle and Mastermind, each strategy with target turn 2, 3 and none",
     "data-visualisation paper, Figures 5, 6", " strategy paper-rules ", exp_target_turn},
    {"opening-sweep", "minimax over all 12972 allowed words as answers, openers SERAI and LARES",
     "Wordle-in-C++ paper, Table 2", " words first ", exp_opening_sweep},
};
#define NEXPERIMENTS (sizeof experiments / sizeof experiments[0])

static void list_experiments(FILE *out)
{
    fprintf(out, "experiments:\n");
    for (size_t i = 0; i < NEXPERIMENTS; i++)
        fprintf(out, "  %-24s %s (%s)\n", experiments[i].name, experiments[i].what, experiments[i].figure);
}

/* "k=2..25" or "n=4..17" */
static int parse_range(const char *text, exp_opts *o)
{
    char var, dots[3];
    int lo, hi, used = 0;
    if (sscanf(text, " %c = %d %2[.] %d %n", &var, &lo, dots, &hi, &used) != 4 || text[used] != '\0' ||
        strcmp(dots, "..") != 0 || (var != 'k' && var != 'n'))
        return cli_fail(CB_EINVAL, "--range: '%s' is not k=FROM..TO or n=FROM..TO", text);
    if (lo < 1 || hi > 64 || lo > hi)
        return cli_fail(CB_EINVAL, "--range: '%s' must go up, within 1..64", text);
    o->range_var = var;
    o->lo = lo;
    o->hi = hi;
    return 0;
}

static int parse_pegs(const char *text, exp_opts *o)
{
    const char *p = text;
    o->npegs = 0;
    while (*p) {
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (*p < '0' || *p > '9' || errno || v < 1 || v > CB_MAX_LENGTH || (*end && *end != ','))
            return cli_fail(CB_EINVAL, "--pegs: '%s' is not a list of code lengths 1..%d such as 5,3", text,
                            CB_MAX_LENGTH);
        if (o->npegs == EXP_MAX_PEGS)
            return cli_fail(CB_EINVAL, "--pegs: at most %d lengths", EXP_MAX_PEGS);
        o->pegs[o->npegs++] = (int)v;
        p = *end ? end + 1 : end;
    }
    return o->npegs ? 0 : cli_fail(CB_EINVAL, "--pegs: no length given");
}

/* Options this experiment does not use are errors, so that a typo never passes for a setting. */
static int check_applies(const cli *c, const exp_def *e)
{
    static const char *const specific[] = {"sample", "words", "range", "strategy",  "iterations", "colors",
                                           "pegs",   "game",  "first", "dict-size", "paper-rules"};
    for (size_t i = 0; i < sizeof specific / sizeof specific[0]; i++) {
        char word[24];
        snprintf(word, sizeof word, " %s ", specific[i]);
        if (cli_get(c, specific[i]) && !strstr(e->options, word))
            return cli_fail(CB_EINVAL, "--%s does not apply to the experiment %s", specific[i], e->name);
    }
    return 0;
}

/*
 * The header: what the paper ran, or, when an option of the experiment changed it (a word list, other
 * openers, a sample), what it was changed by: the header says what is actually run.
 */
static void print_header(const cli *c, const exp_def *e, uint64_t seed)
{
    static const char *const changes[] = {"words", "first", "games",      "sample",    "range",       "strategy",
                                          "pegs",  "game",  "iterations", "dict-size", "paper-rules", "colors"};
    int changed = 0;
    printf("experiment %s (%s), seed %llu: ", e->name, e->figure, (unsigned long long)seed);
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        const char *v = cli_get(c, changes[i]);
        if (!v)
            continue;
        printf("%s --%s%s%s", changed ? "" : "the paper's set-up changed by", changes[i], *v ? " " : "", v);
        changed = 1;
    }
    printf(changed ? " (the paper's: %s)\n" : "%s\n", e->what);
}

static int read_opts(cli *c, const exp_def *e, exp_opts *o)
{
    int ok = 1;
    memset(o, 0, sizeof *o);
    o->name = e->name;
    o->out = cli_get(c, "out") ? cli_get(c, "out") : "experiments";
    if (!*o->out)
        return cli_fail(CB_EINVAL, "--out: an empty directory name");
    long games = cli_int(c, "games", 0, 1, 100000000, &ok);
    long sample = ok ? cli_int(c, "sample", 0, 1, 100000000, &ok) : 0;
    o->threads = ok ? cli_threads(c, &ok) : 0;
    o->colors = ok ? (int)cli_int(c, "colors", 0, 2, CB_MAX_COMPLETE, &ok) : 0;
    o->iterations = ok ? (int)cli_int(c, "iterations", 0, 1, 100000, &ok) : 0;
    o->dict_size = ok ? cli_int(c, "dict-size", 0, 2, 1000000, &ok) : 0;
    o->seed = ok ? cli_seed(c, &ok) : 0;
    if (!ok)
        return 2;
    if (games && sample && games != sample)
        return cli_fail(CB_EINVAL, "--games and --sample name the same number here: give one");
    o->games = games ? games : sample;
    o->fresh = cli_flag(c, "fresh");
    o->paper_rules = cli_flag(c, "paper-rules");
    o->plots = !cli_flag(c, "no-plot");
    o->quiet = cli_flag(c, "quiet");
    o->words = cli_input(c, "words");
    o->strategies = cli_get(c, "strategy");
    o->first = cli_get(c, "first");
    o->game = cli_get(c, "game");
    if (cli_get(c, "range") && parse_range(cli_get(c, "range"), o))
        return 2;
    if (cli_get(c, "pegs") && parse_pegs(cli_get(c, "pegs"), o))
        return 2;
    return check_applies(c, e);
}

static int run(cli *c)
{
    if (c->npos == 0 || strcmp(c->pos[0], "list") == 0) {
        list_experiments(stdout);
        if (c->npos == 0)
            printf("\nusage: codebreaker experiment NAME [OPTIONS] (see codebreaker experiment --help)\n");
        return 0;
    }
    if (c->npos > 1)
        return cli_fail(CB_EINVAL, "experiment: one NAME only ('%s' is extra)", c->pos[1]);
    const exp_def *e = NULL;
    for (size_t i = 0; i < NEXPERIMENTS; i++)
        if (strcmp(c->pos[0], experiments[i].name) == 0)
            e = &experiments[i];
    if (!e)
        return cli_fail(CB_EINVAL,
                        "unknown experiment '%s' (symble-lengths, symble-length-growth, symble-alphabet-growth, "
                        "first-guess-entropy, target-turn, opening-sweep)",
                        c->pos[0]);
    exp_ctx x;
    memset(&x, 0, sizeof x);
    x.c = c;
    int rc = read_opts(c, e, &x.o);
    if (rc)
        return rc;
    print_header(c, e, x.o.seed);
    fflush(stdout);
    rc = e->run(&x);
    exp_progress_clear(&x);
    exp_store_close(&x.store);
    cb_table_free(x.table);
    cb_game_free(x.game);
    return rc;
}

static const cli_opt opts[] = {
    {"out", "DIR", "where the results (NAME.csv) and figures go (default: experiments)"},
    {"games", "N", "games per configuration, for a quick run (each experiment has its default)"},
    {"sample", "N", "symble-lengths: random words per length played as the secret (default 1000)"},
    {"paper-rules", NULL,
     "target-turn: the data-visualisation paper's rules: Wordle guesses from the answers only, at most 6 (Mastermind "
     "10) guesses, a loss scores the limit + 1, no target = random ties (its untargeted algorithms)"},
    {"dict-size", "N",
     "symble-lengths: dictionaries of N random words per length (seeded), every word played once, as the "
     "thesis's Section 4.2 (N = 1000)"},
    {"seed", "S", "seed of the samples, the hidden mappings and random play (default 0; printed)"},
    {"range", "VAR=A..B", "restrict the lengths (n=4..17) or alphabet sizes (k=2..25) swept"},
    {"words", "FILE", "the word list (symble-lengths: of every length; opening-sweep: the answers)"},
    {"strategy", "NAMES", "restrict the algorithms (comma-separated)"},
    {"first", "WORDS", "opening-sweep: the openers (default serai,lares)"},
    {"pegs", "LIST", "code lengths for the alphabet experiments (default 5,3)"},
    {"colors", "K", "symble-length-growth: the alphabet size (default 6)"},
    {"game", "NAME", "first-guess-entropy: the rule, symble (default), wordle or mastermind"},
    {"iterations", "N", "montecarlo's random continuations per guess (default 100)"},
    {"threads", "N", "threads to use (default: all cores)"},
    {"fresh", NULL, "run every configuration again, even when the results file has it"},
    {"no-plot", NULL, "write no figures"},
    {"quiet", NULL, "no progress bar"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_experiment = {
    "experiment",
    "NAME [OPTIONS]   (NAME: list, symble-lengths, symble-length-growth, symble-alphabet-growth,\n"
    "                   first-guess-entropy, target-turn, opening-sweep)",
    "the papers' experiments: resumable runs that print a table, write CSV and draw figures",
    "codebreaker experiment symble-alphabet-growth --games 200 --out results",
    opts,
    NULL,
    run,
};
