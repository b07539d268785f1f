#!/bin/sh
# paths.sh: what a user gets names no folder of the development machine. No tracked file holds an
# absolute path under the development machine's work folder (source documents are named by their
# file name, docs/seeds.md; scripts take their inputs as arguments or from data/), and the script
# of the golden feedback vectors rebuilds its file from the repository alone, run from elsewhere.
# Skipped (77, lib.sh's skip_test) outside a git checkout.
# usage: tests/install/paths.sh
src=$(cd "$(dirname "$0")/../.." && pwd)
cb=none
. "$src/tests/cli/lib.sh"
git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1 || skip_test "not a git checkout: no tracked files to read"
dev="/wo""rk/" # written in two pieces so that this file does not match itself
if git -C "$src" grep -nE "(^|[^A-Za-z0-9_.\$}-])$dev" >"$tmp/out"; then
    bad "paths of the development machine:"
    head -10 "$tmp/out"
else
    ok
fi
cd "$tmp" || exit 1
if python3 "$src/tests/data/gen_golden.py" | cmp -s - "$src/tests/data/feedback_golden.tsv"; then ok; else
    bad "tests/data/gen_golden.py (no argument: data/wordle/allowed.txt) does not rebuild feedback_golden.tsv"
fi
summary paths
