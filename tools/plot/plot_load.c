/*
 * plot_load.c: the drawing functions of plot.h in the program: each loads
 * the plotting module (plot_module.h) on first use and calls it. The module
 * is looked for beside the program (the build folder), then in
 * CB_PLOT_MODULE_DIR relative to the program's folder (an install:
 * ../lib/codebreaker). A build without PLplot has no module: every
 * drawing fails with a sentence saying so.
 */
#define _DEFAULT_SOURCE /* readlink */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "plot.h"
#include "plot_module.h"

#ifndef CB_PLOT_MODULE_DIR
#define CB_PLOT_MODULE_DIR "../lib/codebreaker"
#endif

static const plot_host host = {out_temp_name};

#ifdef CB_HAVE_PLPLOT
/* The module at dir/rel/PLOT_MODULE_FILE, loaded, or NULL (why then says why). */
static void *open_at(const char *dir, const char *rel, char *why, size_t why_size)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s%s%s/%s", dir, *rel ? "/" : "", rel, PLOT_MODULE_FILE) >= (int)sizeof path)
        return NULL;
    if (access(path, F_OK) != 0)
        return NULL;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        snprintf(why, why_size, "cannot load the plotting module: %s", dlerror());
    return h;
}
#endif

/* The module's functions, loaded once; NULL with why filled when there is no module. */
static const plot_api *module(char *why, size_t why_size)
{
    static const plot_api *api;
    if (api)
        return api;
#ifdef CB_HAVE_PLPLOT
    char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    snprintf(why, why_size, "the plotting module %s is missing beside the program and in %s", PLOT_MODULE_FILE,
             CB_PLOT_MODULE_DIR);
    if (n <= 0)
        return NULL;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    void *h = open_at(dir, "", why, why_size);
    if (!h)
        h = open_at(dir, CB_PLOT_MODULE_DIR, why, why_size);
    plot_module_open_fn open = h ? (plot_module_open_fn)dlsym(h, PLOT_MODULE_ENTRY) : NULL;
    if (h && !open)
        snprintf(why, why_size, "the plotting module has no %s", PLOT_MODULE_ENTRY);
    api = open ? open(&host) : NULL;
#else
    (void)host;
    snprintf(why, why_size, "this build has no plotting: it was built without PLplot (CB_PLOT)");
#endif
    return api;
}

int plot_lines(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
               size_t why_size)
{
    const plot_api *m = module(why, why_size);
    return m ? m->lines(path, fig, series, nseries, why, why_size) : 1;
}

int plot_bars(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries, char *why,
              size_t why_size)
{
    const plot_api *m = module(why, why_size);
    return m ? m->bars(path, fig, series, nseries, why, why_size) : 1;
}

int plot_histogram(const char *path, const plot_figure *fig, const plot_series *series, size_t nseries,
                   double bin_width, int normalize, char *why, size_t why_size)
{
    const plot_api *m = module(why, why_size);
    return m ? m->histogram(path, fig, series, nseries, bin_width, normalize, why, why_size) : 1;
}

int plot_heatmap(const char *path, const plot_figure *fig, const char *const *rows, size_t nrows,
                 const char *const *cols, size_t ncols, const double *value, int decimals, char *why, size_t why_size)
{
    const plot_api *m = module(why, why_size);
    return m ? m->heatmap(path, fig, rows, nrows, cols, ncols, value, decimals, why, why_size) : 1;
}
