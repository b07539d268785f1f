/*
 * cli.h: what every subcommand of the codebreaker program shares: option
 * parsing over one vocabulary, making the game and its table, reporting
 * errors with the exit status convention (2 bad usage or input, 1 other
 * failures).
 */
#ifndef CB_CLI_H
#define CB_CLI_H

#include <stdio.h>

#include "codebreaker/codebreaker.h"

#define CLI_MAX_OPTS 64
#define CLI_MAX_THREADS 1024 /* largest --threads */
/* memory a code of a complete dictionary takes set up, at most (docs/limits.md: simulate --strategy random,
   10^7 codes, 473 MB at most resident) */
#define CLI_BYTES_PER_CODE 48.0

/*
 * One option: --name, with a value named `arg` (NULL for a flag). values,
 * when set, names the values it takes one by one (NULL past the last):
 * the help lists them after `help`, from the library's registries.
 */
typedef struct cli_opt {
    const char *name;
    const char *arg;
    const char *help;
    const char *(*values)(size_t i);
} cli_opt;

/* The values of --game, --strategy (the registry's plain names) and --lists. */
const char *cli_game_names(size_t i);
const char *cli_strategy_names(size_t i);
const char *cli_list_names(size_t i);

/* A shared group of options (game, strategy), shown under its title in help. */
typedef struct cli_group {
    const char *title;
    const cli_opt *opts; /* ended by {NULL} */
} cli_group;

typedef struct cli cli;

/*
 * The game options (cli_game_group) as given, read once by cli_parse for a command that takes the
 * group; cli_game_setup turns them into the game's set-up. --threads, --table and --memory, also of
 * the group, have a reader each: cli_threads, cli_table_mode, and the memory budget of cli_open_game.
 */
typedef struct cli_game_opts {
    const char *game;                      /* --game, NULL for the default */
    int boards;                            /* --boards (2 to CB_MAX_BOARDS), 0 when absent */
    long colors;                           /* --colors: its range is its reader's (cli_colors) */
    int colors_given;                      /* 1 when --colors is given */
    int pegs, length;                      /* 0 when absent */
    const char *words, *answers, *guesses; /* as given ("-": standard input), NULL when absent */
    const char *dictionary, *lists, *alphabet;
    int adversary, no_repeat, lenient;
    int hard;  /* --hard: 1; 0 the preset's (c->hard is the mode played) */
    int daily; /* play --daily */
} cli_game_opts;

/*
 * A subcommand: its own options first, then the shared groups it takes
 * (parsed and shown in that order; an own option of the same name replaces
 * the shared one).
 */
typedef struct cli_cmd {
    const char *name;
    const char *usage;   /* after "codebreaker NAME " */
    const char *summary; /* one line */
    const char *example;
    const cli_opt *opts;            /* command options, ended by {NULL} */
    const cli_group *const *groups; /* shared groups, ended by NULL; NULL for none */
    int (*run)(cli *c);
} cli_cmd;

struct cli {
    const cli_cmd *cmd;
    const cli_opt *opts[CLI_MAX_OPTS];
    const char *values[CLI_MAX_OPTS]; /* value, or "" for a set flag, NULL when absent */
    int nopts;
    char **pos;
    int npos;
    cb_game *game;
    cb_table *table;
    cli_game_opts gopts; /* the game options, read once by cli_parse */
    cb_hard hard;        /* the mode the game is played in (--hard, or a preset played hard), read once by cli_parse */
    /* the stops of the table's build (cb_table_options), set before cli_open_game by a command that has them */
    double table_time_limit;
    const volatile int *table_cancel;
    int table_stopped; /* 1: a stop ended the build; cli_open_game returned 0 with no table */
};

