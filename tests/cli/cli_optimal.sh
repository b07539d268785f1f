#!/bin/sh
# cli_optimal.sh: end-to-end tests of `codebreaker optimal` and `codebreaker verify-tree`:
# published optima that take about a second, trees written and checked, broken trees and bad options.
# usage: sh tests/cli/cli_optimal.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"
err_lines=2

# run FILE -- ARGS...: run once, keep stdout in $tmp/FILE (for several `seen` checks)
run() {
    out="$1"
    shift 2
    "$cb" "$@" >"$tmp/$out" 2>"$tmp/$out.err" </dev/null
    echo $? >"$tmp/$out.rc"
}

# seen NAME FILE PATTERN: the run kept in FILE succeeded and has a line matching PATTERN
seen() {
    name="$1" out="$2" pattern="$3"
    if [ "$(cat "$tmp/$out.rc")" = 0 ] && grep -Eq -- "$pattern" "$tmp/$out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: status $(cat "$tmp/$out.rc"), no line matches '$pattern'; output:"
        head -12 "$tmp/$out"
        head -3 "$tmp/$out.err"
    fi
}

mm="--game mastermind --quiet --threads 1"

# Published optima (sources in docs/optimal.md)
expect_out mm-3x6 0 '^total +854 guesses over 216 secrets' -- optimal $mm --pegs 3
expect_out mm-4x5 0 '^total +2463 guesses over 625 secrets' -- optimal $mm --colors 5
# W. Goddard, "Mastermind revisited", J. Combin. Math. Combin. Comput. 51 (2004), tabulates the optimal
# averages of 2 to 6 pegs with 2 to 5 colours to 3 decimals; the three figures quoted with issue 59:
# goddard NAME PEGS COLOURS AVERAGE: the proved total over the codes, rounded to 3 decimals, is AVERAGE
goddard() {
    "$cb" optimal $mm --pegs "$2" --colors "$3" --json >"$tmp/god" 2>"$tmp/god.err" </dev/null
    rc=$?
    got=$(sed -n 's/.*"proved":true,.*"total":\([0-9]*\),.*"games":\([0-9]*\),.*/\1 \2/p' "$tmp/god" |
        awk '{ printf "%.3f", $1 / $2 }')
    if [ "$rc" = 0 ] && [ "$got" = "$4" ]; then ok; else
        bad "$1: status $rc, average '$got' (Goddard 2004: $4)"
        head -c 300 "$tmp/god"
        echo
        head -3 "$tmp/god.err"
    fi
}
goddard goddard-5x2 5 2 3.031 # 97 over 32 codes
goddard goddard-5x3 5 3 3.358 # 816 over 243
goddard goddard-4x5 4 5 3.941 # 2463 over 625 (Ville 2013's total, above)
run mm64 -- optimal $mm
seen mm-6x4 mm64 '^total +5625 guesses over 1296 secrets \(average 4.3403\)'
seen mm-6x4-proved mm64 '^result +proved optimal'
seen mm-6x4-symmetry mm64 '^symmetry +17280 permutations of colours and positions at the start; 5 distinct openers'
seen mm-6x4-opener mm64 '^opener +1123'
expect_out mm-6x4-max5 0 '^total +5626 ' -- optimal $mm --max-guesses 5
# without a precomputed table the solver computes its rows on the fly: the same proof; Symble cannot
expect_out mm-6x4-fly 0 '^total +5625 guesses over 1296 secrets' -- optimal $mm --table off
# from 200 secrets on, the search makes the table's secret-major copy itself (cb_optimal_fly_columns), and says so
expect_out mm-6x4-fly-line 0 'feedback kept secret-major only \(no guess-major table\)$' -- optimal $mm --table off
expect_out mm-3x5-fly-line 0 'feedback computed on the fly \(no table\)$' -- optimal --game mastermind --pegs 3 \
    --colors 5 --table off
