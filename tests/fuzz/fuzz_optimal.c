/*
 * fuzz_optimal.c: the results files of `codebreaker optimal --results`
 * (and of the opening book: data/proofs, data/book) on any bytes. The first
 * byte chooses the game (Mastermind of 4 colours and 3 pegs, or Wordle's
 * rule on 16 words: small games, since every reader hashes the game's codes,
 * which for Wordle's lists held the harness to about 45 inputs a second) and
 * whether the reader accepts format 1 (to sign); the rest is the file, read
 * whole (cb_optimal_results_parse) and line by line (cb_optimal_reader).
 * Checks: the two readers agree; every opener read is a guess of the game
 * and says something possible; the openers of a file read whole, sealed
 * again, read back to the same openers; and a line sealed for this search
 * verifies while the same line with its value changed does not.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/codebreaker.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static cb_game *games[2];

/* The words of game 1, which its seeds (corpus/optimal/words*) were sealed for. */
static const char fuzz_optimal_words[] = "crane\nslate\ntrace\ncrate\nplate\nspine\nshine\nstone\nshone\nprone\nbrine\n"
                                         "grime\nslime\nchime\nwhine\nquite\n";

/*
 * Mastermind 4x3 and Wordle's rule on fuzz_optimal_words, opened once. The
 * seeds' lines are sealed for them (cb_optimal_seal_init, as round_trip
 * does; `codebreaker optimal --words` on these words gives the same words
 * digest).
 */
static void fuzz_optimal_open(cb_game **out)
{
    cb_game_config cfg;
    cb_game_config_preset("mastermind", &cfg);
    cfg.colors = 4;
    cfg.length = 3;
    if (cb_game_new(&cfg, &out[0], NULL) != CB_OK)
        abort();
    cb_game_config_preset("wordle", &cfg);
    cfg.answers_data = cfg.guesses_data = NULL;
    cfg.words_text = fuzz_optimal_words;
    if (cb_game_new(&cfg, &out[1], NULL) != CB_OK)
        abort();
}

/* The search line of game i (the default all-openers search, a guess limit when asked: its position's). */
static void search_of(int i, int limit, char *buf, size_t size)
{
    static cb_table *tables[2]; /* tiny games: a table each, made once, for the position */
    cb_optimal_options o;
    cb_state *st = NULL;
    cb_optimal_options_default(&o);
    if (limit) {
        if ((!tables[i] && cb_table_new(games[i], NULL, &tables[i], NULL) != CB_OK) ||
            cb_state_new(tables[i], &st) != CB_OK || cb_state_set_max_guesses(st, 6) != CB_OK)
            abort();
        o.from = st;
    }
    cb_optimal_search_line(games[i], &o, buf, size);
    cb_state_free(st);
}

/* The text read line by line with flags: the status, the openers in *ops (copied, freed by the caller). */
static int read_lines(int i, const char *search, int flags, const char *text, size_t size, cb_optimal_opener **ops,
                      size_t *n)
{
    cb_optimal_reader *r;
    cb_error err;
    *ops = NULL;
    *n = 0;
    if (cb_optimal_reader_new(games[i], search, flags, &r, &err) != CB_OK)
        abort();
    char *buf = malloc(size + 1);
    int rc = buf ? CB_OK : CB_ENOMEM;
    for (size_t at = 0; rc == CB_OK && at < size;) {
        const char *nl = memchr(text + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
        if (!nl) {
            rc = CB_EINVAL; /* a last line without its newline: both readers refuse it */
            break;
        }
        memcpy(buf, text + at, len);
        buf[len] = '\0';
        rc = cb_optimal_reader_line(r, buf, len, NULL, &err);
        if (rc != CB_OK && (!err.message[0] || rc != CB_EINVAL))
            abort(); /* every refusal says why */
        at += len + 1;
    }
    if (rc == CB_OK)
        rc = cb_optimal_reader_end(r, &err);
    const cb_optimal_opener *got = cb_optimal_reader_openers(r, n);
    if (rc == CB_OK && *n) {
        if (!(*ops = malloc(*n * sizeof **ops)))
            abort();
        memcpy(*ops, got, *n * sizeof **ops);
    }
    if (rc != CB_OK)
        *n = 0;
    free(buf);
    cb_optimal_reader_free(r);
    return rc;
}

/* Each opener is a guess of the game and says something that can hold. */
static void check_openers(int i, const cb_optimal_opener *ops, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (ops[k].guess >= cb_game_guess_count(games[i]) || (ops[k].exact && ops[k].bound == UINT64_MAX))
            abort();
}

/* The openers sealed again into a file of the same search read back to the same openers. */
static void round_trip(int i, const char *search, const cb_optimal_opener *ops, size_t n)
{
    cb_optimal_seal seal;
    cb_optimal_seal_init(games[i], search, &seal);
    size_t cap = 1024 + n * 160, len;
    char *text = malloc(cap);
    if (!text)
        abort();
    cb_optimal_results_header(&seal, search, text, cap);
    len = strlen(text);
    for (size_t k = 0; k < n; k++) {
        cb_optimal_opener_seal(games[i], &seal, &ops[k], text + len, cap - len);
        len += strlen(text + len);
        text[len++] = '\n';
    }
    cb_optimal_opener *back = NULL;
    size_t nb = 0;
    cb_error err;
    if (cb_optimal_results_parse(games[i], text, len, search, &back, &nb, &err) != CB_OK || nb != n)
        abort();
    for (size_t k = 0; k < n; k++)
        if (back[k].guess != ops[k].guess || back[k].bound != ops[k].bound || back[k].exact != ops[k].exact)
            abort();
    /* the first opener's line with its value changed, under its old digest: refused */
    if (n && ops[0].bound < UINT64_MAX - 1) {
        cb_optimal_opener other = ops[0];
        other.bound++;
        char line[160], changed[160];
        cb_optimal_opener_seal(games[i], &seal, &ops[0], line, sizeof line);
        cb_optimal_opener_format(games[i], &other, changed, sizeof changed);
        snprintf(changed + strlen(changed), sizeof changed - strlen(changed), " %s\n", strrchr(line, ' ') + 1);
        cb_optimal_results_header(&seal, search, text, cap);
        strcat(text, changed);
        free(back);
        back = NULL;
        if (cb_optimal_results_parse(games[i], text, strlen(text), search, &back, &nb, &err) != CB_EINVAL)
            abort();
    }
    free(back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    if (!games[0])
        fuzz_optimal_open(games);
    int i = data[0] & 1, limit = data[0] >> 1 & 1, flags = data[0] >> 2 & 1 ? CB_OPTIMAL_READ_UNSIGNED : 0;
    const char *text = (const char *)data + 1;
    size -= 1;
    char search[512];
    search_of(i, limit, search, sizeof search);
    cb_optimal_opener *whole = NULL, *lines = NULL;
    size_t nw = 0, nl = 0;
    cb_error err;
    int rw = cb_optimal_results_parse(games[i], text, size, search, &whole, &nw, &err);
    int rl = read_lines(i, search, 0, text, size, &lines, &nl);
    if ((rw == CB_OK) != (rl == CB_OK) || nw != nl || (nw && memcmp(whole, lines, nw * sizeof *whole) != 0))
        abort(); /* the whole-file reader is the line reader */
    check_openers(i, whole, nw);
    if (rw == CB_OK)
        round_trip(i, search, whole, nw);
    free(whole);
    free(lines);
    if (flags) { /* format 1 accepted, unverified: still only possible openers of the game */
        rl = read_lines(i, search, flags, text, size, &lines, &nl);
        check_openers(i, lines, nl);
        free(lines);
    }
    return 0;
}
