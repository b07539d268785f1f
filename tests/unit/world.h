/* world.h: the unit tests' game and feedback table made from a preset, and released. */
#ifndef CB_TEST_WORLD_H
#define CB_TEST_WORLD_H

#include <stdio.h>
#include <stdlib.h>

#include "codebreaker/codebreaker.h"

typedef struct world {
    cb_game *game;
    cb_table *table;
} world;

/* The preset's game with its default table; exits with the reason when it cannot be made. */
static inline world open_world(const char *preset)
{
    world w = {NULL, NULL};
    cb_game_config cfg;
    cb_error err;
    cb_game_config_preset(preset, &cfg);
    if (cb_game_new(&cfg, &w.game, &err) != CB_OK || cb_table_new(w.game, NULL, &w.table, &err) != CB_OK) {
        fprintf(stderr, "%s: %s\n", preset, err.message);
        exit(1);
    }
    return w;
}

/* A game of a rule with colors symbols and pegs positions (symbols from 1), repeats allowed or not; NULL, said on
 * stderr, when it cannot be made. */
static inline cb_game *world_game(cb_rule rule, int colors, int pegs, int no_repeat)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    cb_game_config_default(&cfg);
    cfg.rule = rule;
    cfg.colors = colors;
    cfg.length = pegs;
    cfg.no_repeat = no_repeat;
    cfg.first_digit = 1;
    if (cb_game_new(&cfg, &g, &err) != CB_OK)
        fprintf(stderr, "game: %s\n", err.message);
    return g;
}

static inline void close_world(world *w)
{
    cb_table_free(w->table);
    cb_game_free(w->game);
}

#endif
