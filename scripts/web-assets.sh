#!/bin/sh
# Put the dashboard's page (web/static) and uPlot's files (from the npm registry, through
# package.json and its lock) into the build output.
# usage: scripts/web-assets.sh SOURCE_DIR OUTPUT_DIR
# node_modules is installed with `npm ci` when uPlot is missing; it is never committed.
set -e
src="$1"
out="$2"
uplot="$src/node_modules/uplot"
mkdir -p "$out/vendor"
rm -f "$out/.complete"
cp "$src"/web/static/* "$out/"
if [ ! -f "$uplot/dist/uPlot.iife.min.js" ]; then
    if command -v npm >/dev/null 2>&1; then
        echo "installing uPlot from the npm registry (npm ci)" >&2
        (cd "$src" && npm ci --omit=dev --no-audit --no-fund --loglevel=error) >&2 ||
            echo "codebreaker: warning: npm ci failed: the dashboard will have no charts" >&2
    else
        echo "codebreaker: warning: npm not found: the dashboard's charts need uPlot from the npm registry" >&2
    fi
fi
if [ -f "$uplot/dist/uPlot.iife.min.js" ]; then
    cp "$uplot/dist/uPlot.iife.min.js" "$uplot/dist/uPlot.min.css" "$out/vendor/"
    cp "$uplot/LICENSE" "$out/vendor/uPlot.LICENSE.txt"
    touch "$out/.complete"
fi
