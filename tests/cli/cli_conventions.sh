#!/bin/sh
# cli_conventions.sh: the program's conventions for scripts (issue 12) and its defences against bad
# input (issue 15): failed writes, `-` for stdout, atomic files, RFC 4180 CSV, usage errors, limits.
# usage: sh tests/cli/cli_conventions.sh path/to/codebreaker
cb="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
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

# --- usage errors are status 2: stray arguments, a repeated option; assist takes the turns played
expect_err info-stray 2 "info takes no arguments, but got 'bogus'" -- info bogus
expect_err simulate-stray 2 "simulate takes no arguments" -- simulate --game mastermind extra
expect_err bound-stray 2 "bound takes no arguments" -- bound --game symble x
expect_err play-stray 2 "play takes no arguments" -- play crane
expect_err serve-stray 2 "serve takes no arguments" -- serve 8080
expect_err repeated 2 "game is given twice" -- info --game wordle --game mastermind
expect_err repeated-eq 2 "limit is given twice" -- rank --limit=3 --limit 4 salet=.Y...
printf 'quit\n' >"$tmp/quit"
"$cb" assist salet=.Y... crony=..G.. <"$tmp/quit" >"$tmp/out" 2>"$tmp/err"
has assist-history "one candidate left: avoid"
expect_err assist-bad-history 2 "crony=GGGGG: no answer nor any allowed word gives this" -- assist salet=.Y... crony=GGGGG
check version "$cb" --version
has version-line '^codebreaker [0-9]+\.[0-9]+'
has version-licence '^licence: MIT'
has version-plotting '^plotting: (yes|no) .*CB_PLOT=(AUTO|ON|OFF)\)$'
has version-editing '^line editing: (yes|no) .*CB_LIBEDIT=(AUTO|ON|OFF)\)$'
has version-mpi '^MPI: (yes|no) .*CB_MPI=(AUTO|ON|OFF)\)$'
has version-web '^web dashboard: (yes .*CB_WEB=(AUTO|ON), CB_CHARTS=(AUTO|ON|OFF)|no .*CB_WEB=(AUTO|ON|OFF))\)$'
has version-kernels '^kernels: table (scalar|avx2|avx512), partition (scalar|avx2), row (scalar|avx2|avx512), look_ahead (scalar|avx2), look_ahead_count (scalar|avx2|avx512) \(this processor: (scalar|avx2|avx512);'
# CB_CPU_LEVEL caps the kernels' level (every processor has scalar); an unknown value is refused
check cpu-scalar env CB_CPU_LEVEL=scalar "$cb" --version
has cpu-scalar-line '^kernels: table scalar, partition scalar, row scalar, look_ahead scalar, look_ahead_count scalar '
check cpu-info env CB_CPU_LEVEL=scalar "$cb" info --json
has cpu-info-json '"cpu_level":"scalar"'
has cpu-info-kernels '"kernels":{"table":"scalar","partition":"scalar","row":"scalar","look_ahead":"scalar","look_ahead_count":"scalar"}'
CB_CPU_LEVEL=sse9 "$cb" --version >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ] && grep -q "CB_CPU_LEVEL is 'sse9'" "$tmp/err"; then ok; else bad "cpu-unknown: $(head -2 "$tmp/err")"; fi
expect_err version-extra 2 "--version takes no arguments, got 'extra'" -- --version extra
expect_err V-extra 2 "-V takes no arguments" -- -V extra
check V "$cb" -V
has V-line '^codebreaker [0-9]+\.[0-9]+'
# every file option takes -: a decision tree on standard input too (tree:-)
"$cb" simulate --game mastermind --strategy minimax --tree "$tmp/mm.tree" >/dev/null 2>&1
"$cb" solve --game mastermind --strategy tree:- 1234 <"$tmp/mm.tree" >"$tmp/out" 2>"$tmp/err" && ok || bad "tree:-: status $?"
has tree-stdin '^turn 3 +1234 +4B0W +solved'
# singulars
printf 'crane\n' >"$tmp/one.txt"
check one-info "$cb" info --words "$tmp/one.txt"
has one-info-singular '\(1 answer, 1 guess\)'
check one-optimal "$cb" optimal --words "$tmp/one.txt"
has one-optimal-singular 'total +1 guess over 1 secret '
if grep -Eq '(^|[ (])1 [a-z]*[^s]s\b' "$tmp/out"; then bad "one-optimal: a plural after 1"; cat "$tmp/out"; else ok; fi

