/*
 * plot.c: figures drawn by PLplot through its cairo driver (pngcairo,
 * svgcairo). This file only arranges what PLplot draws: ranges, colours,
 * legend, bars from rectangles. It is built into the plotting module
 * (plot_module.c), which the program loads when it first draws.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <plplot.h>

#include "outfile.h" /* OUT_PATH_MAX */
#include "plot.h"
#include "plot_module.h"

enum { COLOR_BG = 0, COLOR_INK = 1, COLOR_GRID = 2, COLOR_FRAME = 3, COLOR_SERIES = 4, NPALETTE = 8 };

/* Okabe and Ito's palette, readable by colour-blind people, without its yellow. */
static const int palette[NPALETTE][3] = {
    {0, 114, 178}, {213, 94, 0}, {0, 158, 115}, {204, 121, 167}, {230, 159, 0}, {86, 180, 233}, {90, 90, 90}, {0, 0, 0},
};
static const char *const marks[NPALETTE] = {"●", "■", "▲", "◆", "▼", "●", "■", "▲"};

/* What the program lends the module (plot_module_open keeps it here). */
static const plot_host *the_host;

void plot_set_host(const plot_host *host)
{
    the_host = host;
}

static int fail(char *why, size_t size, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return status;
}

/*
 * The figure being drawn: PLplot writes it to a temporary file beside its
 * name (SVG to stdout for "-"), which close_stream checks is whole before
 * moving it into place: a full disk never leaves a truncated figure.
 */
static struct {
    const char *path;       /* as given */
    char tmp[OUT_PATH_MAX]; /* where PLplot draws */
    int copy;               /* 1: copied to stdout or a device at the end, 0: renamed over path */
    char real[OUT_PATH_MAX];
} drawing;

/* 1 when the file ends as a whole SVG or PNG does (cairo reports no write errors through PLplot). */
static int complete(const char *path, int svg)
{
    unsigned char tail[64];
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    size_t n = size >= (long)sizeof tail ? sizeof tail : 0;
    int ok = n && fseek(f, -(long)n, SEEK_END) == 0 && fread(tail, 1, n, f) == n;
    fclose(f);
    if (!ok)
        return 0;
    if (!svg)
        return memcmp(tail + n - 8, "IEND\xae\x42\x60\x82", 8) == 0;
    for (size_t i = 0; i + 6 <= n; i++)
        if (memcmp(tail + i, "</svg>", 6) == 0)
            return 1;
    return 0;
}

/* Copy file path to stdout ("-") or to the device or pipe named dest. */
static int copy_out(const char *path, const char *dest)
{
    char buf[1 << 14];
    size_t got;
    FILE *f = fopen(path, "rb"), *out = strcmp(dest, "-") == 0 ? stdout : fopen(dest, "wb");
    int bad = !f || !out;
    while (!bad && (got = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, got, out) != got)
            break;
    bad = bad || ferror(f) || ferror(out) || fflush(out) != 0;
    if (f)
        fclose(f);
    if (out && out != stdout && fclose(out) != 0)
        bad = 1;
    return bad ? -1 : 0;
}

/* End the stream: the figure goes into place when whole; 0, or an exit status with why filled. */
static int close_stream(char *why, size_t why_size)
{
    plend1();
    int svg = strcmp(drawing.path, "-") == 0 || plot_ext_is(drawing.path, "svg");
    if (!complete(drawing.tmp, svg)) {
        unlink(drawing.tmp);
        return fail(why, why_size, 1, "%s: cannot write the figure (a full disk?)", drawing.path);
    }
    if (drawing.copy) {
        int rc = copy_out(drawing.tmp, drawing.path);
        unlink(drawing.tmp);
        return rc == 0 ? 0 : fail(why, why_size, 1, "%s: cannot write the figure", drawing.path);
    }
    if (rename(drawing.tmp, drawing.real) != 0) {
        unlink(drawing.tmp);
        return fail(why, why_size, 1, "%s: cannot write the figure", drawing.path);
    }
    return 0;
}

static void abandon_stream(void)
{
    plend1();
    unlink(drawing.tmp);
}

