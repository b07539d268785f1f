#!/bin/sh
# cli_experiment.sh: end-to-end tests of `codebreaker experiment`: every experiment on a tiny run,
# its CSV and figures, resumption, seeds, the published figures it reproduces, bad input.
# usage: sh tests/cli/cli_experiment.sh path/to/codebreaker   (from the repository's root)
cb="$1"
. "$(dirname "$0")/lib.sh"

# figures NAME DIR BASE...: DIR/BASE.svg and DIR/BASE.png exist and are images (in a build with
# PLplot; without it, none was drawn)
plotting=0
has_part plotting && plotting=1
if [ "$plotting" = 0 ]; then # every experiment runs with --no-plot (without it, it fails: no figures)
    skip_part figures "this build has no PLplot (Debian: libplplot-dev, plplot-driver-cairo)"
    printf '#!/bin/sh\n[ "$1" = experiment ] && exec "%s" "$@" --no-plot\nexec "%s" "$@"\n' "$cb" "$cb" >"$tmp/noplot"
    chmod +x "$tmp/noplot"
    cb="$tmp/noplot"
fi
figures() {
    name="$1" dir="$2"
    shift 2
    if [ "$plotting" = 0 ]; then
        ls "$dir" | grep -q '\.\(svg\|png\)$' && bad "$name: a build without PLplot drew figures" || ok
        return
    fi
    for b in "$@"; do
        image "$name" "$dir/$b.svg" svg
        image "$name" "$dir/$b.png" png
    done
}

# csv NAME FILE ROWS: FILE has a header and ROWS records, every one with as many fields as the header
# (fields in double quotes may hold commas)
csv() {
    got=$(awk '
        function fields(line,   n, i, q, c) {
            n = 1; q = 0
            for (i = 1; i <= length(line); i++) {
                c = substr(line, i, 1)
                if (c == "\"") q = !q
                else if (c == "," && !q) n++
            }
            return q ? -1 : n
        }
        NR == 1 { want = fields($0); next }
        { if (fields($0) != want) bad++; rows++ }
        END { printf "%d %d", rows, bad + 0 }' "$2")
    if [ "$got" = "$3 0" ]; then ok; else bad "$1: $2 has (rows, malformed) = ($got), want ($3, 0)"; fi
}

# column FILE NAME: the values of column NAME (no quoted fields before it), one per line
column() {
    awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } { print $c }' "$1"
}

out="$tmp/exp"

# --- the list, and bad input
check list "$cb" experiment
has list-names "symble-lengths.*thesis, Figure 4"
has list-opening "opening-sweep"
expect_err unknown 2 "unknown experiment 'nope'" -- experiment nope
expect_err two-names 2 "one NAME only" -- experiment opening-sweep target-turn
expect_err games-zero 2 "games: 0 is out of range" -- experiment symble-length-growth --games 0
expect_err games-word 2 "not a whole number" -- experiment symble-length-growth --games many
expect_err range-bad 2 "not k=FROM..TO" -- experiment symble-length-growth --range x=1..3
expect_err range-down 2 "must go up" -- experiment symble-length-growth --range n=5..3
expect_err range-var 2 "sweeps code lengths" -- experiment symble-length-growth --range k=2..5
expect_err range-var2 2 "sweeps alphabet sizes" -- experiment symble-alphabet-growth --range n=2..5
expect_err not-applies 2 "colors does not apply to the experiment symble-lengths" -- \
    experiment symble-lengths --colors 6
expect_err not-applies2 2 "first does not apply" -- experiment target-turn --first serai
expect_err pegs-bad 2 "pegs: '5,x' is not a list" -- experiment symble-alphabet-growth --pegs 5,x
expect_err too-big 2 "more than the" -- experiment symble-alphabet-growth --pegs 9 --range k=30..30
expect_err opener 2 "first: .*zzzzz" -- experiment opening-sweep --first zzzzz --out "$out"
expect_err strategy 2 "unknown strategy 'nope'" -- experiment target-turn --strategy nope --games 5 --out "$out"
expect_err words-missing 2 "cannot read" -- experiment symble-lengths --words "$tmp/none.txt" --out "$out"
printf 'plain file\n' >"$tmp/file"
expect_err out-file 1 "cannot make the directory" -- experiment symble-length-growth --out "$tmp/file/x"
expect_err games-and-sample 2 "give one" -- experiment symble-lengths --games 5 --sample 6

