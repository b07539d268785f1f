/*
 * data.h: files bundled into the library (see data/README.md):
 * "wordle/answers.txt", "wordle/allowed.txt", "wordle/frequency.tsv",
 * "english/words_alpha.txt", and the New York Times' lists as they changed:
 * "nyt/answers-2022.txt" (2309 answers), "nyt/answers-2023.txt" (3158),
 * "nyt/allowed-2022-02.txt" (12947 allowed guesses), "nyt/allowed-2022-09.txt"
 * (14855). The NYT's allowed list of March 2022 is "wordle/allowed.txt".
 * "proofs/openers.tsv": the best opener of bundled lists, proved (coach.h).
 * "proofs/original.results", "proofs/nyt2023.results": every opener's proved
 * total or bound on those lists (the results files of optimal.h), which
 * cb_coach_rank_solve reads at the opening.
 */
#ifndef CODEBREAKER_DATA_H
#define CODEBREAKER_DATA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Point *text at the bundled file `name` (*size bytes, NUL after them); CB_ENOTFOUND if none. */
int cb_data_bundled(const char *name, const char **text, size_t *size);

/*
 * A named pair of bundled Wordle lists: `answers` (the possible secrets) and
 * `guesses` (the allowed guesses; NULL when the answers are the guesses,
 * as in "all": every allowed word may be the answer). Names:
 * "original" (January 2022, 2315/12972), "nyt2023" (July 2023, 3158/14855),
 * "nyt2022sep" (30 August 2022, 2309/14855), "nyt2022" (March 2022,
 * 2309/12972), "nyt2022feb" (February 2022, 2309/12947), "all" (the 14855
 * words NYT allows, each a possible answer), "allowed" (the original 12972
 * likewise), "answers" (the original 2315, guesses among them only),
 * "jotto" (Jotto's own: the 200 original answers of five different letters
 * most frequent in English, guesses among them only).
 * `wider` names the lists with the same guesses whose answers are all of
 * them ("all" for "nyt2023"), or is NULL when none is bundled.
 */
typedef struct cb_word_lists {
    const char *name;
    const char *label;   /* a few words for a menu: "NYT 2023 (3158 answers)" */
    const char *summary; /* one line: when and whose, the counts */
    const char *answers;
    const char *guesses;
    const char *wider;
} cb_word_lists;

/* The named lists, in the order a menu offers them; *count gets how many. */
const cb_word_lists *cb_word_lists_all(size_t *count);
/* The lists called `name`, or NULL. */
const cb_word_lists *cb_word_lists_find(const char *name);

#ifdef __cplusplus
}
#endif

#endif
