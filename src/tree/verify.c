/* verify.c: checking a tree against the rules: every secret solved, every move legal, every line right. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "tree/tree_internal.h"

static const char *at_line(const cb_tree *tree, uint32_t node, char *buf, size_t size)
{
    if (node != CB_NONE && tree->nodes[node].line)
        snprintf(buf, size, "line %zu: ", tree->nodes[node].line);
    else
        buf[0] = '\0';
    return buf;
}

/* Each line of a text file: its feedbacks are the right ones for its secret. */
static int check_lines(const cb_tree *tree, const cb_table *table, cb_error *err)
{
    const cb_game *game = tree->game;
    for (size_t i = 0; i < tree->nlines; i++) {
        const tline *l = &tree->lines[i];
        for (uint32_t u = l->leaf; tree->nodes[u].parent != CB_NONE; u = tree->nodes[u].parent) {
            uint32_t g = tree->nodes[tree->nodes[u].parent].guess;
            uint32_t fb = cbd_seen_feedback(tree, table, g, l->secret, l->mapping);
            if (fb != tree->nodes[u].fb) {
                char w[CB_MAX_LENGTH * 4 + 1], sn[160], want[64], got[64];
                cb_game_format_code(game, g, w, sizeof w);
                cbd_secret_name(tree, l->secret, l->mapping, sn, sizeof sn);
                cb_game_format_feedback(game, fb, want, sizeof want);
                cb_game_format_feedback(game, tree->nodes[u].fb, got, sizeof got);
                return cb_error_set(err, CB_EINVAL, "line %zu: %s against the secret %s gives %s, not %s", l->line, w,
                                    sn, want, got);
            }
        }
    }
    return CB_OK;
}

/* Hard mode: every node's guess is legal after the history that leads to it. */
static int check_hard(const cb_tree *tree, cb_state *st, uint32_t node, cb_error *err)
{
    const tnode *u = &tree->nodes[node];
    char why[160], pos[32], hist[512], w[CB_MAX_LENGTH * 4 + 1];
    if (!cb_state_legal(st, u->guess, why, sizeof why)) {
        cb_game_format_code(tree->game, u->guess, w, sizeof w);
        cbd_history_text(tree, node, hist, sizeof hist);
        return cb_error_set(err, CB_EINVAL, "%s%s after %s breaks %s", at_line(tree, node, pos, sizeof pos), w, hist,
                            why);
    }
    for (uint32_t c = u->first; c != CB_NONE; c = tree->nodes[c].next) {
        int rc = cb_state_apply(st, u->guess, tree->nodes[c].fb);
        if (rc == CB_ENOMEM)
            return rc;
        if (rc != CB_OK) {
            cbd_history_text(tree, c, hist, sizeof hist);
            return cb_error_set(err, CB_EINVAL, "%sno secret gives the history %s", at_line(tree, c, pos, sizeof pos),
                                hist);
        }
        rc = check_hard(tree, st, c, err);
        cb_state_undo(st);
        if (rc != CB_OK)
            return rc;
    }
    return CB_OK;
}

static int check_guesses(const cb_tree *tree, cb_error *err)
{
    for (size_t i = 0; i < tree->count; i++) {
        const tnode *u = &tree->nodes[i];
        if (u->guess >= tree->game->nguess)
            return cb_error_set(err, CB_EINVAL, "node %zu plays guess %u, beyond the %u allowed", i, u->guess,
                                tree->game->nguess);
        if (u->fb != CB_NONE && (u->fb >= tree->game->fb_count || u->fb == tree->game->won))
            return cb_error_set(err, CB_EINVAL, "node %zu is reached by an impossible feedback id %u", i, u->fb);
    }
    return CB_OK;
}

/* Play every secret (the candidates of from, when not NULL); fill stats and mark the nodes reached. */
static int play_all(const cb_tree *tree, const cb_table *table, const cb_state *from, int max_guesses,
                    cb_tree_stats *st, unsigned char *reached, cb_error *err)
{
    const cb_game *game = tree->game;
    int maps = cbd_symble(tree) ? CB_MAPPINGS : 1, played = from ? (int)cb_state_turns(from) : 0;
    uint32_t path[CB_TREE_MAX_DEPTH + 1];
    char sn[160], hist[512], fbs[64], pos[32];
    size_t count = from ? cb_state_count(from) : game->nsecret;
    const uint8_t *masks = from ? cb_state_masks(from) : NULL;
    for (size_t i = 0; i < count; i++)
        for (int m = 0; m < maps; m++) {
            uint32_t s = from ? cb_state_candidates(from)[i] : (uint32_t)i, stuck = CB_NONE, stuck_fb = 0;
            if (masks && !(masks[i] >> m & 1))
                continue;
            int d = cbd_play(tree, table, s, cbd_symble(tree) ? m : -1, path, &stuck, &stuck_fb);
            cbd_secret_name(tree, s, cbd_symble(tree) ? m : -1, sn, sizeof sn);
            if (d == 0) {
                if (stuck == CB_NONE)
                    return cb_error_set(err, CB_EINVAL, "the tree is empty");
                char w[CB_MAX_LENGTH * 4 + 1];
                cbd_history_text(tree, stuck, hist, sizeof hist);
                cb_game_format_code(game, tree->nodes[stuck].guess, w, sizeof w);
                cb_game_format_feedback(game, stuck_fb, fbs, sizeof fbs);
                return cb_error_set(err, CB_EINVAL,
                                    "%sthe secret %s is not solved: after %s%s%s %s the tree has no "
                                    "branch",
                                    at_line(tree, stuck, pos, sizeof pos), sn, hist, hist[0] ? " " : "", w, fbs);
            }
            if (max_guesses > 0 && d + played > max_guesses)
                return cb_error_set(err, CB_EINVAL, "%sthe secret %s needs %d guesses, more than the limit of %d",
                                    at_line(tree, path[d - 1], pos, sizeof pos), sn, d + played, max_guesses);
            for (int k = 0; k < d; k++)
                reached[path[k]] = 1;
            st->games++;
            st->total += (uint64_t)d;
            st->dist[d]++;
            if (d > st->max)
                st->max = d;
        }
    return CB_OK;
}

