/*
 * progress.h: the progress display of the long commands (simulate, optimal,
 * experiment) on stderr, the only one the program has. A line says what is
 * running, the share done (a bar and a percentage), the time elapsed and,
 * once there is a rate to estimate it from, about how long is left, then
 * what the command adds (games, nodes, the best total):
 *
 *   entropy [#########                     ]  31%  0:04 elapsed, about 0:09 left  93/300 games
 *
 * On a terminal the line is redrawn in place (\r) at most every so often and
 * cleared at the end; without one, a line every N seconds, or nothing. The
 * library never prints: the commands hand it what their callbacks are told.
 *
 * Ownership: the caller owns the cli_progress (usually on its stack; it holds
 * no memory, so nothing is freed); the strings handed to it are read during
 * the call only. One thread at a time: the library's progress callbacks are
 * called one at a time (simulate.h, optimal.h).
 */
#ifndef CB_PROGRESS_H
#define CB_PROGRESS_H

#include <stddef.h>

typedef enum cli_progress_mode {
    CLI_PROGRESS_OFF = 0,  /* --quiet, or no terminal and no lines asked for */
    CLI_PROGRESS_TERMINAL, /* one line redrawn in place, cleared at the end */
    CLI_PROGRESS_LINES     /* a line every `every` seconds (a log) */
} cli_progress_mode;

typedef struct cli_progress {
    cli_progress_mode mode;
    int bar;               /* the bar's width on a terminal (0: none) */
    double every;          /* seconds between redraws (terminal) or lines */
    double start;          /* cb_seconds() at cli_progress_start */
    double next;           /* the next redraw or line is due then */
    double rate_t, rate_f; /* the time and share of the first known share: the rate's origin (rate_t < 0: none) */
    size_t shown;          /* columns of the line on the terminal (0: none shown) */
} cli_progress;

/*
 * Start p (the caller's, overwritten whole) now: off when quiet; on a
 * terminal (stderr) a line redrawn at most every 0.2 s with a bar of `bar`
 * columns (0: none); without one, a line every `lines_every` seconds, or
 * nothing when it is 0. Keeps no pointer to anything.
 */
void cli_progress_start(cli_progress *p, int quiet, double lines_every, int bar);

/*
 * Show the state if a redraw is due (or force): `fraction` of the work done
 * (0..1; negative: unknown, then no bar, percentage or time left), `label`
 * first (may be NULL), then the time elapsed and left, then the
 * printf-style detail (fmt may be NULL). label and fmt's arguments are read during the
 * call only. Does nothing when p is off.
 */
void cli_progress_show(cli_progress *p, int force, double fraction, const char *label, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Whether cli_progress_show would draw now (unforced): to skip the work of its arguments. Reads p only. */
int cli_progress_due(const cli_progress *p);

/*
 * Erase the line from the terminal (before other output, and at the end);
 * the next show draws it again. Lines already written stay. p stays the
 * caller's and usable; nothing to free.
 */
void cli_progress_clear(cli_progress *p);

#endif
