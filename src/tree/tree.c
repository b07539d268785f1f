/* tree.c: decision trees: building, walking, checking, reading and writing. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "codebreaker/tree.h"
#include "base/io_internal.h"
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

static int add_node(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t guess, size_t line, uint32_t *node)
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
    return add_node(tree, CB_NONE, CB_NONE, guess, 0, node);
}

int cb_tree_add_child(cb_tree *tree, uint32_t parent, uint32_t fb, uint32_t guess, uint32_t *node)
{
    if (parent >= tree->count || guess >= tree->game->nguess || fb >= tree->game->fb_count || fb == tree->game->won ||
        cb_tree_child(tree, parent, fb) != CB_NONE || tree->nodes[parent].depth >= CB_TREE_MAX_DEPTH)
        return CB_EINVAL;
    return add_node(tree, parent, fb, guess, 0, node);
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

static int symble(const cb_tree *tree)
{
    return tree->game->rule == CB_RULE_SYMBLE;
}

/* The feedback a player sees for guess g against secret s (under mapping m in Symble). */
static uint32_t seen_feedback(const cb_tree *tree, const cb_table *table, uint32_t g, uint32_t s, int m)
{
    uint32_t raw = cb_table_get(table, g, s);
    return symble(tree) ? cb_game_observe(tree->game, raw, m) : raw;
}

/*
 * Play secret s (mapping m) from the root. Returns the number of guesses, or
 * 0 when the tree has no branch for a feedback (then *stuck is the node and
 * *stuck_fb the feedback it lacks). path[] receives the nodes visited.
 */
static int play(const cb_tree *tree, const cb_table *table, uint32_t s, int m, uint32_t *path, uint32_t *stuck,
                uint32_t *stuck_fb)
{
    uint32_t node = cb_tree_root(tree);
    int depth = 0;
    while (node != CB_NONE) {
        path[depth++] = node;
        uint32_t fb = seen_feedback(tree, table, tree->nodes[node].guess, s, m);
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

static void format_word(const cb_game *game, uint32_t g, char *buf, size_t size)
{
    cb_game_format_code(game, g, buf, size);
}

/* "salet .Y... crony ..G.." : the history that leads to node, for messages. */
static void history_text(const cb_tree *tree, uint32_t node, char *buf, size_t size)
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
        format_word(tree->game, tree->nodes[u->parent].guess, w, sizeof w);
        cb_game_format_feedback(tree->game, u->fb, f, sizeof f);
        int wrote = snprintf(buf + len, size - len, "%s%s %s", len ? " " : "", w, f);
        if (wrote < 0)
            break;
        len += (size_t)wrote;
    }
    if (len >= size)
        buf[size - 1] = '\0';
}

