/* cmd_solve.c: `codebreaker solve SECRET`: watch a strategy play one secret, turn by turn. */
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "commands.h"
#include "interact.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)
#define FEW 10 /* list the candidates left when there are at most this many */

typedef struct solve_turn {
    uint32_t guess, fb;
    size_t before, after;
} solve_turn;

static void print_candidates(const cb_state *st)
{
    const cb_game *g = cb_state_game(st);
    char word[WORD_MAX];
    printf("  left:");
    for (size_t i = 0; i < cb_state_count(st); i++) {
        cb_game_format_code(g, cb_game_secret_guess(g, cb_state_candidates(st)[i]), word, sizeof word);
        printf(" %s", word);
    }
    printf("\n");
}

static int print_json(const cli *c, const advice *a, uint32_t si, int mapping, const solve_turn *turns, int n, int won)
{
    const cb_game *g = c->game;
    char word[WORD_MAX], fb[64];
    cb_json j;
    cb_json_init(&j);
    cb_game_format_code(g, cb_game_secret_guess(g, si), word, sizeof word);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "secret", word);
    cb_json_kstr(&j, "game", cb_game_name(g));
    cb_json_kstr(&j, "strategy", cb_strategy_name(a->strategy));
    if (cb_game_rule_info(g)->hidden) {
        char name[4];
        cb_game_mapping_name(mapping, name);
        cb_json_kstr(&j, "mapping", name);
    }
    cb_json_kbool(&j, "won", won);
    cb_json_kint(&j, "guesses", n);
    cb_json_key(&j, "turns");
    cb_json_raw(&j, "[");
    for (int i = 0; i < n; i++) {
        cb_game_format_code(g, turns[i].guess, word, sizeof word);
        cb_game_format_feedback(g, turns[i].fb, fb, sizeof fb);
        cb_json_sep(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "guess", word);
        cb_json_kstr(&j, "feedback", fb);
        cb_json_kuint(&j, "before", turns[i].before);
        cb_json_kuint(&j, "after", turns[i].after);
        cb_json_key(&j, "removed");
        cb_json_printf(&j, "%.4f",
                       turns[i].before ? (double)(turns[i].before - turns[i].after) / (double)turns[i].before : 0.0);
        cb_json_raw(&j, "}");
    }
    cb_json_raw(&j, "]");
    cb_json_kbool(&j, "table_precomputed", cb_table_precomputed(c->table));
    cb_json_raw(&j, "}");
    return cli_json_print(&j);
}

/* One turn as the person watching reads it. */
static void print_turn(const term *t, const cb_game *g, int i, const solve_turn *tr, const advice *a,
                       const advice_pick *pick)
{
    char prefix[32], note[160], score[64];
    snprintf(prefix, sizeof prefix, "turn %d  ", i + 1);
    advice_format_score(a, pick, score, sizeof score);
    if (tr->fb == cb_game_won(g))
        snprintf(note, sizeof note, "solved");
    else
        snprintf(note, sizeof note, "%zu -> %zu candidate%s, %.1f%% removed%s%s%s", tr->before, tr->after,
                 tr->after == 1 ? "" : "s",
                 100.0 * (double)(tr->before - tr->after) / (double)(tr->before ? tr->before : 1), *score ? " (" : "",
                 score, *score ? ")" : "");
    board_row_note(t, g, tr->guess, tr->fb, prefix, note);
}

