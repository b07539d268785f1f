/* state.c: histories and the candidates they leave. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/state.h"
#include "game/game_internal.h"
#include "tuning.h"

/* One turn: what was played, and the candidates it left. */
typedef struct level {
    uint32_t guess, fb;
    uint32_t *cands;
    uint8_t *masks; /* Symble only */
    size_t count;
} level;

struct cb_state {
    const cb_game *game;
    const cb_table *table;
    level *levels; /* levels[0] is the start; levels[t] after turn t */
    size_t turns, cap;
    cb_hard hard;    /* CB_HARD_NONE, or the rule's own */
    int max_guesses; /* the guess limit, 0: none */
};

static void level_free(level *l)
{
    free(l->cands);
    free(l->masks);
}

static int start_level(cb_state *st)
{
    const cb_game *game = st->game;
    level *l = &st->levels[0];
    l->count = game->nsecret;
    l->cands = malloc((l->count ? l->count : 1) * sizeof *l->cands);
    if (!l->cands)
        return CB_ENOMEM;
    for (uint32_t i = 0; i < game->nsecret; i++)
        l->cands[i] = i;
    if (cb_game_rule_info(game)->hidden) {
        l->masks = malloc(l->count ? l->count : 1);
        if (!l->masks)
            return CB_ENOMEM;
        memset(l->masks, (1 << CB_MAPPINGS) - 1, l->count);
    }
    return CB_OK;
}

int cb_state_new(const cb_table *table, cb_state **out)
{
    *out = NULL;
    cb_state *st = calloc(1, sizeof *st);
    if (!st)
        return CB_ENOMEM;
    st->game = cb_table_game(table);
    st->table = table;
    st->cap = 8;
    st->levels = calloc(st->cap, sizeof *st->levels);
    if (!st->levels || start_level(st) != CB_OK) {
        cb_state_free(st);
        return CB_ENOMEM;
    }
    *out = st;
    return CB_OK;
}

void cb_state_free(cb_state *st)
{
    if (!st)
        return;
    if (st->levels)
        for (size_t t = 0; t <= st->turns; t++)
            level_free(&st->levels[t]);
    free(st->levels);
    free(st);
}

static int level_copy(level *dst, const level *src)
{
    *dst = *src;
    dst->cands = malloc((src->count ? src->count : 1) * sizeof *dst->cands);
    dst->masks = src->masks ? malloc(src->count ? src->count : 1) : NULL;
    if (!dst->cands || (src->masks && !dst->masks)) {
        level_free(dst);
        dst->cands = NULL;
        dst->masks = NULL;
        return CB_ENOMEM;
    }
    memcpy(dst->cands, src->cands, src->count * sizeof *dst->cands);
    if (src->masks)
        memcpy(dst->masks, src->masks, src->count);
    return CB_OK;
}

/* A copy of src's first `turns` turns (at most src->turns). */
static int copy_turns(const cb_state *src, size_t turns, cb_state **out)
{
    *out = NULL;
    cb_state *st = calloc(1, sizeof *st);
    if (!st)
        return CB_ENOMEM;
    *st = *src;
    st->turns = 0;
    st->levels = calloc(src->cap, sizeof *st->levels);
    if (!st->levels) {
        free(st);
        return CB_ENOMEM;
    }
    for (size_t t = 0; t <= turns; t++) {
        if (level_copy(&st->levels[t], &src->levels[t]) != CB_OK) {
            st->turns = t ? t - 1 : 0;
            cb_state_free(st);
            return CB_ENOMEM;
        }
        st->turns = t;
    }
    *out = st;
    return CB_OK;
}

int cb_state_copy(const cb_state *src, cb_state **out)
{
    return copy_turns(src, src->turns, out);
}

int cb_state_at(const cb_state *st, size_t turns, cb_state **out)
{
    *out = NULL;
    return turns > st->turns ? CB_EINVAL : copy_turns(st, turns, out);
}

