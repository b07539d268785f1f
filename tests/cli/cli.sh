#!/bin/sh
# cli.sh: end-to-end tests of the codebreaker program: outputs and exit statuses.
# usage: sh tests/cli/cli.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"
err_lines=2

expect wordle-example 0 ".Y..." -- feedback --game wordle salet aback
expect mastermind-example 0 "2B1W" -- feedback --game mastermind 1122 1223
expect bulls 0 "1B1W" -- feedback --game bulls 0123 0345
expect symble-colours 0 ".Y..." -- feedback --game symble thorn solid
expect symble-lands 0 "..Y.." -- feedback --game symble lands hello
expect symble-mapping 0 "aabaa" -- feedback --game symble --mapping abc lands hello
expect default-game 0 "GGGGG" -- feedback crane crane
expect uppercase 0 "GGGGG" -- feedback CRANE crane
expect json 0 '{"guess":"salet","secret":"aback","feedback":".Y..."}' -- feedback --json salet aback
expect complete 0 "GGYY" -- feedback --game wordle --colors 6 --pegs 4 0012 0021
expect candidates 0 "1 candidate
avoid" -- candidates salet=.Y... crony=..G..
expect candidates-mm 0 "$(printf '1 candidate\n1223')" -- candidates --game mastermind 1122=2B1W 1344=1B1W 3526=1B1W 1462=1B1W 1223=4B0W
expect candidates-json 0 '{"count":1,"candidates":["avoid"]}' -- candidates --json salet=.Y... crony=..G..

# stdin mode: one feedback per line; a bad line prints ? and the rest goes on
printf 'salet aback\ncrane crane\nxxxxx crane\nspeed abide\n' >"$tmp/pairs"
got=$("$cb" feedback - <"$tmp/pairs" 2>"$tmp/err")
rc=$?
if [ "$rc" = 2 ] && [ "$got" = "$(printf '.Y...\nGGGGG\n?\n..Y.Y')" ] && grep -q "line 3" "$tmp/err"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL stdin mode: $rc $got"; cat "$tmp/err"
fi

