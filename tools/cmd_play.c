/* cmd_play.c: `codebreaker play`: the program keeps a secret, the person guesses. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "advice.h"
#include "commands.h"
#include "interact.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

typedef struct play {
    cli *c;
    term t;
    advice adv;
    cb_state *st;
    uint32_t secret; /* secret index */
    int mapping;     /* Symble's hidden mapping */
    uint64_t seed;
    int seeded;  /* --seed given */
    long daily;  /* the daily game's number, or -1 */
    cb_date day; /* and its date */
    char date[CB_DAILY_TEXT];
} play;

static void help(const play *p)
{
    (void)p;
    printf("Type a guess, or one of:\n"
           "  hint     the strategy's best guess now\n"
           "  giveup   show the secret and how the strategy would have played it\n"
           "  help     this text\n"
           "  quit     leave (the secret stays secret)\n");
}

static void hint(play *p)
{
    advice_pick pick;
    char word[WORD_MAX], score[64];
    if (advice_choose(&p->adv, p->st, &pick) != CB_OK) {
        printf("no hint: no guess is left\n");
        return;
    }
    interact_word(p->c->game, pick.guess, word, sizeof word);
    advice_format_score(&p->adv, &pick, score, sizeof score);
    if (!pick.scored)
        snprintf(score, sizeof score, "the first candidate: too many to score");
    size_t n = cb_state_count(p->st);
    printf("hint: %s (%s%s%zu candidate%s)\n", word, score, *score ? "; " : "", n, n == 1 ? " remains" : "s remain");
}

/* "salet (57 left), crane (won)" for one player's guesses. */
static void print_line(const play *p, const char *who, const uint32_t *guesses, const uint32_t *fbs, int turns, int won)
{
    const cb_game *g = p->c->game;
    cb_state *st;
    char word[WORD_MAX];
    if (cb_state_new(p->c->table, &st) != CB_OK)
        return;
    printf("  %s: ", who);
    for (int i = 0; i < turns; i++) {
        interact_word(g, guesses[i], word, sizeof word);
        cb_state_apply(st, guesses[i], fbs[i]);
        if (fbs[i] == cb_game_won(g))
            printf("%s%s", i ? ", " : "", word);
        else
            printf("%s%s (%zu left)", i ? ", " : "", word, cb_state_count(st));
    }
    if (turns == 0)
        printf("no guess");
    if (won)
        printf(": won in %d\n", turns);
    else
        printf(": not solved\n");
    cb_state_free(st);
}

/* The grid players post (share.h, the dashboard's Share copies the same), in the dark theme's signs. */
static void share(const play *p)
{
    size_t turns = cb_state_turns(p->st);
    char *grid = malloc(CB_SHARE_SIZE(turns, cb_game_length(p->c->game)));
    if (p->t.look == TERM_PLAIN || turns == 0 || !grid) { /* no signs for screen readers */
        free(grid);
        return;
    }
    char title[CB_DAILY_TITLE] = ""; /* the game's own name ("Bagels"), and a daily game's lists and number */
    cb_game_setup s;
    if (cli_game_setup(p->c, &s) == 0 && cb_game_setup_preset(&s)) {
        const char *label = cb_game_setup_preset(&s)->label;
        cb_daily_title(label, cb_game_setup_lists(&s), p->daily >= 0 ? &p->day : NULL, cb_state_hard(p->st), title,
                       sizeof title);
    }
    if (cb_share_grid(p->st, title[0] ? title : NULL, CB_SHARE_DARK, grid,
                      CB_SHARE_SIZE(turns, cb_game_length(p->c->game))) == CB_OK)
        printf("\nshare\n%s", grid);
    free(grid);
}

/* The end of a game: the secret, the person's guesses, the strategy's on the same secret. */
static void summary(play *p)
{
    const cb_game *g = p->c->game;
    char word[WORD_MAX], who[64];
    uint32_t guesses[64], fbs[64];
    int turns = 0, won = 0;
    size_t n = cb_state_turns(p->st);
    interact_word(g, cb_game_secret_guess(g, p->secret), word, sizeof word);
    printf("\nsummary\n  secret: %s", word);
    if (cb_game_rule_info(g)->hidden) {
        char name[4];
        cb_game_mapping_name(p->mapping, name);
        printf(" (symbols: %s gray, %s yellow, %s green)", board_symbol(&p->t, name[0] - 'a'),
               board_symbol(&p->t, name[1] - 'a'), board_symbol(&p->t, name[2] - 'a'));
    }
    printf("\n");
    for (size_t i = 0; i < n && i < 64; i++)
        cb_state_turn(p->st, i, &guesses[i], &fbs[i]);
    print_line(p, "you", guesses, fbs, (int)(n < 64 ? n : 64), cb_state_won(p->st));
    if (advice_playout(&p->adv, p->secret, p->mapping, cb_state_hard(p->st), 64, guesses, fbs, &turns, &won) == CB_OK) {
        snprintf(who, sizeof who, "%s would play", cb_strategy_name(p->adv.strategy));
        print_line(p, who, guesses, fbs, turns, won);
    }
    if (!p->seeded && !cli_get(p->c, "secret") && p->daily < 0)
        printf("  (--seed %llu plays this secret again)\n", (unsigned long long)p->seed);
    share(p);
}

