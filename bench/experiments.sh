#!/bin/sh
# bench/experiments.sh BUILD_DIR [OUT_DIR]: the six experiments at full size, each timed (wall and
# processor time), results and figures in OUT_DIR (default: experiments-full). These are the runs whose
# tables docs/analysis.md quotes. Runs are resumable: a second call reuses every configuration found in
# OUT_DIR's results files (use a fresh OUT_DIR, or --fresh by hand, to time them again).
set -e
build="${1:-build}"
out="${2:-experiments-full}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/experiments.sh BUILD_DIR [OUT_DIR] (no $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"

echo "# codebreaker $("$cb" --version | cut -d' ' -f2), $(date -u +%Y-%m-%d)"
bench_machine "$cb"

for name in first-guess-entropy opening-sweep target-turn symble-length-growth symble-alphabet-growth \
            symble-lengths; do
    echo
    echo "\$ codebreaker experiment $name --out $out"
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f "wall %e s, cpu %U + %S s" "$cb" experiment "$name" --out "$out" --quiet
    else
        "$cb" experiment "$name" --out "$out" --quiet
    fi
done
