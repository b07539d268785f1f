/* text.c: the text format of trees (docs/tree-format.md): one line per secret, its whole path. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "tree/tree_internal.h"

/* ---- writing ---- */

static void write_header(FILE *out, const char *header, const char *prefix)
{
    const char *p = header;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(out, "%s%.*s\n", prefix, (int)len, p);
        p = nl ? nl + 1 : p + len;
    }
}

int cbd_save_text(const cb_tree *tree, const cb_table *table, FILE *out, const char *header, cb_error *err)
{
    const cb_game *game = tree->game;
    int maps = cbd_symble(tree) ? CB_MAPPINGS : 1;
    uint32_t path[CB_TREE_MAX_DEPTH + 1];
    char w[CB_MAX_LENGTH * 4 + 1], f[64], sn[160];
    fprintf(out, "# codebreaker decision tree, format 1 (docs/tree-format.md)\n");
    write_header(out, header, "# ");
    for (uint32_t s = 0; s < game->nsecret; s++)
        for (int m = 0; m < maps; m++) {
            uint32_t stuck, stuck_fb;
            int mm = cbd_symble(tree) ? m : -1;
            int d = cbd_play(tree, table, s, mm, path, &stuck, &stuck_fb);
            if (d == 0) {
                cbd_secret_name(tree, s, mm, sn, sizeof sn);
                return cb_error_set(err, CB_EINVAL, "the tree does not solve the secret %s", sn);
            }
            if (mm >= 0) {
                char map[4];
                cb_game_mapping_name(mm, map);
                fprintf(out, "%s:", map);
            }
            for (int i = 0; i < d; i++) {
                uint32_t g = tree->nodes[path[i]].guess;
                cb_game_format_code(game, g, w, sizeof w);
                cb_game_format_feedback(game, cbd_seen_feedback(tree, table, g, s, mm), f, sizeof f);
                fprintf(out, "%s%s %s", i || mm >= 0 ? " " : "", w, f);
            }
            fputc('\n', out);
        }
    return CB_OK;
}

/* Remember that secret (with its Symble mapping) ends at leaf, read from the file's line `line`. */
static int add_line(cb_tree *tree, uint32_t secret, int mapping, uint32_t leaf, size_t line)
{
    if (tree->nlines == tree->lines_cap) {
        size_t cap = tree->lines_cap ? tree->lines_cap * 2 : 256;
        tline *l = realloc(tree->lines, cap * sizeof *l);
        if (!l)
            return CB_ENOMEM;
        tree->lines = l;
        tree->lines_cap = cap;
    }
    tree->lines[tree->nlines++] = (tline){secret, mapping, leaf, line};
    return CB_OK;
}

/* Split line (modified in place) into whitespace-separated tokens. */
static int tokenize(char *line, char **tok, int max)
{
    int n = 0;
    char *p = line;
    while (*p) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (n == max)
            return -1;
        tok[n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
    return n;
}

/* Follow or extend the tree with guess g after feedback fb of node parent (CB_NONE: the root). */
static int step(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t g, size_t line, uint32_t *node, cb_error *err)
{
    uint32_t u = parent == CB_NONE ? cb_tree_root(tree) : cb_tree_child(tree, parent, fb);
    if (u == CB_NONE) {
        if (parent != CB_NONE && tree->nodes[parent].depth >= CB_TREE_MAX_DEPTH)
            return cb_error_set(err, CB_EPARSE, "line %zu: a path longer than %d guesses", line, CB_TREE_MAX_DEPTH);
        if (cbd_add_node(tree, parent, fb, g, line, node) != CB_OK)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        return CB_OK;
    }
    if (tree->nodes[u].guess != g) {
        char a[CB_MAX_LENGTH * 4 + 1], b[CB_MAX_LENGTH * 4 + 1], hist[512];
        cb_game_format_code(tree->game, g, a, sizeof a);
        cb_game_format_code(tree->game, tree->nodes[u].guess, b, sizeof b);
        cbd_history_text(tree, u, hist, sizeof hist);
        if (hist[0])
            return cb_error_set(err, CB_EPARSE, "line %zu: after %s this line plays %s, but line %zu plays %s", line,
                                hist, a, tree->nodes[u].line, b);
        return cb_error_set(err, CB_EPARSE, "line %zu: this line opens with %s, but line %zu opens with %s", line, a,
                            tree->nodes[u].line, b);
    }
    *node = u;
    return CB_OK;
}

static int parse_text_line(cb_tree *tree, char *text, size_t line, cb_error *err)
{
    const cb_game *game = tree->game;
    char *tok[2 * CB_TREE_MAX_DEPTH + 2];
    cb_error e;
    int n = tokenize(text, tok, (int)(sizeof tok / sizeof tok[0]));
    int mapping = -1, t = 0;
    if (n < 0)
        return cb_error_set(err, CB_EPARSE, "line %zu: a path longer than %d guesses", line, CB_TREE_MAX_DEPTH);
    if (cb_game_rule_info(game)->hidden) {
        size_t len = n ? strlen(tok[0]) : 0;
        if (len != 4 || tok[0][3] != ':' || (tok[0][3] = '\0', mapping = cb_game_mapping_parse(tok[0])) < 0)
            return cb_error_set(err, CB_EPARSE, "line %zu: a Symble line starts with its mapping, such as 'abc:'",
                                line);
        t = 1;
    }
    if ((n - t) % 2 != 0 || n - t == 0)
        return cb_error_set(err, CB_EPARSE,
                            "line %zu: expected pairs of GUESS FEEDBACK, ending with the secret and "
                            "the winning feedback",
                            line);
    uint32_t node = CB_NONE, fb = 0, g = 0;
    for (; t < n; t += 2) {
        if (cb_game_parse_code(game, tok[t], &g, &e) != CB_OK)
            return cb_error_set(err, CB_EPARSE, "line %zu: %s", line, e.message);
        int rc = step(tree, node, fb, g, line, &node, err);
        if (rc != CB_OK)
            return rc;
        if (cb_game_parse_feedback(game, tok[t + 1], &fb, &e) != CB_OK)
            return cb_error_set(err, CB_EPARSE, "line %zu: %s", line, e.message);
        if ((fb == game->won) != (t + 2 >= n)) {
            char won[64];
            cb_game_format_feedback(game, game->won, won, sizeof won);
            return cb_error_set(err, CB_EPARSE,
                                fb == game->won ? "line %zu: %s comes before the end of the line"
                                                : "line %zu: the line must end with the secret and %s",
                                line, won);
        }
    }
    uint32_t s = game->guess_secret[g];
    if (s == CB_NONE) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(game, g, w, sizeof w);
        return cb_error_set(err, CB_EPARSE, "line %zu: %s is not a possible secret", line, w);
    }
    if (add_line(tree, s, mapping, node, line) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    return CB_OK;
}

int cbd_load_text(cb_tree *tree, char *text, cb_error *err)
{
    size_t line = 0;
    char *p = text;
    while (*p) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        line++;
        char *q = p;
        while (isspace((unsigned char)*q))
            q++;
        if (*q && *q != '#') {
            int rc = parse_text_line(tree, q, line, err);
            if (rc != CB_OK)
                return rc;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    if (!tree->count)
        return cb_error_set(err, CB_EPARSE, "no lines: the file holds no tree");
    if (!tree->lines) { /* keep "text file" recognisable even if it had no lines */
        tree->lines = malloc(sizeof *tree->lines);
        if (!tree->lines)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    return CB_OK;
}

/* A tiny reader for the JSON this module writes (and any equivalent JSON). */
