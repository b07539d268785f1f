/*
 * test_assist.c: assist's logic (tools/assist.c, the code `codebreaker
 * assist` runs) driven with the true feedback of every secret: each
 * proposal accepted (Enter) and the feedback typed as a person would.
 *
 *  - Wordle, bundled lists, the default strategy: every one of the 2315
 *    answers found within 6 guesses (issue 4), and every one of the 3158
 *    answers of the New York Times' 2023 list with its 14855 guesses
 *    (--lists nyt2023, issue 13);
 *  - an answer outside the list (snafu; pansy in 2023): assist names the
 *    allowed words that fit instead of blaming the colours, and widening
 *    the list finds it within 6;
 *  - Mastermind 6x4 with minimax: every one of the 1296 codes within 5
 *    (Knuth 1976: minimax needs at most five guesses);
 *  - Symble, every 23rd answer with a mapping that varies by secret, within 8;
 *  - a contradictory feedback is refused with the state and the typed guess
 *    kept; undo; hard mode proposals stay legal; typed notations.
 */
#include <string.h>

#include "assist.h"
#include "board.h"
#include "check.h"

/* Sanitizer builds run ten times slower: they play every CB_TEST_STRIDE-th secret (the release suite plays all). */
#ifndef CB_TEST_STRIDE
#define CB_TEST_STRIDE 1
#endif

typedef struct game_set {
    cb_game *game;
    cb_table *table;
} game_set;

/* A preset ("wordle", "mastermind", ...), or Wordle on the named bundled lists ("wordle/nyt2023"). */
static int open_game_mode(const char *preset, game_set *gs, cb_table_mode mode)
{
    cb_game_config cfg;
    cb_table_options opt;
    cb_error err;
    memset(gs, 0, sizeof *gs);
    const char *lists = strncmp(preset, "wordle/", 7) == 0 ? preset + 7 : NULL;
    if (cb_game_config_preset(lists ? "wordle" : preset, &cfg) != CB_OK ||
        (lists && cb_game_config_lists(&cfg, lists, &err) != CB_OK) || cb_game_new(&cfg, &gs->game, &err) != CB_OK)
        return 0;
    cb_table_options_default(&opt);
    opt.mode = mode;
    return cb_table_new(gs->game, &opt, &gs->table, &err) == CB_OK;
}

static int open_game(const char *preset, game_set *gs)
{
    return open_game_mode(preset, gs, CB_TABLE_AUTO);
}

static void close_game(game_set *gs)
{
    cb_table_free(gs->table);
    cb_game_free(gs->game);
}

/* Type feedback fb as a person might: the printed notation, or (Wordle, odd turns) digits 2/1/0 in lower case. */
static void type_feedback(const cb_game *g, uint32_t fb, int turn, char *buf, size_t size)
{
    cb_game_format_feedback(g, fb, buf, size);
    if (cb_game_rule(g) == CB_RULE_WORDLE && turn % 2)
        for (char *p = buf; *p; p++)
            *p = *p == 'G' ? '2' : *p == 'Y' ? '1' : '0';
}

/*
 * One game of assist against secret si (Symble: mapping m): accept each
 * proposal, type the true feedback. Returns the guesses needed (the last
 * candidate counted as one more guess when the session stops there), or
 * 1000 on a failure.
 */
static int play_one(const cb_table *t, advice *adv, uint32_t si, int m, int hard)
{
    const cb_game *g = cb_table_game(t);
    assist a;
    char msg[256], text[64];
    int guesses = 1000;
    if (assist_init(&a, t, adv, hard) != CB_OK)
        return 1000;
    for (int turn = 0; turn < 20; turn++) {
        int fin = assist_finished(&a);
        if (fin == 1) {
            guesses = (int)cb_state_turns(a.st);
            break;
        }
        if (fin == 2) {
            guesses = cb_state_candidates(a.st)[0] == si ? (int)cb_state_turns(a.st) + 1 : 1000;
            break;
        }
        if (assist_propose(&a) != CB_OK || assist_guess(&a, "", msg, sizeof msg) != ASSIST_OK)
            break;
        if (hard && !cb_state_legal(a.st, a.pending, NULL, 0))
            break;
        type_feedback(g, advice_feedback(t, a.pending, si, m), turn, text, sizeof text);
        if (assist_feedback(&a, text, msg, sizeof msg) != ASSIST_OK)
            break;
    }
    assist_release(&a);
    return guesses;
}

