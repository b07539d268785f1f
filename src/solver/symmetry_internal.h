/*
 * symmetry_internal.h: the symmetries of complete dictionaries (symmetry.c), which
 * the search and the strategies' pool of guesses (src/strategy/pool.c) use.
 */
#ifndef CB_SOLVER_SYMMETRY_INTERNAL_H
#define CB_SOLVER_SYMMETRY_INTERNAL_H

#include <stdint.h>

#include "codebreaker/game.h"
#include "codebreaker/feedback.h"

/*
 * Symmetries of complete dictionaries: a group of maps of codes, each a
 * permutation of positions (perm[j]: the position whose symbol moves to j)
 * and of colours. The group is stored as a list of elements whose colour map
 * is fixed on the colours already used by the history (`used`), times every
 * permutation of the unused colours. Every element fixes each guess of the
 * history, so it maps the candidates onto themselves.
 */
typedef struct cbo_sym_el {
    uint8_t perm[CB_MAX_LENGTH];
    uint8_t col[CB_MAX_SYMBOLS]; /* image of each used colour */
} cbo_sym_el;

typedef struct cbo_sym_group {
    uint32_t count; /* list elements */
    uint64_t used;  /* bit mask of used colours */
    int k, n;
    cbo_sym_el *el;
} cbo_sym_group;

/* Order of the group (list size times (unused colours)!), saturating. */
uint64_t cbo_sym_order(const cbo_sym_group *g);
/* 1 when the group is just the identity. */
int cbo_sym_trivial(const cbo_sym_group *g);
/*
 * Canonical form of code (n symbols) under the group: the least image, as a
 * base-k number. Codes of one orbit, and only they, share it.
 */
uint64_t cbo_sym_canon(const cbo_sym_group *g, const uint8_t *code);
/* 1 when no element of g maps code to a lexicographically smaller code (code is the least of its orbit). */
int cbo_sym_least(const cbo_sym_group *g, const uint8_t *code);
/* The elements of g that fix code, into out (room for g->count elements). */
void cbo_sym_stabilizer(const cbo_sym_group *g, const uint8_t *code, cbo_sym_group *out);
/*
 * The group of game's root, nothing played: every permutation of the positions (Mastermind rules, at
 * most 8 pegs) or the identity, no colour fixed. NULL without memory; the caller frees it (cbo_sym_free).
 */
cbo_sym_group *cbo_sym_root(const cb_game *game);
/* Free g and its elements (NULL is fine). */
void cbo_sym_free(cbo_sym_group *g);

#endif
