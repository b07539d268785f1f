/*
 * chart.h: histograms as the page draws them.
 *
 * A chart is {"title", "unit", "lo", "width", "series": [...]}: bin k
 * covers [lo + k*width, lo + (k+1)*width), and each series is
 * {"name", "counts": [...], "stats": {"n", "mean", "median", "std", "min",
 * "max"}} with the statistics of the exact values (std: population
 * standard deviation). Every chart of a job result or partial result lives
 * in its "charts" object under a key the page knows ("entropy" for the
 * analysis; "score", "removed", "time" for simulations).
 */
#ifndef WEB_CHART_H
#define WEB_CHART_H

#include <stddef.h>

#include "codebreaker/json.h"

/* Open a chart (after cb_json_key): title, x unit and bins. */
void web_chart_begin(cb_json *j, const char *title, const char *unit, double lo, double width);
/* One series; sorts values in place. Values outside the bins go to the first or last of `bins`. */
void web_chart_series(cb_json *j, const char *name, double *values, size_t n, size_t bins, double lo, double width);
void web_chart_end(cb_json *j);

#endif
