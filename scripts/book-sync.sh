#!/bin/sh
# Copy the complete lines of a running book computation's results file into data/book/ (the last line
# may be half written while the run goes on). Usage: scripts/book-sync.sh RUNNING.results data/book/NAME.results
set -eu
src=$1 dst=$2
n=$(wc -l < "$src")
head -n "$n" "$src" > "$dst.tmp"
mv "$dst.tmp" "$dst"
echo "$dst: $(grep -vc '^#' "$dst") openers"
