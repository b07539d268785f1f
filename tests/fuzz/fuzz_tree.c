/*
 * fuzz_tree.c: decision-tree files, text and JSON (docs/tree-format.md), on
 * any bytes, for Mastermind and Wordle. A tree that loads is verified
 * against the rules and saved in both formats; a verified tree saved and
 * loaded again verifies to the same total.
 * Input: one byte choosing the game, then the file.
 */
#define _GNU_SOURCE /* fmemopen, open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/codebreaker.h"
#include "games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static cb_game *games[2];
static cb_table *tables[2];
static cb_state *starts[2]; /* each game's opening: trees are verified from it */

static void open_games(void)
{
    static const char *const presets[2] = {"mastermind", "wordle"};
    fuzz_open_games(presets, 2, CB_TABLE_AUTO, games, tables);
    for (int i = 0; i < 2; i++)
        if (cb_state_new(tables[i], &starts[i]) != CB_OK)
            abort();
}

/* Save in a format and load back: the same tree (same verified total). */
static void round_trip(const cb_tree *tree, const cb_table *table, const cb_state *start, cb_tree_format format,
                       uint64_t total)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        return;
    int rc = cb_tree_save(tree, table, out, format, "fuzz", NULL);
    fclose(out);
    if (rc == CB_OK) {
        FILE *in = fmemopen(buf, len, "r");
        cb_tree *again;
        cb_tree_stats stats;
        if (!in || cb_tree_load(cb_table_game(table), in, "saved", &again, NULL) != CB_OK)
            abort(); /* what we write, we read */
        fclose(in);
        if (cb_tree_verify(again, start, &stats, NULL) != CB_OK || stats.total != total)
            abort();
        cb_tree_free(again);
    }
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!games[0])
        open_games();
    if (size < 1 || size > 1 << 16)
        return 0;
    int which = data[0] & 1;
    FILE *in = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!in)
        return 0;
    if (size == 1)
        fgetc(in); /* an empty file: fmemopen needs one byte of room */
    cb_tree *tree;
    cb_error err;
    if (cb_tree_load(games[which], in, "fuzz", &tree, &err) == CB_OK) {
        cb_tree_stats stats;
        if (cb_tree_verify(tree, starts[which], &stats, &err) == CB_OK) {
            round_trip(tree, tables[which], starts[which], CB_TREE_TEXT, stats.total);
            round_trip(tree, tables[which], starts[which], CB_TREE_JSON, stats.total);
        }
        cb_tree_free(tree);
    }
    fclose(in);
    return 0;
}