# --- symble-length-growth: tiny, then resumed, then with other parameters beside
check growth "$cb" experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$out"
has growth-seed "seed 7"
# the header says what was run: the options that changed the paper's set-up, then the paper's
has growth-header "^experiment symble-length-growth \(Symble thesis, Table 1\), seed 7: the paper's set-up changed by --games 40 --range n=2\.\.4 \(the paper's: "
has growth-rows "^  4       1296      40 "
has growth-run "3 configurations run now, 0 found"
csv growth-csv "$out/symble-length-growth.csv" 3
figures growth-fig "$out" symble-length-growth
check growth-again "$cb" experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$out"
has growth-resumed "0 configurations run now, 3 found there and reused"
csv growth-csv-same "$out/symble-length-growth.csv" 3
# a resumed row carries a digest under the installation's key: an edited average is refused, not reused (issue
# 38), and so is a forged row that agrees with itself (issue 57: average and distribution edited together)
mkdir -p "$tmp/edited"
awk -F, -v OFS=, 'NR == 3 { $13 = "1.000000" } 1' "$out/symble-length-growth.csv" >"$tmp/edited/symble-length-growth.csv"
expect_err growth-edited 2 "symble-length-growth.csv:3: the row does not verify" \
    -- experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/edited" --quiet --no-plot
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 3 { $c["average"] = "2.000000";
    $c["distribution"] = "2:" $c["played"]; $c["median"] = 2; $c["max"] = 2 } 1' "$out/symble-length-growth.csv" \
    >"$tmp/edited/symble-length-growth.csv"
expect_err growth-forged 2 "symble-length-growth.csv:3: the row does not verify" \
    -- experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/edited" --quiet --no-plot
# the rows of another installation's key do not verify either
cp "$out/symble-length-growth.csv" "$tmp/edited/symble-length-growth.csv"
CODEBREAKER_KEY="$tmp/other.key"
expect_err growth-other-key 2 "symble-length-growth.csv:2: the row does not verify" -- \
    experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/edited" --quiet --no-plot
CODEBREAKER_KEY="$tmp/results.key"
# a file written before rows carried digests: refused whole
cut -d, -f1-26 "$out/symble-length-growth.csv" >"$tmp/edited/symble-length-growth.csv"
expect_err growth-no-digests 2 "written before rows carried digests" \
    -- experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/edited" --quiet --no-plot
check growth-more "$cb" experiment symble-length-growth --games 40 --range n=2..5 --seed 7 --out "$out"
has growth-more-run "1 configuration run now, 3 found"
check growth-seed2 "$cb" experiment symble-length-growth --games 40 --range n=2..4 --seed 8 --out "$out"
has growth-seed2-run "3 configurations run now"
csv growth-csv-all "$out/symble-length-growth.csv" 7
# the same seed in another directory: the same games, hence the same figures
check growth-repeat "$cb" experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/exp2"
a=$(column "$out/symble-length-growth.csv" average | head -3)
b=$(column "$tmp/exp2/symble-length-growth.csv" average)
c=$(column "$out/symble-length-growth.csv" average | tail -3)
[ "$a" = "$b" ] && ok || bad "seed 7 twice: averages $a against $b"
[ "$a" != "$c" ] && ok || bad "seeds 7 and 8 gave the same averages $a"
check growth-fresh "$cb" experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/exp2" --fresh
has growth-fresh-run "3 configurations run now, 0 found"
[ "$(column "$tmp/exp2/symble-length-growth.csv" average | tail -3)" = "$a" ] && ok || bad "--fresh changed the averages"
check growth-noplot "$cb" experiment symble-length-growth --games 10 --range n=2..2 --out "$tmp/exp3" --no-plot
[ ! -e "$tmp/exp3/symble-length-growth.png" ] && ok || bad "--no-plot drew a figure"
# a results file from elsewhere is refused, and so is a damaged row
printf 'a,b\n1,2\n' >"$tmp/exp3/symble-length-growth.csv"
expect_err foreign-csv 2 "columns are not this experiment's" -- \
    experiment symble-length-growth --games 10 --range n=2..2 --out "$tmp/exp3"
head -1 "$out/symble-length-growth.csv" >"$tmp/exp3/symble-length-growth.csv"
printf 'symble,complete,6\n' >>"$tmp/exp3/symble-length-growth.csv"
expect_err damaged-csv 2 "csv:2: 3 fields where 27 belong" -- \
    experiment symble-length-growth --games 10 --range n=2..2 --out "$tmp/exp3"
