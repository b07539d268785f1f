/* multi_play.c: several boards at once in play (the program keeps k secrets), assist and solve. */
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "interact.h"
#include "variants.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)
#define MULTI_DEFAULT_STRATEGY "sum-entropy"

/* What the three commands share: the game's boards, a strategy, the terminal. */
typedef struct session {
    cli *c;
    term t;
    int boards;
    cb_multi *m;
    cb_multi_strategy *strategy;
    cb_secret_index secrets[CB_MAX_BOARDS];
} session;

static void session_close(session *s)
{
    cb_multi_strategy_free(s->strategy);
    cb_multi_free(s->m);
}

/* The game, its boards with the guess limit (--max-guesses), and the first strategy of --strategy. */
static int session_open(session *s, cli *c)
{
    cli_variant_t v;
    cb_error err;
    int ok = 1, rc;
    memset(s, 0, sizeof *s);
    s->c = c;
    long max = cli_declares(c, "max-guesses") ? cli_int(c, "max-guesses", 0, 1, CB_MULTI_MAX_TURNS, &ok)
                                              : 0; /* assist: none */
    if (!ok)
        return 2;
    if ((rc = cli_variant(c, &v)) != 0 || (rc = cli_open_game(c)) != 0)
        return rc;
    s->boards = v.boards;
    if (cb_multi_new(c->table, v.boards, (int)max, &s->m, &err) != CB_OK)
        return cli_fail_err(&err);
    cb_multi_strategy **list;
    size_t n;
    if ((rc = cli_make_multi_strategies(c, MULTI_DEFAULT_STRATEGY, &list, &n)) != 0) {
        session_close(s);
        return rc;
    }
    s->strategy = list[0];
    list[0] = NULL;
    cli_free_multi_strategies(list, n);
    return 0;
}

/* The secrets: the words given (comma-separated in one argument, or one argument each), else drawn from seed. */
static int pick_secrets(session *s, char **words, int nwords, uint64_t seed)
{
    const cb_game *g = s->c->game;
    char *list = NULL, *split[CB_MAX_BOARDS + 1];
    int n = 0, rc = 0;
    if (nwords == 1 && strchr(words[0], ',')) {
        if (!(list = strdup(words[0])))
            return cli_fail(CB_ENOMEM, "out of memory");
        char *save = NULL;
        for (char *w = strtok_r(list, ",", &save); w && n <= CB_MAX_BOARDS; w = strtok_r(NULL, ",", &save))
            split[n++] = w;
        words = split;
        nwords = n;
    }
    if (nwords == 0) {
        cb_multi_sample(g, s->boards, seed, 0, s->secrets);
        free(list);
        return 0;
    }
    if (nwords != s->boards)
        rc = cli_fail(CB_EINVAL, "%d boards need %d secrets, but %d were given", s->boards, s->boards, nwords);
    for (int b = 0; b < nwords && !rc; b++) {
        cb_error err;
        uint32_t gi;
        if (cb_game_parse_code(g, words[b], &gi, &err) != CB_OK)
            rc = cli_fail(err.code, "secret %d: %s", b + 1, err.message);
        else if ((s->secrets[b] = cb_game_guess_secret(g, gi)) == CB_NONE)
            rc = cli_fail(CB_EINVAL, "secret %d: '%s' is allowed as a guess but is not one of the possible secrets",
                          b + 1, words[b]);
        for (int a = 0; a < b && !rc; a++)
            if (s->secrets[a] == s->secrets[b])
                rc = cli_fail(CB_EINVAL, "secret %d: '%s' is on board %d already: the boards' secrets differ", b + 1,
                              words[b], a + 1);
    }
    free(list);
    return rc;
}

/* "12 left", "solved", or "solved on guess 3" for board b now. */
static void board_note(const session *s, int b, char *buf, size_t size)
{
    const cb_state *st = cb_multi_board(s->m, b);
    int turn = cb_multi_solved_turn(s->m, b);
    size_t n = cb_state_count(st);
    if (turn)
        snprintf(buf, size, "solved on guess %d", turn);
    else
        snprintf(buf, size, "%zu left", n);
}