/* 1 when PLplot knows the device `name`. */
static int have_device(const char *name)
{
    const char *menu_store[128], *dev_store[128];
    const char **menu = menu_store, **devs = dev_store;
    int ndev = 128;
    plgDevs(&menu, &devs, &ndev);
    for (int i = 0; i < ndev; i++)
        if (strcmp(devs[i], name) == 0)
            return 1;
    return 0;
}

/* PLplot calls this before it exits on an internal error; say what happened in our words. */
static int on_plplot_exit(const char *message)
{
    fprintf(stderr, "codebreaker: the plotting library failed: %s\n", message);
    return 1;
}

/* Open a PLplot stream on path; 0 or an exit status with why filled. */
static int open_stream(const char *path, const plot_figure *fig, char *why, size_t why_size)
{
    int to_stdout = strcmp(path, "-") == 0;
    const char *dev = to_stdout || plot_ext_is(path, "svg") ? "svgcairo" : "pngcairo";
    if (!plot_path_ok(path))
        return fail(why, why_size, 2, "%s: a plot file must end in .svg or .png (- writes SVG to stdout)", path);
    struct stat sb;
    drawing.path = path;
    drawing.copy = to_stdout || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)); /* "-", /dev/stdout, a FIFO */
    if (drawing.copy || !realpath(path, drawing.real)) /* a symbolic link: its target gets the figure */
        snprintf(drawing.real, sizeof drawing.real, "%s", path);
    const char *dev_ext =
        to_stdout || plot_ext_is(path, "svg") ? "/tmp/codebreaker-figure.svg" : "/tmp/codebreaker-figure.png";
    if (the_host->temp_name(drawing.copy ? dev_ext : drawing.real, drawing.tmp, sizeof drawing.tmp))
        return fail(why, why_size, 2, "%s: the file name is too long", path);
    FILE *f = fopen(drawing.tmp, "wb");
    if (!f)
        return fail(why, why_size, 1, "%s: cannot create the file: %s", path, strerror(errno));
    fclose(f);
    if (!have_device(dev)) {
        unlink(drawing.tmp);
        return fail(why, why_size, 1, "the plotting library lacks its %s driver (install plplot-driver-cairo)", dev);
    }
    PLINT stream;
    plmkstrm(&stream);
    plsexit(on_plplot_exit);
    plsdev(dev);
    plsfnam(drawing.tmp);
    plspage(0, 0, fig->width > 0 ? fig->width : 1000, fig->height > 0 ? fig->height : 650, 0, 0);
    plscmap0n(16);
    plscolbg(255, 255, 255);
    plscol0(COLOR_INK, 30, 30, 30);
    plscol0(COLOR_GRID, 225, 225, 225);
    plscol0(COLOR_FRAME, 120, 120, 120);
    for (int i = 0; i < NPALETTE; i++)
        plscol0(COLOR_SERIES + i, palette[i][0], palette[i][1], palette[i][2]);
    plinit();
    plsfont(PL_FCI_SANS, PL_FCI_UPRIGHT, PL_FCI_MEDIUM);
    pladv(0);
    return 0;
}

static int series_color(const plot_series *s, size_t index)
{
    int c = s->color > 0 ? s->color - 1 : (int)(index % NPALETTE);
    return COLOR_SERIES + c % NPALETTE;
}

/* A tick step of 1, 2 or 5 times a power of ten giving about `target` ticks. */
static double nice_step(double range, int target, int integer)
{
    double raw = range / target, p = pow(10, floor(log10(raw))), step;
    if (raw / p < 1.5)
        step = p;
    else if (raw / p < 3.5)
        step = 2 * p;
    else if (raw / p < 7.5)
        step = 5 * p;
    else
        step = 10 * p;
    return integer && step < 1 ? 1 : step;
}

typedef struct frame {
    double xmin, xmax, ymin, ymax;
} frame;

static double yval(const plot_figure *fig, double y)
{
    return fig->ylog ? (y > 0 ? log10(y) : NAN) : y;
}

