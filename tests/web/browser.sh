#!/bin/sh
# Runs one browser test (NODE SCRIPT ARGS...) when what it needs is present: Debian's Chromium
# (scripts/packages-browser.txt) and playwright-core and axe-core from npm (package.json). It never
# installs them (`make deps` does): when one is missing it says which and exits 77, which ctest
# reports as skipped (SKIP_RETURN_CODE); with CB_NO_SKIP=1 (CI), 1: a failure.
cd "$(dirname "$0")/../.." || exit 1
missing=""
[ -x /usr/bin/chromium ] || missing="$missing /usr/bin/chromium (Debian: chromium)"
[ -f node_modules/playwright-core/package.json ] || missing="$missing node_modules/playwright-core (npm ci)"
[ -f node_modules/axe-core/axe.min.js ] || missing="$missing node_modules/axe-core (npm ci)"
if [ -n "$missing" ]; then
    echo "skipped: missing$missing; make deps installs them"
    [ "${CB_NO_SKIP:-0}" = 1 ] && exit 1 # CI: every test runs
    exit 77
fi
exec "$@"