/* The game options (cli.c): --game, --colors, --answers ... */
extern const cli_group cli_game_group;
/* The strategy options (cli_strategy.c): --strategy, --first, --seed ... */
extern const cli_group cli_strategy_group;
/* The groups of a command that plays strategies in a game, and of one that only makes a game. */
#define CLI_STRATEGY_GAME ((const cli_group *const[]){&cli_strategy_group, &cli_game_group, NULL})
#define CLI_GAME ((const cli_group *const[]){&cli_game_group, NULL})

/* Parse argv (after the subcommand name); prints errors and returns 2 on bad usage, 0 ok, -1 help shown. */
int cli_parse(cli *c, const cli_cmd *cmd, int argc, char **argv);
void cli_release(cli *c);
void cli_help(const cli_cmd *cmd, FILE *out);
/*
 * The words the value of cmd's option `opt` may be, space-separated (a static string), or NULL when
 * any value goes (a number, a file). The manual and the shell completions list them; the parsers
 * accept each of them (tests/cli/cli_conventions.sh tries every one).
 */
const char *cli_option_values(const cli_cmd *cmd, const char *opt);
/*
 * cmd and its options as tab-separated lines for scripts (codebreaker --options; the manual pages and
 * completions are written from them): "command NAME SUMMARY USAGE EXAMPLE", then one
 * "option COMMAND SECTION NAME ARG VALUES HELP" per option (ARG and VALUES "-" when none).
 */
void cli_describe(const cli_cmd *cmd, FILE *out);

/* 0 when no argument follows the options, else prints a usage error and returns 2. */
int cli_no_args(const cli *c);

/*
 * The value of option `name`, or NULL when not given. Every reader of an option by name (cli_get,
 * cli_flag, cli_int, cli_seconds, cli_input) asks for a name the command declares (its own table or a
 * group it takes): any other name is the program's mistake, and the program says "internal error:
 * option --NAME is not declared by command CMD" and exits with status 2 (tests/cli/cli_option_names.sh
 * finds such a name before any run does).
 */
const char *cli_get(const cli *c, const char *name);
/* 1 when the command declares option `name` (for code shared by commands of which only some take it). */
int cli_declares(const cli *c, const char *name);
/*
 * The file an input option names, for the library to open: its value, or /dev/stdin for "-"
 * (standard input, made a regular file that may be read more than once). Give "-" to one input
 * option at a time: each reads the whole of standard input.
 */
const char *cli_input(const cli *c, const char *name);
/*
 * "/dev/stdin" (standard input made a regular file, as cli_input does) for an input named "-" in a
 * value (what names it in the message when that fails: then "-" is returned).
 */
const char *cli_stdin_path(const char *what);
int cli_flag(const cli *c, const char *name);
/* The kernels and the level each runs at (cb_cpu_kernel_at): "table avx2, partition avx2, ...". */
void cli_kernels(char *buf, size_t size);
/*
 * One rule for the numbers of options and arguments: a whole number is
 * digits, with '-' before for a negative one; a number is one as strtod
 * reads it (digits and '.', an exponent) starting with a digit, '.' or '-'.
 * No space, no '+' anywhere: ' 4', '+4' and '4 ' are all refused.
 */
int cli_is_whole(const char *v);
int cli_is_number(const char *v);
/* Integer option in [lo, hi], or def when absent; on a bad value prints an error and returns 0 with *ok = 0. */
long cli_int(const cli *c, const char *name, long def, long lo, long hi, int *ok);
/* Seconds option above 0 and at most hi (--time-limit ...), or def when absent; like cli_int on a bad value. */
double cli_seconds(const cli *c, const char *name, double def, double hi, int *ok);

/* The strategy to play when none is named: the game's rule's (cb_rule_describe; with --hard its hard_strategy). */
const char *cli_default_strategy(const cli *c);

/* The --threads option (0 when absent: OpenMP's default); like cli_int on a bad value. */
int cli_threads(const cli *c, int *ok);

