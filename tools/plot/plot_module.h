/*
 * plot_module.h: the plotting module, codebreaker-plot.so, and the program
 * that loads it. PLplot and the dozen libraries it brings (cairo, qhull,
 * freetype, ...) are loaded only when a figure is drawn, not at every start
 * of the program (docs/install.md has the start-up times). The module
 * exports one function, plot_module_open; plot_load.c finds the module
 * beside the program (the build) or in LIBDIR/codebreaker (an install).
 */
#ifndef CB_PLOT_MODULE_H
#define CB_PLOT_MODULE_H

#include <stddef.h>

#include "plot.h"

/* What the program lends the module: the temporary names of outfile.c. */
typedef struct plot_host {
    int (*temp_name)(const char *path, char *tmp, size_t size);
} plot_host;

/* The drawing functions of plot.h, as the module has them. */
typedef struct plot_api {
    int (*lines)(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
                 size_t why_size);
    int (*bars)(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
                size_t why_size);
    int (*histogram)(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries,
                     double bin_width, int normalize, char *why, size_t why_size);
    int (*heatmap)(const char *path, const plot_figure *fig, const char *const *rows, size_t nrows,
                   const char *const *cols, size_t ncols, const double *value, int decimals, char *why,
                   size_t why_size);
} plot_api;

#define PLOT_MODULE_FILE "codebreaker-plot.so"
#define PLOT_MODULE_ENTRY "plot_module_open"
/* The module's entry: keeps host, returns its functions. */
typedef const plot_api *(*plot_module_open_fn)(const plot_host *host);

/* The module keeps the program's host for the drawings (plot.c; plot_module_open calls it). */
void plot_set_host(const plot_host *host);

/* 1 when path's extension is ext (lower case, without the dot), in any case (plot_file.c). */
int plot_ext_is(const char *path, const char *ext);

#endif
