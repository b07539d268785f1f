/* test_state.c: filtering against brute force, contradictions, undo, hard mode, Symble masks, partitions. */
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"
#include "ref_rules.h"

static cb_game *make(const char *preset)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    cb_game_config_preset(preset, &cfg);
    cb_game_new(&cfg, &g, &err);
    return g;
}

static uint32_t code(const cb_game *g, const char *text)
{
    uint32_t gi = CB_NONE;
    cb_game_parse_code(g, text, &gi, NULL);
    return gi;
}

/* Brute force: the secrets consistent with every turn of st (non-Symble). */
static size_t brute(const cb_state *st, uint32_t *out)
{
    const cb_game *g = cb_state_game(st);
    size_t n = 0;
    for (uint32_t s = 0; s < cb_game_secret_count(g); s++) {
        int ok = 1;
        for (size_t t = 0; t < cb_state_turns(st) && ok; t++) {
            uint32_t gi, fb;
            cb_state_turn(st, t, &gi, &fb);
            ok = cb_game_feedback(g, gi, s) == fb;
        }
        if (ok)
            out[n++] = s;
    }
    return n;
}

static void filtering(const char *preset)
{
    cb_game *g = make(preset);
    cb_table *t;
    cb_state *st;
    cb_table_new(g, NULL, &t, NULL);
    cb_state_new(t, &st);
    uint32_t *want = malloc(cb_game_secret_count(g) * sizeof *want);
    unsigned long long seed = 99;
    for (int game = 0; game < 30; game++) {
        cb_state_reset(st);
        uint32_t secret = (uint32_t)(check_rand(&seed) % cb_game_secret_count(g));
        for (int turn = 0; turn < 4 && !cb_state_won(st); turn++) {
            uint32_t gi = (uint32_t)(check_rand(&seed) % cb_game_guess_count(g));
            CHECK(cb_state_apply(st, gi, cb_table_get(t, gi, secret)) == CB_OK);
            size_t n = brute(st, want);
            CHECK(n == cb_state_count(st) && memcmp(want, cb_state_candidates(st), n * sizeof *want) == 0);
            CHECK(cb_state_is_candidate(st, cb_game_secret_guess(g, secret)));
        }
        /* partitions: sizes add up and match filtering */
        cb_partition p;
        cb_partition_init(&p);
        uint32_t gi = (uint32_t)(check_rand(&seed) % cb_game_guess_count(g));
        CHECK(cb_partition_compute(&p, st, gi) == CB_OK);
        uint32_t sum = 0;
        for (size_t k = 0; k < p.parts; k++) {
            sum += p.sizes[k];
            CHECK(cb_state_filter(st, gi, p.ids[k], want, NULL) == p.sizes[k]);
        }
        CHECK(sum == cb_state_count(st) && p.total == sum);
        CHECK((p.won_part >= 0) == cb_state_is_candidate(st, gi));
        cb_partition_release(&p);
    }
    free(want);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

static void contradictions_and_undo(void)
{
    cb_game *g = make("wordle");
    cb_table *t;
    cb_state *st, *copy;
    cb_table_new(g, NULL, &t, NULL);
    cb_state_new(t, &st);
    uint32_t salet = code(g, "salet"), fb;
    cb_game_parse_feedback(g, ".Y...", &fb, NULL);
    CHECK(cb_state_apply(st, salet, fb) == CB_OK);
    size_t after = cb_state_count(st);
    CHECK(after > 1 && after < 2315);
    cb_game_parse_feedback(g, "GGGGG", &fb, NULL);
    CHECK(cb_state_apply(st, salet, fb) == CB_ECONTRADICT); /* salet is not an answer */
    CHECK(cb_state_count(st) == after && cb_state_turns(st) == 1);
    CHECK(cb_state_apply(st, salet, 9999) == CB_EINVAL);
    CHECK(cb_state_copy(st, &copy) == CB_OK);
    CHECK(cb_state_undo(st) == CB_OK && cb_state_count(st) == 2315);
    CHECK(cb_state_undo(st) == CB_EEMPTY);
    CHECK(cb_state_count(copy) == after && cb_state_turns(copy) == 1);
    cb_state_free(copy);
    /* a won game leaves just the secret */
    uint32_t crane = code(g, "crane");
    CHECK(cb_state_apply(st, crane, cb_game_won(g)) == CB_OK && cb_state_count(st) == 1 && cb_state_won(st));
    /* and nothing comes after a win (issue 15: `candidates crane=GGGGG crane=GGGGG` was accepted) */
    char why[128] = "";
    CHECK(!cb_state_legal(st, crane, why, sizeof why) && strstr(why, "already won"));
    CHECK(cb_state_apply(st, crane, cb_game_won(g)) == CB_EILLEGAL && cb_state_turns(st) == 1);
    CHECK(cb_state_undo(st) == CB_OK && cb_state_legal(st, crane, NULL, 0));
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

static void hard_mode(void)
{
    cb_game *g = make("wordle");
    cb_table *t;
    cb_state *st;
    char why[128];
    uint32_t fb;
    cb_table_new(g, NULL, &t, NULL);
    cb_state_new(t, &st);
    CHECK(cb_state_set_hard(st, CB_HARD_POSSIBLE) == CB_EINVAL && cb_state_hard(st) == CB_HARD_NONE); /* not Wordle's */
    CHECK(cb_state_set_hard(st, CB_HARD_REVEALED) == CB_OK && cb_state_hard(st) == CB_HARD_REVEALED);
    cb_game_parse_feedback(g, ".Y..G", &fb, NULL); /* salet: a somewhere else, t last */
    CHECK(cb_state_apply(st, code(g, "salet"), fb) == CB_OK);
    CHECK(!cb_state_legal(st, code(g, "crony"), why, sizeof why) && strstr(why, "5th letter must be t"));
    CHECK(!cb_state_legal(st, code(g, "court"), why, sizeof why) && strstr(why, "contain a"));
    CHECK(cb_state_legal(st, code(g, "adapt"), why, sizeof why));
    CHECK(cb_state_apply(st, code(g, "crony"), 0) == CB_EILLEGAL);
    cb_state *at = NULL; /* the positions a game went through, in its mode */
    CHECK(cb_state_at(st, 2, &at) == CB_EINVAL && !at);
    CHECK(cb_state_at(st, 0, &at) == CB_OK && cb_state_turns(at) == 0 && cb_state_hard(at) == CB_HARD_REVEALED &&
          cb_state_count(at) == cb_game_secret_count(g));
    cb_state_free(at);
    CHECK(cb_state_at(st, 1, &at) == CB_OK && cb_state_turns(at) == 1 && cb_state_count(at) == cb_state_count(st) &&
          !cb_state_legal(at, code(g, "crony"), NULL, 0));
    cb_state_free(at);
    cb_state_set_hard(st, CB_HARD_NONE);
    CHECK(cb_state_legal(st, code(g, "crony"), NULL, 0));
    cb_state_reset(st);
    cb_state_set_hard(st, CB_HARD_REVEALED);
    cb_game_parse_feedback(g, "Y.Y.G", &fb, NULL); /* eerie against there */
    CHECK(cb_state_apply(st, code(g, "eerie"), fb) == CB_OK);
    CHECK(!cb_state_legal(st, code(g, "crane"), why, sizeof why) && strstr(why, "e 2 times"));
    CHECK(cb_state_legal(st, code(g, "there"), why, sizeof why));
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/* Symble: the true (codeword, mapping) always survives; masks match brute force. */
static void symble(void)
{
    cb_game *g = make("symble");
    cb_table *t;
    cb_state *st;
    cb_table_new(g, NULL, &t, NULL);
    cb_state_new(t, &st);
    CHECK(cb_state_mappings(st) == 0x3f);
    unsigned long long seed = 5;
    for (int game = 0; game < 20; game++) {
        cb_state_reset(st);
        uint32_t secret = (uint32_t)(check_rand(&seed) % cb_game_secret_count(g));
        int m = (int)(check_rand(&seed) % CB_MAPPINGS);
        uint32_t gis[3];
        for (int turn = 0; turn < 3; turn++) {
            uint32_t gi = gis[turn] = (uint32_t)(check_rand(&seed) % cb_game_guess_count(g));
            uint32_t obs = cb_game_observe(g, cb_table_get(t, gi, secret), m);
            CHECK(cb_state_apply(st, gi, obs) == CB_OK);
            size_t n = 0, at = 0;
            const uint32_t *c = cb_state_candidates(st);
            const uint8_t *masks = cb_state_masks(st);
            for (uint32_t s = 0; s < cb_game_secret_count(g); s++) {
                unsigned mask = 0;
                for (int mm = 0; mm < CB_MAPPINGS; mm++) {
                    int ok = 1;
                    for (int k = 0; k <= turn && ok; k++) {
                        uint32_t want = cb_game_observe(g, cb_table_get(t, gis[k], secret), m);
                        ok = cb_game_observe(g, cb_table_get(t, gis[k], s), mm) == want;
                    }
                    if (ok)
                        mask |= 1u << mm;
                }
                if (!mask)
                    continue;
                n++;
                while (at < cb_state_count(st) && c[at] < s)
                    at++;
                CHECK(at < cb_state_count(st) && c[at] == s && masks[at] == mask);
            }
            CHECK(n == cb_state_count(st));
        }
    }
    /* partition keys count codewords once; before any turn the six renamings share a part */
    cb_state_reset(st);
    cb_partition p;
    cb_partition_init(&p);
    CHECK(cb_partition_compute(&p, st, code(g, "salet")) == CB_OK);
    uint32_t sum = 0;
    for (size_t k = 0; k < p.parts; k++)
        sum += p.sizes[k];
    CHECK(sum == 2315 && p.parts <= 41); /* (3^5 + 3) / 6 = 41 patterns up to renaming */
    cb_partition_release(&p);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/*
 * cb_state_fit_guesses on the original lists against the candidates of the
 * same turns in a game whose answers are every allowed word (the state's
 * own filtering, table-free): the same words, Wordle and Symble.
 */
static void fit_guesses(const char *preset)
{
    cb_game_config cfg;
    cb_game *g = make(preset), *wide;
    cb_table *t, *wt;
    cb_state *st, *ws;
    cb_table_options opt;
    cb_game_config_preset(preset, &cfg);
    cfg.answers_data = "wordle/allowed.txt";
    CHECK(cb_game_new(&cfg, &wide, NULL) == CB_OK);
    cb_table_options_default(&opt);
    opt.mode = CB_TABLE_OFF;
    cb_table_new(g, &opt, &t, NULL); /* feedback on the fly: no table to build (sanitizer builds) */
    cb_table_new(wide, &opt, &wt, NULL);
    cb_state_new(t, &st);
    cb_state_new(wt, &ws);
    uint32_t n = cb_game_guess_count(g), *fit = malloc(n * sizeof *fit);
    unsigned long long seed = 13;
    int outside = 0;
    for (int game = 0; game < 6; game++) {
        cb_state_reset(st);
        cb_state_reset(ws);
        uint32_t secret = (uint32_t)(check_rand(&seed) % cb_game_secret_count(wide));
        int m = (int)(check_rand(&seed) % CB_MAPPINGS);
        for (int turn = 0; turn < 4; turn++) {
            uint32_t gi = (uint32_t)(check_rand(&seed) % n), fb = cb_table_get(wt, gi, secret);
            if (cb_game_rule(g) == CB_RULE_SYMBLE)
                fb = cb_game_observe(wide, fb, m);
            size_t k = cb_state_fit_guesses(st, gi, fb, fit, n);
            CHECK(cb_state_apply(ws, gi, fb) == CB_OK && k == cb_state_count(ws));
            for (size_t i = 0; i < k && i < cb_state_count(ws); i++) /* guess indices agree: the allowed list's order */
                CHECK(cb_game_secret_guess(wide, cb_state_candidates(ws)[i]) == fit[i]);
            CHECK(cb_state_fit_guesses(st, gi, fb, NULL, 0) == k);
            if (cb_state_apply(st, gi, fb) != CB_OK) {
                outside++;
                break;
            }
            CHECK(cb_state_fit_guesses(st, CB_NONE, 0, NULL, 0) == k);
        }
    }
    CHECK(outside > 0); /* some secrets were not answers: the case the function is for */
    free(fit);
    cb_state_free(st);
    cb_state_free(ws);
    cb_table_free(t);
    cb_table_free(wt);
    cb_game_free(g);
    cb_game_free(wide);
}

/*
 * Mastermind's hard mode (Bulls and Cows' too): a guess is legal when it
 * could still be the secret, every earlier turn scored against it by the
 * reference rule as the game scored it. A few seeded turns, every code.
 */
static void hard_possible(const char *preset)
{
    cb_game *g = make(preset);
    cb_table *t = NULL;
    cb_state *st = NULL;
    CHECK(g && cb_game_rule_info(g)->hard_mode == CB_HARD_POSSIBLE);
    if (!g || cb_table_new(g, NULL, &t, NULL) != CB_OK || cb_state_new(t, &st) != CB_OK)
        return;
    CHECK(cb_state_set_hard(st, CB_HARD_REVEALED) == CB_EINVAL && cb_state_set_hard(st, CB_HARD_POSSIBLE) == CB_OK);
    int n = cb_game_length(g), k = cb_game_colors(g);
    uint32_t secret = cb_game_secret_count(g) / 3, played[8];
    size_t wrong = 0, legal = 0;
    char why[160] = "";
    for (int turn = 0; turn < 3 && !cb_state_won(st); turn++) {
        uint32_t count = cb_game_guess_count(g), gi = CB_NONE;
        for (uint32_t c = (uint32_t)(turn * 7919 + 13) % count; gi == CB_NONE; c = (c + 1) % count)
            if (cb_state_legal(st, c, NULL, 0) && cb_game_guess_secret(g, c) != secret)
                gi = c;
        played[turn] = gi;
        CHECK(cb_state_apply(st, gi, cb_game_feedback(g, gi, secret)) == CB_OK);
        for (uint32_t c = 0; c < count; c++) {
            int ok = 1;
            for (int p = 0; p <= turn && ok; p++) {
                int b, w, rb, rw;
                ref_mastermind(cb_game_code(g, played[p]), cb_game_code(g, c), n, k, &b, &w);
                uint32_t want = cb_game_feedback(g, played[p], secret);
                rb = (int)(want / (uint32_t)(n + 1));
                rw = (int)(want % (uint32_t)(n + 1));
                ok = b == rb && w == rw;
            }
            int got = cb_state_legal(st, c, why, sizeof why);
            wrong += got != ok;
            legal += (size_t)got;
            if (!got)
                CHECK_MSG(strstr(why, "must still be possible"), "%s: %s", preset, why);
        }
    }
    CHECK_MSG(wrong == 0 && legal > 0, "%s: hard mode differs from the reference %zu times (%zu legal)", preset, wrong,
              legal);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

/* Which set-ups take hard mode: the rule's (cb_rule_info.hard_mode), the set-up's own or a preset's. */
static void hard_setups(void)
{
    static const struct {
        const char *game;
        int ok;
    } cases[] = {{"wordle", 1}, {"mastermind", 1}, {"bulls", 1}, {"bagels", 1}, {"symble", 0}, {"jotto", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cb_game_setup s;
        cb_game_config cfg;
        cb_error err;
        cb_game_setup_default(&s);
        s.game = cases[i].game;
        s.hard = 1;
        CHECK_MSG((cb_game_setup_config(&s, &cfg, NULL, NULL, &err) == CB_OK) == cases[i].ok, "%s hard", s.game);
        int mode = cb_rule_describe(cb_game_preset_find(s.game)->rule)->hard_mode;
        CHECK(cb_game_setup_hard(&s) == (cb_hard)mode); /* the rule's own, none where it has none */
        s.hard = -1;
        CHECK(cb_game_setup_hard(&s) == CB_HARD_NONE && cb_game_setup_config(&s, &cfg, NULL, NULL, &err) == CB_OK);
        s.hard = 0;
        CHECK(cb_game_setup_hard(&s) == (cb_game_preset_find(s.game)->hard ? (cb_hard)mode : CB_HARD_NONE));
    }
    CHECK(cb_rule_describe(CB_RULE_WORDLE)->hard_mode == CB_HARD_REVEALED);
    CHECK(cb_rule_describe(CB_RULE_SYMBLE)->hard_mode == CB_HARD_NONE);
}

/* The guess limit: the position's, checked by it alone; a set-up's from its preset, its rule and its boards. */
static void limits(void)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_state *st = NULL, *copy = NULL;
    char why[128];
    uint32_t gi;
    cb_game_config_preset("wordle", &cfg);
    CHECK(cb_game_new(&cfg, &g, NULL) == CB_OK && cb_table_new(g, NULL, &t, NULL) == CB_OK);
    CHECK(cb_state_new(t, &st) == CB_OK && cb_state_max_guesses(st) == 0 && !cb_state_over(st));
    CHECK(cb_state_set_max_guesses(st, -1) == CB_EINVAL && cb_state_set_max_guesses(st, 2) == CB_OK);
    CHECK(cb_state_apply_text(st, "salet=.....", NULL, NULL, NULL) == CB_OK && !cb_state_over(st));
    CHECK(cb_state_apply_text(st, "crony=.....", NULL, NULL, NULL) == CB_OK && cb_state_over(st));
    CHECK(cb_game_parse_code(g, "dumpy", &gi, NULL) == CB_OK);
    CHECK(!cb_state_legal(st, gi, why, sizeof why) && strstr(why, "within 2 guesses"));
    CHECK(cb_state_apply(st, gi, 0) == CB_EILLEGAL && cb_state_turns(st) == 2);           /* refused, nothing lost */
    CHECK(cb_state_set_max_guesses(st, 1) == CB_EINVAL && cb_state_max_guesses(st) == 2); /* below the turns */
    CHECK(cb_state_copy(st, &copy) == CB_OK && cb_state_max_guesses(copy) == 2 && cb_state_over(copy));
    cb_state_free(copy);
    CHECK(cb_state_at(st, 1, &copy) == CB_OK && cb_state_max_guesses(copy) == 2 && !cb_state_over(copy));
    cb_state_free(copy);
    CHECK(cb_state_set_max_guesses(st, 0) == CB_OK && cb_state_legal(st, gi, NULL, 0));
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
    cb_game_setup s;
    cb_game_setup_default(&s);
    CHECK(cb_game_setup_max_guesses(&s) == 6); /* Wordle's rule */
    s.game = "mastermind";
    CHECK(cb_game_setup_max_guesses(&s) == 10);
    s.game = "quordle"; /* a preset's own */
    CHECK(cb_game_setup_max_guesses(&s) == cb_game_preset_find("quordle")->max_guesses);
    s.game = "wordle";
    s.boards = 3; /* the rule's, a guess more a board */
    CHECK(cb_game_setup_max_guesses(&s) == 8);
    s.max_guesses = 12; /* the set-up's own */
    CHECK(cb_game_setup_max_guesses(&s) == 12);
    s.game = "no such game";
    CHECK(cb_game_setup_max_guesses(&s) == 0);
    s.game = "wordle";
    s.boards = 0;
    s.max_guesses = -2;
    cb_error err;
    CHECK(cb_game_setup_config(&s, &cfg, NULL, NULL, &err) == CB_EINVAL && strstr(err.message, "max_guesses"));
}

int main(void)
{
    filtering("wordle");
    filtering("mastermind");
    filtering("bulls");
    contradictions_and_undo();
    hard_mode();
    hard_possible("mastermind");
    hard_possible("bulls");
    hard_setups();
    limits();
    symble();
    fit_guesses("wordle");
    fit_guesses("symble");
    return check_done("test_state");
}
