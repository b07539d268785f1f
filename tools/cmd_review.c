/*
 * cmd_review.c: `codebreaker review`: a game graded turn by turn against
 * proved optimal play (coach.h): each guess's expected number of guesses to
 * finish beside the best one's, a skill and a luck score, the words left,
 * and the optimal line from each position.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "outfile.h"

/* The share grid's signs: Wordle's squares (light and dark themes) and the letters of the notation. */
static int grid_sign(const char *p, char *out, size_t *used)
{
    static const struct {
        const char *utf8;
        char sign;
    } signs[] = {{"\xf0\x9f\x9f\xa9", 'G'}, {"\xf0\x9f\x9f\xa7", 'G'}, {"\xf0\x9f\x9f\xa8", 'Y'},
                 {"\xf0\x9f\x9f\xa6", 'Y'}, {"\xe2\xac\x9b", '.'},     {"\xe2\xac\x9c", '.'}};
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (strncmp(p, signs[i].utf8, strlen(signs[i].utf8)) == 0) {
            *out = signs[i].sign;
            *used = strlen(signs[i].utf8);
            return 1;
        }
    return 0;
}

/* The feedback rows of a pasted share grid (other lines, such as "Wordle 1,234 4/6", are skipped). */
static int read_grid(const char *path, char rows[][CB_MAX_LENGTH + 1], int max, int *n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    char line[1024];
    *n = 0;
    if (!f)
        return cli_fail(CB_EIO, "--grid: cannot open %s", path);
    while (fgets(line, sizeof line, f)) {
        char row[CB_MAX_LENGTH + 1];
        int k = 0;
        size_t used;
        for (const char *p = line; *p && k < CB_MAX_LENGTH;)
            if (grid_sign(p, &row[k], &used)) {
                k++;
                p += used;
            } else
                p++;
        if (k == 0)
            continue;
        if (*n == max) {
            *n = -1;
            break;
        }
        row[k] = '\0';
        memcpy(rows[(*n)++], row, (size_t)k + 1);
    }
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (bad)
        return cli_fail(CB_EIO, "--grid: %s could not be read", path);
    if (*n < 0)
        return cli_fail(CB_EINVAL, "--grid: more than %d rows", max);
    return 0;
}

