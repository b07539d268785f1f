/* term.c: the program's terminal: looks, line input with libedit or plain reading, Ctrl-C. */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#ifdef CB_HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "cli.h"
#include "term.h"

static volatile sig_atomic_t interrupted; /* Ctrl-C seen */
static volatile sig_atomic_t reading;     /* waiting for a line: the read returns instead of the program leaving */
static volatile sig_atomic_t colored;     /* colour attributes may need a reset on the way out */

/* First Ctrl-C: flag it (the read in progress, or the next one, returns TERM_INTERRUPT). Second while busy: leave. */
static void on_sigint(int sig)
{
    (void)sig;
    if (interrupted && !reading) {
        static const char reset[] = "\033[0m\n";
        if (colored && write(STDOUT_FILENO, reset, sizeof reset - 1) < 0)
            _exit(TERM_INTERRUPT_STATUS);
        _exit(TERM_INTERRUPT_STATUS);
    }
    interrupted = 1;
}

int term_interrupted(void)
{
    return interrupted != 0;
}

static int utf8_locale(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static int want_color(void)
{
    const char *nc = getenv("NO_COLOR"), *tm = getenv("TERM");
    return !(nc && *nc) && !(tm && strcmp(tm, "dumb") == 0);
}

#ifdef CB_HAVE_LIBEDIT
static char *prompt_fn(EditLine *el)
{
    term *t = NULL;
    el_get(el, EL_CLIENTDATA, &t);
    return (char *)(t && t->prompt ? t->prompt : "> ");
}

static void editor_open(term *t, const char *name)
{
    HistEvent ev;
    EditLine *el = el_init(name, stdin, stdout, stderr);
    History *h = history_init();
    if (!el || !h) {
        if (el)
            el_end(el);
        if (h)
            history_end(h);
        return;
    }
    history(h, &ev, H_SETSIZE, 500);
    history(h, &ev, H_SETUNIQUE, 1);
    el_set(el, EL_CLIENTDATA, t);
    el_set(el, EL_PROMPT, prompt_fn);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 1);
    el_set(el, EL_HIST, history, h);
    el_source(el, NULL); /* the user's ~/.editrc, when there is one */
    t->el = el;
    t->history = h;
    t->editing = 1;
}

static int editor_read(term *t, char *buf, size_t size)
{
    int count = 0;
    const char *line = el_gets((EditLine *)t->el, &count);
    if (!line || count <= 0)
        return interrupted ? TERM_INTERRUPT : TERM_EOF;
    size_t n = strcspn(line, "\r\n");
    if (n >= size)
        n = size - 1;
    memcpy(buf, line, n);
    buf[n] = '\0';
    if (buf[strspn(buf, " \t")] != '\0') {
        HistEvent ev;
        history((History *)t->history, &ev, H_ENTER, buf);
    }
    return TERM_LINE;
}
#endif

void term_open(term *t, int plain, const char *name)
{
    memset(t, 0, sizeof *t);
    setlocale(LC_CTYPE, "");
    t->tty_in = isatty(STDIN_FILENO);
    t->tty_out = isatty(STDOUT_FILENO);
    t->echo = !t->tty_in;
    if (plain)
        t->look = TERM_PLAIN;
    else if (!t->tty_out)
        t->look = TERM_TEXT;
    else
        t->look = want_color() ? TERM_COLOR : TERM_SYMBOLS;
    t->color = t->look == TERM_COLOR;
    t->symbols = t->look >= TERM_SYMBOLS && utf8_locale();
    colored = t->color;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a read in progress returns */
    sigaction(SIGINT, &sa, NULL);
#ifdef CB_HAVE_LIBEDIT
    if (t->tty_in && t->tty_out)
        editor_open(t, name);
#else
    (void)name;
#endif
}

