/*
 * losses.c: the fewest games lost within the limit on guesses, for the
 * coach (coach.c) where no strategy is sure to win: the chance of losing
 * after a guess under the play that loses least, and the guess that loses
 * least when every guess can lose.
 *
 * won(S, k), the most entries of a position S a strategy finds within k
 * guesses, is 0 for k = 0; for k = 1 the most entries one guess wins at once;
 * else the most, over the guesses g that split S (those that respect hard
 * mode, or the candidates only when asked), of g's wins at once plus
 * won(P, k - 1) summed over the other parts P. For k = 2 that sum is the
 * number of parts (outside Symble, where a part may hold several mappings of
 * one codeword), so a position is one scan of its entries against every
 * guess; deeper, the guesses go most parts first and a guess stops once its
 * parts cannot beat the best found. The search counts its work in entries
 * scanned (a guess against an entry) and stops at its budget, so that the
 * same position gives the same figure on every run: every value it returns
 * is then the wins of a strategy it holds (a lower bound), exact when it
 * finished.
 *
 * The scan of every guess at a node reads the table's secret-major copy
 * where it has one of one-byte feedback (cbt_columns): the node's columns,
 * one per entry, a block of guesses at a time, rather than a scattered byte
 * of every guess's row (a cache miss each on the tables of today's lists,
 * which are tens of megabytes). The same feedback in the same order, so the
 * same work, figures and stops; tests/unit/test_losses.c compares the two
 * on tables with and without the copy.
 */
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "table/table_internal.h"
#include "tuning.h"

typedef struct lsearch {
    const cb_table *table;
    const cb_game *game;
    uint64_t work, budget;
    int stopped, failed, candidates_only;
    uint32_t nfb, won;
    uint32_t *raw;       /* a feedback per candidate of the position searched (split_of's) */
    const uint8_t *cols; /* the table's secret-major copy (one byte a feedback), or NULL: rows only */
    uint8_t *blk;        /* the feedback of a block of guesses, guess-major (scan_block's), blk_bytes long */
    size_t blk_bytes;
} lsearch;

/*
 * The entries of st per feedback of guess g, into cnt (nfb of them, zeroed
 * by the caller); the number of parts. Counts the work.
 */
static uint32_t split_count(lsearch *L, const cb_state *st, uint32_t *cnt)
{
    const uint8_t *masks = cb_state_masks(st);
    uint32_t parts = 0, *raw = L->raw;
    size_t n = cb_state_count(st);
    if (!masks) {
        for (size_t i = 0; i < n; i++)
            parts += cnt[raw[i]]++ == 0;
        L->work += n;
    }
    for (size_t i = 0; masks && i < n; i++)
        for (int m = 0; m < CB_MAPPINGS; m++)
            if (masks[i] >> m & 1) {
                uint32_t f = cb_game_observe(L->game, raw[i], m);
                parts += cnt[f]++ == 0;
                L->work++;
            }
    if (L->work > L->budget)
        L->stopped = 1;
    return parts;
}

/* split_count of guess g's feedback, read from its row. */
static uint32_t split_of(lsearch *L, const cb_state *st, cb_guess_index g, uint32_t *cnt)
{
    cb_table_fill(L->table, g, cb_state_candidates(st), cb_state_count(st), L->raw);
    return split_count(L, st, cnt);
}

/* The guesses of a scan that one block holds at st: as many as fill blk_bytes, at least 1. */
static size_t block_guesses(const lsearch *L, const cb_state *st)
{
    size_t n = cb_state_count(st);
    return n ? L->blk_bytes / n : 1;
}

/* Whether guess g may be played at st (hard mode; the candidates only when asked). */
static int playable(const lsearch *L, const cb_state *st, cb_guess_index g)
{
    if (L->candidates_only && !cb_state_is_candidate(st, g))
        return 0;
    return cb_state_legal(st, g, NULL, 0);
}

typedef struct ranked {
    uint32_t guess, parts, wins;
} ranked;

static int by_parts(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->parts != y->parts)
        return x->parts < y->parts ? 1 : -1;
    if (x->wins != y->wins)
        return x->wins < y->wins ? 1 : -1;
    return (x->guess > y->guess) - (x->guess < y->guess);
}

/* The guesses that may be played at a node: a list, or every guess of the game (all set). */
typedef struct glist {
    const uint32_t *g;
    size_t n;
    int all;
} glist;

static uint64_t most_won(lsearch *L, cb_state *st, int k, cb_guess_index first, cb_guess_index *best,
                         const glist *from);

/*
 * The feedback of the guesses i0 .. i0 + m - 1 of `here` against st's
 * candidates, guess-major into L->blk (m rows of cb_state_count(st) bytes):
 * each candidate's column read once, its bytes for the block in order.
 */
