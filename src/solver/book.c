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
 * as follows: totals and bounds are lower bounds when F is none or L is at
 * most F (a stricter limit only raises totals); exact totals are upper
 * bounds when F = L, or F is a limit and L none or at least F (the strategy
 * within F is within L); an opener is exact where the two meet (the 6-guess
 * book and the unlimited proof settle a limit of 7); "impossible" holds when
 * L is at most F. The files are checked against each other as they are
 * merged: a total held below a lower bound another file proves is refused.
 *
 * Turn two (cb_coach_turn_two): the book runs' turn-two files (data/book/
 * *.turn2, optimal --turn-two), for each opener they settled exactly the
 * best guess and least total after each feedback; exact under their own
 * limit only, and looked up one opener's line at a time. The best opener's
 * strategy (cb_coach_opening_tree): data/trees, loaded and checked whole.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/data.h"
#include "game/game_internal.h"
#include "solver/book_internal.h"
#include "solver/results_internal.h"

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

/* Which files gave an opener's lower and upper ends, to name them when they contradict. */
typedef struct proof {
    signed char lower_file, upper_file; /* book_files' index, -1: none */
} proof;

/*
 * Fold what one file (index i, its limit f) says of an opener into *into
 * and *p, for the limit l asked for: its totals and bounds bound l's from
 * below when f is none or l is at most f (a stricter limit only raises
 * totals); its exact totals, strategies held, bound l's from above when f
 * is l, or f is a limit and l is none or at least f (a strategy within f
 * is within l). CB_EINVAL, err naming both files, when the ends cross (an
 * exact total below a proved lower bound, or two exact totals).
 */
static int fold(cb_coach_book_entry *into, proof *p, const cb_game *game, const cb_optimal_opener *op, int i, int l,
                cb_error *err)
{
    int f = book_files[i].max_guesses;
    int below = f == 0 || (l != 0 && l <= f);
    int above = f == l || (f != 0 && (l == 0 || l >= f));
    if (op->bound == UINT64_MAX) { /* impossible within f */
        if (f != 0 && l != 0 && l <= f)
            into->can_lose = 1;
        return CB_OK;
    }
    if (op->exact && above && op->bound < into->upper) {
        into->upper = op->bound;
        p->upper_file = (signed char)i;
    }
    if (below && op->bound > into->lower) {
        into->lower = op->bound;
        p->lower_file = (signed char)i;
    }
    if (into->upper != UINT64_MAX && into->lower > into->upper) {
        char w[CB_MAX_LENGTH * 4 + 1];
        cb_game_format_code(game, op->guess, w, sizeof w);
        return cb_error_set(err, CB_EINVAL,
                            "the bundled %s says %s totals %llu, but %s proves it at least %llu: an edited or damaged "
                            "file",
                            book_files[p->upper_file].file, w, (unsigned long long)into->upper,
                            book_files[p->lower_file].file, (unsigned long long)into->lower);
    }
    return CB_OK;
}

int cb_coach_book_open(const cb_state *st, cb_coach_book *out, cb_error *err)
{
    return cbo_book_open_from(cb_state_game(st), cb_state_hard(st), cb_state_max_guesses(st), cb_data_bundled, out,
                              err);
}

