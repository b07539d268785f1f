#!/bin/sh
# Set-up of the browser tests, run by ctest before them: Debian's Chromium (scripts/packages-browser.txt)
# and playwright-core from the npm registry (package.json and its lock), each installed when missing.
set -e
cd "$(dirname "$0")/../.."
scripts/deps.sh browser
[ -x /usr/bin/chromium ] || { echo "setup: /usr/bin/chromium is missing after installing chromium" >&2; exit 1; }
if [ ! -f node_modules/playwright-core/package.json ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
    echo "setup: installing playwright-core and axe-core from the npm registry (npm ci)" >&2
    npm ci --no-audit --no-fund --loglevel=error
fi
