/*
 * infile.h: the program's one reader of its own input files (results files,
 * --openers @FILE, the word lists experiments fingerprint; the turn-two and
 * checkpoint files whole), line by line and within the library's file limit
 * (CB_MAX_FILE, docs/limits.md): /dev/zero or a wrong file stops there with
 * an error, never runs memory out. The library reads word lists,
 * frequencies and trees itself, within the same limit.
 */
#ifndef CB_INFILE_H
#define CB_INFILE_H

#include <stdio.h>
#include <sys/types.h>

#include "codebreaker/codebreaker.h"

typedef struct in_file {
    FILE *f;
    const char *what; /* names the file in messages before its path ("--results"), or NULL */
    const char *path;
    char *line;    /* the last line read, NUL-terminated, without its newline (it may hold NUL bytes) */
    size_t len;    /* its length */
    size_t cap;    /* bytes allocated for line */
    size_t offset; /* where it starts in the file */
    long lineno;   /* its number, from 1 */
    int newline;   /* it ended with a newline (0: the file ends within it) */
    int status;    /* after a failure, the exit status */
} in_file;

/*
 * Open path to read, what naming it in messages. 0; -1 when the file does
 * not exist and missing_ok (nothing printed); else prints why and returns
 * the exit status.
 */
int in_open(in_file *in, const char *what, const char *path, int missing_ok);
/*
 * Read the next line into in->line: 1; 0 at the end of the file; -1 after
 * printing why (read error, out of memory, the file beyond CB_MAX_FILE
 * bytes), in->status then holding the exit status.
 */
int in_line(in_file *in);
/* Close the file and free the line. */
void in_close(in_file *in);
/*
 * The file at path read whole (in_open, in_line: within CB_MAX_FILE), what
 * naming it in messages: *text gets its bytes (malloc'd, the caller frees
 * it; NULL when the file does not exist or is empty), *size their number.
 * cut NULL: a last line without its newline is kept as it is. Else it is
 * left out with a warning on stderr (an interrupted write), *cut getting
 * where it starts in the file (-1: every line ends with its newline). 0,
 * or the exit status after the message (*text NULL).
 */
int in_read_whole(const char *what, const char *path, char **text, size_t *size, off_t *cut);

#endif
