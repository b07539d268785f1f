/*
 * data.h: files bundled into the library (see data/README.md):
 * "wordle/answers.txt", "wordle/allowed.txt", "wordle/frequency.tsv",
 * "english/words_alpha.txt".
 */
#ifndef CODEBREAKER_DATA_H
#define CODEBREAKER_DATA_H

#include <stddef.h>

/* Point *text at the bundled file `name` (*size bytes, NUL after them); CB_ENOTFOUND if none. */
int cb_data_bundled(const char *name, const char **text, size_t *size);

#endif
