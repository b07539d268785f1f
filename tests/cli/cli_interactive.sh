#!/bin/sh
# cli_interactive.sh: play, assist and solve driven through stdin (no terminal): scripted games of every
# rule, refused guesses that cost no turn, contradictory feedback, end of input, plain output.
# usage: sh tests/cli/cli_interactive.sh path/to/codebreaker
cb="$1"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
esc=$(printf '\033')
# Most sessions use a small word list: the same code, a tiny feedback table (fast under the sanitizers too).
printf '%s\n' crane crave craze crate trace salet slate crony chump couch cough sissy mummy fluff jazzy zonal \
    aback anvil round grump vivid strae coley ducts avant hello lands solid thorn >"$tmp/words.txt"
W="--words $tmp/words.txt"

# session NAME INPUT ARGS...: run the program with INPUT on stdin; output in $tmp/out, status in $rc.
session() {
    name="$1"
    printf '%b' "$2" >"$tmp/in"
    shift 2
    "$cb" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL $name: $1 (status $rc)"
    sed 's/^/  | /' "$tmp/out" | tail -25
    sed 's/^/  ! /' "$tmp/err" | head -5
}
# has TEXT...: each fixed string occurs in the output
has() { for s in "$@"; do grep -qF -- "$s" "$tmp/out" || { bad "missing '$s'"; return; }; done; ok; }
lacks() { for s in "$@"; do grep -qF -- "$s" "$tmp/out" && { bad "unexpected '$s'"; return; }; done; ok; }
status() { [ "$rc" = "$1" ] && ok || bad "status $rc, want $1"; }
count() { n=$(grep -cF -- "$1" "$tmp/out"); [ "$n" = "$2" ] && ok || bad "'$1' $n times, want $2"; }

# --- play ---------------------------------------------------------------------------------------------
# Wordle: a word not in the list and a wrong length cost no turn; solved on the second real guess.
session play-wordle 'xyzzy\ncran\nhint\nsalet\ncrane\n' play --game wordle --secret crane
status 0
has "hint: trace (150 parts; 2315 candidates remain)" "guess 1/6> xyzzy" "'xyzzy' is not in the list of allowed guesses (no turn used)" \
    "'cran' has 4 letters; codes here have 5 (no turn used)" "guess 1/6> salet" "salet  .Y.Y." \
    "guess 2/6> crane" "crane  GGGGG" "solved in 2 guesses!" "secret: crane" \
    "you: salet (" "crane: won in 2" "parts would play: trace (3 left)"
has "yellow: a e | gray: l s t | untried:"
lacks "$esc" "guess 3/6"
# the grid players post (include/codebreaker/share.h), as the dashboard's Share copies it
has "share" "Wordle 2/6" "$(printf '\342\254\233\360\237\237\250\342\254\233\360\237\237\250\342\254\233')" \
    "$(printf '\360\237\237\251\360\237\237\251\360\237\237\251\360\237\237\251\360\237\237\251')"

# the daily game: the secret of the date (include/codebreaker/daily.h), its number in the share grid
# (its lists are CB_DAILY_LISTS, nyt2023, as the page's, unless named: issue 56; the numbers are our own, from 2026-01-01)
session play-daily 'crane\nmatch\n' play --game wordle --daily 2026-11-27 --hard
status 0
has "daily game #331 of 2026-11-27" "solved in 2 guesses!" "secret: match" "Wordle (nyt2023) daily #331 hard 2/6*"
lacks "--seed"
session play-daily-lists 'crane\nhunky\n' play --game wordle --daily 2026-11-27 --lists original
status 0
has "secret: hunky" "Wordle (original) daily #331 2/6"
session play-daily-first 'giveup\n' play --game bagels --daily 2026-01-01
status 0
has "daily game #1 of 2026-01-01"
session play-daily-today 'giveup\n' play --game wordle --daily
status 0
has "daily game #"
for d in 2026-02-30 2025-12-31 27/11/2026 9999-12-31; do
    session "play-daily-bad-$d" '' play --game wordle --daily "$d"
    status 2
    grep -qF -- "--daily: " "$tmp/err" && ok || bad "no message for $d"
done
session play-daily-tomorrow '' play --game wordle --daily 9999-12-31
grep -qF -- "--daily: 9999-12-31 is not out yet: today is " "$tmp/err" && ok || bad "a date after today is played"
session play-daily-secret '' play --game wordle --daily --secret crane
status 2

# hard mode: a guess that drops a revealed letter is refused with the reason, no turn used
session play-hard 'salet\ncrony\ncrane\n' play $W --secret crane --hard
status 0
has "hard mode: the guess must contain a (no turn used)" "guess 2/6> crane" "solved in 2 guesses!"

# running out of guesses, then the summary
session play-lost 'salet\ncrony\n' play $W --secret crane --max-guesses 2
status 0
has "out of guesses: the secret was crane" "you: salet (" ": not solved" "parts would play: crane: won in 1"

