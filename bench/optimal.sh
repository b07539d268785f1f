#!/bin/sh
# optimal.sh: time `codebreaker optimal` on the published optima, side by side with the peers when they exist:
# Alex Selby's wordle.cpp (Wordle) and widmaN's mastermind-strategy (Mastermind). See docs/optimal.md.
#
# usage: bench/optimal.sh [BUILD_DIR] [quick|full|CASE...]
#   quick (default): the cases that take seconds (tarse-nyt2023 about 20 s of CPU); full: also 4x7, 4x8 and
#   Bulls and Cows (minutes each); proofs: the best opener of all, proved (normal, hard with 6 guesses, NYT 2023
#   normal and hard; minutes to an hour each; run them with PEER_TIMEOUT=60 unless Selby's day is to be waited for).
#   A CASE is one of the names printed in the first column.
# environment:
#   SELBY=path/to/wordle      Selby's solver (default /tmp/peers/selby/wordle_native, else .../wordle)
#   WIDMAN=path/to/mmstrat    widmaN's solver (default /tmp/peers/widman/build-native/mmstrat)
#   REPEAT=N                  runs per case, the fastest is reported (default 3; 1 for the slow cases)
#   THREADS=N                 threads for codebreaker (default: all cores)
#   PEER_TIMEOUT=S            give up on a peer run after S seconds (default 1800; its result then reads "timeout")
# Wall time is what a user waits for; CPU is user + system time. On a shared machine compare both.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
[ $# -gt 0 ] && shift
cb=$build/codebreaker
[ -x "$cb" ] || { echo "optimal.sh: no $cb (run make first)" >&2; exit 2; }
selby=${SELBY:-}
if [ -z "$selby" ]; then
    for s in /tmp/peers/selby/wordle_native /tmp/peers/selby/wordle; do
        [ -x "$s" ] && { selby=$s; break; }
    done
fi
widman=${WIDMAN:-/tmp/peers/widman/build-native/mmstrat}
[ -x "$widman" ] || widman=
repeat=${REPEAT:-3}
peer_timeout=${PEER_TIMEOUT:-1800}
threads=${THREADS:+--threads $THREADS}
answers=$here/data/wordle/answers.txt
allowed=$here/data/wordle/allowed.txt
nyt=$here/data/nyt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed N OUTFILE CMD...: run CMD N times; prints "wall cpu" of the fastest run (by wall); output of the last run kept.
# A run that timeout(1) stopped or a signal killed leaves OUTFILE.timeout behind.
timed() {
    n=$1 out=$2
    shift 2
    best=""
    i=0
    rm -f "$out.timeout"
    while [ "$i" -lt "$n" ]; do
        /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >"$out" 2>"$out.err"
        # a failed command gets a first line "Command exited with non-zero status N" (or "... terminated by signal N")
        grep -Eq "status 124|signal" "$tmp/time" && : >"$out.timeout"
        t=$(tail -n 1 "$tmp/time" | awk '{printf "%.2f %.2f", $1, $2 + $3}')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { split(a, x, " "); split(b, y, " "); exit !(x[1] < y[1]) }'; then
            best=$t
        fi
        i=$((i + 1))
    done
    echo "$best"
}

ours_total() { sed -n 's/^total  *\([0-9]*\) guesses.*/\1/p' "$1"; }
selby_total() { sed -n 's/^First guess [a-z]* *=  *\([0-9]*\).*/\1/p' "$1" | tail -1; }
widman_total() { awk '$1 == "optimal" { print $2 }' "$1"; }

line() { printf '%-16s %-8s %10s %9s %9s   %-12s %10s %9s %9s\n' "$@"; }

# run_case NAME EXPECTED RUNS "OUR ARGS" PEER "PEER ARGS" [ANSWERS ALLOWED]: the peer's word lists (default: the original)
run_case() {
    name=$1 want=$2 runs=$3 args=$4 peer=$5 pargs=$6 panswers=${7:-$answers} pallowed=${8:-$allowed}
    # shellcheck disable=SC2086
    t=$(timed "$runs" "$tmp/ours" "$cb" optimal --quiet $threads $args)
    got=$(ours_total "$tmp/ours")
    pw=- pc=- pr=- pname=-
    if [ "$peer" = selby ] && [ -n "$selby" ]; then
        pname=selby
        # shellcheck disable=SC2086
        pt=$(cd "$(dirname "$selby")" && timed "$runs" "$tmp/peer" timeout "$peer_timeout" "$selby" -a "$pallowed" -h "$panswers" $pargs)
        pr=$(selby_total "$tmp/peer")
        # cut off, its last "First guess" line is only the best of the openers it finished
        { [ -n "$pr" ] && [ ! -e "$tmp/peer.timeout" ]; } || pr=timeout
        pw=${pt% *} pc=${pt#* }
    elif [ "$peer" = widman ] && [ -n "$widman" ]; then
        pname=widman
        # shellcheck disable=SC2086
        pt=$(timed "$runs" "$tmp/peer" timeout "$peer_timeout" "$widman" -s optimal -S $pargs)
        pr=$(widman_total "$tmp/peer")
        { [ -n "$pr" ] && [ ! -e "$tmp/peer.timeout" ]; } || pr=timeout
        pw=${pt% *} pc=${pt#* }
    fi
    line "$name" "$want" "${got:-FAIL}" "${t% *}" "${t#* }" "$pname" "$pr" "$pw" "$pc"
}

# one case by name
bench_case() {
    case $1 in
    mm-3x6) run_case mm-3x6 854 "$repeat" "--game mastermind --pegs 3" widman "-r p3c6r" ;;
    mm-4x5) run_case mm-4x5 2463 "$repeat" "--game mastermind --colors 5" widman "-r p4c5r" ;;
    mm-6x4) run_case mm-6x4 5625 "$repeat" "--game mastermind" widman "-r p4c6r" ;;
    mm-6x4-max5) run_case mm-6x4-max5 5626 "$repeat" "--game mastermind --max-guesses 5" none "" ;;
    mm-6x4-cands) run_case mm-6x4-cands 5660 "$repeat" "--game mastermind --candidates-only" none "" ;;
    mm-6x4-worst) run_case mm-6x4-worst 5626 "$repeat" "--game mastermind --objective worst" none "" ;;
    salet) run_case salet 7920 "$repeat" "--first salet --max-guesses 6" selby "-w salet" ;;
    salet-nolimit) run_case salet-nolimit 7920 "$repeat" "--first salet --max-guesses 0" none "" ;;
    salet-hard) run_case salet-hard 8122 "$repeat" "--first salet --hard --max-guesses 6" selby "-H -w salet" ;;
    salet-hard-nolim) run_case salet-hard-nolim 8116 "$repeat" "--first salet --hard --max-guesses 0" selby "-H -g 10 -w salet" ;;
    palet-hard-5) run_case palet-hard-5 8206 "$repeat" "--first palet --hard --max-guesses 5" selby "-H -g 5 -w palet" ;;
    # the New York Times' lists (--lists, issue 13); Selby's results_easy_nyt20220316, _nyt20220830, _nyt20230701
    salet-nyt2022) run_case salet-nyt2022 7897 "$repeat" "--first salet --lists nyt2022" selby "-w salet" "$nyt/answers-2022.txt" "$allowed" ;;
    tarse-nyt2022sep) run_case tarse-nyt2022sep 7883 "$repeat" "--first tarse --lists nyt2022sep" selby "-w tarse" "$nyt/answers-2022.txt" "$nyt/allowed-2022-09.txt" ;;
    tarse-nyt2023) run_case tarse-nyt2023 11219 1 "--first tarse --lists nyt2023" selby "-w tarse" "$nyt/answers-2023.txt" "$nyt/allowed-2022-09.txt" ;;
    # the proofs over every opener (issue 14): Selby's program would take a day or two (his README); it runs to PEER_TIMEOUT
    all-normal) run_case all-normal 7920 1 "--max-guesses 0" selby "" ;;
    all-hard) run_case all-hard 8122 1 "--hard --max-guesses 6" selby "-H" ;;
    all-nyt2023) run_case all-nyt2023 11219 1 "--lists nyt2023 --max-guesses 0" selby "" "$nyt/answers-2023.txt" "$nyt/allowed-2022-09.txt" ;;
    all-hard-nyt2023) run_case all-hard-nyt2023 11627 1 "--lists nyt2023 --hard --max-guesses 6" selby "-H" "$nyt/answers-2023.txt" "$nyt/allowed-2022-09.txt" ;;
    mm-4x7) run_case mm-4x7 11228 1 "--game mastermind --colors 7" widman "-r p4c7r" ;;
    mm-4x8) run_case mm-4x8 20471 1 "--game mastermind --colors 8" widman "-r p4c8r" ;;
    bulls) run_case bulls 26274 1 "--game bulls" widman "-r p4c10n" ;;
    *) echo "optimal.sh: unknown case $1" >&2 ;;
    esac
}

quick_cases="mm-3x6 mm-4x5 mm-6x4 mm-6x4-max5 mm-6x4-cands mm-6x4-worst salet salet-nolimit salet-hard salet-hard-nolim palet-hard-5 salet-nyt2022 tarse-nyt2022sep tarse-nyt2023"
full_cases="$quick_cases mm-4x7 mm-4x8 bulls"
proof_cases="all-normal all-hard all-nyt2023 all-hard-nyt2023"

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
level=$("$cb" --version | sed -n 's/^kernels: \([a-z0-9]*\).*/\1/p') # the processor level in use (CB_CPU_LEVEL caps it)
echo "# codebreaker optimal vs peers on $(uname -n) (${cpu:-unknown CPU}, kernel level ${level:-unknown}), $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
line case expected codebreaker wall_s cpu_s peer result wall_s cpu_s
if [ $# -eq 0 ] || [ "$1" = quick ]; then
    set -- $quick_cases
elif [ "$1" = full ]; then
    set -- $full_cases
elif [ "$1" = proofs ]; then
    set -- $proof_cases
fi
for c in "$@"; do
    bench_case "$c"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