# --- one set of conventions (issue 23): help CMD, - for every file, --csv FILE, values that complete
check help-cmd "$cb" help simulate
has help-cmd-usage '^usage: codebreaker simulate '
has help-cmd-option '^  --csv FILE '
"$cb" simulate --help >"$tmp/simulate.help"
cmp -s "$tmp/out" "$tmp/simulate.help" && ok || bad "help simulate differs from simulate --help"
check help "$cb" help
has help-general '^commands:'
expect_err help-unknown 2 "help: unknown command 'bogus'" -- help bogus
# - reads standard input, a pipe, as often as the program needs it (one strategy per name; bound --range)
printf 'crane\nslate\n' | "$cb" info --words - >"$tmp/out" 2>"$tmp/err" && ok || bad "info --words -: $(cat "$tmp/err")"
has stdin-words '^possible secrets +2$'
printf 'crane\nslate\ntrace\n' | "$cb" info --answers - >"$tmp/out" 2>"$tmp/err" && ok || bad "info --answers -: $(cat "$tmp/err")"
has stdin-answers '^possible secrets +3$'
printf 'crane\nslate\n' | "$cb" simulate --words - --strategy minimax,entropy --json >"$tmp/out" 2>"$tmp/err" && ok ||
    bad "simulate --words -: $(cat "$tmp/err")"
[ "$(grep -c '"games":2' "$tmp/out")" = 2 ] && ok || bad "simulate --words -: not 2 games for each strategy"
printf 'abc\nabcd\ncrane\nslate\n' | "$cb" bound --words - --range n=3..5 --no-entropy --csv - >"$tmp/out" 2>"$tmp/err" && ok ||
    bad "bound --words - --range: $(cat "$tmp/err")"
[ "$(awk -F, 'NR > 1 { printf "%s:%s ", $2, $3 }' "$tmp/out")" = "3:1 4:1 5:2 " ] && ok || bad "bound --words -: $(cat "$tmp/out")"
printf 'crane 9\n' | "$cb" solve --strategy frequency --freq - --words "$tmp/one.txt" crane >"$tmp/out" 2>"$tmp/err" && ok ||
    bad "solve --freq -: $(cat "$tmp/err")"
printf 'crane\nsl\000te\n' | "$cb" info --words - >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'stdin:2:' "$tmp/err" && ok || bad "info --words - with a bad line: $(cat "$tmp/err")"
printf '11\n12\n' | "$cb" optimal --game mastermind --colors 3 --pegs 2 --openers @- >"$tmp/out" 2>"$tmp/err" && ok ||
    bad "optimal --openers @-: $(cat "$tmp/err")"
has openers-stdin 'among the openers searched'
cd "$tmp" || exit 1 # where a file named - would be made
expect_err results-stdin 2 "results: .* name a file" -- optimal --game mastermind --colors 3 --pegs 2 --results -
cd - >/dev/null || exit 1
# --csv FILE in every command that writes CSV: a file, or - for the CSV alone on stdout
for args in "distribution --game mastermind 1122" "bound --game symble --colors 6 --pegs 4"; do
    c=${args%% *}
    # shellcheck disable=SC2086
    check "$c-csv-file" "$cb" $args --csv "$tmp/$c.csv"
    # the text output on stdout, the CSV in the file
    if grep -q '^[a-z_]*,[a-z_]*,' "$tmp/$c.csv" && ! grep -qxF "$(head -1 "$tmp/$c.csv")" "$tmp/out"; then ok; else
        bad "$c --csv FILE: $(head -2 "$tmp/out")"
    fi
    # shellcheck disable=SC2086
    check "$c-csv-stdout" "$cb" $args --csv -
    cmp -s "$tmp/out" "$tmp/$c.csv" && ok || bad "$c --csv -: not the CSV of --csv FILE alone"
    # shellcheck disable=SC2086
    expect_err "$c-csv-json" 2 "csv - writes to stdout" -- $args --csv - --json