/* Every `stride`-th secret of the game within `limit` guesses; returns the worst. */
static int play_all(const char *preset, const char *strategy, int hard, int limit, uint32_t stride)
{
    game_set gs;
    advice adv;
    cb_error err;
    int worst = 0;
    uint64_t total = 0;
    CHECK(open_game(preset, &gs));
    const char *name = strategy ? strategy : cb_rule_describe(cb_game_rule(gs.game))->strategy;
    CHECK(advice_open_named(&adv, gs.table, name, 0, &err) == CB_OK);
    uint32_t n = cb_game_secret_count(gs.game), late = 0, games = 0;
    for (uint32_t si = 0; si < n; si += stride, games++) {
        int k = play_one(gs.table, &adv, si, (int)(si % CB_MAPPINGS), hard);
        total += (uint64_t)k;
        worst = k > worst ? k : worst;
        if (k > limit && late++ < 5) {
            char word[64];
            cb_game_format_code(gs.game, cb_game_secret_guess(gs.game, si), word, sizeof word);
            CHECK_MSG(k <= limit, "%s %s%s: %s took %d guesses", preset, name, hard ? " hard" : "", word, k);
        }
    }
    CHECK_MSG(late == 0, "%s: %u secrets took more than %d guesses", preset, late, limit);
    printf("%s, %s%s: %u secrets, %.4f guesses on average, worst %d\n", preset, name, hard ? ", hard mode" : "", games,
           (double)total / games, worst);
    advice_close(&adv);
    close_game(&gs);
    return worst;
}

/* Contradictions, undo, typed notations, one-line input, on Wordle. */
static void test_session(void)
{
    game_set gs;
    advice adv;
    assist a;
    cb_error err;
    char msg[256];
    CHECK(open_game("wordle", &gs));
    CHECK(advice_open_named(&adv, gs.table, "entropy", 0, &err) == CB_OK);
    CHECK(assist_init(&a, gs.table, &adv, 0) == CB_OK);

    CHECK(assist_guess(&a, "xyzzy", msg, sizeof msg) == ASSIST_BAD_GUESS && strstr(msg, "xyzzy"));
    CHECK(assist_feedback(&a, "G....", msg, sizeof msg) == ASSIST_NO_GUESS);
    CHECK(assist_guess(&a, "salet", msg, sizeof msg) == ASSIST_OK);
    CHECK(assist_feedback(&a, "G.Y", msg, sizeof msg) == ASSIST_BAD_FEEDBACK);
    CHECK(assist_feedback(&a, "gy-.G", msg, sizeof msg) == ASSIST_OK);
    size_t after1 = cb_state_count(a.st);
    CHECK(after1 > 0 && cb_state_turns(a.st) == 1);

    /* salet says s is green: no remaining secret gives an all-gray pattern to sissy */
    CHECK(assist_guess(&a, "sissy", msg, sizeof msg) == ASSIST_OK);
    CHECK(assist_feedback(&a, ".....", msg, sizeof msg) == ASSIST_CONTRADICT);
    CHECK(strstr(msg, "no answer nor any allowed word gives this; check the colours") != NULL && a.wider_fits == 0);
    CHECK(cb_state_turns(a.st) == 1 && cb_state_count(a.st) == after1); /* not recorded */
    CHECK(a.pending != CB_NONE);                                        /* the guess typed is kept */
    CHECK(assist_undo(&a) == 1 && a.pending == CB_NONE && cb_state_turns(a.st) == 1);
    CHECK(assist_undo(&a) == 1 && cb_state_turns(a.st) == 0 && cb_state_count(a.st) == 2315);
    CHECK(assist_undo(&a) == 0);

    /* Wordle hard mode refuses a guess that drops a green */
    assist_set_hard(&a, 1);
    CHECK(assist_guess(&a, "crane", msg, sizeof msg) == ASSIST_OK);
    CHECK(assist_feedback(&a, "G....", msg, sizeof msg) == ASSIST_OK);
    CHECK(assist_guess(&a, "salet", msg, sizeof msg) == ASSIST_ILLEGAL && msg[0] != '\0');
    CHECK(assist_propose(&a) == CB_OK && cb_state_legal(a.st, a.proposal.guess, NULL, 0));
    assist_release(&a);
    advice_close(&adv);
    close_game(&gs);
}

/*
 * The case: the day's answer is an allowed word outside the list
 * (snafu, not an answer of 2022). assist must not blame the colours: it
 * names the allowed words that fit, and after widening finds the word.
 */
