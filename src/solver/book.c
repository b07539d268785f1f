/*
 * book.c: the opening book (coach.h, cb_coach_book_open): what the bundled
 * results files of the program's own all-openers runs prove of each opener
 * of Wordle on bundled lists, merged for one mode and guess limit.
 *
 * Three kinds of file: the all-openers proofs (data/proofs, cutoff the best
 * total: every opener exact or proved at least the best), the book runs
 * (data/book, cutoff CB_BOOK_CUTOFF: every opener settled exactly, written as
 * the run goes, so a file may hold only the openers settled so far), and
 * runs over the answer words cut just above the best of them (each exact
 * below the cutoff or proved at least it). What a
 * file proves under its own guess limit F holds under the limit L asked for
 * as follows: an exact total is exact when L = F; totals and bounds are
 * lower bounds when F is none or L is at most F (a stricter limit only
 * raises totals); "impossible" holds when L is at most F. The files are
 * checked against each other as they are merged: an exact total below a
 * lower bound another file proves, or two exact totals, is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/data.h"
#include "game/game_internal.h"
#include "solver/solver_internal.h"

/* The bundled files, each with the search it was made by (its lists, mode, guess limit and cutoff). */
static const struct {
    const char *lists;
    int hard, max_guesses;
    uint64_t cutoff; /* 0: the best total found (an all-openers proof) */
    const char *file;
} book_files[] = {
    {"original", 0, 0, 0, "proofs/original.results"},
    {"nyt2023", 0, 0, 0, "proofs/nyt2023.results"},
    {"original", 1, 6, 0, "proofs/original-hard6.results"},
    {"nyt2023", 1, 6, 0, "proofs/nyt2023-hard6.results"},
    {"original", 0, 6, CB_BOOK_CUTOFF, "book/original-6.results"},
    {"nyt2023", 0, 6, CB_BOOK_CUTOFF, "book/nyt2023-6.results"},
    {"original", 1, 6, CB_BOOK_CUTOFF, "book/original-hard6.results"},
    {"nyt2023", 1, 6, CB_BOOK_CUTOFF, "book/nyt2023-hard6.results"},
    /*
     * The answer words, cut one above the best of them (CARET 11252, in hard mode LEAST 11654): each
     * exact below the cutoff, else proved at least it, so that the best that could be the answer is
     * proved at the opening.
     */
    {"nyt2023", 0, 6, 11253, "book/nyt2023-6-answers.results"},
    {"nyt2023", 1, 6, 11655, "book/nyt2023-hard6-answers.results"},
};

/* What the files prove of one opener, apart from the entry, to check them against each other. */
typedef struct proof {
    uint64_t lower; /* the greatest lower bound (totals and bounds of files whose limit bounds l's) */
    signed char lower_file, exact_file; /* the files that say them (book_files' index), -1: none */
} proof;

/*
 * Fold what one file (index i, its limit f) says of an opener into *into
 * and *p, for the limit l asked for: CB_EINVAL, err naming both files, when
 * it contradicts what another file proves (an exact total below a proved
 * lower bound, or two exact totals).
 */
static int fold(cb_coach_book_entry *into, proof *p, const cb_game *game, const cb_optimal_opener *op, int i, int l,
                cb_error *err)
{
    int f = book_files[i].max_guesses;
    int stricter = f == 0 || (l != 0 && l <= f); /* l is at most f: f's totals and bounds bound l's */
    if (op->bound == UINT64_MAX) {               /* impossible within f */
        if (f != 0 && l != 0 && l <= f)
            into->can_lose = 1;
        return CB_OK;
    }
    if (stricter && op->bound > p->lower) {
        p->lower = op->bound;
        p->lower_file = (signed char)i;
    }
    uint64_t was = into->lower;
    if (op->exact && f == l && !into->exact) {
        into->exact = 1;
        into->lower = into->upper = op->bound;
        p->exact_file = (signed char)i;
    } else if (!op->exact || f != l) {
        if (stricter && op->bound > into->lower && !into->exact)
            into->lower = op->bound;
    } else if (was != op->bound) { /* two totals */
        p->lower = was > op->bound ? was : op->bound;
        p->lower_file = (signed char)(was > op->bound ? p->exact_file : i);
        into->lower = was > op->bound ? op->bound : was;
        p->exact_file = (signed char)(was > op->bound ? i : p->exact_file);
    }
    if (into->exact && p->lower > into->lower) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(game, op->guess, w, sizeof w);
        return cb_error_set(err, CB_EINVAL,
                            "the bundled %s says %s totals %llu, but %s proves it at least %llu: an edited or damaged "
                            "file",
                            book_files[p->exact_file].file, w, (unsigned long long)into->lower,
                            book_files[p->lower_file].file, (unsigned long long)p->lower);
    }
    return CB_OK;
}

