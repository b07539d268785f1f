#!/bin/sh
# cli_coach_openers.sh: rank --exact at the opening reads the opening book (the shipped all-openers
# proofs, data/proofs/*.results, and the book runs, data/book/*.results) instead of proving them again:
# SALET 7920 and TARSE 11219 within the game's 6 guesses and, in hard mode, SALET 8122 and TARSE
# 11627 at once; any other search (hard mode without a limit, another limit, other lists) is not
# theirs. The book's exact totals agree with Selby's published tables.
# usage: tests/cli/cli_coach_openers.sh PROGRAM
cb="$1"
. "$(dirname "$0")/lib.sh"

# the original lists: the proof read, not searched (a search of every opener takes minutes)
check rank-openers timeout 60 "$cb" rank --exact --limit 3 --json
has rank-openers-best '^\{"candidates":2315,"stopped":false,"timed_out":false,"seconds":[0-9.]+,"source":"book","can_lose":false,"guesses":\[\{"rank":1,"guess":"salet","total":7920,"expected":3\.421166,"upper":7920,"expected_upper":3\.421166,"proved":true,'
# the second best, REAST 7923 (Selby's figure), from the book run: exact
has rank-openers-second '"rank":2,"guess":"reast","total":7923,"expected":3\.422462,"upper":7923,.*"proved":true'
check rank-openers-text timeout 60 "$cb" rank --exact --limit 2
has rank-openers-salet '^ +1  salet +7920 +3\.4212  proved '
has rank-openers-source '^values read from the opening book '
# today's lists: TARSE 11219
check rank-openers-2023 timeout 60 "$cb" rank --exact --limit 1 --json --lists nyt2023
has rank-openers-tarse '"source":"book","can_lose":false,"guesses":\[\{"rank":1,"guess":"tarse","total":11219,.*"proved":true'
# hard mode within 6 guesses: SALET 8122
check rank-openers-hard timeout 60 "$cb" rank --exact --hard --max-guesses 6 --limit 3 --json
has rank-openers-hard-best '^\{"candidates":2315,"stopped":false,"timed_out":false,"seconds":[0-9.]+,"source":"book","can_lose":false,"guesses":\[\{"rank":1,"guess":"salet","total":8122,"expected":3\.508423,.*"proved":true,'
# ... and on today's lists: TARSE 11627, the best of every opener (Selby's results_hard_nyt20230701 agrees)
check rank-openers-hard-2023 timeout 60 "$cb" rank --exact --hard --max-guesses 6 --limit 1 --json --lists nyt2023
has rank-openers-hard-tarse '"source":"book","can_lose":false,"guesses":\[\{"rank":1,"guess":"tarse","total":11627,.*"proved":true'

# other searches are not the files': searched (stopped at once by a small budget here), no source
for args in "--hard --max-guesses 0" "--hard --max-guesses 5" "--max-guesses 4" "--candidates-only" "--lists nyt2022" "salet=....."; do
    # shellcheck disable=SC2086 # the options split on purpose
    check "rank-other $args" timeout 120 "$cb" rank --exact --limit 2 --work 1000000 --json $args
    has "rank-other-source $args" '"source":null'
done

# The shipped proofs of today's lists against Selby's published value of every opener (data/selby: his
# results_easy_nyt20230701 and results_hard_nyt20230701, "WORD AVERAGE TOTAL", Infinity when an opener
# cannot solve every secret within 6 guesses in hard mode): each total of ours is his, each bound of ours
# at most his, each opener ours proves impossible impossible in his, and the same 14855 openers.
data="$(dirname "$0")/../../data"
agree() { # agree NAME OURS SELBY [OPENERS]: OPENERS lines (default 14855), each agreeing with Selby's
    want=${4:-14855}
    out=$(awk 'NR == FNR { v[$1] = ($2 == "Infinity") ? "inf" : $3; next }
        /^#/ { next }
        { n++; s = ($1 in v) ? v[$1] : "missing" }
        $2 == "impossible" { if (s != "inf") { bad++; print $0 " against " s }; next }
        $2 ~ /^>=/ { b = substr($2, 3) + 0; if (s == "missing" || (s != "inf" && s + 0 < b)) { bad++; print $0 " against " s }; next }
        { if (s != $2) { bad++; print $0 " against " s }; exact++ }
        END { printf "%d openers, %d totals, %d disagree\n", n, exact, bad }' "$3" "$2")
    case "$out" in
    "$want openers, "*" 0 disagree") ok ;;
    *) bad "$1: $(echo "$out" | tail -3)" ;;
    esac
}
agree selby-normal-2023 "$data/proofs/nyt2023.results" "$data/selby/results_easy_nyt20230701"
agree selby-hard-2023 "$data/proofs/nyt2023-hard6.results" "$data/selby/results_hard_nyt20230701"
# the answer words cut one above the best of them (data/book/*-answers.results): every answer word the
# book does not settle, exact below the cutoff, else proved at least it, or impossible
for f in nyt2023-6-answers:results_easy_nyt20230701 nyt2023-hard6-answers:results_hard_nyt20230701; do
    n=$(grep -vc '^#' "$data/book/${f%%:*}.results")
    agree "selby-${f%%:*}" "$data/book/${f%%:*}.results" "$data/selby/${f#*:}" "$n"
