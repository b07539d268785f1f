/*
 * tree_internal.h: what the files of src/tree share: the nodes of a tree,
 * the lines of a text file, and the formats' entry points. tree.c builds
 * and walks trees, verify.c checks them against the rules, text.c and
 * json.c are the two file formats, file.c picks one and reads or writes.
 */
#ifndef CB_TREE_INTERNAL_H
#define CB_TREE_INTERNAL_H

#include <stdio.h>

#include "codebreaker/tree.h"
#include "game/game_internal.h"

typedef struct tnode {
    uint32_t guess;
    uint32_t fb;     /* feedback from the parent (CB_NONE at the root) */
    uint32_t parent; /* CB_NONE at the root */
    uint32_t first;  /* first child, CB_NONE when none */
    uint32_t next;   /* next sibling */
    uint32_t depth;  /* 1 at the root: the number of the guess played here */
    size_t line;
} tnode;

/* A line of a text file: the secret it ends on and the node that guesses it. */
typedef struct tline {
    uint32_t secret;
    int mapping; /* Symble, else -1 */
    uint32_t leaf;
    size_t line;
} tline;

struct cb_tree {
    const cb_game *game;
    tnode *nodes;
    size_t count, cap;
    tline *lines; /* text files only */
    size_t nlines, lines_cap;
};

/* Append a node under parent (CB_NONE: the root) for feedback fb, made by line `line` of a file (0: none). */
int cbd_add_node(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t guess, size_t line, uint32_t *node);

static inline int cbd_symble(const cb_tree *tree)
{
    return cb_game_rule_info(tree->game)->hidden;
}

/*
 * cb_tree_verify from a position or the start (from NULL: every secret, and
 * a file's lines checked as a whole), checking hard mode `mode` (or from's,
 * when CB_HARD_NONE): the solver's check of its strategies, whose start
 * position is not a state.
 */
int cbd_tree_verify(const cb_tree *tree, const cb_table *table, const cb_state *from, cb_hard mode, int max_guesses,
                    cb_tree_stats *stats, cb_error *err);
/* The feedback a player sees for guess g against secret s (under mapping m in Symble). */
uint32_t cbd_seen_feedback(const cb_tree *tree, const cb_table *table, uint32_t g, uint32_t s, int m);
/*
 * Play secret s (mapping m) from the root. Returns the number of guesses, or
 * 0 when the tree has no branch for a feedback (then *stuck is the node and
 * *stuck_fb the feedback it lacks). path[] receives the nodes visited.
 */
int cbd_play(const cb_tree *tree, const cb_table *table, uint32_t s, int m, uint32_t *path, uint32_t *stuck,
             uint32_t *stuck_fb);
/* "salet .Y... crony ..G.." : the history that leads to node, for messages. */
void cbd_history_text(const cb_tree *tree, uint32_t node, char *buf, size_t size);

/* "crane", or "crane (mapping abc)" in Symble (m >= 0): a secret, for messages. */
void cbd_secret_name(const cb_tree *tree, uint32_t s, int m, char *buf, size_t size);

/* The formats (text.c, json.c): write the tree, or read text into an empty tree; err says what is wrong. */
int cbd_save_text(const cb_tree *tree, const cb_table *table, FILE *out, const char *header, cb_error *err);
int cbd_save_json(const cb_tree *tree, FILE *out, const char *header);
int cbd_load_text(cb_tree *tree, char *text, cb_error *err);
int cbd_load_json(cb_tree *tree, const char *text, cb_error *err);

#endif
