#!/bin/sh
# bench/review_speed.sh BUILD_DIR [BEFORE]: the processor time of reviews of games on the 2023 lists (issue 54,
# item 6: any review under 1 s of CPU, normal or hard, widened or not), one thread pinned to one core (taskset,
# when the machine has it), with the codebreaker of BUILD_DIR and, when given, the program BEFORE (an earlier
# build, e.g. a copy of build/codebreaker taken before a change) beside it. Each line: the command, CPU seconds
# (user + system) and largest resident memory of each program, and whether their `review --json` is the same
# but for its "seconds" (a change of speed must change no printed value; docs/optimal.md, "Reviews: where
# the time goes"). The reviews spend budgets of work, not of time: their output is the same on every run.
# CORE=N pins to core N (default 1); the load average comes first: read CPU, not wall time, on a busy machine.
set -e
build="${1:-build}"
cb="$build/codebreaker"
before="$2"
[ -x "$cb" ] || { echo "usage: bench/review_speed.sh BUILD_DIR [BEFORE_PROGRAM] (no $cb)" >&2; exit 2; }
[ -z "$before" ] || [ -x "$before" ] || { echo "bench/review_speed.sh: no program $before" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c ${CORE:-1}"

# one run: CPU seconds and KiB of program $1 on review $2..., its JSON without "seconds" into $tmp/$tag
one() {
    tag=$1 prog=$2
    shift 2
    $pin /usr/bin/time -f "%U %S %M" -o "$tmp/t" "$prog" review --json "$@" 2>/dev/null </dev/null |
        sed 's/"seconds":[0-9.e+-]*,//' >"$tmp/$tag"
    awk '{ printf "%6.2f s %7.0f MiB", $1 + $2, $3 / 1024 }' "$tmp/t"
}

run() {
    line=$(printf '%-76s' "review $*")
    now=$(one after "$cb" "$@")
    if [ -n "$before" ]; then
        was=$(one before "$before" "$@")
        same=$(cmp -s "$tmp/before" "$tmp/after" && echo same || echo DIFFERENT)
        echo "$line before $was  after $now  json $same"
    else
        echo "$line $now"
    fi
}

. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
run --lists nyt2023 --answer ghost crane split ghost
run --lists nyt2023 --answer knife crane moist knish knife
run --lists nyt2023 --answer party adieu hanky fatty salty warty tarty party
run --lists nyt2023 --answer video fuzzy nymph jumbo vivid kayak dwell
run --lists nyt2023 --answer party adieu hanky fatty salty warty tarty
run --lists nyt2023 --hard --answer party adieu hanky fatty salty warty tarty
run --lists nyt2023 --hard --answer stare fuzzy crane stare
run --lists nyt2023 --hard --answer baker crane rater baker
run --lists nyt2023 --hard --answer beach point magma clash reach beach
run --lists nyt2023 --answer zymic crane moist zymic
run --answer mommy crane moist mommy
run --lists all --answer ghost crane split ghost
