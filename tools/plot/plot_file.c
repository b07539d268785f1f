/*
 * plot_file.c: what the program and the plotting module both need and that
 * draws nothing: figure defaults and the file names a figure may have.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "plot.h"
#include "plot_module.h"

void plot_figure_init(plot_figure *fig)
{
    memset(fig, 0, sizeof *fig);
    fig->xmin = fig->xmax = fig->ymin = fig->ymax = NAN;
}

static const char *extension(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && !strchr(dot, '/') ? dot + 1 : "";
}

int plot_ext_is(const char *path, const char *ext)
{
    const char *e = extension(path);
    size_t i = 0;
    for (; e[i] && ext[i]; i++)
        if (tolower((unsigned char)e[i]) != ext[i])
            return 0;
    return e[i] == '\0' && ext[i] == '\0';
}

int plot_path_ok(const char *path)
{
    return strcmp(path, "-") == 0 || plot_ext_is(path, "svg") || plot_ext_is(path, "png");
}
