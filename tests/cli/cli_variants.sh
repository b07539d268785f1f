#!/bin/sh
# cli_variants.sh: end-to-end tests of several boards (--game quordle, --boards) and of the adversary
# (--game absurdle, --adversary) in play, assist, solve, simulate and optimal, and their refusals.
# usage: sh tests/cli/cli_variants.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"
quiet_out=1

fb() { "$cb" feedback "$1" "$2"; }

# Absurdle on Wordle's original lists: 4 guesses, 3 impossible (qntm, Absurdle FAQ, qntm.org/fabsurdleq)
expect_out "absurdle optimal" 0 '^fewest guesses that win: 4 \(proved: no sequence of 3 wins\)$' -- optimal --game absurdle --quiet
has "absurdle sequence ends in a win" '  [a-z]{5}  GGGGG   won$'
expect_out "absurdle optimal json" 0 '"least_guesses":4,"proved_min":4,"stopped":false' -- optimal --game absurdle --json
expect_out "absurdle hard" 0 '"hard":true,"least_guesses":4' -- optimal --game absurdle --hard --json
expect_out "absurdle --first" 0 '"least_guesses":[4-9],.*"sequence":\["salet",' -- optimal --game absurdle --first salet --json
expect_out "absurdle too few" 0 '^no win within 3 guesses \(--max-guesses\): at least 4 are needed$' -- \
    optimal --game absurdle --max-guesses 3 --quiet
expect_out "adversarial mastermind" 0 '^fewest guesses that win: [0-9]+ ' -- optimal --game mastermind --adversary --quiet
# from a position: the guesses given (feedback checked against the adversary's) then the fewest that win, as --first
expect_out "adversary position" 0 '"least_guesses":5,"proved_min":5,"stopped":false,"sequence":\["1122","3345",' -- \
    optimal --game mastermind --adversary --json 1122=0B0W
expect_out "adversary position 2" 0 '"least_guesses":5,.*"sequence":\["1122","1344",' -- \
    optimal --game mastermind --adversary --json 1122 1344
expect_err "adversary position feedback" 2 'the adversary answers 0B0W to 1122, never 4B' -- \
    optimal --game mastermind --adversary 1122=4B
expect_err "absurdle position word" 2 "'xxxxx' is not in the list" -- optimal --game absurdle xxxxx
expect_err "absurdle --cutoff" 2 'cutoff is for an honest codemaker' -- optimal --game absurdle --cutoff 9
expect_err "absurdle --first unknown" 2 'first: .*zzzzz' -- optimal --game absurdle --first zzzzz

# play against the adversary: the proved sequence wins in 4; a hint; a refused word costs nothing
printf 'zzzzz\naesir\nhint\nyauld\ntench\nmotto\n' | "$cb" play --game absurdle >"$tmp/out" 2>"$tmp/err"
has "absurdle play refuses" 'zzzzz.*\(no turn used\)'
has "absurdle play 168" '^  aesir  \.\.\.\.\.   168 words left$'
has "absurdle play hint" '^hint: [a-z]{5}, which wins in 3 guesses from here'
has "absurdle play won" '^you beat the adversary in 4 guesses'
printf 'aesir .....\nnext\nundo\nundo\nquit\n' | "$cb" assist --game absurdle >"$tmp/out" 2>&1
has "absurdle assist" '^next: [a-z]{5}, which wins in 3 guesses'
has "absurdle assist undo" '^nothing to undo$'
printf 'aesir G....\nquit\n' | "$cb" assist --game absurdle >"$tmp/out" 2>&1
has "absurdle assist other answer" 'the adversary answers \.\.\.\.\.'
"$cb" simulate --game absurdle --json >"$tmp/out" 2>"$tmp/err"
if [ "$(grep -c '"won":true' "$tmp/out")" = 4 ]; then ok; else bad "absurdle simulate"; cat "$tmp/out" "$tmp/err"; fi
expect_out "absurdle solve" 0 '^minimax +won in [0-9]+ guesses: arise ' -- solve --game absurdle

# several boards: solve, play, assist
expect_out "quordle solve json" 0 '"secrets":\["cigar","rebut","sissy","humph"\],.*"won":true' -- \
    solve --game quordle --json cigar,rebut,sissy,humph
