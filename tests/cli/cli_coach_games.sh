#!/bin/sh
# cli_coach_games.sh: issue 54's commands replayed: every game reviewed (games past the limit, lost
# games, positions with no guess left, widened games), skill that means what it says, and one limit on
# guesses for review, rank --exact and optimal.
# usage: tests/cli/cli_coach_games.sh PROGRAM
cb="$1"
. "$(dirname "$0")/lib.sh"

# field NAME TURN: the number of key NAME in turn TURN's object of the review in $tmp/out ("null" or empty)
field() { sed 's/},{/}\n{/g' "$tmp/out" | grep "\"turn\":$2," | sed -n "s/.*\"$1\":\([0-9.]*\|null\)[,}].*/\1/p"; }

# --- games it could not review: 7 and 8 guesses, the row form, hard mode, a lost game: a review, exit 0
party='adieu hanky fatty salty warty tarty'
check past-limit "$cb" review --json --lists nyt2023 --answer party $party party
has past-limit-won '^\{"won":true,"guesses":7,'
# turns 1 to 6 graded within 6 guesses, turn 7 (no guess left: the game was lost) with no limit
has past-limit-6 '"turn":6,"guess":"tarty",[^}]*"max_guesses":6,'
has past-limit-7 '"turn":7,"guess":"party",[^}]*"proved":true,[^}]*"skill":100\.0,[^}]*"max_guesses":null,'
check past-limit-text "$cb" review --lists nyt2023 --answer party $party party
has past-limit-says '^turn 7 on: no guess was left within the limit of 6 \(the game was lost\): graded with no limit'
check past-limit-hard "$cb" review --json --lists nyt2023 --hard --answer party $party party
has past-limit-hard-7 '"turn":7,"guess":"party",[^}]*"max_guesses":null,'
check past-limit-rows "$cb" review --lists nyt2023 adieu=Y.... hanky=.G..G fatty=.G.GG salty=.G.GG warty=.GGGG \
    tarty=.GGGG party=GGGGG
has past-limit-rows-solved '^solved in 7 guesses; skill '
# ... 8 guesses: BATTY with PARTY the one candidate left costs a whole guess: skill 0, not 100
check past-limit-8 "$cb" review --json --lists nyt2023 --answer party $party batty party
has past-limit-8-won '^\{"won":true,"guesses":8,'
has past-limit-8-batty '"turn":7,"guess":"batty",[^}]*"total":2,[^}]*"best":"party","best_total":1,[^}]*"skill":0\.0,'
# ... a lost game, its last turn graded within the limit
check lost "$cb" review --lists nyt2023 --answer party $party
has lost-says '^not solved in 6 guesses; skill '
# ... a position with no guess left: ranked with no limit, and said so
check rank-no-guess-left "$cb" rank --exact --lists nyt2023 adieu=Y.... hanky=.G..G fatty=.G.GG salty=.G.GG \
    warty=.GGGG tarty=.GGGG
has rank-no-guess-left-party '^ +1  party +1 +1\.0000  proved'
has rank-no-guess-left-says '^no guess is left within the limit of 6 guesses \(the game is lost\): ranked with no limit'
check rank-no-guess-left-json "$cb" rank --exact --json --lists nyt2023 adieu=Y.... hanky=.G..G fatty=.G.GG \
    salty=.G.GG warty=.GGGG tarty=.GGGG
has rank-no-guess-left-null '"guess":"party","total":1,.*\],"max_guesses":null\}$'
# ... and optimal under a limit the position has used up: proved impossible, nothing searched
for g in 2 3 4; do
    expect_out "optimal-past-$g" 0 "^result +no strategy solves every secret within $g guesses \(proved\): the position has played 4" -- \
        optimal --lists nyt2023 --max-guesses $g crate=..... skimp=.Y... knoll=YY... funky=.GGGG
done

# --- skill that means what it says
# KNISH (2 guesses to finish) where KNIFE, the one candidate, finishes in 1: 0, not 100
check skill-knish "$cb" review --json --lists nyt2023 --answer knife crane moist knish knife
has skill-knish-0 '"turn":3,"guess":"knish",[^}]*"total":2,[^}]*"best":"knife","best_total":1,[^}]*"skill":0\.0,'
# every turn proved: the game's skill is over all of them, and its interval closes on it
has skill-knish-game '^\{"won":true,"guesses":4,"widened":false,"skill":70\.[0-9],"luck":[0-9.]+,"skill_turns":4,"skill_low":70\.[0-9],"skill_high":70\.[0-9],'

