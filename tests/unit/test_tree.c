/*
 * test_tree.c: decision trees: round trips through text and JSON, walking a
 * history, statistics, and every kind of broken file rejected with its line.
 */
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "world.h"
#include "codebreaker/codebreaker.h"

static cb_tree *optimal_tree(const cb_table *t, int hard)
{
    cb_optimal_options o;
    cb_optimal_result r;
    cb_state *st = NULL; /* the opening, in hard mode when asked: the search takes its mode from it */
    cb_optimal_options_default(&o);
    if (cb_state_new(t, &st) != CB_OK || cb_state_set_hard(st, hard ? CB_HARD_REVEALED : CB_HARD_NONE) != CB_OK) {
        cb_state_free(st);
        return NULL;
    }
    o.from = st;
    int rc = cb_optimal_solve(t, &o, &r, NULL);
    cb_state_free(st);
    if (rc != CB_OK)
        return NULL;
    cb_tree *tree = r.tree;
    r.tree = NULL;
    cb_optimal_result_release(&r);
    return tree;
}

/* Write tree in fmt and read it back. */
static cb_tree *round_trip(const cb_tree *tree, const cb_table *t, cb_tree_format fmt)
{
    FILE *f = tmpfile();
    cb_error err;
    cb_tree *back = NULL;
    CHECK(cb_tree_save(tree, t, f, fmt, "a comment\nand another", &err) == CB_OK);
    rewind(f);
    if (cb_tree_load(cb_table_game(t), f, "tmp", &back, &err) != CB_OK)
        fprintf(stderr, "load: %s\n", err.message);
    fclose(f);
    return back;
}

/* Both trees play every secret the same way. */
static int same_play(const cb_tree *a, const cb_tree *b, const cb_table *t)
{
    const cb_game *g = cb_table_game(t);
    int maps = cb_game_rule(g) == CB_RULE_SYMBLE ? CB_MAPPINGS : 1;
    for (uint32_t s = 0; s < cb_game_secret_count(g); s++)
        for (int m = 0; m < maps; m++) {
            uint32_t na = cb_tree_root(a), nb = cb_tree_root(b);
            for (int turn = 0; turn < 20; turn++) {
                if (na == CB_NONE || nb == CB_NONE || cb_tree_guess(a, na) != cb_tree_guess(b, nb))
                    return 0;
                uint32_t raw = cb_table_get(t, cb_tree_guess(a, na), s);
                uint32_t fb = maps > 1 ? cb_game_observe(g, raw, m) : raw;
                if (fb == cb_game_won(g))
                    break;
                na = cb_tree_child(a, na, fb);
                nb = cb_tree_child(b, nb, fb);
            }
        }
    return 1;
}

static void round_trips(cb_rule rule, int colors, int pegs, int hard)
{
    cb_game *g = world_game(rule, colors, pegs, 0);
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    cb_tree *tree = optimal_tree(t, hard);
    CHECK(tree != NULL);
    cb_tree_stats want, got;
    CHECK(check_verify(tree, t, hard, 0, &want, NULL) == CB_OK);
    for (int fmt = CB_TREE_TEXT; fmt <= CB_TREE_JSON; fmt++) {
        cb_tree *back = round_trip(tree, t, (cb_tree_format)fmt);
        CHECK(back != NULL);
        if (!back)
            continue;
        CHECK(check_verify(back, t, hard, 0, &got, NULL) == CB_OK);
        CHECK(got.total == want.total && got.games == want.games && got.max == want.max);
        CHECK(memcmp(got.dist, want.dist, sizeof got.dist) == 0);
        CHECK(same_play(tree, back, t));
        CHECK(check_verify(back, t, hard, want.max - 1, NULL, NULL) == CB_EINVAL); /* too deep for that limit */
        cb_tree_free(back);
    }
    cb_tree_free(tree);
    cb_table_free(t);
    cb_game_free(g);
}