expect_out "quordle solve words" 0 '^sum-entropy: 4 of 4 boards solved in [4-9] guesses$' -- solve --game quordle cigar rebut sissy humph
expect_out "dordle one-by-one" 0 '^one-by-one \(entropy\): 2 of 2 boards solved' -- solve --game dordle --strategy entropy cigar rebut
expect_err "quordle too few secrets" 2 '4 boards need 4 secrets, but 2 were given' -- solve --game quordle cigar rebut
expect_err "quordle same secret" 2 "secret 2: 'cigar' is on board 1 already" -- solve --game dordle cigar cigar
printf 'cigar\nrebut\nboards\nsissy\nhumph\n' | "$cb" play --game quordle --secret cigar,rebut,sissy,humph >"$tmp/out" 2>&1
has "quordle play" '^all 4 boards solved in 4 guesses!$'
has "quordle play boards" '^  board 4  rebut  '
printf 'salet\ngiveup\n' | "$cb" play --game octordle --seed 5 >"$tmp/out" 2>&1
has "octordle play" '^codebreaker play: 8 boards of .* at most 13 guesses$'
has "octordle giveup" '^you gave up: the secrets were:( [a-z]{5}){8}$'
printf 'salet %s %s\nsalet %s\nleft\ncigar %s %s\nrebut %s\n' "$(fb salet cigar)" "$(fb salet rebut)" "$(fb salet cigar)" \
    "$(fb cigar cigar)" "$(fb cigar rebut)" "$(fb rebut rebut)" | "$cb" assist --game dordle >"$tmp/out" 2>&1
has "dordle assist count" 'give 2 feedbacks, one per open board'
has "dordle assist left" '^  board 1: [0-9]+ left: '
has "dordle assist won" '^all 2 boards solved in 3 guesses$'
printf 'cigar GGGGG GGGGG\n' | "$cb" assist --game dordle >"$tmp/out" 2>&1
has "dordle assist two wins" 'board 2: one guess solves one board at most'
printf 'salet %s GGGGG\n' "$(fb salet cigar)" | "$cb" assist --game dordle >"$tmp/out" 2>&1
has "dordle assist contradiction" 'board 2: no word fits'

# simulate: the same sample for every strategy, side by side; the scoring strategies beat one board at a time
expect_out "quordle simulate" 0 '^sum-entropy +[0-9]+ ' -- simulate --game quordle --sample 40 --seed 1
has "quordle simulate baseline" '^one-by-one \(parts\) '
has "quordle simulate header" '^40 games of 4 different secrets each, drawn with --seed 1'
"$cb" simulate --game quordle --sample 40 --seed 1 --json --strategy sum-entropy,entropy >"$tmp/out"
if [ "$(wc -l <"$tmp/out")" = 2 ] && grep -q '"strategy":"one-by-one (entropy)","boards":4,"max_guesses":9,"seed":1,"games":40' "$tmp/out"; then ok; else
    bad "quordle json"; cat "$tmp/out"; fi
"$cb" simulate --boards 3 --game mastermind --sample 20 --json --strategy sum-expected >"$tmp/out"
has "mastermind three boards" '"boards":3,"max_guesses":12,'

# refusals
expect_err "rank quordle" 2 'rank does not play several boards' -- rank --game quordle
expect_err "boards clash" 2 'quordle has 4 boards, not 2' -- play --game quordle --boards 2
expect_err "boards hard" 2 'without hard mode' -- simulate --game quordle --hard
expect_err "boards symble" 2 'not Symble' -- simulate --game symble --boards 2
expect_err "boards range" 2 'boards: 40 is out of range' -- simulate --boards 40
expect_err "boards and adversary" 2 'give boards or adversary, not both' -- play --boards 2 --adversary
expect_err "quordle csv" 2 'csv is for one board' -- simulate --game quordle --csv x.csv
expect_err "quordle strategy" 2 "unknown strategy" -- simulate --game quordle --strategy sum-magic --sample 2
expect_err "absurdle symble" 2 'not Symble' -- optimal --game symble --adversary
expect_err "unknown game" 2 "unknown game 'quadle'" -- play --game quadle

summary cli_variants