int cb_coach_book_open(const cb_game *game, int hard, int max_guesses, cb_coach_book *out, cb_error *err)
{
    return cbo_book_open_from(game, hard, max_guesses, cb_data_bundled, out, err);
}

int cbo_book_open_from(const cb_game *game, int hard, int max_guesses, cbo_book_loader load, cb_coach_book *out,
                       cb_error *err)
{
    const cb_word_lists *lists = cbg_game_lists(game);
    uint32_t ng = cb_game_guess_count(game);
    memset(out, 0, sizeof *out);
    out->best = CB_NONE;
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE)
        return CB_ENOTFOUND;
    cb_coach_book_entry *e = NULL;
    proof *pr = NULL;
    int rc = CB_OK;
    for (size_t i = 0; rc == CB_OK && i < sizeof book_files / sizeof book_files[0]; i++) {
        const char *text, *file = book_files[i].file;
        size_t size, n;
        char search[512];
        cb_optimal_opener *ops;
        cb_error e2;
        int f = book_files[i].max_guesses;
        if (strcmp(book_files[i].lists, lists->name) != 0 || book_files[i].hard != (hard != 0) ||
            !(f == max_guesses || f == 0 || (max_guesses != 0 && max_guesses <= f)) || /* proves nothing of it */
            load(file, &text, &size) != CB_OK)
            continue;
        cb_optimal_options so;
        cb_optimal_options_default(&so);
        so.hard = hard != 0;
        so.max_guesses = book_files[i].max_guesses;
        so.cutoff = book_files[i].cutoff;
        cb_optimal_search_line(game, &so, search, sizeof search);
        int prc = cb_optimal_results_parse(game, text, size, search, &ops, &n, &e2);
        if (prc == CB_EINVAL &&
            (strstr(e2.message, ": written by another search") || strstr(e2.message, ": written for other words")))
            continue; /* the lists differ: another game */
        if (prc != CB_OK) {
            rc = cb_error_set(err, prc, "the bundled %s: %s", file, e2.message);
            break;
        }
        if (!e && (!(e = calloc(ng, sizeof *e)) || !(pr = malloc(ng * sizeof *pr)))) {
            free(ops);
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
            break;
        }
        if (out->files == 0)
            for (uint32_t g = 0; g < ng; g++)
                pr[g] = (proof){0, -1, -1};
        for (size_t k = 0; rc == CB_OK && k < n; k++)
            if (ops[k].guess < ng)
                rc = fold(&e[ops[k].guess], &pr[ops[k].guess], game, &ops[k], (int)i, max_guesses, err);
        free(ops);
        out->files++;
    }
    free(pr);
    if (rc != CB_OK || !e) {
        free(e);
        memset(out, 0, sizeof *out);
        out->best = CB_NONE;
        return rc != CB_OK ? rc : CB_ENOTFOUND;
    }
    /* the best: the least exact total, proved when every other opener is known to do no better */
    uint64_t least_other = UINT64_MAX;
    for (uint32_t g = 0; g < ng; g++) {
        if (!e[g].exact)
            e[g].upper = UINT64_MAX;
        if (e[g].exact)
            out->exact++;
        if (e[g].exact && (out->best == CB_NONE || e[g].lower < out->best_total)) {
            out->best = g;
            out->best_total = e[g].lower;
        }
    }
    for (uint32_t g = 0; g < ng; g++)
        if (g != out->best && !e[g].can_lose && e[g].lower < least_other)
            least_other = e[g].lower;
    out->best_proved = out->best != CB_NONE && least_other >= out->best_total;
    out->entry = e;
    out->count = ng;
    return CB_OK;
}

void cb_coach_book_release(cb_coach_book *b)
{
    if (!b)
        return;
    free(b->entry);
    b->entry = NULL;
    b->count = 0;
}
