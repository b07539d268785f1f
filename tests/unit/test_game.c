/* test_game.c: making games, word lists and their errors, codes and feedback notation. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "codebreaker/codebreaker.h"
#include "game/game_internal.h"

static char tmpdir[] = "/tmp/cb_test_game_XXXXXX";

static const char *write_file(const char *name, const char *text)
{
    static char path[8][256];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 256, "%s/%s", tmpdir, name);
    FILE *f = fopen(p, "wb");
    fputs(text, f);
    fclose(f);
    return p;
}

static cb_game *words_game(cb_rule rule, const char *answers, const char *guesses, int lenient, cb_error *err)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_game_config_default(&cfg);
    cfg.rule = rule;
    cfg.answers_path = answers;
    cfg.guesses_path = guesses;
    cfg.lenient = lenient;
    cb_game_new(&cfg, &g, err);
    return g;
}

static void presets(void)
{
    static const struct {
        const char *name;
        uint32_t codes;
        int n, k;
    } p[] = {{"mastermind", 1296, 4, 6}, {"super", 32768, 5, 8}, {"bulls", 5040, 4, 10}};
    for (size_t i = 0; i < 3; i++) {
        cb_game_config cfg;
        cb_game *g;
        cb_error err;
        CHECK(cb_game_config_preset(p[i].name, &cfg) == CB_OK);
        CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
        CHECK(cb_game_secret_count(g) == p[i].codes && cb_game_guess_count(g) == p[i].codes);
        CHECK(cb_game_length(g) == p[i].n && cb_game_colors(g) == p[i].k);
        cb_game_free(g);
    }
    cb_game_config cfg;
    CHECK(cb_game_config_preset("chess", &cfg) == CB_ENOTFOUND);
}

/*
 * How each rule's feedback is drawn (cb_rule_info.marks) agrees with its feedback ids: pegs (blacks,
 * whites: (n+1)^2 ids), colours (3^n, one more with hidden symbols), a count (0 to n, and won).
 */
static void rule_marks(void)
{
    static const char *const games[] = {"mastermind", "wordle", "symble", "jotto"};
    static const char *const want[] = {"pegs", "colours", "colours", "count"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        cb_game_config cfg;
        cb_game *g = NULL;
        cb_error err;
        CHECK(cb_game_config_preset(games[i], &cfg) == CB_OK);
        CHECK_MSG(cb_game_new(&cfg, &g, &err) == CB_OK, "%s: %s", games[i], err.message);
        if (!g)
            continue;
        const cb_rule_info *r = cb_game_rule_info(g);
        uint32_t n = (uint32_t)cb_game_length(g), ids = cb_game_feedback_count(g), p3 = 1;
        for (uint32_t k = 0; k < n; k++)
            p3 *= 3;
        CHECK_MSG(cb_marks_name(r->marks) && strcmp(cb_marks_name(r->marks), want[i]) == 0, "%s: marks %s", games[i],
                  cb_marks_name(r->marks) ? cb_marks_name(r->marks) : "none");
        CHECK_MSG(r->marks == CB_MARKS_PEGS    ? ids == (n + 1) * (n + 1)
                  : r->marks == CB_MARKS_COUNT ? ids == n + 2 && cb_game_won(g) == n + 1
                                               : ids == p3 + (r->hidden ? 1u : 0u),
                  "%s: %u feedback ids", games[i], ids);
        cb_game_free(g);
    }
    CHECK(cb_marks_name((cb_marks)3) == NULL && cb_marks_name((cb_marks)-1) == NULL);
}

