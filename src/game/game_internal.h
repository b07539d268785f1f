/* game_internal.h: the layout of cb_game, shared by the library's files. */
#ifndef CB_GAME_INTERNAL_H
#define CB_GAME_INTERNAL_H

#include "codebreaker/data.h"
#include "codebreaker/game.h"

struct cb_game {
    cb_rule rule;
    int n;        /* code length */
    int k;        /* alphabet size */
    int complete; /* complete dictionary */
    int no_repeat;
    char symbols[CB_MAX_SYMBOLS][5]; /* UTF-8 spelling of each symbol */
    uint32_t cps[CB_MAX_SYMBOLS];    /* code point of each symbol */
    uint32_t nguess, nsecret;
    uint8_t *codes; /* nguess * n symbol indices */
    uint32_t *secret_guess;
    uint32_t *guess_secret;
    uint32_t *hash; /* open addressing over guess indices, CB_NONE = empty */
    size_t hash_mask;
    uint32_t fb_count, won;
    uint32_t pow3;         /* 3^n */
    uint16_t *observe;     /* Symble, n <= 10: observe[m * 3^n + raw] */
    uint16_t *observe_min; /* Symble, n <= 10: smallest observed id over all mappings */
    uint32_t *observe_lo;  /* Symble, n > 10: observe_lo[m * 3^h + x], the low h = ceil(n/2) digits x shown by m */
    uint32_t *observe_hi;  /* and observe_hi[m * 3^h + x] the high n - h digits, already weighted by 3^h */
    uint32_t half_pow;     /* 3^h */
    size_t skipped;
    char name[128];
    /* made from bundled lists as they are (no length, alphabet or file): their names (data.h), else NULL */
    const char *bundled_answers, *bundled_guesses;
};

/* The bundled lists (cb_word_lists_all) game was made from, or NULL. */
const cb_word_lists *cbg_game_lists(const cb_game *game);

/*
 * Symble: the raw colour pattern that mapping m shows as observed id fb
 * (all green for "won"), or CB_NONE when none does.
 */
uint32_t cbg_observe_inverse(const cb_game *game, uint32_t fb, int m);

/* The raw feedback of guess code g against secret code s under the game's rule. */
uint32_t cbg_feedback_codes(const cb_game *game, const uint8_t *g, const uint8_t *s);

/*
 * Hard mode, the demands of one turn (guess g answered by fb) on every
 * later guess, as the rule states them (rule_internal.h, hard_turn).
 * Wordle's (CB_HARD_REVEALED): every green letter stays in place and every
 * revealed letter (green or yellow) appears at least as often as the turn
 * revealed it. Mastermind's (CB_HARD_POSSIBLE, `possible`): the guess
 * would have been answered fb too. The one statement of the rule:
 * state.c (legality with a reason), strategy/pool.c (the guess pool) and
 * solver/rows.c (the solver) all use it.
 */
typedef struct cbg_hard_turn {
    int possible; /* CB_HARD_POSSIBLE: a code respects the turn when g against it gives fb; the rest is unused */
    uint32_t g, fb;
    int ngreen, nneed;
    uint8_t gpos[CB_MAX_LENGTH], gsym[CB_MAX_LENGTH];   /* green positions and their symbols */
    uint8_t nsym[CB_MAX_LENGTH], ncount[CB_MAX_LENGTH]; /* revealed symbols, least counts (first seen first) */
    uint64_t gmask, gval; /* codes of at most 8 symbols (cbg_code_pack): the greens as one masked compare */
    uint64_t nmask;       /* the demands on symbols below 32 of at most 2 copies, as cbg_counts_pack's bits */
    int nfull;            /* nmask holds every demand */
} cbg_hard_turn;

/* The demands of a turn, for a game whose rule has hard mode. */
void cbg_hard_turn_make(const cb_game *game, uint32_t g, uint32_t fb, cbg_hard_turn *h);
/*
 * Does a code respect h? counts (may be NULL) holds how often each symbol
 * occurs in the code; with fail it names the first broken demand: the index
 * of a green (0..ngreen-1) or ngreen + the index of a revealed symbol.
 */
int cbg_hard_turn_check(const cb_game *game, const cbg_hard_turn *h, const uint8_t *code, const uint8_t *counts,
                        int *fail);

/* A code of at most 8 symbols in one word, symbol i in byte i (for cbg_hard_turn_check_packed). */
static inline uint64_t cbg_code_pack(const uint8_t *code, int n)
{
    uint64_t p = 0;
    for (int i = 0; i < n; i++)
        p |= (uint64_t)code[i] << (8 * i);
    return p;
}

/*
 * A code's symbol counts (k symbols) as one word: bit s when symbol s occurs,
 * bit 32 + s when it occurs twice or more, for the symbols below 32.
 */
static inline uint64_t cbg_counts_pack(const uint8_t *counts, int k)
{
    uint64_t p = 0;
    for (int s = 0; s < k && s < 32; s++)
        p |= (uint64_t)(counts[s] >= 1) << s | (uint64_t)(counts[s] >= 2) << (32 + s);
    return p;
}

/*
 * cbg_hard_turn_check without fail, for codes of at most 8 symbols: packed
 * is cbg_code_pack(code), cpacked cbg_counts_pack(counts), counts its symbol
 * counts (not NULL). The greens are one masked compare and the demands
 * another, unless a demand is for 3 copies or a symbol from 32 on. The
 * solver's hard-mode filter for CB_HARD_REVEALED (cbg_hard_packed);
 * tests/unit/test_game.c checks it against the other.
 */
static inline int cbg_hard_turn_check_packed(const cbg_hard_turn *h, uint64_t packed, uint64_t cpacked,
                                             const uint8_t *counts)
{
    if ((packed & h->gmask) != h->gval || (cpacked & h->nmask) != h->nmask)
        return 0;
    if (h->nfull)
        return 1;
    for (int k = 0; k < h->nneed; k++)
        if (counts[h->nsym[k]] < h->ncount[k])
            return 0;
    return 1;
}

/* 1 when the game's hard mode is checked with cbg_hard_turn_check_packed: Wordle's, codes of at most 8 symbols. */
int cbg_hard_packed(const cb_game *game);

/* The longest line of a word list, comment included (docs/limits.md). */
#define CBG_MAX_LINE 4096

/* A list of words read from text: codepoints per word, with line numbers. */
typedef struct cbg_wordlist {
    uint32_t *cps; /* count * n codepoints */
    size_t *lines; /* line number of each word */
    size_t count, cap;
    int n;
    char name[256];
} cbg_wordlist;

/*
 * Read a word list from text (name for messages), see game.h for the
 * format. With select (and length > 0) words of other lengths are skipped
 * silently, for lists of mixed lengths.
 */
int cbg_wordlist_parse(cbg_wordlist *wl, const char *text, size_t size, const char *name, int length, int select,
                       int lenient, size_t *skipped, cb_error *err);
void cbg_wordlist_release(cbg_wordlist *wl);
/* Decode one UTF-8 character at s (len bytes left): code point, or -1. */
long cbg_utf8_decode(const unsigned char *s, size_t len, int *used);
/* Encode cp as UTF-8 into out (5 bytes); returns bytes written. */
int cbg_utf8_encode(uint32_t cp, char *out);
/* Fold a code point to lower case (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic). */
uint32_t cbg_fold(uint32_t cp);

#endif
