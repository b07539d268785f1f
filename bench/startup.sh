#!/bin/sh
# bench/startup.sh BUILD_DIR [RUNS]: the start-up cost of PLplot (issue 23) and of libmicrohttpd
# (issue 59). Times `codebreaker feedback salet aback` as built (the plotting module loaded only when
# a figure is drawn, libmicrohttpd only by `serve`) against the same program with the module and
# PLplot's libraries loaded at start (LD_PRELOAD of codebreaker-plot.so: what linking PLplot into the
# program cost every run) and with libmicrohttpd and the TLS libraries it brings loaded at start
# (LD_PRELOAD of libmicrohttpd.so.12: what linking it cost), RUNS runs each (default 300),
# interleaved so that all see the same load. Prints the median and the
# lowest processor time (user + system) and wall time of a run, the libraries each loads, and the load.
set -e
build="${1:-build}"
runs="${2:-300}"
cb="$build/codebreaker"
module="$build/codebreaker-plot.so"
[ -x "$cb" ] && [ -f "$module" ] || { echo "usage: bench/startup.sh BUILD_DIR [RUNS] (needs $cb and $module)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
module=$(cd "$(dirname "$module")" && pwd)/$(basename "$module")
echo "load: $(uptime | sed 's/.*load average: //')"
mhd=${MHD:-libmicrohttpd.so.12}
echo "libraries loaded: $(ldd "$cb" | wc -l) as built, $(LD_PRELOAD="$module" ldd "$cb" | wc -l) with the module, $(LD_PRELOAD="$mhd" ldd "$cb" | wc -l) with $mhd"
python3 - "$cb" "$module" "$runs" "$mhd" <<'PY'
import os, resource, statistics, subprocess, sys, time
cb, module, runs, mhd = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
cases = [("as built (plotting loaded when drawing)", {}), ("PLplot loaded at start", {"LD_PRELOAD": module}),
         ("libmicrohttpd loaded at start", {"LD_PRELOAD": mhd})]
times = {name: ([], []) for name, _ in cases}
for _ in range(runs):
    for name, extra in cases:
        env = dict(os.environ, **extra)
        r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run([cb, "feedback", "salet", "aback"], env=env, stdout=subprocess.DEVNULL, check=True)
        t1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        times[name][0].append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
        times[name][1].append((t1 - t0) * 1000)
print(f"codebreaker feedback salet aback, {runs} runs each (ms): median and lowest")
for name, (cpu, wall) in times.items():
    print(f"  {name:40s} processor {statistics.median(cpu):6.2f} {min(cpu):6.2f}   wall {statistics.median(wall):6.2f} {min(wall):6.2f}")
PY
echo "load: $(uptime | sed 's/.*load average: //')"