/* Fit the data ranges, then let the figure's fixed ranges override. */
static void fit(const plot_figure *fig, frame *fr, double xlo, double xhi, double ylo, double yhi, int from_zero)
{
    if (!(xhi > xlo)) {
        xlo = isfinite(xlo) ? xlo - 1 : 0;
        xhi = isfinite(xhi) ? xhi + 1 : 1;
    }
    if (from_zero && !fig->ylog && ylo > 0)
        ylo = 0;
    if (!(yhi > ylo)) {
        ylo = isfinite(ylo) ? ylo - 1 : 0;
        yhi = isfinite(yhi) ? yhi + 1 : 1;
    }
    double ypad = (yhi - ylo) * (fig->note ? 0.25 : 0.05); /* room for the note above the data */
    fr->xmin = xlo;
    fr->xmax = xhi;
    fr->ymin = from_zero && !fig->ylog && ylo == 0 ? 0 : ylo - ypad;
    fr->ymax = yhi + ypad;
    if (isfinite(fig->xmin))
        fr->xmin = fig->xmin;
    if (isfinite(fig->xmax))
        fr->xmax = fig->xmax;
    if (isfinite(fig->ymin))
        fr->ymin = yval(fig, fig->ymin);
    if (isfinite(fig->ymax))
        fr->ymax = yval(fig, fig->ymax);
}

/* Title, grid, axes and axis labels around the viewport. */
static void draw_frame(const plot_figure *fig, const frame *fr, int numbered_x, int xgrid)
{
    double top = fig->subtitle ? 0.86 : 0.89;
    plvpor(0.11, 0.965, fig->categories ? 0.16 : 0.12, top);
    plwind(fr->xmin, fr->xmax, fr->ymin, fr->ymax);
    double xstep = numbered_x ? nice_step(fr->xmax - fr->xmin, 10, fig->integer_x) : 0;
    const char *ylog = fig->ylog ? "l" : "";
    char yopt_grid[8], yopt[16];
    snprintf(yopt_grid, sizeof yopt_grid, "g%s", ylog);
    snprintf(yopt, sizeof yopt, "bcnstv%s", ylog);
    plcol0(COLOR_GRID);
    plwidth(0.8);
    plbox(numbered_x && xgrid ? "g" : "", xstep, 0, yopt_grid, 0, 0);
    plcol0(COLOR_FRAME);
    plwidth(1.0);
    plschr(0, 0.95);
    plbox(numbered_x ? "bcnst" : "bc", xstep, fig->integer_x ? 1 : 0, yopt, 0, 0);
    plcol0(COLOR_INK);
    plschr(0, 1.05);
    if (fig->xlabel)
        plmtex("b", fig->categories ? 4.2 : 3.0, 0.5, 0.5, fig->xlabel);
    if (fig->ylabel)
        plmtex("l", 4.6, 0.5, 0.5, fig->ylabel);
    if (fig->title) {
        plsfont(-1, -1, PL_FCI_BOLD);
        plschr(0, 1.3);
        plmtex("t", fig->subtitle ? 3.3 : 1.6, 0.5, 0.5, fig->title);
        plsfont(-1, -1, PL_FCI_MEDIUM);
    }
    if (fig->subtitle) {
        plschr(0, 0.95);
        plcol0(COLOR_FRAME);
        plmtex("t", 1.3, 0.5, 0.5, fig->subtitle);
        plcol0(COLOR_INK);
    }
    plschr(0, 1.0);
}

/* The figure's note, one line under the other, inside the top right corner. */
static void draw_note(const plot_figure *fig)
{
    char line[256];
    const char *p = fig->note;
    plcol0(COLOR_INK);
    plschr(0, 0.95);
    for (int i = 0; p && *p; i++) {
        size_t len = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        plmtex("t", -1.6 - 1.5 * i, 0.98, 1.0, line);
        p += len + (p[len] == '\n');
    }
    plschr(0, 1.0);
}