done
# the values the manual and the completions offer (codebreaker --options) are values the commands accept
"$cb" --options >"$tmp/options" && ok || bad "--options"
[ "$(awk -F'\t' '$1 == "command"' "$tmp/options" | wc -l)" = 16 ] && ok || bad "--options: not 16 commands"
for opt in game lists strategy tie objective of table tree-format dictionary; do
    grep -q "^option	[a-z-]*	[a-z]*	$opt	[A-Z]*	[a-z]" "$tmp/options" && ok || bad "--options: no values for --$opt"
done
values() { awk -F'\t' -v o="$1" -v c="$2" '$1 == "option" && $4 == o && $2 == c { print $6; exit }' "$tmp/options"; }
# accepts NAME ARGS...: the command runs (status 0)
accepts() {
    name="$1"
    shift
    if "$cb" "$@" >/dev/null 2>"$tmp/err" </dev/null; then ok; else bad "$name: $* refused: $(head -1 "$tmp/err")"; fi
}
for v in $(values game simulate); do
    case "$v" in
    absurdle) accepts "game $v" simulate --game "$v" --strategy first --table off ;;
    *) accepts "game $v" simulate --game "$v" --sample 1 --strategy first --table off ;;
    esac
done
for v in $(values lists info); do accepts "lists $v" info --lists "$v"; done
for v in $(values table info); do accepts "table $v" info --game mastermind --table "$v"; done
for v in $(values dictionary info); do accepts "dictionary $v" info --dictionary "$v"; done
for v in $(values tie rank); do accepts "tie $v" rank --game mastermind --colors 3 --pegs 2 --limit 1 --tie "$v"; done
for v in $(values objective optimal); do accepts "objective $v" optimal --game mastermind --colors 2 --pegs 2 --objective "$v"; done
for v in $(values tree-format optimal); do
    accepts "tree-format $v" optimal --game mastermind --colors 2 --pegs 2 --tree - --tree-format "$v"
done
for v in $(values of letters); do accepts "of $v" letters --of "$v"; done
printf 'crane\nslate\ntrace\ncrate\nstale\n' >"$tmp/five.txt"
for v in $(values strategy simulate); do
    case "$v" in
    sum-* | one-by-one) accepts "strategy $v" simulate --game dordle --sample 2 --strategy "$v" ;;
    *) accepts "strategy $v" simulate --words "$tmp/five.txt" --iterations 2 --strategy "$v" ;;
    esac
done
[ "$(values game experiment)" = "symble wordle mastermind" ] && ok || bad "experiment --game values: $(values game experiment)"
case " $(values strategy rank) " in *" sum-entropy "*) bad "rank offers the several boards' strategies" ;; *" parts "*) ok ;; *) bad "rank --strategy: $(values strategy rank)" ;; esac

# --- every --json the help offers prints JSON (each line one JSON value: one object, or JSON Lines)
"$cb" optimal --game mastermind --colors 3 --pegs 3 --tree "$tmp/m33.tree" >/dev/null
offered=""
for cmd in $("$cb" --help | awk '/^commands:/ { on = 1; next } on && !NF { exit } on { print $1 }'); do
    "$cb" "$cmd" --help | grep -q -- '--json' && offered="$offered $cmd"