static void scan_block(lsearch *L, const cb_state *st, const glist *here, size_t i0, size_t m)
{
    const uint32_t *cand = cb_state_candidates(st);
    size_t n = cb_state_count(st), ng = cb_game_guess_count(L->game);
    for (size_t c = 0; c < n; c++) {
        const uint8_t *col = L->cols + (size_t)cand[c] * ng;
        uint8_t *out = L->blk + c;
        if (here->all)
            for (size_t j = 0; j < m; j++)
                out[j * n] = col[i0 + j];
        else
            for (size_t j = 0; j < m; j++)
                out[j * n] = col[here->g[i0 + j]];
    }
}

/* split_count of the j-th guess of the last block scan_block made. */
static uint32_t split_in_block(lsearch *L, const cb_state *st, size_t j, uint32_t *cnt)
{
    size_t n = cb_state_count(st);
    const uint8_t *b = L->blk + j * n;
    for (size_t i = 0; i < n; i++)
        L->raw[i] = b[i];
    return split_count(L, st, cnt);
}

/*
 * The wins within k guesses when g is played at st, whose split is cnt
 * (parts of them); at most enough (a part is given up once the rest cannot
 * reach beat + 1: the value returned is then at most beat, still achieved).
 */
static uint64_t won_after(lsearch *L, cb_state *st, int k, cb_guess_index g, const uint32_t *cnt, uint64_t beat,
                          const glist *from)
{
    uint64_t n = cb_state_entries(st), val = cnt[L->won], left = n - cnt[L->won];
    int masks = cb_state_masks(st) != NULL;
    for (uint32_t f = 0; f < L->nfb && left; f++) {
        if (!cnt[f] || f == L->won)
            continue;
        left -= cnt[f];
        uint64_t v;
        if (cnt[f] == 1 || (k - 1 == 1 && !masks))
            v = 1; /* one guess more: one entry of the part at most, at least by guessing a candidate */
        else if (val + cnt[f] + left <= beat || L->stopped)
            v = 1; /* cannot beat the best: the part is given one win, which any candidate guessed gives */
        else {
            int rc = cb_state_apply(st, g, f);
            if (rc != CB_OK) {
                L->failed = rc;
                L->stopped = 1;
                v = 1;
            } else {
                v = most_won(L, st, k - 1, CB_NONE, NULL, from);
                cb_state_undo(st);
            }
        }
        val += v;
    }
    return val;
}

/* The wins at once of the candidate of st that wins most, into *best. */
static uint64_t won_now(const lsearch *L, const cb_state *st, cb_guess_index *best)
{
    const uint8_t *masks = cb_state_masks(st);
    uint64_t most = 0;
    for (size_t i = 0; i < cb_state_count(st); i++) {
        cb_guess_index g = cb_game_secret_guess(L->game, cb_state_candidates(st)[i]);
        uint64_t w = masks ? (uint64_t)__builtin_popcount(masks[i]) : 1u;
        if (g != CB_NONE && w > most) {
            most = w;
            if (best)
                *best = g;
        }
    }
    return most;
}

/*
 * The guesses of `from` playable at st, into *out (malloc'd unless every
 * guess is: hard mode and the candidates only narrow them, and a guess not
 * playable at a node is not at its children). Each guess looked at counts
 * as work. 0 or CB_ENOMEM.
 */
static int playable_list(lsearch *L, const cb_state *st, const glist *from, glist *out, uint32_t **own)
{
    uint32_t ng = cb_game_guess_count(L->game);
    *own = NULL;
    if (!cb_state_hard(st) && !L->candidates_only) {
        *out = (glist){NULL, ng, 1};
        return 0;
    }
    size_t n = from->all ? ng : from->n, k = 0;
    if (!(*own = malloc((n + 1) * sizeof **own)))
        return CB_ENOMEM;
    /* below the root, from respects every turn but the last: that one alone is checked */
    int last = !from->all && cb_state_hard(st) && cb_game_rule_info(L->game)->hard_mode && cb_state_turns(st) > 0;
    cbg_hard_turn h;
    if (last) {
        uint32_t lg, lf;
        cb_state_turn(st, cb_state_turns(st) - 1, &lg, &lf);
        cbg_hard_turn_make(L->game, lg, lf, &h);
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t g = from->all ? (uint32_t)i : from->g[i];
        if (last ? cbg_hard_turn_check(L->game, &h, cb_game_code(L->game, g), NULL, NULL) &&
                       (!L->candidates_only || cb_state_is_candidate(st, g))
                 : playable(L, st, g))
            (*own)[k++] = g;
    }
    L->work += n;
    *out = (glist){*own, k, 0};
    return 0;
}