/* A typed guess: refused (no turn used) when it is not a code of the game or breaks hard mode. 1 when played. */
static int guess(play *p, const char *text)
{
    const cb_game *g = p->c->game;
    uint32_t gi;
    cb_error err;
    char why[256];
    int rc = cb_game_parse_code(g, text, &gi, &err);
    if (rc != CB_OK) {
        printf("%s (no turn used)\n", err.message);
        return 0;
    }
    if (!cb_state_legal(p->st, gi, why, sizeof why)) {
        printf("%s (no turn used)\n", why);
        return 0;
    }
    uint32_t fb = advice_feedback(p->c->table, gi, p->secret, p->mapping);
    if ((rc = cb_state_apply(p->st, gi, fb)) != CB_OK) {
        printf("%s (no turn used)\n", cb_strerror(rc));
        return 0;
    }
    if (p->t.look >= TERM_SYMBOLS)
        board_rows(&p->t, p->st);
    else
        board_row(&p->t, g, gi, fb);
    if (!cb_state_over(p->st))
        board_keyboard(&p->t, p->st);
    return 1;
}

/* The game loop; returns the exit status. */
static int loop(play *p)
{
    const cb_game *g = p->c->game;
    char line[1024], prompt[64], word[WORD_MAX];
    for (;;) {
        int turn = (int)cb_state_turns(p->st) + 1;
        snprintf(prompt, sizeof prompt, "guess %d/%d> ", turn, cb_state_max_guesses(p->st));
        int rc = term_read(&p->t, prompt, line, sizeof line);
        if (rc != TERM_LINE)
            return interact_leave(&p->t, rc);
        char *s = interact_trim(line);
        if (*s == '\0')
            continue;
        if (interact_is(s, "help", NULL) || strcmp(s, "?") == 0)
            help(p);
        else if (interact_is(s, "hint", NULL))
            hint(p);
        else if (interact_is(s, "quit", NULL) || interact_is(s, "exit", NULL)) {
            printf("bye\n");
            break;
        } else if (interact_is(s, "giveup", NULL) || interact_is(s, "give up", NULL)) {
            interact_word(g, cb_game_secret_guess(g, p->secret), word, sizeof word);
            printf("you gave up: the secret was %s\n", word);
            summary(p);
            break;
        } else if (guess(p, s)) {
            if (cb_state_won(p->st)) {
                printf("solved in %d guess%s!\n", turn, turn == 1 ? "" : "es");
                summary(p);
                break;
            }
            if (cb_state_over(p->st)) {
                interact_word(g, cb_game_secret_guess(g, p->secret), word, sizeof word);
                printf("out of guesses: the secret was %s\n", word);
                summary(p);
                break;
            }
        }
    }
    term_close(&p->t);
    return 0;
}

/* --daily [YYYY-MM-DD]: the secret of that date (today's, local time, by default), as the page's Daily. */
static int draw_daily(play *p)
{
    cli *c = p->c;
    cb_date d;
    cb_error err;
    if (cli_get(c, "secret") || cli_get(c, "seed") || cli_get(c, "mapping"))
        return cli_fail(CB_EINVAL, "--daily chooses the secret: give it without --secret, --seed or --mapping");
    if (c->npos > 1)
        return cli_fail(CB_EINVAL, "--daily takes one date (YYYY-MM-DD), but got '%s' too", c->pos[1]);
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm))
        return cli_fail(CB_EINVAL, "--daily: cannot read today's date");
    cb_date today = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
    d = today;
    if (c->npos == 1 && cb_daily_parse(c->pos[0], &d, &err) != CB_OK)
        return cli_fail(err.code, "--daily: %s", err.message);
    if (cb_daily_check_today(d, today, &err) != CB_OK)
        return cli_fail(err.code, "--daily: %s", err.message);
    if (cb_daily_secret(c->game, d, &p->secret, &p->mapping, &err) != CB_OK)
        return cli_fail(err.code, "--daily: %s", err.message);
    p->daily = cb_daily_number(d);
    p->day = d;
    cb_daily_format(d, p->date);
    return 0;
}

