#!/bin/sh
# Copy the complete lines of a running book computation's results file into data/book/ (the last line
# may be half written while the run goes on). Usage: scripts/book-sync.sh RUNNING.results data/book/NAME.results
# A file of format 1 (written by a build before the digests) is then signed by the run's command with --sign
# added (data/README.md), e.g. codebreaker optimal --lists nyt2023 --max-guesses 6 --cutoff 99999 --results
# data/book/nyt2023-6.results --sign
set -eu
src=$1 dst=$2
n=$(wc -l < "$src")
head -n "$n" "$src" > "$dst.tmp"
mv "$dst.tmp" "$dst"
echo "$dst: $(grep -vc '^#' "$dst") openers"
