/* test_daily.c: the daily game's dates (parse, check, number) and the secret of a date. */
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

static void dates(void)
{
    cb_date d;
    cb_error err;
    char text[CB_DAILY_TEXT];
    /* our own numbers (issue 56): 2026-01-01 is #1, not the New York Times' #1657 */
    CHECK(cb_daily_parse("2026-01-01", &d, NULL) == CB_OK && cb_daily_number(d) == 1);
    CHECK(cb_daily_parse("2026-11-27", &d, NULL) == CB_OK && cb_daily_number(d) == 331); /* 334 days to Dec 1, less 4 */
    cb_daily_format(d, text);
    CHECK(strcmp(text, "2026-11-27") == 0);
    CHECK(cb_daily_parse("2027-01-01", &d, NULL) == CB_OK && cb_daily_number(d) == 366);
    CHECK(cb_daily_parse("2028-02-29", &d, NULL) == CB_OK);
    CHECK(cb_daily_parse("2028-03-01", &d, NULL) == CB_OK && cb_daily_number(d) == 366 + 365 + 60);
    CHECK(cb_daily_parse("2024-02-29", &d, NULL) == CB_EINVAL); /* a date, but before the first */
    CHECK(cb_daily_parse("9999-12-31", &d, NULL) == CB_OK);
    static const char *const bad[] = {"2023-02-29",  "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
                                      "2026-11-00",  "2025-12-31", "2026-1-27",  "26-11-27",   "2026/11/27",
                                      "2026-11-27x", "",           "abcd-ef-gh"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&err, 0, sizeof err);
        CHECK_MSG(cb_daily_parse(bad[i], &d, &err) == CB_EINVAL && err.message[0], "%s", bad[i]);
    }
    CHECK(cb_daily_parse(NULL, &d, NULL) == CB_EINVAL);
    CHECK(cb_daily_check((cb_date){2026, 2, 29}, NULL) == CB_EINVAL);
    /* out by today: today and tomorrow (a day of grace for time zones), not the day after */
    cb_date today = {2026, 12, 31};
    CHECK(cb_daily_check_today((cb_date){2026, 12, 31}, today, NULL) == CB_OK);
    CHECK(cb_daily_check_today((cb_date){2027, 1, 1}, today, NULL) == CB_OK);
    memset(&err, 0, sizeof err);
    CHECK(cb_daily_check_today((cb_date){2027, 1, 2}, today, &err) == CB_EINVAL && strstr(err.message, "not out yet"));
    CHECK(cb_daily_check_today((cb_date){2026, 1, 1}, today, NULL) == CB_OK);
    CHECK(cb_daily_check_today((cb_date){2026, 2, 30}, today, NULL) == CB_EINVAL);
    CHECK(cb_daily_check_today((cb_date){2026, 3, 1}, (cb_date){2026, 2, 30}, NULL) == CB_EINVAL);
}

/* What a daily game is: its lists by default (CB_DAILY_LISTS), and the name it shares under. */
static void definition(void)
{
    cb_game_setup s;
    char title[CB_DAILY_TITLE];
    cb_game_setup_default(&s);
    cb_daily_setup(&s); /* Wordle with no lists named: today's lists */
    CHECK(s.lists && strcmp(s.lists, CB_DAILY_LISTS) == 0 && strcmp(cb_game_setup_lists(&s), "nyt2023") == 0);
    cb_game_setup_default(&s);
    s.lists = "original";
    cb_daily_setup(&s); /* named lists stay */
    CHECK(strcmp(s.lists, "original") == 0);
    cb_game_setup_default(&s);
    s.game = "jotto";
    cb_daily_setup(&s); /* a game of its own lists keeps them */
    CHECK(!s.lists && strcmp(cb_game_setup_lists(&s), "jotto") == 0);
    cb_game_setup_default(&s);
    s.game = "bagels";
    cb_daily_setup(&s); /* a game of codes has no lists */
    CHECK(!s.lists && !cb_game_setup_lists(&s));
    cb_game_setup_default(&s);
    s.dictionary = "english";
    cb_daily_setup(&s); /* words of its own */
    CHECK(!s.lists && !cb_game_setup_lists(&s));
    cb_daily_title("Wordle", "nyt2023", &(cb_date){2026, 11, 27}, CB_HARD_REVEALED, title, sizeof title);
    CHECK_MSG(strcmp(title, "Wordle (nyt2023) daily #331 hard") == 0, "%s", title);
    cb_daily_title("Bulls & Cows", NULL, &(cb_date){2026, 1, 1}, CB_HARD_NONE, title, sizeof title);
    CHECK_MSG(strcmp(title, "Bulls & Cows daily #1") == 0, "%s", title);
    cb_daily_title("Wordle", "nyt2023", &(cb_date){2026, 1, 1}, CB_HARD_NONE, title, 8);
    CHECK(strcmp(title, "Wordle ") == 0);                                        /* cut, never overrun */
    cb_daily_title("Bagels", NULL, NULL, CB_HARD_REVEALED, title, sizeof title); /* not a daily game: its label */
    CHECK_MSG(strcmp(title, "Bagels") == 0, "%s", title);
}

