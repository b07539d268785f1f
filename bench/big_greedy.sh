#!/bin/sh
# bench/big_greedy.sh BUILD_DIR: the greedy strategies on games too big to score whole (docs/limits.md,
# "Big games"): the time of a game of Mastermind 10x6 (10^6 codes, feedback on the fly: the symmetries of
# the opening, then a sampled pool above --max-pairs), and what the sampled pool costs in strength, on
# Super Mastermind (8x5, every secret) where full scoring is feasible: each strategy whole beside the same
# strategy with a pool as small, relative to the game, as 10x6's (1.2e9 pairs there, about 1.3e6 here).
# Minutes on two cores. Record the load average beside any time: the runs print it.
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/big_greedy.sh BUILD_DIR (no $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

run() {
    echo
    echo "\$ codebreaker $*"
    if [ -x /usr/bin/time ]; then /usr/bin/time -f "wall %e s, cpu %U + %S s" "$cb" "$@"; else "$cb" "$@"; fi
}

# time per game at 10^6 codes (the default bound, 1.2e9 pairs a decision)
run simulate --game mastermind --colors 10 --pegs 6 --strategy parts --sample 10 --seed 1
run simulate --game mastermind --colors 10 --pegs 6 --strategy entropy --sample 10 --seed 1
# strength: whole against sampled on every secret of Super Mastermind
run simulate --game super --strategy "parts,parts --max-pairs 1e7,parts --max-pairs 1e6"
run simulate --game super --strategy "entropy,entropy --max-pairs 1e6"
run simulate --game super --strategy "parts --max-pairs 1e5,entropy --max-pairs 1e5,minimax,minimax --max-pairs 1e6"
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
