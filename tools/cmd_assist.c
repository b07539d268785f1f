/* cmd_assist.c: `codebreaker assist`: the person plays elsewhere, the program proposes and narrows down. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "commands.h"
#include "interact.h"

#define WORD_MAX (CB_MAX_LENGTH * 4 + 1)

typedef struct session {
    cli *c;
    term t;
    advice adv;
    assist a;
    int shown;       /* the proposal of the current state was printed */
    double *weights; /* word frequencies per secret, for list (loaded on first use) */
    int weights_tried;
    uint64_t seed; /* of the advice, again after widen */
    int told_one;  /* "one candidate left" was said for the current state */
} session;

static void help(void)
{
    printf("Each turn type the guess you played (Enter takes the proposal), then the feedback it got:\n"
           "  Wordle G.Y.. (also 21002, gy-.g), Mastermind 2B1W (also 2 1), Symble a b c or the symbols, won.\n"
           "  Both fit on one line: salet .y..g\n"
           "commands:\n"
           "  undo         take back the guess typed, or the last turn\n"
           "  list [N]     the remaining candidates, most likely first (N of them, default 20; 0 all)\n"
           "  top [N]      the best guesses now with every score (default 10)\n"
           "  hard on|off  Wordle hard mode\n"
           "  widen        every allowed word may be the answer (when the day's answer is not in the list)\n"
           "  help         this text\n"
           "  quit         leave\n");
}

static const char *word_of(const session *s, uint32_t gi)
{
    static char buf[WORD_MAX];
    interact_word(s->c->game, gi, buf, sizeof buf);
    return buf;
}

/* The remaining candidates, up to `limit`, each with its guess index, in list order. */
static void show_few(const session *s, size_t limit)
{
    const cb_game *g = s->c->game;
    size_t n = cb_state_count(s->a.st);
    const uint32_t *cand = cb_state_candidates(s->a.st);
    printf("  %s:", n == 1 ? "candidate" : "candidates");
    for (size_t i = 0; i < n && i < limit; i++)
        printf(" %s", word_of(s, cb_game_secret_guess(g, cand[i])));
    printf(n > limit ? " ...\n" : "\n");
}

/* "turn 2: 57 candidates; try trace (40 parts)", once per state. */
static void show_proposal(session *s)
{
    char score[64];
    size_t n = cb_state_count(s->a.st);
    if (s->shown)
        return;
    s->shown = 1;
    printf("turn %zu: %zu candidate%s", cb_state_turns(s->a.st) + 1, n, n == 1 ? "" : "s");
    if (assist_propose(&s->a) != CB_OK) {
        printf("; no proposal\n");
        return;
    }
    advice_format_score(&s->adv, &s->a.proposal, score, sizeof score);
    if (!s->a.proposal.scored)
        snprintf(score, sizeof score, "the first candidate: too many to score");
    printf("; try %s%s%s%s\n", word_of(s, s->a.proposal.guess), *score ? " (" : "", score, *score ? ")" : "");
    if (n <= 8)
        show_few(s, 8);
}

/* After a turn was recorded: its row, how much it removed, Symble's meanings. */
static void show_turn(session *s, size_t before)
{
    uint32_t gi, fb;
    size_t n = cb_state_count(s->a.st);
    cb_state_turn(s->a.st, cb_state_turns(s->a.st) - 1, &gi, &fb);
    board_row(&s->t, s->c->game, gi, fb);
    if (cb_state_won(s->a.st))
        return;
    if (before >= n) /* after a widen the count before is the narrower list's: no share then */
        printf("  %zu candidate%s left (%.1f%% removed)\n", n, n == 1 ? "" : "s",
               before ? 100.0 * (double)(before - n) / (double)before : 0.0);
    else
        printf("  %zu candidate%s left\n", n, n == 1 ? "" : "s");
    if (cb_game_rule_info(s->c->game)->hidden)
        interact_mappings(&s->t, s->a.st);
    s->shown = 0;
}

