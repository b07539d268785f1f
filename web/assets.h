/*
 * assets.h: the dashboard's page and uPlot, compiled into the program.
 * The table is generated at build time by scripts/web-assets.sh from every
 * file of web/static and uPlot's files (from npm, when they were found).
 */
#ifndef WEB_ASSETS_H
#define WEB_ASSETS_H

#include <stddef.h>

typedef struct web_asset {
    const char *url;  /* "/" for index.html, else "/" and the file's name */
    const char *file; /* its name under web/static (vendor/ for uPlot's) */
    const char *type; /* Content-Type */
    const char *data; /* its bytes (and a NUL after them) */
    size_t size;
} web_asset;

extern const web_asset web_assets[];
extern const size_t web_asset_count;
extern const int web_assets_charts; /* 1 when uPlot was found at build time: the page draws charts */

#endif
