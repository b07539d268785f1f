/* main.c: the codebreaker program: finds the subcommand and runs it. */
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "variants.h"

static const cli_cmd *const commands[] = {
    &cmd_info,       &cmd_feedback, &cmd_candidates, &cmd_rank,    &cmd_distribution,
    &cmd_letters,    &cmd_bound,    &cmd_simulate,   &cmd_optimal, &cmd_verify_tree,
    &cmd_experiment, &cmd_play,     &cmd_assist,     &cmd_solve,   &cmd_serve,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out,
            "codebreaker %s: plays, solves and analyses Mastermind, Wordle and Symble\n\n"
            "usage: codebreaker COMMAND [OPTIONS] [ARGS]\n\ncommands:\n",
            CB_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-12s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(out, "\n'codebreaker COMMAND --help' shows a command's options and an example.\n");
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("codebreaker %s\n", CB_VERSION);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(argv[1], commands[i]->name) != 0)
            continue;
        cli c;
        int rc = cli_parse(&c, commands[i], argc - 2, argv + 2);
        int (*fn)(cli * c) = NULL;
        if (rc == 0)
            rc = variant_pick(&c, commands[i], &fn);
        if (rc == 0)
            rc = fn(&c);
        else if (rc < 0)
            rc = 0; /* help was shown */
        cli_release(&c);
        return rc;
    }
    fprintf(stderr, "codebreaker: unknown command '%s' (see codebreaker --help)\n", argv[1]);
    return 2;
}

/* Every subcommand's output is checked once, here: a write that failed (a full disk) is exit status 1. */
int main(int argc, char **argv)
{
    int rc = run(argc, argv);
    if (out_check_stdout() && rc == 0)
        rc = 1;
    return rc;
}