/* The legend of the labelled series: lines (with marks) or colour boxes. */
static void draw_legend(int corner, const plot_series *series, size_t nseries, int boxes)
{
    enum { MAXLEG = 16 };
    PLINT opts[MAXLEG], text_colors[MAXLEG], colors[MAXLEG], styles[MAXLEG], patterns[MAXLEG];
    PLFLT widths[MAXLEG], scales[MAXLEG], box_scales[MAXLEG], box_widths[MAXLEG];
    PLINT symbol_numbers[MAXLEG];
    const char *texts[MAXLEG], *symbols[MAXLEG];
    int n = 0;
    for (size_t s = 0; s < nseries && n < MAXLEG; s++) {
        if (!series[s].label)
            continue;
        int c = series_color(&series[s], s);
        opts[n] = boxes ? PL_LEGEND_COLOR_BOX : PL_LEGEND_LINE | (series[s].marks ? PL_LEGEND_SYMBOL : 0);
        text_colors[n] = COLOR_INK;
        texts[n] = series[s].label;
        colors[n] = c;
        styles[n] = series[s].dashed ? 3 : 1;
        widths[n] = 2.0;
        patterns[n] = 0;
        box_scales[n] = 0.8;
        box_widths[n] = 1.0;
        scales[n] = 0.9;
        symbol_numbers[n] = 1;
        symbols[n] = marks[(c - COLOR_SERIES) % NPALETTE];
        n++;
    }
    if (n == 0)
        return;
    PLFLT w, h;
    int bottom = corner == PLOT_LEGEND_BOTTOM_LEFT || corner == PLOT_LEGEND_BOTTOM_RIGHT;
    int right = corner == PLOT_LEGEND_TOP_RIGHT || corner == PLOT_LEGEND_BOTTOM_RIGHT;
    PLINT position = PL_POSITION_INSIDE | (bottom ? PL_POSITION_BOTTOM : PL_POSITION_TOP) |
                     (right ? PL_POSITION_RIGHT : PL_POSITION_LEFT);
    plschr(0, 0.95);
    pllegend(&w, &h, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX, position, 0.02, 0.03, 0.08, COLOR_BG, COLOR_FRAME,
             1, 0, 0, n, opts, 0.7, 1.0, 1.8, 0.0, text_colors, texts, colors, patterns, box_scales, box_widths, colors,
             styles, widths, colors, scales, symbol_numbers, symbols);
    plschr(0, 1.0);
}

static double xat(const plot_series *s, size_t i)
{
    return s->x ? s->x[i] : (double)(i + 1);
}

/* The legend's size as a share of the viewport (measured on the default 1000 x 650 figure). */
static void legend_size(const plot_series *series, size_t nseries, double *w, double *h)
{
    size_t n = 0, longest = 0;
    for (size_t s = 0; s < nseries; s++)
        if (series[s].label) {
            n++;
            if (strlen(series[s].label) > longest)
                longest = strlen(series[s].label);
        }
    *w = n ? 0.13 + 0.0125 * (double)longest : 0;
    *h = n ? 0.03 + 0.058 * (double)n : 0;
}

/* How many data points (lines sampled along their segments, bars over their height) fall in a corner box. */
static int corner_hits(const frame *fr, const plot_figure *fig, const plot_series *series, size_t nseries, int corner,
                       int bars, double bw, double bh)
{
    double x0 = corner == PLOT_LEGEND_TOP_LEFT || corner == PLOT_LEGEND_BOTTOM_LEFT ? 0 : 1 - bw - 0.03;
    double y0 = corner == PLOT_LEGEND_BOTTOM_LEFT || corner == PLOT_LEGEND_BOTTOM_RIGHT ? 0 : 1 - bh - 0.04;
    double x1 = x0 + bw + 0.03, y1 = y0 + bh + 0.04;
    int hits = 0;
    for (size_t s = 0; s < nseries; s++)
        for (size_t i = 0; i < series[s].n; i++) {
            double x = (xat(&series[s], i) - fr->xmin) / (fr->xmax - fr->xmin);
            double y = (yval(fig, series[s].y[i]) - fr->ymin) / (fr->ymax - fr->ymin);
            if (!isfinite(x) || !isfinite(y))
                continue;
            if (bars) {
                hits += x >= x0 && x <= x1 && y >= y0;
                continue;
            }
            double nx = x, ny = y; /* the segment to the next point, sampled */
            if (i + 1 < series[s].n) {
                nx = (xat(&series[s], i + 1) - fr->xmin) / (fr->xmax - fr->xmin);
                ny = (yval(fig, series[s].y[i + 1]) - fr->ymin) / (fr->ymax - fr->ymin);
                if (!isfinite(nx) || !isfinite(ny))
                    nx = x, ny = y;
            }
            for (int t = 0; t < 8; t++) {
                double px = x + (nx - x) * t / 8, py = y + (ny - y) * t / 8;
                hits += px >= x0 && px <= x1 && py >= y0 && py <= y1;
            }
        }
    return hits;
}

