/* test_share.c: the share grid of played games in each rule, its head line, flags and limits. */
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"

static cb_game *make(const char *preset)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_game_config_preset(preset, &cfg);
    cb_game_new(&cfg, &g, NULL);
    return g;
}

/* Play guesses (words or codes, NULL-ended) against secret text on a fresh state. */
static cb_state *played(const cb_table *t, const char *secret, const char *const *guesses, int hard)
{
    const cb_game *g = cb_table_game(t);
    cb_state *st = NULL;
    uint32_t si = CB_NONE, gi = CB_NONE, sgi;
    cb_state_new(t, &st);
    cb_state_set_hard(st, check_mode(st, hard));
    cb_state_set_max_guesses(st, cb_game_default_max_guesses(g)); /* the grid's M: the position's limit */
    cb_game_parse_code(g, secret, &sgi, NULL);
    for (uint32_t s = 0; s < cb_game_secret_count(g); s++)
        if (cb_game_secret_guess(g, s) == sgi)
            si = s;
    for (int i = 0; guesses[i]; i++) {
        CHECK(cb_game_parse_code(g, guesses[i], &gi, NULL) == CB_OK);
        CHECK(cb_state_apply(st, gi, cb_game_feedback(g, gi, si)) == CB_OK);
    }
    return st;
}

static void wordle(void)
{
    cb_game *g = make("wordle");
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    static const char *const guesses[] = {"salet", "crane", "cigar", NULL};
    cb_state *st = played(t, "cigar", guesses, 0);
    char buf[CB_SHARE_SIZE(6, 5)];
    CHECK(cb_share_grid(st, "Wordle", 0, buf, sizeof buf) == CB_OK);
    /* salet/cigar: a yellow; crane/cigar: c green, r yellow, a yellow; cigar: all green */
    CHECK_MSG(strcmp(buf, "Wordle 3/6\n\n"
                          "\u2B1C\U0001F7E8\u2B1C\u2B1C\u2B1C\n"
                          "\U0001F7E9\U0001F7E8\U0001F7E8\u2B1C\u2B1C\n"
                          "\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9\n") == 0,
              "%s", buf);
    CHECK(cb_share_grid(st, "Wordle", CB_SHARE_DARK | CB_SHARE_CONTRAST, buf, sizeof buf) == CB_OK);
    static const char dark[] = "Wordle 3/6\n\n\u2B1B\U0001F7E6\u2B1B\u2B1B\u2B1B\n\U0001F7E7\U0001F7E6";
    CHECK_MSG(strncmp(buf, dark, strlen(dark)) == 0, "%s", buf);
    CHECK(cb_share_grid(st, "Bulls & Cows", 0, buf, sizeof buf) == CB_OK &&
          strncmp(buf, "Bulls & Cows 3/6\n", 17) == 0);
    /* too small: a prefix and CB_ETOOBIG; bad arguments */
    CHECK(cb_share_grid(st, "Wordle", 0, buf, 20) == CB_ETOOBIG && strlen(buf) < 20);
    CHECK(cb_state_set_max_guesses(st, 2) == CB_EINVAL && cb_state_max_guesses(st) == 6); /* below the turns */
    CHECK(cb_state_set_max_guesses(st, 0) == CB_OK && cb_share_grid(st, "Wordle", 0, buf, sizeof buf) == CB_EINVAL);
    CHECK(cb_state_set_max_guesses(st, 6) == CB_OK);
    CHECK(cb_share_grid(st, "two\nlines", 0, buf, sizeof buf) == CB_EINVAL);
    cb_state_free(st);
    /* not won, hard mode: X and the star */
    static const char *const lost[] = {"salet", "crane", NULL};
    st = played(t, "cigar", lost, 1);
    CHECK(cb_share_grid(st, "Wordle", 0, buf, sizeof buf) == CB_OK);
    CHECK_MSG(strncmp(buf, "Wordle X/6*\n\n", 13) == 0, "%s", buf);
    CHECK(strcmp(strchr(buf + 13, '\n') + 1, "\U0001F7E9\U0001F7E8\U0001F7E8\u2B1C\u2B1C\n") == 0);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

static void mastermind(void)
{
    cb_game *g = make("mastermind");
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    static const char *const guesses[] = {"1122", "1234", "1243", NULL};
    cb_state *st = played(t, "1243", guesses, 0);
    char buf[CB_SHARE_SIZE(10, 4)];
    CHECK(cb_share_grid(st, NULL, 0, buf, sizeof buf) == CB_OK); /* named by its rule */
    /* 1122/1243: one black (1), one white (2); 1234/1243: two black, two white; then four black */
    CHECK_MSG(strcmp(buf, "Mastermind 3/10\n\n"
                          "\u26AB\u26AA\u2796\u2796\n"
                          "\u26AB\u26AB\u26AA\u26AA\n"
                          "\u26AB\u26AB\u26AB\u26AB\n") == 0,
              "%s", buf);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

static void symble(void)
{
    cb_game *g = make("symble");
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    cb_state *st = NULL;
    cb_state_new(t, &st);
    cb_state_set_max_guesses(st, 8);
    uint32_t gi, si = 0;
    cb_game_parse_code(g, "salet", &gi, NULL);
    int mapping = 0; /* gray a, yellow b, green c */
    uint32_t fb = cb_game_observe(g, cb_game_feedback(g, gi, si), mapping);
    CHECK(cb_state_apply(st, gi, fb) == CB_OK);
    uint32_t won = cb_game_secret_guess(g, si);
    CHECK(cb_state_apply(st, won, cb_game_won(g)) == CB_OK);
    char buf[CB_SHARE_SIZE(8, 5)], want[256] = "Symble 2/8\n\n";
    static const char *const sign[3] = {"\u2600\uFE0F", "\u2665\uFE0F", "\U0001F4A7"};
    for (uint32_t i = 0, x = fb; i < 5; i++, x /= 3)
        strcat(want, sign[x % 3]);
    strcat(want, "\n\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9\n");
    CHECK(cb_share_grid(st, NULL, 0, buf, sizeof buf) == CB_OK);
    CHECK_MSG(strcmp(buf, want) == 0, "%s", buf);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

int main(void)
{
    wordle();
    mastermind();
    symble();
    return check_done("test_share");
}
