#!/bin/sh
# cli_forgeries.sh: nothing becomes a proof without being proved (issue 57). Each forgery of the issue is
# replayed and must end in a refusal or the true optimum: a format-1 file of false bounds signed with --sign
# (Mastermind 6x4; Wordle within 6 guesses, CRANE 7930 made to look best), the same lines sealed by hand with
# the public key of format 2 (tests/cli/forge_results.c), a file sealed with another installation's key. The
# book line (test_book) and the experiment row (cli_experiment.sh) have tests of their own. Also: a valid last
# line without its newline is kept, not searched again.
# usage: sh tests/cli/cli_forgeries.sh path/to/codebreaker path/to/forge_results   (from the repository's root)
cb="$1"
forge="$2"
. "$(dirname "$0")/lib.sh"

mm="--game mastermind --quiet --threads 1"
# the issue's file: 1234 made to look best (5673) by bounds above it on every other opener
cat >"$tmp/f.txt" <<'END'
# codebreaker optimal results 1
# search: mastermind 6 colours x 4 pegs (1296 codes); least total guesses, no limit on guesses, any allowed guess; cutoff the best total found
1123 >=5700
1234 5673
1122 >=5700
1112 >=5700
1111 >=5880
END
cp "$tmp/f.txt" "$tmp/f1.txt"
# --sign derives each line again: refused, naming the line and the truth; the file is left as it was
expect_err mm-sign-refused 2 "f1.txt:3: '1123 >=5700' does not hold: searched again, the program derives '1123 5625'" -- \
    optimal $mm --results "$tmp/f1.txt" --sign
cmp -s "$tmp/f.txt" "$tmp/f1.txt" && ok || bad "mm: a refused --sign changed the file"
expect_err mm-unsigned-refused 2 "an unsigned results file" -- optimal $mm --results "$tmp/f1.txt"
# the same lines sealed by hand with the public key of format 2: the run says it proves nothing
"$forge" mastermind <"$tmp/f.txt" >"$tmp/f2.txt"
check mm-public "$cb" optimal $mm --results "$tmp/f2.txt"
has mm-public-result '^result +optimal if the lines it rests on hold'
has mm-public-not-proved "^not proved +it rests on 4 lines of .*f2.txt that this run did not derive: format 2"
if grep -q '^result *proved' "$tmp/out"; then bad "mm: a hand-sealed forgery proved"; else ok; fi
check mm-public-json "$cb" optimal $mm --results "$tmp/f2.txt" --json
has mm-public-json-false '"proved":false,"unattested_lines":4,'
expect_err mm-public-sign-refused 2 "f2.txt:4: '1123 >=5700' does not hold" -- optimal $mm --results "$tmp/f2.txt" --sign
# a true file: signed (derived again), then a proof; another installation's key: refused
check mm-true "$cb" optimal $mm --results "$tmp/t.txt"
has mm-true-proved '^result +proved optimal$'
has mm-true-total '^total +5625 '
head -1 "$tmp/t.txt" | grep -q '^# codebreaker optimal results 3$' && ok || bad "mm: a new file is not of format 3"
sed -n 4p "$tmp/t.txt" | grep -Eq '^# key: [0-9a-f]{16}$' && ok || bad "mm: no key line"
{ sed -n 1,2p "$tmp/f.txt" && sed -n '5,$p' "$tmp/t.txt" | cut -d' ' -f1,2; } | "$forge" mastermind >"$tmp/t2.txt"
check mm-true-public "$cb" optimal $mm --results "$tmp/t2.txt"
has mm-true-public-total '^total +5625 '
has mm-true-public-not-proved '^not proved '
check mm-true-sign "$cb" optimal $mm --results "$tmp/t2.txt" --sign
has mm-true-signed "t2.txt: signed \(format 3, this installation's key\): 5 opener lines derived again and sealed"
check mm-true-signed-run "$cb" optimal $mm --results "$tmp/t2.txt"
has mm-true-signed-proved '^result +proved optimal$'
check mm-true-sign-again "$cb" optimal $mm --results "$tmp/t2.txt" --sign
has mm-true-sign-again "already signed with this installation's key; its 5 openers verify"
CODEBREAKER_KEY="$tmp/other.key"
expect_err mm-other-key 2 "t2.txt: sealed with another secret key .*--sign derives each of its lines again" -- \
    optimal $mm --results "$tmp/t2.txt"
check mm-other-key-sign "$cb" optimal $mm --results "$tmp/t2.txt" --sign
check mm-other-key-run "$cb" optimal $mm --results "$tmp/t2.txt"
has mm-other-key-proved '^result +proved optimal$'
CODEBREAKER_KEY="$tmp/results.key"
# a key file that holds something else: refused, never replaced
printf 'not a key\n' >"$tmp/bad.key"
CODEBREAKER_KEY="$tmp/bad.key"
expect_err bad-key 2 "bad.key: not a key of results files" -- optimal $mm --results "$tmp/t3.txt"
grep -q '^not a key$' "$tmp/bad.key" && ok || bad "the bad key file was changed"
CODEBREAKER_KEY="$tmp/results.key"
# a valid last line without its newline is kept (not searched again), and the file gets its newline
check mm-last-line "$cb" optimal $mm --results "$tmp/t.txt"
cp "$tmp/t.txt" "$tmp/t4.txt"
head -c -1 "$tmp/t.txt" >"$tmp/t5.txt"
check mm-last-line-kept "$cb" optimal $mm --results "$tmp/t5.txt"
cmp -s "$tmp/t4.txt" "$tmp/t5.txt" && ok || bad "mm: the last line without its newline was not kept as it was"
if grep -q 'dropped' "$tmp/err"; then bad "mm: a valid last line was dropped"; else ok; fi
has mm-last-line-proved '^result +proved optimal$'

# Wordle within 6 guesses on the original lists: the book's totals, every opener below CRANE's 7930 given a
# bound of 7931, so that CRANE looks best (SALET 7920 is)
if [ "$CB_SANITIZED" != 1 ]; then
    w="--max-guesses 6 --quiet"
    search=$(sed -n 2p data/book/original-6.results | sed 's/cutoff 99999/cutoff the best total found/')
    { echo '# codebreaker optimal results 1' && echo "$search" &&
        awk 'NR > 3 { v = $2; if (v + 0 < 7930) v = ">=7931"; print $1, v }' data/book/original-6.results; } \
        >"$tmp/w1.txt"
    expect_err wordle-sign-refused 2 "w1.txt:4: 'salet >=7931' does not hold: searched again, the program derives 'salet 7920'" \
        -- optimal $w --results "$tmp/w1.txt" --sign
    "$forge" wordle lists=original <"$tmp/w1.txt" >"$tmp/w2.txt"
    check wordle-public "$cb" optimal $w --results "$tmp/w2.txt"
    has wordle-public-crane '^opener +crane$'
    has wordle-public-not-proved '^not proved +it rests on 12971 lines'
    has wordle-public-result '^result +optimal if the lines it rests on hold'
fi
echo "cli_forgeries: $pass passed, $fail failed"
[ "$fail" = 0 ]
