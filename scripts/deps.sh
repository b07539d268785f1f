#!/bin/sh
# Install the Debian packages the build and tests need, once, when missing.
# The list lives in scripts/packages.txt (one package per line, # comments); another list may be
# named instead (the browser tests install scripts/packages-browser.txt).
# usage: scripts/deps.sh [LIST]
set -e
cd "$(dirname "$0")/.."
list="${1:-scripts/packages.txt}"
missing=""
for pkg in $(sed 's/#.*//' "$list"); do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "installing Debian packages:$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends $missing >&2
