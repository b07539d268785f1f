/*
 * codebreaker.h: the whole public API of libcodebreaker.
 *
 * Data flow: a game (rules and codes) -> its feedback table -> a state (the
 * candidates left by a history) -> partitions of the candidates by a guess
 * -> strategies choosing guesses -> simulations over every secret.
 *
 * version.h tells the version (at compile and at run time) and what it
 * promises: which parts of this API and ABI may change between versions.
 */
#ifndef CODEBREAKER_H
#define CODEBREAKER_H

#include "version.h"
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
#include "json.h"
#include "tree.h"
#include "optimal.h"
#include "multi.h"
#include "adversary.h"
#include "coach.h"
#include "share.h"
#include "daily.h"
#include "digest.h"

#endif
