/*
 * game.h: the rules of a code-breaking game and its lists of codes.
 *
 * A game is a rule (how a guess is scored against a secret), an alphabet of
 * at most 64 symbols, a code length, the list of allowed guesses and the
 * list of possible secrets. Every secret is also an allowed guess. Codes are
 * arrays of symbol indices (uint8_t, 0 .. colors-1); guesses and secrets are
 * referred to by their index in those lists.
 *
 * Guess indices and secret indices are different numbers for the same word
 * (in Wordle, "aback" is secret 0 and guess 6): cb_guess_index and
 * cb_secret_index name which one a function takes or gives, and
 * cb_game_secret_guess() / cb_game_guess_secret() convert. Text is parsed
 * into a guess index by cb_game_parse_code() and into a secret index by
 * cb_game_parse_secret(). (Both are uint32_t, so the compiler does not tell
 * them apart: the names are the guard.)
 *
 * A feedback is a small integer id below cb_game_feedback_count():
 *  - Mastermind: blacks * (length + 1) + whites.
 *  - Wordle: the base-3 number whose digit i (weight 3^i) is the colour of
 *    guess position i: 0 gray, 1 yellow, 2 green.
 *  - Symble: what the codebreaker sees: the base-3 number of symbols
 *    a=0, b=1, c=2 per codeword position, or the extra id 3^length for
 *    "won". The colours behind the symbols (a Wordle pattern of codeword
 *    against guess) are the game's "raw" feedback; cb_game_observe() maps
 *    them through one of the six hidden bijections.
 *  - Jotto: the number of letters guess and secret have in common (each
 *    letter counted as often as both have it, wherever it stands), 0 ..
 *    length, or the extra id length + 1 for "won" (an anagram of the
 *    secret has every letter in common but does not win).
 * For every rule cb_game_won() is the id of the winning feedback.
 *
 * A game is immutable once made and may be shared between threads.
 * Ownership as in status.h: cb_game_new() gives a game freed by cb_game_free().
 */
#ifndef CODEBREAKER_GAME_H
#define CODEBREAKER_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CB_MAX_LENGTH 20        /* longest code or word */
#define CB_MAX_SYMBOLS 64       /* largest alphabet */
#define CB_MAX_COMPLETE 36      /* largest alphabet of a complete dictionary */
#define CB_MAX_CODES 100000000u /* most codes a game may hold */
#define CB_NONE UINT32_MAX      /* "no such index" */
#define CB_MAPPINGS 6           /* Symble: bijections {gray,yellow,green} -> {a,b,c} */
#define CB_MAX_BOARDS 32        /* most boards of one game (multi.h) */

typedef enum cb_rule { CB_RULE_MASTERMIND = 0, CB_RULE_WORDLE = 1, CB_RULE_SYMBLE = 2, CB_RULE_JOTTO = 3 } cb_rule;

typedef struct cb_game cb_game;

typedef uint32_t cb_guess_index;  /* 0 .. cb_game_guess_count() - 1: a code of the allowed guesses */
typedef uint32_t cb_secret_index; /* 0 .. cb_game_secret_count() - 1: a code of the possible secrets */

/*
 * How to make a game. Start from cb_game_config_default() or
 * cb_game_config_preset() and change fields.
 *
 * With colors > 0 the game is a complete dictionary: every code of `length`
 * symbols over `colors` symbols (without repeated symbols when no_repeat),
 * each code both a guess and a secret. Symbols print as digits from
 * first_digit (0 or 1), continuing with letters after 9.
 *
 * With colors == 0 (word rules only) the codes come from word lists, one
 * word per line, `#` comments, blank lines and CRLF tolerated, case folded.
 * answers_path and guesses_path name files; NULL means the bundled original
 * Wordle lists (2315 answers, 12972 allowed guesses). A NULL guesses_path
 * with a non-NULL answers_path means "guesses are the answers". The
 * alphabet is every character found (UTF-8, at most 64) unless `alphabet`
 * lists them. length 0 takes the length of the first word. Duplicates,
 * words of the wrong length or with characters outside the alphabet are
 * errors naming the file and line, or skipped and counted when lenient.
 * With select_length, words of other lengths than `length` are skipped
 * silently instead (for lists that hold words of every length).
 *
 * dictionary names a bundled list of words of every length, used for both
 * secrets and guesses (no answers_path or guesses_path then): "english"
 * (370 098 English words, see data/README.md). Only its words of `length`
 * letters are kept (5 when length is 0), as with select_length.
 *
 * words_text is one word list in memory (NUL-terminated, the file format),
 * for both secrets and guesses, in place of paths and dictionary; errors
 * name it "the word list" (the dashboard's uploaded lists).
 *
 * answers_data and guesses_data name bundled files (data.h) to use in
 * place of a NULL answers_path or guesses_path, with the same rules as
 * files: answers_data "wordle/allowed.txt" alone makes every allowed word
 * a secret and a guess. They are ignored when the matching path is set.
 */
