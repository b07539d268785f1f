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
        uint32_t truth = secret != CB_NONE ? cb_game_feedback(c->game, guesses[i], secret) : CB_NONE;
        if (fbtext && truth != CB_NONE && truth != fbs[i])
            return cli_fail(CB_EINVAL, "turn %d: %s does not score %s against the answer %s", i + 1, word, fbtext,
                            answer);
        if (!fbtext)
            fbs[i] = truth;
    }
    *turns = (size_t)c->npos;
    return 0;
}

static void word_of(const cli *c, uint32_t g, char *buf, size_t size)
{
    if (g == CB_NONE)
        snprintf(buf, size, "-");
    else
        cb_game_format_code(c->game, g, buf, size);
}

static void print_text(const cli *c, const cb_coach_review *r)
{
    char g[CB_MAX_LENGTH * 4 + 1], b[CB_MAX_LENGTH * 4 + 1], f[64], skill[16], luck[16];
    int w = cb_game_length(c->game) + 1;
    double skills = 0, lucks = 0;
    int nskill = 0, nluck = 0;
    printf("%4s  %-*s %-*s %10s %10s  %-*s %10s %6s %5s %6s\n", "turn", w, "guess", w + 2, "feedback", "candidates",
           "expected", w, "best", "expected", "skill", "luck", "left");
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        word_of(c, t->guess, g, sizeof g);
        word_of(c, t->best, b, sizeof b);
        cb_game_format_feedback(c->game, t->feedback, f, sizeof f);
        snprintf(skill, sizeof skill, t->skill < 0 ? "-" : "%.0f", t->skill);
        snprintf(luck, sizeof luck, t->luck < 0 ? "-" : "%.0f", t->luck);
        printf("%4zu  %-*s %-*s %10llu %s%9.4f  %-*s %s%9.4f %6s %5s %6llu\n", i + 1, w, g, w + 2, f,
               (unsigned long long)t->candidates, t->proved ? " " : ">", (double)t->total / (double)t->candidates, w, b,
               t->best_proved ? " " : ">", (double)t->best_total / (double)t->candidates, skill, luck,
               (unsigned long long)t->left);
        if (t->skill >= 0)
            skills += t->skill, nskill++;
        if (t->luck >= 0)
            lucks += t->luck, nluck++;
    }
    printf("\n%s in %zu guess%s", r->won ? "solved" : "not solved", r->turns, r->turns == 1 ? "" : "es");
    if (nskill)
        printf("; skill %.0f", skills / nskill);
    if (nluck)
        printf(", luck %.0f", lucks / nluck);
    printf(" (on average over the turns; %.1f s)\n", r->seconds);
    printf("expected: guesses to finish, the guess itself included, on average over the candidates; > marks a "
           "proved lower bound (the time limit stopped that search)\n");
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
}

/* The --json object (coach.h); 0 or the exit status. */
static int print_json(const cli *c, const cb_coach_review *r)
{
    cb_json j;
    cb_json_init(&j);
    cb_coach_review_json(c->game, r, &j);
    return cli_json_print(&j);
}

/* The options of the review: limits, time, and the opening's proof shipped for bundled lists. */
static int review_options(cli *c, cb_coach_options *o, double **weights)
{
    int ok = 1;
    cb_error err;
    size_t found;
    cb_coach_options_default(o);
    o->max_guesses = (int)cli_int(c, "max-guesses", cli_flag(c, "hard") ? 6 : 0, 1, CB_TREE_MAX_DEPTH, &ok);
    o->threads = cli_threads(c, &ok);
    o->time_limit = cli_seconds(c, "time-limit", 5, 1e9, &ok);
    if (!ok)
        return 2;
    *weights = NULL;
    if (cb_game_length(c->game) == 5 && cb_frequency_load(c->game, NULL, weights, &found, &err) == CB_OK)
        o->weights = *weights;
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
    int rc = cli_open_game(c);
    if (rc == 0)
        rc = read_turns(c, guesses, fbs, &turns);
    if (rc == 0)
        rc = review_options(c, &o, &weights);
    if (rc)
        return rc;
    rc = cb_coach_review_game(c->table, guesses, fbs, turns, cli_flag(c, "hard"), &o, &r, &err);
    free(weights);
    if (rc != CB_OK)
        return cli_fail_err(&err);
    if (cli_flag(c, "json"))
        rc = print_json(c, &r);
    else
        print_text(c, &r);
    cb_coach_review_release(&r);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"answer", "WORD", "the secret: the guesses given alone are scored against it"},
    {"grid", "FILE", "the feedbacks from a pasted share grid (the emoji squares; - for stdin), for the guesses given"},
    {"time-limit", "SECONDS", "each turn's searches stop then, with proved bounds (default 5)"},
    {"max-guesses", "G", "the limit on guesses in all (default: none; 6 with --hard)"},
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