done
if [ "$offered" = " info feedback candidates rank distribution letters bound simulate optimal review verify-tree solve" ]; then ok; else
    bad "json-offered: --json is offered by$offered (each needs a case below)"
fi
# json NAME ARGS...: the command succeeds with output, kept in $tmp/NAME.json and parsed below
mkdir "$tmp/json"
json() {
    name="$1"
    shift
    if "$cb" "$@" --json >"$tmp/json/$name.json" 2>"$tmp/err" && [ -s "$tmp/json/$name.json" ]; then ok; else
        bad "json-$name: status or no output"
        head -3 "$tmp/err"
    fi
}
json info info
json feedback feedback crane slate
json candidates candidates salet=.Y...
json rank rank --limit 3 salet=.Y...
json distribution distribution --game mastermind 1122
json bound bound --game symble --colors 6 --pegs 4
json simulate simulate --game mastermind --sample 20 --strategy first,minimax
json optimal optimal --game mastermind --colors 3 --pegs 3
json review review --answer cigar crane roate
json verify-tree verify-tree --game mastermind --colors 3 --pegs 3 "$tmp/m33.tree"
json solve solve --game mastermind 1234
json letters letters
json rank-exact rank --game mastermind --colors 4 --pegs 3 --exact --limit 3
json rank-partition rank --partition salet salet=.Y...
json rank-table rank --partition salet,crane
# each output is one JSON value per line (one Python for all: it starts slowly on a busy machine)
if python3 -c '
import json, sys
for path in sys.argv[1:]:
    lines = open(path).read().splitlines()
    assert lines, path
    for line in lines:
        try:
            json.loads(line)
        except ValueError as e:
            sys.exit("%s: %s: %s" % (path, e, line[:80]))
' "$tmp"/json/*.json; then ok; else bad "json: an output is not JSON Lines"; fi
# docs/json.md names every key (at any depth) of each output in the section `## NAME` of its file NAME.json
if python3 -c '
import json, os, re, sys
doc = open(sys.argv[1]).read()
sections = {}
for part in re.split(r"^## ", doc, flags=re.M)[1:]:
    sections[part.split(None, 1)[0]] = set(re.findall(r"`([A-Za-z0-9_]+)`", part))
def keys(v):
    if isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from keys(x)
    elif isinstance(v, list):
        for x in v:
            yield from keys(x)
missing = []
for path in sys.argv[2:]:
    name = os.path.basename(path)[:-len(".json")]
    documented = sections.get(name)
    if documented is None:
        missing.append("%s: no section \"## %s\"" % (name, name))
        continue
    for line in open(path).read().splitlines():
        for k in sorted(set(keys(json.loads(line))) - documented):
            missing.append("%s: key `%s`" % (name, k))
if missing:
    sys.exit("docs/json.md lacks " + "; ".join(sorted(set(missing))))
' "$(dirname "$0")/../../docs/json.md" "$tmp"/json/*.json; then ok; else bad "json-doc: docs/json.md does not name every key"; fi
expect_err play-json 2 "unknown option --json" -- play --json
expect_err assist-json 2 "unknown option --json" -- assist --json

# --- input that must be refused (issue 15, finding 6)
expect_err after-win 2 "already won" -- candidates crane=GGGGG crane=GGGGG
expect_err after-win-mm 2 "already won" -- candidates --game mastermind 1234=4B 1234=4B
printf 'crane\nsl\000te\n' >"$tmp/nul.txt"
expect_err nul-byte 2 "nul.txt:2: .*control" -- info --words "$tmp/nul.txt"
printf '\357\273\277crane\n' >"$tmp/bom.txt"
check bom "$cb" info --words "$tmp/bom.txt"
has bom-5-letters '5 letters' 
expect_err dev-zero 2 "larger than the limit of 64 MiB" -- info --words /dev/zero
# feedback - reads in bounded memory: a line past 4096 bytes or with a NUL byte is refused, the rest goes on
(printf 'crane slate\n'; head -c 5000 /dev/zero | tr '\000' a; printf '\nsl\000te crane\nslate crane\n') >"$tmp/pairs"
"$cb" feedback - <"$tmp/pairs" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "..G.G ? ? ..G.G " ] && grep -q "line 2: longer than 4096" "$tmp/err" &&
    grep -q "line 3: holds a NUL" "$tmp/err"; then ok; else bad "feedback-lines: status $rc"; cat "$tmp/out" "$tmp/err"; fi
