/* commands.h: every subcommand of the program, one file each in tools/. */
#ifndef CB_COMMANDS_H
#define CB_COMMANDS_H

#include "cli.h"

extern const cli_cmd cmd_info;
extern const cli_cmd cmd_feedback;
extern const cli_cmd cmd_candidates;
extern const cli_cmd cmd_bound;
extern const cli_cmd cmd_distribution;
extern const cli_cmd cmd_serve;
extern const cli_cmd cmd_simulate;
extern const cli_cmd cmd_rank;
extern const cli_cmd cmd_play;
extern const cli_cmd cmd_assist;
extern const cli_cmd cmd_solve;
extern const cli_cmd cmd_optimal;
extern const cli_cmd cmd_verify_tree;
extern const cli_cmd cmd_experiment;
extern const cli_cmd cmd_letters;
extern const cli_cmd cmd_review;

#endif
