/*
 * data.c: the bundled word lists, compiled into the library so that the
 * program works from any folder. The build passes CB_DATA_DIR; see
 * data/README.md for where the files come from.
 */
#include <string.h>

#include "codebreaker/data.h"
#include "game_internal.h"

#ifndef CB_DATA_DIR
#error "CB_DATA_DIR must name the data folder"
#endif

#define CB_INCBIN(sym, file)                                                                                           \
    __asm__(".section .rodata\n"                                                                                       \
            ".balign 16\n"                                                                                             \
            ".global " #sym "\n" #sym ":\n"                                                                            \
            ".incbin \"" CB_DATA_DIR "/" file "\"\n"                                                                   \
            ".global " #sym "_end\n" #sym "_end:\n"                                                                    \
            ".byte 0\n"                                                                                                \
            ".previous\n")

CB_INCBIN(cb__data_answers, "wordle/answers.txt");
CB_INCBIN(cb__data_allowed, "wordle/allowed.txt");
CB_INCBIN(cb__data_frequency, "wordle/frequency.tsv");
CB_INCBIN(cb__data_english, "english/words_alpha.txt");

extern const char cb__data_answers[], cb__data_answers_end[];
extern const char cb__data_allowed[], cb__data_allowed_end[];
extern const char cb__data_frequency[], cb__data_frequency_end[];
extern const char cb__data_english[], cb__data_english_end[];

int cb_data_bundled(const char *name, const char **text, size_t *size)
{
    static const struct {
        const char *name;
        const char *start, *end;
    } files[] = {
        {"wordle/answers.txt", cb__data_answers, cb__data_answers_end},
        {"wordle/allowed.txt", cb__data_allowed, cb__data_allowed_end},
        {"wordle/frequency.tsv", cb__data_frequency, cb__data_frequency_end},
        {"english/words_alpha.txt", cb__data_english, cb__data_english_end},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (strcmp(files[i].name, name) == 0) {
            *text = files[i].start;
            *size = (size_t)(files[i].end - files[i].start);
            return CB_OK;
        }
    return CB_ENOTFOUND;
}
