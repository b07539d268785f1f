/*
 * plot_module.c: the entry of the plotting module (codebreaker-plot.so,
 * plot.c drawing with PLplot): the only symbol it exports. What plot.c
 * takes from the program (outfile.c's temporary names) comes through the
 * host the program passes, which plot.c keeps (plot_set_host): the entry
 * calls plot.c, never the other way.
 */
#include "plot.h"
#include "plot_module.h"

__attribute__((visibility("default"))) const plot_api *plot_module_open(const plot_host *host);

const plot_api *plot_module_open(const plot_host *host)
{
    static const plot_api api = {plot_lines, plot_bars, plot_histogram, plot_heatmap};
    plot_set_host(host);
    return &api;
}
