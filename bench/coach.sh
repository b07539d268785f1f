#!/bin/sh
# bench/coach.sh BUILD_DIR: the exact coach's times (issue 27's targets, on 2 cores): single-opener
# proofs (optimal --first fuzzy under 30 s of wall time; ADIEU and CRANE no slower than before), a
# review of a typical 4-guess game under 5 s, an exact ranking after one turn, and the first use of
# hard mode's exact strategy on both lists. Each line: the command, wall and CPU seconds, the load
# before it (on a busy machine read CPU rather than wall time).
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/coach.sh BUILD_DIR (no $cb)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out" "$out.t"' EXIT

run() {
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "%e %U %S" -o "$out.t" "$cb" "$@" >"$out" 2>/dev/null
    awk -v c="codebreaker $*" -v l="$load" '{ printf "%-78s %8.2f s wall %8.2f s cpu  (load %s)\n", c, $1, $2 + $3, l }' "$out.t"
}

run optimal --quiet --first fuzzy
grep -E '^total' "$out"
run optimal --quiet --first adieu
run optimal --quiet --first crane
run review --answer shake salet crony shake
run review --answer cigar crane roate cigar
run rank --exact --limit 5 salet=.Y...
run simulate --hard --json
sed 's/.*"max":\([0-9]*\).*/  worst case \1 guesses/' "$out"
run simulate --hard --lists nyt2023 --json
sed 's/.*"max":\([0-9]*\).*/  worst case \1 guesses/' "$out"