static void bundled(void)
{
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    cb_game_config_default(&cfg);
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    CHECK(cb_game_secret_count(g) == 2315);
    CHECK(cb_game_guess_count(g) == 12972);
    CHECK(cb_game_colors(g) == 26 && cb_game_length(g) == 5);
    uint32_t gi;
    char buf[32];
    CHECK(cb_game_parse_code(g, "SALET", &gi, &err) == CB_OK);
    cb_game_format_code(g, gi, buf, sizeof buf);
    CHECK(strcmp(buf, "salet") == 0);
    CHECK(cb_game_guess_secret(g, gi) == CB_NONE); /* salet is not an answer */
    CHECK(cb_game_parse_code(g, "aback", &gi, &err) == CB_OK && cb_game_guess_secret(g, gi) == 0);
    CHECK(cb_game_parse_code(g, "xxxxx", &gi, &err) == CB_ENOTFOUND);
    CHECK(strstr(err.message, "xxxxx") != NULL);
    CHECK(cb_game_parse_code(g, "abc", &gi, &err) == CB_EPARSE);
    CHECK(cb_game_parse_code(g, "ab1de", &gi, &err) == CB_EPARSE);
    CHECK(cb_game_parse_code(g, "abacks", &gi, &err) == CB_EPARSE);
    cb_game_free(g);

    /* bundled lists chosen by name: every allowed word a secret, or the answers alone */
    static const struct {
        const char *answers, *guesses;
        uint32_t secrets, nguess;
    } named[] = {
        {"wordle/allowed.txt", NULL, 12972, 12972},
        {"wordle/answers.txt", NULL, 2315, 2315},
        {"wordle/answers.txt", "wordle/allowed.txt", 2315, 12972},
        {NULL, "wordle/answers.txt", 2315, 2315},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        cb_game_config_default(&cfg);
        cfg.answers_data = named[i].answers;
        cfg.guesses_data = named[i].guesses;
        CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
        CHECK(cb_game_secret_count(g) == named[i].secrets && cb_game_guess_count(g) == named[i].nguess);
        cb_game_free(g);
    }
    cb_game_config_default(&cfg);
    cfg.answers_data = "wordle/none.txt";
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EIO && strstr(err.message, "wordle/none.txt") != NULL);
}

/* The secrets of `a` that are not secrets of `b`, counted, the first few spelt into out. */
static uint32_t secrets_missing(const cb_game *a, const cb_game *b, char *out, size_t size)
{
    uint32_t missing = 0;
    char word[32];
    cb_error err;
    out[0] = 0;
    for (uint32_t s = 0; s < cb_game_secret_count(a); s++) {
        uint32_t gi;
        cb_game_format_code(a, cb_game_secret_guess(a, s), word, sizeof word);
        if (cb_game_parse_code(b, word, &gi, &err) == CB_OK && cb_game_guess_secret(b, gi) != CB_NONE)
            continue;
        if (missing++ < 8 && strlen(out) + strlen(word) + 2 < size)
            strcat(strcat(out, out[0] ? " " : ""), word);
    }
    return missing;
}

/* Jotto's list, as scripts/jotto-list.sh makes it: (frequency, word) pairs, most frequent first, ties by the word. */
typedef struct freq_word {
    double f;
    char w[8];
} freq_word;

static int by_frequency(const void *a, const void *b)
{
    const freq_word *x = a, *y = b;
    return x->f > y->f ? -1 : x->f < y->f ? 1 : strcmp(x->w, y->w);
}

static int by_word(const void *a, const void *b)
{
    return strcmp(((const freq_word *)a)->w, ((const freq_word *)b)->w);
}

/*
 * The bundled Jotto list derived again from the bundled files: the 200 original answers of five different
 * letters most frequent by wordle/frequency.tsv, in alphabetical order, byte for byte.
 */
static void jotto_list(void)
{
    const char *ans, *freq, *jotto;
    size_t nans, nfreq, njotto;
    CHECK(cb_data_bundled("wordle/answers.txt", &ans, &nans) == CB_OK);
    CHECK(cb_data_bundled("wordle/frequency.tsv", &freq, &nfreq) == CB_OK);
    CHECK(cb_data_bundled("jotto/common.txt", &jotto, &njotto) == CB_OK);
    static freq_word fw[12972], kept[2315];
    size_t nfw = 0, nkept = 0;
    for (const char *p = freq; p < freq + nfreq && nfw < 12972;) {
        const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
        if (!tab || !nl || tab - p != 5)
            break;
        memcpy(fw[nfw].w, p, 5);
        fw[nfw].w[5] = 0;
        fw[nfw++].f = strtod(tab + 1, NULL);
        p = nl + 1;
    }
    CHECK(nfw == 12972);
    for (const char *p = ans; p + 6 <= ans + nans && nkept < 2315; p += 6) {
        int distinct = 1;
        for (int i = 0; i < 5; i++)
            for (int k = i + 1; k < 5; k++)
                distinct &= p[i] != p[k];
        if (!distinct)
            continue;
        for (size_t i = 0; i < nfw; i++)
            if (memcmp(fw[i].w, p, 5) == 0)
                kept[nkept++] = fw[i];
    }
    CHECK(nkept == 1566); /* of the 2315 answers, 1566 have five different letters (and a frequency) */
    qsort(kept, nkept, sizeof kept[0], by_frequency);
    CHECK(nkept >= 201 && kept[199].f > kept[200].f); /* no tie at the cut */
    qsort(kept, 200, sizeof kept[0], by_word);
    char want[200 * 6 + 1], *o = want;
    for (int i = 0; i < 200; i++)
        o += sprintf(o, "%s\n", kept[i].w);
    CHECK_MSG(njotto == (size_t)(o - want) && memcmp(jotto, want, njotto) == 0,
              "jotto/common.txt: %zu bytes, "
              "derived %zu",
              njotto, (size_t)(o - want));
}