/* Turn t (0-based) on every board that was still open then. */
static void show_turn(session *s, size_t t)
{
    const cb_game *g = s->c->game;
    char prefix[32], note[64];
    for (int b = 0; b < s->boards; b++) {
        const cb_state *st = cb_multi_board(s->m, b);
        uint32_t gi, fb;
        if (t >= cb_state_turns(st))
            continue;
        cb_state_turn(st, t, &gi, &fb);
        snprintf(prefix, sizeof prefix, "  board %-2d ", b + 1);
        note[0] = '\0';
        if (t + 1 == cb_multi_turns(s->m))
            board_note(s, b, note, sizeof note);
        board_row_note(&s->t, g, gi, fb, prefix, note);
    }
}

static void show_all(session *s)
{
    for (size_t t = 0; t < cb_multi_turns(s->m); t++) {
        printf("guess %zu:\n", t + 1);
        show_turn(s, t);
    }
    if (cb_multi_turns(s->m) == 0)
        printf("no guess yet\n");
}

/* The strategy's guess now, printed as "label: WORD (score)"; 0 when it could give one. */
static int propose(session *s, const char *label)
{
    cb_guess_index g;
    double score;
    char word[WORD_MAX];
    int rc = cb_multi_choose(s->strategy, s->m, &g, &score);
    if (rc != CB_OK) {
        printf("%s: none (%s)\n", label, cb_strerror(rc));
        return rc;
    }
    interact_word(s->c->game, g, word, sizeof word);
    printf("%s: %s (%s", label, word, cb_multi_strategy_name(s->strategy));
    if (score != 0)
        printf(", score %.4f", score);
    printf(")\n");
    return 0;
}

static void secrets_line(const session *s, const char *label)
{
    char word[WORD_MAX];
    printf("%s:", label);
    for (int b = 0; b < s->boards; b++) {
        interact_word(s->c->game, cb_game_secret_guess(s->c->game, s->secrets[b]), word, sizeof word);
        printf(" %s", word);
    }
    printf("\n");
}

static void intro(session *s, const char *command)
{
    printf("codebreaker %s: %d boards of %s, at most %d guesses\n", command, s->boards, cb_game_name(s->c->game),
           cb_multi_max_guesses(s->m));
    printf("One guess is scored on every board; a board is solved when its word is guessed; solve them all.\n");
}

/* ---- play ---- */

static void play_help(void)
{
    printf("Type a guess, or one of:\n"
           "  hint     the strategy's guess now\n"
           "  boards   every board's rows so far\n"
           "  giveup   show the secrets\n"
           "  quit     leave\n");
}

/* A typed guess; 1 when played. */
static int play_guess(session *s, const char *text)
{
    uint32_t gi;
    cb_error err;
    if (cb_game_parse_code(s->c->game, text, &gi, &err) != CB_OK) {
        printf("%s (no turn used)\n", err.message);
        return 0;
    }
    int rc = cb_multi_apply_secrets(s->m, gi, s->secrets);
    if (rc != CB_OK) {
        printf("%s (no turn used)\n", cb_strerror(rc));
        return 0;
    }
    show_turn(s, cb_multi_turns(s->m) - 1);
    return 1;
}

static void play_prompt(void *ctx, char *buf, size_t size)
{
    session *s = ctx;
    snprintf(buf, size, "guess %zu/%d> ", cb_multi_turns(s->m) + 1, cb_multi_max_guesses(s->m));
}

/* One typed line of play; 0 once the game is over. */
static int play_line(void *ctx, char *in)
{
    session *s = ctx;
    int turn = (int)cb_multi_turns(s->m) + 1;
    if (interact_is(in, "help", NULL) || strcmp(in, "?") == 0)
        play_help();
    else if (interact_is(in, "hint", NULL))
        propose(s, "hint");
    else if (interact_is(in, "boards", NULL))
        show_all(s);
    else if (interact_is(in, "giveup", NULL) || interact_is(in, "give up", NULL)) {
        secrets_line(s, "you gave up: the secrets were");
        return 0;
    } else if (play_guess(s, in)) {
        if (cb_multi_won(s->m)) {
            printf("all %d boards solved in %d guess%s!\n", s->boards, turn, turn == 1 ? "" : "es");
            return 0;
        }
        if (cb_multi_over(s->m)) {
            printf("out of guesses: %d of %d boards solved\n", s->boards - cb_multi_unsolved(s->m), s->boards);
            secrets_line(s, "the secrets were");
            return 0;
        }
    }
    return 1;
}