/* Fill cfg from the game options; prints the error and returns the exit status (0 when fine). */
int cli_game_config(const cli *c, cb_game_config *cfg);
/* --colors into *colors (0 when absent), 0; or 2 after "--colors: K is out of range (2 to hi)". */
int cli_colors(const cli *c, long hi, int *colors);
/* The game's set-up as the options give it (play --daily's lists included); 0, or 2 after an error message. */
int cli_game_setup(const cli *c, cb_game_setup *s);
/* The game beyond one board against an honest codemaker: --boards, --adversary or their --game names. */
typedef struct cli_variant_t {
    int boards;    /* 1 for one board */
    int adversary; /* 1: Absurdle's codemaker */
} cli_variant_t;
/* Fill v from the options; prints the error and returns the exit status (0 when fine). */
int cli_variant(const cli *c, cli_variant_t *v);

/*
 * Make the multi-board strategies named by --strategy (default_names when absent): sum-entropy,
 * sum-expected, one-by-one, or any single-board strategy (with its options), played one board at a
 * time. Needs c->table; prints the error and returns the exit status on failure.
 */
int cli_make_multi_strategies(const cli *c, const char *default_names, cb_multi_strategy ***out, size_t *count);
void cli_free_multi_strategies(cb_multi_strategy **s, size_t count);

/*
 * Make c->game and c->table from the game options; prints the error and returns the exit status on failure.
 * The table is precomputed whenever it fits (--table auto).
 */
int cli_open_game(cli *c);
/*
 * The feedbacks that `games` games from the opening read with the command's strategies (the --strategy
 * list or cli_default_strategy), for the table's cost model (cb_table_options.work); 0 games: the
 * opening's turn alone, every guess scored once (a ranking). 0 when a strategy's work is not modelled
 * (exact, rollouts, a pass over the secrets). Needs c->game.
 */
double cli_games_work(cli *c, double games);
/* cli_open_game with the table chosen by cost for `games` games (cli_games_work); games < 0: cli_open_game. */
int cli_open_game_games(cli *c, double games);
/* The --table option (auto, on, off), fallback when it is absent; 2 after a message when it is bad. */
int cli_table_mode(cli *c, cb_table_mode fallback, cb_table_mode *mode);
/* A feedback table for game in mode with the --threads option's threads; 2 after a message. */
int cli_open_table(cli *c, const cb_game *game, cb_table_mode mode, cb_table **out);
/* The same for a caller that estimates its work in feedbacks read (cb_table_options.work; 0 = unknown). */
int cli_open_table_work(cli *c, const cb_game *game, cb_table_mode mode, double work, cb_table **out);
/*
 * The dearest decision of the --strategy list (default_names without it): CB_COST_PARTITION when a
 * strategy scores guesses against the candidates, -1 when the list has a strategy whose work on the
 * fly is not modelled (rollouts, a pass over the secrets, exact's solver, which needs a precomputed
 * table, a name not found), else CB_COST_CANDIDATES
 * (or CB_COST_NONE for stored trees alone): work that grows with the candidates only.
 */
int cli_strategies_cost(const cli *c, const char *default_names);
/* The game only (no table). */
int cli_open_game_only(cli *c);

/*
 * " (--lists all takes every allowed word as a possible answer)": the options that widen the game's
 * answers to its allowed guesses, for a message about a word outside the answers; "" when none do.
 */
void cli_wider_hint(const cli *c, char *buf, size_t size);
/*
 * The first named Wordle lists (data.h, in their order) other than the game's own, and with answers of
 * their own, whose answers hold word: "MOMMY is an answer of --lists nyt2023" when a review widens the
 * original lists. NULL when none does, or when the game's words come from files. Prints nothing (the
 * game's options, read again, were read once already without an error).
 */
const cb_word_lists *cli_lists_with_answer(const cli *c, const char *word);
/*
 * The game of c's options with every allowed word a possible answer (cb_game_config_wider), for
 * assist's and review's widening: CB_OK and *out (the caller frees it); CB_ENOTFOUND when every
 * allowed word is a possible answer already; else the error, err saying why. Prints nothing.
 */