/* The New York Times' lists by name: their counts, answers among the allowed guesses, and what changed. */
static void named_lists(void)
{
    static const struct {
        const char *name;
        uint32_t secrets, guesses;
    } want[] =
        {
            {"original", 2315, 12972}, {"nyt2023", 3158, 14855},    {"nyt2022sep", 2309, 14855},
            {"nyt2022", 2309, 12972},  {"nyt2022feb", 2309, 12947}, {"all", 14855, 14855},
            {"allowed", 12972, 12972}, {"answers", 2315, 2315},     {"jotto", 200, 200},
            {"english6", 2525, 29874}, /* awk 'length($0) == 6' data/english/words_alpha.txt | wc -l: 29874 */
        };
    size_t n;
    const cb_word_lists *all = cb_word_lists_all(&n);
    CHECK(n == sizeof want / sizeof want[0]);
    cb_game *games[sizeof want / sizeof want[0]] = {0};
    cb_error err;
    for (size_t i = 0; i < n && i < sizeof want / sizeof want[0]; i++) {
        cb_game_config cfg;
        cb_game_config_default(&cfg);
        CHECK(strcmp(all[i].name, want[i].name) == 0 && cb_word_lists_find(want[i].name) == &all[i]);
        CHECK(cb_game_config_lists(&cfg, want[i].name, &err) == CB_OK);
        CHECK_MSG(cb_game_new(&cfg, &games[i], &err) == CB_OK, "%s: %s", want[i].name, err.message);
        if (!games[i])
            continue;
        CHECK_MSG(cb_game_secret_count(games[i]) == want[i].secrets && cb_game_guess_count(games[i]) == want[i].guesses,
                  "%s: %u answers, %u guesses", want[i].name, cb_game_secret_count(games[i]),
                  cb_game_guess_count(games[i]));
        /* the answers are allowed words: the allowed list alone has as many words as the game's guesses */
        cb_game *wide;
        cb_game_config_default(&cfg);
        cfg.answers_data = all[i].guesses ? all[i].guesses : all[i].answers;
        cfg.length = cb_game_length(games[i]); /* the dictionary (english6's guesses) holds every length */
        cfg.select_length = 1;
        CHECK(cb_game_new(&cfg, &wide, &err) == CB_OK);
        char out[128];
        CHECK_MSG(secrets_missing(games[i], wide, out, sizeof out) == 0, "%s: answers not allowed: %s", all[i].name,
                  out);
        cb_game_free(wide);
        /* the wider lists keep the guesses and take them all as answers */
        const cb_word_lists *w = all[i].wider ? cb_word_lists_find(all[i].wider) : NULL;
        CHECK(!all[i].wider || (w && !w->guesses && strcmp(w->answers, all[i].guesses) == 0));
    }
    char out[128];
    if (games[0] && games[3] && games[1] && games[4]) {
        /* NYT took six answers out in February 2022, and eight more by July 2023 */
        CHECK(secrets_missing(games[3], games[0], out, sizeof out) == 0);
        CHECK(secrets_missing(games[0], games[3], out, sizeof out) == 6 &&
              strcmp(out, "agora fibre lynch pupal slave wench") == 0);
        CHECK(secrets_missing(games[3], games[1], out, sizeof out) == 8 &&
              strcmp(out, "fanny gipsy gypsy mammy pansy semen welch welsh") == 0);
        CHECK(secrets_missing(games[1], games[3], out, sizeof out) == 857);
        /* 25 allowed words taken out in February 2022 were back in March */
        cb_game_config cfg;
        cb_game *feb;
        cb_game_config_default(&cfg);
        cfg.answers_data = "nyt/allowed-2022-02.txt";
        CHECK(cb_game_new(&cfg, &feb, &err) == CB_OK);
        CHECK(secrets_missing(feb, games[6], out, sizeof out) == 0);
        CHECK(secrets_missing(games[6], feb, out, sizeof out) == 25 && strncmp(out, "agora bitch", 11) == 0);
        CHECK(secrets_missing(games[6], games[5], out, sizeof out) == 0); /* 14855 hold the 12972 */
        cb_game_free(feb);
    }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        cb_game_free(games[i]);
    cb_game_config cfg;
    cb_game_config_default(&cfg);
    CHECK(cb_game_config_lists(&cfg, "nyt2024", &err) == CB_ENOTFOUND && strstr(err.message, "nyt2024") &&
          strstr(err.message, "nyt2023"));

    /* widening: every allowed word an answer, the guesses kept */
    cb_game_config_default(&cfg); /* the original lists */
    CHECK(cb_game_config_wider(&cfg) == CB_OK && strcmp(cfg.answers_data, "wordle/allowed.txt") == 0 &&
          !cfg.guesses_data && !cfg.answers_path);
    CHECK(cb_game_config_wider(&cfg) == CB_ENOTFOUND); /* already */
    cb_game_config_default(&cfg);
    cb_game_config_lists(&cfg, "nyt2023", &err);
    CHECK(cb_game_config_wider(&cfg) == CB_OK && strcmp(cfg.answers_data, cb_word_lists_find("all")->answers) == 0 &&
          !cfg.guesses_data);
    cb_game_config_default(&cfg);
    cfg.answers_path = "a.txt";
    cfg.guesses_path = "g.txt";
    CHECK(cb_game_config_wider(&cfg) == CB_OK && strcmp(cfg.answers_path, "g.txt") == 0 && !cfg.guesses_path);
    cb_game_config_default(&cfg);
    cfg.answers_path = cfg.guesses_path = "w.txt"; /* --words */
    CHECK(cb_game_config_wider(&cfg) == CB_ENOTFOUND && strcmp(cfg.answers_path, "w.txt") == 0);
    cb_game_config_default(&cfg);
    cfg.answers_path = "a.txt"; /* the answers are the guesses */
    CHECK(cb_game_config_wider(&cfg) == CB_ENOTFOUND);
    cb_game_config_preset("mastermind", &cfg);
    CHECK(cb_game_config_wider(&cfg) == CB_ENOTFOUND);
    cb_game_config_default(&cfg);
    cfg.dictionary = "english";
    CHECK(cb_game_config_wider(&cfg) == CB_ENOTFOUND);
}