/* The turns of the arguments: GUESS=FEEDBACK rows, or guesses scored against --answer or the grid's rows. */
static int read_turns(cli *c, uint32_t *guesses, uint32_t *fbs, size_t *turns)
{
    const char *answer = cli_get(c, "answer"), *grid = cli_get(c, "grid");
    char rows[CB_TREE_MAX_DEPTH][CB_MAX_LENGTH + 1];
    int nrows = 0, rc;
    uint32_t secret = CB_NONE;
    cb_error err;
    *turns = 0;
    if (c->npos == 0)
        return cli_fail(CB_EINVAL, "review needs the game: GUESS GUESS ... with --answer, or GUESS=FEEDBACK rows");
    if (c->npos > CB_TREE_MAX_DEPTH)
        return cli_fail(CB_EINVAL, "review takes at most %d turns", CB_TREE_MAX_DEPTH);
    if (answer && cb_game_parse_secret(c->game, answer, &secret, &err) != CB_OK)
        return cli_fail(err.code, "--answer: %s", err.message);
    int mapping = -1; /* Symble: the symbols the answer's colours are seen through (0, abc, unless given or read) */
    const char *mtext = cli_get(c, "mapping");
    if (mtext && !cb_game_rule_info(c->game)->hidden)
        return cli_fail(CB_EINVAL, "--mapping applies to Symble only");
    if (mtext && (mapping = cb_game_mapping_parse(mtext)) < 0)
        return cli_fail(CB_EINVAL, "--mapping: '%s' is not an order of a, b, c (the symbols of gray, yellow, green)",
                        mtext);
    if (grid && (rc = read_grid(grid, rows, CB_TREE_MAX_DEPTH, &nrows)) != 0)
        return rc;
    if (grid && nrows != c->npos)
        return cli_fail(CB_EINVAL,
                        "--grid has %d rows but %d guesses were given: a share grid carries no words, "
                        "so give each guess",
                        nrows, c->npos);
    for (int i = 0; i < c->npos; i++) {
        char word[CB_MAX_LENGTH * 4 + 1];
        const char *arg = c->pos[i], *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), arg);
        if (cb_game_parse_code(c->game, word, &guesses[i], &err) != CB_OK)
            return cli_fail(err.code, "turn %d: %s", i + 1, err.message);
        const char *fbtext = eq ? eq + 1 : grid ? rows[i] : NULL;
        if (fbtext && cb_game_parse_feedback(c->game, fbtext, &fbs[i], &err) != CB_OK)
            return cli_fail(err.code, "turn %d: %s", i + 1, err.message);
        if (!fbtext && secret == CB_NONE)
            return cli_fail(CB_EINVAL, "turn %d: %s has no feedback: write GUESS=FEEDBACK, or give --answer", i + 1,
                            arg);
        if (fbtext && secret != CB_NONE && mapping < 0 && cb_game_rule_info(c->game)->hidden) {
            /* Symble rows with the answer: the first mapping that sees this row's colours so; later rows keep it */
            uint32_t raw = cb_game_feedback(c->game, guesses[i], secret);
            for (int m = 0; m < CB_MAPPINGS && mapping < 0; m++)
                if (cb_game_seen(c->game, raw, m) == fbs[i])
                    mapping = m;
        }
        uint32_t truth = secret != CB_NONE ? cb_game_feedback_seen(c->game, guesses[i], secret, mapping) : CB_NONE;
        if (fbtext && truth != CB_NONE && truth != fbs[i])
            return cli_fail(CB_EINVAL, "turn %d: %s does not score %s against the answer %s%s", i + 1, word, fbtext,
                            answer, mapping >= 0 && !mtext ? " (under the symbols of the turns before it)" : "");
        if (!fbtext) {
            fbs[i] = truth;
            if (mapping < 0 && cb_game_rule_info(c->game)->hidden)
                mapping = 0; /* the rows after it are read under the same symbols */
        }
    }
    *turns = (size_t)c->npos;
    return 0;
}

/*
 * The game as a position: the turns applied in order from the start, in the
 * set-up's hard mode, each checked once (the review grades the position as
 * it stands). CB_OK and *out (the caller's), else err says which turn.
 */
static int play_turns(const cli *c, const uint32_t *guesses, const uint32_t *fbs, size_t turns, cb_state **out,
                      cb_error *err)
{
    cb_state *st;
    *out = NULL;
    if (cb_state_new(c->table, &st) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    int rc = cb_state_set_hard(st, c->hard);
    if (rc != CB_OK)
        rc = cb_error_set(err, rc, "%s has no hard mode", cb_game_rule_info(c->game)->label);
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        char why[160];
        if (cb_state_won(st))
            rc = cb_error_set(err, CB_EINVAL, "turn %zu: the game was already won", i + 1);
        else if (!cb_state_legal(st, guesses[i], why, sizeof why))
            rc = cb_error_set(err, CB_EILLEGAL, "turn %zu: %s", i + 1, why);
        else if ((rc = cb_state_apply(st, guesses[i], fbs[i])) == CB_ECONTRADICT)
            rc = cb_error_set(err, rc, "turn %zu: no candidate left gives that feedback", i + 1);
        else if (rc != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
    }
    if (rc == CB_OK)
        *out = st;
    else
        cb_state_free(st);
    return rc;
}

/*
 * Review the turns read: the position they make, graded under the limit
 * max_guesses, the position's (or, for a game played on past it, which no
 * position holds, the options' past_limit).
 */
static int review_turns(const cli *c, const uint32_t *guesses, const uint32_t *fbs, size_t turns, int max_guesses,
                        const cb_coach_options *o, cb_coach_review *r, cb_error *err)
{
    cb_state *st;
    cb_coach_options ro = *o;
    int rc = play_turns(c, guesses, fbs, turns, &st, err);
    if (rc == CB_OK && cb_state_set_max_guesses(st, max_guesses) != CB_OK)
        ro.past_limit = max_guesses; /* more turns than the limit */
    if (rc == CB_OK)
        rc = cb_coach_review_game(st, &ro, r, err);
    cb_state_free(st);
    return rc;
}

static void word_of(const cli *c, uint32_t g, char *buf, size_t size)
{
    if (g == CB_NONE)
        snprintf(buf, size, "-");
    else
        cb_game_format_code(c->game, g, buf, size);
}

/*
 * A value as the table shows it: "3.5811" proved, "3.52-3.60" an interval
 * (both ends proved), ">=3.2878" a lone lower bound, "can lose".
 */
static void value_text(char *buf, size_t size, uint64_t lower, uint64_t upper, int proved, int can_lose, double m)
{
    if (can_lose)
        snprintf(buf, size, "can lose");
    else if (proved)
        snprintf(buf, size, "%.4f", (double)lower / m);
    else if (upper != UINT64_MAX)
        snprintf(buf, size, "%.4f-%.4f", (double)lower / m, (double)upper / m);
    else
        snprintf(buf, size, ">=%.4f", (double)lower / m);
}

/* A word, with a * when it is not among the game's possible answers (an obscure word to most players). */
static void word_mark(const cli *c, uint32_t g, char *buf, size_t size)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    word_of(c, g, w, sizeof w);
    snprintf(buf, size, "%s%s", w, g != CB_NONE && cb_game_guess_secret(c->game, g) == CB_NONE ? "*" : "");
}