/* Text files: one line per secret, no secret twice. */
static int check_line_set(const cb_tree *tree, cb_error *err)
{
    const cb_game *game = tree->game;
    int maps = cbd_symble(tree) ? CB_MAPPINGS : 1;
    size_t *seen = calloc((size_t)game->nsecret * (size_t)maps, sizeof *seen);
    char sn[160];
    int rc = CB_OK;
    if (!seen)
        return CB_ENOMEM;
    for (size_t i = 0; i < tree->nlines && rc == CB_OK; i++) {
        const tline *l = &tree->lines[i];
        size_t k = (size_t)l->secret * (size_t)maps + (size_t)(l->mapping > 0 ? l->mapping : 0);
        if (seen[k]) {
            cbd_secret_name(tree, l->secret, l->mapping, sn, sizeof sn);
            rc = cb_error_set(err, CB_EINVAL, "line %zu: the secret %s already has line %zu", l->line, sn, seen[k]);
        }
        seen[k] = l->line;
    }
    for (size_t k = 0; k < (size_t)game->nsecret * (size_t)maps && rc == CB_OK; k++)
        if (!seen[k]) {
            cbd_secret_name(tree, (uint32_t)(k / (size_t)maps), cbd_symble(tree) ? (int)(k % (size_t)maps) : -1, sn,
                            sizeof sn);
            rc = cb_error_set(err, CB_EINVAL, "the file has no line for the secret %s", sn);
        }
    free(seen);
    return rc;
}

/* The state hard mode is checked from: from's history (a copy), or the start; in mode. */
static int hard_start(const cb_table *table, const cb_state *from, cb_hard mode, cb_state **out)
{
    int rc = from ? cb_state_copy(from, out) : cb_state_new(table, out);
    if (rc == CB_OK) /* the limit is play_all's check, which names the secret past it */
        cb_state_set_max_guesses(*out, 0);
    if (rc == CB_OK && cb_state_set_hard(*out, mode) != CB_OK) {
        cb_state_free(*out);
        *out = NULL;
        rc = CB_EINVAL;
    }
    return rc;
}

int cb_tree_verify(const cb_tree *tree, const cb_state *from, cb_tree_stats *stats, cb_error *err)
{
    /* the start of a game is checked as a whole file (every secret's line), as without a position; the mode and the
       limit are from's */
    return cbd_tree_verify(tree, cb_state_table(from), cb_state_turns(from) ? from : NULL, cb_state_hard(from),
                           cb_state_max_guesses(from), stats, err);
}

int cbd_tree_verify(const cb_tree *tree, const cb_table *table, const cb_state *from, cb_hard mode, int max_guesses,
                    cb_tree_stats *stats, cb_error *err)
{
    cb_tree_stats st;
    memset(&st, 0, sizeof st);
    if (!tree->count)
        return cb_error_set(err, CB_EINVAL, "the tree is empty");
    int rc = check_guesses(tree, err);
    if (rc == CB_OK)
        rc = check_lines(tree, table, err);
    if (rc == CB_OK && from && !mode)
        mode = cb_state_hard(from);
    if (rc == CB_OK && mode) {
        cb_state *s;
        int hrc = hard_start(table, from, mode, &s);
        if (hrc != CB_OK)
            return hrc == CB_ENOMEM
                       ? cb_error_set(err, CB_ENOMEM, "out of memory")
                       : cb_error_set(err, hrc, "%s has no such hard mode", cb_game_rule_info(tree->game)->label);
        rc = check_hard(tree, s, 0, err);
        cb_state_free(s);
    }
    if (rc == CB_OK && tree->lines && !from)
        rc = check_line_set(tree, err);
    if (rc != CB_OK)
        return rc;
    unsigned char *reached = calloc(tree->count, 1);
    if (!reached)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    rc = play_all(tree, table, from, max_guesses, &st, reached, err);
    for (size_t i = 0; i < tree->count && rc == CB_OK; i++)
        if (!reached[i]) {
            char hist[512], pos[32];
            cbd_history_text(tree, (uint32_t)i, hist, sizeof hist);
            rc = cb_error_set(err, CB_EINVAL, "%sno secret reaches the node after %s",
                              at_line(tree, (uint32_t)i, pos, sizeof pos), hist);
        }
    free(reached);
    if (rc != CB_OK)
        return rc;
    st.nodes = tree->count;
    if (stats)
        *stats = st;
    return CB_OK;
}