/* Choose the secret (--daily, --secret or a draw from the seed) and Symble's mapping (--mapping or the same draw). */
static int draw(play *p)
{
    cli *c = p->c;
    p->daily = -1;
    if (cli_flag(c, "daily"))
        return draw_daily(p);
    cb_rng rng;
    int ok = 1;
    p->seed = interact_seed(c, &p->seeded, &ok);
    if (!ok)
        return 2;
    cb_rng_seed(&rng, p->seed);
    p->secret = cb_rng_below(&rng, cb_game_secret_count(c->game));
    p->mapping = (int)cb_rng_below(&rng, CB_MAPPINGS);
    const char *secret = cli_get(c, "secret");
    if (secret) {
        uint32_t gi;
        cb_error err;
        if (cb_game_parse_code(c->game, secret, &gi, &err) != CB_OK)
            return cli_fail(err.code, "--secret: %s", err.message);
        p->secret = cb_game_guess_secret(c->game, gi);
        if (p->secret == CB_NONE) {
            char hint[160];
            cli_wider_hint(c, hint, sizeof hint);
            return cli_fail(CB_EINVAL, "--secret: '%s' is allowed as a guess but is not one of the possible secrets%s",
                            secret, hint);
        }
    }
    int m = interact_mapping(c);
    if (m == -2)
        return 2;
    if (m >= 0)
        p->mapping = m;
    if (!cb_game_rule_info(c->game)->hidden)
        p->mapping = 0;
    return 0;
}

static int run(cli *c)
{
    play p;
    int ok = 1, rc;
    memset(&p, 0, sizeof p);
    if (!cli_flag(c, "daily") && (rc = cli_no_args(c)) != 0)
        return rc;
    p.c = c;
    long max = cli_int(c, "max-guesses", 0, 1, 64, &ok);
    if (!ok)
        return 2;
    if ((rc = cli_open_game_games(c, 1)) != 0) /* a game at a time: the table only when it pays for one */
        return rc;
    cb_game_setup s; /* the guess limit, read into the set-up: --max-guesses, else the preset's */
    if ((rc = cli_game_setup(c, &s)) != 0)
        return rc;
    s.max_guesses = (int)max;
    if ((rc = draw(&p)) != 0)
        return rc;
    if ((rc = advice_open(&p.adv, c, p.seed)) != 0)
        return rc;
    if (cb_state_new(c->table, &p.st) != CB_OK) {
        advice_close(&p.adv);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    cb_state_set_hard(p.st, c->hard);
    cb_state_set_max_guesses(p.st, cb_game_setup_max_guesses(&s));
    term_open(&p.t, cli_flag(c, "plain"), "codebreaker");
    p.adv.busy = interact_busy;
    p.adv.busy_ctx = &p.t;
    printf("codebreaker play: %s%s\n", cb_game_name(c->game), c->hard ? ", hard mode" : "");
    if (p.daily >= 0)
        printf("daily game #%ld of %s\n", p.daily, p.date);
    else if (!cli_get(c, "secret"))
        printf("secret drawn with --seed %llu\n", (unsigned long long)p.seed);
    interact_rules(&p.t, c->game, cb_state_max_guesses(p.st));
    printf("Type a guess; help, hint, giveup or quit.\n");
    rc = loop(&p);
    cb_state_free(p.st);
    advice_close(&p.adv);
    return rc;
}

static const cli_opt opts[] = {
    {"secret", "CODE", "the secret to find (default: drawn at random)"},
    {"daily", NULL,
     "the daily game: the secret of the date given after it (YYYY-MM-DD; default today), the page's too"},
    {"seed", "S", "draw the secret (and Symble's hidden mapping) from seed S, to repeat a game"},
    {"mapping", "ABC", "Symble: the hidden mapping, the symbols of gray, yellow, green (e.g. cab)"},
    {"max-guesses", "N", "guesses allowed (default 6 Wordle, 8 Symble, 10 Mastermind)"},
    {"plain", NULL, "no colours or symbols: words, for screen readers and logs"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_play = {
    "play",
    "[OPTIONS] [--daily [YYYY-MM-DD]]",
    "play a game: the program keeps a secret and you guess (hint, giveup, quit)",
    "codebreaker play --game wordle --hard",
    opts,
    CLI_STRATEGY_GAME,
    run,
};
