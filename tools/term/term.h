/*
 * term.h: the program's terminal: what the screen can show and how lines
 * are read, for the interactive modes (play, assist, solve).
 *
 * Output has four looks, chosen once by term_open():
 *  - colour: stdout is a terminal, NO_COLOR unset or empty, TERM not
 *    "dumb", no --plain: coloured tiles and pegs, symbols that need a font;
 *  - symbols: a terminal without colour (NO_COLOR, TERM=dumb): the
 *    notation (G.Y.., 2B1W) and the symbols (Symble's, pegs), no escapes;
 *  - text: stdout is not a terminal (a pipe, a file, a test): the notation
 *    in ASCII, one plain line per thing said;
 *  - plain (--plain, for screen readers and logs): ASCII words for colours
 *    ("c green, r gray"), Symble symbols as a, b, c.
 * Symbols are used only under a UTF-8 locale.
 *
 * Input: when stdin and stdout are terminals, lines are read with line
 * editing and history (libedit, when the build found it; else plain
 * reading). Otherwise plain lines are read from stdin, and each is echoed
 * after its prompt so that a transcript reads like the session.
 *
 * Ctrl-C: term_open() installs a SIGINT handler; a read interrupted by it
 * returns TERM_INTERRUPT, and a second Ctrl-C while the program computes
 * (not reading) leaves at once with status 130. term_close() restores the
 * terminal (libedit's settings, colour attributes).
 */
#ifndef CB_TERM_H
#define CB_TERM_H

#include <stddef.h>
#include <stdio.h>

typedef enum term_look { TERM_PLAIN = 0, TERM_TEXT = 1, TERM_SYMBOLS = 2, TERM_COLOR = 3 } term_look;

enum { TERM_EOF = 0, TERM_LINE = 1, TERM_INTERRUPT = -1 };

/* Exit status after Ctrl-C (128 + SIGINT, as shells report it). */
#define TERM_INTERRUPT_STATUS 130

typedef struct term {
    term_look look;
    int color;   /* ANSI colours */
    int symbols; /* UTF-8 symbols that need a font (☀ ♥ 💧, ● ○) */
    int tty_in;  /* stdin is a terminal */
    int tty_out; /* stdout is a terminal */
    int echo;    /* echo each line read (stdin is not a terminal) */
    int editing; /* line editing is on (libedit) */
    const char *prompt;
    void *el;      /* libedit's EditLine, when editing */
    void *history; /* libedit's History, when editing */
} term;

/* Decide the look (plain: the --plain flag) and set up input; name is the program's, for libedit. */
void term_open(term *t, int plain, const char *name);
/* Restore the terminal and release the line editor. Safe to call twice. */
void term_close(term *t);

/*
 * Show prompt and read one line into buf (without its newline; longer
 * lines are truncated). TERM_LINE, TERM_EOF at end of input, or
 * TERM_INTERRUPT after Ctrl-C. Flushes stdout first.
 */
int term_read(term *t, const char *prompt, char *buf, size_t size);

/* 1 once Ctrl-C was pressed. */
int term_interrupted(void);

/* Start an SGR colour sequence ("1;97;42") on out when colour is on; term_reset ends it. */
void term_sgr(const term *t, FILE *out, const char *sgr);
void term_reset(const term *t, FILE *out);

/* s in capitals (ñ -> Ñ, under a UTF-8 locale) into out; characters without a capital stay. */
void term_upper(const char *s, char *out, size_t size);

/* Columns that UTF-8 text takes on screen (wide emoji count two). */
int term_width(const char *s);

#endif
