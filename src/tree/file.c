/* file.c: reading and writing tree files: the format told apart, files replaced whole or not at all. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/io_internal.h"
#include "base/status_internal.h"

#include "tree/tree_internal.h"

int cb_tree_save(const cb_tree *tree, const cb_table *table, FILE *out, cb_tree_format format, const char *header,
                 cb_error *err)
{
    if (!tree->count)
        return cb_error_set(err, CB_EINVAL, "the tree is empty");
    int rc = format == CB_TREE_JSON ? cbd_save_json(tree, out, header) : cbd_save_text(tree, table, out, header, err);
    if (rc == CB_ENOMEM)
        return cb_error_set(err, rc, "out of memory");
    if (rc == CB_OK && (fflush(out) != 0 || ferror(out)))
        return cb_error_set(err, CB_EIO, "writing the tree failed: %s", cbb_strerror(errno).s);
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
        return cb_error_set(err, CB_EIO, "%s: %s", path, cbb_strerror(errno).s);
    int rc = cb_tree_save(tree, table, f, format, header, err);
    if (fclose(f) != 0 && rc == CB_OK)
        rc = cb_error_set(err, CB_EIO, "%s: %s", path, cbb_strerror(errno).s);
    if (!direct && rc == CB_OK && rename(tmp, path) != 0)
        rc = cb_error_set(err, CB_EIO, "%s: %s", path, cbb_strerror(errno).s);
    if (!direct && rc != CB_OK)
        remove(tmp);
    return rc;
}

/* ---- reading ---- */

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
    int rc = cbb_read_stream(in, name, "a tree file", &text, &size, err);
    if (rc != CB_OK)
        return rc;
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
    rc = looks_json(text) ? cbd_load_json(tree, text, &e) : cbd_load_text(tree, text, &e); /* no byte order mark left */
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
        return cb_error_set(err, CB_EIO, "%s: %s", path, cbb_strerror(errno).s);
    int rc = cb_tree_load(game, f, path, out, err);
    fclose(f);
    return rc;
}
