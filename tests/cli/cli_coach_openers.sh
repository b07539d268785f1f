#!/bin/sh
# cli_coach_openers.sh: rank --exact at the opening reads the shipped all-openers proofs
# (data/proofs/original.results, nyt2023.results, original-hard6.results) instead of proving them
# again: SALET 7920, TARSE 11219 and, in hard mode within 6 guesses, SALET 8122 at once; any other
# search (hard mode without that limit, another limit, other lists) is not theirs.
# usage: tests/cli/cli_coach_openers.sh PROGRAM
cb="$1"
. "$(dirname "$0")/lib.sh"

# the original lists: the proof read, not searched (a search of every opener takes minutes)
check rank-openers timeout 60 "$cb" rank --exact --limit 3 --json
has rank-openers-best '^\{"candidates":2315,"stopped":false,"seconds":[0-9.]+,"source":"proofs/original.results","guesses":\[\{"rank":1,"guess":"salet","total":7920,"expected":3\.421166,"proved":true,'
has rank-openers-bounds '"rank":2,"guess":"[a-z]{5}","total":79[0-9][0-9],"expected":[0-9.]+,"proved":false'
check rank-openers-text timeout 60 "$cb" rank --exact --limit 2
has rank-openers-salet '^ +1  salet +7920 +3\.4212  proved '
has rank-openers-source '^values read from the shipped all-openers proof data/proofs/original\.results'
# today's lists: TARSE 11219
check rank-openers-2023 timeout 60 "$cb" rank --exact --limit 1 --json --lists nyt2023
has rank-openers-tarse '"source":"proofs/nyt2023.results","guesses":\[\{"rank":1,"guess":"tarse","total":11219,.*"proved":true'
# hard mode within 6 guesses: SALET 8122
check rank-openers-hard timeout 60 "$cb" rank --exact --hard --max-guesses 6 --limit 3 --json
has rank-openers-hard-best '^\{"candidates":2315,"stopped":false,"seconds":[0-9.]+,"source":"proofs/original-hard6.results","guesses":\[\{"rank":1,"guess":"salet","total":8122,"expected":3\.508423,"proved":true,'

# other searches are not the files': searched (stopped at once here), no source
for args in "--hard" "--hard --max-guesses 5" "--max-guesses 6" "--candidates-only" "--lists nyt2022" "salet=....."; do
    # shellcheck disable=SC2086 # the options split on purpose
    check "rank-other $args" timeout 120 "$cb" rank --exact --limit 2 --time-limit 0.2 --json $args
    has "rank-other-source $args" '"source":null'
done

echo "cli_coach_openers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