static void print_text(const cli *c, const cb_coach_review *r, int widened)
{
    char g[CB_MAX_LENGTH * 4 + 2], b[CB_MAX_LENGTH * 4 + 2], f[64], skill[16], luck[16], pv[48], bv[48];
    int w = cb_game_length(c->game) + 2;
    printf("%4s  %-*s %-*s %10s  %-19s %-*s %-19s %5s %5s %6s\n", "turn", w, "guess", w, "feedback", "candidates",
           "expected", w, "best", "expected", "skill", "luck", "left");
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        double m = (double)t->candidates;
        word_mark(c, t->guess, g, sizeof g);
        word_mark(c, t->best, b, sizeof b);
        cb_game_format_feedback(c->game, t->feedback, f, sizeof f);
        /* skill rounded down: 100 only for a best guess; an interval where the values leave one */
        if (t->skill >= 0)
            snprintf(skill, sizeof skill, "%d", (int)t->skill);
        else if (t->skill_low >= 0)
            snprintf(skill, sizeof skill, "%d-%d", (int)t->skill_low, (int)t->skill_high);
        else
            snprintf(skill, sizeof skill, "-");
        snprintf(luck, sizeof luck, t->luck < 0 ? "-" : "%.0f", t->luck);
        value_text(pv, sizeof pv, t->total, t->upper, t->proved, t->can_lose, m);
        if (t->book)
            snprintf(pv + strlen(pv), sizeof pv - strlen(pv), " book");
        value_text(bv, sizeof bv, t->best_total, t->best_upper, t->best_proved, t->best_can_lose, m);
        if (t->best_book)
            snprintf(bv + strlen(bv), sizeof bv - strlen(bv), " book");
        printf("%4zu  %-*s %-*s %10llu  %-19s %-*s %-19s %5s %5s %6llu\n", i + 1, w, g, w, f,
               (unsigned long long)t->candidates, pv, w, b, bv, skill, luck, (unsigned long long)t->left);
    }
    printf("\n%s in %zu guess%s", r->won ? "solved" : "not solved", r->turns, r->turns == 1 ? "" : "es");
    if (r->skill >= 0 && (size_t)r->skill_turns == r->turns)
        printf("; skill %d over %zu turn%s", (int)r->skill, r->turns, r->turns == 1 ? "" : "s");
    else if (r->skill >= 0)
        printf("; skill %d over the %d of %zu turns graded (%d-%d over all)", (int)r->skill, r->skill_turns, r->turns,
               (int)r->skill_low, (int)r->skill_high);
    else
        printf("; skill %d-%d (no turn proved)", (int)r->skill_low, (int)r->skill_high);
    if (r->luck >= 0)
        printf(", luck %.0f", r->luck);
    printf(" (averages over the turns; %.1f s)\n", r->seconds);
    printf("expected: guesses to finish, the guess itself included, on average over the candidates: proved, or "
           "an interval whose ends are both proved (the search's budget ran out); book: read from the opening "
           "book (turn two: from its turn-two file); can lose: no strategy after it is sure to win within the limit; * "
           "a word that cannot be the "
           "answer\n");
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        double m = (double)t->candidates;
        if (t->can_lose && t->lose_chance >= 0 && t->lose_proved)
            printf("turn %zu: can lose: after it, the play that loses least loses %.1f%% of the games\n", i + 1,
                   100 * t->lose_chance);
        else if (t->can_lose && t->lose_chance >= 0)
            printf("turn %zu: can lose: after it, the play that loses least loses %.2f%% (one game) to %.1f%% (a "
                   "strategy held) of the games\n",
                   i + 1, 100 / m, 100 * t->lose_chance);
        if (t->best != CB_NONE && !t->best_proved && !t->best_can_lose && t->best_upper == UINT64_MAX) {
            word_of(c, t->best, b, sizeof b);
            printf("turn %zu: no strategy sure to win was found within the budget; %s has the least proved bound "
                   "(not proved the best)\n",
                   i + 1, b);
        }
        if (t->best_can_lose && t->best != CB_NONE && t->best != t->guess && t->best_lose_chance >= 0) {
            word_of(c, t->best, b, sizeof b);
            printf(t->best_lose_proved ? "turn %zu: every guess can lose: %s loses least, %.1f%% of the games\n"
                                       : "turn %zu: every guess can lose: %s loses %.1f%% of the games (the least "
                                         "found)\n",
                   i + 1, b, 100 * t->best_lose_chance);
        }
        if (!t->can_lose && !t->proved && t->upper == UINT64_MAX) {
            value_text(pv, sizeof pv, t->total, t->upper, 0, 0, m);
            printf("turn %zu: %s is a lower bound alone: the budget found no strategy after it that is sure to win "
                   "within the limit, nor proved that none exists\n",
                   i + 1, pv);
        }
        if (t->best_candidate != CB_NONE && t->best_candidate != t->best) {
            value_text(bv, sizeof bv, t->candidate_total, t->candidate_upper, t->candidate_proved, 0, m);
            word_of(c, t->best_candidate, b, sizeof b);
            printf("turn %zu: best that could be the answer: %s %s\n", i + 1, b, bv);
        }
    }
    for (size_t i = 0; i < r->turns; i++) /* the first turn past the limit: the game was lost there */
        if (r->turn[i].max_guesses == 0 && i > 0 && r->turn[i - 1].max_guesses > 0) {
            printf("turn %zu on: no guess was left within the limit of %d (the game was lost): graded with no "
                   "limit, by the guesses to finish\n",
                   i + 1, r->turn[i - 1].max_guesses);
            break;
        }
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        if (!t->line_len)
            continue;
        printf("optimal line from turn %zu:", i + 1);
        for (int k = 0; k < t->line_len; k++) {
            word_of(c, t->line[k], g, sizeof g);
            printf(" %s", g);
        }
        printf("\n");
    }
    if (widened) {
        const char *answer = cli_get(c, "answer");
        const cb_word_lists *l = answer ? cli_lists_with_answer(c, answer) : NULL;
        printf("the answer is not in the game's answer list: reviewed with every allowed word a possible answer\n");
        if (l)
            printf("%s is an answer of --lists %s (%s): review with --lists %s to grade the game against them\n",
                   answer, l->name, l->label, l->name);
    }
    if (r->timed_out)
        printf("note: the time limit stopped a search: these figures may differ on another run\n");
}