const cb_game *cb_state_game(const cb_state *st)
{
    return st->game;
}
const cb_table *cb_state_table(const cb_state *st)
{
    return st->table;
}
size_t cb_state_turns(const cb_state *st)
{
    return st->turns;
}
size_t cb_state_count(const cb_state *st)
{
    return st->levels[st->turns].count;
}
const uint32_t *cb_state_candidates(const cb_state *st)
{
    return st->levels[st->turns].cands;
}
const uint8_t *cb_state_masks(const cb_state *st)
{
    return st->levels[st->turns].masks;
}
int cb_state_set_hard(cb_state *st, cb_hard mode)
{
    if (mode != CB_HARD_NONE && (int)mode != cb_game_rule_info(st->game)->hard_mode)
        return CB_EINVAL;
    st->hard = mode;
    return CB_OK;
}
cb_hard cb_state_hard(const cb_state *st)
{
    return st->hard;
}
int cb_state_set_max_guesses(cb_state *st, int max_guesses)
{
    if (max_guesses < 0 || (max_guesses > 0 && (size_t)max_guesses < st->turns))
        return CB_EINVAL;
    st->max_guesses = max_guesses;
    return CB_OK;
}
int cb_state_max_guesses(const cb_state *st)
{
    return st->max_guesses;
}
int cb_state_over(const cb_state *st)
{
    return cb_state_won(st) || (st->max_guesses > 0 && st->turns >= (size_t)st->max_guesses);
}

void cb_state_turn(const cb_state *st, size_t t, uint32_t *gi, uint32_t *fb)
{
    *gi = st->levels[t + 1].guess;
    *fb = st->levels[t + 1].fb;
}

int cb_state_won(const cb_state *st)
{
    return st->turns > 0 && st->levels[st->turns].fb == st->game->won;
}

uint64_t cb_state_entries(const cb_state *st)
{
    const level *l = &st->levels[st->turns];
    uint64_t n = 0;
    for (size_t i = 0; i < l->count; i++)
        n += l->masks ? (uint64_t)__builtin_popcount(l->masks[i]) : 1u;
    return n;
}

unsigned cb_state_mappings(const cb_state *st)
{
    const level *l = &st->levels[st->turns];
    unsigned u = 0;
    if (!l->masks)
        return 0;
    for (size_t i = 0; i < l->count; i++)
        u |= l->masks[i];
    return u;
}

