/* assist.c: assist's state machine: proposal, typed guess, typed feedback, undo. */
#include <string.h>

#include "assist.h"
#include "board.h"

int assist_init(assist *a, const cb_table *table, advice *adv, cb_hard hard)
{
    memset(a, 0, sizeof *a);
    a->game = cb_table_game(table);
    a->adv = adv;
    a->pending = CB_NONE;
    a->refused = CB_NONE;
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
    a->refused = CB_NONE;
    return ASSIST_OK;
}

/* Feedback fb of the pending guess fits no candidate: say whether allowed words outside the answers fit. */
static assist_status contradiction(assist *a, uint32_t fb, char *msg, size_t size)
{
    const cb_game *g = a->game;
    uint32_t nguess = cb_game_guess_count(g), nsecret = cb_game_secret_count(g);
    a->refused = fb;
    a->wider_fits = nguess > nsecret ? cb_state_fit_guesses(a->st, a->pending, fb, a->wider, ASSIST_WIDER_SHOW) : 0;
    if (a->wider_fits == 0) {
        snprintf(msg, size, "no %s gives this; check the colours",
                 nguess > nsecret ? "answer nor any allowed word" : "secret");
        return ASSIST_CONTRADICT;
    }
    size_t used =
        (size_t)snprintf(msg, size, "no answer of the list (%u words) fits, but %zu allowed word%s do%s:", nsecret,
                         a->wider_fits, a->wider_fits == 1 ? "" : "s", a->wider_fits == 1 ? "es" : "");
    for (size_t i = 0; i < a->wider_fits && i < ASSIST_WIDER_SHOW && used < size; i++) {
        char word[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(g, a->wider[i], word, sizeof word);
        used += (size_t)snprintf(msg + used, size - used, " %s", word);
    }
    if (used < size && a->wider_fits > ASSIST_WIDER_SHOW)
        snprintf(msg + used, size - used, " ...");
    return ASSIST_CONTRADICT;
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
    if (rc == CB_ECONTRADICT)
        return contradiction(a, fb, msg, size);
    if (rc == CB_EILLEGAL) {
        cb_state_legal(a->st, a->pending, msg, size);
        return ASSIST_ILLEGAL;
    }
    if (rc != CB_OK) {
        snprintf(msg, size, "%s", cb_strerror(rc));
        return rc == CB_ENOMEM ? ASSIST_FAILED : ASSIST_BAD_FEEDBACK;
    }
    a->pending = CB_NONE;
    a->refused = CB_NONE;
    a->has_proposal = 0;
    return ASSIST_OK;
}

/* Apply guess gi of a->game (its word, in the game of st) with feedback fb to st; 0 with msg when it fits nothing. */
static int replay(const assist *a, cb_state *st, uint32_t gi, uint32_t fb, char *msg, size_t size)
{
    char word[CB_MAX_LENGTH * 4 + 1], fbtext[64];
    uint32_t wi;
    cb_error err;
    cb_game_format_code(a->game, gi, word, sizeof word);
    int rc = cb_game_parse_code(cb_state_game(st), word, &wi, &err);
    if (rc == CB_OK)
        rc = cb_state_apply(st, wi, fb);
    if (rc == CB_OK)
        return 1;
    cb_game_format_feedback(a->game, fb, fbtext, sizeof fbtext);
    snprintf(msg, size, "%s %s fits no allowed word either: %s", word, fbtext, cb_strerror(rc));
    return 0;
}

assist_status assist_widen(assist *a, const cb_table *table, advice *adv, char *msg, size_t size)
{
    cb_state *st;
    msg[0] = '\0';
    if (cb_state_new(table, &st) != CB_OK)
        return ASSIST_FAILED;
    cb_state_set_hard(st, CB_HARD_NONE); /* the turns were legal when played; hard mode applies from now on */
    int ok = 1;
    for (size_t t = 0; t < cb_state_turns(a->st) && ok; t++) {
        uint32_t gi, fb;
        cb_state_turn(a->st, t, &gi, &fb);
        ok = replay(a, st, gi, fb, msg, size);
    }
    if (ok && a->pending != CB_NONE && a->refused != CB_NONE)
        ok = replay(a, st, a->pending, a->refused, msg, size);
    if (!ok) {
        cb_state_free(st);
        return ASSIST_CONTRADICT;
    }
    uint32_t pending = CB_NONE; /* a guess typed and still waiting for its feedback stays typed */
    if (a->pending != CB_NONE && a->refused == CB_NONE) {
        char word[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(a->game, a->pending, word, sizeof word);
        if (cb_game_parse_code(cb_state_game(st), word, &pending, NULL) != CB_OK)
            pending = CB_NONE;
    }
    cb_state_set_hard(st, cb_state_hard(a->st));
    cb_state_free(a->st);
    a->st = st;
    a->game = cb_table_game(table);
    a->adv = adv;
    a->pending = pending;
    a->refused = CB_NONE;
    a->has_proposal = 0;
    return ASSIST_OK;
}

void assist_set_hard(assist *a, cb_hard hard)
{
    cb_state_set_hard(a->st, hard);
    a->has_proposal = 0;
}

int assist_undo(assist *a)
{
    a->refused = CB_NONE;
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