static void lists(void)
{
    cb_error err;
    cb_game *g;
    /* comments, blank lines, CRLF, case folding */
    const char *a = write_file("a.txt", "# answers\r\nNiño\r\n\r\nbaño \nTAÑO # trailing comment\n");
    g = words_game(CB_RULE_WORDLE, a, NULL, 0, &err);
    CHECK_MSG(g != NULL, "%s", err.message);
    if (g) {
        uint32_t gi;
        CHECK(cb_game_secret_count(g) == 3 && cb_game_length(g) == 4);
        CHECK(cb_game_parse_code(g, "NIÑO", &gi, &err) == CB_OK);
        CHECK(cb_game_colors(g) == 7); /* a b i n o t ñ */
        char buf[32];
        cb_game_format_code(g, gi, buf, sizeof buf);
        CHECK(strcmp(buf, "niño") == 0);
        cb_game_free(g);
    }
    /* a duplicate names the file and line */
    a = write_file("dup.txt", "crane\nslate\ncrane\n");
    g = words_game(CB_RULE_WORDLE, a, NULL, 0, &err);
    CHECK(g == NULL && err.code == CB_EPARSE);
    CHECK_MSG(strstr(err.message, "dup.txt:3") && strstr(err.message, "twice"), "%s", err.message);
    g = words_game(CB_RULE_WORDLE, a, NULL, 1, &err);
    CHECK(g && cb_game_secret_count(g) == 2 && cb_game_skipped(g) == 1);
    cb_game_free(g);
    /* wrong length */
    a = write_file("len.txt", "crane\nslat\n");
    g = words_game(CB_RULE_WORDLE, a, NULL, 0, &err);
    CHECK(g == NULL && strstr(err.message, "len.txt:2") && strstr(err.message, "4 characters"));
    /* character outside a given alphabet */
    cb_game_config cfg;
    cb_game_config_default(&cfg);
    cfg.answers_path = write_file("alpha.txt", "abc\ncab\nabd\n");
    cfg.alphabet = "abc";
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EPARSE);
    CHECK_MSG(strstr(err.message, "alpha.txt:3") && strstr(err.message, "'d'"), "%s", err.message);
    /* answers outside the guesses are added to the guesses */
    g = words_game(CB_RULE_WORDLE, write_file("ans.txt", "abc\nxyz\n"), write_file("gs.txt", "abc\nbca\n"), 0, &err);
    CHECK(g && cb_game_guess_count(g) == 3 && cb_game_secret_count(g) == 2);
    cb_game_free(g);
    /* invalid UTF-8, an empty file, a missing file */
    g = words_game(CB_RULE_WORDLE, write_file("bad.txt", "ab\xff\n"), NULL, 0, &err);
    CHECK(g == NULL && strstr(err.message, "bad.txt:1") && strstr(err.message, "UTF-8"));
    g = words_game(CB_RULE_WORDLE, write_file("empty.txt", "# nothing\n\n"), NULL, 0, &err);
    CHECK(g == NULL && strstr(err.message, "no words"));
    g = words_game(CB_RULE_WORDLE, "/nonexistent/words.txt", NULL, 0, &err);
    CHECK(g == NULL && err.code == CB_EIO && strstr(err.message, "/nonexistent/words.txt"));
    /* more than 64 symbols */
    char many[2048] = "";
    for (int i = 0; i < 70; i++) {
        char w[16];
        unsigned cp = 0x100 + (unsigned)i * 2 + 1; /* odd code points of Latin Extended-A: already lower case */
        snprintf(w, sizeof w, "%c%c%c%c\n", 0xc0 | (cp >> 6), 0x80 | (cp & 63), 0xc0 | (cp >> 6), 0x80 | (cp & 63));
        strcat(many, w);
    }
    g = words_game(CB_RULE_WORDLE, write_file("many.txt", many), NULL, 0, &err);
    CHECK_MSG(g == NULL && err.code == CB_ETOOBIG && strstr(err.message, "64"), "%s", err.message);
    /* a NUL byte is no symbol (issue 15): the file is written with it, so write_file's fputs cannot be used */
    {
        char path[256];
        snprintf(path, sizeof path, "%s/nul.txt", tmpdir);
        FILE *f = fopen(path, "wb");
        fwrite("crane\nsl\0te\n", 1, 12, f);
        fclose(f);
        g = words_game(CB_RULE_WORDLE, path, NULL, 0, &err);
        CHECK_MSG(g == NULL && err.code == CB_EPARSE && strstr(err.message, "nul.txt:2") &&
                      strstr(err.message, "control"),
                  "%s", err.message);
        g = words_game(CB_RULE_WORDLE, path, NULL, 1, &err);
        CHECK(g && cb_game_secret_count(g) == 1 && cb_game_skipped(g) == 1);
        cb_game_free(g);
    }
    g = words_game(CB_RULE_WORDLE, write_file("esc.txt", "cr\x1bne\n"), NULL, 0, &err);
    CHECK(g == NULL && strstr(err.message, "esc.txt:1"));
    /* a byte order mark is not a letter: a one-word list keeps its 5 letters */
    g = words_game(CB_RULE_WORDLE,
                   write_file("bom.txt", "\xef\xbb\xbf"
                                         "crane\n"),
                   NULL, 0, &err);
    CHECK_MSG(g && cb_game_length(g) == 5 && cb_game_colors(g) == 5, "%s", g ? "" : err.message);
    cb_game_free(g);
    g = words_game(CB_RULE_WORDLE,
                   write_file("bom2.txt", "crane\n\xef\xbb\xbf"
                                          "slate\n"),
                   NULL, 0, &err);
    CHECK(g == NULL && strstr(err.message, "bom2.txt:2"));
    /* a line past the limit, and a file past the limit */
    {
        char longline[5000];
        memset(longline, 'a', sizeof longline - 2);
        longline[sizeof longline - 2] = '\n';
        longline[sizeof longline - 1] = '\0';
        g = words_game(CB_RULE_WORDLE, write_file("longline.txt", longline), NULL, 0, &err);
        CHECK_MSG(g == NULL && err.code == CB_ETOOBIG && strstr(err.message, "longline.txt:1") &&
                      strstr(err.message, "4096"),
                  "%s", err.message);
    }
    g = words_game(CB_RULE_WORDLE, "/dev/zero", NULL, 0, &err);
    CHECK_MSG(g == NULL && err.code == CB_ETOOBIG && strstr(err.message, "MiB"), "%s", err.message);
    /* a word too long */
    g = words_game(CB_RULE_WORDLE, write_file("long.txt", "abcdefghijklmnopqrstuvwxyz\n"), NULL, 0, &err);
    CHECK(g == NULL && err.code == CB_ETOOBIG);
}