static void test_widen(const char *lists, const char *wider, const char *word)
{
    game_set gs, wide;
    advice adv, wadv;
    assist a;
    cb_error err;
    char msg[256], text[64];
    uint32_t secret;
    /* the wide game computes feedback on the fly: few candidates are left when it starts */
    CHECK(open_game(lists, &gs) && open_game_mode(wider, &wide, CB_TABLE_OFF));
    CHECK(advice_open_named(&adv, gs.table, cb_rule_describe(cb_game_rule(gs.game))->strategy, 0, &err) == CB_OK);
    CHECK(advice_open_named(&wadv, wide.table, cb_rule_describe(cb_game_rule(wide.game))->strategy, 0, &err) == CB_OK);
    CHECK(assist_init(&a, gs.table, &adv, 0) == CB_OK);
    CHECK(cb_game_parse_code(gs.game, word, &secret, &err) == CB_OK &&
          cb_game_guess_secret(gs.game, secret) == CB_NONE);
    int turn = 0, refused = 0;
    for (; turn < 6 && !refused; turn++) {
        CHECK(assist_guess(&a, "", msg, sizeof msg) == ASSIST_OK);
        uint32_t fb = cb_feedback_wordle(cb_game_code(gs.game, a.pending), cb_game_code(gs.game, secret), 5);
        type_feedback(gs.game, fb, turn, text, sizeof text);
        assist_status st = assist_feedback(&a, text, msg, sizeof msg);
        refused = st == ASSIST_CONTRADICT;
        CHECK(st == ASSIST_OK || refused);
    }
    CHECK_MSG(refused && a.wider_fits >= 1 && strstr(msg, word) && !strstr(msg, "check the colours"), "%s: %s", word,
              msg);
    CHECK(a.pending != CB_NONE && a.refused != CB_NONE);
    size_t turns = cb_state_turns(a.st);
    CHECK(assist_widen(&a, wide.table, &wadv, msg, sizeof msg) == ASSIST_OK);
    CHECK(a.game == wide.game && cb_state_turns(a.st) == turns + 1 && a.pending == CB_NONE);
    CHECK(cb_state_count(a.st) == a.wider_fits);
    for (; turn < 6 && !assist_finished(&a); turn++) {
        CHECK(assist_guess(&a, "", msg, sizeof msg) == ASSIST_OK);
        uint32_t wi;
        CHECK(cb_game_parse_code(wide.game, word, &wi, &err) == CB_OK);
        type_feedback(wide.game, advice_feedback(wide.table, a.pending, cb_game_guess_secret(wide.game, wi), 0), turn,
                      text, sizeof text);
        CHECK(assist_feedback(&a, text, msg, sizeof msg) == ASSIST_OK);
    }
    int fin = assist_finished(&a);
    CHECK_MSG(fin == 1 || (fin == 2 && turn < 6), "%s not found within 6 after widening", word);
    if (fin == 2) {
        char last[64];
        cb_game_format_code(wide.game, cb_game_secret_guess(wide.game, cb_state_candidates(a.st)[0]), last,
                            sizeof last);
        CHECK(strcmp(last, word) == 0);
    }
    assist_release(&a);
    advice_close(&adv);
    advice_close(&wadv);
    close_game(&gs);
    close_game(&wide);
}

/* Symble feedback typed with the symbols the program shows. */
static void test_symble_symbols(void)
{
    game_set gs;
    char out[64];
    CHECK(open_game("symble", &gs));
    board_normalise_feedback(gs.game, "\u2600 \u2665\U0001F4A7\u2600\uFE0F a", out, sizeof out);
    CHECK(strcmp(out, "abcaa") == 0);
    board_normalise_feedback(gs.game, "won", out, sizeof out);
    CHECK(strcmp(out, "won") == 0);
    close_game(&gs);
}

int main(void)
{
    test_session();
    test_symble_symbols();
    test_widen("wordle", "wordle/allowed", "snafu");
    test_widen("wordle/nyt2023", "wordle/all", "pansy"); /* an answer of 2022 taken out in 2023 */
    CHECK(play_all("mastermind", "minimax", 0, 5, CB_TEST_STRIDE) <= 5);
    CHECK(play_all("wordle", NULL, 0, 6, CB_TEST_STRIDE) <= 6);
    CHECK(play_all("wordle/nyt2023", NULL, 0, 6, CB_TEST_STRIDE) <= 6); /* today's lists (issue 13) */
    CHECK(play_all("symble", NULL, 0, 8, 23 * CB_TEST_STRIDE) <= 8);    /* a sample: Symble's states cost more */
    return check_done("test_assist");
}
