/* board.c: guesses, feedbacks and the keyboard drawn in the terminal's look. */
#include <string.h>

#include "board.h"

static const char *const symbol_glyph[3] = {"\u2600", "\u2665", "\U0001F4A7"}; /* ☀ ♥ 💧 */
static const char *const colour_word[3] = {"gray", "yellow", "green"};

/* Tile colours (SGR): Wordle gray, yellow, green; a neutral tile; Symble's symbol tile. */
static const char *const tile_sgr[3] = {"1;97;48;5;240", "1;30;43", "1;97;42"};
#define NEUTRAL_SGR "1;97;48;5;236"
#define SYMBOL_SGR "1;97;48;5;24"

/* Mastermind peg colours (256-colour backgrounds) and whether a dark digit reads better on them. */
static const int peg_bg[16] = {196, 34, 226, 27, 201, 51, 255, 208, 93, 130, 218, 118, 18, 30, 100, 245};
static const int peg_dark[16] = {0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1};

const char *board_symbol(const term *t, int s)
{
    static const char *const letters[3] = {"a", "b", "c"};
    return t->symbols ? symbol_glyph[s] : letters[s];
}

static uint32_t digit3(uint32_t id, int i)
{
    while (i-- > 0)
        id /= 3;
    return id % 3;
}

/* One tile: the text centred in three columns (two for wide text), coloured by sgr. */
static void tile(const term *t, const char *sgr, const char *text, int upper)
{
    char buf[32];
    if (upper)
        term_upper(text, buf, sizeof buf);
    else
        snprintf(buf, sizeof buf, "%s", text);
    term_sgr(t, stdout, sgr);
    printf(term_width(buf) >= 2 ? " %s" : " %s ", buf);
    term_reset(t, stdout);
}

static void wordle_row(const term *t, const cb_game *g, uint32_t gi, uint32_t fb, const char *word, const char *fbtext)
{
    const uint8_t *code = cb_game_code(g, gi);
    int n = cb_game_length(g);
    if (t->look == TERM_PLAIN) {
        if (fb == cb_game_won(g)) {
            printf("%s: all green", word);
            return;
        }
        printf("%s:", word);
        for (int i = 0; i < n; i++)
            printf("%s %s %s", i ? "," : "", cb_game_symbol(g, code[i]), colour_word[digit3(fb, i)]);
        return;
    }
    if (!t->color) {
        printf("%s  %s", word, fbtext);
        return;
    }
    for (int i = 0; i < n; i++) {
        tile(t, tile_sgr[digit3(fb, i)], cb_game_symbol(g, code[i]), 1);
        printf(" ");
    }
    printf("  %s", fbtext);
}

static void symble_row(const term *t, const cb_game *g, uint32_t gi, uint32_t fb, const char *word)
{
    const uint8_t *code = cb_game_code(g, gi);
    int n = cb_game_length(g), won = fb == cb_game_won(g);
    if (t->look == TERM_PLAIN || !t->color) {
        printf(t->look == TERM_PLAIN ? "%s:" : "%s ", word);
        if (won)
            printf(" won");
        for (int i = 0; i < n && !won; i++)
            printf(" %s", board_symbol(t, (int)digit3(fb, i)));
        return;
    }
    for (int i = 0; i < n; i++) {
        tile(t, won ? tile_sgr[2] : NEUTRAL_SGR, cb_game_symbol(g, code[i]), 1);
        printf(" ");
    }
    printf("   ");
    for (int i = 0; i < n && !won; i++) {
        tile(t, SYMBOL_SGR, board_symbol(t, (int)digit3(fb, i)), 0);
        printf(" ");
    }
    if (won)
        printf("solved");
}