static void secret_name(const cb_tree *tree, uint32_t s, int m, char *buf, size_t size)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    format_word(tree->game, tree->game->secret_guess[s], w, sizeof w);
    if (m >= 0) {
        char map[4];
        cb_game_mapping_name(m, map);
        snprintf(buf, size, "%s (mapping %s)", w, map);
    } else
        snprintf(buf, size, "%s", w);
}

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
            uint32_t fb = seen_feedback(tree, table, g, l->secret, l->mapping);
            if (fb != tree->nodes[u].fb) {
                char w[CB_MAX_LENGTH * 4 + 1], sn[160], want[64], got[64];
                format_word(game, g, w, sizeof w);
                secret_name(tree, l->secret, l->mapping, sn, sizeof sn);
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
        format_word(tree->game, u->guess, w, sizeof w);
        history_text(tree, node, hist, sizeof hist);
        return cb_error_set(err, CB_EINVAL, "%s%s after %s breaks %s", at_line(tree, node, pos, sizeof pos), w, hist,
                            why);
    }
    for (uint32_t c = u->first; c != CB_NONE; c = tree->nodes[c].next) {
        int rc = cb_state_apply(st, u->guess, tree->nodes[c].fb);
        if (rc == CB_ENOMEM)
            return rc;
        if (rc != CB_OK) {
            history_text(tree, c, hist, sizeof hist);
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

/* Play every secret; fill stats and mark the nodes reached. */
static int play_all(const cb_tree *tree, const cb_table *table, int max_guesses, cb_tree_stats *st,
                    unsigned char *reached, cb_error *err)
{
    const cb_game *game = tree->game;
    int maps = symble(tree) ? CB_MAPPINGS : 1;
    uint32_t path[CB_TREE_MAX_DEPTH + 1];
    char sn[160], hist[512], fbs[64], pos[32];
    for (uint32_t s = 0; s < game->nsecret; s++)
        for (int m = 0; m < maps; m++) {
            uint32_t stuck = CB_NONE, stuck_fb = 0;
            int d = play(tree, table, s, symble(tree) ? m : -1, path, &stuck, &stuck_fb);
            secret_name(tree, s, symble(tree) ? m : -1, sn, sizeof sn);
            if (d == 0) {
                if (stuck == CB_NONE)
                    return cb_error_set(err, CB_EINVAL, "the tree is empty");
                char w[CB_MAX_LENGTH * 4 + 1];
                history_text(tree, stuck, hist, sizeof hist);
                format_word(game, tree->nodes[stuck].guess, w, sizeof w);
                cb_game_format_feedback(game, stuck_fb, fbs, sizeof fbs);
                return cb_error_set(err, CB_EINVAL,
                                    "%sthe secret %s is not solved: after %s%s%s %s the tree has no "
                                    "branch",
                                    at_line(tree, stuck, pos, sizeof pos), sn, hist, hist[0] ? " " : "", w, fbs);
            }
            if (max_guesses > 0 && d > max_guesses)
                return cb_error_set(err, CB_EINVAL, "%sthe secret %s needs %d guesses, more than the limit of %d",
                                    at_line(tree, path[d - 1], pos, sizeof pos), sn, d, max_guesses);
            for (int i = 0; i < d; i++)
                reached[path[i]] = 1;
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
    int maps = symble(tree) ? CB_MAPPINGS : 1;
    size_t *seen = calloc((size_t)game->nsecret * (size_t)maps, sizeof *seen);
    char sn[160];
    int rc = CB_OK;
    if (!seen)
        return CB_ENOMEM;
    for (size_t i = 0; i < tree->nlines && rc == CB_OK; i++) {
        const tline *l = &tree->lines[i];
        size_t k = (size_t)l->secret * (size_t)maps + (size_t)(l->mapping > 0 ? l->mapping : 0);
        if (seen[k]) {
            secret_name(tree, l->secret, l->mapping, sn, sizeof sn);
            rc = cb_error_set(err, CB_EINVAL, "line %zu: the secret %s already has line %zu", l->line, sn, seen[k]);
        }
        seen[k] = l->line;
    }
    for (size_t k = 0; k < (size_t)game->nsecret * (size_t)maps && rc == CB_OK; k++)
        if (!seen[k]) {
            secret_name(tree, (uint32_t)(k / (size_t)maps), symble(tree) ? (int)(k % (size_t)maps) : -1, sn, sizeof sn);
            rc = cb_error_set(err, CB_EINVAL, "the file has no line for the secret %s", sn);
        }
    free(seen);
    return rc;
}

int cb_tree_verify(const cb_tree *tree, const cb_table *table, int hard, int max_guesses, cb_tree_stats *stats,
                   cb_error *err)
{
    cb_tree_stats st;
    memset(&st, 0, sizeof st);
    if (!tree->count)
        return cb_error_set(err, CB_EINVAL, "the tree is empty");
    int rc = check_guesses(tree, err);
    if (rc == CB_OK)
        rc = check_lines(tree, table, err);
    if (rc == CB_OK && hard && tree->game->rule == CB_RULE_WORDLE) {
        cb_state *s;
        if (cb_state_new(table, &s) != CB_OK)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        cb_state_set_hard(s, 1);
        rc = check_hard(tree, s, 0, err);
        cb_state_free(s);
    }
    if (rc == CB_OK && tree->lines)
        rc = check_line_set(tree, err);
    if (rc != CB_OK)
        return rc;
    unsigned char *reached = calloc(tree->count, 1);
    if (!reached)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    rc = play_all(tree, table, max_guesses, &st, reached, err);
    for (size_t i = 0; i < tree->count && rc == CB_OK; i++)
        if (!reached[i]) {
            char hist[512], pos[32];
            history_text(tree, (uint32_t)i, hist, sizeof hist);
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

static int save_text(const cb_tree *tree, const cb_table *table, FILE *out, const char *header, cb_error *err)
{
    const cb_game *game = tree->game;
    int maps = symble(tree) ? CB_MAPPINGS : 1;
    uint32_t path[CB_TREE_MAX_DEPTH + 1];
    char w[CB_MAX_LENGTH * 4 + 1], f[64], sn[160];
    fprintf(out, "# codebreaker decision tree, format 1 (docs/tree-format.md)\n");
    write_header(out, header, "# ");
    for (uint32_t s = 0; s < game->nsecret; s++)
        for (int m = 0; m < maps; m++) {
            uint32_t stuck, stuck_fb;
            int mm = symble(tree) ? m : -1;
            int d = play(tree, table, s, mm, path, &stuck, &stuck_fb);
            if (d == 0) {
                secret_name(tree, s, mm, sn, sizeof sn);
                return cb_error_set(err, CB_EINVAL, "the tree does not solve the secret %s", sn);
            }
            if (mm >= 0) {
                char map[4];
                cb_game_mapping_name(mm, map);
                fprintf(out, "%s:", map);
            }
            for (int i = 0; i < d; i++) {
                uint32_t g = tree->nodes[path[i]].guess;
                format_word(game, g, w, sizeof w);
                cb_game_format_feedback(game, seen_feedback(tree, table, g, s, mm), f, sizeof f);
                fprintf(out, "%s%s %s", i || mm >= 0 ? " " : "", w, f);
            }
            fputc('\n', out);
        }
    return CB_OK;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)))
        return 0; /* overlong or surrogate */
    if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)))
        return 0;
    return n;
}

