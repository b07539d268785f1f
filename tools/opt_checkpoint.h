/* opt_checkpoint.h: the checkpoint file of `codebreaker optimal --checkpoint` (cmd_optimal_checkpoint.c). */
#ifndef CB_OPT_CHECKPOINT_H
#define CB_OPT_CHECKPOINT_H

#include "commands.h"
#include "opt_results.h"

typedef struct opt_checkpoint {
    const cb_game *game;
    opt_append out; /* the file */
    cb_optimal_seal seal;
    cb_optimal_point *points; /* what the file held (malloc'd), for cb_optimal_options.points */
    size_t n;
    size_t written; /* points appended by this run */
} opt_checkpoint;

/*
 * Read path if it exists (header of search config, the game's words and this installation's key; every
 * line's digest verified by cb_optimal_checkpoint_parse; a last line without its newline, an interrupted
 * write, dropped with a note on stderr), then open it for appending, writing the header when new. Prints
 * the error and returns the exit status on failure, 0 when fine.
 */
int opt_checkpoint_open(opt_checkpoint *k, const char *path, const cb_game *game, const char *config);
/* The on_point callback: one sealed line, written whole. A failure is remembered for opt_checkpoint_close. */
void opt_checkpoint_append(const cb_optimal_point *p, void *arg);
/* Close and free; prints the error and returns the exit status when a write failed, else 0. */
int opt_checkpoint_close(opt_checkpoint *k);

#endif
