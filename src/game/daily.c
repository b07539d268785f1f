/* daily.c: the daily game's date arithmetic and the secret of a date (daily.h). */
#include <stdio.h>
#include <string.h>

#include "codebreaker/daily.h"
#include "codebreaker/rng.h"
#include "game/registry_internal.h"

#define FIRST_YEAR 2026 /* CB_DAILY_FIRST */
#define FIRST_MONTH 1
#define FIRST_DAY 1
#define LAST_YEAR 9999

static int leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int month_days(int y, int m)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : days[m - 1];
}

/* Days since 1970-01-01 of a valid date (Hinnant's days_from_civil). */
static long civil_days(cb_date d)
{
    long y = d.year - (d.month <= 2);
    long era = y / 400;
    long yoe = y - era * 400;
    long mp = (d.month + 9) % 12;
    long doy = (153 * mp + 2) / 5 + d.day - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* 1 when d is a day of the calendar from year 1 to LAST_YEAR. */
static int valid(cb_date d)
{
    return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.year >= 1 && d.year <= LAST_YEAR &&
           d.day <= month_days(d.year, d.month);
}

int cb_daily_check(cb_date d, cb_error *err)
{
    if (!valid(d))
        return cb_error_set(err, CB_EINVAL, "%04d-%02d-%02d is not a date", d.year, d.month, d.day);
    cb_date first = {FIRST_YEAR, FIRST_MONTH, FIRST_DAY};
    if (civil_days(d) < civil_days(first))
        return cb_error_set(err, CB_EINVAL, "%04d-%02d-%02d is before the first daily game, %s", d.year, d.month, d.day,
                            CB_DAILY_FIRST);
    return CB_OK;
}

static int two_digits(const char *s)
{
    return (s[0] - '0') * 10 + (s[1] - '0');
}

int cb_daily_parse(const char *text, cb_date *out, cb_error *err)
{
    if (!text || !out)
        return cb_error_set(err, CB_EINVAL, "no date");
    static const char shape[] = "dddd-dd-dd";
    int ok = strlen(text) == sizeof shape - 1;
    for (size_t i = 0; ok && i < sizeof shape - 1; i++)
        ok = shape[i] == 'd' ? text[i] >= '0' && text[i] <= '9' : text[i] == '-';
    if (!ok)
        return cb_error_set(err, CB_EINVAL, "'%.40s' is not a date written YYYY-MM-DD", text);
    cb_date d = {two_digits(text) * 100 + two_digits(text + 2), two_digits(text + 5), two_digits(text + 8)};
    int rc = cb_daily_check(d, err);
    if (rc == CB_OK)
        *out = d;
    return rc;
}

int cb_daily_check_today(cb_date d, cb_date today, cb_error *err)
{
    int rc = cb_daily_check(d, err);
    if (rc != CB_OK)
        return rc;
    if (!valid(today))
        return cb_error_set(err, CB_EINVAL, "today (%04d-%02d-%02d) is not a date", today.year, today.month, today.day);
    if (civil_days(d) > civil_days(today) + 1)
        return cb_error_set(err, CB_EINVAL, "%04d-%02d-%02d is not out yet: today is %04d-%02d-%02d", d.year, d.month,
                            d.day, today.year, today.month, today.day);
    return CB_OK;
}

long cb_daily_number(cb_date d)
{
    cb_date first = {FIRST_YEAR, FIRST_MONTH, FIRST_DAY};
    return civil_days(d) - civil_days(first) + 1;
}

void cb_daily_setup(cb_game_setup *s)
{
    const cb_game_preset *p = cb_game_setup_preset(s);
    if (p && !s->lists && !p->lists && cbg_setup_lists(s, p)) /* the default lists of a word game */
        s->lists = CB_DAILY_LISTS;
}

void cb_daily_title(const char *label, const char *lists, const cb_date *d, cb_hard mode, char *buf, size_t size)
{
    if (!buf || size == 0)
        return;
    if (!d) {
        snprintf(buf, size, "%s", label ? label : "codebreaker");
        return;
    }
    snprintf(buf, size, "%.48s%s%.24s%s daily #%ld%s", label ? label : "codebreaker", lists ? " (" : "",
             lists ? lists : "", lists ? ")" : "", cb_daily_number(*d), mode ? " hard" : "");
}

void cb_daily_format(cb_date d, char buf[CB_DAILY_TEXT])
{
    char text[48]; /* room for any int, so that no compiler sees a truncation */
    snprintf(text, sizeof text, "%04d-%02d-%02d", d.year, d.month, d.day);
    memcpy(buf, text, CB_DAILY_TEXT - 1);
    buf[CB_DAILY_TEXT - 1] = '\0';
}

/* The hash of the date's text: FNV-1a over the bytes, fixed forever (changing it changes every daily secret). */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

void cb_daily_draw(const cb_game *g, uint64_t seed, uint32_t *secret, int *mapping)
{
    uint64_t x = seed;
    *secret = (uint32_t)((cb_rng_splitmix(&x) >> 32) * cb_game_secret_count(g) >> 32);
    if (mapping)
        *mapping = cb_game_rule_info(g)->hidden ? (int)(cb_rng_splitmix(&x) % CB_MAPPINGS) : 0;
}

int cb_daily_secret(const cb_game *g, cb_date d, uint32_t *secret, int *mapping, cb_error *err)
{
    if (!g || !secret)
        return cb_error_set(err, CB_EINVAL, "no game");
    int rc = cb_daily_check(d, err);
    if (rc != CB_OK)
        return rc;
    uint32_t n = cb_game_secret_count(g);
    if (n == 0)
        return cb_error_set(err, CB_EINVAL, "the game has no secrets");
    char key[160], date[CB_DAILY_TEXT];
    cb_daily_format(d, date);
    snprintf(key, sizeof key, "codebreaker daily|%.64s|%d|%lu|%s", cb_game_name(g), cb_game_length(g), (unsigned long)n,
             date);
    cb_daily_draw(g, fnv1a(0xcbf29ce484222325ull, key), secret, mapping);
    return CB_OK;
}
