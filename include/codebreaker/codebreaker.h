/*
 * codebreaker.h: the whole public API of libcodebreaker.
 *
 * Data flow: a game (rules and codes) -> its feedback table -> a state (the
 * candidates left by a history) -> partitions of the candidates by a guess
 * -> strategies choosing guesses -> simulations over every secret.
 */
#ifndef CODEBREAKER_H
#define CODEBREAKER_H

#include "status.h"
#include "game.h"
#include "feedback.h"
#include "table.h"
#include "state.h"
#include "partition.h"
#include "analysis.h"
#include "data.h"
#include "rng.h"
#include "strategy.h"
#include "simulate.h"
#include "tree.h"
#include "optimal.h"

#define CB_VERSION "0.1.0"

#endif