/* Play; returns the exit status. */
static int watch(cli *c, advice *a, term *t, uint32_t si, int mapping, int max)
{
    const cb_game *g = c->game;
    int json = cli_flag(c, "json"), n = 0, won = 0, rc = CB_OK;
    solve_turn *turns = calloc((size_t)max, sizeof *turns);
    cb_state *st = NULL;
    if (!turns || cb_state_new(c->table, &st) != CB_OK) {
        free(turns);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    cb_state_set_hard(st, c->hard);
    while (n < max && !won) {
        advice_pick pick;
        if ((rc = advice_choose(a, st, &pick)) != CB_OK)
            break;
        solve_turn *tr = &turns[n];
        tr->guess = pick.guess;
        tr->fb = advice_feedback(c->table, pick.guess, si, mapping);
        tr->before = cb_state_count(st);
        if ((rc = cb_state_apply(st, tr->guess, tr->fb)) != CB_OK)
            break;
        tr->after = cb_state_count(st);
        won = tr->fb == cb_game_won(g);
        if (!json) {
            print_turn(t, g, n, tr, a, &pick);
            if (!won && tr->after > 1 && tr->after <= FEW)
                print_candidates(st);
        }
        n++;
        if (term_interrupted())
            break;
    }
    if (rc == CB_ETOOBIG)
        rc = cli_fail(rc,
                      "%s would score %zu candidates against %zu guesses on turn %d, hours of work; solve plays "
                      "exactly what simulate plays and does not replace it: open with --first GUESS, use "
                      "--candidates-only, or a strategy that does not score every guess (random, first, frequency)",
                      cb_strategy_name(a->strategy), cb_state_count(st),
                      cb_strategy_get_config(a->strategy)->candidates_only ? cb_state_count(st)
                                                                           : (size_t)cb_game_guess_count(g),
                      n + 1);
    else if (rc != CB_OK)
        rc = cli_fail(rc, "the strategy stopped: %s", cb_strerror(rc));
    else if (json)
        rc = print_json(c, a, si, mapping, turns, n, won);
    else if (won)
        printf("solved in %d guess%s\n", n, n == 1 ? "" : "es");
    else
        printf("not solved within %d guess%s\n", n, n == 1 ? "" : "es");
    cb_state_free(st);
    free(turns);
    return term_interrupted() ? TERM_INTERRUPT_STATUS : rc;
}

static int run(cli *c)
{
    int ok = 1, given = 0, rc;
    if (c->npos != 1)
        return cli_fail(CB_EINVAL, "solve: give one SECRET (see codebreaker solve --help)");
    long max = cli_int(c, "max-guesses", 0, 1, 1000, &ok);
    if (!ok)
        return 2;
    if ((rc = cli_open_game_games(c, 1)) != 0) /* one game: the table only when it pays (Super Mastermind's does not) */
        return rc;
    uint64_t seed = interact_seed(c, &given, &ok);
    if (!ok)
        return 2;
    if (!given)
        seed = 0;
    uint32_t gi, si;
    cb_error err;
    if (cb_game_parse_code(c->game, c->pos[0], &gi, &err) != CB_OK)
        return cli_fail_err(&err);
    if ((si = cb_game_guess_secret(c->game, gi)) == CB_NONE) {
        char hint[160];
        cli_wider_hint(c, hint, sizeof hint);
        return cli_fail(CB_EINVAL, "'%s' is allowed as a guess but is not one of the possible secrets%s", c->pos[0],
                        hint);
    }
    int mapping = interact_mapping(c);
    if (mapping == -2)
        return 2;
    advice a;
    if ((rc = advice_open(&a, c, seed)) != 0)
        return rc;
    /* What simulate plays for this secret with this seed: the game's generator (seed, secret index) draws the
       hidden mapping when none is given, then the random choices; and never a replacement for the strategy. */
    a.exact = 1;
    cb_rng_seed2(&a.rng, seed, si);
    if (mapping < 0)
        mapping = cb_game_rule_info(c->game)->hidden ? (int)cb_rng_below(&a.rng, CB_MAPPINGS) : 0;
    term t;
    term_open(&t, cli_flag(c, "plain"), "codebreaker");
    if (!cli_flag(c, "json")) {
        a.busy = interact_busy;
        a.busy_ctx = &t;
    }
    if (!cli_flag(c, "json")) {
        printf("%s plays %s on %s%s\n", cb_strategy_name(a.strategy), c->pos[0], cb_game_name(c->game),
               c->hard ? ", hard mode" : "");
        if (cb_game_rule_info(c->game)->hidden) {
            char name[4];
            cb_game_mapping_name(mapping, name);
            printf("hidden mapping %s: %s gray, %s yellow, %s green\n", name, board_symbol(&t, name[0] - 'a'),
                   board_symbol(&t, name[1] - 'a'), board_symbol(&t, name[2] - 'a'));
        }
    }
    rc = watch(c, &a, &t, si, mapping, max ? (int)max : 100);
    if (rc == TERM_INTERRUPT_STATUS)
        printf("interrupted\n");
    term_close(&t);
    advice_close(&a);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"max-guesses", "N", "stop after N guesses (default: until solved)"},
    {"mapping", "ABC", "Symble: the hidden mapping, the symbols of gray, yellow, green (default: drawn from --seed)"},
    {"plain", NULL, "no colours or symbols: words, for screen readers and logs"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_solve = {
    "solve",
    "SECRET [OPTIONS]",
    "watch a strategy play one secret: each guess, its feedback, the candidates left and the share removed",
    "codebreaker solve --game wordle --strategy entropy crane",
    opts,
    CLI_STRATEGY_GAME,
    run,
};
