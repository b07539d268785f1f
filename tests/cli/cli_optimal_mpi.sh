#!/bin/sh
# cli_optimal_mpi.sh: codebreaker-mpi (2 processes, oversubscribed on one machine) gives the results file and the
# result of one process. Mastermind 6x4 (Koyama and Lai 1993: 5625).
# usage: sh tests/cli/cli_optimal_mpi.sh path/to/codebreaker path/to/codebreaker-mpi
cb="$1" mpi="$2"
. "$(dirname "$0")/lib.sh"
[ -x "$mpi" ] || skip_test "this build has no codebreaker-mpi (MPI: Debian's libopenmpi-dev)"
command -v mpirun >/dev/null || skip_test "mpirun is not installed (Debian: openmpi-bin)"
run_mpi() { OMPI_MCA_rmaps_base_oversubscribe=1 mpirun --oversubscribe --allow-run-as-root -np 2 "$mpi" "$@"; }

# a fixed cutoff: which openers total below it, and their totals, do not depend on the order of the search
"$cb" optimal --game mastermind --quiet --cutoff 5700 --results "$tmp/one.res" >"$tmp/one" 2>&1
run_mpi optimal --game mastermind --quiet --cutoff 5700 --results "$tmp/mpi.res" >"$tmp/mpi" 2>"$tmp/mpi.err"
if [ "$(norm_results "$tmp/one.res")" != "$(norm_results "$tmp/mpi.res")" ] || [ "$(norm_results "$tmp/one.res" | wc -l)" != 5 ]; then
    echo "FAIL results files differ:"
    diff "$tmp/one.res" "$tmp/mpi.res"
    cat "$tmp/mpi.err"
    fail=1
fi
for f in one mpi; do
    grep -Eq '^total +5625 guesses' "$tmp/$f" || { echo "FAIL $f: no total 5625"; cat "$tmp/$f"; fail=1; }
done
if ! grep -Eq '^1234 5673 [0-9a-f]{16}$' "$tmp/mpi.res"; then
    echo "FAIL 1234 should total 5673 below the cutoff"
    fail=1
fi
# the best total found as the budget, and a resumed run: same best and every opener in the file
run_mpi optimal --game mastermind --quiet --results "$tmp/dyn.res" >"$tmp/dyn" 2>&1
head -4 "$tmp/dyn.res" >"$tmp/part.res"
run_mpi optimal --game mastermind --quiet --results "$tmp/part.res" >"$tmp/part" 2>&1
for f in dyn part; do
    grep -Eq '^total +5625 guesses' "$tmp/$f" || { echo "FAIL $f: no total 5625"; cat "$tmp/$f"; fail=1; }
    [ "$(norm_results "$tmp/$f.res" | wc -l)" = 5 ] || { echo "FAIL $f: 5 openers expected"; cat "$tmp/$f.res"; fail=1; }
done
# one process is refused with a clear message
OMPI_MCA_rmaps_base_oversubscribe=1 mpirun --allow-run-as-root -np 1 "$mpi" optimal --game mastermind >/dev/null 2>"$tmp/err"
grep -q 'at least 2 processes' "$tmp/err" || { echo "FAIL one process:"; cat "$tmp/err"; fail=1; }
[ "$fail" = 0 ] && echo "cli_optimal_mpi: passed"
exit "$fail"