/* The legend's corner; with no free corner, the y range grows so that the data pass under a top-left legend. */
static int place_legend(const plot_figure *fig, frame *fr, const plot_series *series, size_t nseries, int bars)
{
    double bw, bh;
    if (fig->legend != PLOT_LEGEND_AUTO)
        return fig->legend;
    legend_size(series, nseries, &bw, &bh);
    if (bw == 0)
        return PLOT_LEGEND_TOP_LEFT;
    static const int order[4] = {PLOT_LEGEND_TOP_LEFT, PLOT_LEGEND_TOP_RIGHT, PLOT_LEGEND_BOTTOM_RIGHT,
                                 PLOT_LEGEND_BOTTOM_LEFT};
    for (int i = 0; i < 4; i++) {
        if (fig->note && order[i] == PLOT_LEGEND_TOP_RIGHT)
            continue;
        if (corner_hits(fr, fig, series, nseries, order[i], bars, bw, bh) == 0)
            return order[i];
    }
    if (!isfinite(fig->ymax))
        fr->ymax = fr->ymin + (fr->ymax - fr->ymin) / (1 - bh - 0.06);
    return PLOT_LEGEND_TOP_LEFT;
}

int plot_lines(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
               size_t why_size)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (size_t s = 0; s < nseries; s++)
        for (size_t i = 0; i < series[s].n; i++) {
            double x = xat(&series[s], i), e = series[s].err ? series[s].err[i] : 0;
            double lo = yval(fig, series[s].y[i] - e), hi = yval(fig, series[s].y[i] + e);
            if (!isfinite(x) || !isfinite(series[s].y[i]))
                continue;
            xlo = fmin(xlo, x), xhi = fmax(xhi, x);
            if (isfinite(lo))
                ylo = fmin(ylo, lo);
            if (isfinite(hi))
                yhi = fmax(yhi, hi);
        }
    int rc = open_stream(path, fig, why, why_size);
    if (rc)
        return rc;
    frame fr;
    fit(fig, &fr, xlo, xhi, ylo, yhi, 0);
    int corner = place_legend(fig, &fr, series, nseries, 0);
    draw_frame(fig, &fr, 1, 1);
    for (size_t s = 0; s < nseries; s++) {
        const plot_series *se = &series[s];
        size_t n = se->n, m = 0;
        PLFLT *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
        PLFLT *lo = malloc((n + 1) * sizeof *lo), *hi = malloc((n + 1) * sizeof *hi);
        if (x && y && lo && hi) {
            for (size_t i = 0; i < n; i++) {
                double yv = yval(fig, se->y[i]);
                if (!isfinite(xat(se, i)) || !isfinite(yv))
                    continue;
                x[m] = xat(se, i);
                y[m] = yv;
                lo[m] = se->err ? yval(fig, se->y[i] - se->err[i]) : yv;
                hi[m] = se->err ? yval(fig, se->y[i] + se->err[i]) : yv;
                if (!isfinite(lo[m]))
                    lo[m] = fr.ymin;
                m++;
            }
            plcol0(series_color(se, s));
            plwidth(2.0);
            pllsty(se->dashed ? 3 : 1);
            if (m > 1)
                plline((PLINT)m, x, y);
            pllsty(1);
            if (se->err && m > 0) {
                plwidth(1.2);
                plerry((PLINT)m, x, lo, hi);
            }
            if ((se->marks || m == 1) && m > 0) {
                plschr(0, 0.8);
                plstring((PLINT)m, x, y, marks[(series_color(se, s) - COLOR_SERIES) % NPALETTE]);
                plschr(0, 1.0);
            }
        }
        free(x);
        free(y);
        free(lo);
        free(hi);
    }
    plwidth(1.0);
    draw_legend(corner, series, nseries, 0);
    draw_note(fig);
    return close_stream(why, why_size);
}