expect_out mm-6x4-fly-json 0 '"total":5625,.*"table_precomputed":false' -- optimal $mm --table off --json
expect_out mm-6x4-table-json 0 '"total":5625,.*"table_precomputed":true' -- optimal $mm --json
expect_out salet-hard-fly 0 '^total +8122 guesses' -- optimal --quiet --first salet --hard --max-guesses 6 --table off
expect_err symble-fly 2 'reads a precomputed feedback table for Symble' -- optimal --game symble --table off
expect_out mm-6x4-cands 0 '^total +5660 ' -- optimal $mm --candidates-only
run worst -- optimal $mm --objective worst
seen mm-6x4-worst worst '^least worst +5 guesses are needed and enough'
seen mm-6x4-worst-total worst '^total +5626 '
expect_out mm-6x4-infeasible 0 '^result +no strategy solves every secret within 4 guesses' -- optimal $mm --max-guesses 4
run salet -- optimal --quiet --first salet --tree "$tmp/salet-easy.tree"
seen wordle-salet salet '^total +7920 guesses over 2315 secrets \(average 3.4212\)'
seen wordle-salet-max salet '^worst case +5 guesses'
seen wordle-salet-dist salet '^distribution +2: 90, 3: 1239, 4: 907, 5: 79'
# --first from the opening of Wordle: the table's secret-major copy alone by default (docs/optimal.md)
seen wordle-salet-layout salet 'feedback kept secret-major only \(no guess-major table\)$'
# The New York Times' lists (--lists, issue 13). A. Selby, github.com/alex1770/wordle, files
# results_easy_nyt20220215 and results_easy_nyt20220316 (salet 7897 over the 2309 answers with 12947 or
# 12972 guesses) and results_easy_nyt20220830 (tarse 7883 with 14855 guesses)
run salet22 -- optimal --quiet --first salet --lists nyt2022 --tree "$tmp/salet22.tree"
seen wordle-nyt2022-salet salet22 '^total +7897 guesses over 2309 secrets \(average 3.4201\)'
expect_out wordle-nyt2022feb-salet 0 '^total +7897 guesses over 2309 secrets' -- optimal --quiet --first salet --lists nyt2022feb
expect_out wordle-nyt2022sep-tarse 0 '^total +7883 guesses over 2309 secrets \(average 3.4140\)' -- optimal --quiet --first tarse --lists nyt2022sep
expect_out tree-nyt2022 0 '^total +7897 guesses' -- verify-tree --lists nyt2022 "$tmp/salet22.tree"
expect_err tree-other-lists 2 'fanny is not a possible secret' -- verify-tree --lists nyt2023 "$tmp/salet22.tree"
run hard -- optimal --quiet --first salet --hard --max-guesses 6 --tree "$tmp/salet.tree"
seen wordle-hard-6 hard '^total +8122 '
# The first look at a small node (cbo_scan_first, at the vector levels only) settles it as the whole scan
# would, with the same guess: the same trees as at the scalar level, which never takes it (one thread, so
# that ties go to the first guess in order, not to the first thread)
for mode in "" "--hard --max-guesses 6"; do
    # shellcheck disable=SC2086
    "$cb" optimal --quiet --threads 1 --first salet $mode --tree "$tmp/first-vec.tree" >/dev/null 2>&1
    # shellcheck disable=SC2086
    CB_CPU_LEVEL=scalar "$cb" optimal --quiet --threads 1 --first salet $mode --tree "$tmp/first-scalar.tree" \
        >/dev/null 2>&1
    if [ -s "$tmp/first-vec.tree" ] && cmp -s "$tmp/first-vec.tree" "$tmp/first-scalar.tree"; then
        ok
    else
        bad "first-look${mode:+ $mode}: the trees differ: $(diff "$tmp/first-vec.tree" "$tmp/first-scalar.tree" | head -4)"
    fi
done

