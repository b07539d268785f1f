/* progress.c: the progress display of the long commands on stderr (progress.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "codebreaker/codebreaker.h"
#include "progress.h"

#define TERMINAL_EVERY 0.2 /* seconds between redraws on a terminal */
#define RATE_AFTER 1.0     /* seconds of known progress before the time left is estimated */

/* seconds as a clock ("0:07", "12:34", "1:02:03") into the caller's out. */
static void clock_text(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

/* Append printf-style text to the caller's line of size bytes holding *len, truncating; advances *len. */
static void vappend(char *line, size_t size, size_t *len, const char *fmt, va_list ap)
{
    if (*len + 1 >= size)
        return;
    int n = vsnprintf(line + *len, size - *len, fmt, ap);
    if (n > 0)
        *len = *len + (size_t)n < size ? *len + (size_t)n : size - 1;
}

/* vappend with the arguments inline. */
static void append(char *line, size_t size, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vappend(line, size, len, fmt, ap);
    va_end(ap);
}

/* The columns a line may take on the terminal of stderr (one less than its width, 79 unknown). Owns nothing. */
static size_t line_room(void)
{
    struct winsize ws;
    if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
        return (size_t)ws.ws_col - 1;
    return 79;
}

/* Overwrites the caller's p whole; keeps no pointer. */
void cli_progress_start(cli_progress *p, int quiet, double lines_every, int bar)
{
    memset(p, 0, sizeof *p);
    if (quiet)
        p->mode = CLI_PROGRESS_OFF;
    else if (isatty(2))
        p->mode = CLI_PROGRESS_TERMINAL;
    else
        p->mode = lines_every > 0 ? CLI_PROGRESS_LINES : CLI_PROGRESS_OFF;
    p->bar = bar > 0 ? bar : 0;
    p->every = p->mode == CLI_PROGRESS_TERMINAL ? TERMINAL_EVERY : lines_every;
    p->start = cb_seconds();
    p->next = p->mode == CLI_PROGRESS_LINES ? p->start + lines_every : p->start;
    p->rate_t = -1;
}

/*
 * Reads the caller's p. A tenth of the interval is slack: the library's
 * callbacks keep their own clock (optimal's comes every `every` seconds and
 * must not miss one line in two).
 */
int cli_progress_due(const cli_progress *p)
{
    return p->mode != CLI_PROGRESS_OFF && cb_seconds() + p->every / 10 >= p->next;
}

/* Updates the caller's p; label and the arguments of fmt are read during the call only. */
void cli_progress_show(cli_progress *p, int force, double fraction, const char *label, const char *fmt, ...)
{
    if (p->mode == CLI_PROGRESS_OFF || (!force && !cli_progress_due(p)))
        return;
    double t = cb_seconds();
    p->next = t + p->every;
    char line[512], clock[32];
    size_t len = 0;
    line[0] = '\0';
    append(line, sizeof line, &len, "%s", label ? label : "");
    if (fraction >= 0) {
        fraction = fraction > 1 ? 1 : fraction;
        if (p->rate_t < 0) { /* the rate is measured from the first known share (a resumed run starts above 0) */
            p->rate_t = t;
            p->rate_f = fraction;
        }
        if (p->mode == CLI_PROGRESS_TERMINAL && p->bar > 0) {
            int filled = (int)(fraction * p->bar);
            append(line, sizeof line, &len, "%s[", len ? " " : "");
            for (int i = 0; i < p->bar; i++)
                append(line, sizeof line, &len, "%c", i < filled ? '#' : ' ');
            append(line, sizeof line, &len, "]");
        }
        append(line, sizeof line, &len, "%s%3d%%", len ? " " : "", (int)(fraction * 100));
    }
    /* the time before the detail, so that a narrow terminal cuts the detail rather than the time left */
    clock_text(t - p->start, clock, sizeof clock);
    append(line, sizeof line, &len, "%s%s elapsed", len ? "  " : "", clock);
    if (fraction >= 0 && fraction < 1 && t - p->rate_t >= RATE_AFTER && fraction > p->rate_f) {
        clock_text((1 - fraction) * (t - p->rate_t) / (fraction - p->rate_f), clock, sizeof clock);
        append(line, sizeof line, &len, ", about %s left", clock);
    }
    if (fmt) {
        va_list ap;
        append(line, sizeof line, &len, "  ");
        va_start(ap, fmt);
        vappend(line, sizeof line, &len, fmt, ap);
        va_end(ap);
    }
    if (p->mode == CLI_PROGRESS_LINES) {
        fprintf(stderr, "%s\n", line);
    } else {
        size_t room = line_room();
        if (len > room)
            len = room;
        fprintf(stderr, "\r%.*s", (int)len, line);
        if (len < p->shown) /* rub out the end of a longer line before */
            fprintf(stderr, "%*s", (int)(p->shown - len), "");
        p->shown = len;
    }
    fflush(stderr);
}

/* Updates the caller's p, which stays usable; nothing to free. */
void cli_progress_clear(cli_progress *p)
{
    if (p->mode == CLI_PROGRESS_TERMINAL && p->shown) {
        fprintf(stderr, "\r%*s\r", (int)p->shown, "");
        fflush(stderr);
    }
    p->shown = 0;
}
