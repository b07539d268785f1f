/*
 * test_variants.c: several boards (multi.h) and the adversary (adversary.h)
 * against the rules as stated, through ref_rules.c's independent scoring:
 * the boards' feedbacks, solved boards and candidates; the adversary's
 * answer and tie rule; the fewest guesses against it by brute force on small
 * games; qntm's published Absurdle figure; the strategies' promises.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "ref_rules.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

/* ---- the reference: feedback ids from ref_rules ---- */

/* The feedback id of guess gi against secret code s, by the reference (game.h's numbering). */
static uint32_t ref_id(const cb_game *g, const uint8_t *guess, const uint8_t *secret)
{
    int n = cb_game_length(g);
    if (cb_game_rule(g) == CB_RULE_MASTERMIND) {
        int b, w;
        ref_mastermind(guess, secret, n, cb_game_colors(g), &b, &w);
        return (uint32_t)(b * (n + 1) + w);
    }
    char pat[CB_MAX_LENGTH + 1];
    uint32_t id = 0, p3 = 1;
    ref_wordle(guess, secret, n, pat);
    for (int i = 0; i < n; i++, p3 *= 3)
        id += (uint32_t)(pat[i] == 'G' ? 2 : pat[i] == 'Y' ? 1 : 0) * p3;
    return id;
}

static uint32_t ref_fb(const cb_game *g, uint32_t guess, uint32_t secret)
{
    return ref_id(g, cb_game_code(g, guess), cb_game_code(g, cb_game_secret_guess(g, secret)));
}

static uint32_t code(const cb_game *g, const char *text)
{
    uint32_t gi = CB_NONE;
    cb_game_parse_code(g, text, &gi, NULL);
    return gi;
}

/* ---- several boards ---- */

/* Random games with random guesses: each board's feedbacks, solved turn and candidates, as the rules say. */
static void multi_rules(const world *w, int boards, int games, unsigned long long seed)
{
    const cb_game *g = w->game;
    uint32_t ns = cb_game_secret_count(g), ng = cb_game_guess_count(g);
    cb_multi *m;
    CHECK(cb_multi_new(w->table, boards, 0, &m, NULL) == CB_OK);
    CHECK(cb_multi_max_guesses(m) == cb_game_default_max_guesses(g) + boards - 1);
    for (int game = 0; game < games; game++) {
        cb_secret_index sec[CB_MAX_BOARDS];
        uint32_t guesses[CB_MULTI_MAX_TURNS];
        int solved[CB_MAX_BOARDS] = {0};
        cb_multi_sample(g, boards, seed, (uint64_t)game, sec);
        for (int b = 0; b < boards; b++)
            for (int a = 0; a < b; a++)
                CHECK(sec[a] != sec[b]);
        cb_multi_reset(m);
        int t = 0;
        while (!cb_multi_over(m)) {
            /* a random guess, or now and then a secret, so that boards get solved */
            uint32_t gi = check_rand(&seed) % 3 == 0 ? cb_game_secret_guess(g, sec[check_rand(&seed) % boards])
                                                     : (uint32_t)(check_rand(&seed) % ng);
            CHECK(cb_multi_apply_secrets(m, gi, sec) == CB_OK);
            guesses[t++] = gi;
            for (int b = 0; b < boards; b++)
                if (!solved[b] && cb_game_guess_secret(g, gi) == sec[b])
                    solved[b] = t;
        }
        CHECK((int)cb_multi_turns(m) == t);
        int all = 1;
        for (int b = 0; b < boards; b++) {
            const cb_state *st = cb_multi_board(m, b);
            int seen = solved[b] ? solved[b] : t;
            all &= solved[b] != 0;
            CHECK_MSG(cb_multi_solved_turn(m, b) == solved[b], "board %d solved on %d, expected %d", b,
                      cb_multi_solved_turn(m, b), solved[b]);
            CHECK((int)cb_state_turns(st) == seen); /* a solved board sees no later guess */
            for (int i = 0; i < seen; i++) {
                uint32_t gi, fb;
                cb_state_turn(st, (size_t)i, &gi, &fb);
                CHECK(gi == guesses[i] && fb == ref_fb(g, guesses[i], sec[b]));
            }
            /* the candidates: every secret that gives the same feedbacks */
            size_t count = 0, k = 0;
            int same = 1;
            for (uint32_t s = 0; s < ns; s++) {
                int fits = 1;
                for (int i = 0; i < seen && fits; i++)
                    fits = ref_fb(g, guesses[i], s) == ref_fb(g, guesses[i], sec[b]);
                if (fits) {
                    count++;
                    same &= k < cb_state_count(st) && cb_state_candidates(st)[k++] == s;
                }
            }
            CHECK(count == cb_state_count(st) && same);
        }
        CHECK(cb_multi_won(m) == all);
    }
    cb_multi_free(m);
}

