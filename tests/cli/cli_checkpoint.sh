#!/bin/sh
# cli_checkpoint.sh: the checkpoint file of `codebreaker optimal --checkpoint` (docs/optimal.md, "The
# checkpoint file"): a run stopped inside its first opener by a budget of work (the same stop on every run,
# one thread) and resumed from its results and checkpoint files ends with the results of a run never stopped,
# searching less than a run resumed from the results file alone; a cut last line is dropped with a warning;
# an edited line, a line of another search, a file of another search or of another installation's key are
# refused, the file left as it was.
# usage: sh tests/cli/cli_checkpoint.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"

# the JSON member NAME of $tmp/out (a number or true/false)
member() { grep -Eo "\"$1\":[0-9a-z]+" "$tmp/out" | head -1 | cut -d: -f2; }

# Mastermind 6x4 (Koyama and Lai 1993: 1123 5625), every opener under the budget 5626; a point every 1e6 pairs
mm0="--game mastermind --quiet --cutoff 5626"
mm="$mm0 --threads 1"
ck="--checkpoint-work 1000000"
check full "$cb" optimal $mm --results "$tmp/full.res" --json
[ "$(member total)" = 5625 ] && [ "$(member proved)" = true ] && ok || bad "full: 5625 proved expected"

# stopped by a budget of work inside the first opener: no opener settled, points written
check stop "$cb" optimal $mm --results "$tmp/a.res" --checkpoint "$tmp/a.ck" $ck --work 60000000 --json
[ "$(member stopped)" = true ] && ok || bad "stop: the budget of work did not stop the run"
[ "$(grep -vc '^#' "$tmp/a.res")" = 0 ] && ok || bad "stop: an opener was settled: the stop is not inside one"
has ck-magic '^# codebreaker optimal checkpoint 1$' "$tmp/a.ck"
has ck-key '^# key: [0-9a-f]{16}$' "$tmp/a.ck"
has ck-node '^node [1-6]{4}=[0-4]B[0-4]W [0-9]+ [1-6]{4} [0-9a-f]{16}$' "$tmp/a.ck"
has ck-guess '^guess [1-6]{4}=[0-4]B[0-4]W [1-6]{4} (>=)?[0-9]+ [0-9a-f]{16}$' "$tmp/a.ck"
cp "$tmp/a.res" "$tmp/b.res"
cp "$tmp/a.ck" "$tmp/a0.ck"

# resumed from both files, and from the results file alone: the same results as the run never stopped
check resume-ck "$cb" optimal $mm --results "$tmp/a.res" --checkpoint "$tmp/a.ck" $ck --json
[ "$(member total)" = 5625 ] && [ "$(member proved)" = true ] && ok || bad "resume-ck: 5625 proved expected"
nodes_ck=$(member nodes) work_ck=$(member work)
check resume-plain "$cb" optimal $mm --results "$tmp/b.res" --json
nodes_plain=$(member nodes) work_plain=$(member work)
[ "$(norm_results "$tmp/a.res")" = "$(norm_results "$tmp/full.res")" ] && ok ||
    bad "resume-ck: the openers' results differ from the run never stopped"
[ "$(grep -v '^#' "$tmp/a.res" | cut -d' ' -f1,2 | sort)" = "$(grep -v '^#' "$tmp/full.res" | cut -d' ' -f1,2 | sort)" ] &&
    ok || bad "resume-ck: the openers' lines differ from the run never stopped"
[ "$nodes_ck" -lt "$nodes_plain" ] && [ "$work_ck" -lt "$work_plain" ] && ok ||
    bad "resume-ck: $nodes_ck nodes and $work_ck pairs, not fewer than $nodes_plain and $work_plain without the checkpoint"
# the resumed run appended the points it settled after the stop
[ "$(wc -l <"$tmp/a.ck")" -gt "$(wc -l <"$tmp/a0.ck")" ] && ok || bad "resume-ck: no point appended"
# on two threads from the same files: the same total
head -4 "$tmp/b.res" >"$tmp/c.res"
expect_out resume-threads 0 '^total +5625 guesses' -- optimal $mm0 --threads 2 --results "$tmp/c.res" --checkpoint \
    "$tmp/a0.ck"

# a last line cut short (the process killed while writing it): dropped with a warning, then appended to
head -4 "$tmp/b.res" >"$tmp/d.res"
cp "$tmp/a0.ck" "$tmp/d.ck"
sed -n 5p "$tmp/a0.ck" | head -c 20 >>"$tmp/d.ck"
"$cb" optimal $mm --results "$tmp/d.res" --checkpoint "$tmp/d.ck" $ck >"$tmp/out" 2>"$tmp/err"
has cut-warn 'd.ck: the last line has no newline .*dropped' "$tmp/err"
has cut-total '^total +5625 guesses' "$tmp/out"
[ "$(grep -vc '^#' "$tmp/d.ck")" = "$(grep -v '^#' "$tmp/d.ck" | grep -c ' [0-9a-f]\{16\}$')" ] && ok || bad "cut: a line without its digest left"

# an edited value: refused with its line, nothing written to either file
head -4 "$tmp/b.res" >"$tmp/e.res"
awk 'NR == 5 { $3 = $3 - 1 } { print }' "$tmp/a0.ck" >"$tmp/e.ck"
cp "$tmp/e.ck" "$tmp/e.copy"
expect_err edited 2 'e.ck: line 5: .*does not verify' -- optimal $mm --results "$tmp/e.res" --checkpoint "$tmp/e.ck"
cmp -s "$tmp/e.ck" "$tmp/e.copy" && ok || bad "edited: the refused file was changed"
[ "$(grep -vc '^#' "$tmp/e.res")" = 0 ] && ok || bad "edited: the search ran"
# a line of another search (the budget 5627) in a file of this one: it does not verify
"$cb" optimal --game mastermind --quiet --threads 1 --cutoff 5627 --results "$tmp/o.res" --checkpoint "$tmp/o.ck" $ck \
    --work 30000000 >/dev/null 2>&1
{ cat "$tmp/a0.ck" && grep '^node' "$tmp/o.ck" | head -1; } >"$tmp/f.ck"
expect_err foreign-line 2 'f.ck: line [0-9]+: .*does not verify' -- optimal $mm --results "$tmp/e.res" --checkpoint \
    "$tmp/f.ck"
# a file of another search, of another installation's key
expect_err other-search 2 'a0.ck: line 2: written by another search' -- optimal --game mastermind --quiet --cutoff 5627 \
    --results "$tmp/g.res" --checkpoint "$tmp/a0.ck"
CODEBREAKER_KEY="$tmp/other.key" expect_err other-key 2 "a0.ck: line 4: sealed with another installation's key" -- \
    optimal $mm --results "$tmp/h.res" --checkpoint "$tmp/a0.ck"
# options it does not go with
expect_err no-results 2 '--checkpoint FILE goes with --results' -- optimal --game mastermind --checkpoint "$tmp/x.ck"
expect_err with-top 2 '--checkpoint FILE goes with --results' -- optimal --game mastermind --top 2 --results "$tmp/y" \
    --checkpoint "$tmp/x.ck"
expect_err same-file 2 'a file of its own' -- optimal --game mastermind --results "$tmp/y" --checkpoint "$tmp/y"
expect_err work-alone 2 '--checkpoint-work goes with --checkpoint' -- optimal --game mastermind --checkpoint-work 5

echo "cli_checkpoint: $pass passed, $fail failed"
[ "$fail" = 0 ]