/* The JSON spelling of the character at p (at most 6 bytes into esc, not terminated); *used: bytes of p read. */
static size_t json_char(const unsigned char *p, char esc[8], size_t *used)
{
    size_t n = utf8_len(p);
    *used = n ? n : 1;
    if (n == 0)
        return (size_t)snprintf(esc, 8, "\\ufffd");
    if (*p == '"' || *p == '\\')
        return (size_t)snprintf(esc, 8, "\\%c", *p);
    if (*p < 0x20)
        return (size_t)snprintf(esc, 8, "\\u%04x", *p);
    memcpy(esc, p, n);
    return n;
}

size_t cb_json_quote(char *out, size_t size, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t len = 0, used;
    char esc[8];
    if (size)
        out[0] = '"';
    for (len = 1; *p; p += used) {
        size_t n = json_char(p, esc, &used);
        for (size_t i = 0; i < n; i++, len++)
            if (len + 1 < size)
                out[len] = esc[i];
    }
    if (len + 1 < size)
        out[len] = '"';
    len++;
    if (size)
        out[len < size ? len : size - 1] = '\0';
    return len;
}

int cb_json_write(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t used;
    char esc[8];
    int ok = fputc('"', out) != EOF;
    for (; *p && ok; p += used) {
        size_t n = json_char(p, esc, &used);
        ok = fwrite(esc, 1, n, out) == n;
    }
    return ok && fputc('"', out) != EOF ? CB_OK : CB_EIO;
}