/* One board's contradiction leaves every board as it was; undo takes back exactly one turn. */
static void multi_all_or_nothing(const world *w)
{
    const cb_game *g = w->game;
    cb_multi *m;
    cb_error err;
    int bad = -2;
    CHECK(cb_multi_new(w->table, 3, 0, &m, NULL) == CB_OK);
    cb_secret_index sec[3] = {0, 1, 2};
    uint32_t salet = code(g, "salet"), crane = code(g, "crane");
    CHECK(cb_multi_apply_secrets(m, salet, sec) == CB_OK);
    size_t before[3];
    for (int b = 0; b < 3; b++)
        before[b] = cb_state_count(cb_multi_board(m, b));
    uint32_t fb[3] = {ref_fb(g, crane, 0), cb_game_won(g), ref_fb(g, crane, 2)}; /* board 2 cannot be crane */
    CHECK(cb_multi_apply(m, crane, fb, &bad) == CB_ECONTRADICT && bad == 1);
    fb[1] = fb[0] = cb_game_won(g); /* crane cannot solve two boards: their words differ */
    CHECK(cb_multi_apply(m, crane, fb, &bad) == CB_ECONTRADICT && bad == 1);
    fb[0] = ref_fb(g, crane, 0);
    fb[1] = cb_game_feedback_count(g);
    CHECK(cb_multi_apply(m, crane, fb, &bad) == CB_EINVAL && bad == 1);
    CHECK(cb_multi_turns(m) == 1);
    for (int b = 0; b < 3; b++)
        CHECK(cb_state_count(cb_multi_board(m, b)) == before[b] && cb_state_turns(cb_multi_board(m, b)) == 1);
    uint32_t secret0 = cb_game_secret_guess(g, 0);
    CHECK(cb_multi_apply_secrets(m, secret0, sec) == CB_OK && cb_multi_solved_turn(m, 0) == 2);
    CHECK(cb_multi_undo(m) == CB_OK && cb_multi_solved_turn(m, 0) == 0 && cb_multi_turns(m) == 1);
    CHECK(cb_state_turns(cb_multi_board(m, 0)) == 1);
    CHECK(cb_multi_undo(m) == CB_OK && cb_multi_undo(m) == CB_EEMPTY);
    cb_multi_free(m);
    /* bad sizes and rules are refused with a sentence */
    CHECK(cb_multi_new(w->table, 0, 0, &m, &err) == CB_EINVAL && m == NULL && strstr(err.message, "out of range"));
    CHECK(cb_multi_new(w->table, CB_MAX_BOARDS + 1, 0, &m, &err) == CB_EINVAL);
    CHECK(cb_multi_new(w->table, 2, CB_MULTI_MAX_TURNS + 1, &m, &err) == CB_EINVAL);
    CHECK(cb_multi_preset_boards("quordle") == 4 && cb_multi_preset_boards("sedecordle") == 16 &&
          cb_multi_preset_boards("wordle") == 0 && cb_multi_preset_boards(NULL) == 0);
    world sy = open_world("symble");
    CHECK(cb_multi_new(sy.table, 2, 0, &m, &err) == CB_EINVAL && strstr(err.message, "Symble"));
    close_world(&sy);
}

