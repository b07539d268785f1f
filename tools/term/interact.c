/* interact.c: helpers of the interactive commands: typed commands, seed, rules, leaving. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interact.h"

char *interact_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int interact_is(const char *line, const char *name, const char **arg)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)line[i]) != name[i])
            return 0;
    if (line[n] != '\0' && !isspace((unsigned char)line[n]))
        return 0;
    if (arg) {
        const char *a = line + n;
        while (isspace((unsigned char)*a))
            a++;
        *arg = a;
    }
    return 1;
}

uint64_t interact_seed(const cli *c, int *given, int *ok)
{
    const char *v = cli_get(c, "seed");
    *given = v != NULL;
    if (!v) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t s = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 20;
        return s % 1000000000u; /* short enough to retype */
    }
    char *end;
    errno = 0;
    unsigned long long s = strtoull(v, &end, 10);
    if (!cli_is_whole(v) || *v == '-' || *end != '\0' || errno) {
        cli_fail(CB_EINVAL, "--seed: '%s' is not a whole number from 0", v);
        *ok = 0;
        return 0;
    }
    return (uint64_t)s;
}

int interact_mapping(const cli *c)
{
    const char *v = cli_get(c, "mapping");
    if (!v)
        return -1;
    if (!cb_game_rule_info(c->game)->hidden) {
        cli_fail(CB_EINVAL, "--mapping applies to Symble only");
        return -2;
    }
    int m = cb_game_mapping_parse(v);
    if (m < 0) {
        cli_fail(CB_EINVAL, "--mapping: '%s' is not a mapping: give the symbols of gray, yellow and green, e.g. cab",
                 v);
        return -2;
    }
    return m;
}

void interact_rules(const term *t, const cb_game *g, int max_guesses)
{
    int n = cb_game_length(g), k = cb_game_colors(g);
    char within[48] = "";
    if (max_guesses > 0)
        snprintf(within, sizeof within, " within %d guess%s", max_guesses, max_guesses == 1 ? "" : "es");
    const cb_rule_info *rule = cb_game_rule_info(g);
    switch (rule->marks) { /* stated by how the rule's feedback is drawn */
    case CB_MARKS_PEGS:
        printf("Find the code of %d pegs (colours %s to %s, %s)%s.\n", n, cb_game_symbol(g, 0),
               cb_game_symbol(g, k - 1), cb_game_no_repeat(g) ? "no colour twice" : "repeats allowed", within);
        printf("Each guess scores blacks (right colour, right place) and whites (right colour, wrong place).\n");
        break;
    case CB_MARKS_COLOURS:
        if (rule->hidden)
            break;
        printf("Find the %d-letter %s%s.\n", n, cb_game_complete(g) ? "code" : "word", within);
        printf(
            "Each letter of a guess turns green (right place), yellow (elsewhere in the word) or gray (not there).\n");
        break;
    case CB_MARKS_COUNT:
        printf("Find the %d-letter %s%s.\n", n, cb_game_complete(g) ? "code" : "word", within);
        printf("Each guess scores the letters it has in common with the secret, wherever they stand.\n");
        break;
    }
    if (rule->hidden) {
        printf("Find the %d-letter %s%s.\n", n, cb_game_complete(g) ? "code" : "word", within);
        printf("Each feedback gives one of three symbols, %s %s %s, for each position of the SECRET word:\n",
               board_symbol(t, 0), board_symbol(t, 1), board_symbol(t, 2));
        printf("green, yellow or gray as Wordle would colour the secret's letter against your guess,\n"
               "but which symbol means which colour is hidden: work it out.\n");
    }
}

void interact_mappings(const term *t, const cb_state *st)
{
    static const char *const colour[3] = {"gray", "yellow", "green"};
    unsigned u = cb_state_mappings(st);
    int count = 0;
    for (int m = 0; m < CB_MAPPINGS; m++)
        count += (int)(u >> m & 1);
    if (count == CB_MAPPINGS) {
        printf("  the symbols may mean any of the 6 orders of gray, yellow, green\n");
        return;
    }
    printf(count == 1 ? "  the symbols mean:\n" : "  the symbols mean one of (%d of 6 orders left):\n", count);
    for (int m = 0; m < CB_MAPPINGS; m++) {
        if (!(u >> m & 1))
            continue;
        char name[4];
        cb_game_mapping_name(m, name); /* the symbols of gray, yellow, green */
        printf("   ");
        for (int c = 0; c < 3; c++)
            printf("%s %s %s", c ? "," : "", board_symbol(t, name[c] - 'a'), colour[c]);
        printf("\n");
    }
}

int interact_leave(term *t, int read_status)
{
    if (read_status == TERM_INTERRUPT)
        printf("interrupted\n");
    else
        printf("end of input: bye\n");
    term_close(t);
    return read_status == TERM_INTERRUPT ? TERM_INTERRUPT_STATUS : 0;
}

int interact_loop(term *t, void (*prompt)(void *ctx, char *buf, size_t size), int (*handle)(void *ctx, char *line),
                  void *ctx)
{
    char line[1024], text[96];
    for (;;) {
        prompt(ctx, text, sizeof text);
        int r = term_read(t, text, line, sizeof line);
        if (r != TERM_LINE)
            return interact_leave(t, r);
        char *in = interact_trim(line);
        if (*in == '\0')
            continue;
        if (interact_is(in, "quit", NULL) || interact_is(in, "exit", NULL)) {
            printf("bye\n");
            break;
        }
        if (!handle(ctx, in))
            break;
    }
    term_close(t);
    return 0;
}

void interact_word(const cb_game *g, uint32_t gi, char *buf, size_t size)
{
    cb_game_format_code(g, gi, buf, size);
}

void interact_busy(void *ctx, const cb_state *st)
{
    const term *t = ctx;
    size_t n = cb_state_count(st);
    if (t->tty_out) {
        printf("  thinking (%zu candidate%s)...\n", n, n == 1 ? "" : "s");
        fflush(stdout);
    }
}