static void json_string(FILE *out, const char *s)
{
    cb_json_write(out, s); /* a failed write shows in ferror(out), which cb_tree_save checks */
}

static int cmp_fb(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static int save_json_node(const cb_tree *tree, FILE *out, uint32_t node, int indent)
{
    const tnode *u = &tree->nodes[node];
    char w[CB_MAX_LENGTH * 4 + 1], f[64];
    format_word(tree->game, u->guess, w, sizeof w);
    fprintf(out, "{\"guess\": ");
    json_string(out, w);
    size_t k = 0;
    for (uint32_t c = u->first; c != CB_NONE; c = tree->nodes[c].next)
        k++;
    if (!k) {
        fputc('}', out);
        return CB_OK;
    }
    uint32_t *kids = malloc(k * 2 * sizeof *kids);
    if (!kids)
        return CB_ENOMEM;
    k = 0;
    for (uint32_t c = u->first; c != CB_NONE; c = tree->nodes[c].next, k++) {
        kids[2 * k] = tree->nodes[c].fb;
        kids[2 * k + 1] = c;
    }
    qsort(kids, k, 2 * sizeof *kids, cmp_fb);
    fprintf(out, ", \"next\": {");
    int rc = CB_OK;
    for (size_t i = 0; i < k && rc == CB_OK; i++) {
        cb_game_format_feedback(tree->game, kids[2 * i], f, sizeof f);
        fprintf(out, "%s\n%*s", i ? "," : "", indent + 2, "");
        json_string(out, f);
        fprintf(out, ": ");
        rc = save_json_node(tree, out, kids[2 * i + 1], indent + 2);
    }
    fprintf(out, "}}");
    free(kids);
    return rc;
}

static int save_json(const cb_tree *tree, FILE *out, const char *header)
{
    fprintf(out, "{\"format\": \"codebreaker-tree\", \"version\": 1, \"game\": ");
    json_string(out, cb_game_name(tree->game));
    if (header) {
        fprintf(out, ",\n \"comment\": [");
        const char *p = header;
        int first = 1;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            char *line = strndup(p, len);
            if (!line)
                return CB_ENOMEM;
            fprintf(out, "%s", first ? "" : ", ");
            json_string(out, line);
            free(line);
            first = 0;
            p = nl ? nl + 1 : p + len;
        }
        fprintf(out, "]");
    }
    fprintf(out, ",\n \"tree\": ");
    int rc = save_json_node(tree, out, 0, 1);
    fprintf(out, "}\n");
    return rc;
}

int cb_tree_save(const cb_tree *tree, const cb_table *table, FILE *out, cb_tree_format format, const char *header,
                 cb_error *err)
{
    if (!tree->count)
        return cb_error_set(err, CB_EINVAL, "the tree is empty");
    int rc = format == CB_TREE_JSON ? save_json(tree, out, header) : save_text(tree, table, out, header, err);
    if (rc == CB_ENOMEM)
        return cb_error_set(err, rc, "out of memory");
    if (rc == CB_OK && (fflush(out) != 0 || ferror(out)))
        return cb_error_set(err, CB_EIO, "writing the tree failed: %s", strerror(errno));
    return rc;
}

int cb_tree_save_path(const cb_tree *tree, const cb_table *table, const char *path, cb_tree_format format,
                      const char *header, cb_error *err)
{
    /* a regular file is written whole or not at all: to PATH.tmpPID, renamed over PATH when complete */
    struct stat sb;
    char tmp[4096];
    int direct = stat(path, &sb) == 0 && !S_ISREG(sb.st_mode); /* a device or a pipe */
    if (!direct && snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp)
        return cb_error_set(err, CB_EINVAL, "%s: the name is too long", path);
    const char *target = direct ? path : tmp;
    FILE *f = fopen(target, "w");
    if (!f)
        return cb_error_set(err, CB_EIO, "%s: %s", path, strerror(errno));
    int rc = cb_tree_save(tree, table, f, format, header, err);
    if (fclose(f) != 0 && rc == CB_OK)
        rc = cb_error_set(err, CB_EIO, "%s: %s", path, strerror(errno));
    if (!direct && rc == CB_OK && rename(tmp, path) != 0)
        rc = cb_error_set(err, CB_EIO, "%s: %s", path, strerror(errno));
    if (!direct && rc != CB_OK)
        remove(tmp);
    return rc;
}

