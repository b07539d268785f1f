/*
 * regex.c: the regular-expression solver of the Wordle and
 * information-theory study (003): every guess is the first word of the
 * answer list that matches a pattern, words of distinct letters first.
 *
 * The pattern of the first turn is the most frequent first letter of the
 * answers followed by n - 1 letters from the n most frequent letters
 * overall ("s[earot]{4}" on the Wordle answers). After a feedback of all
 * grays, the next n most frequent letters not played yet make the pattern
 * (when no answer fits it, the constraints alone do). Otherwise the
 * pattern is the constraints of every feedback so far, as the study builds
 * its regular expression: a green letter is fixed at its position; a gray
 * letter is excluded from every position that is not green; a yellow
 * letter is excluded from its position and must occur somewhere. These
 * constraints are weaker than the feedback's (they ignore repeated-letter
 * counts) and, with repeated letters, may exclude the secret: when no
 * answer matches, the strategy plays the first remaining candidate.
 */
#include <string.h>

#include "strategy/decide_internal.h"
#include "strategy/strategy_internal.h"

typedef struct regex_rules {
    int green[CB_MAX_LENGTH];      /* the fixed symbol of each position, or -1 */
    uint64_t notat[CB_MAX_LENGTH]; /* symbols excluded at each position */
    uint64_t must;                 /* symbols that must occur */
    uint64_t played;               /* symbols guessed so far */
    int all_gray;                  /* every feedback so far was all gray */
} regex_rules;

static void rules_make(const cb_game *game, const cb_state *st, regex_rules *r)
{
    int n = game->n;
    memset(r, 0, sizeof *r);
    r->all_gray = 1;
    for (int p = 0; p < n; p++)
        r->green[p] = -1;
    for (size_t t = 0; t < cb_state_turns(st); t++) {
        uint32_t g, fb;
        cb_state_turn(st, t, &g, &fb);
        const uint8_t *code = cb_game_code(game, g);
        r->all_gray &= fb == 0;
        for (int p = 0; p < n; p++, fb /= 3) {
            uint64_t bit = (uint64_t)1 << code[p];
            r->played |= bit;
            if (fb % 3 == 2)
                r->green[p] = code[p];
            else if (fb % 3 == 1) {
                r->notat[p] |= bit;
                r->must |= bit;
            } else
                for (int q = 0; q < n; q++)
                    r->notat[q] |= bit;
        }
    }
}

static int rules_match(const cb_game *game, const regex_rules *r, const uint8_t *code)
{
    uint64_t has = 0;
    for (int p = 0; p < game->n; p++) {
        if (r->green[p] >= 0 ? code[p] != r->green[p] : (r->notat[p] >> code[p]) & 1)
            return 0;
        has |= (uint64_t)1 << code[p];
    }
    return (has & r->must) == r->must;
}

static int distinct(const cb_game *game, const uint8_t *code)
{
    uint64_t seen = 0;
    for (int p = 0; p < game->n; p++) {
        if ((seen >> code[p]) & 1)
            return 0;
        seen |= (uint64_t)1 << code[p];
    }
    return 1;
}

/* Symbols by decreasing count among the answers (ties: lower symbol first); returns how many occur. */
static int by_frequency(const cb_strategy *s, int *order)
{
    int k = 0;
    for (int c = 0; c < CB_MAX_SYMBOLS; c++)
        if (s->letters[c])
            order[k++] = c;
    for (int i = 1; i < k; i++) /* insertion sort: at most 64 symbols */
        for (int j = i; j > 0 && s->letters[order[j]] > s->letters[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return k;
}

/* The letter pattern of the first turn and of all-gray turns: the symbols allowed per position. */
static void opening_pattern(const cb_strategy *s, const regex_rules *r, int turns, uint64_t *allow)
{
    int order[CB_MAX_SYMBOLS], k = by_frequency(s, order), n = s->game->n;
    uint64_t set = 0;
    if (turns == 0) { /* the most frequent first letter, then the n most frequent letters but it */
        int first = 0;
        for (int c = 1; c < CB_MAX_SYMBOLS; c++)
            first = s->first_letters[c] > s->first_letters[first] ? c : first;
        for (int i = 0, taken = 0; i < k && taken < n; i++)
            if (order[i] != first) {
                set |= (uint64_t)1 << order[i];
                taken++;
            }
        allow[0] = (uint64_t)1 << first;
        for (int p = 1; p < n; p++)
            allow[p] = set;
        return;
    }
    for (int i = 0, taken = 0; i < k && taken < n; i++) /* the next n letters not played yet */
        if (!((r->played >> order[i]) & 1)) {
            set |= (uint64_t)1 << order[i];
            taken++;
        }
    for (int p = 0; p < n; p++)
        allow[p] = set;
}

static int allowed(const cb_game *game, const uint64_t *allow, const uint8_t *code)
{
    for (int p = 0; p < game->n; p++)
        if (!((allow[p] >> code[p]) & 1))
            return 0;
    return 1;
}

/*
 * The first answer (in list order) that is legal and matches the rules (and, with `allow`, the letter
 * pattern), preferring words of distinct letters; CB_NONE when none matches.
 */
static uint32_t first_match(const cb_strategy *s, const cb_state *st, const regex_rules *r, const uint64_t *allow)
{
    const cb_game *game = s->game;
    uint32_t any = CB_NONE;
    for (uint32_t i = 0; i < game->nsecret; i++) {
        uint32_t g = game->secret_guess[i];
        const uint8_t *code = cb_game_code(game, g);
        if ((allow && !allowed(game, allow, code)) || !rules_match(game, r, code))
            continue;
        if (cb_state_hard(st) && !cb_state_legal(st, g, NULL, 0))
            continue;
        if (distinct(game, code))
            return g;
        if (any == CB_NONE)
            any = g;
    }
    return any;
}

static int pattern_guess(const cb_strategy *s, const cb_state *st, cbs_decision *d)
{
    regex_rules r;
    uint64_t allow[CB_MAX_LENGTH];
    uint32_t g = CB_NONE;
    int turns = (int)cb_state_turns(st);
    rules_make(s->game, st, &r);
    if (r.all_gray) {
        opening_pattern(s, &r, turns, allow);
        g = first_match(s, st, &r, allow);
    }
    if (g == CB_NONE)
        g = first_match(s, st, &r, NULL);
    if (g == CB_NONE) /* the constraints excluded the secret (repeated letters): the first candidate */
        g = s->game->secret_guess[cb_state_candidates(st)[0]];
    return cbs_decision_push(d, g);
}

const cbs_row cbs_row_regex = {
    .info = {"regex", "Pattern matching",
             "the first answer of distinct letters matching a pattern: the most frequent letters, then the feedback's "
             "constraints",
             "information-theory study 1.1", CB_TRAIT_WORDLE | CB_TRAIT_NO_TIES, CB_COST_SECRETS, NULL, NULL},
    .direct = pattern_guess,
    .symbols = 1,
};
