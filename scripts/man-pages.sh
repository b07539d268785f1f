#!/bin/sh
# Write the manual pages codebreaker(1) and codebreaker-COMMAND(1), one per subcommand, from the
# program's option tables as tools/man/options.tsv holds them (what `codebreaker --options` prints:
# each command's usage, summary, example and options, with the values an option takes; the test
# options_table checks that the built program prints the same) and, for codebreaker(1), the hand-written
# tools/man/codebreaker.1.in (notation, exit status, environment, files, examples). The pages keep
# the token @DOCDIR@, which the install replaces by the installed documentation folder. With a fourth
# argument `mpi`, codebreaker-mpi(1) too (hand-written: tools/man/codebreaker-mpi.1.in). The program is
# not run, so that a cross build writes the pages as well.
# usage: scripts/man-pages.sh OPTIONS_TSV OUTPUT_DIR VERSION [mpi]
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
tsv="$1"
out="$2"
version="$3"
mpi="${4:-}"
mkdir -p "$out"
cp "$tsv" "$out/options.tsv"
grep -q '^command	' "$out/options.tsv" || {
    echo "scripts/man-pages.sh: $tsv lists no commands" >&2
    exit 1
}

# awk functions: text made safe for roff (backslashes, hyphens, a leading dot or quote), and an
# option as a .TP paragraph with the values it takes.
funcs=$(
    cat <<'AWK'
function roff(s) {
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    sub(/^[.']/, "\\\\\\&&", s)
    return s
}
function option(name, arg, values, help) {
    print ".TP"
    if (arg == "-")
        print ".B \\-\\-" roff(name)
    else
        print ".BI \\-\\-" roff(name) " \" " roff(arg) "\""
    print roff(help)
    if (values != "-") {
        gsub(/ /, ", ", values)
        print ".br"
        print "Values: " roff(values) "."
    }
}
AWK
)

# The NAME line: a command's summary up to its first colon or semicolon.
short() { sed 's/[:;].*//'; }

awk -F'\t' '$1 == "command" { print $2 }' "$out/options.tsv" >"$out/commands"
for c in $(cat "$out/commands"); do
    awk -F'\t' -v c="$c" -v version="$version" "$funcs"'
    $1 == "command" && $2 == c {
        summary = $3; usage = $4; example = $5
        name = summary; sub(/[:;].*/, "", name)
        print ".TH CODEBREAKER\\-" toupper(roff(c)) " 1 \"\" \"codebreaker " version "\" \"codebreaker manual\""
        print ".nh"
        print ".SH NAME"
        print "codebreaker\\-" roff(c) " \\- " roff(name)
        print ".SH SYNOPSIS"
        print ".B codebreaker " roff(c)
        print roff(usage)
        print ".SH DESCRIPTION"
        print roff(toupper(substr(summary, 1, 1)) substr(summary, 2)) "."
        print ".PP"
        print "The guide to every command, with the games and the notation:"
        print ".IR @DOCDIR@/docs/usage.md ."
    }
    $1 == "option" && $2 == c {
        if ($3 != section) {
            section = $3
            print ".SH " (section == "command" ? "OPTIONS" : toupper(section) " OPTIONS")
        }
        option($4, $5, $6, $7)
        if ($4 == "threads") threads = 1
    }
    END {
        print ".TP"
        print ".BR \\-h \", \" \\-\\-help"
        print "This help."
        print ".SH EXIT STATUS"
        print "0 on success, 2 for bad usage or bad input, 1 for any other failure (a write that fails among"
        print "them); see"
        print ".BR codebreaker (1)."
        print ".SH ENVIRONMENT"
        print ".TP"
        print ".B OMP_NUM_THREADS"
        if (threads) {
            print "The threads of the computations when"
            print ".B \\-\\-threads"
            print "is not given (OpenMP'"'"'s default: every core)."
        } else
            print "The threads of the computations (OpenMP'"'"'s default: every core)."
        print ".TP"
        print ".BR NO_COLOR \", \" TERM"
        print "Colours of the boards in a terminal (play, assist, solve): off when NO_COLOR is set and not empty, or TERM is"
        print ".BR dumb ."
        print ".TP"
        print ".BR LC_ALL \", \" LC_CTYPE \", \" LANG"
        print "A UTF\\-8 locale lets the program draw bars and symbols with Unicode characters."
        print ".SH FILES"
        print "Files are read and written only where an option names them;"
        print ".B \\-"
        print "names standard input (or standard output) for each file option, and"
        print ".B tree:\\-"
        print "a decision tree on standard input."
        print ".TP"
        print ".I @DOCDIR@/docs/usage.md"
        print "Every command, with the games and the notation."
        print ".SH EXAMPLES"
        print ".nf"
        print roff(example)
        print ".fi"
        print ".SH SEE ALSO"
        print ".BR codebreaker (1)"
    }' "$out/options.tsv" >"$out/codebreaker-$c.1"
done

# codebreaker(1): the hand-written page with the commands, the shared options and the pages.
awk -F'\t' "$funcs"'
    $1 == "command" { print ".TP"; print ".BR codebreaker\\-" roff($2) " (1)"; print roff($3) }' \
    "$out/options.tsv" >"$out/commands.roff"
# the game and strategy options, as simulate (which takes both) lists them
awk -F'\t' "$funcs"'
    $1 == "option" && $2 == "simulate" && $3 != "command" {
        if ($3 != section) { section = $3; print ".SS " toupper(substr(section, 1, 1)) substr(section, 2) " options" }
        option($4, $5, $6, $7)
    }' "$out/options.tsv" >"$out/shared.roff"
sed 's/.*/.BR codebreaker\\-& (1),/; $s/,$//' "$out/commands" >"$out/seealso.roff"
sed '/^\.\\"/d' "$src/tools/man/codebreaker.1.in" | awk -v version="$version" -v dir="$out" '
    /^@COMMANDS@$/ { while ((getline l < (dir "/commands.roff")) > 0) print l; next }
    /^@SHARED@$/ { while ((getline l < (dir "/shared.roff")) > 0) print l; next }
    /^@SEEALSO@$/ { while ((getline l < (dir "/seealso.roff")) > 0) print l; next }
    { gsub(/@VERSION@/, version); print }' >"$out/codebreaker.1"
rm -f "$out/commands" "$out/commands.roff" "$out/shared.roff" "$out/seealso.roff"
if [ "$mpi" = mpi ]; then
    sed '/^\.\\"/d; s/@VERSION@/'"$version"'/g' "$src/tools/man/codebreaker-mpi.1.in" >"$out/codebreaker-mpi.1"
fi
