/* adversary.c: the adversary (Absurdle) in play, assist, solve, simulate and optimal. */
#include <stdlib.h>
#include <string.h>

#include "interact.h"
#include "variants.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)
#define ADV_HINT_SECONDS 10.0  /* a hint's search stops here, with the best proved so far */
#define ADV_SOLVE_MAX 30       /* solve and simulate: a strategy that has not won by then has lost */
#define ADV_STRATEGY "minimax" /* the largest part smallest: what the adversary keeps */
#define ADV_STRATEGIES "minimax,expected,parts,entropy"

/* The game, one state in its hard mode, the terminal. */
typedef struct duel {
    cli *c;
    term t;
    cb_state *st;
    int max; /* guess limit, 0: none */
} duel;

static int duel_open(duel *d, cli *c, long max_default)
{
    int ok = 1, rc;
    memset(d, 0, sizeof *d);
    d->c = c;
    d->max = cli_declares(c, "max-guesses") ? (int)cli_int(c, "max-guesses", max_default, 1, 1000, &ok)
                                            : (int)max_default; /* assist has no --max-guesses */
    if (!ok)
        return 2;
    if ((rc = cli_open_game(c)) != 0) /* Symble was refused by cli_variant before the command ran */
        return rc;
    if (cb_state_new(c->table, &d->st) != CB_OK)
        return cli_fail(CB_ENOMEM, "out of memory");
    cb_state_set_hard(d->st, c->hard);
    return 0;
}

/* --plain where the command takes it (play, assist, solve); simulate and optimal have none: colours as the terminal
 * allows. */
static int plain(const cli *c)
{
    return cli_declares(c, "plain") && cli_flag(c, "plain");
}

static void duel_close(duel *d)
{
    cb_state_free(d->st);
}

/* Guess gi against the adversary: its answer recorded in st. */
static int duel_guess(cb_state *st, cb_guess_index gi, uint32_t *fb)
{
    int rc = cb_adversary_answer(st, gi, fb, NULL);
    return rc == CB_OK ? cb_state_apply(st, gi, *fb) : rc;
}

static void left_note(const cb_state *st, char *buf, size_t size)
{
    size_t n = cb_state_count(st);
    const char *what = !cb_game_rule_info(cb_state_game(st))->words ? "code" : "word";
    if (cb_state_won(st))
        snprintf(buf, size, "won");
    else
        snprintf(buf, size, "%zu %s%s left", n, what, n == 1 ? "" : "s");
}

static void show_last(duel *d)
{
    uint32_t gi, fb;
    char note[64];
    cb_state_turn(d->st, cb_state_turns(d->st) - 1, &gi, &fb);
    left_note(d->st, note, sizeof note);
    board_row_note(&d->t, d->c->game, gi, fb, "  ", note);
}

static void show_left(const duel *d)
{
    char word[WORD_MAX];
    size_t n = cb_state_count(d->st);
    printf("%zu left:", n);
    for (size_t i = 0; i < n && i < 20; i++) {
        interact_word(d->c->game, cb_game_secret_guess(d->c->game, cb_state_candidates(d->st)[i]), word, sizeof word);
        printf(" %s", word);
    }
    printf("%s\n", n > 20 ? " ..." : "");
}

/* The first guess of the shortest win from here, searched for at most ADV_HINT_SECONDS. */
static void best_next(duel *d, const char *label)
{
    cb_adversary_options o = {0, 0, ADV_HINT_SECONDS, NULL, NULL, NULL};
    cb_adversary_result r;
    cb_error err;
    char word[WORD_MAX];
    int ok = 1;
    o.threads = cli_threads(d->c, &ok);
    if (cb_adversary_solve(d->st, &o, &r, &err) != CB_OK) {
        printf("%s: none (%s)\n", label, err.message);
        return;
    }
    if (r.guesses == 0) {
        printf("%s: none found in %.0f s; at least %d more guesses are needed\n", label, r.seconds, r.proved_min);
        return;
    }
    interact_word(d->c->game, r.sequence[0], word, sizeof word);
    printf("%s: %s, which wins in %d guess%s from here, the fewest possible\n", label, word, r.guesses,
           r.guesses == 1 ? "" : "es");
}

