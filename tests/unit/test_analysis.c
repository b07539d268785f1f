/*
 * test_analysis.c: bounds against the printed formulas, feedback counts and
 * first-guess shapes against the engine's partitions (the slow reference),
 * the published first-guess entropies, the bundled English dictionary.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"

static cb_game *complete_game(cb_rule rule, int k, int n, int no_repeat)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_game_config_default(&cfg);
    cfg.rule = rule;
    cfg.colors = k;
    cfg.length = n;
    cfg.no_repeat = no_repeat;
    cfg.first_digit = rule == CB_RULE_MASTERMIND;
    CHECK(cb_game_new(&cfg, &g, NULL) == CB_OK);
    return g;
}

static cb_game *words_game(cb_rule rule, const char *answers, const char *guesses, const char *dictionary, int length)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    cb_game_config_default(&cfg);
    cfg.rule = rule;
    cfg.answers_path = answers;
    cfg.guesses_path = guesses;
    cfg.dictionary = dictionary;
    cfg.length = length;
    int rc = cb_game_new(&cfg, &g, &err);
    CHECK_MSG(rc == CB_OK, "%s", err.message);
    return g;
}

/* Entropy of guess gi over every secret, straight from the engine's partition. */
static double engine_entropy(const cb_state *st, uint32_t gi, cb_partition *p)
{
    CHECK(cb_partition_compute(p, st, gi) == CB_OK);
    return cb_entropy(p->sizes, p->parts);
}

/* Equation (2) of the Symble thesis as printed, computed here on its own. */
static void equation_two(void)
{
    for (int n = 1; n <= 9; n++)
        for (int k = 2; k <= 25; k++) {
            double x = (n * log(k) - log(pow(3, n) / 6 + 0.5)) / (n * log(3)) + 1;
            CHECK_MSG(fabs(cb_bound_information(CB_RULE_SYMBLE, n, pow(k, n)) - x) < 1e-12, "k=%d n=%d", k, n);
        }
    /* the same idea for the other rules: ln N / ln F */
    CHECK(fabs(cb_bound_information(CB_RULE_MASTERMIND, 4, 1296) - log(1296) / log(14)) < 1e-12);
    CHECK(fabs(cb_bound_information(CB_RULE_WORDLE, 5, 2315) - log(2315) / log(238)) < 1e-12);
    CHECK(cb_feedbacks_possible(CB_RULE_SYMBLE, 4, 1) == 14); /* (3^4 + 3) / 6 */
    CHECK(cb_feedbacks_possible(CB_RULE_SYMBLE, 4, 0) == 81);
}

/* S(T) = 1 + P' (1 + F' + ... + F'^(T-2)) written out, and the smallest T reaching N. */
static int counting_reference(double p, double f, double secrets)
{
    for (int t = 1;; t++) {
        double s = 1, term = p;
        for (int d = 2; d <= t; d++, term *= f)
            s += term;
        if (s >= secrets)
            return t;
    }
}

static void counting_bound(void)
{
    cb_rule rules[3] = {CB_RULE_MASTERMIND, CB_RULE_WORDLE, CB_RULE_SYMBLE};
    for (int r = 0; r < 3; r++)
        for (int n = 2; n <= 8; n++)
            for (double secrets = 1; secrets < 1e12; secrets *= 7.3)
                CHECK(cb_bound_counting(rules[r], n, secrets) == counting_reference(cb_feedbacks_open(rules[r], n, 1),
                                                                                    cb_feedbacks_open(rules[r], n, 0),
                                                                                    secrets));
    /* never above the proven optimal worst cases: Mastermind 6x4 needs 5 (Knuth 1976), Wordle 5 */
    CHECK(cb_bound_counting(CB_RULE_MASTERMIND, 4, 1296) == 4);
    CHECK(cb_bound_counting(CB_RULE_WORDLE, 5, 2315) == 3);
    CHECK(cb_bound_counting(CB_RULE_SYMBLE, 4, 1296) == 4);
}

