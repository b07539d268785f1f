#!/bin/sh
# Write the manual pages codebreaker(1) and codebreaker-COMMAND(1), one per subcommand, from the
# program's own --help (help2man, Debian package help2man), so that they never drift from it.
# usage: scripts/man-pages.sh PROGRAM OUTPUT_DIR VERSION
set -e
prog="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="$2"
version="$3"
mkdir -p "$out/bin"
commands=$("$prog" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || {
    echo "scripts/man-pages.sh: '$prog --help' lists no commands" >&2
    exit 1
}

# The headings help2man knows; a usage line that goes on on the next line joined; two spaces at
# least between a command and its summary.
cat >"$out/bin/help.sed" <<'SED'
s/^options:/Options:/
s/^example:/Examples:/
s/^commands:/Commands:/
/^usage:/{
N
s/^usage:/Usage:/
s/\n  *\([^ ]\)/ \1/
}
/^Commands:/,/^$/s/^  \([a-z][a-z-]*\)  */  \1  /
SED

# page NAME SUMMARY [COMMAND]: help2man runs a wrapper named NAME that prints the --help of the
# program (or of COMMAND), with the headings help2man knows (Usage:, Options:, Examples:).
page() {
    name="$1"
    summary="$2"
    wrapper="$out/bin/$name"
    {
        echo '#!/bin/sh'
        echo "[ \"\$1\" = --help ] || exit 1"
        echo "'$prog' $3 --help | sed -f '$out/bin/help.sed'"
    } >"$wrapper"
    chmod +x "$wrapper"
    see="$out/bin/$name.see-also"
    if [ -n "$3" ]; then
        printf '[SEE ALSO]\n.BR codebreaker (1)\n' >"$see"
    else
        printf '[SEE ALSO]\n' >"$see"
        for c in $commands; do printf '.BR codebreaker-%s (1)\n' "$c"; done >>"$see"
        printf '.PP\nThe guide to games, notation and commands: docs/usage.md in the sources.\n' >>"$see"
    fi
    help2man --no-info --no-discard-stderr --version-string="$version" --name="$summary" \
        --section=1 --source="codebreaker $version" --manual="codebreaker manual" \
        --include="$see" --output="$out/$name.1" "$wrapper"
}

# The NAME line: the summary of the command list, up to its first colon or semicolon.
page codebreaker "$("$prog" --help | sed -n '1s/^[^:]*: //p')"
for c in $commands; do
    page "codebreaker-$c" "$("$prog" --help | sed -n "s/^  $c  *//p" | sed 's/[:;].*//')" "$c"
done
