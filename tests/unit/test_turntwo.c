/*
 * test_turntwo.c: the turn-two data of the search over openers
 * (cb_optimal_options.on_children) against the solver's own proof from each
 * position it names, and the turn-two file (src/solver/turntwo.c): written,
 * read whole and one opener at a time, damage refused with its line.
 */
#include <string.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

#define MAXK 64

/* What the hook was told: each opener's children, in the order it settled them. */
typedef struct told {
    cb_optimal_opener op[16];
    cb_optimal_child kid[16][MAXK];
    size_t n[16], count;
    int before; /* an on_children call came after the opener's on_opener: wrong */
    uint32_t reported[16];
    size_t nreported;
} told;

static void on_children(const cb_optimal_opener *op, const cb_optimal_child *kids, size_t n, void *arg)
{
    told *t = arg;
    if (t->count < 16 && n <= MAXK) {
        t->op[t->count] = *op;
        memcpy(t->kid[t->count], kids, n * sizeof *kids);
        t->n[t->count++] = n;
    }
    for (size_t i = 0; i < t->nreported; i++)
        t->before |= t->reported[i] == op->guess;
}

static void on_opener(const cb_optimal_opener *op, void *arg)
{
    told *t = arg;
    if (t->nreported < 16)
        t->reported[t->nreported++] = op->guess;
}

/* The least total from opener g's feedback fb, proved by a search from that position. */
static uint64_t proved_from(const world *w, uint32_t g, uint32_t fb, int max_guesses)
{
    cb_state *st;
    cb_optimal_options o;
    cb_optimal_result r;
    uint64_t v = 0;
    if (cb_state_new(w->table, &st) != CB_OK)
        return 0;
    cb_optimal_options_default(&o);
    o.threads = 1;
    o.from = st; /* with the limit: the position's */
    if (cb_state_set_max_guesses(st, max_guesses) == CB_OK && cb_state_apply(st, g, fb) == CB_OK &&
        cb_optimal_solve(w->table, &o, &r, NULL) == CB_OK) {
        v = r.proved && !r.infeasible ? r.total : 0;
        cb_optimal_result_release(&r);
    }
    cb_state_free(st);
    return v;
}

/* The hook on Mastermind 4 colours x 3 pegs: every child's total is its position's proof, the sum the opener's. */
static void children_proved(const world *w, told *t)
{
    cb_optimal_options o;
    cb_optimal_result r;
    cb_state *open = NULL; /* the opening within 4 guesses: the limit is the position's */
    CHECK(cb_state_new(w->table, &open) == CB_OK && cb_state_set_max_guesses(open, 4) == CB_OK);
    cb_optimal_options_default(&o);
    o.threads = 1;
    o.cutoff = 99999;
    o.from = open;
    o.on_children = on_children;
    o.on_children_arg = t;
    o.on_opener = on_opener;
    o.on_opener_arg = t;
    CHECK(cb_optimal_solve(w->table, &o, &r, NULL) == CB_OK);
    size_t exact = 0;
    for (size_t i = 0; i < r.openers_searched; i++)
        exact += r.openers[i].exact;
    CHECK_MSG(exact > 1 && t->count == exact, "%zu exact openers, %zu told", exact, t->count);
    CHECK(!t->before);
    for (size_t i = 0; i < t->count; i++) {
        uint64_t sum = cb_game_secret_count(w->game);
        for (size_t k = 0; k < t->n[i]; k++) {
            const cb_optimal_child *c = &t->kid[i][k];
            sum += c->total;
            CHECK(c->feedback != cb_game_won(w->game) && (k == 0 || c->feedback > t->kid[i][k - 1].feedback));
            CHECK_MSG(proved_from(w, t->op[i].guess, c->feedback, 4) == c->total, "opener %u feedback %u",
                      t->op[i].guess, c->feedback);
        }
        CHECK(t->op[i].exact && sum == t->op[i].bound);
    }
    cb_optimal_result_release(&r);
    cb_state_free(open);
}

/* Append s to buf (size bytes). */
static void add(char *buf, size_t size, const char *s)
{
    size_t at = strlen(buf);
    snprintf(buf + at, size - at, "%s", s);
}

