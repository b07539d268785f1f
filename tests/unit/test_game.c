/* test_game.c: making games, word lists and their errors, codes and feedback notation. */
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "codebreaker/codebreaker.h"

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

int main(void)
{
    if (!mkdtemp(tmpdir))
        return 1;
    presets();
    bundled();
    lists();
    sizes();
    feedback_notation();
    indices_and_version();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return check_done("test_game");
}