int cli_wider_game(const cli *c, cb_game **out, cb_error *err);

/*
 * The installation's secret key (tools/key.c), which seals results files of
 * `optimal` (format 3) and the rows of `experiment`: from the file
 * $CODEBREAKER_KEY, else $XDG_CONFIG_HOME/codebreaker/results.key, else
 * ~/.config/codebreaker/results.key (32 hex digits), made (random, mode
 * 0600) when there is none. 0, or the exit status after the message.
 */
int cli_key_load(uint64_t key[2]);

/* Print "codebreaker: <msg>" to stderr and return the exit status for code (2 or 1). */
int cli_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int cli_fail_err(const cb_error *err);
/*
 * Caps the kernels' processor level at CB_CPU_LEVEL=scalar|avx2|avx512 when set (cb_cpu_level_cap);
 * each program's main calls it first. 0, or the exit status after saying the value is unknown.
 */
int cli_cpu_level_env(void);
/* Print "codebreaker: warning: <msg>" to stderr. Both escape control bytes (cli_escape). */
void cli_warn(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/*
 * in[0..len) as text safe on a terminal, into out (size bytes, always
 * NUL-terminated, cut short when it does not fit): control bytes but tab
 * and newline as \xHH, C1 controls as \u0080 to \u009f, bytes that are
 * not UTF-8 as \xHH. Returns out.
 */
char *cli_escape(const char *in, size_t len, char *out, size_t size);
int cli_status(int code);

/*
 * Apply GUESS=FEEDBACK arguments args[0..n) to st; on failure print why (a
 * malformed pair, a hard-mode breach, a history that contradicts itself)
 * and return the exit status, else 0.
 */
int cli_apply_history(const cli *c, cb_state *st, char **args, int n);

/*
 * Make the strategies named by --strategy (comma-separated; default_name
 * when absent) with the strategy options; *out gets an array of *count
 * strategies, freed by cli_free_strategies. Prints the error and returns
 * the exit status on failure. Needs c->table.
 */
int cli_make_strategies(const cli *c, const char *default_name, cb_strategy ***out, size_t *count);
void cli_free_strategies(cb_strategy **s, size_t count);
/*
 * 0, or prints an error and returns 2 when --freq names a file that no strategy of --strategy (or
 * default_names) would read: a run must not look as if the file had counted. Call before the set-up.
 */
int cli_check_freq_read(const cli *c, const char *default_names);
/* --seed, or 0. */
uint64_t cli_seed(const cli *c, int *ok);

/*
 * The exact search's budget (cli_search.c), read once by cli_search_read for optimal, rank --exact and
 * review, whose option tables declare these names (each with its own help).
 */
typedef struct cli_search {
    int max_guesses;     /* --max-guesses (0 to CB_TREE_MAX_DEPTH; 0: no limit), else the caller's default */
    double time_limit;   /* --time-limit in seconds, 0: none */
    uint64_t work;       /* --work in pairs scanned (0: none), else the caller's default */
    int threads;         /* --threads, 0: OpenMP's default */
    int candidates_only; /* --candidates-only, where the command takes it */
} cli_search;
/* Read the budget into s, with these defaults when absent; 0, or 2 after the error message. */
int cli_search_read(const cli *c, long max_default, long long work_default, cli_search *s);
/* The budget into the coach's options (rank --exact, review): the one place that fills them from the options;
 * the limit (s->max_guesses) is the position's: the caller sets it on the state. */
void cli_search_coach(const cli_search *s, cb_coach_options *o);
/* --tree-format (text, the default, or json) into *fmt; 0, or 2 after the error message. */
int cli_tree_format(const cli *c, cb_tree_format *fmt);

/*
 * Print j's text and a newline to stdout, then release j: 0, or the exit
 * status 1: after an error message when the text is incomplete (out of
 * memory); when writing fails, main's check of stdout gives the message.
 */
int cli_json_print(cb_json *j);

#endif
