/* cmd_candidates.c: `codebreaker candidates`: the secrets a history leaves. */
#include <stdlib.h>
#include <string.h>

#include "commands.h"

/* The mappings st still allows: as a line of text, or as the strings of a JSON array into j. */
static void print_mappings(const cb_state *st, cb_json *j)
{
    unsigned u = cb_state_mappings(st);
    if (!j)
        printf("possible mappings (symbols of gray, yellow, green):");
    for (int m = 0; m < CB_MAPPINGS; m++)
        if (u >> m & 1) {
            char name[4];
            cb_game_mapping_name(m, name);
            if (j) {
                cb_json_sep(j);
                cb_json_str(j, name);
            } else
                printf(" %s", name);
        }
    if (!j)
        printf("\n");
}

static int print_list(const cli *c, const cb_state *st, size_t limit)
{
    const cb_game *g = c->game;
    int json = cli_flag(c, "json");
    size_t n = cb_state_count(st);
    const uint32_t *cands = cb_state_candidates(st);
    char word[CB_MAX_LENGTH * 4 + 1];
    if (json) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kuint(&j, "count", n);
        cb_json_key(&j, "candidates");
        cb_json_raw(&j, "[");
        for (size_t i = 0; i < n && i < limit; i++) {
            cb_game_format_code(g, cb_game_secret_guess(g, cands[i]), word, sizeof word);
            cb_json_sep(&j);
            cb_json_str(&j, word);
        }
        cb_json_raw(&j, "]");
        if (cb_game_rule_info(g)->hidden) {
            cb_json_key(&j, "mappings");
            cb_json_raw(&j, "[");
            print_mappings(st, &j);
            cb_json_raw(&j, "]");
        }
        cb_json_raw(&j, "}");
        return cli_json_print(&j);
    }
    printf("%zu candidate%s\n", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < limit; i++) {
        cb_game_format_code(g, cb_game_secret_guess(g, cands[i]), word, sizeof word);
        printf("%s\n", word);
    }
    if (n > limit)
        printf("... and %zu more (--limit N, or --limit 0 for all)\n", n - limit);
    if (cb_game_rule_info(g)->hidden)
        print_mappings(st, NULL);
    return 0;
}

static int run(cli *c)
{
    int ok = 1, rc;
    long limit = cli_int(c, "limit", 20, 0, 1L << 30, &ok);
    if (!ok)
        return 2;
    if ((rc = cli_open_game(c)) != 0)
        return rc;
    cb_state *st;
    if (cb_state_new(c->table, &st) != CB_OK)
        return cli_fail(CB_ENOMEM, "out of memory");
    cb_state_set_hard(st, c->hard);
    rc = cli_apply_history(c, st, c->pos, c->npos);
    if (rc == 0)
        rc = print_list(c, st, limit == 0 ? SIZE_MAX : (size_t)limit);
    cb_state_free(st);
    return rc;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"limit", "N", "list at most N candidates (default 20; 0 for all)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_candidates = {
    "candidates",
    "[GUESS=FEEDBACK ...]",
    "print how many secrets remain after a history, and list them",
    "codebreaker candidates --game wordle salet=.Y... crony=..G..",
    opts,
    CLI_GAME,
    run,
};