# (tens of seconds of searches; minutes under the sanitizers, which leave them out)
if [ "$CB_SANITIZED" != 1 ]; then
# hard mode, STARE after FUZZY and CRANE: FUZZY a lone bound, CRANE can lose; one turn of three proved
check skill-fuzzy "$cb" review --json --lists nyt2023 --hard --answer stare fuzzy crane stare
has skill-fuzzy-game '^\{"won":true,"guesses":3,"widened":false,"skill":99\.9,"luck":[0-9.]+,"skill_turns":1,'
has skill-fuzzy-crane-best '"turn":2,"guess":"crane",[^}]*"can_lose":true,[^}]*"best":"[a-z]+",'
lo=$(field skill_low 2) hi=$(field skill_high 2)
awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l != "" && h != "" && l + 0 <= h + 0 && h + 0 < 100) }' && ok ||
    bad "skill-fuzzy: CRANE, which can lose, has the skill interval '$lo'-'$hi', not one below 100"
lo=$(field skill_low 1) hi=$(field skill_high 1)
awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l != "" && h != "" && l + 0 <= h + 0 && h + 0 < 100) }' && ok ||
    bad "skill-fuzzy: FUZZY, above TARSE's 3.6818, has the skill interval '$lo'-'$hi'"
check skill-fuzzy-text "$cb" review --lists nyt2023 --hard --answer stare fuzzy crane stare
has skill-fuzzy-over '; skill 99 over the 1 of 3 turns graded \([0-9]+-[0-9]+ over all\)'
# MASSE can lose where CLAPT is sure to win: a skill interval charged its chance of losing, not "-"
check skill-masse "$cb" review --json --lists nyt2023 --hard --answer smart audio masse scamp small smart
has skill-masse-lose '"turn":2,"guess":"masse",[^}]*"can_lose":true,[^}]*"best":"clapt",'
lo=$(field skill_low 2) hi=$(field skill_high 2)
awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l != "" && h != "" && l + 0 <= h + 0 && h + 0 <= 99.8) }' && ok ||
    bad "skill-masse: MASSE's skill interval is '$lo'-'$hi', not one at most 99.8 (a loss is 1 of 527 at least)"
# ... and AUDIO, an opener the book proves can lose in hard mode, is no blunder: its interval is above 50
lo=$(field skill_low 1)
awk -v l="$lo" 'BEGIN { exit !(l != "" && l + 0 > 50) }' && ok || bad "skill-masse: AUDIO's skill is at least '$lo'"
# MAGMA: the best an interval (CARLS 2.8373-3.1095), so the skill an interval: 31.9-59.1 (issue 54: "between 32
# and 59", from 3.5178 against those ends)
check skill-magma "$cb" review --json --lists nyt2023 --hard --answer beach point magma clash reach beach
lo=$(field skill_low 2) hi=$(field skill_high 2)
[ "$lo-$hi" = "31.9-59.1" ] && ok || bad "skill-magma: MAGMA's skill interval is '$lo'-'$hi', not 31.9-59.1"

# --- widened games: each turn named and graded (an interval where the opening is past any budget)
check widened-2023 "$cb" review --json --lists nyt2023 --answer zymic crane moist zymic
has widened-2023-says '"widened":true'
has widened-2023-best '"turn":1,"guess":"crane",[^}]*"best":"[a-z]+",'
has widened-2023-skill '"turn":1,"guess":"crane",[^}]*"skill_low":[0-9.]+,"skill_high":[0-9.]+,'
check widened-mommy "$cb" review --json --answer mommy crane moist mommy
has widened-mommy-best '"turn":1,"guess":"crane",[^}]*"best":"[a-z]+",[^}]*"skill_low":[0-9.]+,'
fi

# --- one limit everywhere: optimal takes the game's (6 for Wordle) by default, 0 for none
expect_out optimal-default-6 0 '^objective +least total guesses, at most 6 guesses' -- optimal --quiet roate=.Y...
expect_out optimal-zero-none 0 '^objective +least total guesses, no limit on guesses' -- optimal --quiet --max-guesses 0 roate=.Y...
expect_out optimal-first-6 0 '^objective +least total guesses, at most 6 guesses' -- optimal --quiet --first blown roate=.Y...
expect_out optimal-mm-none 0 '^objective +least total guesses, no limit on guesses' -- optimal --quiet --game mastermind --colors 3 --pegs 3
# a limit of 7: the 6-guess book bounds it from above, the unlimited proof from below: TARSE's 11219 is exact
check limit-7-rank "$cb" rank --exact --json --lists nyt2023 --max-guesses 7 --limit 1
has limit-7-tarse '"source":"book",.*"guesses":\[\{"rank":1,"guess":"tarse","total":11219,.*"proved":true,.*"max_guesses":7\}$'
check limit-7-review "$cb" review --json --lists nyt2023 --max-guesses 7 --answer cigar crane moist cigar
has limit-7-review-best '"turn":1,"guess":"crane",[^}]*"best":"tarse","best_total":11219,[^}]*"best_proved":true,'

summary cli_coach_games