/* The file written from what the hook told, read back whole and one opener at a time; damage refused. */
static void file_checked(const world *w, const told *t)
{
    const char *search = "mastermind test; cutoff 99999";
    static char text[1 << 16], bad[1 << 16];
    cb_optimal_seal seal;
    cb_optimal_turn_two *tt;
    cb_optimal_child c;
    cb_error err;
    uint64_t total;
    cb_optimal_turn_two_seal_init(w->game, search, &seal);
    cb_optimal_turn_two_header(&seal, search, text, sizeof text);
    for (size_t i = 0; i < t->count; i++) {
        char *line;
        CHECK(cb_optimal_turn_two_line(w->game, &seal, &t->op[i], t->kid[i], t->n[i], &line, NULL) == CB_OK);
        add(text, sizeof text, line);
        free(line);
    }
    CHECK(cb_optimal_turn_two_parse(w->game, text, strlen(text), search, &tt, &err) == CB_OK);
    CHECK(cb_optimal_turn_two_count(tt) == t->count);
    const cb_optimal_child *k0 = &t->kid[0][t->n[0] / 2];
    CHECK(cb_optimal_turn_two_find(tt, t->op[0].guess, k0->feedback, &c, &total) == CB_OK && c.guess == k0->guess &&
          c.total == k0->total && total == t->op[0].bound);
    CHECK(cb_optimal_turn_two_find(tt, t->op[0].guess, cb_game_won(w->game), &c, NULL) == CB_ENOTFOUND);
    cb_optimal_turn_two_free(tt);
    CHECK(cb_optimal_turn_two_lookup(w->game, text, strlen(text), search, t->op[0].guess, k0->feedback, &c, &total,
                                     &err) == CB_OK &&
          c.guess == k0->guess && c.total == k0->total && total == t->op[0].bound);
    /* the lines of every opener twice (a resumed run writes an opener again): each kept once */
    const char *body = strchr(strstr(text, "\n# words") + 1, '\n') + 1;
    snprintf(bad, sizeof bad, "%s%s", text, body);
    CHECK(cb_optimal_turn_two_parse(w->game, bad, strlen(bad), search, &tt, &err) == CB_OK &&
          cb_optimal_turn_two_count(tt) == t->count);
    cb_optimal_turn_two_free(tt);
    /* a total edited: the digest fails, in the whole read and in the look-up of that opener */
    memcpy(bad, text, strlen(text) + 1);
    char *line4 = bad + (body - text);
    char *kid = strchr(strchr(line4, ' ') + 1, ' ') + 1; /* the first child: FEEDBACK:GUESS:TOTAL */
    char *digit = strchr(strchr(kid, ':') + 1, ':') + 1;
    *digit = *digit == '9' ? '8' : (char)(*digit + 1);
    CHECK(cb_optimal_turn_two_parse(w->game, bad, strlen(bad), search, &tt, &err) == CB_EINVAL && !tt);
    CHECK_MSG(strstr(err.message, "line 4: ") && strstr(err.message, "does not verify"), "%s", err.message);
    CHECK(cb_optimal_turn_two_lookup(w->game, bad, strlen(bad), search, t->op[0].guess, k0->feedback, &c, NULL, &err) ==
          CB_EINVAL);
    /* another opener's look-up does not read the damaged line */
    CHECK(cb_optimal_turn_two_lookup(w->game, bad, strlen(bad), search, t->op[1].guess, t->kid[1][0].feedback, &c, NULL,
                                     &err) == CB_OK);
    /* another search, a cut last line, a results line's key */
    CHECK(cb_optimal_turn_two_parse(w->game, text, strlen(text), "another", &tt, &err) == CB_EINVAL &&
          strstr(err.message, "line 2: written by another search"));
    CHECK(cb_optimal_turn_two_parse(w->game, text, strlen(text) - 1, search, &tt, &err) == CB_EINVAL &&
          strstr(err.message, "no newline"));
    cb_optimal_seal rs;
    char *line;
    cb_optimal_seal_init(w->game, search, &rs); /* the results file's key: its digests do not verify here */
    CHECK(cb_optimal_turn_two_line(w->game, &rs, &t->op[0], t->kid[0], t->n[0], &line, NULL) == CB_OK);
    cb_optimal_turn_two_header(&seal, search, bad, sizeof bad);
    add(bad, sizeof bad, line);
    free(line);
    CHECK(cb_optimal_turn_two_parse(w->game, bad, strlen(bad), search, &tt, &err) == CB_EINVAL);
    /* a sum that does not hold is refused when writing */
    cb_optimal_opener off = t->op[0];
    off.bound++;
    CHECK(cb_optimal_turn_two_line(w->game, &seal, &off, t->kid[0], t->n[0], &line, &err) == CB_EINVAL && !line);
}

