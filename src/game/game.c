/* game.c: making games, looking codes up, spelling codes and feedbacks. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "game/rule_internal.h"
#include "base/io_internal.h"

/* Symble mappings: the symbols (0=a, 1=b, 2=c) of gray, yellow, green. */
static const uint8_t mappings[CB_MAPPINGS][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

void cb_game_config_default(cb_game_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->rule = CB_RULE_WORDLE;
    cfg->first_digit = 0;
}

int cb_game_config_lists(cb_game_config *cfg, const char *name, cb_error *err)
{
    const cb_word_lists *l = cb_word_lists_find(name);
    if (!l) {
        size_t n, used = 0;
        const cb_word_lists *all = cb_word_lists_all(&n);
        char names[256] = "";
        for (size_t i = 0; i < n && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", all[i].name);
        return cb_error_set(err, CB_ENOTFOUND, "unknown word lists '%s' (use %s)", name, names);
    }
    cfg->answers_data = l->answers;
    cfg->guesses_data = l->guesses;
    return CB_OK;
}

int cb_game_config_wider(cb_game_config *cfg)
{
    if (cfg->colors > 0 || cfg->dictionary)
        return CB_ENOTFOUND;
    if (cfg->guesses_path) {
        if (cfg->answers_path && strcmp(cfg->answers_path, cfg->guesses_path) == 0)
            return CB_ENOTFOUND; /* --words: one list for both */
        cfg->answers_path = cfg->guesses_path;
        cfg->guesses_path = NULL;
        cfg->answers_data = cfg->guesses_data = NULL;
        return CB_OK;
    }
    if (cfg->answers_path) {
        if (!cfg->guesses_data)
            return CB_ENOTFOUND; /* the answers are the guesses */
    } else if (cfg->answers_data && !cfg->guesses_data)
        return CB_ENOTFOUND; /* a bundled list alone is both */
    cfg->answers_path = NULL;
    cfg->answers_data = cfg->guesses_data ? cfg->guesses_data : "wordle/allowed.txt";
    cfg->guesses_data = NULL;
    return CB_OK;
}

/* Hash of a code, for the lookup table. */
static uint64_t code_hash(const uint8_t *code, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ code[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

uint32_t cb_game_find(const cb_game *game, const uint8_t *code)
{
    size_t i = (size_t)code_hash(code, game->n) & game->hash_mask;
    for (;; i = (i + 1) & game->hash_mask) {
        uint32_t g = game->hash[i];
        if (g == CB_NONE || memcmp(game->codes + (size_t)g * (size_t)game->n, code, (size_t)game->n) == 0)
            return g;
    }
}

/* Insert guess g; returns the index of an equal code already there, or CB_NONE. */
static uint32_t hash_insert(cb_game *game, uint32_t g)
{
    const uint8_t *code = game->codes + (size_t)g * (size_t)game->n;
    size_t i = (size_t)code_hash(code, game->n) & game->hash_mask;
    for (;; i = (i + 1) & game->hash_mask) {
        uint32_t h = game->hash[i];
        if (h == CB_NONE) {
            game->hash[i] = g;
            return CB_NONE;
        }
        if (memcmp(game->codes + (size_t)h * (size_t)game->n, code, (size_t)game->n) == 0)
            return h;
    }
}

static int alloc_hash(cb_game *game, size_t count)
{
    size_t size = 16;
    while (size < count * 2)
        size *= 2;
    game->hash = malloc(size * sizeof *game->hash);
    if (!game->hash)
        return CB_ENOMEM;
    memset(game->hash, 0xff, size * sizeof *game->hash);
    game->hash_mask = size - 1;
    return CB_OK;
}

static void set_feedback_ids(cb_game *game)
{
    cbg_ids ids;
    cbg_rule_of(game->rule)->ids(game->n, &ids);
    game->pow3 = cb_pow3(game->n);
    game->fb_count = ids.count;
    game->won = ids.won;
}

/* Symble: raw colour pattern -> observed id under mapping m, digit by digit. */
static uint32_t observe_slow(int n, uint32_t raw, int m)
{
    uint32_t p = cb_pow3(n), id = 0, w = 1;
    if (raw == p - 1)
        return p; /* all green: the game says "won" */
    for (int i = 0; i < n; i++, raw /= 3, w *= 3)
        id += mappings[m][raw % 3] * w;
    return id;
}

/* Symble beyond 10 letters: observed ids digit-half by digit-half (a mapping renames each digit alone). */
static int build_observe_halves(cb_game *game)
{
    int h = (game->n + 1) / 2;
    uint32_t hp = cb_pow3(h), hi_pow = cb_pow3(game->n - h);
    game->half_pow = hp;
    game->observe_lo = malloc((size_t)CB_MAPPINGS * hp * sizeof *game->observe_lo);
    game->observe_hi = malloc((size_t)CB_MAPPINGS * hp * sizeof *game->observe_hi);
    if (!game->observe_lo || !game->observe_hi)
        return CB_ENOMEM;
    for (int m = 0; m < CB_MAPPINGS; m++)
        for (uint32_t x = 0; x < hp; x++) {
            uint32_t lo = 0, hi = 0, w = 1, y = x;
            for (int i = 0; i < h; i++, y /= 3, w *= 3) {
                lo += mappings[m][y % 3] * w;
                if (w < hi_pow)
                    hi += mappings[m][y % 3] * w;
            }
            game->observe_lo[(size_t)m * hp + x] = lo;
            game->observe_hi[(size_t)m * hp + x] = x < hi_pow ? hi * hp : 0;
        }
    return CB_OK;
}

/* Symble: tables of observed ids per mapping, for words of up to 10 letters. */
static int build_observe(cb_game *game)
{
    if (!cbg_rule_of(game->rule)->info.hidden)
        return CB_OK;
    if (game->n > 10)
        return build_observe_halves(game);
    uint32_t p = cb_pow3(game->n);
    game->observe = malloc((size_t)CB_MAPPINGS * p * sizeof *game->observe);
    game->observe_min = malloc((size_t)p * sizeof *game->observe_min);
    if (!game->observe || !game->observe_min)
        return CB_ENOMEM;
    for (uint32_t raw = 0; raw < p; raw++) {
        uint16_t lo = UINT16_MAX;
        for (int m = 0; m < CB_MAPPINGS; m++) {
            uint16_t o = (uint16_t)observe_slow(game->n, raw, m);
            game->observe[(size_t)m * p + raw] = o;
            if (o < lo)
                lo = o;
        }
        game->observe_min[raw] = lo;
    }
    return CB_OK;
}

uint32_t cb_game_seen(const cb_game *game, uint32_t raw, int m)
{
    return cbg_rule_of(game->rule)->info.hidden ? cb_game_observe(game, raw, m) : raw;
}

uint32_t cb_game_feedback_seen(const cb_game *game, cb_guess_index guess, cb_secret_index secret, int m)
{
    return cb_game_seen(game, cb_game_feedback(game, guess, secret), m < 0 ? 0 : m);
}

uint32_t cb_game_observe(const cb_game *game, uint32_t raw, int m)
{
    if (game->observe)
        return game->observe[(size_t)m * game->pow3 + raw];
    if (game->observe_lo) {
        if (raw == game->pow3 - 1)
            return game->pow3;
        size_t at = (size_t)m * game->half_pow;
        return game->observe_lo[at + raw % game->half_pow] + game->observe_hi[at + raw / game->half_pow];
    }
    return observe_slow(game->n, raw, m);
}

uint32_t cbg_observe_inverse(const cb_game *game, uint32_t fb, int m)
{
    uint32_t p = game->pow3, raw = 0, w = 1;
    uint8_t colour[3];
    if (fb == p)
        return p - 1; /* won: every colour green, under any mapping */
    if (fb > p)
        return CB_NONE;
    for (int c = 0; c < 3; c++)
        colour[mappings[m][c]] = (uint8_t)c;
    for (int i = 0; i < game->n; i++, fb /= 3, w *= 3)
        raw += colour[fb % 3] * w;
    return raw == p - 1 ? CB_NONE : raw; /* all green shows as "won", never as symbols */
}

void cb_game_mapping_name(int m, char out[4])
{
    for (int c = 0; c < 3; c++)
        out[c] = (char)('a' + mappings[m][c]);
    out[3] = '\0';
}

int cb_game_mapping_parse(const char *text)
{
    for (int m = 0; m < CB_MAPPINGS; m++) {
        char name[4];
        cb_game_mapping_name(m, name);
        if (text && strlen(text) == 3 && tolower((unsigned char)text[0]) == name[0] &&
            tolower((unsigned char)text[1]) == name[1] && tolower((unsigned char)text[2]) == name[2])
            return m;
    }
    return -1;
}

static void digit_symbols(cb_game *game, int first_digit)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    for (int i = 0; i < game->k; i++) {
        char c = digits[i + first_digit];
        game->symbols[i][0] = c;
        game->symbols[i][1] = '\0';
        game->cps[i] = (uint32_t)(unsigned char)c;
    }
}

static uint64_t count_complete(int k, int n, int no_repeat)
{
    uint64_t c = 1;
    for (int i = 0; i < n; i++) {
        c *= (uint64_t)(no_repeat ? k - i : k);
        if (c > (uint64_t)CB_MAX_CODES * 1000)
            break;
    }
    return c;
}

uint64_t cb_game_config_codes(const cb_game_config *cfg)
{
    if (cfg->colors < 1 || cfg->length < 1 || cfg->length > CB_MAX_LENGTH ||
        (cfg->no_repeat && cfg->length > cfg->colors))
        return 0;
    return count_complete(cfg->colors, cfg->length, cfg->no_repeat);
}

static int make_complete(cb_game *game, const cb_game_config *cfg, cb_error *err)
{
    int k = cfg->colors, n = cfg->length;
    int max_k = cbg_rule_of(cfg->rule)->max_colors;
    int max_n = cbg_rule_of(cfg->rule)->max_length;
    if (k < 2 || k > max_k)
        return cb_error_set(err, CB_EINVAL, "%d colours is out of range: use 2 to %d", k, max_k);
    if (n < 1 || n > max_n)
        return cb_error_set(err, CB_EINVAL, "%d pegs is out of range: use 1 to %d", n, max_n);
    if (cfg->no_repeat && n > k)
        return cb_error_set(err, CB_EINVAL, "%d pegs cannot all differ with only %d colours", n, k);
    if (cfg->first_digit + k > 36)
        return cb_error_set(err, CB_EINVAL, "%d colours from %d cannot be spelled with digits and letters", k,
                            cfg->first_digit);
    uint64_t total = count_complete(k, n, cfg->no_repeat);
    if (total > CB_MAX_CODES)
        return cb_error_set(err, CB_ETOOBIG, "%d colours and %d pegs make %s%llu codes; the limit is %u", k, n,
                            total > (uint64_t)CB_MAX_CODES * 1000 ? "over " : "", (unsigned long long)total,
                            CB_MAX_CODES);
    game->k = k;
    game->n = n;
    game->complete = 1;
    game->no_repeat = cfg->no_repeat;
    digit_symbols(game, cfg->first_digit);
    game->codes = malloc((size_t)total * (size_t)n);
    if (!game->codes)
        return cb_error_set(err, CB_ENOMEM, "out of memory for %llu codes", (unsigned long long)total);
    uint8_t code[CB_MAX_LENGTH] = {0};
    uint32_t count = 0;
    for (;;) {
        int ok = 1;
        if (cfg->no_repeat)
            for (int i = 0; i < n && ok; i++)
                for (int j = i + 1; j < n; j++)
                    if (code[i] == code[j]) {
                        ok = 0;
                        break;
                    }
        if (ok)
            memcpy(game->codes + (size_t)count++ * (size_t)n, code, (size_t)n);
        int p = n - 1; /* next code in lexicographic order, last position fastest */
        while (p >= 0 && ++code[p] == k)
            code[p--] = 0;
        if (p < 0)
            break;
    }
    game->nguess = game->nsecret = count;
    return CB_OK;
}

static int read_source(const char *path, const char *bundled, char **owned, const char **text, size_t *size,
                       cb_error *err)
{
    *owned = NULL;
    if (!path)
        return cb_data_bundled(bundled, text, size) == CB_OK
                   ? CB_OK
                   : cb_error_set(err, CB_EIO, "the bundled list %s is missing", bundled);
    char *buf;
    int rc = cbb_read_file(path, &buf, size, err);
    if (rc != CB_OK)
        return rc;
    *owned = buf;
    *text = buf;
    return CB_OK;
}

static int load_list(const char *path, const char *bundled, int length, int select, int lenient, size_t *skipped,
                     cbg_wordlist *wl, cb_error *err)
{
    char *owned;
    const char *text;
    size_t size;
    int rc = read_source(path, bundled, &owned, &text, &size, err);
    if (rc != CB_OK)
        return rc;
    char name[256];
    snprintf(name, sizeof name, "%s", path ? path : bundled);
    rc = cbg_wordlist_parse(wl, text, size, name, length, select, lenient, skipped, err);
    free(owned);
    return rc;
}

/* Index of code point cp in the alphabet, or -1. */
static int symbol_of(const cb_game *game, uint32_t cp)
{
    for (int i = 0; i < game->k; i++)
        if (game->cps[i] == cp)
            return i;
    return -1;
}

static int add_symbol(cb_game *game, uint32_t cp)
{
    if (game->k == CB_MAX_SYMBOLS)
        return CB_ETOOBIG;
    game->cps[game->k] = cp;
    cbg_utf8_encode(cp, game->symbols[game->k]);
    game->k++;
    return CB_OK;
}

static int cmp_cp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The alphabet: given, or every code point of the lists in increasing order. */
static int make_alphabet(cb_game *game, const cb_game_config *cfg, cbg_wordlist *lists, int nlists, cb_error *err)
{
    if (cfg->alphabet) {
        const unsigned char *s = (const unsigned char *)cfg->alphabet;
        size_t len = strlen(cfg->alphabet);
        while (len) {
            int used = 0;
            long cp = cbg_utf8_decode(s, len, &used);
            if (cp < 0)
                return cb_error_set(err, CB_EPARSE, "the alphabet is not valid UTF-8");
            uint32_t f = cbg_fold((uint32_t)cp);
            if (symbol_of(game, f) < 0 && add_symbol(game, f) != CB_OK)
                return cb_error_set(err, CB_ETOOBIG, "the alphabet has more than %d symbols", CB_MAX_SYMBOLS);
            s += used;
            len -= (size_t)used;
        }
        return CB_OK;
    }
    uint32_t seen[CB_MAX_SYMBOLS];
    int k = 0;
    for (int l = 0; l < nlists; l++)
        for (size_t w = 0; w < lists[l].count; w++)
            for (int i = 0; i < lists[l].n; i++) {
                uint32_t cp = lists[l].cps[w * (size_t)lists[l].n + (size_t)i];
                int found = 0;
                for (int j = 0; j < k && !found; j++)
                    found = seen[j] == cp;
                if (found)
                    continue;
                if (k == CB_MAX_SYMBOLS)
                    return cb_error_set(err, CB_ETOOBIG, "%s:%zu: this word brings the alphabet past %d symbols",
                                        lists[l].name, lists[l].lines[w], CB_MAX_SYMBOLS);
                seen[k++] = cp;
            }
    qsort(seen, (size_t)k, sizeof seen[0], cmp_cp);
    for (int i = 0; i < k; i++)
        add_symbol(game, seen[i]);
    return CB_OK;
}

/*
 * Append the words of wl to the game's codes. Duplicates are errors (or
 * skipped); when as_secrets, words already present (the answers within
 * the guesses) become secrets instead.
 */
static int add_words(cb_game *game, const cb_game_config *cfg, const cbg_wordlist *wl, int as_secrets, cb_error *err)
{
    for (size_t w = 0; w < wl->count; w++) {
        uint8_t *code = game->codes + (size_t)game->nguess * (size_t)game->n;
        int bad = -1;
        for (int i = 0; i < game->n && bad < 0; i++) {
            int s = symbol_of(game, wl->cps[w * (size_t)game->n + (size_t)i]);
            if (s < 0)
                bad = i;
            else
                code[i] = (uint8_t)s;
        }
        char word[CB_MAX_LENGTH * 4 + 1] = "";
        for (int i = 0; i < game->n; i++) {
            char ch[5];
            cbg_utf8_encode(wl->cps[w * (size_t)game->n + (size_t)i], ch);
            strcat(word, ch);
        }
        if (bad >= 0) {
            char ch[5];
            cbg_utf8_encode(wl->cps[w * (size_t)game->n + (size_t)bad], ch);
            if (cfg->lenient) {
                game->skipped++;
                continue;
            }
            return cb_error_set(err, CB_EPARSE, "%s:%zu: '%s' has '%s', which is not in the alphabet", wl->name,
                                wl->lines[w], word, ch);
        }
        uint32_t g = game->nguess;
        uint32_t dup = hash_insert(game, g);
        if (dup == CB_NONE) {
            game->nguess++;
            game->guess_secret[g] = CB_NONE;
        } else if (!as_secrets || game->guess_secret[dup] != CB_NONE) {
            if (cfg->lenient) {
                game->skipped++;
                continue;
            }
            return cb_error_set(err, CB_EPARSE, "%s:%zu: '%s' appears twice", wl->name, wl->lines[w], word);
        } else
            g = dup;
        if (as_secrets) {
            game->guess_secret[g] = game->nsecret;
            game->secret_guess[game->nsecret++] = g;
        }
    }
    return CB_OK;
}

/* The bundled file of a dictionary name, or NULL. */
static const char *dictionary_file(const char *name)
{
    static const char *const names[][2] = {{"english", "english/words_alpha.txt"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i][0], name) == 0)
            return names[i][1];
    return NULL;
}

static int make_words(cb_game *game, const cb_game_config *cfg, cb_error *err)
{
    cbg_wordlist lists[2];
    int nlists = 0, rc;
    const char *apath = cfg->answers_path, *gpath = cfg->guesses_path;
    if (apath && gpath && strcmp(apath, gpath) == 0)
        gpath = NULL; /* one list for both (--words): read once, so that a pipe or a FIFO serves */
    const char *adata = cfg->answers_data ? cfg->answers_data : "wordle/answers.txt";
    const char *gdata = cfg->guesses_data ? cfg->guesses_data : "wordle/allowed.txt";
    int named = (!apath && cfg->answers_data) || (!gpath && cfg->guesses_data);
    int bundled = !apath && !gpath && !named; /* the original pair of lists */
    int length = cfg->length, select = cfg->select_length;
    memset(lists, 0, sizeof lists);
    if (length < 0 || length > CB_MAX_LENGTH)
        return cb_error_set(err, CB_EINVAL, "word length %d is out of range: use 2 to %d", length, CB_MAX_LENGTH);
    if (cfg->dictionary) {
        if (!bundled)
            return cb_error_set(err, CB_EINVAL, "give either a dictionary or word lists, not both");
        adata = dictionary_file(cfg->dictionary);
        if (!adata)
            return cb_error_set(err, CB_ENOTFOUND, "unknown dictionary '%s' (the bundled one is: english)",
                                cfg->dictionary);
        bundled = 0; /* one list for secrets and guesses */
        select = 1;
        if (length == 0)
            length = 5;
    }
    if (select && length == 0)
        return cb_error_set(err, CB_EINVAL, "choosing words by length needs a length");
    if (cfg->words_text) {
        if (!bundled || cfg->dictionary)
            return cb_error_set(err, CB_EINVAL, "give either a word list's text or word lists, not both");
        bundled = 0; /* one list for secrets and guesses */
        rc = cbg_wordlist_parse(&lists[0], cfg->words_text, strlen(cfg->words_text), "the word list", length, select,
                                cfg->lenient, &game->skipped, err);
    } else
        rc = load_list(apath, adata, length, select, cfg->lenient, &game->skipped, &lists[0], err);
    if (rc != CB_OK)
        return rc;
    nlists = 1;
    if (gpath || bundled || (!gpath && cfg->guesses_data && !cfg->dictionary)) {
        /* a dictionary as the guesses of named lists (english6): its words of the answers' length */
        int gselect = select || (!gpath && strcmp(gdata, dictionary_file("english")) == 0);
        rc = load_list(gpath, gdata, lists[0].n, gselect, cfg->lenient, &game->skipped, &lists[1], err);
        if (rc != CB_OK)
            goto out;
        nlists = 2;
    }
    if (!apath && !gpath && !cfg->dictionary && !cfg->words_text && !cfg->alphabet && !select &&
        (length == 0 || length == 5)) {
        game->bundled_answers = adata;
        game->bundled_guesses = nlists > 1 ? gdata : NULL;
    }
    game->n = lists[0].n;
    if (game->n < 2) {
        rc = cb_error_set(err, CB_EINVAL, "%s: words of %d character are too short: use 2 to %d", lists[0].name,
                          game->n, CB_MAX_LENGTH);
        goto out;
    }
    rc = make_alphabet(game, cfg, lists, nlists, err);
    if (rc != CB_OK)
        goto out;
    size_t total = lists[0].count + (nlists > 1 ? lists[1].count : 0);
    game->codes = malloc(total * (size_t)game->n);
    game->guess_secret = malloc(total * sizeof *game->guess_secret);
    game->secret_guess = malloc(lists[0].count * sizeof *game->secret_guess);
    if (!game->codes || !game->guess_secret || !game->secret_guess || alloc_hash(game, total) != CB_OK) {
        rc = cb_error_set(err, CB_ENOMEM, "out of memory for %zu words", total);
        goto out;
    }
    if (nlists > 1 && (rc = add_words(game, cfg, &lists[1], 0, err)) != CB_OK)
        goto out;
    rc = add_words(game, cfg, &lists[0], 1, err);
    if (rc == CB_OK && game->nsecret == 0)
        rc = cb_error_set(err, CB_EPARSE, "%s: no usable words", lists[0].name);
out:
    for (int l = 0; l < nlists; l++)
        cbg_wordlist_release(&lists[l]);
    return rc;
}

static int index_complete(cb_game *game, cb_error *err)
{
    game->guess_secret = malloc((size_t)game->nguess * sizeof *game->guess_secret);
    game->secret_guess = malloc((size_t)game->nguess * sizeof *game->secret_guess);
    if (!game->guess_secret || !game->secret_guess || alloc_hash(game, game->nguess) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory indexing %u codes", game->nguess);
    for (uint32_t g = 0; g < game->nguess; g++) {
        game->guess_secret[g] = game->secret_guess[g] = g;
        hash_insert(game, g);
    }
    return CB_OK;
}

static void make_name(cb_game *game)
{
    const char *rule = cb_rule_describe(game->rule)->name;
    if (game->complete)
        snprintf(game->name, sizeof game->name, "%s %d colours x %d pegs%s (%u codes)", rule, game->k, game->n,
                 game->no_repeat ? ", no repeats" : "", game->nguess);
    else
        snprintf(game->name, sizeof game->name, "%s, %d letters (%u answer%s, %u guess%s)", rule, game->n,
                 game->nsecret, game->nsecret == 1 ? "" : "s", game->nguess, game->nguess == 1 ? "" : "es");
}

int cb_game_new(const cb_game_config *cfg, cb_game **out, cb_error *err)
{
    *out = NULL;
    const cbg_rule *rule = cbg_rule_of(cfg->rule);
    if (!rule)
        return cb_error_set(err, CB_EINVAL, "unknown rule %d", (int)cfg->rule);
    if (!rule->info.words && cfg->colors == 0)
        return cb_error_set(err, CB_EINVAL, "%s needs a number of colours", rule->info.label);
    cb_game *game = calloc(1, sizeof *game);
    if (!game)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    game->rule = cfg->rule;
    int rc = cfg->colors > 0 ? make_complete(game, cfg, err) : make_words(game, cfg, err);
    if (rc == CB_OK && game->complete)
        rc = index_complete(game, err);
    if (rc == CB_OK) {
        set_feedback_ids(game);
        if (build_observe(game) != CB_OK)
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    if (rc != CB_OK) {
        cb_game_free(game);
        return rc;
    }
    make_name(game);
    *out = game;
    return CB_OK;
}

void cb_game_free(cb_game *game)
{
    if (!game)
        return;
    free(game->codes);
    free(game->secret_guess);
    free(game->guess_secret);
    free(game->hash);
    free(game->observe);
    free(game->observe_min);
    free(game->observe_lo);
    free(game->observe_hi);
    free(game);
}

cb_rule cb_game_rule(const cb_game *game)
{
    return game->rule;
}
const char *cb_game_name(const cb_game *game)
{
    return game->name;
}
int cb_game_length(const cb_game *game)
{
    return game->n;
}
int cb_game_colors(const cb_game *game)
{
    return game->k;
}
int cb_game_complete(const cb_game *game)
{
    return game->complete;
}
int cb_game_no_repeat(const cb_game *game)
{
    return game->no_repeat;
}
uint32_t cb_game_guess_count(const cb_game *game)
{
    return game->nguess;
}
uint32_t cb_game_secret_count(const cb_game *game)
{
    return game->nsecret;
}
uint32_t cb_game_feedback_count(const cb_game *game)
{
    return game->fb_count;
}
uint32_t cb_game_won(const cb_game *game)
{
    return game->won;
}
size_t cb_game_skipped(const cb_game *game)
{
    return game->skipped;
}
const char *cb_game_symbol(const cb_game *game, int i)
{
    return game->symbols[i];
}
const uint8_t *cb_game_code(const cb_game *game, uint32_t gi)
{
    return game->codes + (size_t)gi * (size_t)game->n;
}
uint32_t cb_game_secret_guess(const cb_game *game, uint32_t si)
{
    return game->secret_guess[si];
}
uint32_t cb_game_guess_secret(const cb_game *game, uint32_t gi)
{
    return game->guess_secret[gi];
}

uint32_t cb_game_feedback(const cb_game *game, uint32_t gi, uint32_t si)
{
    return cbg_feedback_codes(game, cb_game_code(game, gi), cb_game_code(game, game->secret_guess[si]));
}

uint32_t cbg_feedback_codes(const cb_game *game, const uint8_t *g, const uint8_t *s)
{
    return cbg_rule_of(game->rule)->feedback(g, s, game->n);
}

uint32_t cb_game_feedback_code(const cb_game *game, cb_guess_index guess, cb_guess_index code)
{
    return cbg_feedback_codes(game, cb_game_code(game, guess), cb_game_code(game, code));
}

void cbg_hard_turn_make(const cb_game *game, uint32_t g, uint32_t fb, cbg_hard_turn *h)
{
    cbg_rule_of(game->rule)->hard_turn(game, g, fb, h);
}

void cbg_hard_turn_possible(const cb_game *game, uint32_t g, uint32_t fb, cbg_hard_turn *h)
{
    (void)game;
    h->possible = 1;
    h->g = g;
    h->fb = fb;
    h->ngreen = h->nneed = 0;
    h->gmask = h->gval = h->nmask = 0;
    h->nfull = 0;
}

int cbg_hard_packed(const cb_game *game)
{
    return cbg_rule_of(game->rule)->info.hard_mode == CB_HARD_REVEALED && game->n <= 8;
}

int cbg_hard_turn_check(const cb_game *game, const cbg_hard_turn *h, const uint8_t *code, const uint8_t *counts,
                        int *fail)
{
    if (h->possible) {
        if (fail)
            *fail = 0;
        return cbg_feedback_codes(game, cb_game_code(game, h->g), code) == h->fb;
    }
    for (int k = 0; k < h->ngreen; k++)
        if (code[h->gpos[k]] != h->gsym[k]) {
            if (fail)
                *fail = k;
            return 0;
        }
    for (int k = 0; k < h->nneed; k++) {
        int have = 0;
        if (counts)
            have = counts[h->nsym[k]];
        else
            for (int i = 0; i < game->n; i++)
                have += code[i] == h->nsym[k];
        if (have < h->ncount[k]) {
            if (fail)
                *fail = h->ngreen + k;
            return 0;
        }
    }
    return 1;
}
