#!/bin/sh
# make bench: every benchmark, each line with the command that reproduces it.
# usage: bench/run.sh BUILD_DIR
set -e
build="${1:-build}"
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo
echo "\$ $build/bench/bench_table 7"
"$build/bench/bench_table" 7