done
# a wrong line is caught: TARSE one guess better than Selby's total
sed 's/^tarse 11627 /tarse 11626 /' "$data/proofs/nyt2023-hard6.results" >"$tmp/wrong.results"
fail0=$fail
agree selby-catches "$tmp/wrong.results" "$data/selby/results_hard_nyt20230701" >/dev/null
[ "$fail" = $((fail0 + 1)) ] && { fail=$fail0; ok; } || bad "selby-catches: a wrong total passed"

# The opening book (data/book: the program's own runs, `optimal --max-guesses 6 --cutoff 99999 --results`,
# each opener's exact total within 6 guesses) against Selby's results_easy_nyt20230701 (his solver's
# default limit is 6 guesses): every total the book holds is his.
book_agree() { # book_agree NAME BOOK SELBY
    out=$(awk 'NR == FNR { v[$1] = ($2 == "Infinity") ? "impossible" : $3; next }
        /^#/ { next }
        { n++ }
        $2 !~ /^[0-9]+$/ && $2 != "impossible" { bad++; print $0 " is not a total"; next }
        $2 != v[$1] { bad++; print $0 " against " v[$1] }
        END { printf "%d openers, %d disagree\n", n, bad }' "$3" "$2")
    case "$out" in
    "0 openers"*) bad "$1: the book is empty" ;;
    *" 0 disagree") ok ;;
    *) bad "$1: $(echo "$out" | tail -3)" ;;
    esac
}
book_agree selby-book-2023 "$data/book/nyt2023-6.results" "$data/selby/results_easy_nyt20230701"
# hard mode (the book's hard-mode runs add --hard): each total his, each "impossible" his Infinity
book_agree selby-book-hard-2023 "$data/book/nyt2023-hard6.results" "$data/selby/results_hard_nyt20230701"
sed 's/^stare 11762 /stare impossible /' "$data/book/nyt2023-hard6.results" >"$tmp/wrong-hard.results"
fail0=$fail
book_agree selby-book-hard-catches "$tmp/wrong-hard.results" "$data/selby/results_hard_nyt20230701" >/dev/null
[ "$fail" = $((fail0 + 1)) ] && { fail=$fail0; ok; } || bad "selby-book-hard-catches: a wrong line passed"
sed 's/^tarse 11219 /tarse 11218 /' "$data/book/nyt2023-6.results" >"$tmp/wrong-book.results"
fail0=$fail
book_agree selby-book-catches "$tmp/wrong-book.results" "$data/selby/results_easy_nyt20230701" >/dev/null
[ "$fail" = $((fail0 + 1)) ] && { fail=$fail0; ok; } || bad "selby-book-catches: a wrong total passed"
# The original lists: Selby published exact totals of the 3593 best openers in normal mode and the 101
# best in hard mode (data/selby/normal.some3593.proven, hard.top101.proven: "WORD TOTAL", within 6
# guesses); every one the book holds has his total, and the book holds some of them.
selby_proven() { # selby_proven NAME BOOK SELBY: every line of SELBY the BOOK holds agrees
    out=$(awk 'NR == FNR { if ($1 !~ /^#/) b[$1] = $2; next }
        { n++ } $1 in b { held++; if (b[$1] != $2) { bad++; print $1 " " b[$1] " against " $2 } }
        END { printf "%d of %d held, %d disagree\n", held, n, bad }' "$2" "$3")
    case "$out" in
    "0 of"*) bad "$1: the book holds none of them" ;;
    *" 0 disagree") ok ;;
    *) bad "$1: $(echo "$out" | tail -3)" ;;
    esac
}
selby_proven selby-original "$data/book/original-6.results" "$data/selby/normal.some3593.proven"
selby_proven selby-original-hard "$data/book/original-hard6.results" "$data/selby/hard.top101.proven"
sed 's/^reast 7923 /reast 7922 /' "$data/book/original-6.results" >"$tmp/wrong-original.results"
fail0=$fail
selby_proven selby-original-catches "$tmp/wrong-original.results" "$data/selby/normal.some3593.proven" >/dev/null
[ "$fail" = $((fail0 + 1)) ] && { fail=$fail0; ok; } || bad "selby-original-catches: a wrong total passed"
# the whole books: each allowed word of their lists once, exact (in hard mode exact or impossible); the
# original lists' 12972 words, the 2023 lists' 14855 in normal mode
for f in original-6:exact:wordle/allowed.txt original-hard6:impossible:wordle/allowed.txt \
    nyt2023-6:exact:nyt/allowed-2022-09.txt; do
    list=${f##*:} f=${f%:*}
    settled=${f#*:} f=${f%%:*}
    grep -v '^#' "$data/book/$f.results" | awk -v s="$settled" '$2 ~ /^[0-9]+$/ || $2 == s { print $1 }' | sort -u >"$tmp/held"
    sort -u "$data/$list" >"$tmp/words"
    comm -23 "$tmp/words" "$tmp/held" >"$tmp/lacking"
    [ -s "$tmp/held" ] && [ ! -s "$tmp/lacking" ] &&
        [ "$(grep -vc '^#' "$data/book/$f.results")" = "$(wc -l <"$tmp/words")" ] && ok ||
        bad "book-$f-whole: $(wc -l <"$tmp/lacking") allowed words lack a settled line"
done
# ... so a review grades even the worst opener by look-up: QAJAQ 9496
if [ "$CB_SANITIZED" != 1 ]; then
    check review-book-worst "$cb" review --json --answer cigar qajaq cigar
    has review-book-qajaq '"turn":1,"guess":"qajaq",.*"total":9496,"expected":4\.101944,"upper":9496,.*"proved":true,.*"book":true,"best":"salet","best_total":7920,'
    # ... and on the 2023 lists: QAJAQ 13365, TARSE 11219 (Selby's results_easy_nyt20230701)
    check review-book-worst-2023 "$cb" review --json --lists nyt2023 --answer cigar qajaq cigar
    has review-book-qajaq-2023 '"turn":1,"guess":"qajaq",.*"total":13365,.*"proved":true,.*"book":true,"best":"tarse","best_total":11219,'
fi
# ... the hard-mode book: STARE 11762 within 6 guesses (Selby's), read, not searched (a search costs 10 s)
if [ "$CB_SANITIZED" != 1 ]; then
    check review-book-hard "$cb" review --json --hard --lists nyt2023 --answer fluff stare cloud blush flung fluff
    has review-book-hard-stare '"turn":1,"guess":"stare",.*"total":11762,"expected":3\.724509,.*"proved":true,.*"book":true,"best":"tarse","best_total":11627,'
    # ... and the best that could be the answer proved: LEAST 11654 (Selby's), every other answer word
    # settled, impossible, or at least 11655 (book/nyt2023-hard6-answers.results)
    has review-book-least '"turn":1,.*"best_candidate":"least","candidate_total":11654,"candidate_expected":3\.690310,"candidate_upper":11654,"candidate_expected_upper":3\.690310,"candidate_proved":true,'
fi
# ... and the review grades an opener the book holds by look-up: CRANE 11309 (Selby's), proved
if [ "$CB_SANITIZED" != 1 ] && grep -q '^crane ' "$data/book/nyt2023-6.results"; then
    check review-book "$cb" review --json --lists nyt2023 --answer ghost crane split ghost
    has review-book-crane '"turn":1,"guess":"crane",.*"total":11309,"expected":3\.581064,.*"proved":true,.*"book":true,"best":"tarse","best_total":11219,'
    # ... with the best that could be the answer proved: CARET 11252 (Selby's), every other answer word
    # exact in the book or, from book/nyt2023-6-answers.results, at least 11253
    has review-book-caret '"turn":1,.*"best_candidate":"caret","candidate_total":11252,"candidate_expected":3\.563015,"candidate_upper":11252,"candidate_expected_upper":3\.563015,"candidate_proved":true,'
fi

echo "cli_coach_openers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