/* Draw bars: group i at x position xs[i] (spacing `spacing`), series side by side. */
static void draw_bars(const plot_series *series, size_t nseries, const double *xs, size_t ngroups, double spacing,
                      const double *const *heights, const plot_figure *fig, double base)
{
    double group = 0.8 * spacing, width = group / (double)nseries;
    for (size_t s = 0; s < nseries; s++) {
        plcol0(series_color(&series[s], s));
        for (size_t i = 0; i < ngroups; i++) {
            double h = yval(fig, heights[s][i]);
            if (!isfinite(h) || h <= base)
                continue;
            double left = xs[i] - group / 2 + (double)s * width;
            PLFLT bx[4] = {left, left + width * 0.94, left + width * 0.94, left};
            PLFLT by[4] = {base, base, h, h};
            plfill(4, bx, by);
        }
    }
    plcol0(COLOR_INK);
    plwidth(1.2);
    for (size_t s = 0; s < nseries; s++) /* error bars at the bars' centres */
        for (size_t i = 0; series[s].err && i < ngroups && i < series[s].n; i++) {
            double h = heights[s][i], e = series[s].err[i];
            if (!isfinite(h) || !isfinite(e) || e <= 0 || fig->ylog)
                continue;
            PLFLT x = xs[i] - group / 2 + ((double)s + 0.47) * width, lo = fmax(h - e, base), hi = h + e;
            plerry(1, &x, &lo, &hi);
        }
    plwidth(1.0);
}

/* The x labels of categories under each group, turned upright when they would collide. */
static void draw_categories(const plot_figure *fig, const frame *fr, const double *xs, size_t ngroups)
{
    size_t longest = 0;
    for (size_t i = 0; i < ngroups; i++)
        if (strlen(fig->categories[i]) > longest)
            longest = strlen(fig->categories[i]);
    int upright = ngroups * (longest + 1) > 110;
    plcol0(COLOR_INK);
    plschr(0, upright ? 0.75 : 0.9);
    for (size_t i = 0; i < ngroups; i++) {
        double at = (xs[i] - fr->xmin) / (fr->xmax - fr->xmin);
        if (upright)
            plmtex("bv", 0.6, at, 1.0, fig->categories[i]);
        else
            plmtex("b", 1.4, at, 0.5, fig->categories[i]);
    }
    plschr(0, 1.0);
}

