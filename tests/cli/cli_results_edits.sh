#!/bin/sh
# cli_results_edits.sh: no single-line edit of a results file yields a false proof (issue 38). Each edit of a
# file that `optimal --results` wrote is replayed, and the resumed run must give the true answer (status 0, the
# proved total and opener of a fresh run) or refuse (status 2, naming the file); where the edit changes what a
# line says, it must refuse. Mastermind 4x4 (905, opener 1123) without a limit and within 3 guesses (no
# strategy), then the shipped proof of the original Wordle lists (SALET 7920) where a run is cheap.
# usage: sh tests/cli/cli_results_edits.sh path/to/codebreaker   (from the repository's root)
cb="$1"
. "$(dirname "$0")/lib.sh"

# replay NAME WANT: the run on the edited file $tmp/e.res with the search's options $opts; WANT: refused or
# true. The true answer is the summary of the run on the unedited file ($base: its result, total and opener).
replay() {
    "$cb" optimal $opts --results "$tmp/e.res" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    got=other
    if [ "$rc" = 2 ] && grep -q 'e.res' "$tmp/err"; then got=refused
    elif [ "$rc" = 0 ] && [ "$(grep -E '^(result|total|opener) ' "$tmp/out")" = "$(cat "$base")" ]; then got=true
    fi
    if grep -q 'within 64 guesses' "$tmp/out"; then got="other (no limit, yet 'within 64 guesses')"; fi
    if [ "$2" = "$got" ]; then ok; else
        bad "$1: $got (status $rc), want $2"
        head -5 "$tmp/out" "$tmp/err"
    fi
}

# ed NAME WANT AWK-PROGRAM: $file through the program (the line $0, its word $1, value $2, digest $3; the
# openers best and bnd, and the values up, down, nup, ndown), replayed
ed() {
    awk -v best="$best" -v bnd="$bnd" -v up="$up" -v down="$down" -v nup="$nup" -v ndown="$ndown" "$3" "$file" \
        >"$tmp/e.res"
    replay "$prefix $1" "$2"
}

num() { case "$1" in [0-9]*) echo "$1" ;; ">="*) echo "${1#>=}" ;; *) echo 5 ;; esac; }

# edits PREFIX FILE BEST BOUND: every kind of single-line edit of FILE (written with the options $opts) on the
# line of opener BEST (exact, or "impossible") and of BOUND (a bound or "impossible"), each replayed
edits() {
    prefix="$1" file="$2" best="$3" bnd="$4" base="$tmp/$1.true"
    cp "$file" "$tmp/e.res"
    "$cb" optimal $opts --results "$tmp/e.res" 2>/dev/null | grep -E '^(result|total|opener) ' >"$base"
    grep -Eq '^result +(proved optimal|no strategy)' "$base" && cmp -s "$file" "$tmp/e.res" && ok ||
        bad "$prefix: the unedited file: $(cat "$base")"
    bv=$(awk -v w="$best" '$1 == w { print $2 }' "$file")
    nv=$(awk -v w="$bnd" '$1 == w { print $2 }' "$file")
    up=$(($(num "$bv") + 1)) down=$(($(num "$bv") - 1)) nup=">=$(($(num "$nv") + 1))" ndown=">=$(($(num "$nv") - 1))"
    # what a line says, changed: refused
    ed value-up refused '$1 == best { $2 = up } 1'
    ed value-down refused '$1 == best { $2 = down } 1'
    ed bound-up refused '$1 == bnd { $2 = nup } 1'
    ed bound-down refused '$1 == bnd { $2 = ndown } 1'
    ed exact-to-bound refused '$1 == best { $2 = ($2 ~ /^[0-9]/ ? ">=" $2 : ">=5") } 1'
    ed exact-to-huge-bound refused '$1 == best { $2 = ">=99999" } 1'
    ed bound-to-exact refused '$1 == bnd { sub(/^>=/, "", $2); if ($2 == "impossible") $2 = 9 } 1'
    ed best-to-impossible refused '$1 == best { $2 = ($2 == "impossible" ? "999" : "impossible") } 1'
    ed bound-to-impossible refused '$1 == bnd { $2 = ($2 == "impossible" ? ">=5" : "impossible") } 1'
    ed word-changed refused '$1 == best { $1 = bnd } 1'
    ed digests-swapped refused '$1 == best { d = $3; $3 = dg } $1 == bnd { dg = $3; if (d) $3 = d } 1'
    ed digest-removed refused '$1 == best { $3 = "" } 1'
    ed digest-digit refused '$1 == best { $3 = (substr($3, 1, 1) == "0" ? "1" : "0") substr($3, 2) } 1'
    ed digest-uppercase refused '$1 == best { $3 = toupper($3) ($3 ~ /[a-f]/ ? "" : "X") } 1'
    ed line-cut refused '$1 == best { $0 = substr($0, 1, length($0) - 5) } 1'
    ed lines-joined refused '$1 == best { printf "%s ", $0; next } 1'
    ed magic refused 'NR == 1 { sub(/results [23]/, "results 1") } 1'
    ed magic-2 refused 'NR == 1 { sub(/results 3/, "results 2") } 1'
    ed key-line refused 'NR == 4 { $0 = "# key: 0123456789abcdef" } 1'
    ed key-line-deleted refused 'NR == 4 { next } 1'
    ed search-line refused 'NR == 2 { sub(/any allowed guess/, "candidates only") } 1'
    ed words-line refused 'NR == 3 { $0 = "# words: 0123456789abcdef" } 1'
    ed words-line-deleted refused 'NR == 3 { next } 1'
    ed nul-byte refused '$1 == best { printf "%s%c\n", $0, 0; next } 1'
    # lines lost, repeated, moved, or written differently with the same meaning: the true answer
    ed best-deleted true '$1 == best { next } 1'
    ed bound-deleted true '$1 == bnd { next } 1'
    ed best-duplicated true '$1 == best { print } 1'
    ed bound-duplicated true '$1 == bnd { print } 1'
    ed best-moved-last true '$1 == best { keep = $0; next } 1; END { print keep }'
    ed comment-inserted true 'NR == 5 { print "# a note" } 1'
    ed blank-inserted true 'NR == 5 { print "" } 1'
    ed crlf true '{ printf "%s\r\n", $0 }'
    ed spaces true '$1 == best { gsub(/ /, "  ") } 1'
    ed leading-zero true '$1 == best && $2 ~ /^[0-9]/ { $2 = "0" $2 } 1'
    # the last line cut short by a crash (no newline): dropped with a warning, the true answer
    head -c -1 "$file" >"$tmp/e.res"
    replay "$prefix last-line-cut" true
    # a line of another search (candidates only) added: its digest is not this search's
    "$cb" optimal $opts --candidates-only --results "$tmp/other.res" >/dev/null 2>&1
    { cat "$file" && grep "^$best " "$tmp/other.res"; } >"$tmp/e.res"
    if grep -q "^$best .* .*" "$tmp/other.res"; then replay "$prefix line-of-another-search" refused; else
        bad "$prefix: no line of $best in the other search's file"
    fi
    rm -f "$tmp/other.res"
}