# hint, help, giveup
session play-giveup 'help\nhint\ngiveup\n' play $W --secret crane
status 0
has "hint     the strategy's best guess now" "29 candidates remain)" \
    "you gave up: the secret was crane" "you: no guess: not solved"
# Super Mastermind's hint on the fly: turn 2 is scored, not cut to the first candidate (cb_table_pair_cost)
session play-super-hint '11223\nhint\nquit\n' play --game super --secret 34567
status 0
has "11223  0B1W" "hint: 24455 (20 parts; 7105 candidates remain)"
lacks "too many to score"

# quit keeps the secret; end of input leaves cleanly with status 0
session play-quit 'quit\n' play $W --seed 5
status 0
has "secret drawn with --seed 5" "bye"
session play-eof '' play $W --seed 5
status 0
has "end of input: bye"

# the same seed draws the same secret
session seed-a 'giveup\n' play $W --seed 42
grep 'the secret was' "$tmp/out" >"$tmp/secret-a"
session seed-b 'giveup\n' play $W --seed 42
grep -qF "$(cat "$tmp/secret-a")" "$tmp/out" && [ -s "$tmp/secret-a" ] && ok || bad "seed 42 drew another secret"

# --plain: words for colours
session play-plain 'salet\ncrane\n' play $W --secret crane --plain
has "salet: s gray, a yellow, l gray, e yellow, t gray" "crane: all green" "yellow: a, e; gray: l, s, t"

# Symble: symbols per codeword position, here with a fixed mapping (c gray, a yellow, b green)
session play-symble 'strae\ncrane\n' play $W --game symble --secret crane --mapping cab
status 0
has "strae  c a a c b" "crane  won" "solved in 2 guesses!" "secret: crane (symbols: c gray, a yellow, b green)"
session play-symble-plain 'strae\ngiveup\n' play $W --game symble --secret crane --mapping cab --plain
has "strae: c a a c b"

# Mastermind: pegs as black and white counts; bad codes refused
session play-mm '1122\n12345\n1172\n1234\n' play --game mastermind --secret 1234
status 0
has "1122  1B1W" "'12345' has more than 4 symbols" "'1172': '7' is not a symbol of this game (1 to 6)" \
    "guess 2/10> 1234" "1234  4B0W" "solved in 2 guesses!" "Mastermind 2/10"
session play-mm-plain '1122\n1234\n' play --game mastermind --secret 1234 --plain
has "1122: 1 black, 1 white" "solved in 2"
lacks "share" "Mastermind 2/10"
session play-bulls '0123\n' play --game bulls --secret 0145 --max-guesses 1
has "0123  2B0W" "out of guesses: the secret was 0145"

# a custom list and alphabet (Spanish), and a complete dictionary under Wordle's rule
printf 'niño\nñame\nmoño\nsueño\npeña\nleña\n' >"$tmp/es.txt"
session play-custom 'peña\nleña\n' play --words "$tmp/es.txt" --length 4 --lenient --secret leña
has "peña  .GGG" "solved in 2"
session play-complete '0012\n2100\n' play --game wordle --colors 3 --pegs 4 --secret 2100
has "0012  YYYY" "solved in 2"

# bad options: status 2 and one line
session bad-secret '' play $W --secret zzzzz
status 2
session not-a-secret '' play --secret aahed
status 2
grep -q "not one of the possible secrets" "$tmp/err" && ok || bad "not-a-secret message"
session bad-mapping '' play $W --mapping abc
status 2
session bad-strategy '' play $W --strategy nonsense
status 2

# --- assist -------------------------------------------------------------------------------------------
# Wordle: Enter takes the proposal, feedback in two notations, one-line input, list, top, undo
session assist-wordle '\n.ggyg\nlist\ntop 3\nundo\nundo\n\n02212\nanvil yy...\n' assist --game wordle
status 0
has "turn 1: 2315 candidates; try trace (150 parts)" "feedback for trace> .ggyg" "trace  .GGYG" \
    "3 candidates left (99.9% removed)" "candidates: crane crave craze" "3 candidates, most likely first:" \
    "rank  guess  largest  expected  parts  entropy  candidate" "1  anvil" \
    "took back turn 1" "nothing to undo" "anvil  YY..." "one candidate left: crane (play it for turn 3)"

# a contradictory feedback is refused; the guess typed and the turns before stay
session assist-contradict 'salet\n.....\nsissy\nG....\nundo\ncrane GGGGG\nG....\nquit\n' assist $W
status 0
has "salet  ....." "no secret gives this; check the colours (sissy G.... not recorded" "guess dropped" \
    "no secret gives this; check the colours (crane GGGGG not recorded" "feedback for crane> G...." "crane  G...." \
    "turn 3: " "bye"
count "candidates left" 2

# the day's answer outside the list (snafu is allowed, not an answer of 2022): assist names the allowed words
# that fit instead of blaming the colours (issue 13) and widens to them by itself, the turn recorded (issue 27)
session assist-widen 'trace ..G..\nshuln G.Y.Y\n' assist --plain
status 0
has "no answer of the list (2315 words) fits, but 1 allowed word does: snafu" \
    "so every allowed word may be the answer from now on (shuln G.Y.Y is recorded; undo takes it back)" \
    "every allowed word may be the answer now: wordle, 5 letters (12972 answers, 12972 guesses); 1 candidate left" \
    "one candidate left: snafu (play it for turn 3)"
