/*
 * tree.h: decision trees: a deterministic strategy written down.
 *
 * A tree is a set of nodes, each holding the guess to play when the
 * history so far leads to it. From a node, each feedback leads to at most
 * one child node; the winning feedback leads nowhere (the game is over).
 * The root is the opener. A tree is made by a solver or a strategy
 * (cb_tree_new, cb_tree_set_root, cb_tree_add_child), or read from a file
 * (cb_tree_load), and then walked (cb_tree_next), checked against the rules
 * (cb_tree_verify), measured, and written (cb_tree_save).
 *
 * Files come in two formats, documented in docs/tree-format.md:
 *  - text: one line per secret, in the order of the secret list, with its
 *    whole path `GUESS FEEDBACK GUESS FEEDBACK ... SECRET WON`, readable by
 *    people and diffable; lines starting with `#` are comments. For Symble a
 *    secret is a codeword together with the hidden mapping, and each line
 *    starts with the mapping, e.g. `abc: ...`.
 *  - JSON: one nested object per node, {"guess": G, "next": {FEEDBACK: node}}.
 * Feedback ids are the observed ids of game.h (for Symble: symbol patterns).
 *
 * A tree keeps a pointer to its game, which must outlive it. Ownership as in
 * status.h: cb_tree_new() and cb_tree_load() give a tree freed by
 * cb_tree_free(). A tree may be read by many threads at once.
 */
#ifndef CODEBREAKER_TREE_H
#define CODEBREAKER_TREE_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "json.h"
#include "state.h"
#include "table.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CB_TREE_MAX_DEPTH 64 /* longest path a tree may hold */

typedef struct cb_tree cb_tree;

typedef enum cb_tree_format { CB_TREE_TEXT = 0, CB_TREE_JSON = 1 } cb_tree_format;

/* An empty tree for game. */
int cb_tree_new(const cb_game *game, cb_tree **out);
void cb_tree_free(cb_tree *tree);
const cb_game *cb_tree_game(const cb_tree *tree);

/* Node CB_NONE means "no node". The root, or CB_NONE for an empty tree. */
uint32_t cb_tree_root(const cb_tree *tree);
size_t cb_tree_node_count(const cb_tree *tree);
/* The guess played at node. */
cb_guess_index cb_tree_guess(const cb_tree *tree, uint32_t node);
/* The node reached from node by feedback fb, or CB_NONE. */
uint32_t cb_tree_child(const cb_tree *tree, uint32_t node, uint32_t fb);
/* The line (text) or line of the "guess" key (JSON) that made node; 0 when built in memory. */
size_t cb_tree_line(const cb_tree *tree, uint32_t node);

/* Make the root play guess; CB_EINVAL when the tree has one already or guess is out of range. */
int cb_tree_set_root(cb_tree *tree, cb_guess_index guess, uint32_t *node);
/*
 * Add a child of parent, reached by feedback fb, playing guess. CB_EINVAL
 * when parent already has a child for fb, fb is the winning feedback or an
 * argument is out of range.
 */
int cb_tree_add_child(cb_tree *tree, uint32_t parent, uint32_t fb, cb_guess_index guess, uint32_t *node);

/*
 * The guess the tree plays after the history of st (its turns, from the
 * root). CB_ENOTFOUND when the history leaves the tree: a turn's guess is not
 * the tree's, or the tree has no branch for a feedback; CB_EEMPTY when the
 * last feedback was the winning one or the tree is empty.
 */
int cb_tree_next(const cb_tree *tree, const cb_state *st, cb_guess_index *guess);
/* The node reached by a history given as arrays (turns entries each), or CB_NONE. */
uint32_t cb_tree_find(const cb_tree *tree, const cb_guess_index *guesses, const uint32_t *fbs, size_t turns);

/* What playing every secret through a tree gives. */
typedef struct cb_tree_stats {
    uint64_t games;                       /* secrets played (codeword-mapping pairs for Symble) */
    uint64_t total;                       /* guesses over all of them, the winning ones included */
    int max;                              /* most guesses any secret needs */
    uint64_t dist[CB_TREE_MAX_DEPTH + 1]; /* dist[k]: secrets solved in exactly k guesses */
    size_t nodes;                         /* nodes of the tree */
} cb_tree_stats;

/* Average guesses per game, 0 for none. */
double cb_tree_stats_average(const cb_tree_stats *stats);

/*
 * Check a strategy against the rules from position `from` (a state of the
 * game; a fresh one for a whole game): the tree's root is the guess played
 * there, and playing each of from's candidates through it, each node's
 * guess is allowed (and legal in from's hard mode, cb_state_hard, from its
 * history on), every feedback written in a file is the right one, every
 * candidate is solved (within from's guess limit, cb_state_max_guesses,
 * counting the turns played before the position, when it has one), and no
 * branch is unreachable; a file
 * read for a whole game has a line for every secret. Fills stats (may be
 * NULL) with the guesses from the position on. On failure err names the
 * line (for trees read from a file) and what is wrong: CB_EINVAL for a tree
 * that breaks a rule, CB_ENOMEM. Only reads tree and from; stats and err
 * are the caller's.
 */
int cb_tree_verify(const cb_tree *tree, const cb_state *from, cb_tree_stats *stats, cb_error *err);

/*
 * Write the tree to out in the given format. Text needs the table (the line
 * of each secret is its path through the tree); header lines, when not NULL,
 * are written first as `# ` comments (text) or as the "comment" member
 * (JSON), one per line of header. CB_EINVAL (err says which secret) when the
 * tree does not solve every secret; CB_EIO when writing fails.
 */
int cb_tree_save(const cb_tree *tree, const cb_table *table, FILE *out, cb_tree_format format, const char *header,
                 cb_error *err);
/*
 * The same to a new file at path (the program maps "-" to cb_tree_save on
 * stdout). A regular file is written to PATH.tmpPID beside it and renamed
 * over PATH only when complete: a failed write (CB_EIO) leaves the file of
 * before, never a truncated one; a device or a pipe is written in place.
 */
int cb_tree_save_path(const cb_tree *tree, const cb_table *table, const char *path, cb_tree_format format,
                      const char *header, cb_error *err);

/*
 * Read a tree for game from text or JSON (told apart by the first character
 * that is not a space or a comment: `{` means JSON). Syntax errors, unknown
 * words, malformed feedbacks, lines that contradict each other give
 * CB_EPARSE with the line number in err; CB_EIO when the file cannot be read.
 * Feedbacks are checked against the rules by cb_tree_verify(), not here.
 */
int cb_tree_load(const cb_game *game, FILE *in, const char *name, cb_tree **out, cb_error *err);
/* The same from the file at path (the program maps "-" to cb_tree_load on stdin). */
int cb_tree_load_path(const cb_game *game, const char *path, cb_tree **out, cb_error *err);

/* JSON strings are escaped by cb_json_quote and cb_json_write (json.h). */

#ifdef __cplusplus
}
#endif

#endif