typedef struct cb_game_config {
    cb_rule rule;
    int colors;
    int length;
    int no_repeat;
    int first_digit;
    const char *answers_path;
    const char *guesses_path;
    const char *alphabet;
    int lenient;
    int select_length;
    const char *dictionary;
    const char *answers_data;
    const char *guesses_data;
    const char *words_text;
} cb_game_config;

/*
 * The registry of games: what each rule is, and the games people know by
 * name. Front ends read it instead of restating the games: names, labels,
 * the usual guess limit and the strategy to offer first.
 */
/*
 * How a rule's feedback is drawn, one of a rule's traits (cb_rule_info.marks):
 * the server's `marks` and the page's boards follow it, naming no rule.
 */
typedef enum cb_marks {
    CB_MARKS_PEGS = 0,    /* black and white pegs: how many in place, how many elsewhere */
    CB_MARKS_COLOURS = 1, /* a mark a position, 0 to 2: gray, yellow, green (with `hidden`: Symble's symbols) */
    CB_MARKS_COUNT = 2    /* one number: the letters in common, wherever they stand */
} cb_marks;

/* The name of a way of drawing feedback: "pegs", "colours", "count" (NULL for another value). */
const char *cb_marks_name(cb_marks marks);

/*
 * Whether and how a rule has a hard mode (cb_rule_info.hard_mode), in which
 * every guess must keep to what the earlier turns told.
 */
typedef enum cb_hard {
    CB_HARD_NONE = 0,     /* no hard mode */
    CB_HARD_REVEALED = 1, /* Wordle's: every green letter stays in place, every revealed letter is used again */
    CB_HARD_POSSIBLE = 2  /* Mastermind's, Bulls and Cows': every guess could still be the secret */
} cb_hard;

typedef struct cb_rule_info {
    const char *name;          /* "mastermind", "wordle", "symble" */
    const char *label;         /* for people: "Mastermind" */
    const char *feedback;      /* how a feedback is written, with an example */
    int words;                 /* 1: plays words (lists, dictionaries); 0: codes of colours */
    int hard_mode;             /* its hard mode, a cb_hard: 0 (CB_HARD_NONE) without */
    int hidden;                /* 1: the feedback reaches the player through symbols of hidden meaning (CB_MAPPINGS) */
    int max_guesses;           /* the usual limit of guesses per game */
    const char *strategy;      /* the strategy to play or advise with when none is named */
    const char *hard_strategy; /* the same in hard mode (one that never loses), or NULL: strategy */
    int hard_max_guesses;      /* hard mode's usual limit (proved games, reviews), or 0 without hard mode */
    cb_marks marks;            /* how its feedback is drawn */
} cb_rule_info;

/* The description of rule (NULL for a value that is not a rule). */
const cb_rule_info *cb_rule_describe(cb_rule rule);
/* The description of game's rule. */
const cb_rule_info *cb_game_rule_info(const cb_game *game);

/*
 * A game people know by name: a row of the registry (src/game/registry.c),
 * written with designated initializers; a field left out is 0 or NULL and
 * means "as the rule has it". A word game takes its words from lists, a
 * dictionary (with a length) or, with colors and length, every code.
 */
