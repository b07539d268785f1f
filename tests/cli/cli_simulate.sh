#!/bin/sh
# cli_simulate.sh: end-to-end tests of `codebreaker simulate` and `codebreaker rank`.
# usage: sh tests/cli/cli_simulate.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"
quiet_out=1

# json_field FILE FIELD: the value of a top-level number or string field of the first JSON line
json_field() { sed -n '1s/.*"'"$2"'":\("[^"]*"\|[-0-9.]*\).*/\1/p' "$1"; }

# Mastermind, Knuth's minimax: 5801 guesses, opener 1122, worst case 5 (Kooi 2005).
"$cb" simulate --game mastermind --strategy minimax --json >"$tmp/mm.json" 2>"$tmp/err"
if [ "$(json_field "$tmp/mm.json" total)" = 5801 ] && [ "$(json_field "$tmp/mm.json" first_guess)" = '"1122"' ] \
    && [ "$(json_field "$tmp/mm.json" max)" = 5 ] && grep -q '"distribution":\[0,1,6,62,533,694\]' "$tmp/mm.json" \
    && [ ! -s "$tmp/err" ]; then ok; else bad "mastermind minimax json"; cat "$tmp/mm.json" "$tmp/err"; fi

# several strategies: one JSON object per line, each with the promised fields
"$cb" simulate --game mastermind --strategy expected,parts --candidates-only --json >"$tmp/two.json"
if [ "$(wc -l <"$tmp/two.json")" = 2 ] && grep -q '"total":5722' "$tmp/two.json" \
    && grep -q '"total":5701' "$tmp/two.json"; then ok; else bad "two strategies"; cat "$tmp/two.json"; fi
for field in strategy games total average median stddev max distribution wins_within first_guess seconds; do
    grep -q "\"$field\":" "$tmp/two.json" && ok || bad "json field $field"
done

# --table auto by cost (issue 25): Super Mastermind's 1 GiB table would not pay for a simulation, so
# feedback is computed on the fly; classic Mastermind's small table pays over every secret; --table
# off changes nothing but time and memory
"$cb" simulate --game super --strategy parts --sample 2 --first 11223 --json >"$tmp/super.json"
if grep -q '"table_precomputed":false' "$tmp/super.json" && [ "$(json_field "$tmp/super.json" total)" = 11 ]; then
    ok; else bad "super: feedback on the fly"; cat "$tmp/super.json"; fi
"$cb" simulate --game super --strategy parts --sample 2 --first 11223 >"$tmp/super.txt"
grep -q '^feedback computed on the fly (no table)$' "$tmp/super.txt" && ok || { bad "super: text"; cat "$tmp/super.txt"; }
"$cb" simulate --game mastermind --strategy parts --json >"$tmp/auto.json"
"$cb" simulate --game mastermind --strategy parts --table off --json >"$tmp/off.json"
if grep -q '"table_precomputed":true' "$tmp/auto.json" && grep -q '"table_precomputed":false' "$tmp/off.json" \
    && [ "$(json_field "$tmp/auto.json" total)" = 5668 ] && [ "$(json_field "$tmp/off.json" total)" = 5668 ]; then
    ok; else bad "mastermind: table by cost"; cat "$tmp/auto.json" "$tmp/off.json"; fi

# the text table and histogram, side by side
"$cb" simulate --game mastermind --strategy minimax,entropy >"$tmp/table.txt"
for pattern in '^strategy +minimax +entropy$' '^total guesses +5801 +5722$' '^best / worst case +1 / 5 +1 / 6$' \
    '^first guess +1122 +1234$' '^wins within 10 +1296 \(100.00%\)' '^time per game ' '^removed per turn ' \
    '^distribution of guesses' '^5 +694 '; do
    grep -Eq "$pattern" "$tmp/table.txt" && ok || { bad "table: $pattern"; cat "$tmp/table.txt"; }
done

# a seeded sample: repeatable, and the seed is printed
"$cb" simulate --game mastermind --strategy random --sample 50 --seed 7 >"$tmp/s1.txt"
"$cb" simulate --game mastermind --strategy random --sample 50 --seed 7 --threads 1 >"$tmp/s2.txt"
grep -v -e "^time" -e "built in" "$tmp/s1.txt" >"$tmp/s1b"
grep -v -e "^time" -e "built in" "$tmp/s2.txt" >"$tmp/s2b"
if cmp -s "$tmp/s1b" "$tmp/s2b" && grep -q "a sample of 50 secrets (seed 7)" "$tmp/s1.txt"; then ok; else bad "sample repeatable"; fi

# --max-guesses: a lost game scores G+1
"$cb" simulate --game mastermind --strategy minimax --max-guesses 4 --json >"$tmp/lim.json"
if grep -q '"lost":694' "$tmp/lim.json" && grep -q '"total":5801' "$tmp/lim.json" \
    && grep -q '"wins_within":{"guesses":4,"games":602' "$tmp/lim.json"; then ok; else bad "max guesses"; cat "$tmp/lim.json"; fi

# a game too big to score whole (10^6 codes, on the fly): the symmetries of the opening and a sampled pool
# of guesses (--max-pairs) finish each game in well under a second of CPU, every game won, and the sampled
# positions are counted in the JSON and named in the strategy (docs/limits.md)
"$cb" simulate --game mastermind --colors 10 --pegs 6 --strategy parts --max-pairs 1e7 --sample 3 --seed 1 \
    --json >"$tmp/big.json" 2>"$tmp/err"
