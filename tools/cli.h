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

/* One option: --name, with a value named `arg` (NULL for a flag). */
typedef struct cli_opt {
    const char *name;
    const char *arg;
    const char *help;
} cli_opt;

typedef struct cli cli;

typedef struct cli_cmd {
    const char *name;
    const char *usage;   /* after "codebreaker NAME " */
    const char *summary; /* one line */
    const char *example;
    const cli_opt *opts; /* command options, ended by {NULL}; game options are added when uses_game */
    int uses_game;
    int (*run)(cli *c);
    int uses_strategy; /* add the strategy options (cli_strategy_opts) */
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
};

/* The shared game options, for help and parsing. */
extern const cli_opt cli_game_opts[];
/* The shared strategy options (cli_strategy.c). */
extern const cli_opt cli_strategy_opts[];

/* Parse argv (after the subcommand name); prints errors and returns 2 on bad usage, 0 ok, -1 help shown. */
int cli_parse(cli *c, const cli_cmd *cmd, int argc, char **argv);
void cli_release(cli *c);
void cli_help(const cli_cmd *cmd, FILE *out);

/* The value of option `name`, or NULL when not given. */
const char *cli_get(const cli *c, const char *name);
int cli_flag(const cli *c, const char *name);
/* Integer option in [lo, hi], or def when absent; on a bad value prints an error and returns 0 with *ok = 0. */
long cli_int(const cli *c, const char *name, long def, long lo, long hi, int *ok);

/* Fill cfg from the game options; prints the error and returns the exit status (0 when fine). */
int cli_game_config(const cli *c, cb_game_config *cfg);
/* Make c->game and c->table from the game options; prints the error and returns the exit status on failure. */
int cli_open_game(cli *c);
/* The game only (no table). */
int cli_open_game_only(cli *c);
/* c->table for c->game from --threads and --table; prints the error and returns the exit status on failure. */
int cli_open_table(cli *c);

/* Print "codebreaker: <msg>" to stderr and return the exit status for code (2 or 1). */
int cli_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int cli_fail_err(const cb_error *err);
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
/* --seed, or 0. */
uint64_t cli_seed(const cli *c, int *ok);

/* Print s as a JSON string (with quotes) to out. */
void cli_json_string(FILE *out, const char *s);

#endif
