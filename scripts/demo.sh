#!/bin/sh
# `make demo`: the program's main job on its embedded default game (Wordle on the original lists):
# the best greedy strategy played against every secret, then the best openers by every score.
set -e
cb="$1"
echo "\$ codebreaker simulate --strategy parts"
"$cb" simulate --strategy parts
echo
echo "\$ codebreaker rank --limit 5"
"$cb" rank --limit 5