/* Walking: the guess after a history, and histories that leave the tree. */
static void walking(void)
{
    cb_game *g = world_game(CB_RULE_MASTERMIND, 3, 3, 0);
    cb_table *t;
    cb_state *st;
    cb_table_new(g, NULL, &t, NULL);
    cb_tree *tree = optimal_tree(t, 0);
    cb_state_new(t, &st);
    for (uint32_t s = 0; s < cb_game_secret_count(g); s++) {
        cb_state_reset(st);
        uint32_t guess;
        int turns = 0;
        while (cb_tree_next(tree, st, &guess) == CB_OK && turns++ < 10)
            cb_state_apply(st, guess, cb_table_get(t, guess, s));
        CHECK(cb_state_won(st) && cb_tree_next(tree, st, &guess) == CB_EEMPTY);
    }
    cb_state_reset(st);
    uint32_t other = (cb_tree_guess(tree, 0) + 1) % cb_game_guess_count(g), guess;
    cb_state_apply(st, other, cb_table_get(t, other, 5));
    CHECK(cb_tree_next(tree, st, &guess) == CB_ENOTFOUND); /* an opener the tree does not play */
    uint32_t root_guess = cb_tree_guess(tree, 0), fb = cb_table_get(t, root_guess, 0);
    CHECK(cb_tree_find(tree, &root_guess, &fb, 1) == cb_tree_child(tree, 0, fb));
    cb_state_free(st);
    cb_tree_free(tree);
    cb_table_free(t);
    cb_game_free(g);
}

/* A tree built by hand that forgets a branch. */
static void built_by_hand(void)
{
    cb_game *g = world_game(CB_RULE_MASTERMIND, 2, 2, 0); /* 11 12 21 22 */
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    cb_tree *tree;
    cb_tree_new(g, &tree);
    uint32_t root, c1, fb;
    cb_error err;
    uint32_t g11, g12, g21;
    cb_game_parse_code(g, "11", &g11, NULL);
    cb_game_parse_code(g, "12", &g12, NULL);
    cb_game_parse_code(g, "21", &g21, NULL);
    CHECK(cb_tree_set_root(tree, g12, &root) == CB_OK);
    CHECK(cb_tree_set_root(tree, g12, &root) == CB_EINVAL);
    cb_game_parse_feedback(g, "0B2W", &fb, NULL); /* 12 against 21 */
    CHECK(cb_tree_add_child(tree, root, fb, g21, &c1) == CB_OK);
    CHECK(cb_tree_add_child(tree, root, fb, g21, &c1) == CB_EINVAL);             /* that branch exists */
    CHECK(cb_tree_add_child(tree, root, cb_game_won(g), g21, &c1) == CB_EINVAL); /* won needs no branch */
    CHECK(check_verify(tree, t, 0, 0, NULL, &err) == CB_EINVAL);                 /* 11 and 22 give 1B0W */
    CHECK(strstr(err.message, "not solved") != NULL);
    cb_game_parse_feedback(g, "1B0W", &fb, NULL);
    CHECK(cb_tree_add_child(tree, root, fb, g11, &c1) == CB_OK);
    CHECK(check_verify(tree, t, 0, 0, NULL, &err) == CB_EINVAL); /* 22 gives 0B0W against 11 */
    uint32_t g22, c2;
    cb_game_parse_code(g, "22", &g22, NULL);
    cb_game_parse_feedback(g, "0B0W", &fb, NULL);
    CHECK(cb_tree_add_child(tree, c1, fb, g22, &c2) == CB_OK);
    cb_tree_stats st;
    CHECK(check_verify(tree, t, 0, 0, &st, &err) == CB_OK);
    CHECK(st.games == 4 && st.total == 1 + 2 + 2 + 3 && st.max == 3 && st.dist[2] == 2);
    CHECK(cb_tree_save(tree, t, tmpfile(), CB_TREE_TEXT, NULL, &err) == CB_OK);
    /* saving by path: whole or not at all (issue 15: a failed --tree write left a truncated file) */
    char dir[] = "/tmp/cb_test_tree_XXXXXX", path[64], tmp[96];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/t.tree", dir);
    CHECK(cb_tree_save_path(tree, t, path, CB_TREE_TEXT, NULL, &err) == CB_OK);
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    CHECK(access(path, R_OK) == 0 && access(tmp, F_OK) != 0);
    CHECK(cb_tree_save_path(tree, t, "/dev/full", CB_TREE_TEXT, NULL, &err) == CB_EIO);
    snprintf(tmp, sizeof tmp, "%s/none/t.tree", dir);
    CHECK(cb_tree_save_path(tree, t, tmp, CB_TREE_TEXT, NULL, &err) == CB_EIO && strstr(err.message, "none/t.tree"));
    remove(path);
    rmdir(dir);
    cb_tree_free(tree);
    cb_table_free(t);
    cb_game_free(g);
}

