/*
 * games.h: the games of the fuzz harnesses, opened once by the first input
 * and kept for the process (libFuzzer never returns to free them).
 */
#ifndef FUZZ_GAMES_H
#define FUZZ_GAMES_H

#include <stdlib.h>

#include "codebreaker/codebreaker.h"

/* Opens games[i] of the preset names[i] for i < n, each with its table in `mode`; aborts on failure. */
static void fuzz_open_games(const char *const *names, int n, cb_table_mode mode, cb_game **games, cb_table **tables)
{
    for (int i = 0; i < n; i++) {
        cb_game_config cfg;
        cb_table_options opt;
        cb_game_config_preset(names[i], &cfg);
        cb_table_options_default(&opt);
        opt.mode = mode;
        if (cb_game_new(&cfg, &games[i], NULL) != CB_OK || cb_table_new(games[i], &opt, &tables[i], NULL) != CB_OK)
            abort();
    }
}

#endif
