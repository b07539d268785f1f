/*
 * data.c: the bundled word lists, compiled into the library so that the
 * program works from any folder. The build passes CB_DATA_DIR; see
 * data/README.md for where the files come from.
 */
#include <string.h>

#include "codebreaker/data.h"
#include "game/game_internal.h"

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

CB_INCBIN(cbg_data_answers, "wordle/answers.txt");
CB_INCBIN(cbg_data_allowed, "wordle/allowed.txt");
CB_INCBIN(cbg_data_frequency, "wordle/frequency.tsv");
CB_INCBIN(cbg_data_english, "english/words_alpha.txt");
CB_INCBIN(cbg_data_nyt_answers22, "nyt/answers-2022.txt");
CB_INCBIN(cbg_data_nyt_answers23, "nyt/answers-2023.txt");
CB_INCBIN(cbg_data_nyt_allowed2202, "nyt/allowed-2022-02.txt");
CB_INCBIN(cbg_data_nyt_allowed2209, "nyt/allowed-2022-09.txt");
CB_INCBIN(cbg_data_jotto, "jotto/common.txt");
CB_INCBIN(cbg_data_english6, "english/common6.txt");
CB_INCBIN(cbg_data_openers, "proofs/openers.tsv");
CB_INCBIN(cbg_data_results_orig, "proofs/original.results");
CB_INCBIN(cbg_data_results_nyt23, "proofs/nyt2023.results");
CB_INCBIN(cbg_data_results_orig_h6, "proofs/original-hard6.results");
CB_INCBIN(cbg_data_results_nyt23_h6, "proofs/nyt2023-hard6.results");
CB_INCBIN(cbg_data_book_orig6, "book/original-6.results");
CB_INCBIN(cbg_data_book_nyt23_6, "book/nyt2023-6.results");
CB_INCBIN(cbg_data_book_orig_h6, "book/original-hard6.results");
CB_INCBIN(cbg_data_book_nyt23_h6, "book/nyt2023-hard6.results");
CB_INCBIN(cbg_data_book_nyt23_6a, "book/nyt2023-6-answers.results");
CB_INCBIN(cbg_data_book_nyt23_h6a, "book/nyt2023-hard6-answers.results");
CB_INCBIN(cbg_data_turn2_nyt23_6, "book/nyt2023-6.turn2");
CB_INCBIN(cbg_data_turn2_nyt23_h6, "book/nyt2023-hard6.turn2");
CB_INCBIN(cbg_data_tree_nyt23_6, "trees/nyt2023-6.tree");
CB_INCBIN(cbg_data_tree_nyt23_h6, "trees/nyt2023-hard6.tree");

extern const char cbg_data_answers[], cbg_data_answers_end[];
extern const char cbg_data_allowed[], cbg_data_allowed_end[];
extern const char cbg_data_frequency[], cbg_data_frequency_end[];
extern const char cbg_data_english[], cbg_data_english_end[];
extern const char cbg_data_nyt_answers22[], cbg_data_nyt_answers22_end[];
extern const char cbg_data_nyt_answers23[], cbg_data_nyt_answers23_end[];
extern const char cbg_data_nyt_allowed2202[], cbg_data_nyt_allowed2202_end[];
extern const char cbg_data_nyt_allowed2209[], cbg_data_nyt_allowed2209_end[];
extern const char cbg_data_jotto[], cbg_data_jotto_end[];
extern const char cbg_data_english6[], cbg_data_english6_end[];
extern const char cbg_data_openers[], cbg_data_openers_end[];
extern const char cbg_data_results_orig[], cbg_data_results_orig_end[];
extern const char cbg_data_results_nyt23[], cbg_data_results_nyt23_end[];
extern const char cbg_data_results_orig_h6[], cbg_data_results_orig_h6_end[];
extern const char cbg_data_results_nyt23_h6[], cbg_data_results_nyt23_h6_end[];
extern const char cbg_data_book_orig6[], cbg_data_book_orig6_end[];
extern const char cbg_data_book_nyt23_6[], cbg_data_book_nyt23_6_end[];
extern const char cbg_data_book_orig_h6[], cbg_data_book_orig_h6_end[];
extern const char cbg_data_book_nyt23_h6[], cbg_data_book_nyt23_h6_end[];
extern const char cbg_data_book_nyt23_6a[], cbg_data_book_nyt23_6a_end[];
extern const char cbg_data_book_nyt23_h6a[], cbg_data_book_nyt23_h6a_end[];
extern const char cbg_data_turn2_nyt23_6[], cbg_data_turn2_nyt23_6_end[];
extern const char cbg_data_turn2_nyt23_h6[], cbg_data_turn2_nyt23_h6_end[];
extern const char cbg_data_tree_nyt23_6[], cbg_data_tree_nyt23_6_end[];
extern const char cbg_data_tree_nyt23_h6[], cbg_data_tree_nyt23_h6_end[];