/* won(st, k) as above, first: the guess played first (CB_NONE: the best one, into *best); from: the guesses. */
static uint64_t most_won(lsearch *L, cb_state *st, int k, cb_guess_index first, cb_guess_index *best, const glist *from)
{
    uint64_t n = cb_state_entries(st);
    if (k <= 0 || n == 0)
        return 0;
    uint32_t *cnt = calloc(L->nfb, sizeof *cnt), *own = NULL;
    glist here;
    if (!cnt || playable_list(L, st, from, &here, &own) != 0) {
        free(cnt);
        L->failed = CB_ENOMEM;
        L->stopped = 1;
        return 0;
    }
    uint64_t most = 0;
    if (first != CB_NONE) {
        uint32_t parts = split_of(L, st, first, cnt);
        most = k == 1                       ? cnt[L->won]
               : parts == 1 && !cnt[L->won] ? most_won(L, st, k - 1, CB_NONE, NULL, &here)
                                            : won_after(L, st, k, first, cnt, 0, &here);
        free(cnt);
        free(own);
        return most;
    }
    cb_guess_index b = CB_NONE;
    int masks = cb_state_masks(st) != NULL;
    most = won_now(L, st, &b); /* a candidate guessed: a lower bound for every k */
    ranked *r = k >= 2 && most < n ? malloc((here.n + 1) * sizeof *r) : NULL;
    size_t nr = 0;
    if (k >= 2 && most < n && !r) {
        L->failed = CB_ENOMEM;
        L->stopped = 1;
    }
    /* one scan: every guess's parts (the value itself for k = 2), from the columns a block at a time */
    size_t per = L->cols ? block_guesses(L, st) : 0, at = 0, m = 0;
    for (size_t i = 0; r && i < here.n && !L->stopped; i++) {
        uint32_t g = here.all ? (uint32_t)i : here.g[i];
        memset(cnt, 0, L->nfb * sizeof *cnt);
        if (per && i == at + m) {
            at = i;
            m = here.n - i < per ? here.n - i : per;
            scan_block(L, st, &here, at, m);
        }
        uint32_t parts = per ? split_in_block(L, st, i - at, cnt) : split_of(L, st, g, cnt);
        if (parts == 1 && !cnt[L->won])
            continue; /* splits nothing */
        if (k == 2 && !masks && parts > most) {
            most = parts;
            b = g;
        }
        r[nr++] = (ranked){g, parts, cnt[L->won]};
    }
    if (r && (k >= 3 || masks)) { /* Symble: a part may win several mappings of one codeword at once */
        qsort(r, nr, sizeof *r, by_parts);
        for (size_t i = 0; i < nr && most < n && !L->stopped; i++) {
            memset(cnt, 0, L->nfb * sizeof *cnt);
            split_of(L, st, r[i].guess, cnt);
            uint64_t v = won_after(L, st, k, r[i].guess, cnt, most, &here);
            if (v > most) {
                most = v;
                b = r[i].guess;
            }
        }
    }
    free(r);
    free(cnt);
    free(own);
    if (best)
        *best = b;
    return most;
}

int cb_coach_least_losses(const cb_state *st, int guesses_left, cb_guess_index first, int candidates_only,
                          uint64_t work, cb_coach_losses *out, cb_error *err)
{
    memset(out, 0, sizeof *out);
    out->best = CB_NONE;
    if (guesses_left < 1)
        return cb_error_set(err, CB_EINVAL, "no guess left: the game is over");
    lsearch L = {cb_state_table(st),
                 cb_state_game(st),
                 0,
                 work ? work : UINT64_MAX,
                 0,
                 0,
                 candidates_only,
                 0,
                 0,
                 NULL,
                 NULL,
                 NULL,
                 0};
    if (first != CB_NONE && (first >= cb_game_guess_count(L.game) || !playable(&L, st, first)))
        return cb_error_set(err, CB_EINVAL, "that guess cannot be played there");
    L.nfb = cb_game_feedback_count(L.game);
    L.won = cb_game_won(L.game);
    cb_state *w = NULL;
    L.raw = malloc((cb_state_count(st) + 1) * sizeof *L.raw);
    if (!L.raw || cb_state_copy(st, &w) != CB_OK) {
        free(L.raw);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    if (cb_table_width(L.table) == 1 && (L.cols = cbt_columns(L.table)) != NULL) {
        /* a block: CB_LOSSES_BLOCK bytes, or one guess against every candidate if more */
        L.blk_bytes = cb_state_count(st) > CB_LOSSES_BLOCK ? cb_state_count(st) : CB_LOSSES_BLOCK;
        if (!(L.blk = malloc(L.blk_bytes)))
            L.cols = NULL; /* the rows serve as well, if slower */
    }
    cb_state_set_max_guesses(w, 0); /* guesses_left bounds the search, not st's own limit */
    out->entries = cb_state_entries(st);
    glist every = {NULL, cb_game_guess_count(L.game), 1};
    out->won = most_won(&L, w, guesses_left, first, &out->best, &every);
    cb_state_free(w);
    free(L.raw);
    free(L.blk);
    if (L.failed)
        return cb_error_set(err, L.failed, "%s", cb_strerror(L.failed));
    out->exact = !L.stopped;
    out->work = L.work;
    if (first != CB_NONE)
        out->best = first;
    return CB_OK;
}
