/* main.c: the codebreaker program: finds the subcommand and runs it. */
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "variants.h"
#ifdef CB_HAVE_WEB
#include "assets.h"
#endif

static const cli_cmd *const commands[] = {
    &cmd_info,  &cmd_feedback, &cmd_candidates, &cmd_rank,   &cmd_distribution, &cmd_letters,
    &cmd_bound, &cmd_simulate, &cmd_optimal,    &cmd_review, &cmd_verify_tree,  &cmd_experiment,
    &cmd_play,  &cmd_assist,   &cmd_solve,      &cmd_serve,
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
    fprintf(out, "\n'codebreaker help COMMAND' (or 'codebreaker COMMAND --help') shows a command's options and an "
                 "example.\n");
}

static const cli_cmd *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}

/* The version, the licence and which optional parts this build has, with the switch of each (CMake
   defines CB_HAVE_* and CB_*_SWITCH: AUTO, ON or OFF, cmake/parts.cmake). */
static void version(void)
{
    printf("codebreaker %s (library %s)\n"
           "licence: MIT (the LICENSE file of the sources and of share/doc/codebreaker)\n",
           CB_VERSION, cb_version());
    char kernels[256];
    cli_kernels(kernels, sizeof kernels);
    printf("kernels: %s (this processor: %s; CB_CPU_LEVEL=scalar|avx2|avx512 caps them)\n", kernels,
           cb_cpu_level_name(cb_cpu_level_best()));
#ifdef CB_HAVE_PLPLOT
    printf("plotting: yes (PLplot: --plot draws SVG and PNG; CB_PLOT=%s)\n", CB_PLOT_SWITCH);
#else
    printf("plotting: no (built without PLplot: no --plot; CB_PLOT=%s)\n", CB_PLOT_SWITCH);
#endif
#ifdef CB_HAVE_LIBEDIT
    printf("line editing: yes (libedit, in play and assist; CB_LIBEDIT=%s)\n", CB_LIBEDIT_SWITCH);
#else
    printf("line editing: no (built without libedit: plain lines; CB_LIBEDIT=%s)\n", CB_LIBEDIT_SWITCH);
#endif
#ifdef CB_HAVE_WEB
    printf("web dashboard: yes (serve; %s; CB_WEB=%s, CB_CHARTS=%s)\n",
           web_assets_charts ? "with uPlot's charts" : "without charts: built without uPlot", CB_WEB_SWITCH,
           CB_CHARTS_SWITCH);
#else
    printf("web dashboard: no (built without libmicrohttpd: no serve; CB_WEB=%s)\n", CB_WEB_SWITCH);
#endif
#ifdef CB_HAVE_MPI
    printf("MPI: yes (codebreaker-mpi, the search over openers shared by processes; CB_MPI=%s)\n", CB_MPI_SWITCH);
#else
    printf("MPI: no (built without MPI: no codebreaker-mpi; CB_MPI=%s)\n", CB_MPI_SWITCH);
#endif
}

/* codebreaker --options [COMMAND]: every command's options (or one's) for scripts (cli_describe). */
static int describe(int argc, char **argv)
{
    const cli_cmd *cmd = argc > 2 ? find_command(argv[2]) : NULL;
    if (argc > 3 || (argc == 3 && !cmd)) {
        fprintf(stderr, "codebreaker: --options: %s '%s' (see codebreaker --help)\n",
                argc > 3 ? "one command at most, got" : "unknown command", argv[argc > 3 ? 3 : 2]);
        return 2;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!cmd || cmd == commands[i])
            cli_describe(commands[i], stdout);
    return 0;
}

/* codebreaker help [COMMAND]: the general help, or the command's. */
static int help(int argc, char **argv)
{
    const cli_cmd *cmd = argc > 2 ? find_command(argv[2]) : NULL;
    if (argc > 3 || (argc == 3 && !cmd)) {
        fprintf(stderr, "codebreaker: help: %s '%s' (see codebreaker --help)\n",
                argc > 3 ? "one command at most, got" : "unknown command", argv[argc > 3 ? 3 : 2]);
        return 2;
    }
    if (cmd)
        cli_help(cmd, stdout);
    else
        usage(stdout);
    return 0;
}

static int run(int argc, char **argv)
{
    if (argc < 2) { /* a usage error, as a missing operand is to any program */
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0)
        return help(argc, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        if (argc > 2)
            return cli_fail(CB_EINVAL, "%s takes no arguments, got '%s' (see codebreaker --help)", argv[1], argv[2]);
        version();
        return 0;
    }
    if (strcmp(argv[1], "--options") == 0)
        return describe(argc, argv);
    const cli_cmd *cmd = find_command(argv[1]);
    if (cmd) {
        cli c;
        int rc = cli_parse(&c, cmd, argc - 2, argv + 2);
        int (*fn)(cli * c) = NULL;
        if (rc == 0)
            rc = variant_pick(&c, cmd, &fn);
        if (rc == 0)
            rc = fn(&c);
        else if (rc < 0)
            rc = 0; /* help was shown */
        cli_release(&c);
        return rc;
    }
    return cli_fail(CB_EINVAL, "unknown command '%s' (see codebreaker --help)", argv[1]);
}

/* Every subcommand's output is checked once, here: a write that failed (a full disk) is exit status 1. */
int main(int argc, char **argv)
{
    if (cli_cpu_level_env())
        return 2;
    int rc = run(argc, argv);
    if (out_check_stdout() && rc == 0)
        rc = 1;
    return rc;
}