# JSON
expect_out json 0 '"total":5625,"lower":5625,"games":1296' -- optimal $mm --json
expect_out json-first 0 '"first_guess":"1123"' -- optimal $mm --json
# a search the work budget stopped says so (not "time limit")
expect_out json-stopped-work 0 '"stopped":true,.*"stopped_by":"work"' -- optimal $mm --json --work 1000000

# JSON outputs parse (node is part of the CI machine; skipped without it)
if command -v node >/dev/null 2>&1; then
    for f in "$mm --json" "$mm --pegs 3 --tree - --tree-format json"; do
        # shellcheck disable=SC2086
        if "$cb" optimal $f 2>/dev/null | node -e 'JSON.parse(require("fs").readFileSync(0, "utf8"))' 2>/dev/null; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL json-parse: optimal $f"
        fi
    done
fi

# Heuristic and time-limited runs say what they are
expect_out top 0 '^result +UPPER BOUND, not a proof' -- optimal $mm --top 2
# hard mode from WHEEL: the greedy guesses find no strategy within 6, yet one exists (Selby: 12456)
expect_out top-infeasible 0 '^result +no strategy found within 6 guesses among the 1 best guesses of each turn \(--top: not a proof\)' -- optimal --lists nyt2023 --hard --max-guesses 6 --first wheel --top 1 --threads 1 --quiet
expect_out time-limit 0 '^result +stopped at the time limit' -- optimal $mm --colors 7 --time-limit 0.001

# Trees: written by optimal, accepted by verify-tree with the same totals
"$cb" optimal $mm --pegs 3 --tree "$tmp/mm3.tree" >/dev/null 2>&1
expect_out tree-text 0 '^total +854 guesses \(average 3.9537\)' -- verify-tree --game mastermind --pegs 3 "$tmp/mm3.tree"
expect_out tree-text-valid 0 '^valid +every guess allowed, every feedback right, all 216 secrets solved' -- \
    verify-tree --game mastermind --pegs 3 "$tmp/mm3.tree"
"$cb" optimal $mm --pegs 3 --tree "$tmp/mm3.json" --tree-format json >/dev/null 2>&1
expect_out tree-json 0 '^total +854 guesses' -- verify-tree --game mastermind --pegs 3 "$tmp/mm3.json"
expect_out tree-json-out 0 '"total":854' -- verify-tree --game mastermind --pegs 3 --json "$tmp/mm3.json"
expect_out tree-max 0 '^worst case +5 guesses' -- verify-tree --game mastermind --pegs 3 --max-guesses 5 "$tmp/mm3.tree"
expect_err tree-max-short 2 'needs 5 guesses, more than the limit of 4' -- \
    verify-tree --game mastermind --pegs 3 --max-guesses 4 "$tmp/mm3.tree"
expect_out tree-wordle-hard 0 '^total +8122 guesses' -- verify-tree --hard --max-guesses 6 "$tmp/salet.tree"
expect_out tree-wordle 0 '^total +7920 guesses \(average 3.4212\)' -- verify-tree "$tmp/salet-easy.tree"
"$cb" optimal --game symble --colors 2 --pegs 3 --quiet --tree "$tmp/symble.tree" >/dev/null 2>&1
expect_out tree-symble 0 'all 48 games \(codeword and mapping pairs\) solved' -- \
    verify-tree --game symble --colors 2 --pegs 3 "$tmp/symble.tree"

# Broken trees: the error names the line
printf '12 2B0W\n12 1B0W 11 0B0W 22 2B0W\n12 1B0W 11 2B0W\n12 0B1W 21 2B0W\n' >"$tmp/bad1.tree"
expect_err bad-feedback 2 "bad1.tree: line 4: 12 against the secret 21 gives 0B2W, not 0B1W" -- \
    verify-tree --game mastermind --colors 2 --pegs 2 "$tmp/bad1.tree"
line=$(grep -vn '^#' "$tmp/mm3.tree" | sed -n 5p | cut -d: -f1)
sed "${line}d" "$tmp/mm3.tree" >"$tmp/bad2.tree"
expect_err missing-line 2 'bad2.tree: the file has no line for the secret' -- \
    verify-tree --game mastermind --pegs 3 "$tmp/bad2.tree"
