#!/bin/sh
# bench/variants.sh BUILD_DIR: the figures of docs/usage.md's "Several boards, and Absurdle", each with
# the command that makes it: the fewest guesses against Absurdle (original and 2023 lists, normal and
# hard mode) and the multi-board strategies side by side on seeded samples. Minutes on two cores:
# `make bench` runs it with VARIANTS=1. Record the load average beside any time: the runs print it.
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/variants.sh BUILD_DIR (no $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

run() {
    echo
    echo "\$ codebreaker $*"
    if [ -x /usr/bin/time ]; then /usr/bin/time -f "wall %e s, cpu %U + %S s" "$cb" "$@"; else "$cb" "$@"; fi
}

run optimal --game absurdle --quiet
run optimal --game absurdle --hard --quiet
run optimal --game absurdle --lists nyt2023 --quiet
run optimal --game absurdle --lists nyt2023 --hard --quiet
run optimal --game mastermind --adversary --quiet
run simulate --game dordle --sample 10000 --seed 1
run simulate --game quordle --sample 10000 --seed 1
run simulate --game octordle --sample 2000 --seed 1
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
