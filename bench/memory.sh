#!/bin/sh
# bench/memory.sh BUILD_DIR: the exact solver's memory (issue 59, item 2; docs/optimal.md, "Close to the
# machine"): processor time split into user and system, peak memory and page faults of `codebreaker optimal`
# on single openers and on 20 openers in one run, each pinned to one core (taskset -c CORE): the build
# before (BEFORE=path/to/its/codebreaker; without it, this build with --table on: the guess-major table
# and its secret-major copy, the layout before), this build as it runs by default (`optimal --first` and
# `--openers` make the secret-major table alone, the only copy), and Selby's wordle.cpp on the same opener
# beside them, alternated run by run. Each line: the case, the run, user, system and user + system
# seconds, the peak resident set (MiB) and the minor page faults (/usr/bin/time %U %S %M %R); then the
# medians of each. The outputs before and after must be the same but for the search's line (the trees
# are compared byte for byte).
# Case review (not in the default CASES; needs BEFORE): `review --json` of a game on the 2023 lists, 19
# searches in one process (the coach's, one thread), the JSON compared but for its seconds.
# environment: PAIRS=N rounds (default 5), CORE=C (default 1), SELBY=path (default
# /tmp/peers/selby/wordle_native; skipped when absent), CASES="salet tarse open20" (the default; also
# review), BEFORE, TARSE_PAIRS=N rounds of tarse (default 1: Selby's program takes minutes on it).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
cb=$build/codebreaker
[ -x "$cb" ] || { echo "usage: bench/memory.sh BUILD_DIR (no $cb)" >&2; exit 2; }
selby=${SELBY:-/tmp/peers/selby/wordle_native}
[ -x "$selby" ] || selby=
pairs=${PAIRS:-5}
core=${CORE:-1}
cases=${CASES:-salet tarse open20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/bench/machine.sh"
bench_machine "$cb"
echo "# before: ${BEFORE:-$cb --table on}; after: $cb; peer: ${selby:-none}; pinned to core $core, $pairs rounds"
# 20 openers of the original lists, every 113th answer from the first
awk 'NR % 113 == 1' "$here/data/wordle/answers.txt" | head -20 >"$tmp/open20"

# one CASE RUN CMD...: run CMD pinned; print its line and keep it for the medians
one() {
    c=$1 r=$2
    shift 2
    /usr/bin/time -f "%U %S %M %R" -o "$tmp/t" taskset -c "$core" "$@" >"$tmp/out.$c.$r" 2>/dev/null </dev/null
    tail -n 1 "$tmp/t" | awk -v c="$c" -v r="$r" '{ printf "%-7s %-7s %6.3f %6.3f %6.3f %7.1f %7d\n", c, r, $1, $2, $1 + $2, $3 / 1024, $4 }' |
        tee -a "$tmp/lines"
}

printf '%-7s %-7s %6s %6s %6s %7s %7s\n' case run user sys cpu MiB faults
for c in $cases; do
    case $c in
    salet) n=$pairs args="--first salet --max-guesses 6" sargs="-a $here/data/wordle/allowed.txt -h $here/data/wordle/answers.txt -w salet" ;;
    tarse) n=${TARSE_PAIRS:-1} args="--lists nyt2023 --first tarse" sargs="-a $here/data/nyt/allowed-2022-09.txt -h $here/data/nyt/answers-2023.txt -w tarse" ;;
    open20) n=$pairs args="--openers @$tmp/open20 --max-guesses 6" sargs= ;;
    review)
        [ -n "${BEFORE:-}" ] || { echo "memory.sh: case review needs BEFORE" >&2; exit 2; }
        n=$pairs sargs= rargs="--json --threads 1 --lists nyt2023 --answer party adieu hanky fatty salty warty tarty party"
        i=0
        while [ "$i" -lt "$n" ]; do
            # shellcheck disable=SC2086
            one "$c" before "$BEFORE" review $rargs
            # shellcheck disable=SC2086
            one "$c" after "$cb" review $rargs
            i=$((i + 1))
        done
        for r in before after; do
            sed 's/"seconds":[0-9.e+-]*,//' "$tmp/out.$c.$r" >"$tmp/out.$c.$r.x"
        done
        if [ -s "$tmp/out.$c.after.x" ] && cmp -s "$tmp/out.$c.before.x" "$tmp/out.$c.after.x"; then
            echo "# $c: the same JSON before and after (but its seconds)"
        else
            echo "# $c: OUTPUTS DIFFER"
        fi
        continue
        ;;
    *) echo "memory.sh: unknown case $c" >&2; exit 2 ;;
    esac
    i=0
    while [ "$i" -lt "$n" ]; do
        # shellcheck disable=SC2086
        if [ -n "${BEFORE:-}" ]; then
            one "$c" before "$BEFORE" optimal --threads 1 --tree "$tmp/tree.before" $args
        else
            one "$c" before "$cb" optimal --threads 1 --table on --tree "$tmp/tree.before" $args
        fi
        # shellcheck disable=SC2086
        one "$c" after "$cb" optimal --threads 1 --tree "$tmp/tree.after" $args
        if [ -n "$selby" ] && [ -n "$sargs" ]; then
            # shellcheck disable=SC2086
            (cd "$(dirname "$selby")" && one "$c" selby "$selby" $sargs)
        fi
        i=$((i + 1))
    done
    grep -v '^search' "$tmp/out.$c.after" >"$tmp/out.$c.after.x"
    if cmp -s "$tmp/tree.before" "$tmp/tree.after" && grep -v '^search' "$tmp/out.$c.before" | cmp -s - "$tmp/out.$c.after.x"; then
        echo "# $c: the same tree and output before and after (but the search's line)"
    else
        echo "# $c: OUTPUTS DIFFER"
    fi
done
echo "# medians (user, sys, cpu seconds, MiB, faults):"
for c in $cases; do
    for r in before after selby; do
        grep -q "^$c  *$r " "$tmp/lines" || continue
        for col in 3 4 5 6 7; do
            awk -v c="$c" -v r="$r" -v k="$col" '$1 == c && $2 == r { print $k }' "$tmp/lines" | sort -g |
                awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%s ", m }'
        done | awk -v c="$c" -v r="$r" '{ printf "%-7s %-7s %6.3f %6.3f %6.3f %7.1f %7d\n", c, r, $1, $2, $3, $4, $5 }'
    done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