int cbo_book_open_from(const cb_game *game, cb_hard mode, int max_guesses, cbo_book_loader load, cb_coach_book *out,
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
        if (strcmp(book_files[i].lists, lists->name) != 0 || book_files[i].hard != (mode != CB_HARD_NONE) ||
            load(file, &text, &size) != CB_OK)
            continue;
        cb_optimal_options so;
        cb_optimal_options_default(&so);
        so.cutoff = book_files[i].cutoff;
        cbo_search_line(game, &so, mode, book_files[i].max_guesses, search, sizeof search);
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
                e[g].upper = UINT64_MAX, pr[g] = (proof){-1, -1}; /* no strategy held yet */
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
        e[g].exact = e[g].upper != UINT64_MAX && e[g].lower >= e[g].upper; /* both ends meet */
        if (e[g].exact)
            e[g].lower = e[g].upper;
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

/* The bundled turn-two files of the book runs (their --turn-two), each with its search as book_files. */
static const struct {
    const char *lists;
    int hard, max_guesses;
    const char *file;
} turn_two_files[] = {
    {"nyt2023", 0, 6, "book/nyt2023-6.turn2"},
    {"nyt2023", 1, 6, "book/nyt2023-hard6.turn2"},
};

int cb_coach_turn_two(const cb_state *st, cb_guess_index *best, uint64_t *total, cb_error *err)
{
    int max_guesses = cb_state_max_guesses(st);
    const cb_game *game = cb_state_game(st);
    const cb_word_lists *lists = cbg_game_lists(game);
    int hard = cb_state_hard(st) != CB_HARD_NONE;
    cb_guess_index opener;
    uint32_t feedback;
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE || cb_state_turns(st) != 1)
        return CB_ENOTFOUND;
    cb_state_turn(st, 0, &opener, &feedback);
    for (size_t i = 0; i < sizeof turn_two_files / sizeof turn_two_files[0]; i++) {
        const char *text;
        size_t size;
        char search[512];
        cb_optimal_child c;
        cb_error e;
        if (strcmp(turn_two_files[i].lists, lists->name) != 0 || turn_two_files[i].hard != hard ||
            turn_two_files[i].max_guesses != max_guesses ||
            cb_data_bundled(turn_two_files[i].file, &text, &size) != CB_OK)
            continue;
        cb_optimal_options so;
        cb_optimal_options_default(&so);
        so.cutoff = CB_BOOK_CUTOFF;
        cbo_search_line(game, &so, cb_state_hard(st), turn_two_files[i].max_guesses, search, sizeof search);
        int rc = cb_optimal_turn_two_lookup(game, text, size, search, opener, feedback, &c, NULL, &e);
        if (rc == CB_EINVAL &&
            (strstr(e.message, ": written by another search") || strstr(e.message, ": written for other words")))
            continue; /* the lists differ: another game */
        if (rc == CB_EINVAL)
            return cb_error_set(err, rc, "the bundled %s: %s", turn_two_files[i].file, e.message);
        if (rc != CB_OK)
            return rc;
        *best = c.guess;
        *total = c.total;
        return CB_OK;
    }
    return CB_ENOTFOUND;
}

/* The bundled strategies of the best openers (data/trees), each proved optimal under its mode and limit. */
static const struct {
    const char *lists;
    int hard, max_guesses;
    const char *file;
} tree_files[] = {
    {"nyt2023", 0, 6, "trees/nyt2023-6.tree"},
    {"nyt2023", 1, 6, "trees/nyt2023-hard6.tree"},
};

int cb_coach_opening_tree(const cb_state *st, cb_tree **out, uint64_t *total, cb_error *err)
{
    int max_guesses = cb_state_max_guesses(st);
    const cb_game *game = cb_state_game(st);
    const cb_word_lists *lists = cbg_game_lists(game);
    int hard = cb_state_hard(st) != CB_HARD_NONE;
    *out = NULL;
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE)
        return CB_ENOTFOUND;
    for (size_t i = 0; i < sizeof tree_files / sizeof tree_files[0]; i++) {
        const char *text;
        size_t size;
        cb_tree *t = NULL;
        cb_tree_stats ts;
        cb_error e;
        if (strcmp(tree_files[i].lists, lists->name) != 0 || tree_files[i].hard != hard ||
            tree_files[i].max_guesses != max_guesses || cb_data_bundled(tree_files[i].file, &text, &size) != CB_OK)
            continue;
        FILE *f = fmemopen((void *)(uintptr_t)text, size, "r");
        if (!f)
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        cb_state *start = NULL; /* the opening, in st's mode and limit */
        int rc = cb_tree_load(game, f, tree_files[i].file, &t, &e);
        fclose(f);
        if (rc == CB_OK)
            rc = cb_state_at(st, 0, &start);
        if (rc == CB_OK)
            rc = cb_tree_verify(t, start, &ts, &e);
        cb_state_free(start);
        if (rc != CB_OK) {
            cb_tree_free(t);
            if (rc == CB_ENOMEM)
                return cb_error_set(err, rc, "out of memory");
            continue; /* words of another game of the same lists' name: not this one's */
        }
        *out = t;
        *total = ts.total;
        return CB_OK;
    }
    return CB_ENOTFOUND;
}

void cb_coach_book_release(cb_coach_book *b)
{
    if (!b)
        return;
    free(b->entry);
    b->entry = NULL;
    b->count = 0;
}
