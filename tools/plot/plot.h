/*
 * plot.h: figures written as SVG or PNG files, drawn by PLplot (Debian's
 * libplplot with its cairo driver): line plots of several series with
 * error bars, bar charts (grouped when there are several series) and
 * histograms. The file type follows the name's extension, .svg or .png.
 *
 * Every function returns 0, or an exit status (2 for a bad file name, 1
 * when the figure cannot be drawn) after writing a sentence to why. Call
 * them from one thread at a time: PLplot keeps global state.
 */
#ifndef CB_PLOT_H
#define CB_PLOT_H

#include <stddef.h>

/* Legend corners; AUTO takes the corner the data leave free, or makes room at the top. */
enum {
    PLOT_LEGEND_AUTO = 0,
    PLOT_LEGEND_TOP_LEFT,
    PLOT_LEGEND_TOP_RIGHT,
    PLOT_LEGEND_BOTTOM_LEFT,
    PLOT_LEGEND_BOTTOM_RIGHT
};

/* One series: n points (x[i], y[i]); for bar charts x may be NULL (1, 2, ...). */
typedef struct plot_series {
    const char *label; /* legend entry; NULL keeps the series out of the legend */
    const double *x, *y;
    const double *err; /* half-height of an error bar at each point, or NULL */
    size_t n;
    int dashed; /* lines: draw dashed */
    int marks;  /* lines: mark each point */
    int color;  /* 0: the next colour of the palette; i > 0: palette colour i */
} plot_series;

/* What every figure has: a title, axis labels, optional fixed ranges. */
typedef struct plot_figure {
    const char *title;
    const char *subtitle; /* a smaller second line, or NULL */
    const char *xlabel, *ylabel;
    int width, height;             /* pixels; 0 for 1000 x 650 */
    double xmin, xmax, ymin, ymax; /* NAN (plot_figure_init) to fit the data */
    int integer_x;                 /* x ticks on whole numbers only */
    int ylog;                      /* logarithmic y axis (values <= 0 are left out) */
    const char *const *categories; /* bar charts: a label under each bar group, or NULL */
    int legend;                    /* where the legend goes: PLOT_LEGEND_AUTO or a corner */
    const char *note;              /* lines (separated by newlines) written in the top right corner, or NULL */
} plot_figure;

/* Fill fig with defaults: no title, ranges fitted to the data. */
void plot_figure_init(plot_figure *fig);

/* 1 when path ends in .svg or .png (case-insensitive). */
int plot_path_ok(const char *path);

/* Lines (with marks and error bars when asked) for every series. */
int plot_lines(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
               size_t why_size);

/* Bars: series[s].y[i] is the height of bar i of series s; several series stand side by side; err draws error bars. */
int plot_bars(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
              size_t why_size);

/*
 * Histograms: series[s].y holds n samples; they are counted in bins of
 * width bin_width starting at the smallest sample rounded down to a
 * multiple of bin_width (width 1 centres a bar on every whole number), and
 * drawn as bars, side by side for several series. normalize 1 shows shares
 * (0..1) instead of counts.
 */
int plot_histogram(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries,
                   double bin_width, int normalize, char *why, size_t why_size);

/*
 * A heatmap: nrows x ncols cells, value[r * ncols + c], each shaded from
 * white (0) to the palette's blue (the largest value) and labelled with its
 * value to `decimals` places; row labels on the left, column labels above.
 */
int plot_heatmap(const char *path, const plot_figure *fig, const char *const *rows, size_t nrows,
                 const char *const *cols, size_t ncols, const double *value, int decimals, char *why, size_t why_size);

#endif
