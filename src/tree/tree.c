/* tree.c: decision trees in memory: building, walking, and playing a secret through one. */
#include <stdlib.h>
#include <string.h>

#include "tree/tree_internal.h"

int cb_tree_new(const cb_game *game, cb_tree **out)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return CB_ENOMEM;
    (*out)->game = game;
    return CB_OK;
}

void cb_tree_free(cb_tree *tree)
{
    if (!tree)
        return;
    free(tree->nodes);
    free(tree->lines);
    free(tree);
}

const cb_game *cb_tree_game(const cb_tree *tree)
{
    return tree->game;
}
uint32_t cb_tree_root(const cb_tree *tree)
{
    return tree->count ? 0 : CB_NONE;
}
size_t cb_tree_node_count(const cb_tree *tree)
{
    return tree->count;
}
uint32_t cb_tree_guess(const cb_tree *tree, uint32_t node)
{
    return tree->nodes[node].guess;
}
size_t cb_tree_line(const cb_tree *tree, uint32_t node)
{
    return tree->nodes[node].line;
}

uint32_t cb_tree_child(const cb_tree *tree, uint32_t node, uint32_t fb)
{
    if (node >= tree->count)
        return CB_NONE;
    for (uint32_t c = tree->nodes[node].first; c != CB_NONE; c = tree->nodes[c].next)
        if (tree->nodes[c].fb == fb)
            return c;
    return CB_NONE;
}

int cbd_add_node(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t guess, size_t line, uint32_t *node)
{
    if (tree->count == tree->cap) {
        size_t cap = tree->cap ? tree->cap * 2 : 64;
        tnode *n = realloc(tree->nodes, cap * sizeof *n);
        if (!n)
            return CB_ENOMEM;
        tree->nodes = n;
        tree->cap = cap;
    }
    uint32_t id = (uint32_t)tree->count++;
    tnode *t = &tree->nodes[id];
    t->guess = guess;
    t->fb = fb;
    t->parent = parent;
    t->first = CB_NONE;
    t->next = CB_NONE;
    t->line = line;
    t->depth = 1;
    if (parent != CB_NONE) { /* append, so children keep the order they were added in */
        tnode *p = &tree->nodes[parent];
        t->depth = p->depth + 1;
        if (p->first == CB_NONE)
            p->first = id;
        else {
            uint32_t c = p->first;
            while (tree->nodes[c].next != CB_NONE)
                c = tree->nodes[c].next;
            tree->nodes[c].next = id;
        }
    }
    if (node)
        *node = id;
    return CB_OK;
}

int cb_tree_set_root(cb_tree *tree, uint32_t guess, uint32_t *node)
{
    if (tree->count || guess >= tree->game->nguess)
        return CB_EINVAL;
    return cbd_add_node(tree, CB_NONE, CB_NONE, guess, 0, node);
}

int cb_tree_add_child(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t guess, uint32_t *node)
{
    if (parent >= tree->count || guess >= tree->game->nguess || fb >= tree->game->fb_count || fb == tree->game->won ||
        cb_tree_child(tree, parent, fb) != CB_NONE || tree->nodes[parent].depth >= CB_TREE_MAX_DEPTH)
        return CB_EINVAL;
    return cbd_add_node(tree, parent, fb, guess, 0, node);
}

uint32_t cb_tree_find(const cb_tree *tree, const uint32_t *guesses, const uint32_t *fbs, size_t turns)
{
    uint32_t node = cb_tree_root(tree);
    for (size_t t = 0; t < turns && node != CB_NONE; t++) {
        if (tree->nodes[node].guess != guesses[t] || fbs[t] == tree->game->won)
            return CB_NONE;
        node = cb_tree_child(tree, node, fbs[t]);
    }
    return node;
}

int cb_tree_next(const cb_tree *tree, const cb_state *st, uint32_t *guess)
{
    uint32_t node = cb_tree_root(tree);
    if (node == CB_NONE || cb_state_won(st))
        return CB_EEMPTY;
    for (size_t t = 0; t < cb_state_turns(st); t++) {
        uint32_t g, fb;
        cb_state_turn(st, t, &g, &fb);
        if (tree->nodes[node].guess != g)
            return CB_ENOTFOUND;
        node = cb_tree_child(tree, node, fb);
        if (node == CB_NONE)
            return CB_ENOTFOUND;
    }
    *guess = tree->nodes[node].guess;
    return CB_OK;
}

double cb_tree_stats_average(const cb_tree_stats *stats)
{
    return stats->games ? (double)stats->total / (double)stats->games : 0.0;
}

/* ---- playing secrets through the tree ---- */

uint32_t cbd_seen_feedback(const cb_tree *tree, const cb_table *table, uint32_t g, uint32_t s, int m)
{
    uint32_t raw = cb_table_get(table, g, s);
    return cbd_symble(tree) ? cb_game_observe(tree->game, raw, m) : raw;
}

int cbd_play(const cb_tree *tree, const cb_table *table, uint32_t s, int m, uint32_t *path, uint32_t *stuck,
             uint32_t *stuck_fb)
{
    uint32_t node = cb_tree_root(tree);
    int depth = 0;
    while (node != CB_NONE) {
        path[depth++] = node;
        uint32_t fb = cbd_seen_feedback(tree, table, tree->nodes[node].guess, s, m);
        if (fb == tree->game->won)
            return depth;
        uint32_t next = cb_tree_child(tree, node, fb);
        if (next == CB_NONE) {
            *stuck = node;
            *stuck_fb = fb;
            return 0;
        }
        node = next;
    }
    *stuck = CB_NONE;
    return 0;
}

void cbd_history_text(const cb_tree *tree, uint32_t node, char *buf, size_t size)
{
    uint32_t chain[CB_TREE_MAX_DEPTH + 1];
    int k = 0;
    for (uint32_t u = node; u != CB_NONE && tree->nodes[u].parent != CB_NONE; u = tree->nodes[u].parent)
        chain[k++] = u;
    buf[0] = '\0';
    size_t len = 0;
    for (int i = k - 1; i >= 0 && len + 1 < size; i--) {
        char w[CB_MAX_LENGTH * 4 + 1], f[64];
        const tnode *u = &tree->nodes[chain[i]];
        cb_game_format_code(tree->game, tree->nodes[u->parent].guess, w, sizeof w);
        cb_game_format_feedback(tree->game, u->fb, f, sizeof f);
        int wrote = snprintf(buf + len, size - len, "%s%s %s", len ? " " : "", w, f);
        if (wrote < 0)
            break;
        len += (size_t)wrote;
    }
    if (len >= size)
        buf[size - 1] = '\0';
}

void cbd_secret_name(const cb_tree *tree, uint32_t s, int m, char *buf, size_t size)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    cb_game_format_code(tree->game, tree->game->secret_guess[s], w, sizeof w);
    if (m >= 0) {
        char map[4];
        cb_game_mapping_name(m, map);
        snprintf(buf, size, "%s (mapping %s)", w, map);
    } else
        snprintf(buf, size, "%s", w);
}