/*
 * The bundled turn-two files (data/book/NAME.turn2) read whole: every line verifies and sums; TARSE's
 * total is the book's (11219, in hard mode 11627), and the coach's look-up agrees with the whole read.
 */
static void bundled(void)
{
    cb_game_config cfg;
    cb_game *g = NULL;
    cb_error err;
    if (cb_game_config_preset("wordle", &cfg) != CB_OK || cb_game_config_lists(&cfg, "nyt2023", &err) != CB_OK ||
        cb_game_new(&cfg, &g, &err) != CB_OK) {
        CHECK(0);
        return;
    }
    static const struct {
        const char *file;
        int hard;
        uint64_t tarse;
    } files[] = {{"book/nyt2023-6.turn2", 0, 11219}, {"book/nyt2023-hard6.turn2", 1, 11627}};
    uint32_t tarse = 0, crane = 0, fb;
    CHECK(cb_game_parse_code(g, "tarse", &tarse, NULL) == CB_OK);
    CHECK(cb_game_parse_code(g, "crane", &crane, NULL) == CB_OK);
    fb = cb_game_feedback(g, tarse, crane);
    cb_table_options to; /* the look-up takes the position after the opener: a table on the fly makes it */
    cb_table *table = NULL;
    cb_table_options_default(&to);
    to.mode = CB_TABLE_OFF;
    CHECK(cb_table_new(g, &to, &table, &err) == CB_OK);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        const char *text;
        size_t size;
        char search[512];
        cb_optimal_options o;
        cb_optimal_turn_two *tt = NULL;
        cb_optimal_child c, c2;
        cb_guess_index best;
        uint64_t total = 0, t2;
        cb_state *st = NULL; /* the opening in the file's mode and limit: its search line names them */
        CHECK(table && cb_state_new(table, &st) == CB_OK &&
              cb_state_set_hard(st, files[i].hard ? CB_HARD_REVEALED : CB_HARD_NONE) == CB_OK &&
              cb_state_set_max_guesses(st, 6) == CB_OK);
        cb_optimal_options_default(&o);
        o.from = st;
        o.cutoff = CB_BOOK_CUTOFF;
        cb_optimal_search_line(g, &o, search, sizeof search);
        CHECK(cb_data_bundled(files[i].file, &text, &size) == CB_OK);
        int rc = cb_optimal_turn_two_parse(g, text, size, search, &tt, &err);
        CHECK_MSG(rc == CB_OK, "%s: %s", files[i].file, err.message);
        CHECK(cb_optimal_turn_two_count(tt) >= 1);
        CHECK(cb_optimal_turn_two_find(tt, tarse, fb, &c, &total) == CB_OK && total == files[i].tarse);
        CHECK(st && cb_coach_turn_two(st, &best, &t2, &err) == CB_ENOTFOUND); /* the opening: no turn two */
        CHECK(st && cb_state_apply(st, tarse, fb) == CB_OK);
        CHECK(st && cb_coach_turn_two(st, &best, &t2, &err) == CB_OK && best == c.guess && t2 == c.total);
        CHECK(st && cb_state_set_max_guesses(st, 7) == CB_OK &&
              cb_coach_turn_two(st, &best, &t2, &err) == CB_ENOTFOUND); /* another limit */
        cb_state_free(st);
        CHECK(cb_optimal_turn_two_find(tt, tarse, cb_game_won(g), &c2, NULL) == CB_ENOTFOUND);
        cb_optimal_turn_two_free(tt);
    }
    cb_table_free(table);
    cb_game_free(g);
}

int main(void)
{
    bundled();
    world w = {world_game(CB_RULE_MASTERMIND, 4, 3, 0), NULL};
    if (!w.game || cb_table_new(w.game, NULL, &w.table, NULL) != CB_OK)
        return 1;
    static told t;
    children_proved(&w, &t);
    if (t.count > 1)
        file_checked(&w, &t);
    close_world(&w);
    return check_done("test_turntwo");
}