/* The published limits: 7, 9, 13, 21 guesses for 2, 4, 8, 16 boards of Wordle. */
static void multi_limits(const world *w)
{
    static const int boards[] = {2, 4, 8, 16}, limit[] = {7, 9, 13, 21};
    for (int i = 0; i < 4; i++)
        CHECK(cb_multi_default_max_guesses(w->game, boards[i]) == limit[i]);
}

/* The sum of entropies of guess gi over the open boards, from the reference feedbacks. */
static double ref_sum_entropy(const cb_multi *m, uint32_t gi)
{
    const cb_game *g = cb_table_game(cb_multi_table(m));
    double total = 0;
    for (int b = 0; b < cb_multi_boards(m); b++) {
        if (cb_multi_solved_turn(m, b))
            continue;
        const cb_state *st = cb_multi_board(m, b);
        size_t n = cb_state_count(st);
        uint32_t counts[1024] = {0};
        for (size_t i = 0; i < n; i++)
            counts[ref_fb(g, gi, cb_state_candidates(st)[i])]++;
        for (int f = 0; f < 1024; f++)
            if (counts[f])
                total -= (double)counts[f] / (double)n * log2((double)counts[f] / (double)n);
    }
    return total;
}

/* sum-entropy plays a guess of the largest sum of entropies (Mastermind 4x3, 3 boards); the finishing rules. */
static void multi_choices(void)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_multi *m;
    cb_multi_strategy *s;
    cb_game_config_preset("mastermind", &cfg);
    cfg.colors = 4;
    cfg.length = 3;
    if (cb_game_new(&cfg, &g, NULL) != CB_OK || cb_table_new(g, NULL, &t, NULL) != CB_OK) {
        CHECK_MSG(0, "Mastermind 4x3 could not be made");
        cb_game_free(g);
        return;
    }
    CHECK(cb_multi_strategy_new(t, "sum-entropy", NULL, &s, NULL) == CB_OK);
    CHECK(cb_multi_new(t, 3, 0, &m, NULL) == CB_OK);
    unsigned long long seed = 7;
    for (int game = 0; game < 20; game++) {
        cb_secret_index sec[3];
        cb_multi_sample(g, 3, 99, (uint64_t)game, sec);
        cb_multi_reset(m);
        CHECK(cb_multi_apply_secrets(m, (uint32_t)(check_rand(&seed) % 64), sec) == CB_OK);
        uint32_t gi;
        double score;
        if (cb_multi_over(m))
            continue;
        CHECK(cb_multi_choose(s, m, &gi, &score) == CB_OK);
        int one = 0;
        for (int b = 0; b < 3; b++)
            one |= !cb_multi_solved_turn(m, b) && cb_state_count(cb_multi_board(m, b)) == 1;
        if (one) { /* a board down to one word is finished first */
            int finishes = 0;
            for (int b = 0; b < 3; b++)
                finishes |= !cb_multi_solved_turn(m, b) && cb_state_count(cb_multi_board(m, b)) == 1 &&
                            cb_game_secret_guess(g, cb_state_candidates(cb_multi_board(m, b))[0]) == gi;
            CHECK(finishes);
            continue;
        }
        double best = 0;
        for (uint32_t x = 0; x < 64; x++) {
            double e = ref_sum_entropy(m, x);
            best = e > best ? e : best;
        }
        CHECK_MSG(fabs(ref_sum_entropy(m, gi) - best) < 1e-9 && fabs(score - best) < 1e-9,
                  "game %d: chose %.6f (score %.6f), best %.6f", game, ref_sum_entropy(m, gi), score, best);
    }
    /* with as many guesses left as open boards, only candidates are played */
    cb_multi_free(m);
    CHECK(cb_multi_new(t, 3, 4, &m, NULL) == CB_OK);
    cb_secret_index sec[3] = {5, 17, 40};
    CHECK(cb_multi_apply_secrets(m, 0, sec) == CB_OK);
    uint32_t gi;
    CHECK(cb_multi_choose(s, m, &gi, NULL) == CB_OK);
    int cand = 0;
    for (int b = 0; b < 3; b++)
        cand |= cb_state_is_candidate(cb_multi_board(m, b), gi);
    CHECK(cand);
    cb_multi_free(m);
    cb_multi_strategy_free(s);
    cb_error err;
    CHECK(cb_multi_strategy_new(t, "sum-magic", NULL, &s, &err) == CB_ENOTFOUND && strstr(err.message, "sum-magic"));
    cb_table_free(t);
    cb_game_free(g);
}

