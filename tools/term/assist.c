/* assist.c: assist's state machine: proposal, typed guess, typed feedback, undo. */
#include <string.h>

#include "assist.h"
#include "board.h"

int assist_init(assist *a, const cb_table *table, advice *adv, int hard)
{
    memset(a, 0, sizeof *a);
    a->game = cb_table_game(table);
    a->adv = adv;
    a->pending = CB_NONE;
    int rc = cb_state_new(table, &a->st);
    if (rc == CB_OK)
        cb_state_set_hard(a->st, hard);
    return rc;
}

void assist_release(assist *a)
{
    cb_state_free(a->st);
    memset(a, 0, sizeof *a);
}

int assist_propose(assist *a)
{
    if (a->has_proposal)
        return CB_OK;
    int rc = advice_choose(a->adv, a->st, &a->proposal);
    a->has_proposal = rc == CB_OK;
    return rc;
}

assist_status assist_guess(assist *a, const char *text, char *msg, size_t size)
{
    uint32_t gi;
    cb_error err;
    msg[0] = '\0';
    if (*text == '\0') {
        if (assist_propose(a) != CB_OK) {
            snprintf(msg, size, "there is no proposal: type the guess you played");
            return ASSIST_BAD_GUESS;
        }
        gi = a->proposal.guess;
    } else if (cb_game_parse_code(a->game, text, &gi, &err) != CB_OK) {
        snprintf(msg, size, "%s", err.message);
        return ASSIST_BAD_GUESS;
    }
    if (!cb_state_legal(a->st, gi, msg, size))
        return ASSIST_ILLEGAL;
    a->pending = gi;
    return ASSIST_OK;
}

assist_status assist_feedback(assist *a, const char *text, char *msg, size_t size)
{
    char norm[256];
    uint32_t fb;
    cb_error err;
    msg[0] = '\0';
    if (a->pending == CB_NONE) {
        snprintf(msg, size, "type the guess first");
        return ASSIST_NO_GUESS;
    }
    board_normalise_feedback(a->game, text, norm, sizeof norm);
    if (cb_game_parse_feedback(a->game, norm, &fb, &err) != CB_OK) {
        snprintf(msg, size, "%s", err.message);
        return ASSIST_BAD_FEEDBACK;
    }
    int rc = cb_state_apply(a->st, a->pending, fb);
    if (rc == CB_ECONTRADICT) {
        snprintf(msg, size, "no secret gives this; check the colours");
        return ASSIST_CONTRADICT;
    }
    if (rc == CB_EILLEGAL) {
        cb_state_legal(a->st, a->pending, msg, size);
        return ASSIST_ILLEGAL;
    }
    if (rc != CB_OK) {
        snprintf(msg, size, "%s", cb_strerror(rc));
        return rc == CB_ENOMEM ? ASSIST_FAILED : ASSIST_BAD_FEEDBACK;
    }
    a->pending = CB_NONE;
    a->has_proposal = 0;
    return ASSIST_OK;
}

void assist_set_hard(assist *a, int hard)
{
    cb_state_set_hard(a->st, hard);
    a->has_proposal = 0;
}

int assist_undo(assist *a)
{
    if (a->pending != CB_NONE) {
        a->pending = CB_NONE;
        return 1;
    }
    if (cb_state_undo(a->st) != CB_OK)
        return 0;
    a->has_proposal = 0;
    return 1;
}

int assist_finished(const assist *a)
{
    if (cb_state_won(a->st))
        return 1;
    return cb_state_count(a->st) == 1 ? 2 : 0;
}
