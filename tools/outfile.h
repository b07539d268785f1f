/*
 * outfile.h: the program's output files. "-" means stdout; a file is
 * written to a temporary file in the same folder and renamed over its name
 * only when every byte was written, so a failure (a full disk, a missing
 * folder) never leaves a truncated file behind and always is an error.
 * Devices and pipes (/dev/stdout, a FIFO) are written in place.
 */
#ifndef CB_OUTFILE_H
#define CB_OUTFILE_H

#include <stdio.h>

#include "codebreaker/codebreaker.h"

#define OUT_PATH_MAX 4096

typedef struct out_file {
    FILE *f;                 /* where to write */
    const char *path;        /* the name given ("-" for stdout), or real */
    char real[OUT_PATH_MAX]; /* the file a symbolic link names */
    char tmp[OUT_PATH_MAX];  /* the temporary file, "" for stdout */
} out_file;

/* Open path ("-": stdout) for writing; what names it in messages (e.g. "--csv"). 0, or prints and returns 1 or 2. */
int out_open(out_file *o, const char *what, const char *path);
/* Flush, check and move the file into place; 0, or prints why, removes the temporary and returns 1. */
int out_commit(out_file *o, const char *what);
/* Give up: close and remove the temporary (stdout is left alone). */
void out_abandon(out_file *o);

/*
 * For writers that create the file themselves (PLplot): a fresh temporary
 * name beside path ending like path (".svg"); 0, or 1 when path is too long.
 * out_rename moves it into place (0, or prints why, removes tmp, returns 1).
 */
int out_temp_name(const char *path, char *tmp, size_t size);
int out_rename(const char *tmp, const char *path, const char *what);

/* Write tree to path ("-": stdout) through out_open; 0, or prints why and returns the exit status. */
int out_tree(const char *what, const char *path, const cb_tree *tree, const cb_table *table, cb_tree_format format,
             const char *header);

/* Write v as one CSV field (RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled). */
void out_csv_field(FILE *f, const char *v);

/* Check that stdout was written in full (at exit); 0, or prints why and returns 1. */
int out_check_stdout(void);
/* One write() of the whole text (a line appended whole or not at all, even if killed; a short
 * write on a full disk fails with ENOSPC); 0, or -1 with errno. */
int out_write_whole(int fd, const char *text, size_t len);

#endif
