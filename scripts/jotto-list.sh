#!/bin/sh
# jotto-list.sh: writes data/jotto/common.txt, the bundled Jotto list (the `jotto` lists): the 200 answers
# of the original Wordle list (data/wordle/answers.txt) with five different letters that are most frequent
# in English by data/wordle/frequency.tsv (ties by the word), in alphabetical order. Run from anywhere;
# tests/unit/test_game.c (jotto_list) derives the list again from the bundled files and compares.
set -eu
cd "$(dirname "$0")/../data"
export LC_ALL=C
tab=$(printf '\t')
awk -F "$tab" 'NR == FNR { f[$1] = $2; next }
    { ok = length($0) == 5; for (i = 1; i < 5; i++) if (index(substr($0, i + 1), substr($0, i, 1))) ok = 0 }
    ok { print f[$0] "\t" $0 }' wordle/frequency.tsv wordle/answers.txt |
    sort -t "$tab" -k1,1gr -k2,2 | head -n 200 | cut -f2 | sort >jotto/common.txt