static void mastermind_row(const term *t, const cb_game *g, uint32_t gi, uint32_t fb, const char *word,
                           const char *fbtext)
{
    const uint8_t *code = cb_game_code(g, gi);
    int n = cb_game_length(g);
    unsigned b = fb / (unsigned)(n + 1), w = fb % (unsigned)(n + 1);
    if (t->look == TERM_PLAIN) {
        printf("%s: %u black, %u white", word, b, w);
        return;
    }
    for (int i = 0; i < n; i++) {
        char sgr[32];
        int c = code[i] % 16;
        snprintf(sgr, sizeof sgr, "1;%d;48;5;%d", peg_dark[c] ? 30 : 97, peg_bg[c]);
        if (t->color) {
            tile(t, sgr, cb_game_symbol(g, code[i]), 1);
            printf(" ");
        } else
            printf("%s", cb_game_symbol(g, code[i]));
    }
    printf("  ");
    if (t->symbols) {
        for (unsigned i = 0; i < b; i++)
            printf("\u25CF"); /* ● black peg */
        for (unsigned i = 0; i < w; i++)
            printf("\u25CB"); /* ○ white peg */
        for (unsigned i = b + w; i < (unsigned)n; i++)
            printf("\u00B7"); /* · no peg */
        printf("  ");
    }
    printf("%s", fbtext);
}

void board_row_note(const term *t, const cb_game *g, uint32_t gi, uint32_t fb, const char *prefix, const char *note)
{
    char word[CB_MAX_LENGTH * 4 + 1], fbtext[64];
    cb_game_format_code(g, gi, word, sizeof word);
    cb_game_format_feedback(g, fb, fbtext, sizeof fbtext);
    fputs(prefix, stdout);
    const cb_rule_info *rule = cb_game_rule_info(g);
    switch (rule->marks) { /* drawn by the rule's marks, as the dashboard draws them */
    case CB_MARKS_COLOURS:
        if (rule->hidden)
            symble_row(t, g, gi, fb, word);
        else
            wordle_row(t, g, gi, fb, word, fbtext);
        break;
    case CB_MARKS_COUNT:
        printf("%s  %s%s", word, fbtext, fb == cb_game_won(g) ? "" : " in common");
        break;
    default:
        mastermind_row(t, g, gi, fb, word, fbtext);
    }
    if (note && *note)
        printf(t->look == TERM_PLAIN ? "; %s" : "   %s", note);
    printf("\n");
}

void board_row(const term *t, const cb_game *g, uint32_t gi, uint32_t fb)
{
    board_row_note(t, g, gi, fb, "  ", NULL);
}

void board_rows(const term *t, const cb_state *st)
{
    const cb_game *g = cb_state_game(st);
    for (size_t i = 0; i < cb_state_turns(st); i++) {
        uint32_t gi, fb;
        cb_state_turn(st, i, &gi, &fb);
        board_row(t, g, gi, fb);
    }
}

/* Best known state of each symbol: 0 untried, 1 gray, 2 yellow, 3 green. */
static void letter_states(const cb_state *st, unsigned char *state)
{
    const cb_game *g = cb_state_game(st);
    int n = cb_game_length(g);
    memset(state, 0, CB_MAX_SYMBOLS);
    for (size_t i = 0; i < cb_state_turns(st); i++) {
        uint32_t gi, fb;
        cb_state_turn(st, i, &gi, &fb);
        const uint8_t *code = cb_game_code(g, gi);
        for (int p = 0; p < n; p++) {
            unsigned char s = (unsigned char)(digit3(fb, p) + 1);
            if (state[code[p]] < s)
                state[code[p]] = s;
        }
    }
}

/* The keyboard rows to draw: QWERTY when every symbol is a lower-case ASCII letter, else the alphabet in rows of 16. */
static int keyboard_layout(const cb_game *g, int rows[4][CB_MAX_SYMBOLS], int *len)
{
    static const char *const qwerty[3] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
    int k = cb_game_colors(g), latin = 1;
    for (int i = 0; i < k && latin; i++) {
        const char *s = cb_game_symbol(g, i);
        latin = s[0] >= 'a' && s[0] <= 'z' && s[1] == '\0';
    }
    memset(len, 0, 4 * sizeof *len);
    if (latin) {
        for (int r = 0; r < 3; r++)
            for (const char *p = qwerty[r]; *p; p++)
                for (int i = 0; i < k; i++)
                    if (cb_game_symbol(g, i)[0] == *p)
                        rows[r][len[r]++] = i;
        return 3;
    }
    int nrows = 0;
    for (int i = 0; i < k; i++) {
        nrows = i / 16 + 1;
        if (nrows > 4)
            break;
        rows[i / 16][len[i / 16]++] = i;
    }
    return nrows;
}