/* The --json object (coach.h); 0 or the exit status. */
static int print_json(const cli *c, const cb_coach_review *r)
{
    cb_json j;
    cb_json_init(&j);
    cb_coach_review_json(c->game, r, &j);
    return cli_json_print(&j);
}

/* The options of the review: the game's limit on guesses (*max_guesses), the work budget, the time guard. */
static int review_options(cli *c, cb_coach_options *o, int *max_guesses, double **weights)
{
    cli_search budget;
    cb_error err;
    size_t found;
    if (cli_search_read(c, cb_coach_max_guesses(c->game), (long long)CB_COACH_WORK, &budget) != 0)
        return 2;
    cb_coach_options_default(o);
    cli_search_coach(&budget, o);
    *max_guesses = budget.max_guesses;
    *weights = NULL;
    if (cb_game_length(c->game) == 5 && cb_frequency_load(c->game, NULL, weights, &found, &err) == CB_OK)
        o->weights = *weights;
    return 0;
}

/*
 * Every allowed word a possible answer (as assist's `widen`): the game and
 * table remade. 0 when widened; else -1, the game as it was.
 */
static int widen(cli *c)
{
    cb_error err;
    cb_game *game;
    cb_table *table;
    cb_table_mode mode;
    if (cli_wider_game(c, &game, &err) != CB_OK)
        return -1;
    if (cli_table_mode(c, CB_TABLE_AUTO, &mode) != 0 || cli_open_table(c, game, mode, &table) != 0) {
        cb_game_free(game);
        return -1;
    }
    cb_table_free(c->table);
    cb_game_free(c->game);
    c->game = game;
    c->table = table;
    return 0;
}

