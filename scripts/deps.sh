#!/bin/sh
# Install the Debian packages that building and testing need, once, when missing: the lists are
# scripts/packages-build.txt (building) and scripts/packages-test.txt (the test suite and make
# check), one package per line with # comments; `browser` is scripts/packages-browser.txt (the
# browser tests), `npm` the npm packages of package.json (uPlot for the dashboard's charts,
# playwright-core and axe-core for the browser tests: `npm ci` into node_modules), `charts` only its
# run-time dependency, uPlot (`npm ci --omit=dev`: 52 KB rather than the test tools' 17 MB; make
# deps-build, make demo), and any other argument names a list file. With --report it installs nothing and only says what is missing (make
# build and make install do that: they never call apt-get, sudo or npm).
# usage: scripts/deps.sh [--report] [build|test|browser|npm|charts|FILE]...   (default: build test browser npm)
set -e
cd "$(dirname "$0")/.."
report=0
if [ "$1" = --report ]; then
    report=1
    shift
fi
[ $# -gt 0 ] || set -- build test browser npm
missing=""
npm=0
omit=""
full=0
for list in "$@"; do
    if [ "$list" = npm ]; then
        for m in uplot/dist/uPlot.iife.min.js playwright-core/package.json axe-core/axe.min.js; do
            [ -f "node_modules/$m" ] || { npm=1 && full=1; }
        done
        continue
    fi
    if [ "$list" = charts ]; then # uPlot alone, unless the whole of package.json is asked too
        [ -f node_modules/uplot/dist/uPlot.iife.min.js ] || { omit="--omit=dev" && npm=1; }
        continue
    fi
    case "$list" in
    build | test | browser) list="scripts/packages-$list.txt" ;;
    esac
    for pkg in $(sed 's/#.*//' "$list"); do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
    done
done
[ "$full" = 0 ] || omit="" # the whole of package.json was asked for
# npm itself from Debian when node came without it
[ "$npm" = 0 ] || command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ "$report" = 1 ]; then
    [ -z "$missing" ] ||
        echo "missing Debian packages:$missing (make deps installs them; the build leaves out what needs them)" >&2
    [ "$npm" = 0 ] || echo "missing npm packages in node_modules (make deps installs them with npm ci)" >&2
    exit 0
fi
if [ -n "$missing" ]; then
    echo "installing Debian packages:$missing" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >&2
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends $missing >&2
fi
if [ "$npm" = 1 ]; then
    echo "installing the npm packages of package.json into node_modules (npm ci${omit:+ $omit: uPlot alone})" >&2
    # shellcheck disable=SC2086
    npm ci $omit --no-audit --no-fund --loglevel=error >&2
fi