static void keyboard_words(const term *t, const cb_game *g, const unsigned char *state)
{
    static const char *const label[4] = {"untried", "gray", "yellow", "green"};
    const char *sep = t->look == TERM_PLAIN ? "; " : " | ";
    int groups = 0;
    printf("  ");
    for (int s = 3; s >= 0; s--) {
        int any = 0;
        for (int i = 0; i < cb_game_colors(g); i++) {
            if (state[i] != s)
                continue;
            if (!any)
                printf("%s%s:", groups++ ? sep : "", label[s]);
            printf(any && t->look == TERM_PLAIN ? ", %s" : " %s", cb_game_symbol(g, i));
            any = 1;
        }
    }
    printf("\n");
}

void board_keyboard(const term *t, const cb_state *st)
{
    const cb_game *g = cb_state_game(st);
    unsigned char state[CB_MAX_SYMBOLS];
    const cb_rule_info *rule = cb_game_rule_info(g);
    if (rule->marks != CB_MARKS_COLOURS || rule->hidden) /* the keyboard's colours are Wordle's letters */
        return;
    letter_states(st, state);
    if (!t->color) {
        keyboard_words(t, g, state);
        return;
    }
    static const char *const key_sgr[4] = {"30;48;5;250", "37;48;5;238", "1;30;43", "1;97;42"};
    int rows[4][CB_MAX_SYMBOLS], len[4];
    int nrows = keyboard_layout(g, rows, len);
    for (int r = 0; r < nrows; r++) {
        printf("  %*s", r * 2, "");
        for (int j = 0; j < len[r]; j++) {
            tile(t, key_sgr[state[rows[r][j]]], cb_game_symbol(g, rows[r][j]), 1);
            printf(" ");
        }
        printf("\n");
    }
}

void board_feedback_text(const term *t, const cb_game *g, uint32_t fb, char *buf, size_t size)
{
    int n = cb_game_length(g);
    if (t->look != TERM_PLAIN || fb == cb_game_won(g)) {
        cb_game_format_feedback(g, fb, buf, size);
        if (cb_game_rule_info(g)->hidden && t->symbols && fb != cb_game_won(g)) {
            size_t len = 0;
            buf[0] = '\0';
            for (int i = 0; i < n && len < size; i++)
                len += (size_t)snprintf(buf + len, size - len, "%s", board_symbol(t, (int)digit3(fb, i)));
        }
        return;
    }
    size_t len = 0;
    buf[0] = '\0';
    if (!cb_game_rule_info(g)->words) {
        snprintf(buf, size, "%u black, %u white", fb / (unsigned)(n + 1), fb % (unsigned)(n + 1));
        return;
    }
    for (int i = 0; i < n && len < size; i++) {
        uint32_t d = digit3(fb, i);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                cb_game_rule_info(g)->hidden ? board_symbol(t, (int)d) : colour_word[d]);
    }
}

void board_normalise_feedback(const cb_game *g, const char *in, char *out, size_t size)
{
    int symble = cb_game_rule_info(g)->hidden, keep_spaces = !cb_game_rule_info(g)->words;
    size_t len = 0;
    if (size == 0)
        return;
    while (*in && len + 1 < size) {
        int matched = 0;
        for (int s = 0; symble && s < 3 && !matched; s++) {
            size_t gl = strlen(symbol_glyph[s]);
            if (strncmp(in, symbol_glyph[s], gl) == 0) {
                out[len++] = (char)('a' + s);
                in += gl;
                if (strncmp(in, "\uFE0F", 3) == 0) /* emoji presentation selector */
                    in += 3;
                matched = 1;
            }
        }
        if (matched)
            continue;
        if (!keep_spaces && (*in == ' ' || *in == '\t')) {
            in++;
            continue;
        }
        out[len++] = *in++;
    }
    out[len] = '\0';
}