opts="--game mastermind --colors 4 --pegs 4 --quiet --threads 1"
"$cb" optimal $opts --results "$tmp/mm.res" >/dev/null 2>&1
edits mm "$tmp/mm.res" 1123 1234
# a bound raised above every total, on the file without a limit: refused, never "no strategy within 64 guesses"
awk '$1 == "1123" { $2 = ">=5700" } 1' "$tmp/mm.res" >"$tmp/e.res"
replay mm-issue-5700 refused
# within 3 guesses no opener solves every secret: every line is "impossible"
opts="--game mastermind --colors 4 --pegs 4 --quiet --threads 1 --max-guesses 3"
"$cb" optimal $opts --results "$tmp/mm3.res" >/dev/null 2>&1
edits mm3 "$tmp/mm3.res" 1123 1234

# The shipped proof of the original lists (SALET 7920): the issue's example and the cheap edits
if [ "$CB_SANITIZED" != 1 ]; then
    opts="--quiet --max-guesses 0" file=data/proofs/original.results prefix=wordle base="$tmp/w.true"
    cp "$file" "$tmp/e.res"
    "$cb" optimal $opts --results "$tmp/e.res" | grep -E '^(result|total|opener) ' >"$base"
    grep -q '^total .*7920 guesses' "$base" && grep -q '^opener .*salet' "$base" && ok ||
        bad "wordle: the shipped proof: $(cat "$base")"
    ed salet-huge-bound refused '$1 == "salet" { $2 = ">=99999" } 1'
    ed salet-up refused '$1 == "salet" { $2 = "7921" } 1'
    ed salet-down refused '$1 == "salet" { $2 = "7919" } 1'
    ed serin-exact refused '$1 == "serin" { $2 = "7920" } 1'
    ed serin-impossible refused '$1 == "serin" { $2 = "impossible" } 1'
    ed search-line refused 'NR == 2 { sub(/no limit on guesses/, "at most 6 guesses") } 1'
    ed salet-duplicated true '$1 == "salet" { print } 1'
    ed qajaq-deleted true '$1 == "qajaq" { next } 1'
    ed salet-uppercase true '$1 == "salet" { $1 = "SALET" } 1'
fi

summary cli_results_edits
