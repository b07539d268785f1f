#!/bin/sh
# Merge the complete lines of a running turn-two file (optimal --turn-two) into a bundled one, keeping what the
# bundled file holds: its lines first, then each line of the running file whose opener it lacks (the last line
# of the running file may be half written). Both must be of the same search (their first three lines equal).
# Usage: scripts/turn2-sync.sh RUNNING.turn2 data/book/NAME.turn2
set -eu
src=$1 dst=$2
n=$(wc -l < "$src")
if [ -s "$dst" ] && [ "$(head -n 3 "$src")" != "$(head -n 3 "$dst")" ]; then
    echo "turn2-sync: $src and $dst are not of the same search (their headers differ)" >&2
    exit 2
fi
[ -s "$dst" ] || head -n 3 "$src" > "$dst"
head -n "$n" "$src" | awk 'NR == FNR { if ($0 !~ /^#/) have[$1] = 1; next }
                         FNR > 3 && $0 !~ /^#/ && !($1 in have) { print; have[$1] = 1 }' "$dst" - > "$dst.new"
cat "$dst" "$dst.new" > "$dst.tmp"
rm -f "$dst.new"
mv "$dst.tmp" "$dst"
echo "$dst: $(grep -vc '^#' "$dst") openers"