if [ "$(json_field "$tmp/big.json" games)" = 3 ] && grep -q '"wins_within":{"guesses":10,"games":3,' "$tmp/big.json" \
    && [ "$(json_field "$tmp/big.json" states_sampled)" -gt 0 ] && [ "$(json_field "$tmp/big.json" max)" -le 9 ] \
    && grep -q '"strategy":"parts --max-pairs 1e+07"' "$tmp/big.json" && [ ! -s "$tmp/err" ]; then ok
else bad "big game sampled"; cat "$tmp/big.json" "$tmp/err"; fi
"$cb" simulate --game mastermind --strategy parts --max-pairs 1e5 --sample 20 --seed 1 >"$tmp/bigt.txt"
grep -Eq '^states sampled +[1-9]' "$tmp/bigt.txt" && ok || { bad "states sampled row"; cat "$tmp/bigt.txt"; }
expect_err max-pairs-bad 2 "not a number from 1 to 1e18, or off" -- simulate --game mastermind --max-pairs 0

# --csv: one row per game with its guesses
"$cb" simulate --game mastermind --strategy minimax --csv "$tmp/games.csv" >/dev/null
if [ "$(wc -l <"$tmp/games.csv")" = 1297 ] && head -1 "$tmp/games.csv" | grep -q '^strategy,secret,guesses,won,path$' \
    && grep -q '^minimax,1122,1,1,1122$' "$tmp/games.csv"; then ok; else bad "csv"; head -3 "$tmp/games.csv"; fi

# Wordle hard mode: every guess of the csv is legal (replayed through `candidates --hard`)
"$cb" simulate --hard --strategy parts --sample 10 --seed 3 --csv "$tmp/hard.csv" >/dev/null
illegal=0
tail -n +2 "$tmp/hard.csv" | while IFS=, read -r strat secret n won path; do
    hist=""
    for g in $path; do
        [ "$g" = "$secret" ] && break
        fb=$("$cb" feedback "$g" "$secret")
        hist="$hist $g=$fb"
    done
    # shellcheck disable=SC2086
    "$cb" candidates --hard --limit 0 $hist >/dev/null 2>&1 || echo "illegal: $secret: $path"
done >"$tmp/illegal"
[ ! -s "$tmp/illegal" ] && ok || { bad "hard mode"; head -3 "$tmp/illegal"; }
# hard mode is the position's, not the strategy's: the name has no --hard, the header and the JSON say it
expect_out hard-header 0 '^wordle.*, hard mode$' -- simulate --hard --strategy parts --sample 3
expect_out hard-json 0 '^\{"strategy":"parts","game":"[^"]*","hard":true,' -- simulate --hard --strategy parts --sample 3 --json
expect_out normal-json 0 '"hard":false,' -- simulate --strategy parts --sample 3 --json
expect_err hard-spec 2 "is not an option of a strategy" -- simulate --strategy "parts --hard x"

# rank: the scores side by side, and a partition
"$cb" rank --game mastermind --strategy minimax --limit 3 >"$tmp/rank.txt"
if grep -Eq '^ +1 +1122 +256 +204.535 +13 +2.8851 +yes$' "$tmp/rank.txt" && [ "$(grep -c yes "$tmp/rank.txt")" = 3 ]; then
    ok; else bad "rank"; cat "$tmp/rank.txt"; fi
"$cb" rank --strategy entropy --limit 1 salet=.Y... --json | grep -q '"candidates":102,.*"guess":"brond"' && ok \
    || bad "rank json"
"$cb" rank --game mastermind --partition 1122 >"$tmp/part.txt"
if grep -Eq '^1B0W +256 ' "$tmp/part.txt" && grep -Eq '^4B0W +1 +1122$' "$tmp/part.txt" \
    && grep -q "1122 splits 1296 candidates into 13 parts: largest 256" "$tmp/part.txt"; then ok; else bad "partition"; cat "$tmp/part.txt"; fi

# bad input: one line, status 2
expect_err unknown-strategy 2 "unknown strategy 'knuth'" -- simulate --game mastermind --strategy knuth
expect_err unknown-in-list 2 "unknown strategy 'foo'" -- simulate --game mastermind --strategy minimax,foo
expect_err first-not-a-word 2 "--first: 'zzzzz' is not in the list" -- simulate --first zzzzz
expect_err first-bad-code 2 "--first: .*not a symbol" -- simulate --game mastermind --first 1179
expect_err sample-zero 2 "--sample: 0 is out of range" -- simulate --sample 0
expect_err sample-too-big 2 "--sample: 1297 is more than the 1296 secrets" -- simulate --game mastermind --sample 1297
expect_err bad-tie 2 "--tie: 'sometimes' is not first, random or frequency" -- simulate --tie sometimes
expect_err bad-seed 2 "--seed: 'x' is not a whole number" -- simulate --seed x
expect_err tree 2 "/nonexistent.tree: No such file" -- simulate --strategy tree:/nonexistent.tree
expect_err hard-jotto 2 "Jotto has no hard mode" -- simulate --game jotto --hard
expect_err rank-contradiction 2 "contradicts itself" -- rank crane=..... crane=GGGGG
expect_err rank-bad-partition 2 "--partition: 'qqqqq' is not in the list" -- rank --partition qqqqq
expect_err rank-random 2 "plays at random" -- rank --strategy random
expect_err rank-two 2 "one --strategy" -- rank --strategy minimax,parts
# a failed write is status 1 (not a usage error)
"$cb" simulate --game mastermind --strategy first --csv /nonexistent/dir/x.csv >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" = 1 ] && grep -q "cannot write /nonexistent/dir/x.csv" "$tmp/err"; then ok; else bad "csv-unwritable: status $rc"; cat "$tmp/err"; fi

"$cb" simulate --help | grep -q "strategy options:" && ok || bad "simulate help"

summary cli_simulate