/* Fixed forever: a change of the hash changes everyone's daily secret, so the pinned words catch it. */
static void secrets(void)
{
    cb_game *w = make("wordle"), *s = make("symble"), *m = make("mastermind");
    cb_date d = {2026, 11, 27}; /* the original lists (the game's, not the daily default, which front ends apply) */
    uint32_t si, si2, seen[2315] = {0};
    int map, distinct = 0;
    char word[16];
    CHECK(cb_daily_secret(w, d, &si, &map, NULL) == CB_OK && map == 0);
    cb_game_format_secret(w, si, word, sizeof word);
    CHECK_MSG(strcmp(word, "hunky") == 0, "wordle 2026-11-27 is %s", word);
    CHECK(cb_daily_secret(w, d, &si2, NULL, NULL) == CB_OK && si2 == si); /* the same every time */
    CHECK(cb_daily_secret(s, d, &si2, &map, NULL) == CB_OK && map >= 0 && map < CB_MAPPINGS);
    CHECK(cb_daily_secret(m, d, &si2, &map, NULL) == CB_OK && si2 < cb_game_secret_count(m) && map == 0);
    CHECK(cb_daily_secret(w, (cb_date){2026, 2, 30}, &si, NULL, NULL) == CB_EINVAL);
    CHECK(cb_daily_secret(NULL, d, &si, NULL, NULL) == CB_EINVAL);
    /* 336 days: spread over the 2315 words (about 313 distinct expected), not stuck on a few. */
    for (int k = 0; k < 12 * 28; k++) {
        cb_date day = {2026, 1 + k / 28, 1 + k % 28};
        if (cb_daily_secret(w, day, &si, NULL, NULL) == CB_OK && !seen[si]++)
            distinct++;
    }
    CHECK_MSG(distinct > 280, "%d distinct secrets in 336 days", distinct);
    cb_game_free(w);
    cb_game_free(s);
    cb_game_free(m);
}

/* The draw from a seed (the server's games with a seed): splitmix64's published first outputs, then the draws. */
static void draws(void)
{
    uint64_t x = 0;
    CHECK(cb_rng_splitmix(&x) == 0xe220a8397b1dcdafull && cb_rng_splitmix(&x) == 0x6e789e6aa1b965f4ull);
    cb_game *s = make("symble"), *m = make("mastermind");
    uint32_t si, si2, n = cb_game_secret_count(m);
    int map, maps[CB_MAPPINGS] = {0}, hit = 0;
    for (uint64_t seed = 0; seed < 64; seed++) {
        cb_daily_draw(m, seed, &si, &map);
        x = seed;
        CHECK(si == (uint32_t)((cb_rng_splitmix(&x) >> 32) * n >> 32) && map == 0); /* the draw as documented */
        cb_daily_draw(m, seed, &si2, NULL);
        CHECK(si2 == si);
        cb_daily_draw(s, seed, &si, &map);
        CHECK(si < cb_game_secret_count(s) && map >= 0 && map < CB_MAPPINGS);
        hit += !maps[map]++;
    }
    CHECK_MSG(hit == CB_MAPPINGS, "%d of %d mappings drawn from 64 seeds", hit, CB_MAPPINGS);
    cb_game_free(s);
    cb_game_free(m);
}

int main(void)
{
    dates();
    definition();
    secrets();
    draws();
    return check_done("test_daily");
}