/* ---- reading ---- */

/* Read the whole stream into a NUL-terminated buffer. */
static int slurp(FILE *in, char **text, size_t *size)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return CB_ENOMEM;
    for (;;) {
        if (len + 1 >= cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return CB_ENOMEM;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, in);
        len += got;
        if (got == 0)
            break;
        if (len > CBB_MAX_FILE) {
            free(buf);
            return CB_ETOOBIG;
        }
    }
    if (ferror(in)) {
        free(buf);
        return CB_EIO;
    }
    buf[len] = '\0';
    *text = buf;
    *size = len;
    return CB_OK;
}

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
        if (add_node(tree, parent, fb, g, line, node) != CB_OK)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        return CB_OK;
    }
    if (tree->nodes[u].guess != g) {
        char a[CB_MAX_LENGTH * 4 + 1], b[CB_MAX_LENGTH * 4 + 1], hist[512];
        format_word(tree->game, g, a, sizeof a);
        format_word(tree->game, tree->nodes[u].guess, b, sizeof b);
        history_text(tree, u, hist, sizeof hist);
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
    if (game->rule == CB_RULE_SYMBLE) {
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
        format_word(game, g, w, sizeof w);
        return cb_error_set(err, CB_EPARSE, "line %zu: %s is not a possible secret", line, w);
    }
    if (add_line(tree, s, mapping, node, line) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    return CB_OK;
}

static int load_text(cb_tree *tree, char *text, cb_error *err)
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
typedef struct jreader {
    const char *p;
    size_t line;
    cb_error *err;
    cb_tree *tree;
    int depth;
} jreader;

static void jspace(jreader *r)
{
    while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r') {
        if (*r->p == '\n')
            r->line++;
        r->p++;
    }
}

static int jfail(jreader *r, const char *what)
{
    return cb_error_set(r->err, CB_EPARSE, "line %zu: %s", r->line, what);
}

