/*
 * state.h: what a codebreaker knows: the history of (guess, feedback) and
 * the secrets still consistent with it.
 *
 * Candidates are secret indices in increasing order. In Symble a candidate
 * is a codeword together with the set of hidden mappings (a bit mask over
 * the six of game.h) under which it explains every feedback so far; the
 * codeword stays while that set is not empty.
 *
 * Hard mode (Wordle rule): a guess must keep every green in place and use
 * each revealed letter at least as often as it was revealed (green plus
 * yellow) in any one earlier feedback.
 *
 * A state keeps pointers to its game and table, which must outlive it.
 * It is not shared between threads while it changes; cb_state_copy() gives
 * each thread its own.
 */
#ifndef CODEBREAKER_STATE_H
#define CODEBREAKER_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_state cb_state;

/* A fresh state: every secret a candidate (every mapping, in Symble). */
int cb_state_new(const cb_table *table, cb_state **out);
/* An independent copy of src, history included. */
int cb_state_copy(const cb_state *src, cb_state **out);
/*
 * The position st stood at after its first `turns` turns (0: the start), in
 * st's hard mode: a new state, the caller's (cb_state_free), read from st's
 * record without playing the turns again (they were checked when applied).
 * CB_EINVAL for more turns than st has; CB_ENOMEM. st is only read.
 */
int cb_state_at(const cb_state *st, size_t turns, cb_state **out);
void cb_state_free(cb_state *st);

const cb_game *cb_state_game(const cb_state *st);
const cb_table *cb_state_table(const cb_state *st);

/*
 * Record that guess gi received feedback fb (an observed id, see game.h).
 * On CB_ECONTRADICT (no candidate would give fb) or CB_EILLEGAL (hard mode
 * forbids gi, or the game is already won or out of guesses) or CB_EINVAL (fb out of range)
 * the state is left unchanged.
 */
int cb_state_apply(cb_state *st, cb_guess_index gi, uint32_t fb);
/* Forget the last turn; CB_EEMPTY when there is none. */
int cb_state_undo(cb_state *st);
/* Forget every turn. */
void cb_state_reset(cb_state *st);

/* Number of turns recorded, and turn t's guess and feedback. */
size_t cb_state_turns(const cb_state *st);
void cb_state_turn(const cb_state *st, size_t t, cb_guess_index *gi, uint32_t *fb);
/* 1 when the last feedback recorded is the winning one. */
int cb_state_won(const cb_state *st);

/* Candidate secrets (count and sorted secret indices: spell them with cb_game_format_secret()). */
size_t cb_state_count(const cb_state *st);
const cb_secret_index *cb_state_candidates(const cb_state *st);
/* Symble: per candidate, the mask of mappings still possible; NULL otherwise. */
const uint8_t *cb_state_masks(const cb_state *st);
/* The position's entries: its candidates, or in Symble its candidate-mapping pairs. */
uint64_t cb_state_entries(const cb_state *st);
/* Symble: the union of the masks of all candidates (0x3f before any turn). */
unsigned cb_state_mappings(const cb_state *st);
/* 1 when guess gi is one of the candidates. */
int cb_state_is_candidate(const cb_state *st, cb_guess_index gi);

/*
 * The hard mode st plays in from its next turn on: CB_HARD_NONE, or its
 * rule's own (cb_rule_info.hard_mode; a set-up's is cb_game_setup_hard),
 * the one check of it. CB_EINVAL, st unchanged, for another mode (hard
 * mode in a rule without one). The turns already recorded stay as played.
 */
int cb_state_set_hard(cb_state *st, cb_hard mode);
/* The hard mode st plays in: CB_HARD_NONE (0) or its rule's own. */
cb_hard cb_state_hard(const cb_state *st);
/*
 * The guess limit of st's game (0: none, as a new state has): no turn is
 * recorded past it (cb_state_legal says so, cb_state_apply answers
 * CB_EILLEGAL), the one check of it; a set-up's is
 * cb_game_setup_max_guesses. CB_EINVAL, st unchanged, for a negative limit
 * or one below the turns recorded. Copies and cb_state_at keep it.
 */
int cb_state_set_max_guesses(cb_state *st, int max_guesses);
/* st's guess limit, 0 for none. */
int cb_state_max_guesses(const cb_state *st);
/* 1 when st's game is over: won, or no guess left within its limit. */
int cb_state_over(const cb_state *st);
/*
 * 1 when gi is legal now: the game is not yet won nor out of guesses
 * (cb_state_max_guesses), and in hard mode gi respects every clue. When
 * not, and why is not NULL, a sentence such as "hard mode: the 2nd letter
 * must be a" goes there.
 */
int cb_state_legal(const cb_state *st, cb_guess_index gi, char *why, size_t why_size);

/*
 * Apply one turn written as people write it, "GUESS=FEEDBACK" (crane=.Y..G,
 * 1122=1B1W), the parsing, the hard-mode check and the filtering that the
 * program, the server and the Python package share. *gi and *fb (either may
 * be NULL) get the turn read, also when it contradicts the state, so that a
 * caller can tell which allowed words would fit (cb_state_fit_guesses).
 * Errors, with a sentence naming the row in err: CB_EPARSE (not
 * GUESS=FEEDBACK, an unknown word, a malformed feedback), CB_EILLEGAL (hard
 * mode forbids the guess: why), CB_ECONTRADICT (no candidate gives that
 * feedback; the state is unchanged), CB_EINVAL (the game is already won).
 */
int cb_state_apply_text(cb_state *st, const char *row, cb_guess_index *gi, uint32_t *fb, cb_error *err);

/*
 * The candidates that guess gi with feedback fb would leave, without
 * changing the state: written to out (room for cb_state_count() entries),
 * masks to out_masks when not NULL (Symble). Returns how many.
 */
size_t cb_state_filter(const cb_state *st, cb_guess_index gi, uint32_t fb, cb_secret_index *out, uint8_t *out_masks);

/*
 * The allowed guesses that fit every turn of st and, when gi != CB_NONE,
 * guess gi with feedback fb too, each taken as a possible secret (Symble:
 * under one mapping for all turns): what would remain if every allowed
 * word could be the answer. The first cap of them, in guess order, go to
 * out (may be NULL when cap is 0); returns how many fit. Linear in the
 * guesses times the turns; the state is not changed.
 */
size_t cb_state_fit_guesses(const cb_state *st, uint32_t gi, uint32_t fb, uint32_t *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