head -c 50000000 /dev/zero | "$cb" feedback - >/dev/null 2>&1
[ $? = 2 ] && ok || bad "feedback-dev-zero"
(printf '\357\273\277'; cat "$tmp/m33.tree") >"$tmp/bom.tree"
check tree-bom "$cb" verify-tree --game mastermind --colors 3 --pegs 3 "$tmp/bom.tree"
expect_err tree-dev-zero 2 "larger than the limit of 64 MiB" -- verify-tree --game mastermind /dev/zero

# --- a write that fails is an error: stdout on a full disk gives status 1 and says so, in every subcommand
# full NAME ARGS...: the command with stdout on /dev/full (stdin: $tmp/stdin) exits 1 and names the failure
full() {
    name="$1"
    shift
    "$cb" "$@" >/dev/full 2>"$tmp/err" <"$tmp/stdin"
    rc=$?
    if [ "$rc" = 1 ] && grep -Eq "No space left on device|cannot write" "$tmp/err"; then ok; else bad "full-$name: status $rc, stderr:"; head -3 "$tmp/err"; fi
}
: >"$tmp/stdin"
"$cb" optimal --game mastermind --colors 3 --pegs 3 --tree "$tmp/m33.tree" >/dev/null
full help --help
full version --version
full V -V
full info info
full info-json info --json
full info-help info --help
full feedback feedback crane slate
printf 'crane slate\nslate crane\n' >"$tmp/stdin"
full feedback-stream feedback -
: >"$tmp/stdin"
full candidates candidates
full candidates-json candidates --json salet=.Y...
full rank rank --limit 3 salet=.Y...
full distribution distribution --game mastermind 1122
full bound bound --game symble --colors 6 --pegs 4
full letters letters
full simulate-json simulate --json --game mastermind --sample 20
full simulate simulate --game mastermind --sample 20
full optimal optimal --game mastermind --colors 3 --pegs 3
full optimal-tree optimal --game mastermind --colors 3 --pegs 3 --tree -
full verify-tree verify-tree --game mastermind --colors 3 --pegs 3 "$tmp/m33.tree"
full experiment-list experiment list
full solve solve --game mastermind 1234
full play play --game mastermind --seed 1
full assist assist --game mastermind
# reading stdin that fails is an error too
"$cb" feedback - </ >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" = 1 ] && grep -q "cannot read standard input" "$tmp/err"; then ok; else bad "feedback-read: status $rc"; cat "$tmp/err"; fi