static int run(cli *c)
{
    uint32_t guesses[CB_TREE_MAX_DEPTH], fbs[CB_TREE_MAX_DEPTH];
    size_t turns;
    cb_coach_options o;
    cb_coach_review r;
    cb_error err;
    double *weights = NULL;
    int widened = 0, max_guesses = 0;
    const char *answer = cli_get(c, "answer");
    uint32_t code;
    int rc = cli_open_game(c);
    if (rc)
        return rc;
    /* an answer outside the answer list but allowed (a later list's word): widen, as assist does */
    if (answer && cb_game_parse_secret(c->game, answer, &code, &err) != CB_OK &&
        cb_game_parse_code(c->game, answer, &code, &err) == CB_OK && widen(c) == 0)
        widened = 1;
    rc = read_turns(c, guesses, fbs, &turns);
    if (rc == 0)
        rc = review_options(c, &o, &max_guesses, &weights);
    if (rc)
        return rc;
    rc = review_turns(c, guesses, fbs, turns, max_guesses, &o, &r, &err);
    if (rc == CB_ECONTRADICT && !widened && widen(c) == 0) {
        widened = 1;
        free(weights);
        weights = NULL;
        if ((rc = read_turns(c, guesses, fbs, &turns)) == 0 &&
            (rc = review_options(c, &o, &max_guesses, &weights)) == 0)
            rc = review_turns(c, guesses, fbs, turns, max_guesses, &o, &r, &err);
        else {
            free(weights);
            return rc;
        }
    }
    free(weights);
    if (rc != CB_OK) {
        char hint[160];
        cli_wider_hint(c, hint, sizeof hint);
        if (rc == CB_ECONTRADICT && *hint)
            return cli_fail(rc, "%s%s", err.message, hint);
        return cli_fail_err(&err);
    }
    r.widened = widened;
    if (cli_flag(c, "json"))
        rc = print_json(c, &r);
    else
        print_text(c, &r, widened);
    cb_coach_review_release(&r);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"answer", "WORD", "the secret: the guesses given alone are scored against it"},
    {"mapping", "ABC",
     "Symble: the symbols the guesses scored against --answer show, those of gray, yellow, green (default: "
     "the rows given, else abc)"},
    {"grid", "FILE", "the feedbacks from a pasted share grid (the emoji squares; - for stdin), for the guesses given"},
    {"work", "PAIRS",
     "each search's budget of work, in pairs scanned (default 4000000000; 0: none): the same "
     "figures on every run"},
    {"time-limit", "SECONDS", "an outer guard: searches stop then, and the output says so (default: none)"},
    {"max-guesses", "G", "the limit on guesses in all (default: the game's, 6 for Wordle; 0: none)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_review = {
    "review",
    "[OPTIONS] GUESS ... | GUESS=FEEDBACK ...",
    "grade each guess of a game against proved optimal play: expected guesses, the best guess, skill and luck",
    "codebreaker review --answer cigar crane roate cigar",
    opts,
    CLI_GAME,
    run,
};
