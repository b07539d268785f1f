#!/bin/sh
# parts.sh: every optional part is a switch AUTO / ON / OFF (cmake/parts.cmake). Configured with
# every part OFF, the summary says so for each; ON for a part that is absent (PLplot hidden with
# PLPLOT_LIBRARY=OFF, uPlot with an empty CB_UPLOT_DIR) stops the configure with an error naming
# the package; a value that is not a switch is refused. Only CMake's configure step runs, in a
# temporary folder.
# usage: tests/install/parts.sh
src=$(cd "$(dirname "$0")/../.." && pwd)
cb=none
. "$src/tests/cli/lib.sh"
b="$tmp/build"
off="-DCB_TESTS=OFF -DCB_PLOT=OFF -DCB_MPI=OFF -DCB_WEB=OFF -DCB_LIBEDIT=OFF -DCB_CHARTS=OFF"
# shellcheck disable=SC2086
check all-off cmake -S "$src" -B "$b" $off
for part in PLOT MPI WEB LIBEDIT CHARTS; do
    has "summary-$part" "^ +CB_$part +no \\(CB_$part=OFF\\)$"
done
# configure NAME PATTERN ARGS...: the configure fails, its error matching PATTERN
refused() {
    name="$1" pattern="$2"
    shift 2
    # shellcheck disable=SC2086
    if cmake -S "$src" -B "$b" $off "$@" >"$tmp/out" 2>&1; then bad "$name: configured"; else ok; fi
    tr -s ' \n' ' ' <"$tmp/out" >"$tmp/flat"
    has "$name" "$pattern" "$tmp/flat"
}
refused plot-on 'CB_PLOT=ON, but PLplot was not found \(Debian: libplplot-dev' -DCB_PLOT=ON -DPLPLOT_LIBRARY=OFF
mkdir -p "$tmp/no-uplot"
# (with the dashboard when libmicrohttpd is here; without, the refusal says the charts need it)
refused charts-on "CB_CHARTS=ON, but uPlot (in $tmp/no-uplot was not found \\(Debian: none, uPlot comes from npm|\\(the dashboard)" \
    -DCB_CHARTS=ON -DCB_WEB=AUTO -DCB_UPLOT_DIR="$tmp/no-uplot"
refused charts-need-web 'CB_CHARTS=ON, but uPlot \(the dashboard.s charts need the dashboard: CB_WEB\)' -DCB_CHARTS=ON -DCB_WEB=OFF
refused not-a-switch 'CB_MPI=maybe: give AUTO, ON or OFF' -DCB_MPI=maybe
# shellcheck disable=SC2086
check off-again cmake -S "$src" -B "$b" $off
summary parts
