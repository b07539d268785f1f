#!/bin/sh
# bench/exact_speed.sh BUILD_DIR: the exact solver on a big position and the reviews of issue 54 (item 6)
# and issue 59 (item 3): optimal --lists nyt2023 fuzzy=..... (1842 candidates; target under 5 s of CPU)
# and reviews of games on the 2023 lists, normal and hard, widened (an answer outside the list) or not
# (target under 1 s of CPU each). Each line: the command, its CPU seconds (user + system, every thread:
# the figure to read on a shared machine), wall seconds and the load before it; the optimal run adds the
# pairs its scans looked at (the unit of the work budgets: the same on every run with --threads 1). The
# reviews spend budgets of work, not of time, so their output is the same on every run and machine.
# FUZZY's position is one the bundled turn-two book settles: `optimal` searches the book's best guess alone
# (docs/optimal.md, "Positions the book settles"); the --no-book run measures the search over every guess.
# SKIP_FUZZY=1 leaves the --no-book run out (minutes of wall time on a loaded machine). Pin it to a core
# (taskset -c 0 sh bench/exact_speed.sh build) for the figures of docs/optimal.md.
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/exact_speed.sh BUILD_DIR (no $cb)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out" "$out.t"' EXIT

run() {
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "%e %U %S" -o "$out.t" "$cb" "$@" >"$out" 2>/dev/null </dev/null
    awk -v c="codebreaker $*" -v l="$load" '{ printf "%-86s %8.2f s cpu %8.2f s wall  (load %s)\n", c, $2 + $3, $1, l }' \
        "$out.t"
}

. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
run optimal --lists nyt2023 fuzzy=.....
sed -n 's/^\(total\|opener\|search\) *\(.*\)/  \1: \2/p' "$out"
if [ "${SKIP_FUZZY:-0}" != 1 ]; then
    run optimal --lists nyt2023 --no-book fuzzy=.....
    sed -n 's/^\(total\|opener\|search\) *\(.*\)/  \1: \2/p' "$out"
fi
run review --lists nyt2023 --answer ghost crane split ghost
run review --lists nyt2023 --answer zymic crane moist zymic
run review --answer mommy crane moist mommy
run review --lists nyt2023 --hard --answer beach point magma clash reach beach
run review --lists nyt2023 --hard --answer baker crane rater baker