static void rules(const duel *d, const char *command)
{
    printf("codebreaker %s: %s against the adversary%s\n", command, cb_game_name(d->c->game),
           cb_state_hard(d->st) ? ", hard mode" : "");
    printf("There is no secret: each answer keeps as many words as it can. Corner the last word and guess it.\n");
}

/* ---- play ---- */

static int play_typed(duel *d, const char *text)
{
    uint32_t gi, fb;
    cb_error err;
    char why[256];
    if (cb_game_parse_code(d->c->game, text, &gi, &err) != CB_OK) {
        printf("%s (no turn used)\n", err.message);
        return 0;
    }
    if (!cb_state_legal(d->st, gi, why, sizeof why)) {
        printf("%s (no turn used)\n", why);
        return 0;
    }
    int rc = duel_guess(d->st, gi, &fb);
    if (rc != CB_OK) {
        printf("%s (no turn used)\n", cb_strerror(rc));
        return 0;
    }
    show_last(d);
    return 1;
}

static void play_prompt(void *ctx, char *buf, size_t size)
{
    duel *d = ctx;
    int turn = (int)cb_state_turns(d->st) + 1;
    if (d->max)
        snprintf(buf, size, "guess %d/%d> ", turn, d->max);
    else
        snprintf(buf, size, "guess %d> ", turn);
}

/* One typed line of play; 0 once the game is over. */
static int play_line(void *ctx, char *in)
{
    duel *d = ctx;
    int turn = (int)cb_state_turns(d->st) + 1;
    if (interact_is(in, "help", NULL) || strcmp(in, "?") == 0)
        printf("Type a guess, or: hint (the first guess of the shortest win from here), left (the words still "
               "possible), quit\n");
    else if (interact_is(in, "hint", NULL))
        best_next(d, "hint");
    else if (interact_is(in, "left", NULL))
        show_left(d);
    else if (play_typed(d, in)) {
        if (cb_state_won(d->st)) {
            printf("you beat the adversary in %d guess%s (codebreaker optimal --game absurdle: the fewest)\n", turn,
                   turn == 1 ? "" : "es");
            return 0;
        }
        if (d->max && turn >= d->max) {
            printf("out of guesses: %zu words were still possible\n", cb_state_count(d->st));
            return 0;
        }
    }
    return 1;
}

int adversary_play(cli *c)
{
    duel d;
    int rc = cli_no_args(c);
    if (rc || (rc = duel_open(&d, c, 0)) != 0)
        return rc;
    term_open(&d.t, plain(c), "codebreaker");
    rules(&d, "play");
    printf("Type a guess; hint, left, help or quit.\n");
    rc = interact_loop(&d.t, play_prompt, play_line, &d);
    duel_close(&d);
    return rc;
}

/* ---- assist ---- */

static void assist_turn(duel *d, char *line)
{
    const cb_game *g = d->c->game;
    char *save = NULL, *word = strtok_r(line, " \t", &save), *text = strtok_r(NULL, "", &save), norm[256];
    uint32_t gi, fb, expect;
    cb_error err;
    char why[256];
    if (cb_game_parse_code(g, word, &gi, &err) != CB_OK) {
        printf("%s (type help)\n", err.message);
        return;
    }
    if (!text) {
        printf("give the adversary's feedback after the word: %s G.Y.. (nothing was recorded)\n", word);
        return;
    }
    board_normalise_feedback(g, text, norm, sizeof norm);
    if (cb_game_parse_feedback(g, norm, &fb, &err) != CB_OK) {
        printf("%s\n", err.message);
        return;
    }
    if (!cb_state_legal(d->st, gi, why, sizeof why)) {
        printf("%s (nothing was recorded)\n", why);
        return;
    }
    if (cb_adversary_answer(d->st, gi, &expect, NULL) == CB_OK && expect != fb) {
        char a[64];
        cb_game_format_feedback(g, expect, a, sizeof a);
        printf("note: by this program's rule the adversary answers %s (a codemaker with another tie rule may differ)\n",
               a);
    }
    int rc = cb_state_apply(d->st, gi, fb);
    if (rc == CB_ECONTRADICT)
        printf("no word fits that feedback with the earlier ones (nothing was recorded)\n");
    else if (rc != CB_OK)
        printf("%s (nothing was recorded)\n", cb_strerror(rc));
    else {
        show_last(d);
        if (!cb_state_won(d->st))
            best_next(d, "next");
    }
}