static int jexpect(jreader *r, char c)
{
    jspace(r);
    if (*r->p != c) {
        char msg[64];
        snprintf(msg, sizeof msg, "expected '%c'", c);
        return jfail(r, msg);
    }
    r->p++;
    return CB_OK;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* A string into buf (UTF-8). */
static int jstring(jreader *r, char *buf, size_t size)
{
    size_t len = 0;
    jspace(r);
    if (*r->p != '"')
        return jfail(r, "expected a string");
    r->p++;
    while (*r->p != '"') {
        char c = *r->p;
        char enc[5];
        int n = 1;
        if (c == '\0' || c == '\n')
            return jfail(r, "unterminated string");
        if (c == '\\') {
            r->p++;
            c = *r->p;
            if (c == 'u') {
                long cp = 0;
                for (int i = 1; i <= 4; i++) {
                    int h = hexval(r->p[i]);
                    if (h < 0)
                        return jfail(r, "bad \\u escape");
                    cp = cp * 16 + h;
                }
                r->p += 4;
                n = cbg_utf8_encode((uint32_t)cp, enc);
            } else {
                const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k = strchr(from, c);
                if (!c || !k)
                    return jfail(r, "bad escape in a string");
                enc[0] = to[k - from];
            }
        } else
            enc[0] = c;
        if (len + (size_t)n + 1 > size)
            return jfail(r, "string too long");
        memcpy(buf + len, enc, (size_t)n);
        len += (size_t)n;
        r->p++;
    }
    r->p++;
    buf[len] = '\0';
    return CB_OK;
}

static int jskip(jreader *r);

static int jskip_container(jreader *r, char close)
{
    char key[256];
    r->p++;
    jspace(r);
    if (*r->p == close) {
        r->p++;
        return CB_OK;
    }
    for (;;) {
        int rc;
        if (close == '}' && ((rc = jstring(r, key, sizeof key)) != CB_OK || (rc = jexpect(r, ':')) != CB_OK))
            return rc;
        if ((rc = jskip(r)) != CB_OK)
            return rc;
        jspace(r);
        if (*r->p == close) {
            r->p++;
            return CB_OK;
        }
        if ((rc = jexpect(r, ',')) != CB_OK)
            return rc;
    }
}

/* Skip any value. */
static int jskip(jreader *r)
{
    char buf[4096];
    jspace(r);
    if (++r->depth > 200)
        return jfail(r, "nesting too deep");
    int rc = CB_OK;
    if (*r->p == '"')
        rc = jstring(r, buf, sizeof buf);
    else if (*r->p == '{')
        rc = jskip_container(r, '}');
    else if (*r->p == '[')
        rc = jskip_container(r, ']');
    else if (strchr("-0123456789tfn", *r->p) && *r->p) {
        while (*r->p && strchr("+-.0123456789eEtruefalsn", *r->p))
            r->p++;
    } else
        rc = jfail(r, "expected a value");
    r->depth--;
    return rc;
}

static int jnode(jreader *r, uint32_t parent, uint32_t fb);

/* The "next" object of node u: feedback -> node. */
static int jnext(jreader *r, uint32_t u)
{
    const cb_game *game = r->tree->game;
    int rc = jexpect(r, '{');
    if (rc != CB_OK)
        return rc;
    jspace(r);
    if (*r->p == '}') {
        r->p++;
        return CB_OK;
    }
    for (;;) {
        char key[256];
        uint32_t fb;
        cb_error e;
        if ((rc = jstring(r, key, sizeof key)) != CB_OK)
            return rc;
        if (cb_game_parse_feedback(game, key, &fb, &e) != CB_OK)
            return cb_error_set(r->err, CB_EPARSE, "line %zu: %s", r->line, e.message);
        if (fb == game->won)
            return jfail(r, "the winning feedback needs no branch");
        if (cb_tree_child(r->tree, u, fb) != CB_NONE)
            return jfail(r, "a feedback appears twice in one node");
        if ((rc = jexpect(r, ':')) != CB_OK || (rc = jnode(r, u, fb)) != CB_OK)
            return rc;
        jspace(r);
        if (*r->p == '}') {
            r->p++;
            return CB_OK;
        }
        if ((rc = jexpect(r, ',')) != CB_OK)
            return rc;
    }
}

/* A node object {"guess": ..., "next": {...}}; "guess" must come before "next". */
static int jnode(jreader *r, uint32_t parent, uint32_t fb)
{
    uint32_t u = CB_NONE;
    int rc = jexpect(r, '{');
    if (rc != CB_OK)
        return rc;
    if (++r->depth > CB_TREE_MAX_DEPTH)
        return jfail(r, "the tree is deeper than the limit");
    size_t line = r->line;
    for (;;) {
        char key[256], word[256];
        if ((rc = jstring(r, key, sizeof key)) != CB_OK || (rc = jexpect(r, ':')) != CB_OK)
            return rc;
        if (strcmp(key, "guess") == 0) {
            uint32_t g;
            cb_error e;
            if (u != CB_NONE)
                return jfail(r, "\"guess\" appears twice");
            line = r->line;
            if ((rc = jstring(r, word, sizeof word)) != CB_OK)
                return rc;
            if (cb_game_parse_code(r->tree->game, word, &g, &e) != CB_OK)
                return cb_error_set(r->err, CB_EPARSE, "line %zu: %s", r->line, e.message);
            if (add_node(r->tree, parent, fb, g, line, &u) != CB_OK)
                return cb_error_set(r->err, CB_ENOMEM, "out of memory");
        } else if (strcmp(key, "next") == 0) {
            if (u == CB_NONE)
                return jfail(r, "\"next\" before \"guess\"");
            if ((rc = jnext(r, u)) != CB_OK)
                return rc;
        } else if ((rc = jskip(r)) != CB_OK)
            return rc;
        jspace(r);
        if (*r->p == '}') {
            r->p++;
            break;
        }
        if ((rc = jexpect(r, ',')) != CB_OK)
            return rc;
    }
    r->depth--;
    if (u == CB_NONE)
        return cb_error_set(r->err, CB_EPARSE, "line %zu: a node without \"guess\"", line);
    return CB_OK;
}

static int load_json(cb_tree *tree, const char *text, cb_error *err)
{
    jreader r = {text, 1, err, tree, 0};
    int rc = jexpect(&r, '{'), have_tree = 0;
    if (rc != CB_OK)
        return rc;
    for (;;) {
        char key[256];
        if ((rc = jstring(&r, key, sizeof key)) != CB_OK || (rc = jexpect(&r, ':')) != CB_OK)
            return rc;
        if (strcmp(key, "tree") == 0) {
            if (have_tree)
                return jfail(&r, "\"tree\" appears twice");
            have_tree = 1;
            if ((rc = jnode(&r, CB_NONE, CB_NONE)) != CB_OK)
                return rc;
        } else if ((rc = jskip(&r)) != CB_OK)
            return rc;
        jspace(&r);
        if (*r.p == '}') {
            r.p++;
            break;
        }
        if ((rc = jexpect(&r, ',')) != CB_OK)
            return rc;
    }
    jspace(&r);
    if (*r.p)
        return jfail(&r, "text after the end of the JSON object");
    if (!have_tree)
        return cb_error_set(err, CB_EPARSE, "no \"tree\" member: not a codebreaker tree");
    return CB_OK;
}

/* Does the text start (after blank and comment lines) with '{'? */
static int looks_json(const char *text)
{
    const char *p = text;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (*p != '#')
            return *p == '{';
        while (*p && *p != '\n')
            p++;
    }
}