/*
 * Quordle on the bundled lists: the sample does not depend on the threads, the distribution adds up,
 * and scoring every board at once beats the boards one at a time (docs/usage.md has the 10000-game run).
 */
static void multi_simulation(const world *w)
{
    const char *names[] = {"sum-entropy", "sum-expected", "one-by-one"};
    cb_multi_strategy *s[3];
    cb_multi_sim_result r1[3], r2[3];
    cb_strategy_config single;
    cb_strategy_config_default(&single);
    for (int i = 0; i < 3; i++)
        CHECK(cb_multi_strategy_new(w->table, names[i], &single, &s[i], NULL) == CB_OK);
    cb_multi_sim_options o = {4, 0, 30, 1, 1, NULL};
    CHECK(cb_multi_simulate(w->table, s, 3, &o, r1, NULL) == CB_OK);
    o.threads = 2;
    CHECK(cb_multi_simulate(w->table, s, 3, &o, r2, NULL) == CB_OK);
    for (int i = 0; i < 3; i++) {
        uint32_t sum = 0;
        for (int n = 0; n < CB_MULTI_SIM_HIST; n++)
            sum += r1[i].hist[n];
        CHECK(r1[i].games == 30 && sum == r1[i].wins && r1[i].hist[1] + r1[i].hist[2] + r1[i].hist[3] == 0);
        CHECK(r1[i].wins == r2[i].wins && r1[i].guesses_won == r2[i].guesses_won &&
              r1[i].boards_solved == r2[i].boards_solved && memcmp(r1[i].hist, r2[i].hist, sizeof r1[i].hist) == 0);
    }
    for (int i = 0; i < 2; i++) {
        double avg = (double)r1[i].guesses_won / r1[i].wins, base = (double)r1[2].guesses_won / r1[2].wins;
        CHECK_MSG(r1[i].wins >= r1[2].wins && avg < base, "%s: %u wins, %.3f; one-by-one %u, %.3f", names[i],
                  r1[i].wins, avg, r1[2].wins, base);
    }
    cb_error err;
    o.boards = 0;
    CHECK(cb_multi_simulate(w->table, s, 3, &o, r1, &err) == CB_EINVAL);
    for (int i = 0; i < 3; i++)
        cb_multi_strategy_free(s[i]);
}

/* ---- the adversary ---- */

/* The adversary's answer by the rule as documented: the largest part, then not winning, fewest exact, near, id. */
static uint32_t ref_answer(const cb_game *g, const uint32_t *cands, size_t n, uint32_t gi, size_t *left)
{
    static uint32_t counts[65536];
    uint32_t fbs = cb_game_feedback_count(g), best = 0;
    int len = cb_game_length(g);
    memset(counts, 0, fbs * sizeof counts[0]);
    for (size_t i = 0; i < n; i++)
        counts[ref_fb(g, gi, cands[i])]++;
    long bkey[4] = {0, 0, 0, 0};
    *left = 0;
    for (uint32_t f = 0; f < fbs; f++) {
        if (!counts[f])
            continue;
        long exact = 0, near = 0;
        if (cb_game_rule(g) == CB_RULE_MASTERMIND) {
            exact = f / (uint32_t)(len + 1);
            near = f % (uint32_t)(len + 1);
        } else {
            char text[64];
            cb_game_format_feedback(g, f, text, sizeof text);
            for (const char *c = text; *c; c++) {
                exact += *c == 'G';
                near += *c == 'Y';
            }
        }
        long key[4] = {f == cb_game_won(g), exact, near, (long)f};
        int better = counts[f] > *left;
        for (int k = 0; k < 4 && counts[f] == *left && !better; k++) {
            if (key[k] != bkey[k]) {
                better = key[k] < bkey[k];
                break;
            }
        }
        if (better) {
            *left = counts[f];
            best = f;
            memcpy(bkey, key, sizeof key);
        }
    }
    return best;
}