lacks "check the colours"
session assist-wide-already 'widen\nquit\n' assist $W
has "every allowed word is a possible answer already"

# feedback typed at the guess prompt means the proposal's; hard mode on and off
session assist-hard 'hard on\ncrane\nG....\nsalet\nhard off\nsalet\n.....\nquit\n' assist $W
has "hard mode on" "crane  G...." "hard mode: the 1st letter must be c (not recorded; hard off turns hard mode off)" \
    "hard mode off" "salet  ....."
session assist-direct '.ggyg\nquit\n' assist $W --first trace
has "(the feedback of trace)" "trace  .GGYG"

# Mastermind with minimax: Knuth's 1122 first; 2 1 means 2 blacks 1 white
session assist-mm '\n0 0\n\n1b2w\n3454 3B\n\n4B0W\n' assist --game mastermind --strategy minimax
status 0
has "try 1122 (largest part 256)" "1122  0B0W" "3345  1B2W" "3454  3B0W" "candidates: 3434 3456 3554 3654" \
    "3456  4B0W" "solved in 4 guesses"
# Symble: symbols typed as the program shows them (☀ ♥ ♥ ☀ 💧 here) or as letters; the meanings narrow down
session assist-symble 'strae \0342\0230\0200\0342\0231\0245\0342\0231\0245\0342\0230\0200\0360\0237\0222\0247\nquit\n' \
    assist $W --game symble
status 0
has "the symbols may mean any of the 6 orders" "guess [coley]> strae" "strae  a b b a c" "3 candidates left" "the symbols mean:" \
    "a gray, b yellow, c green" "candidates: crane crave craze"
session assist-symble-bad '\naabdb\nquit\n' assist $W --game symble
has "is not a Symble symbol"
session assist-eof '\n' assist --game mastermind
status 0
has "end of input: bye"
# Super Mastermind: one game's advice does not pay for the 1 GiB table, and on the fly its second turn
# (7105 candidates x 32768 guesses) is scored, not cut to the first candidate (cb_table_pair_cost)
session assist-super '11223 0B1W\nquit\n' assist --game super
status 0
has "turn 1: 32768 candidates; try 11223 (20 parts)" "turn 2: 7105 candidates; try 24455 (20 parts)"
lacks "too many to score"

# the same sessions, driven by the feedbacks that `solve` prints: assist finds each secret of a sample
# (every answer is checked by tests/unit/test_assist.c through the same code)
sample() { # GAME-OPTIONS... -- SECRETS...: each secret solved or left alone within the game's limit
    opts=""
    while [ "$1" != "--" ]; do opts="$opts $1"; shift; done
    shift
    for s in "$@"; do
        name="sample $opts $s"
        # shellcheck disable=SC2086
        "$cb" solve $opts "$s" | awk '/^turn /{ print ""; print $4 }' >"$tmp/in"
        # shellcheck disable=SC2086
        "$cb" assist $opts <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        if grep -q "^solved in [1-6] guess" "$tmp/out" || grep -q "^one candidate left: $s (play it for turn [1-6])" "$tmp/out"; then
            ok
        else
            bad "assist did not reach $s"
        fi
    done
}
sample --game wordle --first trace -- aback zonal jazzy
sample $W -- crane mummy vivid
sample --game mastermind --strategy minimax -- 1111 1234 6543 2216 5566 3636

# --- solve --------------------------------------------------------------------------------------------
session solve-wordle '' solve crane
status 0
has "parts plays crane on wordle" "turn 1  trace  .GGYG   2315 -> 3 candidates, 99.9% removed (150 parts)" \
    "left: crane crave craze" "solved in 3 guesses"
session solve-mm '' solve --game mastermind --strategy minimax 1223
has "turn 1  1122  2B1W   1296 -> 32 candidates, 97.5% removed (largest part 256)" "solved in"
session solve-symble '' solve $W --game symble --mapping abc crane --plain
has "hidden mapping abc: a gray, b yellow, c green" "crane: won" "solved in"
session solve-json '' solve --json --game mastermind --strategy minimax 1234
has '"secret":"1234"' '"strategy":"minimax"' '"turns":[{"guess":"1122","feedback":"1B1W","before":1296' '"won":true'
# one game never pays for Super Mastermind's 1 GiB table (docs/limits.md): feedback on the fly, the same game
session solve-super '' solve --json --game super 16732
has '"secret":"16732"' '"won":true' '"table_precomputed":false'
session solve-mm-table '' solve --json --game mastermind --strategy minimax --table on 1234
has '"turns":[{"guess":"1122","feedback":"1B1W","before":1296' '"table_precomputed":true'
session solve-hard '' solve $W --hard --strategy entropy mummy
has "hard mode" "solved in"
session solve-none '' solve
status 2
session solve-not-secret '' solve aahed
status 2

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