/* Load text (or JSON) for game and verify it; the error message must contain want (NULL: must pass). */
static void expect_file(const cb_table *t, int hard, const char *text, const char *want)
{
    FILE *f = tmpfile();
    fputs(text, f);
    rewind(f);
    cb_tree *tree = NULL;
    cb_error err;
    memset(&err, 0, sizeof err);
    int rc = cb_tree_load(cb_table_game(t), f, "bad.tree", &tree, &err);
    fclose(f);
    if (rc == CB_OK)
        rc = check_verify(tree, t, hard, 0, NULL, &err);
    cb_tree_free(tree);
    if (!want)
        CHECK_MSG(rc == CB_OK, "expected a good tree, got: %s", err.message);
    else
        CHECK_MSG(rc != CB_OK && strstr(err.message, want), "expected an error with '%s', got %d: %s", want, rc,
                  err.message);
}

static void broken_files(void)
{
    cb_game *g = world_game(CB_RULE_MASTERMIND, 2, 2, 0);
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    /* a good tree: 12 first; 11 and 22 give 1B0W, 21 gives 0B2W */
    const char *good = "# a tree\n12 2B0W\n12 1B0W 11 2B0W\n12 1B0W 11 0B0W 22 2B0W\n\n12 0B2W 21 2B0W\n";
    expect_file(t, 0, good, NULL);
    expect_file(t, 0, "12 2B0W\n12 1B0W 11 2B0W\n12 1B0W 11 0B0W 22 2B0W\n12 0B1W 21 2B0W\n",
                "line 4: 12 against the secret 21 gives 0B2W, not 0B1W");
    expect_file(t, 0, "12 2B0W\n12 1B0W 11 2B0W\n12 0B2W 21 2B0W\n", "no line for the secret 22");
    expect_file(t, 0, "12 2B0W\n12 1B0W 11 2B0W\n12 1B0W 11 0B0W 22 2B0W\n12 0B2W 21 2B0W\n12 2B0W\n",
                "line 5: the secret 12 already has line 1");
    expect_file(t, 0, "12 2B0W\n12 1B0W 11 2B0W\n12 1B0W 22 1B0W 11 2B0W\n",
                "line 3: after 12 1B0W this line plays "
                "22, but line 2 plays 11");
    expect_file(t, 0, "21 2B0W\n12 2B0W\n", "line 2: this line opens with 12, but line 1 opens with 21");
    expect_file(t, 0, "12 2B0W\n13 1B0W\n", "line 2:");
    expect_file(t, 0, "12 2B0W\n12 XYZ\n", "line 2:");
    expect_file(t, 0, "12 2B0W\n12 1B0W 11\n", "line 2: expected pairs");
    expect_file(t, 0, "12 2B0W 11 2B0W\n", "line 1: 2B0W comes before the end");
    expect_file(t, 0, "12 1B0W 11 1B0W\n", "line 1: the line must end with the secret and 2B0W");
    expect_file(t, 0, "# nothing\n\n", "no lines");
    /* JSON */
    const char *json = "{\"format\": \"codebreaker-tree\", \"tree\": {\"guess\": \"12\", \"next\": {\n"
                       "  \"1B0W\": {\"guess\": \"11\", \"next\": {\"0B0W\": {\"guess\": \"22\"}}},\n"
                       "  \"0B2W\": {\"guess\": \"21\"}}}}\n";
    expect_file(t, 0, json, NULL);
    expect_file(t, 0,
                "{\"tree\": {\"guess\": \"12\", \"next\": {\n \"1B0W\": {\"guess\": \"11\", \"next\": {\"0B0W\": "
                "{\"guess\": \"22\"}}},\n \"0B2W\": {\"guess\": \"21\"},\n \"0B0W\": {\"guess\": \"11\"}}}}\n",
                "line 4: no secret reaches the node after 12 0B0W");
    expect_file(t, 0, "{\"tree\": {\"guess\": \"12\", \"next\": {\n \"1B0W\": {\"guess\": \"11\"}}}}\n",
                "the secret 21 is not solved");
    expect_file(t, 0, "{\"tree\": {\"guess\": \"12\",\n \"next\": {\"1B0W\" {}}}}\n", "line 2: expected ':'");
    expect_file(t, 0, "{\"tree\": {\"guess\": \"19\"}}\n", "line 1:");
    expect_file(t, 0, "{\"tree\": {\"guess\": \"12\"}} trailing\n", "text after the end");
    expect_file(t, 0, "{\"format\": 1}\n", "no \"tree\" member");
    cb_table_free(t);
    cb_game_free(g);

    /* hard mode: Wordle rules over 3 letters a b c, every code a secret */
    cb_game *w = world_game(CB_RULE_WORDLE, 3, 3, 0);
    cb_table_new(w, NULL, &t, NULL);
    cb_tree *tree = optimal_tree(t, 1);
    FILE *f = tmpfile();
    cb_tree_save(tree, t, f, CB_TREE_TEXT, NULL, NULL);
    cb_tree_free(tree);
    long size = ftell(f);
    char *text = calloc((size_t)size + 1, 1);
    rewind(f);
    CHECK(fread(text, 1, (size_t)size, f) == (size_t)size);
    fclose(f);
    expect_file(t, 1, text, NULL);
    free(text);
    /* 111 scores G.. against 123: hard mode must keep the 1 in front; 232 does not */
    expect_file(t, 1, "111 G.. 232 YY. 123 GGG\n",
                "line 1: 232 after 111 G.. breaks hard mode: the 1st letter must be 1");
    cb_table_free(t);
    cb_game_free(w);
}

