#!/bin/sh
# The attack table of docs/limits.md ("Slow clients"): the cheap GET's requests a second and p99,
# idle and among 200 and 500 slow-head and slow-body clients, and 500 of each, each for SECONDS.
# usage: sh bench/attack.sh path/to/codebreaker [SECONDS]   (node; loopback 127.0.0.2-250)
set -e
bin=${1:?usage: sh bench/attack.sh path/to/codebreaker [SECONDS]}
secs=${2:-10}
dir=$(dirname "$0")
. "$(dirname "$0")/machine.sh"
bench_machine "$bin"
for load in "0 0" "200 0" "500 0" "0 200" "0 500" "500 500"; do
    # shellcheck disable=SC2086
    node "$dir/attack.mjs" "$bin" $load "$secs"
done