/* The answer on random states of Wordle and Mastermind against the reference. */
static void adversary_answers(const world *w, int trials, unsigned long long seed)
{
    const cb_game *g = w->game;
    cb_state *st;
    CHECK(cb_state_new(w->table, &st) == CB_OK);
    for (int t = 0; t < trials; t++) {
        cb_state_reset(st);
        int turns = (int)(check_rand(&seed) % 3);
        for (int i = 0; i < turns; i++) {
            uint32_t gi = (uint32_t)(check_rand(&seed) % cb_game_guess_count(g)), fb;
            CHECK(cb_adversary_answer(st, gi, &fb, NULL) == CB_OK && cb_state_apply(st, gi, fb) == CB_OK);
        }
        uint32_t gi = (uint32_t)(check_rand(&seed) % cb_game_guess_count(g)), fb;
        size_t left, ref_left;
        CHECK(cb_adversary_answer(st, gi, &fb, &left) == CB_OK);
        uint32_t ref = ref_answer(g, cb_state_candidates(st), cb_state_count(st), gi, &ref_left);
        CHECK_MSG(fb == ref && left == ref_left, "trial %d: answer %u (%zu left), reference %u (%zu left)", t, fb, left,
                  ref, ref_left);
    }
    cb_state_free(st);
}

/* Fewest guesses by brute force: every sequence of guesses that changes the candidates, to depth d. */
static int brute_wins(const cb_game *g, const uint32_t *cands, size_t n, int d)
{
    if (n == 1)
        return d >= 1;
    if (d <= 1)
        return 0;
    uint32_t next[64];
    for (uint32_t gi = 0; gi < cb_game_guess_count(g); gi++) {
        size_t left, k = 0;
        uint32_t fb = ref_answer(g, cands, n, gi, &left);
        if (left == n)
            continue; /* a guess that changes nothing only wastes a turn */
        for (size_t i = 0; i < n; i++)
            if (ref_fb(g, gi, cands[i]) == fb)
                next[k++] = cands[i];
        if (brute_wins(g, next, k, d - 1))
            return 1;
    }
    return 0;
}

static int brute_fewest(const cb_game *g)
{
    uint32_t all[64];
    size_t n = cb_game_secret_count(g);
    for (uint32_t s = 0; s < n; s++)
        all[s] = s;
    for (int d = 1; d <= 10; d++)
        if (brute_wins(g, all, n, d))
            return d;
    return 0;
}

/* The sequence wins against the reference adversary in exactly r->guesses guesses (hard: each legal). */
static int sequence_wins(const cb_table *t, const cb_adversary_result *r, int hard)
{
    const cb_game *g = cb_table_game(t);
    cb_state *st;
    int ok = cb_state_new(t, &st) == CB_OK;
    cb_state_set_hard(st, check_mode(st, hard));
    for (int i = 0; ok && i < r->guesses; i++) {
        size_t left;
        uint32_t fb = ref_answer(g, cb_state_candidates(st), cb_state_count(st), r->sequence[i], &left);
        ok = cb_state_legal(st, r->sequence[i], NULL, 0) && cb_state_apply(st, r->sequence[i], fb) == CB_OK;
        ok = ok && (i + 1 < r->guesses ? !cb_state_won(st) : cb_state_won(st));
    }
    cb_state_free(st);
    return ok;
}