sed "${line}s/^[1-6]*/9999/" "$tmp/mm3.tree" >"$tmp/bad3.tree"
expect_err bad-code 2 "bad3.tree: line $line:" -- verify-tree --game mastermind --pegs 3 "$tmp/bad3.tree"
sed "${line}s/^\([1-6]*\) /\1 1B1W 123 /" "$tmp/mm3.tree" >"$tmp/bad4.tree"
expect_err conflict 2 "bad4.tree: line $line:" -- verify-tree --game mastermind --pegs 3 "$tmp/bad4.tree"
expect_err wrong-game 2 'line [0-9]+: .123. has 3 symbols' -- verify-tree --game mastermind "$tmp/mm3.tree"
sed 's/"guess": "\([1-6]\)/"guess": "X/' "$tmp/mm3.json" >"$tmp/bad5.json"
expect_err bad-json 2 "bad5.json: line [0-9]+: 'X" -- verify-tree --game mastermind --pegs 3 "$tmp/bad5.json"
sed 's/ G / Y /' "$tmp/salet.tree" | sed -n '1,4p' >"$tmp/bad6.tree"
expect_err bad-wordle 2 'bad6.tree: ' -- verify-tree --hard "$tmp/bad6.tree"
printf 'salet ..... crony ..... abbey GGGGG\n' >"$tmp/bad7.tree"
expect_err bad-wordle-feedback 2 'line 1: [a-z]+ against the secret abbey gives' -- verify-tree "$tmp/bad7.tree"

# Bad usage
expect_err no-file 2 'one tree file' -- verify-tree --game mastermind
expect_err missing-file 2 'nothere.tree: No such file' -- verify-tree --game mastermind "$tmp/nothere.tree"
expect_err objective 2 "--objective: 'fast' is not total or worst" -- optimal $mm --objective fast
expect_err top-zero 2 '--top: 0 is out of range' -- optimal $mm --top 0
expect_err max-neg 2 '--max-guesses: -1 is out of range' -- optimal $mm --max-guesses -1
expect_err first-bad 2 '--first: ' -- optimal $mm --first 9999
expect_err first-word 2 '--first: ' -- optimal --quiet --first zzzzz
expect_err time-neg 2 "--time-limit: '-1' is not a positive number" -- optimal $mm --time-limit -1
expect_err time-word 2 "--time-limit: 'soon' is not a positive number" -- optimal $mm --time-limit soon
expect_err positional 2 "'1122' is not GUESS=FEEDBACK" -- optimal $mm 1122
expect_err format-alone 2 '--tree-format needs --tree FILE' -- optimal $mm --tree-format json
expect_err format-bad 2 "--tree-format: 'xml' is not text or json" -- optimal $mm --tree x --tree-format xml
expect_err hard-jotto 2 'Jotto has no hard mode' -- optimal --quiet --game jotto --hard
expect_err tree-dir 1 'nodir/t.tree: No such file' -- optimal $mm --pegs 3 --tree "$tmp/nodir/t.tree"
expect_err cands-first 2 'not a candidate' -- optimal --quiet --candidates-only --first aahed

