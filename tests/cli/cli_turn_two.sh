#!/bin/sh
# cli_turn_two.sh: the turn-two file of `codebreaker optimal --turn-two` (docs/optimal.md, "The turn-two
# file"): each child's total is what `optimal` proves from the position it leaves, the opener's total the
# secrets' count plus its children's, a resumed run tolerates a cut last line and a repeated opener, and a
# damaged line is refused.
# usage: sh tests/cli/cli_turn_two.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"

# Mastermind 6x4, every opener settled exactly (Koyama and Lai 1993: 1123 5625).
mm="--game mastermind --quiet --threads 1 --cutoff 99999"
check mm-run "$cb" optimal $mm --results "$tmp/mm.res" --turn-two "$tmp/mm.t2"
[ "$(grep -vc '^#' "$tmp/mm.t2")" = 5 ] && ok || bad "mm-lines: 5 openers expected in the turn-two file"
has mm-magic '^# codebreaker optimal turn two 1$' "$tmp/mm.t2"
has mm-line '^1123 5625 0B0W:[1-6]{4}:246 0B1W:[1-6]{4}:975 .* [0-9a-f]{16}$' "$tmp/mm.t2"
# each opener's total is its results line's, and the secrets' count plus its children's
if grep -v '^#' "$tmp/mm.t2" | awk '{ s = 1296; for (i = 3; i < NF; i++) { split($i, f, ":"); s += f[3] }
                                        if (s != $2) bad = 1 } END { exit bad }'; then ok; else bad "mm-sum"; fi
[ "$(grep -v '^#' "$tmp/mm.t2" | cut -d' ' -f1,2 | sort)" = "$(grep -v '^#' "$tmp/mm.res" | cut -d' ' -f1,2 | sort)" ] &&
    ok || bad "mm-totals: the turn-two file's totals are not the results file's"
