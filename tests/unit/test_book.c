/*
 * test_book.c: the opening book (src/solver/book.c) checks its bundled files
 * against each other (issue 57): a book line edited and sealed again (the
 * public key of format 2 is no secret) with a total below what the bundled
 * proofs prove is refused, naming both files; the files as shipped agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codebreaker/codebreaker.h"
#include "solver/book_internal.h"
#include "solver/results_internal.h"

static char *edited; /* the edited copy of the file named by edit_file */
static size_t edited_size;
static const char *edit_file;

/* The bundled files, edit_file replaced by the edited copy. */
static int load_edited(const char *name, const char **text, size_t *size)
{
    if (edit_file && strcmp(name, edit_file) == 0) {
        *text = edited;
        *size = edited_size;
        return CB_OK;
    }
    return cb_data_bundled(name, text, size);
}

/*
 * Copy the bundled file `file` of search o (normal mode, within max_guesses,
 * as its position would carry them) on game with the line of `word`
 * replaced by `value` (as a results file writes it), sealed again with the
 * file's own (public) key: what a forger who reads the source can write.
 */
static void forge(const cb_game *game, const cb_optimal_options *o, int max_guesses, const char *file, const char *word,
                  const char *value)
{
    const char *text;
    size_t size;
    CHECK(cb_data_bundled(file, &text, &size) == CB_OK);
    char search[512], line[160], prefix[64];
    cbo_search_line(game, o, CB_HARD_NONE, max_guesses, search, sizeof search);
    cb_optimal_seal seal;
    cb_optimal_seal_init(game, search, &seal);
    cb_optimal_opener op = {0};
    CHECK(cb_game_parse_code(game, word, &op.guess, NULL) == CB_OK);
    op.exact = value[0] != '>';
    op.bound = strtoull(value + (op.exact ? 0 : 2), NULL, 10);
    cb_optimal_opener_seal(game, &seal, &op, line, sizeof line);
    snprintf(prefix, sizeof prefix, "\n%s ", word);
    free(edited);
    edited = malloc(size + sizeof line);
    CHECK(edited != NULL);
    const char *at = strstr(text, prefix);
    CHECK_MSG(at != NULL, "no line of %s in %s", word, file);
    const char *end = strchr(at + 1, '\n');
    size_t head = (size_t)(at - text) + 1;
    memcpy(edited, text, head);
    edited_size = head + (size_t)sprintf(edited + head, "%s", line);
    memcpy(edited + edited_size, end, size - (size_t)(end - text));
    edited_size += size - (size_t)(end - text);
    edit_file = file;
}

static void edited_book_line(void)
{
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    cb_game_config_default(&cfg);
    CHECK(cb_game_config_lists(&cfg, "original", &err) == CB_OK);
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    cb_coach_book b;
    cb_optimal_options o;
    cb_optimal_options_default(&o);
    o.cutoff = CB_BOOK_CUTOFF;
    /* as shipped: every file agrees; CRANE 7930 within 6 guesses, at least SALET's 7920 */
    edit_file = NULL;
    CHECK_MSG(cbo_book_open_from(g, CB_HARD_NONE, 6, load_edited, &b, &err) == CB_OK, "%s", err.message);
    uint32_t crane;
    CHECK(cb_game_parse_code(g, "crane", &crane, NULL) == CB_OK);
    CHECK(b.entry[crane].exact && b.entry[crane].lower == 7930);
    cb_coach_book_release(&b);
    /* the forgery: CRANE 7919 in the book, sealed again; data/proofs proves CRANE at least 7920 */
    forge(g, &o, 6, "book/original-6.results", "crane", "7919");
    CHECK(cbo_book_open_from(g, CB_HARD_NONE, 6, load_edited, &b, &err) == CB_EINVAL);
    CHECK_MSG(strstr(err.message, "book/original-6.results says crane totals 7919, but proofs/original.results "
                                  "proves it at least 7920") != NULL,
              "%s", err.message);
    /* a total sealed again above the truth but not below any bound: nothing contradicts it here */
    forge(g, &o, 6, "book/original-6.results", "crane", "7931");
    CHECK(cbo_book_open_from(g, CB_HARD_NONE, 6, load_edited, &b, &err) == CB_OK);
    cb_coach_book_release(&b);
    /* a proof's bound raised above the book's total (the other way round): refused too */
    cb_optimal_options p;
    cb_optimal_options_default(&p);
    forge(g, &p, 0, "proofs/original.results", "crane", ">=7931");
    CHECK(cbo_book_open_from(g, CB_HARD_NONE, 6, load_edited, &b, &err) == CB_EINVAL);
    CHECK_MSG(strstr(err.message, "says crane totals 7930, but proofs/original.results proves it at least 7931"), "%s",
              err.message);
    /* the hard-mode files and the other lists as shipped agree too */
    edit_file = NULL;
    CHECK_MSG(cbo_book_open_from(g, CB_HARD_REVEALED, 6, load_edited, &b, &err) == CB_OK, "%s", err.message);
    cb_coach_book_release(&b);
    cb_game_free(g);
    CHECK(cb_game_config_lists(&cfg, "nyt2023", &err) == CB_OK);
    CHECK(cb_game_new(&cfg, &g, &err) == CB_OK);
    for (int hard = 0; hard < 2; hard++) {
        CHECK_MSG(cbo_book_open_from(g, hard ? CB_HARD_REVEALED : CB_HARD_NONE, 6, load_edited, &b, &err) == CB_OK,
                  "%s", err.message);
        cb_coach_book_release(&b);
        CHECK_MSG(cbo_book_open_from(g, hard ? CB_HARD_REVEALED : CB_HARD_NONE, 0, load_edited, &b, &err) == CB_OK ||
                      hard,
                  "%s", err.message);
        cb_coach_book_release(&b);
    }
    cb_game_free(g);
    free(edited);
}

int main(void)
{
    edited_book_line();
    return check_done("test_book");
}
