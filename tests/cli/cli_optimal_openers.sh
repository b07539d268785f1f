#!/bin/sh
# cli_optimal_openers.sh: the search over openers of `codebreaker optimal`: per-opener totals against the
# published proofs, --cutoff, --openers, --slice, and the results file (--results) resumed after an interruption.
# usage: sh tests/cli/cli_optimal_openers.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"
err_lines=99

# The openers' lines of a results file, sorted (the order depends on the threads).
lines() { grep -v '^#' "$1" | sort; }
# a resumed run may prove other bounds than a whole one (norm_results, lib.sh); bounds_at_least checks that each
# is still a proof that the opener does no better than the optimum
bounds_at_least() { ! grep -v '^#' "$1" | awk -v m="$2" '$2 ~ /^>=/ && substr($2, 3) + 0 < m { bad = 1 } END { exit !bad }'; }

# Per-opener totals, original lists: A. Selby, "The best strategies for Wordle" (2022), file
# normal.top105.proven of github.com/alex1770/wordle: REAST 7923, CRATE 7926, TRACE 7926, SLATE 7928, CRANE 7930.
"$cb" optimal --quiet --openers reast,crate,trace,slate,crane --cutoff 7931 --results "$tmp/normal.res" >"$tmp/normal" 2>&1
for w in "reast 7923" "crate 7926" "trace 7926" "slate 7928" "crane 7930"; do
    has "normal $w" "^$w [0-9a-f]{16}\$" "$tmp/normal.res"
done
has normal-summary 'proved optimal among the openers searched' "$tmp/normal"
has normal-best '^total +7923 guesses' "$tmp/normal"

# Hard mode, at most 6 guesses: Selby 2022, hard.top101.proven: LEAST 8127, REAST 8134, CRATE 8143.
"$cb" optimal --quiet --hard --max-guesses 6 --openers least,reast,crate --cutoff 8144 --results "$tmp/hard.res" \
    >"$tmp/hard" 2>&1
for w in "least 8127" "reast 8134" "crate 8143"; do
    has "hard $w" "^$w [0-9a-f]{16}\$" "$tmp/hard.res"
done

# A fixed cutoff: totals below it, proved bounds at or above it (SALET 7920 and SLATE 7928, Selby 2022).
"$cb" optimal --quiet --openers salet,slate --cutoff 7925 --json >"$tmp/cut" 2>&1
has cutoff-exact '"guess":"salet","bound":7920,"exact":true' "$tmp/cut"
has cutoff-bound '"guess":"slate","bound":79(2[5-9]|[3-9][0-9]),"exact":false' "$tmp/cut"
"$cb" optimal --quiet --game mastermind --cutoff 5000 >"$tmp/none" 2>&1
has cutoff-none 'no opener totals less than the cutoff 5000: the optimum is at least' "$tmp/none"

# Mastermind 6x4 (Koyama and Lai 1993: 5625): the whole run, then interrupted runs resumed from the file.
mm="--game mastermind --quiet"
"$cb" optimal $mm --results "$tmp/full.res" >"$tmp/full" 2>&1
has mm-full '^total +5625 guesses' "$tmp/full"
[ "$(lines "$tmp/full.res" | wc -l)" = 5 ] && ok || bad "mm-full: 5 openers expected in the results file"
# a run stopped after its first opener: keep the header and one line, as a crash would leave it
head -4 "$tmp/full.res" >"$tmp/part.res"
"$cb" optimal $mm --results "$tmp/part.res" >"$tmp/resumed" 2>&1
has mm-resumed '^total +5625 guesses' "$tmp/resumed"
if [ "$(norm_results "$tmp/part.res")" = "$(norm_results "$tmp/full.res")" ]; then ok; else
    bad "mm-resume: the resumed file differs from the whole run's:"
    diff "$tmp/part.res" "$tmp/full.res"
fi
bounds_at_least "$tmp/full.res" 5625 && ok || bad "mm-full-bounds: a bound below the optimum 5625"
bounds_at_least "$tmp/part.res" 5625 && ok || bad "mm-resume-bounds: a bound below the optimum 5625"
# a run that settled nothing but wrote its header
head -4 "$tmp/full.res" >"$tmp/empty.res"
"$cb" optimal $mm --results "$tmp/empty.res" >/dev/null 2>&1
if [ "$(norm_results "$tmp/empty.res")" = "$(norm_results "$tmp/full.res")" ]; then ok; else
    bad "mm-resume-empty: the file differs from the whole run's:"
    diff "$tmp/empty.res" "$tmp/full.res"
fi
bounds_at_least "$tmp/empty.res" 5625 && ok || bad "mm-resume-empty-bounds: a bound below the optimum 5625"
# Ctrl-C: Mastermind 7x4 (G. Ville 2013: 11228 with 1123) on one thread, interrupted as soon as its results file
# holds a settled opener (about 3 s in; the whole run takes about 10 s): exit status 130, the summary and tree of
# the best strategy known, the settled openers kept; the run resumed from the file proves 11228.
"$cb" optimal --game mastermind --colors 7 --threads 1 --quiet --results "$tmp/int.res" --tree "$tmp/int.tree" \
    >"$tmp/int" 2>"$tmp/int.err" &
pid=$!
i=0
while [ "$i" -lt 600 ] && [ -z "$(lines "$tmp/int.res" 2>/dev/null)" ] && kill -0 "$pid" 2>/dev/null; do
    sleep 0.1
    i=$((i + 1))
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
rc=$?
if [ "$rc" = 130 ]; then
    ok
    has int-summary '^result +interrupted \(Ctrl-C\)' "$tmp/int"
    has int-stderr 'interrupted \(Ctrl-C\); the openers settled so far are in the results file' "$tmp/int.err"
    has int-tree-header '^# result: interrupted \(Ctrl-C\): an upper bound' "$tmp/int.tree"
    "$cb" verify-tree --game mastermind --colors 7 "$tmp/int.tree" >"$tmp/int.verify" 2>&1 && ok || bad "int-tree: does not verify"