# every value is checked when read back (issue 15: seconds=inf or played=-5 hung PLplot; nan, text and huge
# numbers flowed into tables and figures): the error names file:line and the column
for damage in seconds:inf played:-5 average:nan average:abc average:1e300 median:-1 removed:2 max:99999999 \
    distribution:2:x seed:-1 k:1e400; do
    col=${damage%%:*} value=${damage#*:}
    awk -F, -v OFS=, -v col="$col" -v value="$value" \
        'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i } NR == 3 { $c = value } 1' \
        "$out/symble-length-growth.csv" >"$tmp/exp3/symble-length-growth.csv"
    expect_err "damaged-$col-$value" 2 "symble-length-growth.csv:3: $col '.*' is not" -- \
        experiment symble-length-growth --games 40 --range n=2..4 --seed 7 --out "$tmp/exp3" --quiet
done

# --- symble-alphabet-growth: both code lengths, the bounds beside
check alphabet "$cb" experiment symble-alphabet-growth --games 30 --range k=2..7 --out "$out"
has alphabet-n5 "complete dictionaries of n = 5"
has alphabet-n3 "complete dictionaries of n = 3"
has alphabet-linear "^  7      16807 .* 1 " # floor(7/5) = 1
csv alphabet-csv "$out/symble-alphabet-growth.csv" 12
figures alphabet-fig "$out" symble-alphabet-growth-n5 symble-alphabet-growth-n3

# --- first-guess-entropy. Symble thesis: on the complete dictionary n = 4, k = 6 the best first guess is
# 0012, about 3.72 bits, against a perfect 3.807 (docs/analysis.md has ours to four places: 3.7229)
check entropy "$cb" experiment first-guess-entropy --pegs 4 --range k=2..8 --out "$out"
has entropy-0012 "^  6         1296     14       0012    3\.7229    3\.7665    3\.8074"
csv entropy-csv "$out/first-guess-entropy.csv" 7
figures entropy-fig "$out" first-guess-entropy-n4
check entropy-again "$cb" experiment first-guess-entropy --pegs 4 --range k=2..8 --out "$out"
has entropy-resumed "0 configurations run now, 7 found"
expect_err entropy-games 2 "games does not apply" -- experiment first-guess-entropy --games 5

# --- symble-lengths on a small word list of three lengths
awk 'length($0) >= 4 && length($0) <= 6 && NR % 97 == 0' data/english/words_alpha.txt >"$tmp/words.txt"
check lengths "$cb" experiment symble-lengths --words "$tmp/words.txt" --sample 12 --range n=4..6 \
    --iterations 5 --out "$out"
has lengths-header "minimax +entropy +entropy-knuth +random +montecarlo"
has lengths-row "^  5 +[0-9]+ +[0-9.]+ ± [0-9.]+"
csv lengths-csv "$out/symble-lengths.csv" 15
figures lengths-fig "$out" symble-lengths
has lengths-tie "entropy --tie random" "$out/symble-lengths.csv"
check lengths-again "$cb" experiment symble-lengths --words "$tmp/words.txt" --sample 12 --range n=4..6 \
    --iterations 5 --strategy random,minimax --out "$out"
has lengths-resumed "0 configurations run now, 6 found"
# another word list is another key: its rows go beside
echo zzzz >>"$tmp/words.txt"
check lengths-list "$cb" experiment symble-lengths --words "$tmp/words.txt" --sample 12 --range n=4..4 \
    --strategy random --out "$out"
has lengths-list-run "1 configuration run now"

# --- target-turn on a sample of secrets
check target "$cb" experiment target-turn --games 25 --strategy minimax,random-any --out "$out"
has target-wordle "^minimax +none +25 "
has target-random-any "^random-any +3 +25 "
has target-mm "Mastermind 6x4"
csv target-csv "$out/target-turn.csv" 10
figures target-fig "$out" target-turn-wordle-score target-turn-wordle-removed target-turn-wordle-time \
    target-turn-mastermind-score target-turn-mastermind-removed target-turn-mastermind-time

# --- opening-sweep, the whole of it. The Wordle-in-C++ paper, Table 2: minimax with ties to a candidate,
# then the first in alphabetical order, over the 12972 allowed words as answers: SERAI 4.2789 on average
# and 8 at worst, LARES 7 at worst.
check sweep "$cb" experiment opening-sweep --out "$out"
has sweep-serai "^serai +12972 +55506 +4\.2789 +8 "
has sweep-lares "^lares +12972 +[0-9]+ +[0-9.]+ +7 "
has sweep-paper "^serai +4\.2789 +4\.2789 +8 +8"
csv sweep-csv "$out/opening-sweep.csv" 2
figures sweep-fig "$out" opening-sweep

summary cli_experiment