static int by_weight_desc(const void *x, const void *y, const double *w)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    if (w[a] != w[b])
        return w[a] > w[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static const double *sort_weights; /* qsort has no context argument */
static int cmp_weight(const void *x, const void *y)
{
    return by_weight_desc(x, y, sort_weights);
}

/* Word frequencies, when the game has words the bundled (or --freq) file knows. */
static const double *weights(session *s)
{
    const cb_game *g = s->c->game;
    if (!s->weights_tried) {
        size_t found = 0;
        s->weights_tried = 1;
        if (cb_game_rule_info(g)->words && !cb_game_complete(g) &&
            (cb_game_length(g) == 5 || cli_input(s->c, "freq")) &&
            cb_frequency_load(g, cli_input(s->c, "freq"), &s->weights, &found, NULL) == CB_OK && found == 0) {
            free(s->weights);
            s->weights = NULL;
        }
    }
    return s->weights;
}

static void list(session *s, const char *arg)
{
    const cb_game *g = s->c->game;
    long limit = *arg ? strtol(arg, NULL, 10) : 20;
    size_t n = cb_state_count(s->a.st), shown = limit <= 0 ? n : (size_t)limit;
    uint32_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!order)
        return;
    memcpy(order, cb_state_candidates(s->a.st), n * sizeof *order);
    const double *w = weights(s);
    if (w) {
        sort_weights = w;
        qsort(order, n, sizeof *order, cmp_weight);
    }
    printf("%zu candidate%s%s:\n", n, n == 1 ? "" : "s", w ? ", most likely first" : "");
    for (size_t i = 0; i < n && i < shown; i++)
        printf("%s%s", i % 10 ? " " : "  ", word_of(s, cb_game_secret_guess(g, order[i])));
    if (n && shown)
        printf("\n");
    if (n > shown)
        printf("  ... and %zu more (list 0 shows all)\n", n - shown);
    free(order);
}

static void top(session *s, const char *arg)
{
    const cb_strategy *r = s->adv.ranker ? s->adv.ranker : s->adv.strategy;
    long limit = *arg ? strtol(arg, NULL, 10) : 10;
    size_t count = 0, n = cb_state_count(s->a.st);
    if (limit <= 0 || limit > 1000)
        limit = 10;
    if (advice_rank_cost(&s->adv, s->a.st) > ADVICE_MAX_WORK) {
        printf("too many candidates to rank every guess now (%zu)\n", n);
        return;
    }
    cb_guess_score *out = calloc((size_t)limit, sizeof *out);
    if (!out)
        return;
    int rc = cb_strategy_rank(r, s->a.st, (size_t)limit, out, &count);
    if (rc != CB_OK) {
        printf("cannot rank: %s\n", cb_strerror(rc));
        free(out);
        return;
    }
    int width = 5;
    for (size_t i = 0; i < count; i++) {
        int w = term_width(word_of(s, out[i].guess));
        width = w > width ? w : width;
    }
    printf("best guesses by %s:\n  rank  %-*s  largest  expected  parts  entropy  candidate\n", cb_strategy_name(r),
           width, "guess");
    for (size_t i = 0; i < count; i++) {
        const char *word = word_of(s, out[i].guess);
        printf("  %4zu  %s%*s  %7u  %8.2f  %5u  %7.3f  %s\n", i + 1, word, width - term_width(word), "", out[i].largest,
               out[i].expected, out[i].parts, out[i].entropy, out[i].candidate ? "yes" : "no");
    }
    free(out);
}

/*
 * `widen`: go on with every allowed word a possible answer. The game, table and
 * advice are remade; the turns (and a refused feedback) replayed by word.
 */
static void widen(session *s)
{
    cli *c = s->c;
    cb_error err;
    cb_game *game;
    char msg[256];
    int wrc = cli_wider_game(c, &game, &err);
    if (wrc != CB_OK) {
        if (wrc == CB_ENOTFOUND)
            printf("%s\n", err.message);
        else
            printf("cannot widen: %s\n", err.message);
        return;
    }
    cb_game *old_game = c->game;
    cb_table *old_table = c->table;
    advice old_adv = s->adv;
    c->game = game;
    c->table = NULL;
    cb_table_mode mode;
    int rc = cli_table_mode(c, CB_TABLE_AUTO, &mode);
    if (rc == 0)
        rc = cli_open_table_work(c, game, mode, cli_games_work(c, 1), &c->table);
    if (rc == 0 && (rc = advice_open(&s->adv, c, s->seed)) == 0 &&
        assist_widen(&s->a, c->table, &s->adv, msg, sizeof msg) != ASSIST_OK) {
        printf("cannot widen: %s\n", *msg ? msg : "out of memory");
        advice_close(&s->adv);
        rc = 1;
    }
    if (rc != 0) { /* back to the lists as they were */
        cb_table_free(c->table);
        cb_game_free(game);
        c->game = old_game;
        c->table = old_table;
        s->adv = old_adv;
        return;
    }
    s->adv.busy = interact_busy;
    s->adv.busy_ctx = &s->t;
    advice_close(&old_adv);
    cb_table_free(old_table);
    cb_game_free(old_game);
    free(s->weights);
    s->weights = NULL;
    s->weights_tried = 0;
    s->shown = 0;
    size_t n = cb_state_count(s->a.st);
    printf("every allowed word may be the answer now: %s; %zu candidate%s left\n", cb_game_name(c->game), n,
           n == 1 ? "" : "s");
}

