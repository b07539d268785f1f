#!/bin/sh
# bench/run.sh BUILD_DIR: the benchmarks of the README's performance section.
# Each figure prints the command that produced it and its time (the best of
# three runs). Wall times are of the whole process: reading the lists,
# building the feedback table, simulating, printing.
set -e
build="${1:-build}"
cb="$build/codebreaker"
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${RUNS:-3}
[ -x "$cb" ] || { echo "usage: bench/run.sh BUILD_DIR (no $cb)" >&2; exit 2; }

now() { date +%s%N; }

# best_wall CMD...: the best wall time of $runs runs, in seconds; the last run's stdout in $out
out=$(mktemp)
trap 'rm -f "$out"' EXIT
best_wall() {
    best=""
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now)
        "$@" >"$out"
        t1=$(now)
        ms=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        i=$((i + 1))
    done
    printf '%d.%03d' $((best / 1000)) $((best % 1000))
}

field() { sed -n 's/.*"'"$1"'":\([-0-9.]*\).*/\1/p' "$out" | head -1; }

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
echo "# codebreaker $("$cb" --version | cut -d' ' -f2) on ${cpu:-unknown CPU}, $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo

echo "## feedback table (build time as the program reports it)"
for spec in "wordle 12972 x 2315|info --json" \
            "wordle 12972 x 12972|info --json --words $root/data/wordle/allowed.txt"; do
    name=${spec%%|*}
    args=${spec#*|}
    # shellcheck disable=SC2086
    wall=$(best_wall "$cb" $args)
    printf '%-34s %-70s table %.3f s, wall %s s\n' "$name" "codebreaker $args" "$(field table_seconds)" "$wall"
done
echo

echo "## simulate: every secret, tie first (wall includes the table; 'simulate' is the simulation alone)"
for spec in "wordle|--strategy minimax" "wordle|--strategy expected" "wordle|--strategy entropy" \
            "wordle|--strategy parts" "wordle|--strategy parts --threads 1" "wordle|--strategy parts --hard" \
            "wordle|--strategy entropy-frequency" "symble|--game symble --strategy entropy" \
            "mastermind|--game mastermind --strategy minimax" "mastermind|--game mastermind --strategy parts" \
            "wordle random|--strategy random --seed 1" "wordle montecarlo|--strategy montecarlo --sample 100 --seed 1"; do
    name=${spec%%|*}
    args=${spec#*|}
    # shellcheck disable=SC2086
    wall=$(best_wall "$cb" simulate --json $args)
    printf '%-34s %-70s wall %s s, simulate %.3f s, average %.4f, states %s\n' "$name" "codebreaker simulate $args" \
        "$wall" "$(field seconds)" "$(field average)" "$(field states)"
done
echo

echo "## feedback table kernel (bench/bench_table: best of 7 builds)"
echo "\$ $build/bench/bench_table 7"
"$build/bench/bench_table" 7