static void sizes(void)
{
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    cb_game_config_preset("mastermind", &cfg);
    cfg.colors = 17;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EINVAL && g == NULL);
    cfg.colors = 6;
    cfg.length = 11;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EINVAL);
    cfg.length = 0;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EINVAL);
    cfg.colors = 16;
    cfg.length = 10;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_ETOOBIG && strstr(err.message, "codes"));
    cfg.colors = 3;
    cfg.length = 4;
    cfg.no_repeat = 1;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_EINVAL);
    /* a complete dictionary under the Wordle rule, digits from 0 */
    cb_game_config_default(&cfg);
    cfg.colors = 6;
    cfg.length = 4;
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    uint32_t gi;
    CHECK(cb_game_secret_count(g) == 1296 && cb_game_parse_code(g, "0012", &gi, &err) == CB_OK);
    CHECK(cb_game_parse_code(g, "0016", &gi, &err) == CB_EPARSE);
    cb_game_free(g);
}

static void feedback_notation(void)
{
    const char *games[] = {"wordle", "symble", "mastermind", "bulls", "super"};
    for (size_t i = 0; i < 5; i++) {
        cb_game_config cfg;
        cb_game *g;
        cb_error err;
        cb_game_config_preset(games[i], &cfg);
        CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
        /* every id that prints parses back to itself */
        for (uint32_t id = 0; id < cb_game_feedback_count(g); id++) {
            char buf[64];
            uint32_t back;
            int n = cb_game_length(g);
            if (cb_game_rule(g) == CB_RULE_MASTERMIND &&
                (id % (uint32_t)(n + 1) + id / (uint32_t)(n + 1) > (uint32_t)n ||
                 id == (uint32_t)((n - 1) * (n + 1) + 1)))
                continue; /* impossible (blacks, whites) */
            cb_game_format_feedback(g, id, buf, sizeof buf);
            CHECK_MSG(cb_game_parse_feedback(g, buf, &back, &err) == CB_OK && back == id, "%s %s", games[i], buf);
        }
        cb_game_free(g);
    }
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    uint32_t id;
    cb_game_config_preset("wordle", &cfg);
    cb_game_new(&cfg, &g, &err);
    CHECK(cb_game_parse_feedback(g, "gy..g", &id, &err) == CB_OK && id == 2 + 3 + 2 * 81);
    CHECK(cb_game_parse_feedback(g, "21002", &id, &err) == CB_OK && id == 2 + 3 + 2 * 81);
    CHECK(cb_game_parse_feedback(g, "GYBBG", &id, &err) == CB_OK && id == 2 + 3 + 2 * 81);
    CHECK(cb_game_parse_feedback(g, "gy-xg", &id, &err) == CB_OK && id == 2 + 3 + 2 * 81);
    CHECK(cb_game_parse_feedback(g, "gy.g", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "gyz.g", &id, &err) == CB_EPARSE && strstr(err.message, "'z'"));
    cb_game_free(g);
    cb_game_config_preset("mastermind", &cfg);
    cb_game_new(&cfg, &g, &err);
    CHECK(cb_game_parse_feedback(g, "2B1W", &id, &err) == CB_OK && id == 11);
    CHECK(cb_game_parse_feedback(g, "2b", &id, &err) == CB_OK && id == 10);
    CHECK(cb_game_parse_feedback(g, "1W", &id, &err) == CB_OK && id == 1);
    CHECK(cb_game_parse_feedback(g, "2 1", &id, &err) == CB_OK && id == 11);
    CHECK(cb_game_parse_feedback(g, "3B1W", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "4B1W", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "2X", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "", &id, &err) == CB_EPARSE);
    /* numbers beyond long: strtol clamps them, and b + w must not overflow (issue 15, finding 2) */
    CHECK(cb_game_parse_feedback(g, "2 99999999999999999999", &id, &err) == CB_EPARSE &&
          strstr(err.message, "cannot happen"));
    CHECK(cb_game_parse_feedback(g, "2 9223372036854775807", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "9223372036854775807B1W", &id, &err) == CB_EPARSE);
    CHECK(cb_game_parse_feedback(g, "1 4294967297", &id, &err) == CB_EPARSE);
    char buf[16];
    CHECK(cb_game_parse_code(g, "1122", &id, &err) == CB_OK);
    cb_game_format_code(g, id, buf, sizeof buf);
    CHECK(strcmp(buf, "1122") == 0);
    CHECK(cb_game_parse_code(g, "1172", &id, &err) == CB_EPARSE);
    cb_game_free(g);
    /* Symble: observed ids through each mapping; "won" is its own id */
    cb_game_config_preset("symble", &cfg);
    cb_game_new(&cfg, &g, &err);
    uint32_t raw = 2 + 1 * 3; /* G Y . . . */
    cb_game_format_feedback(g, cb_game_observe(g, raw, cb_game_mapping_parse("abc")), buf, sizeof buf);
    CHECK(strcmp(buf, "cbaaa") == 0);
    cb_game_format_feedback(g, cb_game_observe(g, raw, cb_game_mapping_parse("cab")), buf, sizeof buf);
    CHECK(strcmp(buf, "bacc") == 0 || strcmp(buf, "baccc") == 0);
    CHECK(cb_game_observe(g, 242, 3) == cb_game_won(g));
    CHECK(cb_game_parse_feedback(g, "won", &id, &err) == CB_OK && id == cb_game_won(g));
    CHECK(cb_game_parse_feedback(g, "abd", &id, &err) == CB_EPARSE);
    CHECK(cb_game_mapping_parse("abb") == -1);
    /* what a player sees: the raw colours through the mapping (the first below 0), a win `won` under each */
    cb_guess_index same = cb_game_secret_guess(g, 0), other = same == 1 ? 2 : 1;
    raw = cb_game_feedback(g, other, 0);
    CHECK(cb_game_feedback_seen(g, other, 0, -1) == cb_game_observe(g, raw, 0));
    CHECK(cb_game_feedback_seen(g, other, 0, 4) == cb_game_observe(g, raw, 4));
    for (int m = -1; m < CB_MAPPINGS; m++)
        CHECK(cb_game_feedback_seen(g, same, 0, m) == cb_game_won(g));
    cb_game_free(g);
    /* a rule that hides nothing: the feedback itself */
    cb_game_config_preset("wordle", &cfg);
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    CHECK(cb_game_feedback_seen(g, 7, 3, 2) == cb_game_feedback(g, 7, 3));
    cb_game_free(g);
}