/* A Symble tree: every line names its mapping. */
static void symble_lines(void)
{
    cb_game *g = world_game(CB_RULE_SYMBLE, 2, 2, 0);
    cb_table *t;
    cb_table_new(g, NULL, &t, NULL);
    cb_tree *tree = optimal_tree(t, 0);
    FILE *f = tmpfile();
    CHECK(cb_tree_save(tree, t, f, CB_TREE_TEXT, NULL, NULL) == CB_OK);
    rewind(f);
    char line[256];
    int lines = 0, mapped = 1;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#') {
            lines++;
            mapped &= line[3] == ':' && cb_game_mapping_parse((char[]){line[0], line[1], line[2], 0}) >= 0;
        }
    fclose(f);
    CHECK(lines == 4 * 6 && mapped);
    expect_file(t, 0, "12 won\n", "starts with its mapping");
    cb_tree_free(tree);
    cb_table_free(t);
    cb_game_free(g);
}

int main(void)
{
    round_trips(CB_RULE_MASTERMIND, 3, 3, 0);
    round_trips(CB_RULE_MASTERMIND, 4, 3, 0);
    round_trips(CB_RULE_WORDLE, 3, 3, 1);
    round_trips(CB_RULE_SYMBLE, 2, 3, 0);
    walking();
    built_by_hand();
    broken_files();
    symble_lines();
    return check_done("test_tree");
}
