/*
 * registry_internal.h: what the game registry (registry.c) shares with the
 * rest of the game module: the lists of a set-up whose preset is looked up
 * already (daily.c looks it up once).
 */
#ifndef CB_GAME_REGISTRY_INTERNAL_H
#define CB_GAME_REGISTRY_INTERNAL_H

#include "codebreaker/game.h"

/* cb_game_setup_lists of s, whose preset is p (cb_game_setup_preset; NULL: none). */
const char *cbg_setup_lists(const cb_game_setup *s, const cb_game_preset *p);

#endif
