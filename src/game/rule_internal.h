/*
 * rule_internal.h: a rule as a table of functions. Each rule is one file,
 * src/game/rule_NAME.c, defining one cbg_rule; rules.c lists them by
 * cb_rule value. The rest of the library asks the table (cbg_rule_of)
 * instead of switching on the rule: the feedback of a pair, how many ids
 * there are, how people write a feedback, the shared grid, the table's
 * row kernel, the analysis's counts of feedbacks and whether and how hard
 * mode applies.
 */
#ifndef CB_RULE_INTERNAL_H
#define CB_RULE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "codebreaker/game.h"
#include "codebreaker/version.h"

/* The feedback ids of a rule for codes of n symbols. */
typedef struct cbg_ids {
    uint32_t count; /* ids 0 .. count - 1 */
    uint32_t won;   /* the id of a win */
    uint32_t raw;   /* ids the feedback function returns, 0 .. raw - 1 (below count but for hidden rules) */
} cbg_ids;

struct cbg_hard_turn;

/*
 * The row kernel of a rule: the raw feedback of code `guess` (n symbols)
 * against `count` secrets given position-major (soa[p][j] is symbol p of
 * secret j), `width` bytes an entry into out; each soa[p] readable up to
 * cbt_kernel_padding(count) bytes. One function a processor level
 * (cb_cpu_level): the table module picks one once (table.c).
 */
typedef void cbg_kernel_fn(int n, const uint8_t *guess, const uint8_t *const *soa, size_t count, int width, void *out);

typedef struct cbg_rule {
    cb_rule_info info; /* the public descriptor (game.h) */
    int max_colors;    /* the largest alphabet of a complete dictionary */
    int max_length;    /* the longest code of a complete dictionary */
    /* the raw feedback of guess g against secret s, n symbols */
    uint32_t (*feedback)(const uint8_t *g, const uint8_t *s, int n);
    void (*ids)(int n, cbg_ids *ids);
    /* a feedback id as people write it, and back (CB_EPARSE with a sentence) */
    void (*format)(const cb_game *game, uint32_t id, char *buf, size_t size);
    int (*parse)(const cb_game *game, const char *text, uint32_t *id, cb_error *err);
    /* the shared grid's sign for position i of feedback fb (share.h's flags) */
    const char *(*share_sign)(const cb_game *game, uint32_t fb, int i, unsigned flags);
    /* the row kernel at each processor level; levels without their own kernel repeat a lower one */
    cbg_kernel_fn *kernel[CB_CPU_AVX512 + 1];
    cb_rule column; /* the rule seen from the secret: whose kernel gives a column of the table */
    int byte_ids;   /* 1: every id fits a byte, and the kernel writes one byte an entry whatever width */
    double pair_ns; /* CPU nanoseconds of one pair on the fly (the table's cost model, tuning.h) */
    int permutable; /* 1: permuting the positions of both codes keeps the feedback (the solver's symmetries) */
    int variants;   /* 1: several boards and the adversary play it */
    /* the analysis's bounds: the feedbacks a guess can get, and those that leave a guess to play */
    double (*possible)(int n, int first);
    double (*open)(int n, int first);
    /*
     * Hard mode (info.hard_mode): the demands one turn (guess g answered
     * by fb) puts on every later guess; NULL without hard mode.
     */
    void (*hard_turn)(const cb_game *game, uint32_t g, uint32_t fb, struct cbg_hard_turn *h);
} cbg_rule;

/* The rule's table (NULL for a value that is not a rule). */
const cbg_rule *cbg_rule_of(cb_rule rule);

/* The rules, each in its file. */
extern const cbg_rule cbg_rule_mastermind, cbg_rule_wordle, cbg_rule_symble, cbg_rule_jotto;

/* Shared by the rules of colour patterns (Wordle, Symble): notation.c and share.c. */
void cbg_format_pattern(int n, uint32_t id, const char *digits, char *buf, size_t size);
int cbg_parse_pattern(const cb_game *game, const char *text, int symbols, uint32_t *id, cb_error *err);
/* Wordle's square for a colour (0 gray, 1 yellow, 2 green) under share.h's flags. */
const char *cbg_share_square(unsigned colour, unsigned flags);
/* Digit i (weight 3^i) of a colour pattern's id. */
unsigned cbg_digit3(uint32_t id, int i);
/* Hard mode where every guess must still be possible (Mastermind, Bulls and Cows): the turn as it is. */
void cbg_hard_turn_possible(const cb_game *game, uint32_t g, uint32_t fb, struct cbg_hard_turn *h);

#endif