int multi_play(cli *c)
{
    session s;
    int ok = 1, given = 0, rc = session_open(&s, c);
    if (rc)
        return rc;
    uint64_t seed = interact_seed(c, &given, &ok);
    const char *secret = cli_get(c, "secret");
    char *arg = (char *)secret;
    if (!ok)
        rc = 2;
    else if ((rc = cli_no_args(c)) == 0)
        rc = pick_secrets(&s, secret ? &arg : NULL, secret ? 1 : 0, seed);
    if (rc) {
        session_close(&s);
        return rc;
    }
    term_open(&s.t, cli_flag(c, "plain"), "codebreaker");
    intro(&s, "play");
    if (!secret)
        printf("secrets drawn with --seed %llu\n", (unsigned long long)seed);
    printf("Type a guess; help, hint, boards, giveup or quit.\n");
    rc = interact_loop(&s.t, play_prompt, play_line, &s);
    session_close(&s);
    return rc;
}

/* ---- solve ---- */

static int solve_json(session *s)
{
    const cb_game *g = s->c->game;
    char word[WORD_MAX];
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kint(&j, "boards", s->boards);
    cb_json_kint(&j, "max_guesses", cb_multi_max_guesses(s->m));
    cb_json_kstr(&j, "strategy", cb_multi_strategy_name(s->strategy));
    cb_json_key(&j, "secrets");
    cb_json_raw(&j, "[");
    for (int b = 0; b < s->boards; b++) {
        interact_word(g, cb_game_secret_guess(g, s->secrets[b]), word, sizeof word);
        cb_json_sep(&j);
        cb_json_str(&j, word);
    }
    cb_json_raw(&j, "]");
    cb_json_key(&j, "guesses");
    cb_json_raw(&j, "[");
    for (size_t t = 0; t < cb_multi_turns(s->m); t++) {
        interact_word(g, cb_multi_guess(s->m, t), word, sizeof word);
        cb_json_sep(&j);
        cb_json_str(&j, word);
    }
    cb_json_raw(&j, "]");
    cb_json_key(&j, "solved_on");
    cb_json_raw(&j, "[");
    for (int b = 0; b < s->boards; b++) {
        cb_json_sep(&j);
        cb_json_int(&j, cb_multi_solved_turn(s->m, b));
    }
    cb_json_raw(&j, "]");
    cb_json_kbool(&j, "won", cb_multi_won(s->m));
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

int multi_solve(cli *c)
{
    session s;
    int ok = 1, rc = session_open(&s, c);
    if (rc)
        return rc;
    uint64_t seed = cli_seed(c, &ok);
    rc = ok ? pick_secrets(&s, c->pos, c->npos, seed) : 2;
    int json = cli_flag(c, "json"), opened = !rc;
    if (!rc) {
        term_open(&s.t, cli_flag(c, "plain"), "codebreaker");
        if (!json) {
            intro(&s, "solve");
            secrets_line(&s, c->npos ? "secrets" : "secrets drawn with --seed");
        }
    }
    while (!rc && !cb_multi_over(s.m)) {
        cb_guess_index g;
        if ((rc = cb_multi_choose(s.strategy, s.m, &g, NULL)) == CB_OK)
            rc = cb_multi_apply_secrets(s.m, g, s.secrets);
        if (rc)
            rc = cli_fail(rc, "%s", cb_strerror(rc));
        else if (!json) {
            printf("guess %zu:\n", cb_multi_turns(s.m));
            show_turn(&s, cb_multi_turns(s.m) - 1);
        }
    }
    if (!rc && json)
        rc = solve_json(&s);
    else if (!rc)
        printf("%s: %d of %d boards solved in %zu guesses%s\n", cb_multi_strategy_name(s.strategy),
               s.boards - cb_multi_unsolved(s.m), s.boards, cb_multi_turns(s.m), cb_multi_won(s.m) ? "" : ": not won");
    if (opened)
        term_close(&s.t);
    session_close(&s);
    return rc;
}

/* ---- assist ---- */

static void assist_help(void)
{
    printf("Type the guess you played and each open board's feedback, in board order:\n"
           "  salet G.Y.. ..... Y...G GGGGG\n"
           "or one of:\n"
           "  next     the strategy's guess now\n"
           "  left     the words each board may still hide\n"
           "  undo     forget the last guess\n"
           "  quit     leave\n");
}

static void show_left(session *s)
{
    char word[WORD_MAX];
    for (int b = 0; b < s->boards; b++) {
        const cb_state *st = cb_multi_board(s->m, b);
        size_t n = cb_state_count(st);
        if (cb_multi_solved_turn(s->m, b)) {
            printf("  board %d: solved\n", b + 1);
            continue;
        }
        printf("  board %d: %zu left:", b + 1, n);
        for (size_t i = 0; i < n && i < 12; i++) {
            interact_word(s->c->game, cb_game_secret_guess(s->c->game, cb_state_candidates(st)[i]), word, sizeof word);
            printf(" %s", word);
        }
        printf("%s\n", n > 12 ? " ..." : "");
    }
}

/* "WORD FB FB ...": one feedback per open board. */
static void assist_turn(session *s, char *line)
{
    const cb_game *g = s->c->game;
    char *save = NULL, *word = strtok_r(line, " \t", &save), norm[256];
    uint32_t gi, fb[CB_MAX_BOARDS] = {0};
    cb_error err;
    int need = cb_multi_unsolved(s->m), got = 0, bad;
    if (cb_game_parse_code(g, word, &gi, &err) != CB_OK) {
        printf("%s (type help)\n", err.message);
        return;
    }
    for (int b = 0; b < s->boards; b++) {
        if (cb_multi_solved_turn(s->m, b))
            continue;
        char *text = strtok_r(NULL, " \t", &save);
        if (!text)
            break;
        board_normalise_feedback(g, text, norm, sizeof norm);
        if (cb_game_parse_feedback(g, norm, &fb[b], &err) != CB_OK) {
            printf("board %d: %s\n", b + 1, err.message);
            return;
        }
        got++;
    }
    if (got != need || strtok_r(NULL, " \t", &save)) {
        printf("give %d feedback%s, one per open board in order (nothing was recorded)\n", need, need == 1 ? "" : "s");
        return;
    }
    int rc = cb_multi_apply(s->m, gi, fb, &bad), wins = 0;
    for (int b = 0; b < s->boards; b++)
        wins += !cb_multi_solved_turn(s->m, b) && fb[b] == cb_game_won(g);
    if (rc == CB_ECONTRADICT && wins > 1)
        printf("board %d: one guess solves one board at most, since the boards' words differ (nothing was recorded)\n",
               bad + 1);
    else if (rc == CB_ECONTRADICT)
        printf("board %d: no word fits that feedback with the earlier ones (nothing was recorded)\n", bad + 1);
    else if (rc != CB_OK)
        printf("%s (nothing was recorded)\n", cb_strerror(rc));
    else {
        show_turn(s, cb_multi_turns(s->m) - 1);
        if (cb_multi_won(s->m))
            printf("all %d boards solved in %zu guess%s\n", s->boards, cb_multi_turns(s->m),
                   cb_multi_turns(s->m) == 1 ? "" : "es");
        else if (!cb_multi_over(s->m))
            propose(s, "next");
    }
}

static void assist_prompt(void *ctx, char *buf, size_t size)
{
    session *s = ctx;
    snprintf(buf, size, "turn %zu/%d> ", cb_multi_turns(s->m) + 1, cb_multi_max_guesses(s->m));
}

static int assist_line(void *ctx, char *in)
{
    session *s = ctx;
    if (interact_is(in, "help", NULL) || strcmp(in, "?") == 0)
        assist_help();
    else if (interact_is(in, "next", NULL) || interact_is(in, "hint", NULL))
        propose(s, "next");
    else if (interact_is(in, "left", NULL))
        show_left(s);
    else if (interact_is(in, "undo", NULL))
        printf("%s\n", cb_multi_undo(s->m) == CB_OK ? "forgot the last guess" : "nothing to undo");
    else
        assist_turn(s, in);
    return 1;
}

int multi_assist(cli *c)
{
    session s;
    int rc = session_open(&s, c);
    if (rc)
        return rc;
    if ((rc = cli_no_args(c)) != 0) {
        session_close(&s);
        return rc;
    }
    term_open(&s.t, cli_flag(c, "plain"), "codebreaker");
    intro(&s, "assist");
    printf("Type each guess with the feedback of every open board; next, left, undo, help or quit.\n");
    propose(&s, "next");
    rc = interact_loop(&s.t, assist_prompt, assist_line, &s);
    session_close(&s);
    return rc;
}