typedef struct cb_game_preset {
    const char *name;    /* "wordle", "mastermind", "quordle" ... */
    const char *label;   /* "Wordle", "Bulls & Cows" */
    const char *summary; /* one line */
    cb_rule rule;
    int colors, length;     /* codes: the size; word games: the length of the words kept (0: as the lists have it) */
    int no_repeat;          /* codes without a repeated colour */
    int first_digit;        /* codes spelled from 1 (Mastermind) rather than 0 */
    int boards;             /* boards played at once: 0 or 1 for one, or 2 to CB_MAX_BOARDS (multi.h) */
    int adversary;          /* 1: the codemaker dodges (Absurdle, adversary.h) */
    int max_guesses;        /* the usual limit of guesses of this game (0: the rule's) */
    const char *lists;      /* word games: bundled word lists (cb_word_lists_find); NULL: the original Wordle lists */
    const char *dictionary; /* word games: a bundled dictionary ("english") in place of lists, with length */
    const char *strategy;   /* the strategy to offer (NULL: the rule's, cb_game_setup_strategy) */
    int hard;               /* 1: played in the rule's hard mode (cb_rule_info.hard_mode), cb_game_setup_hard */
} cb_game_preset;

/* The presets, in the order help texts list them: how many, row i (NULL past the end), by name (NULL). */
size_t cb_game_preset_count(void);
const cb_game_preset *cb_game_preset_at(size_t i);
const cb_game_preset *cb_game_preset_find(const char *name);

/*
 * A game as a person sets it up: a preset and what changes it, the
 * program's options and the API's parameters alike. Zero or NULL leaves a
 * field unset (cb_game_setup_default).
 */
typedef struct cb_game_setup {
    const char *game;              /* a preset's name; NULL: "wordle" */
    int colors, pegs;              /* Mastermind's size, or a complete dictionary of a word game (both) */
    int length;                    /* the word length to keep (0: as the lists have it) */
    const char *lists;             /* bundled word lists by name (cb_word_lists_find) */
    const char *answers, *guesses; /* word list files (the same path for one list of both) */
    const char *dictionary;        /* "english" */
    const char *alphabet;
    int no_repeat; /* 1: codes without a repeated symbol; -1: repeats allowed (the preset's turned off); 0: the preset's
                    */
    int lenient;
    int hard;          /* 1: hard mode; -1: without (a hard preset's turned off); 0: the preset's */
    int boards;        /* 0: the preset's */
    int adversary;     /* 1: play against the adversary */
    const char *words; /* one word list in memory for both (cb_game_config.words_text): an upload */
    int max_guesses;   /* the guess limit of a game played (0: the preset's, cb_game_setup_max_guesses) */
} cb_game_setup;

void cb_game_setup_default(cb_game_setup *s);

/*
 * Check a set-up and fill the config of its game, and (when not NULL) the
 * number of boards and whether the adversary plays. On a set-up that does
 * not hold together, CB_ENOTFOUND (an unknown game or list) or CB_EINVAL
 * with a sentence naming the fields as options and parameters do ("lists",
 * "colors", ...). The program checks its options with it, the Python
 * package its Game's arguments and the server its requests (with its own
 * tighter limits on top).
 */
int cb_game_setup_config(const cb_game_setup *s, cb_game_config *cfg, int *boards, int *adversary, cb_error *err);

/*
 * A short text naming the game a set-up makes, equal for two set-ups that
 * make the same game of the same preset ("wordle/original",
 * "mastermind/6x4", "wordle6/english/6", "wordle/upload/<hash of words>"):
 * a cache key. CB_ETOOBIG when it does not fit size; the errors of
 * cb_game_setup_config.
 */
int cb_game_setup_key(const cb_game_setup *s, char *buf, size_t size, cb_error *err);

/*
 * The strategy to play or advise with when none is named: the preset's,
 * else on several boards "sum-entropy", against the adversary "minimax",
 * else the rule's (its hard_strategy when s->hard). NULL for an unknown game.
 */
const char *cb_game_setup_strategy(const cb_game_setup *s);

/*
 * The hard mode a set-up plays in (for cb_state_set_hard): its rule's own
 * (cb_rule_info.hard_mode) when the set-up's own hard is 1, or it is 0 and
 * the preset is played hard (cb_game_preset.hard); CB_HARD_NONE otherwise,
 * for an unknown game, and for a rule without hard mode (which
 * cb_game_setup_config refuses when asked for it). Front ends read their
 * --hard into the set-up and take the mode from here, once.
 */
