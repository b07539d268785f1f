#!/bin/sh
# cli_conventions.sh: the program's conventions for scripts (issue 12) and its defences against bad
# input (issue 15): failed writes, `-` for stdout, atomic files, RFC 4180 CSV, usage errors, limits.
# usage: sh tests/cli/cli_conventions.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"

# --- numbers a Mastermind feedback cannot hold: no overflow, a clear error (issue 15, finding 2)
expect_err mm-overflow 2 "cannot happen with 4 pegs" -- candidates --game mastermind '1234=2 99999999999999999999'
expect_err mm-llong-max 2 "cannot happen with 4 pegs" -- candidates --game mastermind '1234=2 9223372036854775807'
expect_err mm-overflow-b 2 "cannot happen with 4 pegs" -- candidates --game mastermind '1234=9223372036854775807B1W'

# --- word frequencies must be finite, non-negative and not absurdly large
printf 'crane 1\nslate inf\n' >"$tmp/inf.tsv"
expect_err freq-inf 2 "inf.tsv:2: expected a word and a weight" -- rank --strategy frequency --freq "$tmp/inf.tsv"
printf 'crane 1e400\n' >"$tmp/huge.tsv"
expect_err freq-1e400 2 "huge.tsv:1: expected a word and a weight" -- rank --strategy frequency --freq "$tmp/huge.tsv"
printf 'crane nan\n' >"$tmp/nan.tsv"
expect_err freq-nan 2 "nan.tsv:1: expected a word and a weight" -- rank --strategy frequency --freq "$tmp/nan.tsv"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
