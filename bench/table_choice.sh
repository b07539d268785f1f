#!/bin/sh
# bench/table_choice.sh BUILD_DIR [STRATEGY]: the feedback table chosen by its cost model (issue 25,
# item 5). Runs `codebreaker simulate --strategy STRATEGY` (default parts) over every secret of Super
# Mastermind (8 colours, 5 pegs: a 1 GiB table), Mastermind 7 colours x 5 pegs (282 MB), classic
# Mastermind and Wordle, each with --table auto (the cost model), off (feedback on the fly) and on
# (precomputed), one after the other. Prints for each the processor time (user + system, every
# thread), the wall time, the largest resident memory, whether the table was precomputed and the
# average number of guesses (the same in all three: the table never changes a result), and the load.
set -e
build="${1:-build}"
strategy="${2:-parts}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/table_choice.sh BUILD_DIR [STRATEGY] (needs $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
echo "load: $(uptime | sed 's/.*load average: //')"
python3 - "$cb" "$strategy" <<'PY'
import json, os, resource, subprocess, sys, time
cb, strategy = sys.argv[1], sys.argv[2]
games = [("super", ["--game", "super"]), ("7x5", ["--game", "mastermind", "--colors", "7", "--pegs", "5"]),
         ("classic", ["--game", "mastermind"]), ("wordle", ["--game", "wordle"])]
print(f"codebreaker simulate --strategy {strategy} GAME --table MODE --json, every secret")
print(f"  {'game':8s} {'table':5s} {'chosen':11s} {'cpu s':>8s} {'wall s':>8s} {'max RSS MiB':>12s} {'average':>9s}")
for name, args in games:
    for mode in ("auto", "off", "on"):
        cmd = [cb, "simulate", *args, "--strategy", strategy, "--table", mode, "--json"]
        pid_start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE)
        out = proc.stdout.read()
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - pid_start
        if status != 0:
            print(f"  {name:8s} {mode:5s} failed (status {status})")
            continue
        r = json.loads(out.decode().splitlines()[0])
        chosen = "precomputed" if r["table_precomputed"] else "on the fly"
        print(f"  {name:8s} {mode:5s} {chosen:11s} {ru.ru_utime + ru.ru_stime:8.2f} {wall:8.2f} "
              f"{ru.ru_maxrss / 1024:12.0f} {r['average']:9.4f}", flush=True)
PY
echo "load: $(uptime | sed 's/.*load average: //')"
