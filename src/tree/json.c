/* json.c: the JSON format of trees (docs/tree-format.md). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "tree/tree_internal.h"

static int cmp_fb(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The writer: the text goes through a cb_json buffer, sent to the file whenever it passes 64 KiB. */
typedef struct jwriter {
    cb_json j;
    FILE *out;
    int rc;
} jwriter;

static void jflush(jwriter *w, size_t at_least)
{
    if (w->j.len >= at_least && w->rc == CB_OK)
        w->rc = cb_json_flush(&w->j, w->out);
}

static int save_json_node(const cb_tree *tree, jwriter *w, uint32_t node, int indent)
{
    const tnode *u = &tree->nodes[node];
    char word[CB_MAX_LENGTH * 4 + 1], f[64];
    cb_game_format_code(tree->game, u->guess, word, sizeof word);
    cb_json_raw(&w->j, "{\"guess\": ");
    cb_json_str(&w->j, word);
    jflush(w, 1 << 16);
    size_t k = 0;
    for (uint32_t c = u->first; c != CB_NONE; c = tree->nodes[c].next)
        k++;
    if (!k) {
        cb_json_raw(&w->j, "}");
        return w->rc;
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
    cb_json_raw(&w->j, ", \"next\": {");
    int rc = CB_OK;
    for (size_t i = 0; i < k && rc == CB_OK; i++) {
        cb_game_format_feedback(tree->game, kids[2 * i], f, sizeof f);
        cb_json_printf(&w->j, "%s\n%*s", i ? "," : "", indent + 2, "");
        cb_json_str(&w->j, f);
        cb_json_raw(&w->j, ": ");
        rc = save_json_node(tree, w, kids[2 * i + 1], indent + 2);
    }
    cb_json_raw(&w->j, "}}");
    free(kids);
    return rc;
}

int cbd_save_json(const cb_tree *tree, FILE *out, const char *header)
{
    jwriter w = {.out = out, .rc = CB_OK};
    cb_json_init(&w.j);
    cb_json_raw(&w.j, "{\"format\": \"codebreaker-tree\", \"version\": 1, \"game\": ");
    cb_json_str(&w.j, cb_game_name(tree->game));
    if (header) {
        cb_json_raw(&w.j, ",\n \"comment\": [");
        for (const char *p = header; *p;) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            char *line = strndup(p, len);
            if (!line) {
                cb_json_release(&w.j);
                return CB_ENOMEM;
            }
            cb_json_raw(&w.j, p == header ? "" : ", ");
            cb_json_str(&w.j, line);
            free(line);
            p = nl ? nl + 1 : p + len;
        }
        cb_json_raw(&w.j, "]");
    }
    cb_json_raw(&w.j, ",\n \"tree\": ");
    int rc = save_json_node(tree, &w, 0, 1);
    cb_json_raw(&w.j, "}\n");
    jflush(&w, 0);
    cb_json_release(&w.j);
    return rc != CB_OK ? rc : w.rc;
}

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
            if (cbd_add_node(r->tree, parent, fb, g, line, &u) != CB_OK)
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

int cbd_load_json(cb_tree *tree, const char *text, cb_error *err)
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
