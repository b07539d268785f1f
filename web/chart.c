/* chart.c: histogram series with their summary statistics. */
#include <math.h>
#include <stdlib.h>

#include "chart.h"

void web_chart_begin(cb_json *j, const char *title, const char *unit, double lo, double width)
{
    cb_json_raw(j, "{");
    cb_json_key(j, "title");
    cb_json_str(j, title);
    cb_json_key(j, "unit");
    cb_json_str(j, unit);
    cb_json_key(j, "lo");
    cb_json_num(j, lo);
    cb_json_key(j, "width");
    cb_json_num(j, width);
    cb_json_key(j, "series");
    cb_json_raw(j, "[");
}

void web_chart_end(cb_json *j)
{
    cb_json_raw(j, "]}");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void web_chart_series(cb_json *j, const char *name, double *values, size_t n, size_t bins, double lo, double width)
{
    cb_json_sep(j);
    cb_json_raw(j, "{");
    cb_json_key(j, "name");
    cb_json_str(j, name);
    cb_json_key(j, "counts");
    cb_json_raw(j, "[");
    qsort(values, n, sizeof *values, cmp_double);
    size_t i = 0;
    for (size_t k = 0; k < bins; k++) {
        size_t c = 0;
        double hi = lo + (double)(k + 1) * width;
        while (i < n && (values[i] < hi || k + 1 == bins)) {
            i++;
            c++;
        }
        cb_json_printf(j, "%s%zu", k ? "," : "", c);
    }
    cb_json_raw(j, "]");
    double sum = 0, sq = 0;
    for (size_t k = 0; k < n; k++)
        sum += values[k];
    double mean = n ? sum / (double)n : NAN;
    for (size_t k = 0; k < n; k++)
        sq += (values[k] - mean) * (values[k] - mean);
    double median = !n ? NAN : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    cb_json_printf(j, ",\"stats\":{\"n\":%zu", n);
    cb_json_key(j, "mean");
    cb_json_num(j, mean);
    cb_json_key(j, "median");
    cb_json_num(j, median);
    cb_json_key(j, "std");
    cb_json_num(j, n ? sqrt(sq / (double)n) : NAN);
    cb_json_key(j, "min");
    cb_json_num(j, n ? values[0] : NAN);
    cb_json_key(j, "max");
    cb_json_num(j, n ? values[n - 1] : NAN);
    cb_json_raw(j, "}}");
}