static void assist_prompt(void *ctx, char *buf, size_t size)
{
    duel *d = ctx;
    snprintf(buf, size, "turn %zu> ", cb_state_turns(d->st) + 1);
}

static int assist_line(void *ctx, char *in)
{
    duel *d = ctx;
    if (interact_is(in, "help", NULL) || strcmp(in, "?") == 0)
        printf("Type GUESS FEEDBACK, or: next (the first guess of the shortest win from here), left, undo, quit\n");
    else if (interact_is(in, "next", NULL) || interact_is(in, "hint", NULL))
        best_next(d, "next");
    else if (interact_is(in, "left", NULL))
        show_left(d);
    else if (interact_is(in, "undo", NULL))
        printf("%s\n", cb_state_undo(d->st) == CB_OK ? "forgot the last guess" : "nothing to undo");
    else
        assist_turn(d, in);
    return 1;
}

int adversary_assist(cli *c)
{
    duel d;
    int rc = cli_no_args(c);
    if (rc || (rc = duel_open(&d, c, 0)) != 0)
        return rc;
    term_open(&d.t, plain(c), "codebreaker");
    rules(&d, "assist");
    printf("Type each guess with the adversary's feedback (salet .Y..G); next, left, undo or quit.\n");
    rc = interact_loop(&d.t, assist_prompt, assist_line, &d);
    duel_close(&d);
    return rc;
}

/* ---- solve and simulate: strategies against the adversary ---- */

/* Strategy s against the adversary from a fresh state, each row shown when show: the guesses (0 when not won within
 * max), -1 after an error. */
static int strategy_game(duel *d, const cb_strategy *s, int max, int show)
{
    cb_state_reset(d->st);
    while (!cb_state_won(d->st) && (int)cb_state_turns(d->st) < max) {
        cb_guess_index g;
        uint32_t fb;
        int rc = cb_strategy_choose(s, d->st, NULL, &g, NULL);
        if (rc == CB_OK)
            rc = duel_guess(d->st, g, &fb);
        if (rc != CB_OK) {
            cli_fail(rc, "%s: %s", cb_strategy_name(s), cb_strerror(rc));
            return -1;
        }
        if (show)
            show_last(d);
    }
    return cb_state_won(d->st) ? (int)cb_state_turns(d->st) : 0;
}

static void json_guesses(cb_json *j, const duel *d)
{
    char word[WORD_MAX];
    cb_json_raw(j, "[");
    for (size_t t = 0; t < cb_state_turns(d->st); t++) {
        uint32_t gi, fb;
        cb_state_turn(d->st, t, &gi, &fb);
        interact_word(d->c->game, gi, word, sizeof word);
        cb_json_sep(j);
        cb_json_str(j, word);
    }
    cb_json_raw(j, "]");
}

/* Run each strategy of --strategy once; solve shows the rows of the first, simulate a table of all. */
static int strategies_run(cli *c, const char *defaults, int rows)
{
    duel d;
    cb_strategy **s;
    size_t n;
    int rc = cli_no_args(c);
    if (rc || (rc = duel_open(&d, c, ADV_SOLVE_MAX)) != 0)
        return rc;
    if ((rc = cli_make_strategies(c, defaults, &s, &n)) != 0) {
        duel_close(&d);
        return rc;
    }
    int json = cli_flag(c, "json");
    term_open(&d.t, plain(c), "codebreaker");
    if (!json)
        rules(&d, rows ? "solve" : "simulate");
    for (size_t i = 0; i < n && !rc; i++) {
        int won = strategy_game(&d, s[i], d.max, rows && !json);
        if (won < 0) {
            rc = 2;
            break;
        }
        if (json) {
            cb_json j;
            cb_json_init(&j);
            cb_json_raw(&j, "{");
            cb_json_kstr(&j, "strategy", cb_strategy_name(s[i]));
            cb_json_kbool(&j, "won", won);
            cb_json_kuint(&j, "guesses", cb_state_turns(d.st));
            cb_json_key(&j, "sequence");
            json_guesses(&j, &d);
            cb_json_raw(&j, "}");
            rc = cli_json_print(&j);
            continue;
        }
        printf("%-34s %s", cb_strategy_name(s[i]), won ? "won in" : "not won in");
        printf(" %zu guesses:", cb_state_turns(d.st));
        for (size_t t = 0; t < cb_state_turns(d.st); t++) {
            char word[WORD_MAX];
            uint32_t gi, fb;
            cb_state_turn(d.st, t, &gi, &fb);
            interact_word(c->game, gi, word, sizeof word);
            printf(" %s", word);
        }
        printf("\n");
    }
    term_close(&d.t);
    cli_free_strategies(s, n);
    duel_close(&d);
    return rc;
}

