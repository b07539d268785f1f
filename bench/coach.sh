#!/bin/sh
# bench/coach.sh BUILD_DIR: the exact coach's times (issues 27 and 37, on 2 cores): single-opener
# proofs without a limit (optimal --max-guesses 0 --first fuzzy under 30 s of wall time; ADIEU and CRANE no slower than before),
# reviews of games on the 2023 lists (under 2 s each, the opener from the book), an exact ranking
# after one turn (roate=..Y.. on the 2023 lists: 5 proved rows under 10 s), hard-mode advice off the
# book (under 20 s), hard-mode traps (the guess that loses least), and the first use of hard mode's
# exact strategy on both lists. Each line: the command, wall and CPU seconds, the load before it (on
# a busy machine read CPU rather than wall time). The first lines say which CPU and kernel level ran
# them.
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/coach.sh BUILD_DIR (no $cb)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out" "$out.t"' EXIT

run() {
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "%e %U %S" -o "$out.t" "$cb" "$@" >"$out" 2>/dev/null </dev/null
    awk -v c="codebreaker $*" -v l="$load" '{ printf "%-78s %8.2f s wall %8.2f s cpu  (load %s)\n", c, $1, $2 + $3, l }' "$out.t"
}

. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
run optimal --quiet --max-guesses 0 --first fuzzy
grep -E '^total' "$out"
run optimal --quiet --max-guesses 0 --first adieu
run optimal --quiet --max-guesses 0 --first crane
run review --answer shake salet crony shake
run review --answer cigar crane roate cigar
run rank --exact --limit 5 salet=.Y...
run review --lists nyt2023 --answer ghost crane split ghost
run review --lists nyt2023 --answer ninny stare lucky phony ninny
run review --lists nyt2023 --answer cigar slate corny cigar
run rank --exact --lists nyt2023 --limit 5 roate=..Y..
grep -c ' proved ' "$out" | sed 's/^/  proved rows: /'
run assist --lists nyt2023 --hard --plain tarse=.YY.. grand=.YY.. amour=Y...Y rival=YG.Y.
# a hard-mode trap: no guess is sure to win, the one that loses least is proposed (docs/optimal.md)
run assist --lists nyt2023 --hard --plain crane=.YY.Y
run review --lists nyt2023 --hard --answer baker crane rater baker
run simulate --hard --json
sed 's/.*"max":\([0-9]*\).*/  worst case \1 guesses/' "$out"
run simulate --hard --lists nyt2023 --json
sed 's/.*"max":\([0-9]*\).*/  worst case \1 guesses/' "$out"