static int bars(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, const double *xs,
                size_t ngroups, double spacing, const double *const *heights, char *why, size_t why_size)
{
    double ylo = INFINITY, yhi = -INFINITY;
    for (size_t s = 0; s < nseries; s++)
        for (size_t i = 0; i < ngroups; i++) {
            double e = series[s].err && i < series[s].n && isfinite(series[s].err[i]) ? series[s].err[i] : 0;
            double h = yval(fig, heights[s][i]), top = yval(fig, heights[s][i] + e);
            if (isfinite(h))
                ylo = fmin(ylo, h), yhi = fmax(yhi, isfinite(top) ? top : h);
        }
    int rc = open_stream(path, fig, why, why_size);
    if (rc)
        return rc;
    frame fr;
    double xlo = ngroups ? xs[0] : 0, xhi = ngroups ? xs[ngroups - 1] : 1;
    fit(fig, &fr, xlo - spacing * 0.6, xhi + spacing * 0.6, ylo, yhi, 1);
    if (fig->ylog && !isfinite(fig->ymin))
        fr.ymin = floor(ylo);
    plot_series shown[16]; /* the bars as drawn, each as its two edges, for placing the legend */
    size_t nshown = nseries < 16 ? nseries : 16;
    double *ex = malloc(2 * (ngroups + 1) * sizeof *ex), *ey = malloc(2 * (ngroups + 1) * nshown * sizeof *ey);
    if (!ex || !ey) {
        free(ex);
        free(ey);
        abandon_stream();
        return fail(why, why_size, 1, "out of memory");
    }
    for (size_t i = 0; i < ngroups; i++) {
        ex[2 * i] = xs[i] - 0.4 * spacing;
        ex[2 * i + 1] = xs[i] + 0.4 * spacing;
    }
    for (size_t s = 0; s < nshown; s++) {
        shown[s] = series[s];
        shown[s].x = ex;
        shown[s].y = ey + s * 2 * ngroups;
        shown[s].n = 2 * ngroups;
        for (size_t i = 0; i < 2 * ngroups; i++) {
            size_t g = i / 2;
            double e = series[s].err && g < series[s].n && isfinite(series[s].err[g]) ? series[s].err[g] : 0;
            ey[s * 2 * ngroups + i] = heights[s][g] + e; /* the top of the error bar */
        }
    }
    int corner = place_legend(fig, &fr, shown, nshown, 1);
    free(ex);
    free(ey);
    draw_frame(fig, &fr, fig->categories == NULL, 0);
    draw_bars(series, nseries, xs, ngroups, spacing, heights, fig, fr.ymin);
    if (fig->categories)
        draw_categories(fig, &fr, xs, ngroups);
    draw_legend(corner, series, nseries, 1);
    draw_note(fig);
    return close_stream(why, why_size);
}

int plot_bars(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
              size_t why_size)
{
    size_t ngroups = 0;
    for (size_t s = 0; s < nseries; s++)
        if (series[s].n > ngroups)
            ngroups = series[s].n;
    double *xs = malloc((ngroups + 1) * sizeof *xs);
    double **heights = calloc(nseries + 1, sizeof *heights);
    int rc = xs && heights ? 0 : fail(why, why_size, 1, "out of memory");
    for (size_t s = 0; rc == 0 && s < nseries; s++) {
        heights[s] = malloc((ngroups + 1) * sizeof **heights);
        if (!heights[s]) {
            rc = fail(why, why_size, 1, "out of memory");
            break;
        }
        for (size_t i = 0; i < ngroups; i++)
            heights[s][i] = i < series[s].n ? series[s].y[i] : NAN;
    }
    double spacing = 1;
    if (rc == 0) {
        for (size_t i = 0; i < ngroups; i++)
            xs[i] = nseries && series[0].x && i < series[0].n ? series[0].x[i] : (double)(i + 1);
        for (size_t i = 1; i < ngroups; i++)
            if (xs[i] - xs[i - 1] > 0 && (i == 1 || xs[i] - xs[i - 1] < spacing))
                spacing = xs[i] - xs[i - 1];
        rc = bars(path, fig, series, nseries, xs, ngroups, spacing, (const double *const *)heights, why, why_size);
    }
    for (size_t s = 0; heights && s < nseries; s++)
        free(heights[s]);
    free(heights);
    free(xs);
    return rc;
}