/* A command typed at either prompt: 1 when it was one (handled), -1 for quit. */
static int command(session *s, const char *line)
{
    const char *arg;
    if (interact_is(line, "help", NULL) || strcmp(line, "?") == 0)
        help();
    else if (interact_is(line, "quit", NULL) || interact_is(line, "exit", NULL))
        return -1;
    else if (interact_is(line, "undo", NULL)) {
        int pending = s->a.pending != CB_NONE;
        if (!assist_undo(&s->a))
            printf("nothing to undo\n");
        else if (pending)
            printf("guess dropped\n");
        else {
            printf("took back turn %zu\n", cb_state_turns(s->a.st) + 1);
            s->shown = 0;
        }
    } else if (interact_is(line, "widen", NULL))
        widen(s);
    else if (interact_is(line, "list", &arg) && (*arg == '\0' || (*arg >= '0' && *arg <= '9')))
        list(s, arg);
    else if (interact_is(line, "top", &arg) && (*arg == '\0' || (*arg >= '0' && *arg <= '9')))
        top(s, arg);
    else if (interact_is(line, "hard", &arg) && (strcmp(arg, "on") == 0 || strcmp(arg, "off") == 0)) {
        if (!cb_game_rule_info(s->c->game)->hard_mode)
            printf("hard mode is a Wordle rule\n");
        else {
            assist_set_hard(&s->a,
                            strcmp(arg, "on") == 0 ? (cb_hard)cb_game_rule_info(s->c->game)->hard_mode : CB_HARD_NONE);
            printf("hard mode %s\n", arg);
            s->shown = 0;
        }
    } else
        return 0;
    return 1;
}

/* Report a refused guess or feedback. */
static void refused(assist_status st, const char *msg)
{
    if (st == ASSIST_ILLEGAL)
        printf("%s (not recorded; hard off turns hard mode off)\n", msg);
    else
        printf("%s\n", msg);
}

/* Record a feedback for the pending guess and show the turn. */
static void feedback(session *s, const char *text)
{
    char msg[256];
    size_t before = cb_state_count(s->a.st);
    assist_status st = assist_feedback(&s->a, text, msg, sizeof msg);
    if (st == ASSIST_OK)
        show_turn(s, before);
    else if (st == ASSIST_CONTRADICT && s->a.wider_fits) {
        /* the day's answer is outside the list: go on with every allowed word, as `widen` does */
        printf("%s\n  so every allowed word may be the answer from now on (%s %s is recorded; undo takes it "
               "back)\n",
               msg, word_of(s, s->a.pending), text);
        widen(s);
    } else if (st == ASSIST_CONTRADICT)
        printf("%s (%s %s not recorded: type the feedback again, or undo)\n", msg, word_of(s, s->a.pending), text);
    else
        refused(st, msg);
}

/* 1 when the whole line reads as a feedback of this game. */
static int is_feedback(const session *s, const char *line)
{
    char norm[256];
    uint32_t fb;
    board_normalise_feedback(s->c->game, line, norm, sizeof norm);
    return cb_game_parse_feedback(s->c->game, norm, &fb, NULL) == CB_OK;
}

/* A line at the guess prompt: a guess, a guess and its feedback, or the feedback of the proposal. */
static void guess_line(session *s, char *line)
{
    char msg[256], first[256];
    size_t k = strcspn(line, " \t");
    snprintf(first, sizeof first, "%.*s", (int)k, line);
    const char *rest = line + k;
    while (*rest == ' ' || *rest == '\t')
        rest++;
    assist_status st = assist_guess(&s->a, first, msg, sizeof msg);
    if (st == ASSIST_BAD_GUESS && *line && is_feedback(s, line) &&
        assist_guess(&s->a, "", msg, sizeof msg) == ASSIST_OK) {
        printf("  (the feedback of %s)\n", word_of(s, s->a.pending));
        feedback(s, line);
        return;
    }
    if (st != ASSIST_OK)
        refused(st, msg);
    else if (*rest)
        feedback(s, rest);
}

/*
 * The GUESS=FEEDBACK arguments: turns already played, recorded as if typed
 * (a bad one is a usage error, before anything is asked). 0 or the status.
 */
