/* chart.c: histogram series with their summary statistics. */
#include <math.h>
#include <stdlib.h>

#include "chart.h"

void web_chart_begin(web_json *j, const char *title, const char *unit, double lo, double width)
{
    web_json_raw(j, "{");
    web_json_key(j, "title");
    web_json_str(j, title);
    web_json_key(j, "unit");
    web_json_str(j, unit);
    web_json_key(j, "lo");
    web_json_num(j, lo);
    web_json_key(j, "width");
    web_json_num(j, width);
    web_json_key(j, "series");
    web_json_raw(j, "[");
}

void web_chart_end(web_json *j)
{
    web_json_raw(j, "]}");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void web_chart_series(web_json *j, const char *name, double *values, size_t n, size_t bins, double lo, double width)
{
    web_json_sep(j);
    web_json_raw(j, "{");
    web_json_key(j, "name");
    web_json_str(j, name);
    web_json_key(j, "counts");
    web_json_raw(j, "[");
    qsort(values, n, sizeof *values, cmp_double);
    size_t i = 0;
    for (size_t k = 0; k < bins; k++) {
        size_t c = 0;
        double hi = lo + (double)(k + 1) * width;
        while (i < n && (values[i] < hi || k + 1 == bins)) {
            i++;
            c++;
        }
        web_json_printf(j, "%s%zu", k ? "," : "", c);
    }
    web_json_raw(j, "]");
    double sum = 0, sq = 0;
    for (size_t k = 0; k < n; k++)
        sum += values[k];
    double mean = n ? sum / (double)n : NAN;
    for (size_t k = 0; k < n; k++)
        sq += (values[k] - mean) * (values[k] - mean);
    double median = !n ? NAN : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    web_json_printf(j, ",\"stats\":{\"n\":%zu", n);
    web_json_key(j, "mean");
    web_json_num(j, mean);
    web_json_key(j, "median");
    web_json_num(j, median);
    web_json_key(j, "std");
    web_json_num(j, n ? sqrt(sq / (double)n) : NAN);
    web_json_key(j, "min");
    web_json_num(j, n ? values[0] : NAN);
    web_json_key(j, "max");
    web_json_num(j, n ? values[n - 1] : NAN);
    web_json_raw(j, "}}");
}
