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

# best_wall CMD...: the best wall time of $runs runs, in seconds; the last run's stdout in $out and, when
# /usr/bin/time exists, the best run's processor time (user + system, all threads) in $cpu
out=$(mktemp)
tfile=$(mktemp)
trap 'rm -f "$out" "$tfile" "$tfile.wall"' EXIT
best_wall() {
    best=""
    cpu="?"
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now)
        if [ -x /usr/bin/time ]; then
            /usr/bin/time -f "%U %S" -o "$tfile" "$@" >"$out"
        else
            "$@" >"$out"
        fi
        t1=$(now)
        ms=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then
            best=$ms
            [ -s "$tfile" ] && cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$tfile")
        fi
        i=$((i + 1))
    done
    printf '%d.%03d' $((best / 1000)) $((best % 1000))
}

field() { sed -n 's/.*"'"$1"'":\([-0-9.]*\).*/\1/p' "$out" | head -1; }

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
level=$("$cb" --version | sed -n 's/^kernels: \([a-z0-9]*\).*/\1/p') # the processor level in use (CB_CPU_LEVEL caps it)
echo "# codebreaker $("$cb" --version | cut -d' ' -f2) on ${cpu:-unknown CPU}, $(nproc) cores, kernel level ${level:-unknown}, $(date -u +%Y-%m-%d)"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo

echo "## feedback table (build time as the program reports it)"
for spec in "Wordle 12972 x 2315|info --json" "Symble 12972 x 2315|info --json --game symble" \
            "Wordle 12972 x 12972|info --json --words $root/data/wordle/allowed.txt"; do
    name=${spec%%|*}
    args=${spec#*|}
    # shellcheck disable=SC2086
    best_wall "$cb" $args >"$tfile.wall"
    printf '%-30s %-62s table %.3f s, wall %s s, cpu %s s\n' "$name" "codebreaker $args" "$(field table_seconds)" \
        "$(cat "$tfile.wall")" "$cpu"
done
echo

echo "## feedback table alone, best and median of 7 builds in one process"
echo "\$ $build/bench/bench_table 7"
"$build/bench/bench_table" 7
echo
echo "## the exact solver's look-ahead count, per (entry, guess) pair (docs/optimal.md, \"The kernels\")"
echo "\$ $build/bench/bench_lbcount"
"$build/bench/bench_lbcount"
echo
echo "## the exact solver's row kernel, per (entry, guess) pair (docs/optimal.md, \"The kernels\")"
echo "\$ $build/bench/bench_rowkern"
"$build/bench/bench_rowkern"
echo

echo "## simulate: every secret, tie first (wall includes the table; 'simulate' is the simulation alone)"
for spec in "Wordle minimax|--strategy minimax" "Wordle expected|--strategy expected" \
            "Wordle entropy|--strategy entropy" "Wordle parts|--strategy parts" \
            "Wordle parts, 1 thread|--strategy parts --threads 1" "Wordle parts, hard mode|--strategy parts --hard" \
            "Wordle entropy-frequency|--strategy entropy-frequency" \
            "Wordle random|--strategy random --seed 1" \
            "Wordle montecarlo, 100 games|--strategy montecarlo --sample 100 --seed 1" \
            "Symble entropy|--game symble --strategy entropy" \
            "Mastermind 6x4 minimax|--game mastermind --strategy minimax" \
            "Mastermind 6x4 parts|--game mastermind --strategy parts" \
            "Bulls and Cows parts|--game bulls --strategy parts"; do
    name=${spec%%|*}
    args=${spec#*|}
    # shellcheck disable=SC2086
    best_wall "$cb" simulate --json $args >"$tfile.wall"
    printf '%-30s %-62s wall %s s, cpu %s s, simulate %.3f s, average %.4f, states %s\n' "$name" \
        "codebreaker simulate $args" "$(cat "$tfile.wall")" "$cpu" "$(field seconds)" "$(field average)" "$(field states)"
done

# The papers' experiments at full size take minutes to an hour: only with EXPERIMENTS=1.
if [ "${EXPERIMENTS:-0}" = 1 ]; then
    echo
    echo "## experiments at full size (bench/experiments.sh)"
    sh "$root/bench/experiments.sh" "$build" "${EXPERIMENTS_OUT:-experiments-full}"
fi

# Several boards and Absurdle (docs/usage.md): some ten minutes, only with VARIANTS=1.
if [ "${VARIANTS:-0}" = 1 ]; then
    echo
    echo "## several boards and Absurdle (bench/variants.sh)"
    sh "$root/bench/variants.sh" "$build"
fi

# Greedy strategies on games too big to score whole (docs/limits.md): minutes, only with BIG_GREEDY=1.
if [ "${BIG_GREEDY:-0}" = 1 ]; then
    echo
    echo "## greedy strategies on big games (bench/big_greedy.sh)"
    sh "$root/bench/big_greedy.sh" "$build"
fi

# The Mastermind table of proved optima (docs/optimal.md): tens of minutes, only with MASTERMIND_TABLE=1.
if [ "${MASTERMIND_TABLE:-0}" = 1 ]; then
    echo
    echo "## the Mastermind table (bench/mastermind_table.sh)"
    sh "$root/bench/mastermind_table.sh" "$build"
fi