int cb_state_is_candidate(const cb_state *st, uint32_t gi)
{
    uint32_t s = cb_game_guess_secret(st->game, gi);
    const level *l = &st->levels[st->turns];
    size_t lo = 0, hi = l->count;
    if (s == CB_NONE)
        return 0;
    while (lo < hi) { /* candidates are sorted */
        size_t mid = (lo + hi) / 2;
        if (l->cands[mid] < s)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < l->count && l->cands[lo] == s;
}

size_t cb_state_filter(const cb_state *st, uint32_t gi, uint32_t fb, uint32_t *out, uint8_t *out_masks)
{
    const level *l = &st->levels[st->turns];
    const cb_game *game = st->game;
    uint32_t raw[CB_FILTER_BLOCK], want[CB_MAPPINGS];
    size_t kept = 0;
    if (l->masks) /* the raw pattern each mapping would have to show as fb */
        for (int m = 0; m < CB_MAPPINGS; m++)
            want[m] = cbg_observe_inverse(game, fb, m);
    for (size_t at = 0; at < l->count; at += CB_FILTER_BLOCK) {
        size_t count = l->count - at < CB_FILTER_BLOCK ? l->count - at : CB_FILTER_BLOCK;
        const uint32_t *cands = l->cands + at;
        cb_table_fill(st->table, gi, cands, count, raw);
        if (!l->masks) {
            for (size_t i = 0; i < count; i++) {
                out[kept] = cands[i];
                kept += raw[i] == fb;
            }
            continue;
        }
        const uint8_t *masks = l->masks + at;
        for (size_t i = 0; i < count; i++) {
            unsigned mask = 0;
            for (int m = 0; m < CB_MAPPINGS; m++)
                mask |= (unsigned)(raw[i] == want[m]) << m;
            mask &= masks[i];
            if (mask) {
                if (out_masks)
                    out_masks[kept] = (uint8_t)mask;
                out[kept++] = cands[i];
            }
        }
    }
    return kept;
}

static const char *ordinal(int i, char *buf, size_t size)
{
    const char *suffix = (i % 100 >= 11 && i % 100 <= 13) ? "th"
                         : i % 10 == 1                    ? "st"
                         : i % 10 == 2                    ? "nd"
                         : i % 10 == 3                    ? "rd"
                                                          : "th";
    snprintf(buf, size, "%d%s", i, suffix);
    return buf;
}

/* Hard mode: does guess gi respect turn (g, fb)? If not, why names the first broken demand. */
static int respects(const cb_game *game, uint32_t gi, uint32_t g, uint32_t fb, char *why, size_t why_size)
{
    cbg_hard_turn h;
    int fail;
    cbg_hard_turn_make(game, g, fb, &h);
    if (cbg_hard_turn_check(game, &h, cb_game_code(game, gi), NULL, &fail))
        return 1;
    if (!why)
        return 0;
    char ord[16];
    if (h.possible) {
        char gtext[CB_MAX_LENGTH * 4 + 1], had[64], got[64];
        cb_game_format_code(game, g, gtext, sizeof gtext);
        cb_game_format_feedback(game, fb, got, sizeof got);
        cb_game_format_feedback(game, cb_game_feedback_code(game, g, gi), had, sizeof had);
        snprintf(why, why_size,
                 "hard mode: the guess must still be possible (were it the secret, %s would score %s, not %s)", gtext,
                 had, got);
        return 0;
    }
    if (fail < h.ngreen)
        snprintf(why, why_size, "hard mode: the %s letter must be %s", ordinal(h.gpos[fail] + 1, ord, sizeof ord),
                 game->symbols[h.gsym[fail]]);
    else if (h.ncount[fail - h.ngreen] == 1)
        snprintf(why, why_size, "hard mode: the guess must contain %s", game->symbols[h.nsym[fail - h.ngreen]]);
    else
        snprintf(why, why_size, "hard mode: the guess must contain %s %d times", game->symbols[h.nsym[fail - h.ngreen]],
                 h.ncount[fail - h.ngreen]);
    return 0;
}

int cb_state_legal(const cb_state *st, uint32_t gi, char *why, size_t why_size)
{
    if (cb_state_won(st)) {
        if (why && why_size)
            snprintf(why, why_size, "the game was already won (turn %zu): no guess comes after the win", st->turns);
        return 0;
    }
    if (st->max_guesses > 0 && st->turns >= (size_t)st->max_guesses) {
        if (why && why_size)
            snprintf(why, why_size, "no guess is left: the game is played within %d guess%s", st->max_guesses,
                     st->max_guesses == 1 ? "" : "es");
        return 0;
    }
    if (!st->hard || !cb_game_rule_info(st->game)->hard_mode)
        return 1;
    for (size_t t = 1; t <= st->turns; t++)
        if (!respects(st->game, gi, st->levels[t].guess, st->levels[t].fb, why, why_size))
            return 0;
    return 1;
}

static int grow(cb_state *st)
{
    if (st->turns + 1 < st->cap)
        return CB_OK;
    level *l = realloc(st->levels, st->cap * 2 * sizeof *l);
    if (!l)
        return CB_ENOMEM;
    memset(l + st->cap, 0, st->cap * sizeof *l);
    st->levels = l;
    st->cap *= 2;
    return CB_OK;
}

int cb_state_apply(cb_state *st, uint32_t gi, uint32_t fb)
{
    const cb_game *game = st->game;
    if (gi >= game->nguess || fb >= game->fb_count)
        return CB_EINVAL;
    if (!cb_state_legal(st, gi, NULL, 0))
        return CB_EILLEGAL;
    if (grow(st) != CB_OK)
        return CB_ENOMEM;
    const level *cur = &st->levels[st->turns];
    level next = {gi, fb, NULL, NULL, 0};
    next.cands = malloc((cur->count ? cur->count : 1) * sizeof *next.cands);
    next.masks = cur->masks ? malloc(cur->count ? cur->count : 1) : NULL;
    if (!next.cands || (cur->masks && !next.masks)) {
        level_free(&next);
        return CB_ENOMEM;
    }
    next.count = cb_state_filter(st, gi, fb, next.cands, next.masks);
    if (next.count == 0) {
        level_free(&next);
        return CB_ECONTRADICT;
    }
    st->levels[++st->turns] = next;
    return CB_OK;
}

int cb_state_undo(cb_state *st)
{
    if (st->turns == 0)
        return CB_EEMPTY;
    level_free(&st->levels[st->turns]);
    memset(&st->levels[st->turns], 0, sizeof(level));
    st->turns--;
    return CB_OK;
}

void cb_state_reset(cb_state *st)
{
    while (cb_state_undo(st) == CB_OK)
        ;
}

/* 1 when secret code s gives guess g feedback fb under mapping m (ignored outside Symble). */
static int gives(const cb_game *game, uint32_t g, const uint8_t *s, uint32_t fb, int m)
{
    uint32_t raw = cbg_feedback_codes(game, cb_game_code(game, g), s);
    return cb_game_seen(game, raw, m) == fb;
}

/* 1 when secret code s gives every turn of st, and (gi, fb) unless gi is CB_NONE, under mapping m. */
static int fits_all(const cb_state *st, const uint8_t *s, uint32_t gi, uint32_t fb, int m)
{
    for (size_t t = 1; t <= st->turns; t++)
        if (!gives(st->game, st->levels[t].guess, s, st->levels[t].fb, m))
            return 0;
    return gi == CB_NONE || gives(st->game, gi, s, fb, m);
}

size_t cb_state_fit_guesses(const cb_state *st, uint32_t gi, uint32_t fb, uint32_t *out, size_t cap)
{
    const cb_game *game = st->game;
    int mappings = cb_game_rule_info(game)->hidden ? CB_MAPPINGS : 1;
    size_t count = 0;
    for (uint32_t w = 0; w < game->nguess; w++) {
        const uint8_t *s = cb_game_code(game, w);
        int fit = 0;
        for (int m = 0; m < mappings && !fit; m++)
            fit = fits_all(st, s, gi, fb, m);
        if (fit && count++ < cap)
            out[count - 1] = w;
    }
    return count;
}

int cb_state_apply_text(cb_state *st, const char *row, cb_guess_index *gi, uint32_t *fb, cb_error *err)
{
    const cb_game *game = st->game;
    const char *eq = strchr(row, '=');
    char word[CBG_MAX_LINE], why[160];
    uint32_t g, f;
    if (!eq || (size_t)(eq - row) >= sizeof word)
        return cb_error_set(err, CB_EPARSE, "'%.60s' is not GUESS=FEEDBACK", row);
    memcpy(word, row, (size_t)(eq - row));
    word[eq - row] = '\0';
    int rc = cb_game_parse_code(game, word, &g, err);
    if (rc == CB_OK)
        rc = cb_game_parse_feedback(game, eq + 1, &f, err);
    if (rc != CB_OK)
        return rc;
    if (gi)
        *gi = g;
    if (fb)
        *fb = f;
    if (!cb_state_legal(st, g, why, sizeof why))
        return cb_error_set(err, CB_EILLEGAL, "%.60s: %s", row, why);
    rc = cb_state_apply(st, g, f);
    if (rc == CB_ECONTRADICT)
        return cb_error_set(err, rc, "no candidate gives %.60s", row);
    if (rc != CB_OK)
        return cb_error_set(err, rc, "%.60s: %s", row, cb_strerror(rc));
    return CB_OK;
}