static void adversary_small(const char *preset, int colors, int length, const char *words)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_table *t = NULL;
    cb_state *st;
    cb_adversary_result r;
    cb_game_config_preset(preset, &cfg);
    if (words)
        cfg.words_text = words;
    else {
        cfg.colors = colors;
        cfg.length = length;
    }
    if (cb_game_new(&cfg, &g, NULL) != CB_OK || cb_table_new(g, NULL, &t, NULL) != CB_OK) {
        CHECK_MSG(0, "%s could not be made", preset);
        cb_game_free(g);
        return;
    }
    CHECK(cb_state_new(t, &st) == CB_OK);
    CHECK(cb_adversary_solve(st, NULL, &r, NULL) == CB_OK);
    int brute = brute_fewest(g);
    CHECK_MSG(r.guesses == brute && r.proved_min == brute, "%s: %d guesses (proved %d), brute force %d",
              cb_game_name(g), r.guesses, r.proved_min, brute);
    CHECK(sequence_wins(t, &r, 0));
    /* a limit below the fewest: no sequence, and the fewest still proved */
    cb_adversary_options o = {brute - 1, 1, 0, NULL, NULL, NULL};
    CHECK(cb_adversary_solve(st, &o, &r, NULL) == CB_OK && r.guesses == 0 && r.proved_min == brute);
    cb_state_free(st);
    cb_table_free(t);
    cb_game_free(g);
}

static void adversary_small_games(void)
{
    adversary_small("mastermind", 3, 3, NULL);
    adversary_small("mastermind", 2, 4, NULL);
    adversary_small("mastermind", 4, 2, NULL);
    adversary_small("wordle", 0, 0,
                    "aback\nabase\nabate\nabbey\nabbot\nabhor\nabide\nabled\nabode\nabort\nabout\nabove\nabuse\n"
                    "abyss\nacorn\nacrid\nactor\nacute\nadage\nadapt\nadept\nadmin\nadmit\nadobe\nadopt\nadore\n");
}

/*
 * Wordle's original lists: 4 guesses beat the adversary and 3 cannot, in normal and in hard mode
 * (qntm, "Absurdle FAQ", qntm.org/fabsurdleq: "4 guesses", "3 guesses is impossible", "In hard mode
 * the best possible score is still 4 guesses").
 */
static void adversary_wordle(const world *w)
{
    cb_state *st;
    cb_adversary_result r;
    cb_error err;
    CHECK(cb_state_new(w->table, &st) == CB_OK);
    for (int hard = 0; hard <= 1; hard++) {
        cb_state_set_hard(st, check_mode(st, hard));
        CHECK(cb_adversary_solve(st, NULL, &r, NULL) == CB_OK);
        CHECK_MSG(r.guesses == 4 && r.proved_min == 4 && !r.stopped, "hard %d: %d guesses", hard, r.guesses);
        CHECK(sequence_wins(w->table, &r, hard));
    }
    cb_adversary_options o = {0, 0, 0, NULL, NULL, NULL};
    o.max_guesses = CB_ADVERSARY_MAX_GUESSES + 1;
    CHECK(cb_adversary_solve(st, &o, &r, &err) == CB_EINVAL && strstr(err.message, "out of range"));
    volatile int cancel = 1;
    o.max_guesses = 0;
    o.cancel = &cancel;
    cb_state_set_hard(st, check_mode(st, 0));
    CHECK(cb_adversary_solve(st, &o, &r, NULL) == CB_OK && (r.stopped || r.guesses == 4));
    cb_state_free(st);
    world sy = open_world("symble");
    CHECK(cb_state_new(sy.table, &st) == CB_OK);
    uint32_t fb;
    CHECK(cb_adversary_answer(st, 0, &fb, NULL) == CB_EINVAL);
    CHECK(cb_adversary_solve(st, NULL, &r, &err) == CB_EINVAL && strstr(err.message, "Symble"));
    cb_state_free(st);
    close_world(&sy);
}

int main(void)
{
    world wordle = open_world("wordle"), mm = open_world("mastermind");
    multi_rules(&wordle, 4, 30, 11);
    multi_rules(&wordle, 16, 4, 12);
    multi_rules(&mm, 3, 40, 13);
    multi_all_or_nothing(&wordle);
    multi_limits(&wordle);
    multi_choices();
    multi_simulation(&wordle);
    adversary_answers(&wordle, 300, 21);
    adversary_answers(&mm, 300, 22);
    adversary_small_games();
    adversary_wordle(&wordle);
    close_world(&mm);
    close_world(&wordle);
    return check_done("test_variants");
}