/*
 * The feedback counts are what the engine sees: on complete dictionaries
 * with k > n the largest number of distinct feedbacks over all guesses is
 * exactly the count (later guesses: raw colours; Symble's first guess:
 * non-winning parts of the partition), and never more with small k.
 */
static void feedback_counts(cb_rule rule, int k, int n)
{
    cb_game *g = complete_game(rule, k, n, 0);
    cb_table *t;
    cb_state *st;
    cb_partition p;
    CHECK(cb_table_new(g, NULL, &t, NULL) == CB_OK);
    CHECK(cb_state_new(t, &st) == CB_OK);
    cb_partition_init(&p);
    uint32_t nraw = rule == CB_RULE_MASTERMIND ? (uint32_t)((n + 1) * (n + 1)) : cb_pow3(n);
    unsigned char *seen = malloc(nraw);
    double most_raw = 0, most_first = 0;
    for (uint32_t gi = 0; gi < cb_game_guess_count(g); gi++) {
        double distinct = 0;
        memset(seen, 0, nraw);
        for (uint32_t s = 0; s < cb_game_secret_count(g); s++) {
            uint32_t f = cb_table_get(t, gi, s);
            distinct += !seen[f];
            seen[f] = 1;
        }
        most_raw = fmax(most_raw, distinct);
        CHECK(cb_partition_compute(&p, st, gi) == CB_OK);
        most_first = fmax(most_first, (double)p.parts - (p.won_part >= 0));
    }
    double later = rule == CB_RULE_SYMBLE ? cb_feedbacks_possible(rule, n, 0) - n : cb_feedbacks_possible(rule, n, 0);
    if (k > n) {
        CHECK_MSG(most_raw == later, "rule %d k=%d n=%d: %g distinct, count %g", rule, k, n, most_raw, later);
        CHECK(most_first == cb_feedbacks_open(rule, n, 1));
    } else
        CHECK(most_raw <= later && most_first <= cb_feedbacks_open(rule, n, 1));
    free(seen);
    cb_partition_release(&p);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/*
 * The class of a first guess: Symble codes up to renaming (symbols in
 * order of first appearance), other rules the sorted symbol counts.
 */
static void shape_of(cb_rule rule, const uint8_t *code, int n, int *shape)
{
    if (rule == CB_RULE_SYMBLE) {
        int map[CB_MAX_SYMBOLS], next = 0;
        for (int s = 0; s < CB_MAX_SYMBOLS; s++)
            map[s] = -1;
        for (int i = 0; i < n; i++) {
            if (map[code[i]] < 0)
                map[code[i]] = next++;
            shape[i] = map[code[i]];
        }
        return;
    }
    int counts[CB_MAX_SYMBOLS] = {0};
    for (int i = 0; i < n; i++)
        counts[code[i]]++;
    for (int i = 0; i < n; i++) {
        int best = 0;
        for (int s = 1; s < CB_MAX_SYMBOLS; s++)
            if (counts[s] > counts[best])
                best = s;
        shape[i] = counts[best];
        counts[best] = 0;
    }
}

/* Every guess of the game against the class results: entropy, parts and largest part agree. */
static void shapes_match_engine(cb_rule rule, int k, int n, int no_repeat)
{
    cb_game *g = complete_game(rule, k, n, no_repeat);
    cb_first_guess *shapes;
    size_t count;
    cb_table *t;
    cb_state *st;
    cb_partition p;
    CHECK(cb_first_guess_shapes(rule, k, n, no_repeat, 0, &shapes, &count, NULL) == CB_OK);
    CHECK(cb_table_new(g, NULL, &t, NULL) == CB_OK);
    CHECK(cb_state_new(t, &st) == CB_OK);
    cb_partition_init(&p);
    for (size_t i = 1; i < count; i++)
        CHECK(shapes[i - 1].entropy >= shapes[i].entropy);
    for (uint32_t gi = 0; gi < cb_game_guess_count(g); gi++) {
        int want[CB_MAX_LENGTH], have[CB_MAX_LENGTH];
        shape_of(rule, cb_game_code(g, gi), n, want);
        size_t s = 0;
        for (; s < count; s++) {
            shape_of(rule, shapes[s].code, n, have);
            if (memcmp(want, have, (size_t)n * sizeof *want) == 0)
                break;
        }
        CHECK_MSG(s < count, "rule %d k=%d n=%d: guess %u has no shape", rule, k, n, gi);
        if (s == count)
            continue;
        double h = engine_entropy(st, gi, &p);
        uint32_t largest = 0;
        for (size_t j = 0; j < p.parts; j++)
            largest = p.sizes[j] > largest ? p.sizes[j] : largest;
        CHECK_MSG(fabs(h - shapes[s].entropy) < 1e-9 && (double)p.parts == shapes[s].parts &&
                      (double)largest == shapes[s].largest,
                  "rule %d k=%d n=%d guess %u: engine %.6f %zu %u, shapes %.6f %g %g", rule, k, n, gi, h, p.parts,
                  largest, shapes[s].entropy, shapes[s].parts, shapes[s].largest);
    }
    free(shapes);
    cb_partition_release(&p);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/* The exact parts of the adjusted entropy are the engine's parts of the guess 0 1 ... n-1. */
static void adjusted_entropy(cb_rule rule, int k, int n, int no_repeat)
{
    cb_game *g = complete_game(rule, k, n, no_repeat);
    cb_table *t;
    cb_state *st;
    cb_partition p;
    CHECK(cb_table_new(g, NULL, &t, NULL) == CB_OK);
    CHECK(cb_state_new(t, &st) == CB_OK);
    cb_partition_init(&p);
    uint8_t code[CB_MAX_LENGTH];
    for (int i = 0; i < n; i++)
        code[i] = (uint8_t)i;
    CHECK(cb_partition_compute(&p, st, cb_game_find(g, code)) == CB_OK);
    uint32_t yellow = rule == CB_RULE_MASTERMIND ? (uint32_t)n : (cb_pow3(n) - 1) / 2; /* all misplaced */
    double gray = 0, misplaced = 0;
    for (size_t j = 0; j < p.parts; j++) {
        if (p.ids[j] == 0)
            gray = p.sizes[j];
        if (p.ids[j] == yellow && rule != CB_RULE_SYMBLE)
            misplaced = p.sizes[j];
    }
    double want_gray = no_repeat ? 1 : pow(k - n, n), total = cb_complete_size(k, n, no_repeat);
    for (int i = 0; no_repeat && i < n; i++)
        want_gray *= k - n - i > 0 ? k - n - i : 0;
    double exact[2] = {want_gray, cb_derangements(n)}, others, h = 0, rest = 1;
    if (rule == CB_RULE_SYMBLE) {
        CHECK(gray == want_gray + cb_derangements(n)); /* one pattern: aaaa */
        exact[0] += exact[1];
        exact[1] = 0;
        others = cb_feedbacks_possible(rule, n, 1) - 1;
    } else {
        CHECK(gray == want_gray && misplaced == cb_derangements(n));
        others = cb_feedbacks_possible(rule, n, 0) - 2;
    }
    for (int i = 0; i < 2; i++)
        if (exact[i] > 0) {
            h -= exact[i] / total * log2(exact[i] / total);
            rest -= exact[i] / total;
        }
    h -= rest * log2(rest / others);
    CHECK_MSG(fabs(cb_adjusted_entropy(rule, k, n, no_repeat) - h) < 1e-12, "rule %d k=%d n=%d", rule, k, n);
    cb_partition_release(&p);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/*
 * Symble thesis: on the complete dictionary with n = 4 and k = 6, `0012`
 * has the highest first-guess entropy, about 3.72 bits against a perfect
 * 3.807 = log2 14, and `0000` the lowest.
 */
static void thesis_first_guesses(void)
{
    cb_first_guess *shapes;
    size_t count;
    CHECK(cb_first_guess_shapes(CB_RULE_SYMBLE, 6, 4, 0, 0, &shapes, &count, NULL) == CB_OK);
    CHECK(count == 15); /* Bell(4) codes up to renaming */
    CHECK(memcmp(shapes[0].code, "\0\0\1\2", 4) == 0);
    CHECK(fabs(shapes[0].entropy - 3.72) < 0.005);
    CHECK(memcmp(shapes[count - 1].code, "\0\0\0\0", 4) == 0);
    CHECK(fabs(log2(cb_feedbacks_possible(CB_RULE_SYMBLE, 4, 1)) - 3.807) < 0.0005);
    free(shapes);
    /* large alphabets need no table: 25^5 = 9.8 million codes, enumerated over 6 symbols */
    CHECK(cb_first_guess_shapes(CB_RULE_SYMBLE, 25, 5, 0, 0, &shapes, &count, NULL) == CB_OK);
    CHECK(count == 52 && memcmp(shapes[0].code, "\0\1\2\3\4", 5) == 0); /* Bell(5) classes */
    CHECK(shapes[0].largest == pow(20, 5) + cb_derangements(5));        /* all gray or all yellow */
    free(shapes);
    CHECK(cb_first_guess_shapes(CB_RULE_SYMBLE, 6, 13, 0, 0, &shapes, &count, NULL) == CB_ETOOBIG);
    CHECK(cb_first_guess_shapes(CB_RULE_SYMBLE, 3, 4, 1, 0, &shapes, &count, NULL) == CB_EINVAL);
}

/*
 * Word lists. The Symble thesis quotes `lears` at about 4.94 bits and
 * `fuffy` at about 2.05 on five-letter English words. The Wordle allowed
 * list is the closest dictionary we know: there fuffy is the lowest first
 * guess of all 12972 (2.0897 bits) and lears gives 4.9144; the five-letter
 * words of words_alpha give 4.8815 and 2.1205 (docs/analysis.md).
 * Science Focus (HKUST), issue 25: SOARE opens Wordle best by entropy,
 * 5.89 bits, on the original lists (2315 answers, 12972 guesses).
 */
static void word_figures(void)
{
#if defined(__SANITIZE_ADDRESS__)
    int full_scan = 0; /* the 12972 x 12972 scan takes minutes under the sanitizers; the release build runs it */
#else
    int full_scan = 1;
#endif
    cb_game *allowed = words_game(CB_RULE_SYMBLE, "data/wordle/allowed.txt", NULL, NULL, 0);
    cb_game *english = words_game(CB_RULE_SYMBLE, NULL, NULL, "english", 5);
    cb_game *wordle = words_game(CB_RULE_WORDLE, NULL, NULL, NULL, 0);
    cb_game *games[3] = {allowed, english, wordle};
    const char *words[3][2] = {{"lears", "fuffy"}, {"lears", "fuffy"}, {"soare", NULL}};
    double want[3][2] = {{4.9144, 2.0897}, {4.8815, 2.1205}, {5.8860, 0}};
    for (int i = 0; i < 3; i++) {
        cb_table *t;
        cb_state *st;
        cb_partition p;
        cb_table_options opt;
        if (!games[i])
            continue;
        cb_table_options_default(&opt);
        opt.mode = i == 0 && full_scan ? CB_TABLE_AUTO : CB_TABLE_OFF;
        CHECK(cb_table_new(games[i], &opt, &t, NULL) == CB_OK);
        CHECK(cb_state_new(t, &st) == CB_OK);
        cb_partition_init(&p);
        for (int j = 0; j < 2 && words[i][j]; j++) {
            uint32_t gi;
            CHECK(cb_game_parse_code(games[i], words[i][j], &gi, NULL) == CB_OK);
            double h = engine_entropy(st, gi, &p);
            CHECK_MSG(fabs(h - want[i][j]) < 5e-5, "%s: %.5f", words[i][j], h);
        }
        if (i == 0 && full_scan) { /* fuffy is the worst opener of the allowed list */
            uint32_t n = cb_game_guess_count(allowed), low = 0, gi;
            double *h = malloc(n * sizeof *h);
            CHECK(cb_guess_entropies(st, 0, NULL, h) == CB_OK);
            for (uint32_t g = 1; g < n; g++)
                low = h[g] < h[low] ? g : low;
            CHECK(cb_game_parse_code(allowed, "fuffy", &gi, NULL) == CB_OK && low == gi);
            for (uint32_t g = 0; g < n; g += 997) /* the parallel kernel against one partition at a time */
                CHECK(fabs(h[g] - engine_entropy(st, g, &p)) < 1e-12);
            volatile int cancel = 1; /* a cancel flag stops it (issue 15) */
            CHECK(cb_guess_entropies(st, 0, &cancel, h) == CB_ECANCELED);
            free(h);
        }
        cb_partition_release(&p);
        cb_state_free(st);
        cb_table_free(t);
    }
    /* the bundled English words: counts per length as published with the list */
    CHECK(english && cb_game_secret_count(english) == 15918 && cb_game_guess_count(english) == 15918);
    cb_game *four = words_game(CB_RULE_WORDLE, NULL, NULL, "english", 4);
    CHECK(four && cb_game_secret_count(four) == 7185);
    cb_game *seventeen = words_game(CB_RULE_SYMBLE, NULL, NULL, "english", 17);
    CHECK(seventeen && cb_game_secret_count(seventeen) == 2967);
    cb_game_free(four);
    cb_game_free(seventeen);
    for (int i = 0; i < 3; i++)
        cb_game_free(games[i]);
}

static void dictionary_errors(void)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    cb_game_config_default(&cfg);
    cfg.dictionary = "klingon";
    CHECK(cb_game_new(&cfg, &g, &err) == CB_ENOTFOUND && g == NULL && strstr(err.message, "klingon"));
    cfg.dictionary = "english";
    cfg.answers_path = "data/wordle/answers.txt";
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EINVAL && g == NULL);
    /* a mixed-length user list: an error, unless words are chosen by length */
    cb_game_config_default(&cfg);
    cfg.answers_path = "tests/data/mixed_lengths.txt";
    cfg.length = 4;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EPARSE && strstr(err.message, "mixed_lengths.txt:"));
    cfg.select_length = 1;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK && cb_game_secret_count(g) == 3);
    cb_game_free(g);
    cfg.length = 9;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EPARSE && strstr(err.message, "no words of 9 letters"));
}