cb_hard cb_game_setup_hard(const cb_game_setup *s);

/*
 * The guess limit a set-up plays with (for cb_state_set_max_guesses): its
 * own max_guesses, else its preset's (cb_game_preset.max_guesses), else its
 * rule's usual one and a guess more for each board past the first
 * (cb_multi_default_max_guesses); 0 for an unknown game. Front ends read
 * the limit a person gives into the set-up and take it from here, once.
 */
int cb_game_setup_max_guesses(const cb_game_setup *s);

/* The preset a set-up names (s->game, NULL: "wordle"), or NULL. */
const cb_game_preset *cb_game_setup_preset(const cb_game_setup *s);

/*
 * The name of the bundled lists a set-up plays (cb_word_lists_find): its
 * own, else its preset's, else "original" for a word game; NULL when its
 * words come from elsewhere (files, a dictionary, a complete dictionary,
 * words in memory), for a game of codes or an unknown game. Static text.
 */
const char *cb_game_setup_lists(const cb_game_setup *s);

/*
 * 1 when the bundled word frequencies (English words of five letters,
 * cb_frequency_load) may know game's secrets: a word rule on word lists of
 * five letters; 0 for codes.
 */
int cb_game_frequency_bundled(const cb_game *game);

/* The default game: Wordle on the bundled lists. */
void cb_game_config_default(cb_game_config *cfg);

/*
 * Fill cfg with the game of a preset (cb_game_preset_find; cb_game_preset_at
 * lists them: "wordle", "mastermind", "bulls", ...); for several boards or
 * the adversary, the game of one board. CB_ENOTFOUND for other names.
 */
int cb_game_config_preset(const char *name, cb_game_config *cfg);

/*
 * Take the answers and guesses of cfg from the bundled Wordle lists called
 * `name` (cb_word_lists_find in data.h: "original", "nyt2023", "all", ...).
 * Returns CB_ENOTFOUND, with the known names in err, for other names.
 */
int cb_game_config_lists(cb_game_config *cfg, const char *name, cb_error *err);

/*
 * Widen cfg's answers to its allowed guesses: every allowed word becomes a
 * possible answer, the guesses stay (the original lists give "allowed",
 * --lists nyt2023 gives "all", files: the guesses file alone). Returns
 * CB_ENOTFOUND, cfg unchanged, when the answers are the guesses already or
 * the game has no word lists (Mastermind, complete dictionaries, dictionary).
 */
int cb_game_config_wider(cb_game_config *cfg);

/*
 * The codes a complete dictionary of cfg would hold (colours^length, or
 * their arrangements without a repeated symbol), counted before any is
 * made: what a front end weighs against its memory budget. Counts stop
 * past CB_MAX_CODES * 1000. 0 for a game of word lists (known once read)
 * and for a configuration cb_game_new refuses.
 */
uint64_t cb_game_config_codes(const cb_game_config *cfg);

/* Make a game from cfg; on failure *out is NULL and err says why. */
int cb_game_new(const cb_game_config *cfg, cb_game **out, cb_error *err);
void cb_game_free(cb_game *game);

cb_rule cb_game_rule(const cb_game *game);
const char *cb_game_rule_name(const cb_game *game);
/* A short description, e.g. "wordle (2315 answers, 12972 guesses)". */
const char *cb_game_name(const cb_game *game);
int cb_game_length(const cb_game *game);
int cb_game_colors(const cb_game *game);   /* alphabet size */
int cb_game_complete(const cb_game *game); /* 1 for a complete dictionary */
int cb_game_no_repeat(const cb_game *game);
/* The usual limit of guesses per game: 6 in Wordle, 8 in Symble, 10 in Mastermind. */
int cb_game_default_max_guesses(const cb_game *game);
uint32_t cb_game_guess_count(const cb_game *game);
uint32_t cb_game_secret_count(const cb_game *game);
uint32_t cb_game_feedback_count(const cb_game *game);
uint32_t cb_game_won(const cb_game *game);
/* Lines skipped by a lenient load (0 otherwise). */
size_t cb_game_skipped(const cb_game *game);
/* The UTF-8 spelling of symbol i (0 <= i < colors). */
const char *cb_game_symbol(const cb_game *game, int i);

