/*
 * variants.h: what the commands do with the games beyond one board against
 * an honest codemaker: several boards at once (--boards, --game quordle)
 * and the adversary (--adversary, --game absurdle). main.c asks
 * variant_pick() which function runs a command; each command keeps its own
 * options, and these functions read them as the one-board commands do.
 */
#ifndef CB_VARIANTS_H
#define CB_VARIANTS_H

#include "cli.h"

/*
 * The function that runs cmd for the variant c's options name: cmd->run
 * for one board against an honest codemaker. 0 with *run set, or the exit
 * status after printing why cmd does not play that variant.
 */
int variant_pick(const cli *c, const cli_cmd *cmd, int (**run)(cli *c));

/* Several boards (multi_play.c, multi_simulate.c). */
int multi_play(cli *c);
int multi_assist(cli *c);
int multi_solve(cli *c);
int multi_simulate(cli *c);

/* The adversary (adversary.c). */
int adversary_play(cli *c);
int adversary_assist(cli *c);
int adversary_solve(cli *c);
int adversary_simulate(cli *c);
int adversary_optimal(cli *c);

#endif
