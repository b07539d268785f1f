#!/bin/sh
# wordle6-list.sh: writes data/english/common6.txt, the answers of the `english6` lists (the Wordle 6
# preset): the six-letter words of SCOWL's sizes 10 to 35 ("small": the words most used in English)
# that are also in data/english/words_alpha.txt, less the inflections of another listed word (a plural
# or third person in -s, -es or -ies, a past in -ed or -ied, a present participle in -ing, a comparative
# in -er or a superlative in -est when the other degree is listed too), in alphabetical order.
#
# It reads data/english/scowl-classes.tsv (word, SCOWL size: the smallest size whose list holds it).
# `scripts/wordle6-list.sh --classes` first writes that file again from Debian's `scowl` package
# (/usr/share/dict/scowl/english-words.{10,20,35,40,50}, the words of 3 to 7 lower-case ASCII letters:
# words with an accent, a capital or an apostrophe are left out).
# `scripts/wordle6-list.sh --check` derives the answers into a temporary file and compares them with the
# bundled list instead of writing it (the test `data_english6`); it exits 1 when they differ.
set -eu
cd "$(dirname "$0")/../data"
export LC_ALL=C
tab=$(printf '\t')
out=english/common6.txt
if [ "${1:-}" = --check ]; then
    out=$(mktemp)
    trap 'rm -f "$out"' EXIT
fi
if [ "${1:-}" = --classes ]; then
    dir=/usr/share/dict/scowl
    [ -r "$dir/english-words.10" ] || { echo "wordle6-list.sh: $dir is missing: apt-get install scowl" >&2; exit 1; }
    for s in 10 20 35 40 50; do
        grep -E '^[a-z]{3,7}$' "$dir/english-words.$s" | sed "s/\$/$tab$s/"
    done | awk -F "$tab" '!($1 in seen) { seen[$1] = 1; print }' | sort -t "$tab" -k1,1 >english/scowl-classes.tsv.new
    {
        echo "# SCOWL's English words of 3 to 7 letters and the smallest size that holds each (scripts/wordle6-list.sh)."
        echo "# From SCOWL (Spell Checker Oriented Word Lists), Debian package scowl; its notice:"
        echo "# Copyright 2000-2011 by Kevin Atkinson"
        echo "# Permission to use, copy, modify, distribute and sell these word lists, the associated scripts, the"
        echo "# output created from the scripts, and its documentation for any purpose is hereby granted without fee,"
        echo "# provided that the above copyright notice appears in all copies and that both that copyright notice"
        echo "# and this permission notice appear in supporting documentation. Kevin Atkinson makes no"
        echo "# representations about the suitability of this array for any purpose. It is provided \"as is\""
        echo "# without express or implied warranty."
        cat english/scowl-classes.tsv.new
    } >english/scowl-classes.tsv
    rm -f english/scowl-classes.tsv.new
fi
awk -F "$tab" -v MAX=35 '
    FILENAME == ARGV[1] { if (length($1) == 6) ok[$1] = 1; next }
    /^#/ { next }
    { d[$1] = 1; if (length($1) == 6 && $2 <= MAX) c[$1] = 1 }
    function undouble(s) { return substr(s, length(s), 1) == substr(s, length(s) - 1, 1) ? substr(s, 1, length(s) - 1) : "" }
    function inflected(w,   s) {
        if (w ~ /ies$/ && (substr(w, 1, 3) "y") in d) return 1
        if (w ~ /s$/ && w !~ /ss$/ && substr(w, 1, 5) in d) return 1
        if (w ~ /es$/ && substr(w, 1, 4) in d) return 1
        if (w ~ /ied$/ && (substr(w, 1, 3) "y") in d) return 1
        if (w ~ /ed$/) { s = substr(w, 1, 4); if (s in d || substr(w, 1, 5) in d || (undouble(s) != "" && undouble(s) in d)) return 1 }
        if (w ~ /ing$/) { s = substr(w, 1, 3); if (s in d || (s "e") in d || (undouble(s) != "" && undouble(s) in d)) return 1 }
        if (w ~ /er$/ && (substr(w, 1, 4) "est") in d) return 1
        if (w ~ /ier$/ && (substr(w, 1, 3) "iest") in d) return 1
        if (w ~ /est$/ && (substr(w, 1, 3) "er") in d) return 1
        return 0
    }
    END { for (w in c) if ((w in ok) && !inflected(w)) print w }' english/words_alpha.txt english/scowl-classes.tsv |
    sort >"$out"
if [ "${1:-}" = --check ]; then
    if cmp -s "$out" english/common6.txt; then
        echo "data/english/common6.txt: $(wc -l <"$out") words, as derived"
    else
        echo "data/english/common6.txt differs from the list derived from data/english/scowl-classes.tsv:" >&2
        diff "$out" english/common6.txt | head -n 20 >&2
        exit 1
    fi
fi
