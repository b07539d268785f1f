#!/bin/sh
# mastermind_table.sh: the table of proved Mastermind optima for small sizes (docs/optimal.md, "The Mastermind
# table"; issue 25). For each size, `codebreaker optimal` with the least total (its tree checked by verify-tree),
# then with the least worst case; one markdown row per size.
#
# usage: bench/mastermind_table.sh [BUILD_DIR] [SIZE...]
#   A SIZE is PxC (P pegs, C colours, repeated colours allowed: --game mastermind --pegs P --colors C) or PxCn
#   (the same without repeated colours: --no-repeat). Default: the list in $sizes below, in order of increasing
#   code count; once a size of P pegs took more than $SLOW seconds (either run), the larger ones of P pegs are
#   skipped and read "not finished in 10 min" (the limit of each run).
# environment:
#   TIME_LIMIT=S   --time-limit of each run (default 600)
#   SLOW=S         skip the larger sizes of the same pegs after a run longer than S seconds (default 300)
#   THREADS=N      threads for codebreaker (default: all cores)
#   CUTOFFS="PxC=N ..."  give the least-total run of size PxC the budget --cutoff N (a total found by an earlier
#                  run, plus 1): the search then proves the optimum below N directly, as for 5x6 in
#                  docs/optimal.md (TIME_LIMIT=1200 CUTOFFS="5x6=36722" WORST=0 ... 5x6)
#   WORST=0        skip the least-worst-case runs (their column reads "not run")
# Times are wall seconds of the whole process (/usr/bin/time %e). Run it under `nice -n 19` on a shared machine.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
[ $# -gt 0 ] && shift
cb=$build/codebreaker
[ -x "$cb" ] || { echo "mastermind_table.sh: no $cb (run make first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "mastermind_table.sh: no /usr/bin/time" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
limit=${TIME_LIMIT:-600}
cutoffs=${CUTOFFS:-}
worst_runs=${WORST:-1}
slow=${SLOW:-300}
threads=${THREADS:+--threads $THREADS}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# pegs 2 to 5, colours 2 to 10, C^P up to 20000; n: no repeated colours (C >= P). Increasing code count.
sizes="2x2n 2x2 2x3n 3x3n 3x2 2x3 2x4n 4x2 2x4 2x5n 4x4n 3x4n 2x5 3x3 2x6n 5x2 2x6 2x7n 2x7 2x8n 3x5n 3x4
2x8 2x9n 2x9 4x3 2x10n 2x10 3x6n 4x5n 5x5n 3x5 3x7n 3x6 5x3 4x4 3x8n 3x7 4x6n 3x9n 3x8 4x5 3x10n 5x6n 3x9 4x7n
3x10 5x4 4x6 4x8n 4x7 5x7n 4x9n 5x5 4x8 4x10n 4x9 5x6 4x10 5x7"
# shellcheck disable=SC2086
[ $# -gt 0 ] || set -- $sizes

# The published optima (docs/optimal.md's table of published figures): a size that proves another total
# fails the run. 3x6, 4x5, 4x7: Ville 2013; 4x6: Koyama and Lai 1993; 4x10n: Tanaka 1996 (Bulls and Cows).
published="3x6=854 4x5=2463 4x6=5625 4x7=11228 4x10n=26274"
mismatch=0

field() { sed -n 's/.*"'"$2"'":"\{0,1\}\([^,"]*\).*/\1/p' "$1" | head -1; }

# run OUT ARGS...: one optimal run; its JSON in OUT, its wall seconds in $wall
run() {
    out=$1
    shift
    # shellcheck disable=SC2086
    /usr/bin/time -f %e -o "$tmp/time" "$cb" optimal "$@" --json --quiet --time-limit "$limit" $threads >"$out" 2>"$out.err"
    wall=$(tail -n 1 "$tmp/time")
}

# slow_pegs: the pegs whose larger sizes are skipped
slow_pegs=" "

echo "# codebreaker $("$cb" --version | head -n 1 | cut -d' ' -f2) on $(uname -n), $(nproc) cores, $(date -u +%Y-%m-%d); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| size (pegs x colours) | codes | optimum total | average | worst case | least worst case (then total) | opener | time (s): total / worst | tree |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for s in "$@"; do
    p=${s%%x*}
    c=${s#*x}
    rule="--game mastermind --pegs $p --colors ${c%n}"
    name="$p x ${c%n}, repeats" nr=0
    case $c in *n) rule="$rule --no-repeat" name="$p x ${c%n}, no repeats" nr=1 ;; esac
    case $slow_pegs in
    *" $p "*)
        # the code count: C^P, or C!/(C-P)! without repeats
        codes=$(awk -v p="$p" -v c="${c%n}" -v nr="$nr" 'BEGIN { k = 1; for (i = 0; i < p; i++) k *= nr ? c - i : c; print k }')
        echo "| $name | $codes | not finished in 10 min (skipped: a smaller size of $p pegs took over $slow s) | | | | | | |"
        continue
        ;;
    esac
    cutoff=
    for k in $cutoffs; do
        [ "${k%%=*}" = "$s" ] && cutoff="--cutoff ${k#*=}"
    done
    # shellcheck disable=SC2086
    run "$tmp/total" $rule $cutoff --tree "$tmp/tree"
    tw=$wall
    codes=$(field "$tmp/total" games)
    if [ "$(field "$tmp/total" proved)" = true ]; then
        total=$(field "$tmp/total" total)
        avg=$(awk -v t="$total" -v n="$codes" 'BEGIN { printf "%.4f", t / n }')
        worst=$(field "$tmp/total" max)
        opener=$(field "$tmp/total" first_guess)
        # shellcheck disable=SC2086
        if "$cb" verify-tree --json $rule "$tmp/tree" >"$tmp/verify" 2>&1 && [ "$(field "$tmp/verify" valid)" = true ] &&
            [ "$(field "$tmp/verify" total)" = "$total" ]; then
            tree="verified"
        else
            tree="FAILED verify-tree"
        fi
    else
        total="not finished in $limit s: between $(field "$tmp/total" lower) and $(field "$tmp/total" total)"
        avg='' worst='' opener='' tree=
    fi
    if [ "$worst_runs" = 0 ]; then
        ww=0 least="not run"
    else
        # shellcheck disable=SC2086
        run "$tmp/worst" $rule --objective worst
        ww=$wall
        if [ "$(field "$tmp/worst" proved)" = true ]; then
            least="$(field "$tmp/worst" worst_limit) ($(field "$tmp/worst" total))"
        else
            least="not finished in $limit s"
        fi
    fi
    echo "| $name | $codes | $total | $avg | $worst | $least | $opener | $tw / $ww | $tree |"
    for pub in $published; do
        if [ "${pub%%=*}" = "$s" ] && [ "${pub#*=}" != "$total" ]; then
            echo "# MISMATCH: $s proved $total, published ${pub#*=}" >&2
            mismatch=1
        fi
    done
    [ "$tree" != "FAILED verify-tree" ] || mismatch=1
    if awk -v a="$tw" -v b="$ww" -v s="$slow" 'BEGIN { exit !(a > s || b > s) }'; then
        slow_pegs="$slow_pegs$p "
    fi
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$mismatch"
