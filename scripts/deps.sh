#!/bin/sh
# Install the Debian packages that building and testing need, once, when missing: the lists are
# scripts/packages-build.txt (building) and scripts/packages-test.txt (the test suite and make
# check), one package per line with # comments; `browser` is scripts/packages-browser.txt (the
# browser tests), and any other argument names a list file. With --report it installs nothing and
# only says what is missing (make install does that: it never calls apt-get or sudo).
# usage: scripts/deps.sh [--report] [build|test|browser|FILE]...   (default: build test)
set -e
cd "$(dirname "$0")/.."
report=0
if [ "$1" = --report ]; then
    report=1
    shift
fi
[ $# -gt 0 ] || set -- build test
missing=""
for list in "$@"; do
    case "$list" in
    build | test | browser) list="scripts/packages-$list.txt" ;;
    esac
    for pkg in $(sed 's/#.*//' "$list"); do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
    done
done
[ -z "$missing" ] && exit 0
if [ "$report" = 1 ]; then
    echo "missing Debian packages:$missing (make deps installs them; the build leaves out what needs them)" >&2
    exit 0
fi
echo "installing Debian packages:$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends $missing >&2