/* Guess and secret indices of the same word differ; each parser gives its own; the version at run time. */
static void indices_and_version(void)
{
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    cb_game_config_default(&cfg);
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    cb_guess_index gi;
    cb_secret_index si;
    CHECK(cb_game_parse_code(g, "aback", &gi, &err) == CB_OK && gi == 6);
    CHECK(cb_game_parse_secret(g, "ABACK", &si, &err) == CB_OK && si == 0);
    CHECK(cb_game_secret_guess(g, si) == gi && cb_game_guess_secret(g, gi) == si);
    char word[16];
    cb_game_format_secret(g, 0, word, sizeof word);
    CHECK(strcmp(word, "aback") == 0);
    cb_game_format_code(g, 0, word, sizeof word);
    CHECK(strcmp(word, "aahed") == 0);
    CHECK(cb_game_parse_secret(g, "aahed", &si, &err) == CB_ENOTFOUND && si == CB_NONE);
    CHECK(strstr(err.message, "not one of the possible secrets") != NULL);
    CHECK(cb_game_parse_secret(g, "zzzzz", &si, &err) == CB_ENOTFOUND);
    CHECK(cb_game_parse_secret(g, "abc", &si, &err) == CB_EPARSE);
    cb_game_free(g);

    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", CB_VERSION_MAJOR, CB_VERSION_MINOR, CB_VERSION_PATCH);
    CHECK(strcmp(cb_version(), CB_VERSION) == 0 && strcmp(CB_VERSION, expect) == 0);
    CHECK(cb_version_number() == CB_VERSION_NUMBER);
    CHECK(CB_VERSION_NUMBER == CB_VERSION_MAJOR * 10000 + CB_VERSION_MINOR * 100 + CB_VERSION_PATCH);
}