else
    bad "int-status: $rc (want 130); stderr:"
    cat "$tmp/int.err"
fi
[ "$(lines "$tmp/int.res" | wc -l)" -ge 1 ] && ok || bad "int-kept: no settled opener in the results file"
"$cb" optimal --game mastermind --colors 7 --quiet --results "$tmp/int.res" >"$tmp/int2" 2>&1
has int-resumed '^total +11228 guesses' "$tmp/int2"
has int-resumed-opener '^opener +1123' "$tmp/int2"
[ "$(lines "$tmp/int.res" | wc -l)" = 5 ] && ok || bad "int-resumed: 5 openers expected in the results file"
# slices: two runs share out the openers; the file they fill is the whole run's
"$cb" optimal $mm --slice 0/2 --results "$tmp/slices.res" >"$tmp/s0" 2>&1
"$cb" optimal $mm --slice 1/2 --results "$tmp/slices.res" >"$tmp/s1" 2>&1
has mm-slice 'proved optimal among the openers searched' "$tmp/s0"
"$cb" optimal $mm --results "$tmp/slices.res" --json >"$tmp/slices" 2>&1
has mm-slices-total '"total":5625' "$tmp/slices"
has mm-slices-nothing-left '"nodes":[0-9]' "$tmp/slices"
[ "$(lines "$tmp/slices.res" | wc -l)" = 5 ] && ok || bad "mm-slices: 5 openers expected"
# --openers: the class of an opener under the symmetries
"$cb" optimal $mm --openers 3456,1122 --json >"$tmp/ops" 2>&1
has mm-openers '"openers":\[\{"guess":"(1234|1122)".*,\{"guess":"(1234|1122)"[^]]*\]' "$tmp/ops"

# Bad input: clear errors, nothing lost
# A run stopped before any opener is exact falls back on the greedy strategy (an upper bound): its opener's total
# is not a proof and must not reach the results file. Every exact line of the file is an exact opener of the summary.
"$cb" optimal --game mastermind --colors 7 --time-limit 0.3 --results "$tmp/stop.res" >"$tmp/stop" 2>&1
has stop-greedy '^result +stopped at the time limit' "$tmp/stop"
shown=$(sed -n 's/^openers *//p' "$tmp/stop" | tr ',' '\n' | sed 's/^ *//')
if grep -v '^#' "$tmp/stop.res" | grep -v '>=\|impossible' | while read -r w t _; do
    printf '%s\n' "$shown" | grep -qx "$w $t" || { echo "not proved: $w $t"; exit 1; }
done; then ok; else bad "stop-results: the greedy strategy's total went to the results file"; fi
expect_err other-search 2 'written by another search' -- optimal --game mastermind --colors 5 --results "$tmp/full.res"
printf '# codebreaker optimal results 2\n# search: x\n' >"$tmp/x.res"
expect_err other-search2 2 'written by another search' -- optimal --game mastermind --results "$tmp/x.res"
cp "$tmp/full.res" "$tmp/broken.res"
echo "1234 lots" >>"$tmp/broken.res"
expect_err broken-line 2 'broken.res:10:' -- optimal --game mastermind --results "$tmp/broken.res"
echo "hello" >"$tmp/notres"
expect_err not-results 2 'not a results file' -- optimal --game mastermind --results "$tmp/notres"
expect_err no-dir 2 'nonexistent' -- optimal --game mastermind --results /nonexistent/dir/r.res
expect_err slice-bad 2 'START/STEP' -- optimal --game mastermind --slice 2/2
expect_err cutoff-bad 2 'positive total' -- optimal --game mastermind --cutoff 12x
expect_err first-and-results 2 'search over openers' -- optimal --game mastermind --first 1122 --results "$tmp/r"
expect_err openers-bad 2 'openers' -- optimal --game mastermind --openers 1122,9999

# The shipped results files of the all-openers proofs (data/proofs, data/README.md): every opener is
# settled in them, so a run resumed from a copy searches none and proves the best at once.
cp data/proofs/original.results "$tmp/original.res"
expect_out shipped-original 0 '^openers .*\(12972 searched\)' -- optimal --quiet --max-guesses 0 --results "$tmp/original.res"
has shipped-original-best '^total +7920 guesses over 2315 secrets' "$tmp/out"
cmp -s data/proofs/original.results "$tmp/original.res" && ok || bad "shipped-original: the resumed run added lines"
cp data/proofs/original-hard6.results "$tmp/original-hard6.res"
expect_out shipped-original-hard6 0 '^openers .*\(12972 searched\)' -- optimal --quiet --hard --max-guesses 6 --results "$tmp/original-hard6.res"
has shipped-original-hard6-best '^total +8122 guesses over 2315 secrets' "$tmp/out"
cmp -s data/proofs/original-hard6.results "$tmp/original-hard6.res" && ok || bad "shipped-original-hard6: the resumed run added lines"
if [ "$CB_SANITIZED" != 1 ]; then # TARSE's proof again takes minutes under the sanitizers
    cp data/proofs/nyt2023.results "$tmp/nyt2023.res"
    expect_out shipped-nyt2023 0 '^openers .*\(14855 searched\)' -- optimal --quiet --lists nyt2023 --max-guesses 0 --results "$tmp/nyt2023.res"
    has shipped-nyt2023-best '^total +11219 guesses over 3158 secrets' "$tmp/out"
fi

summary cli_optimal_openers
