/* cmd_verify_tree.c: `codebreaker verify-tree`: check a decision tree against the rules and measure it. */
#include <string.h>

#include "commands.h"

static void print_distribution(const cb_tree_stats *st)
{
    int first = 1;
    for (int d = 1; d <= st->max; d++)
        if (st->dist[d]) {
            printf("%s%d: %llu", first ? "" : ", ", d, (unsigned long long)st->dist[d]);
            first = 0;
        }
}

static int run(cli *c)
{
    int ok = 1, rc;
    long max = cli_int(c, "max-guesses", 0, 1, CB_TREE_MAX_DEPTH, &ok);
    if (!ok)
        return 2;
    if (c->npos != 1)
        return cli_fail(CB_EINVAL, "verify-tree takes one tree file (see codebreaker verify-tree --help)");
    if ((rc = cli_open_game(c)) != 0)
        return rc;
    const char *path = c->pos[0];
    cb_tree *tree;
    cb_error err;
    rc = strcmp(path, "-") == 0 ? cb_tree_load(c->game, stdin, "stdin", &tree, &err)
                                : cb_tree_load_path(c->game, path, &tree, &err);
    if (rc != CB_OK)
        return cli_fail_err(&err);
    cb_tree_stats st;
    cb_state *start;
    int hard = c->hard != CB_HARD_NONE;
    if (cb_state_new(c->table, &start) != CB_OK) {
        cb_tree_free(tree);
        return cli_fail(CB_ENOMEM, "out of memory");
    }
    cb_state_set_hard(start, c->hard);
    cb_state_set_max_guesses(start, (int)max); /* the position carries the limit (0..CB_TREE_MAX_DEPTH) */
    rc = cb_tree_verify(tree, start, &st, &err);
    cb_state_free(start);
    cb_tree_free(tree);
    if (rc != CB_OK)
        return cli_fail(rc, "%s: %s", path, err.message);
    int one = st.games == 1;
    const char *what = cb_game_rule_info(c->game)->hidden
                           ? (one ? "game (codeword and mapping pair)" : "games (codeword and mapping pairs)")
                           : (one ? "secret" : "secrets");
    if (cli_flag(c, "json")) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "tree", path);
        cb_json_kstr(&j, "game", cb_game_name(c->game));
        cb_json_kbool(&j, "valid", 1);
        cb_json_kbool(&j, "hard", hard);
        cb_json_kuint(&j, "nodes", st.nodes);
        cb_json_kuint(&j, "games", st.games);
        cb_json_kuint(&j, "total", st.total);
        cb_json_kfixed(&j, "average", cb_tree_stats_average(&st), 6);
        cb_json_kint(&j, "max", st.max);
        cb_json_key(&j, "distribution");
        cb_json_raw(&j, "[");
        for (int d = 0; d <= st.max; d++) {
            cb_json_sep(&j);
            cb_json_uint(&j, st.dist[d]);
        }
        cb_json_raw(&j, "]}");
        return cli_json_print(&j);
    }
    printf("tree          %s (%zu node%s)\n", path, st.nodes, st.nodes == 1 ? "" : "s");
    printf("game          %s\n", cb_game_name(c->game));
    printf("valid         every guess allowed%s, every feedback right, %s%llu %s solved%s\n",
           hard ? " in hard mode" : "", one ? "the " : "all ", (unsigned long long)st.games, what,
           max ? " within the limit" : "");
    printf("total         %llu guess%s (average %.4f)\n", (unsigned long long)st.total, st.total == 1 ? "" : "es",
           cb_tree_stats_average(&st));
    printf("worst case    %d guess%s\n", st.max, st.max == 1 ? "" : "es");
    printf("distribution  ");
    print_distribution(&st);
    printf("\n");
    return 0;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {"max-guesses", "G", "also require every secret to be solved within G guesses"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_verify_tree = {
    "verify-tree",
    "[OPTIONS] FILE",
    "check that a decision tree plays by the rules and solves every secret; print its statistics",
    "codebreaker verify-tree --game wordle salet.tree",
    opts,
    CLI_GAME,
    run,
};