int adversary_solve(cli *c)
{
    return strategies_run(c, ADV_STRATEGY, 1);
}

int adversary_simulate(cli *c)
{
    static const char *const unsupported[] = {"csv", "tree", "tree-format", "mapping", "sample"};
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (cli_get(c, unsupported[i]))
            return cli_fail(CB_EINVAL, "--%s does not apply to the adversary: each strategy plays its one game",
                            unsupported[i]);
    return strategies_run(c, ADV_STRATEGIES, 0);
}

/* ---- optimal ---- */

static const char *const optimal_unsupported[] = {"objective",   "candidates-only", "top",      "tree",
                                                  "tree-format", "no-symmetry",     "cache-mb", "cutoff",
                                                  "openers",     "slice",           "results"};

static int optimal_json(const duel *d, const cb_adversary_result *r, int first)
{
    char word[WORD_MAX];
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "game", cb_game_name(d->c->game));
    cb_json_kbool(&j, "hard", cb_state_hard(d->st));
    cb_json_kint(&j, "least_guesses", r->guesses ? r->guesses + first : 0);
    cb_json_kint(&j, "proved_min", r->proved_min + first);
    cb_json_kbool(&j, "stopped", r->stopped);
    cb_json_key(&j, "sequence");
    cb_json_raw(&j, "[");
    for (int i = 0; i < first; i++) {
        uint32_t gi, fb;
        cb_state_turn(d->st, (size_t)i, &gi, &fb);
        interact_word(d->c->game, gi, word, sizeof word);
        cb_json_sep(&j);
        cb_json_str(&j, word);
    }
    for (int i = 0; i < r->guesses; i++) {
        interact_word(d->c->game, r->sequence[i], word, sizeof word);
        cb_json_sep(&j);
        cb_json_str(&j, word);
    }
    cb_json_raw(&j, "]");
    cb_json_kuint(&j, "nodes", r->nodes);
    cb_json_key(&j, "seconds");
    cb_json_printf(&j, "%.3f", r->seconds);
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

static void optimal_progress(void *ctx, int guesses, uint64_t nodes, double seconds)
{
    (void)ctx;
    fprintf(stderr, "codebreaker: no win in %d guess%s (proved: %llu states, %.1f s)\n", guesses,
            guesses == 1 ? "" : "es", (unsigned long long)nodes, seconds);
}

/* The winning sequence, replayed against the adversary so that each row shows its answer. */
static void optimal_rows(duel *d, const cb_adversary_result *r)
{
    for (int i = 0; i < r->guesses; i++) {
        uint32_t fb;
        char note[64];
        if (duel_guess(d->st, r->sequence[i], &fb) != CB_OK)
            break;
        left_note(d->st, note, sizeof note);
        board_row_note(&d->t, d->c->game, r->sequence[i], fb, "  ", note);
    }
}

/*
 * Play the position's guesses (GUESS, or GUESS=FEEDBACK checked against the adversary's answer) after
 * the opener of --first, if any, in d's state. Returns 0 or an exit status, having said why.
 */
static int play_position(duel *d, cli *c)
{
    for (int i = 0; i < c->npos; i++) {
        char word[CB_MAX_LENGTH * 4 + 1], why[256];
        const char *arg = c->pos[i], *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        uint32_t gi, fb, want;
        cb_error err;
        if (len >= sizeof word)
            return cli_fail(CB_EPARSE, "'%.40s...' is not a guess of this game", arg);
        memcpy(word, arg, len);
        word[len] = '\0';
        if (cb_state_won(d->st))
            return cli_fail(CB_EINVAL, "%s: the game is won before it", arg);
        if (cb_game_parse_code(c->game, word, &gi, &err) != CB_OK)
            return cli_fail(err.code, "%s", err.message);
        if (!cb_state_legal(d->st, gi, why, sizeof why))
            return cli_fail(CB_EILLEGAL, "%s", why);
        if (cb_adversary_answer(d->st, gi, &fb, NULL) != CB_OK)
            return cli_fail(CB_ENOMEM, "out of memory");
        if (eq) {
            char said[64];
            if (cb_game_parse_feedback(c->game, eq + 1, &want, &err) != CB_OK)
                return cli_fail(err.code, "%s", err.message);
            if (want != fb) {
                cb_game_format_feedback(c->game, fb, said, sizeof said);
                return cli_fail(CB_ECONTRADICT, "%s: the adversary answers %s to %s, never %s", arg, said, word,
                                eq + 1);
            }
        }
        if (cb_state_apply(d->st, gi, fb) != CB_OK)
            return cli_fail(CB_ENOMEM, "out of memory");
    }
    return 0;
}

