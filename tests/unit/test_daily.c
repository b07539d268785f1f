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
    CHECK(cb_daily_parse("2021-06-19", &d, NULL) == CB_OK && cb_daily_number(d) == 0);
    CHECK(cb_daily_parse("2026-11-27", &d, NULL) == CB_OK && cb_daily_number(d) == 1987);
    cb_daily_format(d, text);
    CHECK(strcmp(text, "2026-11-27") == 0);
    CHECK(cb_daily_parse("2022-01-01", &d, NULL) == CB_OK && cb_daily_number(d) == 196); /* 12+31+31+30+31+30+31 */
    CHECK(cb_daily_parse("2024-02-29", &d, NULL) == CB_OK);
    CHECK(cb_daily_parse("2024-03-01", &d, NULL) == CB_OK && cb_daily_number(d) == 986);
    CHECK(cb_daily_parse("2000-02-29", &d, NULL) == CB_EINVAL); /* a date, but before the first */
    CHECK(cb_daily_parse("9999-12-31", &d, NULL) == CB_OK);
    static const char *const bad[] = {"2023-02-29",  "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
                                      "2026-11-00",  "2021-06-18", "2026-1-27",  "26-11-27",   "2026/11/27",
                                      "2026-11-27x", "",           "abcd-ef-gh"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&err, 0, sizeof err);
        CHECK_MSG(cb_daily_parse(bad[i], &d, &err) == CB_EINVAL && err.message[0], "%s", bad[i]);
    }
    CHECK(cb_daily_parse(NULL, &d, NULL) == CB_EINVAL);
    CHECK(cb_daily_check((cb_date){2026, 2, 29}, NULL) == CB_EINVAL);
}

/* Fixed forever: a change of the hash changes everyone's daily secret, so the pinned words catch it. */
static void secrets(void)
{
    cb_game *w = make("wordle"), *s = make("symble"), *m = make("mastermind");
    cb_date d = {2026, 11, 27};
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
        cb_date day = {2025, 1 + k / 28, 1 + k % 28};
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
    secrets();
    draws();
    return check_done("test_daily");
}