# stdin mode is fast: 200 000 lines in well under 2 seconds of processor time (the target is 100 000
# lines a second), measured as processor time so that a loaded machine does not fail it
awk 'BEGIN { for (i = 0; i < 200000; i++) print "salet aback" }' >"$tmp/many"
# `times` runs in this shell (in $(...) or a pipeline it would see a subshell's children only): its second
# line is the processor time of the finished children, user and system
times >"$tmp/times0"
"$cb" feedback - <"$tmp/many" >"$tmp/many.out"
times >"$tmp/times1"
ms=$(awk 'FNR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); t[NR > 2] = (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }
          END { printf "%d\n", t[1] - t[0] }' "$tmp/times0" "$tmp/times1")
lines=$(wc -l <"$tmp/many.out")
limit=2000
[ -n "$CB_SANITIZED" ] && limit=20000 # sanitizer builds are several times slower: the target is for release builds
if [ "$lines" = 200000 ] && [ "$ms" -lt "$limit" ]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL stdin speed: $lines lines in $ms ms of processor time"
fi

# info
"$cb" info >"$tmp/info" && grep -q "possible secrets   2315" "$tmp/info" && grep -q "allowed guesses    12972" "$tmp/info" \
    && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL info"; cat "$tmp/info"; }
"$cb" info --json --game mastermind | grep -q '"secrets":1296,"guesses":1296' \
    && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL info json"; }
"$cb" info --game wordle --colors 25 --pegs 5 | grep -q "computed on the fly" \
    && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL info on the fly"; }

# errors: one line, status 2
expect_err not-a-word 2 "'xyzzy' is not in the list" -- feedback xyzzy crane
expect_err short-word 2 "has 3 letters" -- feedback abc crane
expect_err bad-colour 2 "not a symbol" -- feedback --game mastermind 1172 1122
# bundled lists by name (issue 13): every command's --lists; the allowed words as possible answers without a file
"$cb" info --lists nyt2023 --table off --json | grep -q '"secrets":3158,"guesses":14855' \
    && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL info --lists nyt2023"; }
expect lists-all 0 "1 candidate
pansy" -- candidates --lists all --table off salet=YG... crony=...YG
expect_err lists-outside 2 "no answer of the list gives crony=...YG after the 1 feedback before it, but 1 allowed word would: pansy \(--lists all takes" -- candidates --lists nyt2023 salet=YG... crony=...YG
expect_err lists-contradict 2 "no answer nor any allowed word gives crony=GGGGG after" -- candidates --lists nyt2023 salet=YG... crony=GGGGG
expect_err lists-solve-outside 2 "'pansy' is allowed as a guess but is not one of the possible secrets \(--lists all takes" -- solve --lists nyt2023 pansy
expect_err lists-unknown 2 "unknown word lists 'nyt2099' \(use original, nyt2023" -- info --lists nyt2099
expect_err lists-mastermind 2 "apply to word games, not to Mastermind" -- info --game mastermind --lists nyt2023
expect_err lists-and-files 2 "either bundled lists or word lists" -- info --lists all --words /dev/null
expect_err unknown-game 2 "unknown game 'chess'" -- info --game chess
expect_err unknown-option 2 "unknown option --frobnicate" -- info --frobnicate
expect_err unknown-command 2 "unknown command" -- frobnicate
expect_err absurd-colours 2 "out of range" -- info --game mastermind --colors 99
expect_err absurd-size 2 "codes; the limit" -- info --game mastermind --colors 16 --pegs 10
expect_err bad-number 2 "not a whole number" -- info --game mastermind --colors six
expect_err contradiction 2 "no answer of the list gives salet=GGGGG, but 1 allowed word would: salet \(--lists allowed" -- candidates salet=GGGGG
printf 'crane\ncrate\nslate\n' >"$tmp/three"
expect_err contradiction-words 2 "no secret gives crane=\.\.\.\.\.$" -- candidates --words "$tmp/three" crane=.....
expect_err contradiction-later 2 "contradicts itself" -- candidates crane=..... crane=GGGGG
expect_err bad-feedback 2 "not a colour" -- candidates salet=.Q...
expect_err bad-mm-feedback 2 "cannot happen" -- candidates --game mastermind 1122=3B1W
expect_err hard-mode 2 "hard mode: the guess must contain a" -- candidates --hard salet=.Y... crony=.....
expect_err hard-jotto 2 "Jotto has no hard mode" -- candidates --game jotto --hard
# a word outside a game's own list says which list (issue 56): Jotto plays its 200 words
expect_err jotto-own-list 2 "'crane' is not one of the words of this game's list: Jotto's common words" -- \
    feedback --game jotto crane about
# Mastermind's hard mode: every guess must still be possible
expect_err hard-mastermind 2 "must still be possible" -- candidates --game mastermind --hard 1122=0B0W 1134=0B0W
expect_err missing-file 2 "cannot open /nonexistent" -- info --words /nonexistent
printf 'crane\nslate\ncrane\n' >"$tmp/dup.txt"
expect_err duplicate 2 "dup.txt:3: 'crane' appears twice" -- info --words "$tmp/dup.txt"
expect_err table-too-big 2 "needs .* GiB" -- info --game wordle --colors 25 --pegs 5 --table on
expect_err bad-mapping 2 "not an order" -- feedback --game symble --mapping abd lands hello
expect_err no-args 2 "GUESS SECRET" -- feedback salet

"$cb" feedback --help | grep -q "example:" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL help"; }
# no arguments: the usage on stderr, status 2 (a usage error), nothing on stdout
"$cb" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q "commands:" "$tmp/err" && [ ! -s "$tmp/out" ] && ok || bad "bare usage: not on stderr with status 2"

summary cli