# a few children against the position's own proof
for item in 1123=0B0W 1123=1B2W 1111=0B0W 1234=2B2W; do
    o=${item%%=*} f=${item#*=}
    want=$(grep "^$o " "$tmp/mm.t2" | tr ' ' '\n' | grep "^$f:" | cut -d: -f3)
    expect_out "mm-child-$item" 0 "^total +$want guesses" -- optimal --game mastermind --quiet "$item"
done

# resumed: a results file that lost its last openers, a turn-two file cut in the middle of a line
head -4 "$tmp/mm.res" >"$tmp/part.res"
head -4 "$tmp/mm.t2" >"$tmp/part.t2"
sed -n 5p "$tmp/mm.t2" | head -c 40 >>"$tmp/part.t2"
"$cb" optimal $mm --results "$tmp/part.res" --turn-two "$tmp/part.t2" >/dev/null 2>"$tmp/err"
has resume-warn 'no newline .*dropped' "$tmp/err"
[ "$(grep -v '^#' "$tmp/part.t2" | cut -d' ' -f1 | sort -u | wc -l)" = 5 ] && ok || bad "resume: 5 openers expected"
[ "$(grep -v '^#' "$tmp/part.t2" | sort -u | cut -d' ' -f1 | sort | uniq -d)" = "" ] && ok ||
    bad "resume: two different lines of one opener"
# a run over a complete file appends nothing and accepts it
check resume-whole "$cb" optimal $mm --results "$tmp/part.res" --turn-two "$tmp/part.t2"

# a damaged line is refused with its number, nothing appended
sed '4s/:246 /:245 /' "$tmp/mm.t2" >"$tmp/bad.t2"
cp "$tmp/bad.t2" "$tmp/bad.copy"
expect_err damaged 2 'bad.t2: line 4: .*does not verify' -- optimal $mm --results "$tmp/mm.res" --turn-two "$tmp/bad.t2"
cmp -s "$tmp/bad.t2" "$tmp/bad.copy" && ok || bad "damaged: the refused file was changed"
# another search's file, and options it does not go with
expect_err other-search 2 'written by another search' -- \
    optimal --game mastermind --quiet --cutoff 99998 --results "$tmp/other.res" --turn-two "$tmp/mm.t2"
expect_err no-results 2 '--turn-two FILE goes with --results' -- optimal --game mastermind --turn-two "$tmp/x.t2"
expect_err same-file 2 'a file of its own' -- optimal --game mastermind --results "$tmp/y" --turn-two "$tmp/y"

# The review reads turn two from the bundled files (data/book/nyt2023-6.turn2, nyt2023-hard6.turn2): the best
# guess with its exact value, marked book; the values are what `optimal` proves from the position
# (tarse=Y..G. on nyt2023: 25 guesses over 12 candidates, in hard mode 27).
expect_out review-turn2 0 '^   2  split +Y\.\.\.G +12  2\.8333 +[a-z]+\*? +2\.0833 book ' -- \
    review --lists nyt2023 --answer ghost tarse split ghost
expect_out review-turn2-json 0 '"turn":2,.*"best_total":25,.*"best_proved":true,"best_book":true' -- \
    review --lists nyt2023 --answer ghost tarse split ghost --json
expect_out review-turn2-hard 0 '^   2  ghost +GGGGG +12  2\.3333 +[a-z]+\*? +2\.2500 book ' -- \
    review --lists nyt2023 --hard --answer ghost tarse ghost
# the best played: nothing of the turn searched but its line, the played value the book's too
best=$("$cb" review --lists nyt2023 --answer ghost tarse split ghost --json | tr '{' '\n' | grep '"turn":2,' |
    sed 's/.*"best":"\([a-z]*\)".*/\1/')
expect_out review-turn2-best 0 "\"turn\":2,\"guess\":\"$best\".*\"book\":true,\"best\":\"$best\",\"best_total\":25" -- \
    review --lists nyt2023 --answer ghost tarse "$best" ghost --json
expect_out review-turn2-position 0 '^total +25 guesses over 12 secrets' -- \
    optimal --lists nyt2023 --max-guesses 6 --quiet --no-book tarse=Y..G.
has review-turn2-position-searched '^result +proved optimal$'

# `optimal` at a position the book settles (cb_optimal_options.no_book): the book's best guess alone is
# searched, with the book's total as budget; the summary (total, worst case, opener, distribution) is the
# full search's (--no-book), in both modes
for mode in "" --hard; do
    sel='^(total|worst case|opener|distribution) '
    "$cb" optimal --lists nyt2023 $mode --quiet --no-book tarse=Y..G. >"$tmp/full" 2>&1
    "$cb" optimal --lists nyt2023 $mode --quiet tarse=Y..G. >"$tmp/book" 2>&1
    has "book-result$mode" '^result +proved optimal: the bundled turn-two book' "$tmp/book"
    [ "$(grep -E "$sel" "$tmp/full")" = "$(grep -E "$sel" "$tmp/book")" ] && [ -n "$(grep -E '^total' "$tmp/book")" ] &&
        ok || bad "book-same$mode: the book's summary is not the search's"
done
grep '^total' "$tmp/book" | grep -q '^total  *27 guesses over 12 secrets' && ok || bad "book-hard: 27 expected"
# issue 54 and 59's big position: FUZZY's ..... in about a second of CPU, where searching every guess takes a minute
"$cb" optimal --lists nyt2023 --quiet --json fuzzy=..... | tr ',' '\n' | grep -E '^"(book|total|first_guess)":' >"$tmp/out"
[ "$(tr '\n' ' ' <"$tmp/out")" = '"book":true "total":6118 "first_guess":"tarse" ' ] && ok ||
    bad "book-fuzzy: $(tr '\n' ' ' <"$tmp/out")"
# not the book's search: another limit, a slice, one opener; the book is not read
for args in "--max-guesses 7" "--slice 0/2000" "--first tarse"; do
    "$cb" optimal --lists nyt2023 --quiet $args --json tarse=Y..G. 2>&1 | tr ',' '\n' >"$tmp/out"
    has "book-not-$args" '^"book":false$' "$tmp/out"
done
# issue 54's example: after FUZZY, 1842 candidates, TARSE best at 6118 (3.3214), read from the file (proving it
# from the position over every guess takes about a minute of CPU: `optimal --lists nyt2023 --no-book fuzzy=.....`)
expect_out review-fuzzy 0 '^   2  split +Y\.\.\.G +1842  [0-9.]+ +tarse\* +3\.3214 book ' -- \
    review --lists nyt2023 --answer ghost fuzzy split ghost
grep -q '^fuzzy 12893 \.\.\.\.\.:tarse:6118 ' data/book/nyt2023-6.turn2 && ok || bad "review-fuzzy-file: fuzzy=..... tarse 6118"
# another limit: not the file's, so the turn is searched (no book mark)
"$cb" review --lists nyt2023 --max-guesses 7 --answer ghost tarse split ghost >"$tmp/out" 2>&1
if grep -E '^   2 ' "$tmp/out" | grep -q book; then bad "review-turn2-limit: the 6-guess file used for 7"; else ok; fi

# The assistant's exact strategy plays turn two from the hard-mode file too (its limit: 6 in hard mode).
want=$(grep '^tarse ' data/book/nyt2023-hard6.turn2 | tr ' ' '\n' | grep '^\.\.\.\.\.:' | cut -d: -f2)
echo quit | "$cb" assist --lists nyt2023 --hard --strategy exact tarse=..... >"$tmp/out" 2>&1
has assist-turn2 "^turn 2: 319 candidates; try $want\$" "$tmp/out"

# The best opener's shipped strategies (data/trees, issue 54 item 7): valid within 6 guesses, with the proved
# totals (TARSE 11219, in hard mode 11627), and the review's optimal line from turn 1 read from them.
expect_out tree-normal 0 '^total +11219 guesses' -- verify-tree --lists nyt2023 --max-guesses 6 data/trees/nyt2023-6.tree
expect_out tree-hard 0 '^total +11627 guesses' -- \
    verify-tree --lists nyt2023 --hard --max-guesses 6 data/trees/nyt2023-hard6.tree
has tree-hard-valid 'every guess allowed in hard mode' "$tmp/out"
expect_out line-turn1 0 '"turn":1,.*"line":\["tarse","[a-z]+","ghost"\]' -- \
    review --lists nyt2023 --answer ghost tarse split ghost --json
expect_out line-turn1-hard 0 '"turn":1,.*"line":\["tarse","[a-z]+","ghost"\]' -- \
    review --lists nyt2023 --hard --answer ghost tarse ghost --json
expect_out line-text 0 '^optimal line from turn 1: tarse [a-z]+ ghost$' -- review --lists nyt2023 --answer ghost crane ghost

summary cli_turn_two
