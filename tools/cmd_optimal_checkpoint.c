/*
 * cmd_optimal_checkpoint.c: the checkpoint file of `codebreaker optimal --checkpoint` (docs/optimal.md,
 * "The checkpoint file"): the points a run settles inside the openers it searches (the library's
 * cb_optimal_options.on_point), one sealed line each, appended as they are proved; a run given the file
 * reads them back (cb_optimal_checkpoint_parse checks every line) and hands them to the search, which
 * skips what they settle. The lines are sealed with this installation's key (cli_key_load), always.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "infile.h"
#include "opt_checkpoint.h"

int opt_checkpoint_open(opt_checkpoint *k, const char *path, const cb_game *game, const char *config)
{
    uint64_t key[2];
    memset(k, 0, sizeof *k);
    k->game = game;
    k->out.fd = -1;
    int rc = cli_key_load(key);
    if (rc)
        return rc;
    cb_optimal_checkpoint_seal_init(game, config, key, &k->seal);
    char *text;
    size_t size;
    if ((rc = in_read_whole("--checkpoint", path, &text, &size, NULL)) != 0)
        return rc;
    long cut = -1;
    if (text && size) {
        cb_error err;
        if (cb_optimal_checkpoint_parse(game, text, size, config, key, &k->points, &k->n, &cut, &err) != CB_OK) {
            free(text);
            return cli_fail(err.code,
                            "--checkpoint: %s: %s. Use another file or the same options as the run that "
                            "wrote it",
                            path, err.message);
        }
    }
    free(text);
    if (cut >= 0)
        cli_warn("%s: the last line has no newline (an interrupted write?): dropped", path);
    char head[1024];
    cb_optimal_checkpoint_header(&k->seal, config, head, sizeof head);
    if ((rc = opt_append_open(&k->out, path, (off_t)cut, 0, head)) != 0)
        opt_checkpoint_close(k);
    return rc;
}

void opt_checkpoint_append(const cb_optimal_point *p, void *arg)
{
    opt_checkpoint *k = arg;
    char line[4096];
    if (k->out.fd < 0 || k->out.failed)
        return;
    int rc = cb_optimal_checkpoint_line(k->game, &k->seal, p, line, sizeof line, NULL);
    if (rc != CB_OK) {
        k->out.failed = 1;
        k->out.err = rc == CB_ETOOBIG ? E2BIG : EINVAL;
        return;
    }
    if (opt_append_line(&k->out, line) == 0)
        k->written++;
}

int opt_checkpoint_close(opt_checkpoint *k)
{
    free(k->points);
    k->points = NULL;
    k->n = 0;
    return opt_append_close(&k->out, "points");
}