int adversary_optimal(cli *c)
{
    duel d;
    cb_adversary_options o = {0, 0, 0, NULL, NULL, NULL};
    cb_adversary_result r;
    cb_error err;
    int ok = 1, rc = 0;
    for (size_t i = 0; i < sizeof optimal_unsupported / sizeof optimal_unsupported[0] && !rc; i++)
        if (cli_get(c, optimal_unsupported[i]))
            rc = cli_fail(CB_EINVAL,
                          "--%s is for an honest codemaker: against the adversary optimal takes --first, "
                          "--max-guesses, --time-limit, --hard and --json",
                          optimal_unsupported[i]);
    if (rc)
        return rc;
    o.time_limit = cli_seconds(c, "time-limit", 0, 1e7, &ok);
    if (!ok)
        return 2;
    o.threads = cli_threads(c, &ok);
    if (!cli_flag(c, "quiet") && !cli_flag(c, "json"))
        o.progress = optimal_progress;
    o.max_guesses = (int)cli_int(c, "max-guesses", 0, 1, CB_ADVERSARY_MAX_GUESSES, &ok);
    if (!ok)
        return 2;
    if ((rc = duel_open(&d, c, 0)) != 0)
        return rc;
    int first = 0, json = cli_flag(c, "json");
    const char *opener = cli_get(c, "first");
    if (opener) {
        uint32_t gi, fb;
        char why[256];
        if (cb_game_parse_code(c->game, opener, &gi, &err) != CB_OK)
            rc = cli_fail(err.code, "--first: %s", err.message);
        else if (!cb_state_legal(d.st, gi, why, sizeof why))
            rc = cli_fail(CB_EILLEGAL, "--first: %s", why);
        else if (duel_guess(d.st, gi, &fb) != CB_OK)
            rc = cli_fail(CB_ENOMEM, "out of memory");
    }
    if (!rc)
        rc = play_position(&d, c);
    first = rc ? 0 : (int)cb_state_turns(d.st);
    if (!rc && cb_state_won(d.st)) {
        duel_close(&d);
        return cli_fail(CB_EINVAL, "the game is won by the guesses given: nothing is left to search");
    }
    if (!rc && cb_adversary_solve(d.st, &o, &r, &err) != CB_OK)
        rc = cli_fail_err(&err);
    if (rc) {
        duel_close(&d);
        return rc;
    }
    term_open(&d.t, plain(c), "codebreaker");
    if (json)
        rc = optimal_json(&d, &r, first);
    else {
        rules(&d, "optimal");
        for (int i = 0; i < first; i++) {
            uint32_t gi, fb;
            char note[64];
            cb_state_turn(d.st, (size_t)i, &gi, &fb);
            if (i == first - 1)
                left_note(d.st, note, sizeof note);
            else
                note[0] = '\0';
            board_row_note(&d.t, c->game, gi, fb, "  ", note);
        }
        if (r.guesses) {
            printf("fewest guesses that win: %d%s (proved: no sequence of %d wins)\n", r.guesses + first,
                   first > 1 ? " from that position"
                   : first   ? " with that opener"
                             : "",
                   r.guesses + first - 1);
            optimal_rows(&d, &r);
        } else if (r.stopped)
            printf("stopped at the time limit: at least %d guesses are needed\n", r.proved_min + first);
        else
            printf("no win within %d guesses (--max-guesses): at least %d are needed\n",
                   o.max_guesses ? o.max_guesses + first : 8 + first, r.proved_min + first);
        printf("searched %llu states in %.2f s\n", (unsigned long long)r.nodes, r.seconds);
    }
    term_close(&d.t);
    duel_close(&d);
    return rc;
}