static int replay(session *s, char **args, int n)
{
    for (int i = 0; i < n; i++) {
        char msg[256], guess[256];
        const char *eq = strchr(args[i], '=');
        if (!eq)
            return cli_fail(CB_EINVAL, "'%s' is not GUESS=FEEDBACK", args[i]);
        snprintf(guess, sizeof guess, "%.*s", (int)(eq - args[i]), args[i]);
        size_t before = cb_state_count(s->a.st);
        assist_status st = *guess ? assist_guess(&s->a, guess, msg, sizeof msg) : ASSIST_BAD_GUESS;
        if (st == ASSIST_OK)
            st = assist_feedback(&s->a, eq + 1, msg, sizeof msg);
        if (st == ASSIST_CONTRADICT && s->a.wider_fits) { /* the answer is outside the list: widen, as typed */
            printf("%s\n  so every allowed word may be the answer from now on\n", msg);
            widen(s);
            st = s->a.refused == CB_NONE && s->a.pending == CB_NONE ? ASSIST_OK : st;
        }
        if (st != ASSIST_OK) {
            assist_undo(&s->a); /* a pending guess */
            return cli_fail(CB_EINVAL, "%s: %s", args[i], *guess ? msg : "no guess before '='");
        }
        show_turn(s, before);
    }
    return 0;
}

static int loop(session *s)
{
    char line[1024], prompt[WORD_MAX + 32];
    for (;;) {
        int fin = assist_finished(&s->a);
        if (fin == 1) {
            size_t n = cb_state_turns(s->a.st);
            printf("solved in %zu guess%s\n", n, n == 1 ? "" : "es");
            break;
        }
        if (fin == 2 && s->a.pending == CB_NONE && s->told_one != (int)cb_state_turns(s->a.st) + 1) {
            /* said once; a row may still follow, when the day's answer is outside the list */
            uint32_t gi = cb_game_secret_guess(s->c->game, cb_state_candidates(s->a.st)[0]);
            printf("one candidate left: %s (play it for turn %zu)\n", word_of(s, gi), cb_state_turns(s->a.st) + 1);
            s->told_one = (int)cb_state_turns(s->a.st) + 1;
        }
        if (s->a.pending == CB_NONE) {
            show_proposal(s);
            snprintf(prompt, sizeof prompt, s->a.has_proposal ? "guess [%s]> " : "guess> ",
                     s->a.has_proposal ? word_of(s, s->a.proposal.guess) : "");
        } else
            snprintf(prompt, sizeof prompt, "feedback for %s> ", word_of(s, s->a.pending));
        int rc = term_read(&s->t, prompt, line, sizeof line);
        if (rc != TERM_LINE)
            return interact_leave(&s->t, rc);
        char *text = interact_trim(line);
        int cmd = command(s, text);
        if (cmd < 0) {
            printf("bye\n");
            break;
        }
        if (cmd > 0)
            continue;
        if (s->a.pending == CB_NONE)
            guess_line(s, text);
        else if (*text)
            feedback(s, text);
        else
            printf("type the feedback %s got, or undo\n", word_of(s, s->a.pending));
    }
    term_close(&s->t);
    return 0;
}

static int run(cli *c)
{
    session s;
    int ok = 1, given = 0, rc;
    memset(&s, 0, sizeof s);
    s.c = c;
    if ((rc = cli_open_game_games(c, 1)) != 0) /* one game: the table only when it pays (as play) */
        return rc;
    uint64_t seed = interact_seed(c, &given, &ok);
    if (!ok)
        return 2;
    if (!given)
        seed = 0; /* random strategies repeat unless a seed is given */
    s.seed = seed;
    if ((rc = advice_open(&s.adv, c, seed)) != 0)
        return rc;
    if (assist_init(&s.a, c->table, &s.adv, c->hard) != CB_OK) {
        advice_close(&s.adv);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    term_open(&s.t, cli_flag(c, "plain"), "codebreaker");
    s.adv.busy = interact_busy;
    s.adv.busy_ctx = &s.t;
    printf("codebreaker assist: %s, strategy %s%s\n", cb_game_name(c->game), cb_strategy_name(s.adv.strategy),
           c->hard ? ", hard mode" : "");
    printf("Type the guess you played (Enter takes the proposal) and the feedback it got; help for commands.\n");
    if (cb_game_rule_info(c->game)->hidden)
        interact_mappings(&s.t, s.a.st);
    rc = replay(&s, c->pos, c->npos);
    if (rc == 0)
        rc = loop(&s);
    free(s.weights);
    assist_release(&s.a);
    advice_close(&s.adv);
    return rc;
}

static const cli_opt opts[] = {
    {"plain", NULL, "no colours or symbols: words, for screen readers and logs"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_assist = {
    "assist",
    "[OPTIONS] [GUESS=FEEDBACK...]",
    "advise a game played elsewhere: proposes each guess, narrows down with the feedback you type "
    "(the turns already played may be given as arguments)",
    "codebreaker assist --game wordle   (then: Enter, .y..g, ...)",
    opts,
    CLI_STRATEGY_GAME,
    run,
};