# --- output files: "-" is stdout, a failed write is status 1, and no truncated file is ever left behind
printf 'ab,c\nabc"\nbbcd\nacbd\n' >"$tmp/comma.txt"
cd "$tmp" || exit 1
check csv-stdout "$cb" simulate --words "$tmp/comma.txt" --strategy first,entropy --csv -
cd - >/dev/null || exit 1
has csv-stdout-only '^strategy,secret,guesses,won,path$'
if grep -q "average" "$tmp/out"; then bad "csv-stdout: the summary went to stdout with the CSV"; else ok; fi
# RFC 4180: Python's csv module reads back every field, the comma and the quote inside words
if python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0] == ["strategy", "secret", "guesses", "won", "path"], rows[0]
assert all(len(r) == 5 for r in rows), [len(r) for r in rows]
assert {r[1] for r in rows[1:]} == {"ab,c", "abc\"", "bbcd", "acbd"}, rows
assert rows[1][4].split(" ")[0] == "ab,c", rows[1]
' "$tmp/out"; then ok; else bad "csv-python: Python's csv module does not read the CSV back"; fi
check csv-file "$cb" simulate --words "$tmp/comma.txt" --csv "$tmp/games.csv"
if [ "$(wc -l <"$tmp/games.csv")" = 5 ]; then ok; else bad "csv-file: $tmp/games.csv"; fi
echo old >"$tmp/perm.csv"
chmod 640 "$tmp/perm.csv"
ln -s perm.csv "$tmp/link.csv"
check csv-replace "$cb" simulate --words "$tmp/comma.txt" --csv "$tmp/link.csv"
if [ -L "$tmp/link.csv" ] && [ "$(stat -c %a "$tmp/perm.csv")" = 640 ] && [ "$(wc -l <"$tmp/perm.csv")" = 5 ]; then ok; else
    bad "csv-replace: the link or the permissions of the file replaced were lost"
fi
[ -e "$tmp/-" ] && bad "--csv - wrote a file named -" || ok
expect_err csv-full 1 "csv: cannot write /dev/full: No space left" -- simulate --words "$tmp/comma.txt" --csv /dev/full
expect_err csv-nofolder 1 "csv: cannot write $tmp/none/g.csv: No such file" -- simulate --words "$tmp/comma.txt" --csv "$tmp/none/g.csv"
expect_err tree-full 1 "tree: .*No space left" -- optimal --game mastermind --colors 3 --pegs 3 --tree /dev/full
if has_part plotting; then
    check plot-stdout "$cb" distribution --game mastermind 1122 --plot -
    has plot-stdout-svg '</svg>'
    if head -c 5 "$tmp/out" | grep -q '<?xml'; then ok; else bad "plot-stdout: stdout is not the SVG alone"; fi
else
    skip_part plot-stdout "this build has no PLplot (Debian: libplplot-dev, plplot-driver-cairo)"
fi
ls -a "$tmp" | grep -q '\.tmp' && bad "a temporary file was left in $tmp" || ok

# a full disk (a 16 KiB tmpfs, when this runs as root and may mount): every writer fails with status 1,
# the file written before stays whole, and no temporary file is left behind
small="$tmp/small"
mkdir -p "$small"
if mount -t tmpfs -o size=16k tmpfs "$small" 2>/dev/null; then
    # unmounted however the test ends (an interrupt, ctest's timeout), before the scratch folder goes
    trap 'umount "$small" 2>/dev/null; rm -rf "$tmp"' EXIT
    trap 'exit 1' INT TERM HUP
    echo "keep me" >"$small/m.tree"
    head -c 12000 /dev/zero >"$small/ballast" # leaves about 4 KiB
    "$cb" optimal --game mastermind --colors 4 --pegs 4 --tree "$small/m.tree" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 1 ] && [ "$(cat "$small/m.tree")" = "keep me" ]; then ok; else bad "tree-disk: status $rc, $(head -c 40 "$small/m.tree")"; cat "$tmp/err"; fi
    rm -f "$small/ballast"
    if has_part plotting; then
    "$cb" experiment symble-length-growth --games 20 --range n=2..3 --out "$small/e" --quiet >/dev/null 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 1 ] && grep -q "cannot write" "$tmp/err"; then ok; else bad "experiment-disk: status $rc"; cat "$tmp/err"; fi
    ls -a "$small" "$small/e" | grep -q '\.tmp' && bad "experiment-disk: a temporary file was left" || ok
    for f in "$small"/e/*; do [ -s "$f" ] || bad "experiment-disk: $f is empty"; done
    else
        skip_part experiment-disk "this build has no PLplot: the experiment's figures fill the disk"
    fi
    umount "$small"
else
    echo "note: cannot mount a tmpfs here; the full-disk tests of files were skipped"
fi

summary cli_conventions