int main(void)
{
    equation_two();
    counting_bound();
    feedback_counts(CB_RULE_WORDLE, 5, 3);
    feedback_counts(CB_RULE_WORDLE, 3, 4);
    feedback_counts(CB_RULE_MASTERMIND, 5, 4);
    feedback_counts(CB_RULE_MASTERMIND, 3, 4);
    feedback_counts(CB_RULE_SYMBLE, 5, 4);
    feedback_counts(CB_RULE_SYMBLE, 4, 3);
    feedback_counts(CB_RULE_SYMBLE, 3, 4);
    shapes_match_engine(CB_RULE_SYMBLE, 6, 4, 0);
    shapes_match_engine(CB_RULE_SYMBLE, 3, 5, 0);
    shapes_match_engine(CB_RULE_WORDLE, 5, 4, 0);
    shapes_match_engine(CB_RULE_WORDLE, 7, 3, 1);
    shapes_match_engine(CB_RULE_MASTERMIND, 6, 4, 0);
    shapes_match_engine(CB_RULE_MASTERMIND, 8, 4, 1);
    shapes_match_engine(CB_RULE_SYMBLE, 2, 6, 0);
    adjusted_entropy(CB_RULE_SYMBLE, 6, 4, 0);
    adjusted_entropy(CB_RULE_SYMBLE, 9, 3, 0);
    adjusted_entropy(CB_RULE_WORDLE, 7, 4, 0);
    adjusted_entropy(CB_RULE_MASTERMIND, 6, 4, 0);
    adjusted_entropy(CB_RULE_MASTERMIND, 10, 4, 1);
    adjusted_entropy(CB_RULE_WORDLE, 8, 3, 1);
    thesis_first_guesses();
    word_figures();
    dictionary_errors();
    return check_done("test_analysis");
}
