#!/bin/sh
# cli_analysis.sh: end-to-end tests of `bound` and `distribution`: figures, plot files, bad input.
# usage: sh tests/cli/cli_analysis.sh path/to/codebreaker
cb="$1"
. "$(dirname "$0")/lib.sh"

# --- bound: equation (2) of the Symble thesis, computed here with awk
eq2() { awk -v k="$1" -v n="$2" 'BEGIN { printf "%.6f", (n * log(k) - log(3 ^ n / 6 + 1 / 2)) / (n * log(3)) + 1 }'; }

check bound-json "$cb" bound --game symble --colors 6 --pegs 4 --json
has bound-json-eq2 "\"eq2\":$(eq2 6 4 | cut -c1-6)"
has bound-json-best '"best_guess":"0012","best_entropy":3\.72'
has bound-json-perfect '"perfect_entropy":3\.807'
has bound-json-counting '"counting":4,"linear":1'

check bound-range "$cb" bound --game symble --pegs 5 --range k=2..25 --csv - --no-entropy
[ "$(wc -l <"$tmp/out")" = 25 ] && ok || bad "bound-range: $(wc -l <"$tmp/out") lines, want 25"
worst=$(awk -F, 'NR > 1 { d = $6 - (($2 * log($1) - log(3 ^ $2 / 6 + 1 / 2)) / ($2 * log(3)) + 1);
                           if (d < 0) d = -d; if (d > m) m = d } END { print (m < 1e-6) ? "ok" : m }' "$tmp/out")
[ "$worst" = ok ] && ok || bad "bound-range: eq. (2) differs by $worst"
has bound-range-k25 "^25,5,9765625,41,243,$(eq2 25 5 | cut -c1-7)"

check bound-lengths "$cb" bound --game symble --colors 6 --range n=2..6
has bound-lengths-n4 "^ +6 +4 +1296 .* 0012 +3\.7229"
has bound-lengths-n6 "^ +6 +6 +46656 "

check bound-wordle "$cb" bound
has bound-wordle-best "best first guess +soare, entropy 5\.886"
check bound-mastermind "$cb" bound --game mastermind --json
has bound-mastermind-best '"best_guess":"1234","best_entropy":3\.056'
check bound-big "$cb" bound --game symble --colors 36 --pegs 5
has bound-big-secrets "secrets N +60466176"
has bound-big-best "best first guess +01234"

if has_part plotting; then
    check bound-plots "$cb" bound --game symble --pegs 5 --range k=2..12 --plot "$tmp/bounds.svg" --plot-entropy "$tmp/entropy.png"
    image bound-plot-svg "$tmp/bounds.svg" svg
    image bound-plot-png "$tmp/entropy.png" png
else # a build without PLplot says so, and writes nothing
    expect_err bound-no-plotting 1 "has no plotting" -- bound --game symble --pegs 5 --range k=2..4 --plot "$tmp/bounds.svg"
    [ ! -e "$tmp/bounds.svg" ] && ok || bad "bound --plot without PLplot wrote a file"
    skip_part plots "this build has no PLplot (Debian: libplplot-dev, plplot-driver-cairo)"
fi

# --- distribution: the Symble thesis's first guesses on the complete dictionary n = 4, k = 6
check dist-best "$cb" distribution --game symble --colors 6 --pegs 4 --json
has dist-best-guess '"guess":"0012","chosen":true,"candidates":1296,"entropy":3\.72'
has dist-best-perfect '"perfect_entropy":3\.807.*"possible_feedbacks":14'
check dist-worst "$cb" distribution --game symble --colors 6 --pegs 4 0000
has dist-worst-entropy "entropy +2\.3900 bits"
has dist-worst-largest "largest +625 "
total=$("$cb" distribution --game symble --colors 6 --pegs 4 0012 --csv - | awk -F, 'NR > 1 { s += $3 } END { print s }')
[ "$total" = 1296 ] && ok || bad "dist-csv: part sizes add up to $total"

check dist-wordle "$cb" distribution --limit 3
has dist-wordle-guess "guess +soare \(the highest entropy"
has dist-wordle-rows "^ +3  \.\.\.\.Y +120 "
check dist-history "$cb" distribution --game mastermind 1122=1B1W --json
has dist-history-count '"candidates":208' # Knuth (1976): 1122 answered 1B1W leaves 208 codes
check dist-english "$cb" distribution --game symble --dictionary english lears --limit 1
has dist-english-lears "entropy +4\.8815 bits"
if has_part plotting; then
    check dist-plot "$cb" distribution --game symble --colors 6 --pegs 4 --plot "$tmp/parts.png"
    image dist-plot-png "$tmp/parts.png" png
    check dist-plot-svg "$cb" distribution --game mastermind 1123 --plot "$tmp/parts.svg"
    image dist-plot-svg "$tmp/parts.svg" svg
fi

# --- bad input: one line on stderr, status 2
expect_err range-var 2 "not k=FROM..TO" -- bound --range x=1..3
# every rule has its name from the library's descriptors (Jotto's was read past a table of three)
expect_out bound-jotto-complete 0 '^game +jotto, complete dictionary' -- bound --game jotto --colors 6 --pegs 4
expect_out bound-jotto-json 0 '"rule":"jotto"' -- bound --game jotto --colors 6 --pegs 4 --json
expect_err range-order 2 "must go up" -- bound --range k=9..2 --pegs 4
expect_err range-words 2 "needs --pegs" -- bound --range k=2..9
expect_err range-k-lists 2 "not both" -- bound --range k=2..9 --dictionary english
expect_err plot-no-range 2 "draw a --range" -- bound --plot "$tmp/x.svg"
expect_err plot-ext 2 "must end in .svg or .png" -- bound --range k=2..3 --pegs 3 --plot "$tmp/x.pdf"
expect_err json-csv 2 "csv - writes to stdout" -- bound --json --csv -
expect_err bound-colors 2 "out of range" -- bound --game symble --colors 65 --pegs 4
expect_err two-guesses 2 "give one GUESS" -- distribution salet crane
expect_err guess-last 2 "comes first" -- distribution salet=..... crane
expect_err unknown-word 2 "not in the list" -- distribution xyzzy
expect_err dist-contradiction 2 "no answer of the list gives salet=GGGGG, but 1 allowed word would: salet" -- distribution salet=GGGGG
expect_err dist-hard 2 "hard mode" -- distribution --hard crony salet=.Y...
has_part plotting && expect_err dist-plot-dir 1 "cannot create" -- distribution --plot /nonexistent/dir/x.png
expect_err dist-plot-ext 2 "must end in .svg or .png" -- distribution --plot "$tmp/x.jpg"
expect_err dist-limit 2 "out of range" -- distribution --limit -1
expect_err dictionary 2 "unknown dictionary 'klingon'" -- distribution --dictionary klingon
expect_err dictionary-mm 2 "apply to word games" -- distribution --game mastermind --dictionary english
expect_err mixed-lengths 2 "mixed_lengths.txt:2: 'tree' has 4 characters" -- distribution --words tests/data/mixed_lengths.txt

summary cli_analysis