int plot_histogram(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries,
                   double bin_width, int normalize, char *why, size_t why_size)
{
    double lo = INFINITY, hi = -INFINITY;
    if (!(bin_width > 0))
        return fail(why, why_size, 2, "a histogram needs a positive bin width");
    for (size_t s = 0; s < nseries; s++)
        for (size_t i = 0; i < series[s].n; i++)
            if (isfinite(series[s].y[i]))
                lo = fmin(lo, series[s].y[i]), hi = fmax(hi, series[s].y[i]);
    if (!isfinite(lo))
        lo = hi = 0;
    /* width 1 centres bins on whole numbers: [v - 0.5, v + 0.5) */
    double start = floor(lo / bin_width + 0.5) * bin_width - bin_width / 2;
    size_t nbins = (size_t)floor((hi - start) / bin_width) + 1;
    if (nbins > 100000)
        return fail(why, why_size, 2, "a histogram of %zu bins is too many: use a wider bin", nbins);
    double *xs = malloc(nbins * sizeof *xs);
    double **heights = calloc(nseries + 1, sizeof *heights);
    int rc = xs && heights ? 0 : fail(why, why_size, 1, "out of memory");
    for (size_t b = 0; rc == 0 && b < nbins; b++)
        xs[b] = start + ((double)b + 0.5) * bin_width;
    for (size_t s = 0; rc == 0 && s < nseries; s++) {
        heights[s] = calloc(nbins, sizeof **heights);
        if (!heights[s]) {
            rc = fail(why, why_size, 1, "out of memory");
            break;
        }
        size_t counted = 0;
        for (size_t i = 0; i < series[s].n; i++) {
            if (!isfinite(series[s].y[i]))
                continue;
            size_t b = (size_t)floor((series[s].y[i] - start) / bin_width);
            heights[s][b < nbins ? b : nbins - 1] += 1;
            counted++;
        }
        for (size_t b = 0; normalize && counted && b < nbins; b++)
            heights[s][b] /= (double)counted;
    }
    if (rc == 0)
        rc = bars(path, fig, series, nseries, xs, nbins, bin_width, (const double *const *)heights, why, why_size);
    for (size_t s = 0; heights && s < nseries; s++)
        free(heights[s]);
    free(heights);
    free(xs);
    return rc;
}

int plot_heatmap(const char *path, const plot_figure *fig, const char *const *rows, size_t nrows,
                 const char *const *cols, size_t ncols, const double *value, int decimals, char *why, size_t why_size)
{
    double top = 0;
    for (size_t i = 0; i < nrows * ncols; i++)
        top = isfinite(value[i]) && value[i] > top ? value[i] : top;
    int rc = open_stream(path, fig, why, why_size);
    if (rc)
        return rc;
    plvpor(0.12, 0.95, 0.04, fig->subtitle ? 0.84 : 0.87);
    plwind(0, (double)ncols, (double)nrows, 0); /* row 0 at the top */
    plschr(0, nrows > 30 ? 0.6 : 0.8);
    for (size_t r = 0; r < nrows; r++)
        for (size_t c = 0; c < ncols; c++) {
            double v = value[r * ncols + c], t = top > 0 && isfinite(v) ? v / top : 0;
            const int *blue = palette[0];
            plscol0(15, (int)(255 - t * (255 - blue[0])), (int)(255 - t * (255 - blue[1])),
                    (int)(255 - t * (255 - blue[2])));
            plcol0(15);
            PLFLT bx[4] = {(double)c, (double)c + 1, (double)c + 1, (double)c};
            PLFLT by[4] = {(double)r, (double)r, (double)r + 1, (double)r + 1};
            plfill(4, bx, by);
            char text[32];
            snprintf(text, sizeof text, "%.*f", decimals, v);
            plcol0(t > 0.55 ? COLOR_BG : COLOR_INK);
            plptex((double)c + 0.5, (double)r + 0.72, 1, 0, 0.5, text);
        }
    plcol0(COLOR_INK);
    for (size_t r = 0; r < nrows; r++)
        plmtex("lv", 1.0, 1.0 - ((double)r + 0.62) / (double)nrows, 1.0, rows[r]);
    for (size_t c = 0; c < ncols; c++)
        plmtex("t", 0.6, ((double)c + 0.5) / (double)ncols, 0.5, cols[c]);
    plschr(0, 1.0);
    plcol0(COLOR_FRAME);
    plbox("bc", 0, 0, "bc", 0, 0);
    plcol0(COLOR_INK);
    if (fig->title) {
        plsfont(-1, -1, PL_FCI_BOLD);
        plschr(0, 1.2);
        plmtex("t", fig->subtitle ? 3.6 : 2.2, 0.5, 0.5, fig->title);
        plsfont(-1, -1, PL_FCI_MEDIUM);
        plschr(0, 1.0);
    }
    if (fig->subtitle) {
        plschr(0, 0.9);
        plmtex("t", 2.2, 0.5, 0.5, fig->subtitle);
        plschr(0, 1.0);
    }
    return close_stream(why, why_size);
}