/*
 * Hard mode's packed check (the solver's filter) against the plain one: every allowed Wordle guess
 * against 300 turns, the feedback of a random guess on a random secret, and on the NYT lists' longer
 * alphabet of guesses with repeated letters.
 */
static void hard_packed(void)
{
    const char *lists[] = {"original", "nyt2023"};
    for (size_t l = 0; l < 2; l++) {
        cb_game_config cfg;
        cb_game_config_preset("wordle", &cfg);
        if (l == 1) {
            cfg.answers_data = "nyt/answers-2023.txt";
            cfg.guesses_data = "nyt/allowed-2022-09.txt";
        }
        cb_game *g = NULL;
        cb_error err;
        CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
        if (!g)
            continue;
        uint32_t ng = cb_game_guess_count(g), ns = cb_game_secret_count(g);
        int n = cb_game_length(g);
        unsigned long long seed = 25 + l;
        size_t wrong = 0, kept = 0, checked = 0, partial = 0;
        uint32_t triple = CB_NONE; /* a guess with a letter three times: its demands do not all fit the mask */
        for (uint32_t c = 0; c < ng && triple == CB_NONE; c++) {
            uint8_t counts[256] = {0};
            for (int i = 0; i < n; i++)
                if (++counts[cb_game_code(g, c)[i]] == 3)
                    triple = c;
        }
        CHECK(triple != CB_NONE);
        for (int t = 0; t < 320; t++) {
            uint32_t gi = (uint32_t)(check_rand(&seed) % ng), si = (uint32_t)(check_rand(&seed) % ns);
            uint32_t fb = cb_game_feedback(g, gi, si);
            if (t >= 300 && triple != CB_NONE) { /* the triple against itself (3 copies), then against others */
                gi = triple;
                fb = t == 300 ? cbg_feedback_codes(g, cb_game_code(g, gi), cb_game_code(g, gi))
                              : cb_game_feedback(g, gi, si);
            }
            cbg_hard_turn h;
            cbg_hard_turn_make(g, gi, fb, &h);
            partial += !h.nfull;
            for (uint32_t c = 0; c < ng; c++) {
                const uint8_t *code = cb_game_code(g, c);
                uint8_t counts[256] = {0};
                for (int i = 0; i < n; i++)
                    counts[code[i]]++;
                int slow = cbg_hard_turn_check(g, &h, code, NULL, NULL);
                wrong += cbg_hard_turn_check_packed(&h, cbg_code_pack(code, n), cbg_counts_pack(counts, 256), counts) !=
                         slow;
                kept += slow;
                checked++;
            }
        }
        CHECK_MSG(wrong == 0, "%s: the packed hard-mode check differs %zu times in %zu", lists[l], wrong, checked);
        CHECK_MSG(kept > 0 && kept < checked, "%s: %zu of %zu kept: the turns test nothing", lists[l], kept, checked);
        CHECK_MSG(partial > 0, "%s: no turn demands 3 copies: the check's slow path is not tested", lists[l]);
        cb_game_free(g);
    }
}

int main(void)
{
    if (!mkdtemp(tmpdir))
        return 1;
    presets();
    bundled();
    lists();
    named_lists();
    jotto_list();
    rule_marks();
    sizes();
    feedback_notation();
    indices_and_version();
    hard_packed();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return check_done("test_game");
}
