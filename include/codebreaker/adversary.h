/*
 * adversary.h: an adversarial codemaker (Absurdle, and the same game on
 * Mastermind codes).
 *
 * Rules. There is no secret. After each guess the codemaker splits the
 * candidates still possible by the feedback each would give, and answers
 * with the feedback of the largest part, which becomes the candidates.
 * Ties, in order: never the winning feedback while another part is as
 * large (the codemaker concedes only when the guess is the last
 * candidate); then the feedback that tells least: the fewest exact hits
 * (greens, black pegs), then the fewest near hits (yellows, white pegs);
 * then the lowest feedback id. The player wins by guessing the last
 * candidate, so every game lasts at least two guesses unless one secret is
 * possible. Hard mode (Wordle rules) is the state's: every guess respects
 * the clues so far.
 *
 * The shortest win is a search over guesses only, since every answer is
 * forced: cb_adversary_solve() deepens the number of guesses one at a time
 * and, for each, tries every legal guess (those leaving the largest part
 * smallest first) until one sequence wins, so the number it returns is
 * proved least: no sequence of fewer guesses wins. Symble is not played
 * against an adversary (its feedback hides a mapping).
 */
#ifndef CODEBREAKER_ADVERSARY_H
#define CODEBREAKER_ADVERSARY_H

#include <stddef.h>
#include <stdint.h>

#include "state.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CB_ADVERSARY_MAX_GUESSES 16 /* deepest search */

/*
 * The adversary's answer to guess gi in st (which it does not change): the
 * feedback in *fb, and in *left (when not NULL) how many candidates it
 * keeps. CB_EEMPTY when st has no candidate, CB_EINVAL for Symble or a
 * guess out of range, CB_ENOMEM.
 */
int cb_adversary_answer(const cb_state *st, cb_guess_index gi, uint32_t *fb, size_t *left);

typedef struct cb_adversary_options {
    int max_guesses;            /* give up above this many guesses (0: 8; at most CB_ADVERSARY_MAX_GUESSES) */
    int threads;                /* 0: OpenMP's default */
    double time_limit;          /* seconds; 0: none */
    const volatile int *cancel; /* set (atomic store) to stop; see strategy.h */
    /* When not NULL: called after each number of guesses proved too few (no win with `guesses`). */
    void (*progress)(void *ctx, int guesses, uint64_t nodes, double seconds);
    void *progress_ctx;
} cb_adversary_options;

typedef struct cb_adversary_result {
    int guesses;    /* least number of guesses from the start state that wins, or 0 when not found */
    int proved_min; /* no win in fewer guesses than this is possible (proved) */
    cb_guess_index sequence[CB_ADVERSARY_MAX_GUESSES]; /* a winning sequence: `guesses` entries, the last the word */
    size_t left[CB_ADVERSARY_MAX_GUESSES];             /* candidates left after each of them */
    uint64_t nodes;                                    /* states searched */
    double seconds;
    int stopped; /* 1 when the time limit or the cancel flag stopped the search */
} cb_adversary_result;

/*
 * The fewest guesses that beat the adversary from st (a fresh state for the
 * whole game; its hard mode applies), with a sequence that does. The
 * number counts the guesses still to play. CB_OK with guesses 0 when no
 * win exists within max_guesses, or when the search was stopped (stopped 1;
 * proved_min still holds). CB_EINVAL (with a sentence) for Symble, games
 * of more than 65536 feedbacks or a bad option; CB_EEMPTY when st has no
 * candidate; CB_ENOMEM.
 */
int cb_adversary_solve(const cb_state *st, const cb_adversary_options *opt, cb_adversary_result *res, cb_error *err);

#ifdef __cplusplus
}
#endif

#endif
