#!/bin/sh
# cli_harden.sh: the program against damaged and hostile input (issue 26): every file it reads
# stops at the file limit, a results file is evidence checked line by line, raw control bytes never
# reach the terminal, one rule for numbers, and texts that say what the program does.
# usage: sh tests/cli/cli_harden.sh path/to/codebreaker   (from the repository's root)
cb="$1"
forge="$2" # tests/cli/forge_results.c: seals lines with the public key of format 2
. "$(dirname "$0")/lib.sh"

mm="--game mastermind --colors 4 --pegs 4 --quiet --threads 1"

# --- every file the program reads stops at 64 MiB (docs/limits.md), status 2, never runs memory out
# (`timeout`: before the fix these read /dev/zero until memory ran out)
limit="larger than the limit of 64 MiB"
(timeout 120 "$cb" optimal $mm --results /dev/zero >"$tmp/o" 2>"$tmp/e"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q -- "--results: /dev/zero is $limit" "$tmp/e" && ok ||
    bad "optimal --results /dev/zero: status $(cat "$tmp/rc"): $(head -c 300 "$tmp/e")"
(timeout 120 "$cb" optimal $mm --openers @/dev/zero >"$tmp/o" 2>"$tmp/e"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q -- "--openers: /dev/zero is $limit" "$tmp/e" && ok ||
    bad "optimal --openers @/dev/zero: status $(cat "$tmp/rc"): $(head -c 300 "$tmp/e")"
(timeout 120 "$cb" experiment symble-lengths --words /dev/zero --out "$tmp/exp0" --quiet --no-plot \
    >"$tmp/o" 2>"$tmp/e"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q -- "/dev/zero is $limit" "$tmp/e" && ok ||
    bad "experiment --words /dev/zero: status $(cat "$tmp/rc"): $(head -c 300 "$tmp/e")"
mkdir -p "$tmp/exp1"
ln -s /dev/zero "$tmp/exp1/symble-length-growth.csv"
(timeout 120 "$cb" experiment symble-length-growth --games 10 --range n=2..2 --out "$tmp/exp1" --quiet --no-plot \
    >"$tmp/o" 2>"$tmp/e"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q -- "symble-length-growth.csv is $limit" "$tmp/e" && ok ||
    bad "experiment CSV /dev/zero: status $(cat "$tmp/rc"): $(head -c 300 "$tmp/e")"
# a file of exactly the limit is read (its one opener is read and searched); one byte more is refused
awk 'BEGIN { s = sprintf("%1023s", ""); for (i = 0; i < 65535; i++) print s; printf "%1024s", "1123" }' \
    >"$tmp/big.txt"
[ "$(wc -c <"$tmp/big.txt")" = 67108864 ] && ok || bad "the 64 MiB file has $(wc -c <"$tmp/big.txt") bytes"
expect_out openers-64mib 0 "^opener +1123" -- optimal $mm --openers @"$tmp/big.txt"
printf ' ' >>"$tmp/big.txt"
expect_err openers-64mib-1 2 "$limit" -- optimal $mm --openers @"$tmp/big.txt"
rm -f "$tmp/big.txt"

# --- docs and defaults agree (issue 57): serve --help states the defaults the server's code sets
# (web_config_default in web/server.c, WEB_COACH_SECONDS in web/exact.h, WEB_HEAD_SECONDS and WEB_BODY_MS
# in web/server.h) and docs/web.md states
"$cb" serve --help >"$tmp/help" 2>&1
help_default() { sed -n "s/^ *--$1 .*(default \([0-9][0-9]*\).*/\1/p" "$tmp/help"; }
code_port=$(sed -n 's/^ *cfg->port = \([0-9]*\);.*/\1/p' web/server.c)
code_jobs=$(sed -n 's/^ *cfg->max_jobs = \([0-9]*\);.*/\1/p' web/server.c)
code_exact=$(sed -n 's/^#define WEB_COACH_SECONDS \([0-9]*\)\.0 .*/\1/p' web/exact.h)
code_head=$(sed -n 's/^#define WEB_HEAD_SECONDS \([0-9]*\)$/\1/p' web/server.h)
code_body=$(sed -n 's/^#define WEB_BODY_MS \([0-9]*\)000$/\1/p' web/server.h)
for pair in "port:$code_port" "jobs:$code_jobs" "exact-seconds:$code_exact" "head-seconds:$code_head" \
    "body-seconds:$code_body"; do
    opt=${pair%%:*} want=${pair#*:}
    got=$(help_default "$opt")
    if [ -n "$want" ] && [ "$got" = "$want" ]; then ok; else bad "serve --help: --$opt default '$got', the code's '$want'"; fi
    grep -q -- "\`--$opt [A-Z]*\` ([^)]*default $want" docs/web.md && ok ||
        bad "docs/web.md: --$opt default is not the code's $want"
done

# `make fuzz` runs every harness the suite replays (tests/fuzz/CMakeLists.txt, docs/fuzzing.md)
made=$(sed -n 's/^FUZZ ?= //p' Makefile | tr ' ' '\n' | sort | tr '\n' ' ')
built=$(sed -n 's/^set(CB_FUZZ_HARNESSES \(.*\))$/\1/p' tests/fuzz/CMakeLists.txt | tr ' ' '\n' | sort | tr '\n' ' ')
[ -n "$built" ] && [ "$made" = "$built" ] && ok || bad "make fuzz runs '$made', the suite has '$built'"

# --- every input read once (issue 57): --words from a pipe, a FIFO; --memory covers word lists
printf 'crane\nslate\ntrace\n' >"$tmp/three.txt"
cat "$tmp/three.txt" | "$cb" info --words /dev/stdin >"$tmp/out" 2>"$tmp/err" && grep -q '(3 answers, 3 guesses)' "$tmp/out" &&
    ok || bad "words-pipe: $(cat "$tmp/err")"
expect_out words-file 0 "\(3 answers, 3 guesses\)" -- info --words "$tmp/three.txt"
mkfifo "$tmp/fifo"
cat "$tmp/three.txt" >"$tmp/fifo" &
writer=$!
# a second open would wait for a writer for good: the timeout makes that a failure, not a hang
if timeout 60 "$cb" info --words "$tmp/fifo" >"$tmp/out" 2>"$tmp/err" && grep -q '(3 answers, 3 guesses)' "$tmp/out"; then ok; else
    bad "words-fifo: $(cat "$tmp/err")"
    kill "$writer" 2>/dev/null
fi
wait "$writer" 2>/dev/null
expect_err words-memory 2 "12972 words would take about .* over the memory budget of 100 KiB" -- \
    info --lists original --memory 100K

# --- optimal --results: a damaged file never gives a false proof (4 colours x 4 pegs: 905, opener 1123)
# (every single-line edit of a sealed file: tests/cli/cli_results_edits.sh)
res="$tmp/r.res"
"$cb" optimal $mm --results "$res" --openers 1111 >/dev/null 2>&1
head -4 "$res" >"$tmp/head.res"
# unsigned LINES: a results file of this search in format 1 (no digests) holding LINES (printf format)
unsigned() { { echo '# codebreaker optimal results 1' && sed -n 2p "$tmp/head.res" && printf "$1"; } >"$res"; }
# results LINES: the same, sealed with the public key of format 2 as anyone can: a run checks them all the same
results() { unsigned "$1" && "$forge" mastermind colors=4 pegs=4 <"$res" >"$res.2" && mv "$res.2" "$res"; }
# a file of format 1 is refused, with how to sign it; signing derives its lines again and seals them
unsigned '1123 905\n'
expect_err unsigned 2 "r.res: an unsigned results file .*The same command with --sign derives each of its lines again" -- \
    optimal $mm --results "$res"
expect_out sign 0 "r.res: signed \(format 3, this installation's key\): 1 opener lines derived again and sealed" -- \
    optimal $mm --results "$res" --sign
grep -Eq '^1123 905 [0-9a-f]{16}$' "$res" && [ "$(sed -n 3,4p "$res")" = "$(sed -n 3,4p "$tmp/head.res")" ] && ok ||
    bad "sign: $(cat "$res")"
expect_out sign-again 0 "r.res: already signed with this installation's key; its 1 openers verify" -- \
    optimal $mm --results "$res" --sign
expect_err sign-alone 2 "--sign seals the lines of --results FILE" -- optimal $mm --sign
expect_out signed-proves 0 "^result +proved optimal" -- optimal $mm --results "$res"
# a last line cut short by a crash: dropped with a warning, cut off the file, the search proves 905
cp "$tmp/head.res" "$res" && printf '1123 >=9' >>"$res"
err_lines=1 expect_out partial-line 0 "^total +905 " -- optimal $mm --results "$res"
has partial-line-warns "r.res:5: the last line has no newline .*dropped" "$tmp/err"
[ "$(tail -c 1 "$res" | od -An -c | tr -d ' ')" = '\n' ] && ! grep -q '>=9$' "$res" && ok ||
    bad "the partial line stays in the file: $(tail -2 "$res")"
expect_out partial-line-resumes 0 "^result +proved optimal" -- optimal $mm --results "$res"
# a bound below the final budget proves nothing: the opener is searched again
results '1111 >=9\n'
expect_out low-bound 0 "^openers .*1111 >=9[0-9][0-9]" -- optimal $mm --results "$res"
has low-bound-total "^total +905 "
results '1123 >=9\n'
expect_out low-bound-best 0 "^total +905 " -- optimal $mm --results "$res"
# what cannot hold is refused, naming the opener, even signed
err_lines=1
results '1123 impossible\n'
expect_err impossible 2 "'1123 impossible' cannot hold \(no opener is impossible without a limit" -- optimal $mm --results "$res"
results '1123 1\n'
expect_err below-lower-bound 2 "'1123 1' cannot hold \(a total below the opener's lower bound\)" -- \
    optimal $mm --results "$res"
results '1123 880\n'
expect_err wrong-total 2 "'1123 880' cannot hold \(its strategy, rebuilt, totals 905\)" -- optimal $mm --results "$res"
# lines about one opener that contradict each other, with the line numbers (signing refuses them too)
unsigned '1123 906\n1112 >=908\n1123 905\n'
expect_err conflict 2 "r.res:5: '1123 905' contradicts line 3 \('1123 906'\)" -- optimal $mm --results "$res" --sign
unsigned '1123 >=906\n1123 905\n'
expect_err conflict-bound 2 "r.res:4: '1123 905' contradicts line 3 \('1123 >=906'\)" -- \
    optimal $mm --results "$res" --sign
results '1111 >=930\n1111 >=940\n1123 905\n1123 >=900\n'
expect_out agree 0 "^openers .*1111 >=940" -- optimal $mm --results "$res"
unsigned '1123 905 \001\n'
expect_err malformed 2 "r.res:3: expected 'WORD TOTAL'" -- optimal $mm --results "$res" --sign
unset err_lines

# --- experiment results: conflicting rows refused with both lines, a partial last line dropped
exp="$tmp/exp2"
check csv-run "$cb" experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet --no-plot
csv="$exp/symble-length-growth.csv"
cp "$csv" "$tmp/good.csv"
sed -n 2p "$tmp/good.csv" >>"$csv"
check csv-same-row "$cb" experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet \
    --no-plot
has csv-same-row-reused "0 configurations run now, 2 found"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "average") c = i } 1;
    NR == 2 { $c = $c + 1; print }' "$tmp/good.csv" >"$csv"
expect_err csv-conflict 2 "symble-length-growth.csv:3: the row does not verify" -- \
    experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet --no-plot
head -c $(($(wc -c <"$tmp/good.csv") - 30)) "$tmp/good.csv" >"$csv"
err_lines=1 expect_out csv-partial 0 "1 configuration run now, 1 found" -- \
    experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet --no-plot
has csv-partial-warns "symble-length-growth.csv:3: the last line has no newline and does not verify: dropped" "$tmp/err"
[ "$(cut -d, -f1-18 "$csv")" = "$(cut -d, -f1-18 "$tmp/good.csv")" ] && ok ||
    bad "the partial row was not run again: $(diff "$csv" "$tmp/good.csv")"
# a whole last row without its newline is kept, not run again
head -c -1 "$tmp/good.csv" >"$csv"
expect_out csv-last-row 0 "0 configurations run now, 2 found" -- \
    experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet --no-plot
cmp -s "$csv" "$tmp/good.csv" && ok || bad "csv-last-row: the file was not given its newline back"
check csv-fresh "$cb" experiment symble-length-growth --games 10 --range n=2..3 --seed 7 --out "$exp" --quiet \
    --no-plot --fresh
[ "$(wc -l <"$csv")" = 3 ] && ok || bad "--fresh added rows beside the old: $(cat "$csv")"

# --- raw control bytes never reach the terminal: every message quoting input shows them escaped
esc=$(printf '\033') bel=$(printf '\007')
# raw NAME FILE: FILE holds no ESC, BEL or C1 control (U+009B) byte
raw() {
    if grep -q "[$esc$bel]" "$2" || grep -q "$(printf '\302\233')" "$2"; then bad "$1: raw control bytes: $(od -c "$2" | head -5)"; else ok; fi
}
printf 'crane\nsl\033]0;pwned\007te\n' >"$tmp/osc.txt"
expect_err osc-wordlist 2 "osc.txt:2: 'sl\\\\x1b\]0;pwned\\\\x07te' holds a control" -- info --words "$tmp/osc.txt"
raw osc-wordlist "$tmp/err"
printf 'crane\nx\302\233y\377z\n' >"$tmp/c1.txt"
expect_err c1-wordlist 2 "c1.txt:2: 'x\\\\u009by\\\\xffz'" -- info --words "$tmp/c1.txt"
raw c1-wordlist "$tmp/err"
expect_err osc-command 2 "unknown command 'a\\\\x1b\]0;x\\\\x07'" -- "$(printf 'a\033]0;x\007')"
raw osc-command "$tmp/err"
expect_err osc-option 2 "unknown option --a\\\\x1b" -- info "$(printf -- '--a\033]0;x\007')"
raw osc-option "$tmp/err"
printf '1\0333 1111\n' | "$cb" feedback --game mastermind - >"$tmp/out" 2>"$tmp/err"
has osc-feedback "line 1: '1\\\\x1b3'" "$tmp/err"
raw osc-feedback "$tmp/err"
printf 'cr\033]0;x\007ne\nquit\n' | "$cb" play --seed 1 >"$tmp/out" 2>&1
has osc-play "cr\\\\x1b\]0;x\\\\x07ne"
raw osc-play "$tmp/out"
cp "$tmp/head.res" "$res" && printf '1123 90\033]0;x\007 0123456789abcdef\n' >>"$res"
expect_err osc-results 2 "r.res:5: '90\\\\x1b" -- optimal $mm --results "$res"
raw osc-results "$tmp/err"

# --- one rule for numbers: ' 4', '+4' and '4 ' are refused alike, wherever a number is read
sm="--game mastermind --colors 4 --pegs 4 --sample 5"
for v in ' 4' '+4' '4 '; do
    p=$(printf '%s' "$v" | sed 's/+/\\+/')
    expect_err "threads-'$v'" 2 "--threads: '$p' is not a whole number" -- simulate $sm --threads "$v"
    expect_err "seed-'$v'" 2 "--seed: '$p' is not a whole number" -- simulate $sm --seed "$v"
    expect_err "delay-'$v'" 2 "--delay: '$p' is not a whole number" -- simulate $sm --delay "$v"
    expect_err "time-limit-'$v'" 2 "--time-limit: '$p' is not" -- optimal $mm --time-limit "$v"
    expect_err "pegs-'$v'" 2 "--pegs: '$p' is not a list" -- experiment symble-alphabet-growth --pegs "$v"
done
expect_out threads-4 0 "^total guesses +19" -- simulate $sm --threads 4
# --boards takes 2 to 32, as the help says; one board is the plain game
expect_err boards-1 2 "--boards: 1 is out of range \(2 to 32\)" -- simulate --boards 1 --sample 5
expect_err boards-33 2 "--boards: 33 is out of range \(2 to 32\)" -- simulate --boards 33 --sample 5
expect_out boards-2 0 "^2 boards" -- simulate --game mastermind --boards 2 --sample 5
# a tie rule for a strategy that never compares equal scores would change nothing: refused
expect_err first-tie 2 "--tie frequency: first has no ties to break" -- simulate $sm --strategy "first --tie frequency"
expect_err regex-tie 2 "--tie random: regex has no ties to break" -- simulate --strategy regex --tie random --sample 5
expect_err delay-item 2 "'--delay \\+1' is not an option" -- simulate $sm --strategy "minimax --delay +1"
expect_out minimax-tie 0 "^total guesses" -- simulate $sm --strategy "minimax --tie frequency"

# --- output that says what the program does (issue 26, item 8)
# bound: the best first-guess entropy counts the win as a part of its own, the perfect one does not,
# so the best (2.3468) may exceed the perfect (2.3219 = log2 5): both say so
expect_out bound-best 0 "^best first guess +012, entropy 2.3468 bits \(the win a part of its own\)" -- \
    bound --game symble --colors 3 --pegs 3
has bound-perfect "^perfect entropy +2.3219 bits = log2\(5\), the win not a part of its own"
expect_out bound-table 0 "the best counts the win as a part of" -- bound --game symble --pegs 4 --range k=2..3
# first-guess-entropy runs n = 4 and 5: the thesis's Figure 9 is n = 5, its Figure 12 n = 3
expect_out experiment-figures 0 "^  first-guess-entropy .*Figure 9 at n = 5; Figure 12 is --pegs 3" -- experiment
! grep -q "Figures 9, 12" "$tmp/out" && ok || bad "experiment still says Figures 9, 12"
# rank: regex is deterministic; a delayed strategy has no ranking on its random turns, then ranks as without
expect_err rank-regex 2 "regex chooses without scores \(the first answer of distinct letters matching a pattern" -- \
    rank --strategy regex
expect_err rank-random 2 "random plays at random and has no ranking" -- rank --strategy random
expect_err rank-delay 2 "minimax --delay 2 plays a random candidate on turns 1 to 2 \(this is turn 1\)" -- \
    rank --game mastermind --strategy "minimax --delay 2"
expect_out rank-delay-later 0 "guesses ranked by minimax --delay 1" -- rank --game mastermind \
    --strategy "minimax --delay 1" 1122=1B0W
# letters: 4 3 5 2 1 are the positions' turns (under each letter, as the C++ paper prints them); the
# order in which positions are filled is 5 4 2 1 3
expect_out letters-order 0 "cares \(each position's turn: 4 3 5 2 1, so positions filled in the order 5 4 2 1 3;" -- \
    letters --of guesses
# montecarlo tries the remaining candidates only, not every word as the thesis's does (docs/seeds.md)
"$cb" rank --game mastermind --colors 4 --pegs 4 --strategy montecarlo --limit 30 --json 1122=1B0W >"$tmp/out"
has montecarlo-candidates '"candidate":true'
! grep -q '"candidate":false' "$tmp/out" && ok || bad "montecarlo ranked a guess that is not a candidate"

# --- issue 38: feedback - bounds a line without a newline (before, /dev/zero was read forever)
(timeout 60 "$cb" feedback - </dev/zero >"$tmp/o" 2>"$tmp/e"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q "line 1: no newline within 1 MiB: stopped reading" "$tmp/e" && ok ||
    bad "feedback - </dev/zero: status $(cat "$tmp/rc"): $(head -c 300 "$tmp/e")"
# a long line that ends is skipped and the next read (the rule of 4096 bytes a line)
{ head -c 100000 /dev/zero | tr '\0' a; printf '\nsalet aback\n'; } >"$tmp/long"
got=$("$cb" feedback - <"$tmp/long" 2>"$tmp/e")
[ "$got" = "$(printf '?\n.Y...')" ] && grep -q "line 1: longer than 4096 bytes" "$tmp/e" && ok ||
    bad "feedback - long line: $got: $(head -c 300 "$tmp/e")"

# --freq that the run would not read is refused before the set-up (before, /dev/zero was accepted)
expect_err freq-unread 2 "--freq /dev/zero: no strategy of this run reads word frequencies" -- \
    simulate --game mastermind --sample 1 --strategy random --freq /dev/zero
expect_err freq-unread-rank 2 "--freq /dev/zero: no strategy of this run reads word frequencies" -- \
    rank --strategy entropy --freq /dev/zero salet=.Y...
expect_out freq-read 0 "guesses ranked by frequency" -- rank --strategy frequency --freq data/wordle/frequency.tsv salet=.Y...

# --- issue 38: a memory budget checked before the set-up (before, 10^8 codes took 4.6 GB and then failed)
expect_err memory-budget 2 "100000000 codes would take about 4.5 GiB to set up, over the memory budget of 1.0 GiB" -- \
    simulate --game mastermind --colors 10 --pegs 8 --sample 1 --strategy random --memory 1G
expect_err memory-budget-optimal 2 "over the memory budget of 512 MiB" -- \
    optimal --game mastermind --colors 10 --pegs 8 --time-limit 20 --memory 512M
expect_err memory-size 2 "--memory: '\+1G' is not a size such as 512M or 4G" -- info --game mastermind --memory +1G
expect_out memory-fits 0 "1296" -- info --game mastermind --memory 1M
expect_err memory-small 2 "1296 codes would take about 61 KiB to set up, over the memory budget of 1 KiB" -- \
    info --game mastermind --memory 1K

# --time-limit counts the set-up and the scan of the openers, and then no greedy strategy scans them again
# (issue 38: a limit of 3 s ran 112 s on 6 colours x 6 pegs)
expect_out time-limit-setup 0 "^result +stopped at the time limit during the set-up .* with no strategy" -- \
    optimal --game mastermind --colors 6 --pegs 6 --time-limit 1 --quiet
# ... and the feedback table's build, between blocks of rows (issue 38: 8 colours x 5 pegs built its 1 GiB
# table for 9.5 s past --time-limit 5); no machine builds it within the millisecond
expect_out time-limit-table 0 "^search +none: the feedback table's build stopped after" -- \
    optimal --game mastermind --colors 8 --pegs 5 --time-limit 0.001 --quiet
# ... and after it, the search for any strategy within the limit on guesses is bounded in work (before, on
# every allowed word as an answer, --time-limit 5 still ran after 60 s: that search had no budget at all)
expect_out time-limit-fallback 0 "^result +stopped at the time limit" -- \
    optimal --lists all --first lants --time-limit 4 --threads 1 --quiet

summary cli_harden
