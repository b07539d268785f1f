/*
 * assist.h: the logic of `codebreaker assist`, apart from its terminal:
 * a state, the strategy's proposal for it, a guess typed (or the proposal
 * accepted) waiting for its feedback, and the feedback narrowing the
 * candidates down. cmd_assist.c talks to the person; tests drive the same
 * functions with the true feedback of every secret.
 *
 * A feedback no candidate can give is refused (ASSIST_CONTRADICT): the
 * state is unchanged and the pending guess kept, so nothing typed before
 * is lost. The refusal says whether allowed words that are not answers of
 * the list fit (the day's answer may lie outside the list): assist_widen
 * then moves the session to a game whose answers are all allowed words.
 */
#ifndef CB_ASSIST_H
#define CB_ASSIST_H

#include "advice.h"

typedef enum assist_status {
    ASSIST_OK = 0,       /* done: a guess is pending, or a turn was recorded */
    ASSIST_BAD_GUESS,    /* not a code of the game (msg says why) */
    ASSIST_ILLEGAL,      /* breaks hard mode (msg says why) */
    ASSIST_BAD_FEEDBACK, /* not a feedback of the game (msg says why) */
    ASSIST_CONTRADICT,   /* no remaining secret gives this feedback */
    ASSIST_NO_GUESS,     /* a feedback typed with no guess pending */
    ASSIST_FAILED        /* out of memory */
} assist_status;

#define ASSIST_WIDER_SHOW 8 /* allowed words named when no answer fits */

typedef struct assist {
    const cb_game *game;
    cb_state *st;
    advice *adv;
    advice_pick proposal; /* for the current state, when has_proposal */
    int has_proposal;
    uint32_t pending; /* the guess typed for this turn, CB_NONE before */
    /* after ASSIST_CONTRADICT: the refused feedback of the pending guess (CB_NONE otherwise), how many allowed
       words would fit with it, and the first ASSIST_WIDER_SHOW of them */
    uint32_t refused;
    size_t wider_fits;
    uint32_t wider[ASSIST_WIDER_SHOW];
} assist;

int assist_init(assist *a, const cb_table *table, advice *adv, cb_hard hard);
void assist_release(assist *a);

/* The strategy's proposal for the current state (memoised); CB_EEMPTY when nothing is left. */
int assist_propose(assist *a);

/* The guess played this turn: text, or the proposal when text is "" (msg gets the reason of a refusal). */
assist_status assist_guess(assist *a, const char *text, char *msg, size_t size);
/* The feedback the pending guess received, as typed (`G.Y..`, `21002`, `2B1W`, Symble symbols). */
assist_status assist_feedback(assist *a, const char *text, char *msg, size_t size);

/*
 * Go on in a wider game (table, its advice adv): one with the same guesses
 * whose answers are all of them. The turns, and a refused feedback of the
 * pending guess, are replayed there by their words. ASSIST_OK, or with the
 * session unchanged ASSIST_CONTRADICT (a turn fits no word: msg says which)
 * or ASSIST_FAILED.
 */
assist_status assist_widen(assist *a, const cb_table *table, advice *adv, char *msg, size_t size);

/* Hard mode on or off from now on (Wordle rule); the proposal follows. */
void assist_set_hard(assist *a, cb_hard hard);

/* Forget the pending guess if there is one, else the last turn: 1 when something was undone. */
int assist_undo(assist *a);

/* 1 when the last feedback won, 2 when exactly one candidate remains (not yet played), 0 otherwise. */
int assist_finished(const assist *a);

#endif