int cb_tree_load(const cb_game *game, FILE *in, const char *name, cb_tree **out, cb_error *err)
{
    char *text;
    size_t size;
    *out = NULL;
    int rc = slurp(in, &text, &size);
    if (rc == CB_ETOOBIG)
        return cb_error_set(err, rc, "%s: larger than the limit of %d MiB for a tree file", name, CBB_MAX_FILE >> 20);
    if (rc != CB_OK)
        return cb_error_set(err, rc, "%s: %s", name, rc == CB_EIO ? "cannot be read" : "out of memory");
    if (strlen(text) != size) {
        free(text);
        return cb_error_set(err, CB_EPARSE, "%s: a binary file, not a tree", name);
    }
    cb_tree *tree;
    if (cb_tree_new(game, &tree) != CB_OK) {
        free(text);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    cb_error e;
    char *body = strncmp(text, "\xef\xbb\xbf", 3) == 0 ? text + 3 : text; /* a UTF-8 byte order mark */
    rc = looks_json(body) ? load_json(tree, body, &e) : load_text(tree, body, &e);
    free(text);
    if (rc != CB_OK) {
        cb_tree_free(tree);
        return cb_error_set(err, rc, "%s: %s", name, e.message);
    }
    *out = tree;
    return CB_OK;
}

int cb_tree_load_path(const cb_game *game, const char *path, cb_tree **out, cb_error *err)
{
    FILE *f = fopen(path, "rb");
    *out = NULL;
    if (!f)
        return cb_error_set(err, CB_EIO, "%s: %s", path, strerror(errno));
    int rc = cb_tree_load(game, f, path, out, err);
    fclose(f);
    return rc;
}