/* The code of guess gi: cb_game_length() symbol indices. */
const uint8_t *cb_game_code(const cb_game *game, cb_guess_index gi);
/* Guess index of secret si. */
cb_guess_index cb_game_secret_guess(const cb_game *game, cb_secret_index si);
/* Secret index of guess gi, or CB_NONE when gi cannot be the secret. */
cb_secret_index cb_game_guess_secret(const cb_game *game, cb_guess_index gi);
/* Guess index of a code, or CB_NONE. */
cb_guess_index cb_game_find(const cb_game *game, const uint8_t *code);

/*
 * Parse a code as people type it (a word, or digits for Mastermind) into
 * its guess index. CB_EPARSE for a malformed code, CB_ENOTFOUND for a code
 * of the right shape that is not an allowed guess; err says which.
 */
int cb_game_parse_code(const cb_game *game, const char *text, cb_guess_index *gi, cb_error *err);
/*
 * The same for a secret: its secret index. Also CB_ENOTFOUND, with a
 * sentence, for an allowed guess that cannot be the secret.
 */
int cb_game_parse_secret(const cb_game *game, const char *text, cb_secret_index *si, cb_error *err);
/* Spell guess gi into buf (NUL-terminated, truncated to size). */
void cb_game_format_code(const cb_game *game, cb_guess_index gi, char *buf, size_t size);
/* Spell secret si (the same word through cb_game_secret_guess()). */
void cb_game_format_secret(const cb_game *game, cb_secret_index si, char *buf, size_t size);

/*
 * The feedback of guess gi against secret si, computed directly. For
 * Symble this is the raw colour pattern (see cb_game_observe()).
 */
uint32_t cb_game_feedback(const cb_game *game, cb_guess_index guess, cb_secret_index secret);
/* The same against any code of the guess list taken as the secret (one that is not a possible secret too). */
uint32_t cb_game_feedback_code(const cb_game *game, cb_guess_index guess, cb_guess_index code);
/* Symble: what a codebreaker sees of raw pattern `raw` under mapping m (0..5). */
uint32_t cb_game_observe(const cb_game *game, uint32_t raw, int m);
/* What a player sees of feedback raw: under mapping m when the rule hides its meaning, else raw itself. */
uint32_t cb_game_seen(const cb_game *game, uint32_t raw, int m);
/*
 * What a player sees when guess meets secret: cb_game_seen of their feedback
 * under mapping m, the first (0) when m is below 0: how the review and the
 * server's games score a guess against the answer.
 */
uint32_t cb_game_feedback_seen(const cb_game *game, cb_guess_index guess, cb_secret_index secret, int m);
/* Symble: the mapping m as three symbols: the symbols of gray, yellow, green. */
void cb_game_mapping_name(int m, char out[4]);
/* Symble: parse a mapping "abc" (symbols of gray, yellow, green); -1 if bad. */
int cb_game_mapping_parse(const char *text);

/*
 * Spell feedback id into buf: `G.Y..` (Wordle), `2B1W` (Mastermind),
 * `abcaa` or `won` (Symble). cb_game_format_raw spells a Symble raw colour
 * pattern as Wordle does.
 */
void cb_game_format_feedback(const cb_game *game, uint32_t id, char *buf, size_t size);
void cb_game_format_raw(const cb_game *game, uint32_t raw, char *buf, size_t size);
/*
 * Parse a feedback as people type it: Wordle `G.Y..`, also 2/1/0, g/y/b,
 * x and - for gray, any case; Mastermind `2B1W`, `2B`, `1W`, `2 1`;
 * Symble `abcaa` or `won`. CB_EPARSE with a sentence in err when malformed
 * or impossible (e.g. 3 blacks and 1 white on 4 pegs).
 */
int cb_game_parse_feedback(const cb_game *game, const char *text, uint32_t *id, cb_error *err);

#ifdef __cplusplus
}
#endif

#endif
