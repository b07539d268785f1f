/*
 * plot_module.c: the entry of the plotting module (codebreaker-plot.so,
 * plot.c drawing with PLplot): the only symbol it exports. What plot.c
 * takes from the program (outfile.c's temporary names) comes through the
 * host the program passes.
 */
#include "outfile.h"
#include "plot.h"
#include "plot_module.h"

static const plot_host *the_host;

int out_temp_name(const char *path, char *tmp, size_t size)
{
    return the_host->temp_name(path, tmp, size);
}

__attribute__((visibility("default"))) const plot_api *plot_module_open(const plot_host *host);

const plot_api *plot_module_open(const plot_host *host)
{
    static const plot_api api = {plot_lines, plot_bars, plot_histogram, plot_heatmap};
    the_host = host;
    return &api;
}
