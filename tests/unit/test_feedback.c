/*
 * test_feedback.c: the three rules against the golden vectors of
 * tests/data/feedback_golden.tsv and against the independent reference of
 * tests/unit/ref_rules.c on random pairs.
 */
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"
#include "ref_rules.h"

/* Decode a UTF-8 word into symbol indices, assigning new indices as code points appear. */
static int encode(const char *w, uint8_t *code, unsigned long *cps, int *ncps)
{
    int n = 0;
    const unsigned char *s = (const unsigned char *)w;
    while (*s) {
        unsigned long cp = *s;
        int len = 1;
        if (*s >= 0xf0) {
            cp = *s & 7u;
            len = 4;
        } else if (*s >= 0xe0) {
            cp = *s & 15u;
            len = 3;
        } else if (*s >= 0xc0) {
            cp = *s & 31u;
            len = 2;
        }
        for (int i = 1; i < len; i++)
            cp = (cp << 6) | (s[i] & 63u);
        s += len;
        int k = 0;
        while (k < *ncps && cps[k] != cp)
            k++;
        if (k == *ncps)
            cps[(*ncps)++] = cp;
        code[n++] = (uint8_t)k;
    }
    return n;
}

static void pattern(uint32_t id, int n, char *out)
{
    for (int i = 0; i < n; i++, id /= 3)
        out[i] = ".YG"[id % 3];
    out[n] = '\0';
}

static void golden(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    int cases = 0;
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char rule[16], guess[64], secret[64], expected[64], got[64];
        if (line[0] == '#' || sscanf(line, "%15s %63s %63s %63s", rule, guess, secret, expected) != 4)
            continue;
        uint8_t g[CB_MAX_LENGTH], s[CB_MAX_LENGTH];
        unsigned long cps[128];
        int ncps = 0, n;
        if (strcmp(rule, "mastermind") == 0 || strcmp(rule, "bulls") == 0) {
            n = (int)strlen(guess);
            for (int i = 0; i < n; i++) {
                g[i] = (uint8_t)(guess[i] - '0');
                s[i] = (uint8_t)(secret[i] - '0');
            }
            uint32_t id = cb_feedback_mastermind(g, s, n);
            snprintf(got, sizeof got, "%uB%uW", id / (uint32_t)(n + 1), id % (uint32_t)(n + 1));
        } else {
            n = encode(guess, g, cps, &ncps);
            CHECK(encode(secret, s, cps, &ncps) == n);
            uint32_t id = strcmp(rule, "wordle") == 0 ? cb_feedback_wordle(g, s, n) : cb_feedback_symble(g, s, n);
            pattern(id, n, got);
        }
        CHECK_MSG(strcmp(got, expected) == 0, "%s %s %s: expected %s, got %s", rule, guess, secret, expected, got);
        cases++;
    }
    fclose(f);
    CHECK_MSG(cases >= 300, "only %d golden cases", cases);
}

/* Random codes over small alphabets (many repeats) against the reference. */
static void random_pairs(void)
{
    unsigned long long seed = 42;
    for (int t = 0; t < 200000; t++) {
        int n = 1 + (int)(check_rand(&seed) % 10);
        int k = 2 + (int)(check_rand(&seed) % 8);
        uint8_t g[CB_MAX_LENGTH], s[CB_MAX_LENGTH];
        for (int i = 0; i < n; i++) {
            g[i] = (uint8_t)(check_rand(&seed) % (unsigned)k);
            s[i] = (uint8_t)(check_rand(&seed) % (unsigned)k);
        }
        char want[32], got[32];
        ref_wordle(g, s, n, want);
        pattern(cb_feedback_wordle(g, s, n), n, got);
        CHECK_MSG(strcmp(want, got) == 0, "wordle n=%d: %s vs %s", n, want, got);
        ref_symble(g, s, n, want);
        pattern(cb_feedback_symble(g, s, n), n, got);
        CHECK_MSG(strcmp(want, got) == 0, "symble n=%d: %s vs %s", n, want, got);
        int b, w;
        ref_mastermind(g, s, n, k, &b, &w);
        CHECK(cb_feedback_mastermind(g, s, n) == (uint32_t)(b * (n + 1) + w));
        int won, common = ref_jotto(g, s, n, &won);
        CHECK_MSG(cb_feedback_jotto(g, s, n) == (won ? (uint32_t)n + 1 : (uint32_t)common), "jotto n=%d", n);
    }
}

/* The worked examples of the rules (issue 2 and DESIGN.md). */
static void examples(void)
{
    uint8_t salet[5] = {18, 0, 11, 4, 19}, aback[5] = {0, 1, 0, 2, 10};
    char got[8];
    pattern(cb_feedback_wordle(salet, aback, 5), 5, got);
    CHECK(strcmp(got, ".Y...") == 0);
    uint8_t g[4] = {1, 1, 2, 2}, s[4] = {1, 2, 2, 3};
    CHECK(cb_feedback_mastermind(g, s, 4) == 2 * 5 + 1); /* 1122 vs 1223: 2B1W */
    /* Symble: codeword solid, guess thorn: position 2 (the o) yellow. */
    uint8_t solid[5] = {18, 14, 11, 8, 3}, thorn[5] = {19, 7, 14, 17, 13};
    pattern(cb_feedback_symble(thorn, solid, 5), 5, got);
    CHECK(strcmp(got, ".Y...") == 0);
    /* codeword hello, guess lands: position 3 yellow, position 4 gray. */
    uint8_t hello[5] = {7, 4, 11, 11, 14}, lands[5] = {11, 0, 13, 3, 18};
    pattern(cb_feedback_symble(lands, hello, 5), 5, got);
    CHECK(strcmp(got, "..Y..") == 0);
    /* Jotto: salet and aback share one a; stare and tears share all five but only stare wins */
    uint8_t stare[5] = {18, 19, 0, 17, 4}, tears[5] = {19, 4, 0, 17, 18};
    CHECK(cb_feedback_jotto(salet, aback, 5) == 1);
    CHECK(cb_feedback_jotto(stare, tears, 5) == 5 && cb_feedback_jotto(stare, stare, 5) == 6);
    CHECK(cb_feedback_jotto(hello, lands, 5) == 1); /* one l of hello's two */
}

int main(int argc, char **argv)
{
    examples();
    golden(argc > 1 ? argv[1] : "tests/data/feedback_golden.tsv");
    random_pairs();
    return check_done("test_feedback");
}
