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

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
echo "# codebreaker $("$cb" --version | cut -d' ' -f2) on ${cpu:-unknown CPU}, $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

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