int cb_data_bundled(const char *name, const char **text, size_t *size)
{
    static const struct {
        const char *name;
        const char *start, *end;
    } files[] = {
        {"wordle/answers.txt", cbg_data_answers, cbg_data_answers_end},
        {"wordle/allowed.txt", cbg_data_allowed, cbg_data_allowed_end},
        {"wordle/frequency.tsv", cbg_data_frequency, cbg_data_frequency_end},
        {"english/words_alpha.txt", cbg_data_english, cbg_data_english_end},
        {"nyt/answers-2022.txt", cbg_data_nyt_answers22, cbg_data_nyt_answers22_end},
        {"nyt/answers-2023.txt", cbg_data_nyt_answers23, cbg_data_nyt_answers23_end},
        {"nyt/allowed-2022-02.txt", cbg_data_nyt_allowed2202, cbg_data_nyt_allowed2202_end},
        {"nyt/allowed-2022-09.txt", cbg_data_nyt_allowed2209, cbg_data_nyt_allowed2209_end},
        {"jotto/common.txt", cbg_data_jotto, cbg_data_jotto_end},
        {"english/common6.txt", cbg_data_english6, cbg_data_english6_end},
        {"proofs/openers.tsv", cbg_data_openers, cbg_data_openers_end},
        {"proofs/original.results", cbg_data_results_orig, cbg_data_results_orig_end},
        {"proofs/nyt2023.results", cbg_data_results_nyt23, cbg_data_results_nyt23_end},
        {"proofs/original-hard6.results", cbg_data_results_orig_h6, cbg_data_results_orig_h6_end},
        {"proofs/nyt2023-hard6.results", cbg_data_results_nyt23_h6, cbg_data_results_nyt23_h6_end},
        {"book/original-6.results", cbg_data_book_orig6, cbg_data_book_orig6_end},
        {"book/nyt2023-6.results", cbg_data_book_nyt23_6, cbg_data_book_nyt23_6_end},
        {"book/original-hard6.results", cbg_data_book_orig_h6, cbg_data_book_orig_h6_end},
        {"book/nyt2023-hard6.results", cbg_data_book_nyt23_h6, cbg_data_book_nyt23_h6_end},
        {"book/nyt2023-6-answers.results", cbg_data_book_nyt23_6a, cbg_data_book_nyt23_6a_end},
        {"book/nyt2023-hard6-answers.results", cbg_data_book_nyt23_h6a, cbg_data_book_nyt23_h6a_end},
        {"book/nyt2023-6.turn2", cbg_data_turn2_nyt23_6, cbg_data_turn2_nyt23_6_end},
        {"book/nyt2023-hard6.turn2", cbg_data_turn2_nyt23_h6, cbg_data_turn2_nyt23_h6_end},
        {"trees/nyt2023-6.tree", cbg_data_tree_nyt23_6, cbg_data_tree_nyt23_6_end},
        {"trees/nyt2023-hard6.tree", cbg_data_tree_nyt23_h6, cbg_data_tree_nyt23_h6_end},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (strcmp(files[i].name, name) == 0) {
            *text = files[i].start;
            *size = (size_t)(files[i].end - files[i].start);
            return CB_OK;
        }
    return CB_ENOTFOUND;
}

#define NYT23 "nyt/answers-2023.txt"
#define NYT22 "nyt/answers-2022.txt"
#define ALLOWED_SEP "nyt/allowed-2022-09.txt"
#define ALLOWED_ORIG "wordle/allowed.txt"

static const cb_word_lists word_lists[] = {
    {"original", "Original 2022 (2315 answers)",
     "Wordle as first published, January 2022: 2315 answers, 12972 allowed guesses (the papers' lists)",
     "wordle/answers.txt", ALLOWED_ORIG, "allowed"},
    {"nyt2023", "NYT 2023 (3158 answers)",
     "The New York Times since July 2023: 3158 answers, 14855 allowed guesses (today's game)", NYT23, ALLOWED_SEP,
     "all"},
    {"nyt2022sep", "NYT Sept. 2022 (2309 answers)",
     "The New York Times from 30 August 2022: 2309 answers, 14855 allowed guesses", NYT22, ALLOWED_SEP, "all"},
    {"nyt2022", "NYT March 2022 (2309 answers)",
     "The New York Times from March 2022: 2309 answers, 12972 allowed guesses", NYT22, ALLOWED_ORIG, "allowed"},
    {"nyt2022feb", "NYT Feb. 2022 (2309 answers)",
     "The New York Times of February 2022: 2309 answers, 12947 allowed guesses", NYT22, "nyt/allowed-2022-02.txt",
     NULL},
    {"all", "Any allowed word (14855)", "Every word the New York Times allows (14855) may be the answer", ALLOWED_SEP,
     NULL, NULL},
    {"allowed", "Any original allowed word (12972)", "Every word the original game allowed (12972) may be the answer",
     ALLOWED_ORIG, NULL, NULL},
    {"answers", "Original answers only (2315)", "The original 2315 answers, and guesses among them only",
     "wordle/answers.txt", NULL, NULL},
    {"jotto", "Jotto's common words (200)",
     "The 200 original answers of five different letters most frequent in English, guesses among them only",
     "jotto/common.txt", NULL, NULL},
    {"english6", "English, 6 letters (2525 answers)",
     "The 2525 six-letter words most used in English (SCOWL's small sizes, no inflections) as answers; any of "
     "the 29874 English words of six letters as a guess",
     "english/common6.txt", "english/words_alpha.txt", NULL},
};

const cb_word_lists *cb_word_lists_all(size_t *count)
{
    *count = sizeof word_lists / sizeof word_lists[0];
    return word_lists;
}

const cb_word_lists *cb_word_lists_find(const char *name)
{
    for (size_t i = 0; i < sizeof word_lists / sizeof word_lists[0]; i++)
        if (strcmp(word_lists[i].name, name) == 0)
            return &word_lists[i];
    return NULL;
}

const cb_word_lists *cbg_game_lists(const cb_game *game)
{
    if (!game->bundled_answers)
        return NULL;
    for (size_t i = 0; i < sizeof word_lists / sizeof word_lists[0]; i++) {
        const cb_word_lists *l = &word_lists[i];
        if (strcmp(l->answers, game->bundled_answers) == 0 &&
            (l->guesses && game->bundled_guesses ? strcmp(l->guesses, game->bundled_guesses) == 0
                                                 : !l->guesses && !game->bundled_guesses))
            return l;
    }
    return NULL;
}