void term_close(term *t)
{
#ifdef CB_HAVE_LIBEDIT
    if (t->el)
        el_end((EditLine *)t->el);
    if (t->history)
        history_end((History *)t->history);
#endif
    t->el = t->history = NULL;
    t->editing = 0;
    if (t->color)
        fputs("\033[0m", stdout);
    fflush(stdout);
    signal(SIGINT, SIG_DFL);
}

/* The line read with its control bytes escaped (cli_escape): what quotes it is safe on a terminal. */
static void safe_line(char *buf, size_t size)
{
    char copy[4096];
    size_t len = strlen(buf);
    if (len >= sizeof copy)
        len = sizeof copy - 1;
    memcpy(copy, buf, len);
    cli_escape(copy, len, buf, size);
}

/* Plain reading: prompt, a line from stdin (the rest of an overlong line dropped), echo when not a terminal. */
static int plain_read(term *t, const char *prompt, char *buf, size_t size)
{
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(buf, (int)size, stdin))
        return interrupted ? TERM_INTERRUPT : TERM_EOF;
    size_t n = strcspn(buf, "\r\n");
    if (buf[n] == '\0' && n + 1 == size) { /* too long: drop the rest of the line */
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ;
    }
    buf[n] = '\0';
    safe_line(buf, size);
    if (t->echo)
        printf("%s\n", buf);
    return TERM_LINE;
}

int term_read(term *t, const char *prompt, char *buf, size_t size)
{
    int rc;
    if (size == 0)
        return TERM_EOF;
    buf[0] = '\0';
    fflush(stdout);
    if (interrupted)
        return TERM_INTERRUPT;
    reading = 1;
#ifdef CB_HAVE_LIBEDIT
    if (t->editing) {
        t->prompt = prompt;
        rc = editor_read(t, buf, size);
        safe_line(buf, size);
    } else
#endif
        rc = plain_read(t, prompt, buf, size);
    reading = 0;
    if (interrupted)
        rc = TERM_INTERRUPT;
    if (rc != TERM_LINE)
        fputc('\n', stdout); /* what follows starts on a line of its own */
    return rc;
}

void term_sgr(const term *t, FILE *out, const char *sgr)
{
    if (t->color)
        fprintf(out, "\033[%sm", sgr);
}

void term_reset(const term *t, FILE *out)
{
    if (t->color)
        fputs("\033[0m", out);
}

int term_width(const char *s)
{
    mbstate_t ps;
    int width = 0;
    size_t len = strlen(s);
    memset(&ps, 0, sizeof ps);
    while (len > 0) {
        wchar_t wc;
        size_t k = mbrtowc(&wc, s, len, &ps);
        if (k == (size_t)-1 || k == (size_t)-2) { /* not UTF-8 in this locale: count the characters */
            width++;
            for (s++, len--; len > 0 && ((unsigned char)*s & 0xc0) == 0x80; s++, len--)
                ;
            memset(&ps, 0, sizeof ps);
            continue;
        }
        if (k == 0)
            break;
        int w = wcwidth(wc);
        width += w < 0 ? 1 : w;
        s += k;
        len -= k;
    }
    return width;
}

void term_upper(const char *s, char *out, size_t size)
{
    mbstate_t in, os;
    size_t len = strlen(s), used = 0;
    memset(&in, 0, sizeof in);
    memset(&os, 0, sizeof os);
    while (len > 0 && used + MB_LEN_MAX < size) {
        wchar_t wc;
        size_t k = mbrtowc(&wc, s, len, &in);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0)
            break;
        size_t w = wcrtomb(out + used, (wchar_t)towupper((wint_t)wc), &os);
        if (w == (size_t)-1) { /* no spelling of the capital here: keep the character */
            memcpy(out + used, s, k);
            w = k;
        }
        used += w;
        s += k;
        len -= k;
    }
    if (len > 0 && used + len < size) { /* not text in this locale: copy the rest as it is */
        memcpy(out + used, s, len);
        used += len;
    }
    out[used] = '\0';
}