# Trees and the simulator: a tree written by optimal plays to the same total under simulate, and
# simulate --tree writes the tree of a greedy strategy (Knuth's 5801) that verify-tree accepts.
"$cb" optimal --quiet --game mastermind --tree "$tmp/opt.tree" >/dev/null 2>&1
expect_out sim-opt-tree 0 'total guesses +5625' -- simulate --game mastermind --strategy "tree:$tmp/opt.tree"
expect_out sim-knuth-tree 0 'total guesses +5801' -- simulate --game mastermind --strategy minimax --tree "$tmp/knuth.tree"
expect_out verify-knuth-tree 0 'total +5801 guesses' -- verify-tree --game mastermind "$tmp/knuth.tree"
expect_out sim-knuth-replay 0 'total guesses +5801' -- simulate --game mastermind --strategy "tree:$tmp/knuth.tree"
expect_out sim-json-tree 0 'total guesses +5668' -- simulate --game mastermind --strategy parts --tree "$tmp/p.json" --tree-format json
expect_out verify-json-tree 0 'total +5668 guesses' -- verify-tree --game mastermind "$tmp/p.json"
expect_out sim-symble-tree 0 'average +2\.7500' -- simulate --game symble --words tests/data/symble_small.txt --strategy entropy --tree "$tmp/sy.tree"
expect_out verify-symble-tree 0 'codeword and mapping pairs' -- verify-tree --game symble --words tests/data/symble_small.txt "$tmp/sy.tree"
expect_err sim-tree-missing 2 'tree' -- simulate --game mastermind --strategy tree:/nonexistent/t.tree
expect_err sim-tree-other-game 2 '.' -- simulate --game mastermind --pegs 3 --strategy "tree:$tmp/knuth.tree"
expect_err sim-tree-random 2 'one deterministic strategy' -- simulate --game mastermind --strategy random --tree "$tmp/r.tree"
expect_err sim-tree-sample 2 'leave out --sample' -- simulate --game mastermind --strategy parts --sample 5 --tree "$tmp/r.tree"

# The shipped Super Mastermind strategy (data/trees/super.tree; docs/optimal.md): every secret solved, the
# total it claims, and the simulator plays it to the same total; on the fly (a precomputed table is 1 GiB).
super_tree="$(dirname "$0")/../../data/trees/super.tree"
expect_out super-tree-total 0 'total +178713 guesses \(average 5\.4539\)' -- verify-tree --game super --table off "$super_tree"
expect_out super-tree-valid 0 'all 32768 secrets solved' -- verify-tree --game super --table off "$super_tree"
expect_out super-tree-sim 0 'total guesses +178713' -- simulate --game super --table off --strategy "tree:$super_tree"

# Games that are a row of the registry (issue 41). Jotto (letters in common) proved on its own list
# (data/jotto/common.txt, 200 words: 1.6 s of CPU; test_optimal checks the solver's Jotto against a brute
# force) and on the English dictionary's 359 words of 20 letters in under a second; the 2315 answers
# are out of its reach (docs/usage.md). Bagels: 720 codes of 3 different digits.
run jotto -- optimal --game jotto --quiet --threads 1
seen jotto-own jotto '^total +880 guesses over 200 secrets \(average 4\.4000\)'
seen jotto-own-proved jotto '^result +proved optimal'
run jotto20 -- optimal --game jotto --dictionary english --length 20 --quiet --threads 1
seen jotto-20 jotto20 '^total +1306 guesses over 359 secrets \(average 3\.6379\)'
seen jotto-20-proved jotto20 '^result +proved optimal'
run bagels -- optimal --game bagels --quiet --threads 1
seen bagels bagels '^total +3575 guesses over 720 secrets \(average 4\.9653\)'
seen bagels-proved bagels '^result +proved optimal'
expect_out wordle6-info 0 'wordle, 6 letters \(2525 answers, 29874 guesses\)' -- info --game wordle6
expect_out jotto-info 0 'jotto, 5 letters \(200 answers, 200 guesses\)' -- info --game jotto
expect_out jotto-answers 0 'jotto, 5 letters \(2315 answers, 2315 guesses\)' -- info --game jotto --lists answers
expect_out jotto-feedback 0 '^3$' -- feedback --game jotto about board
expect_out jotto-won 0 '^won$' -- feedback --game jotto board board
expect_out jotto-anagrams 0 '^3 candidates' -- candidates --game jotto --lists answers 'react=5'
expect_out jotto-anagram 0 '^layer$' -- candidates --game jotto 'early=5'
expect_out bagels-feedback 0 '1B2W' -- feedback --game bagels 123 132

summary cli_optimal
