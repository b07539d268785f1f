#!/bin/sh
# mastermind_proof.sh: a resumable proof of Mastermind 4x10 or 5x7 (issue 59; docs/optimal.md, "The Mastermind
# table", the runs of 4 x 10 and 5 x 7).
#
# usage: bench/mastermind_proof.sh 4x10|5x7 DIR [CODEBREAKER]
#   Each opener (one per symmetry class) is searched alone, weakest first, on one thread, with the budget
#   --cutoff (the best strategy known plus 1: 55774 for 4x10 and 85782 for 5x7, both from --top 10), and
#   appended to DIR/SIZE.results as soon as it is settled: its exact total if below the cutoff, else a
#   proved bound at or above it (the exact ones also get their turn-two line in DIR/SIZE.turn2). Openers
#   already in the file are skipped by the program, so running this again continues where it stopped;
#   inside an opener, the positions and guesses whose search took 1e9 pairs or more go to the checkpoint
#   file DIR/SIZE.ckpt (--checkpoint) as they are settled, so a stop (SIGTERM, the end of a session, a
#   reboot) loses only the work since the last of them, and the next run goes on inside the opener. Each opener's times go to
#   DIR/SIZE.log, the progress to DIR/SIZE.err; once every opener is settled, DIR/SIZE.proof holds the
#   summary of the whole file (the optimum, proved) and verify-tree's check of its tree DIR/SIZE.tree. The results files are sealed with the key of the
#   installation (docs/optimal.md, "The installation's key"): the committed ones (data/mastermind/) are
#   read only where they were written; elsewhere `--sign` derives their lines again first.
#   Start it in the background at the lowest priority, e.g.
#     setsid nohup nice -n 19 sh bench/mastermind_proof.sh 4x10 ~/mm-run >/dev/null 2>&1 &
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
size=${1:-}
dir=${2:-}
cb=${3:-$here/build/codebreaker}
case $size in
4x10) pegs=4 colors=10 cutoff=55775 openers="1111 1112 1122 1123 1234" ;;
5x7) pegs=5 colors=7 cutoff=85783 openers="11111 11112 11122 11123 11234 11223 12345" ;;
*)
    echo "usage: mastermind_proof.sh 4x10|5x7 DIR [CODEBREAKER]" >&2
    exit 2
    ;;
esac
if [ -z "$dir" ] || ! mkdir -p "$dir"; then
    echo "mastermind_proof.sh: no folder DIR" >&2
    exit 2
fi
[ -x "$cb" ] || { echo "mastermind_proof.sh: no $cb (run make first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "mastermind_proof.sh: no /usr/bin/time" >&2; exit 2; }
. "$here/bench/machine.sh"
bench_machine "$cb" >>"$dir/$size.log"
rule="--game mastermind --pegs $pegs --colors $colors --cutoff $cutoff --threads 1"
for o in $openers; do
    echo "# $(date -u +%FT%TZ) opener $o" >>"$dir/$size.log"
    # time and program both append to the log (opened for appending: nothing is read)
    # shellcheck disable=SC2086,SC2094
    /usr/bin/time -f "# opener $o: %e s wall, %U s user, %S s sys, %M KiB max" -a -o "$dir/$size.log" \
        "$cb" optimal $rule --cache-mb 3072 --openers "$o" --results "$dir/$size.results" \
        --turn-two "$dir/$size.turn2" --checkpoint "$dir/$size.ckpt" >>"$dir/$size.log" 2>>"$dir/$size.err"
    st=$?
    [ $st -eq 0 ] || {
        echo "# opener $o: status $st, stopped" >>"$dir/$size.log"
        exit $st
    }
done
# every opener settled: the summary of the whole file (no opener searched again but the best, whose tree is
# rebuilt by solving its parts again) and that tree checked
# shellcheck disable=SC2086
/usr/bin/time -f "# proof: %e s wall, %U s user, %S s sys, %M KiB max" -a -o "$dir/$size.log" \
    "$cb" optimal $rule --quiet --results "$dir/$size.results" --tree "$dir/$size.tree" >"$dir/$size.proof" 2>&1
"$cb" verify-tree --game mastermind --pegs $pegs --colors $colors "$dir/$size.tree" >>"$dir/$size.proof" 2>&1
echo "# $(date -u +%FT%TZ) done (status $?): $dir/$size.proof" >>"$dir/$size.log"
