#!/bin/sh
# cli_options_read.sh: every option read by name is declared (issue 55): a misspelt name would read as
# absent without an error. Each name a subcommand's file reads (cli_get, cli_flag, cli_int, cli_seconds,
# cli_input) is one of that command's options (its own or its groups', as `codebreaker --options` lists
# them), each name any other file of tools/ reads is an option of some command, and each parameter a
# handler of web/ reads by name (web_req_get, _bool, _int, _choice, _id, _need) is declared by a route.
# Names read through an array (cli_get(c, unsupported[i])) and asked with cli_declares count too. The
# program also refuses an undeclared name when it runs (cli_get: "internal error: option --NAME is not
# declared by command CMD", status 2); this check finds one on a path no test runs, and tries itself on
# scratch copies of files of tools/ with a name misspelt, which it must find.
# usage: sh tests/cli/cli_options_read.sh path/to/codebreaker (from the repository's root)
cb="$1"
bad=0
opts=$(mktemp)
trap 'rm -f "$opts"' EXIT
"$cb" --options >"$opts" || { echo "codebreaker --options failed"; exit 1; }
names() { grep -hoE "$2\\([a-z&>-]+, \"[a-z0-9_-]+\"" $1 | sed -E 's/.*"([a-z0-9_-]+)"/\1/' | sort -u; }
# the names of the arrays of option names a file reads through (cli_get(c, unsupported[i]) ...), one per
# line: the string literals of each array's definition
listed() {
    for a in $(grep -hoE "$reads\\([a-z&>-]+, [a-z_]+\\[" "$1" | sed -E 's/.*, ([a-z_]+)\[/\1/' | sort -u); do
        awk -v a="$a" '$0 ~ "const char \\*const " a "\\[\\] = \\{" { on = 1 } on { print } on && /\};/ { exit }' "$1" |
            grep -oE '"[a-z0-9-]+"' | tr -d '"'
    done
}
declared() { awk -F'\t' -v c="$1" -v n="$2" '$1 == "option" && (c == "" || $2 == c) && $4 == n { f = 1 } END { exit !f }' "$opts"; }
reads='cli_(get|flag|int|seconds|input|declares)'
# check_tools DIR: every option name the C files of DIR (a copy of tools/) read is declared; 1 when not
check_tools() {
    fail=0
    for f in $(ls "$1"/cmd_*.c 2>/dev/null); do
        base=$(basename "$f" .c)
        base=${base#cmd_}
        cmd=$(echo "$base" | tr _ -)
        awk -F'\t' -v c="$cmd" '$1 == "command" && $2 == c { f = 1 } END { exit !f }' "$opts" || cmd=${base%%_*}
        for n in $(names "$f" "$reads") $(listed "$f"); do
            declared "$cmd" "$n" || { echo "$f reads --$n, which $cmd does not declare"; fail=1; }
        done
    done
    for f in $(ls "$1"/*.c "$1"/*/*.c 2>/dev/null | grep -v '/cmd_[^/]*$'); do
        for n in $(names "$f" "$reads") $(listed "$f"); do
            declared "" "$n" || { echo "$f reads --$n, which no command declares"; fail=1; }
        done
    done
    return "$fail"
}
check_tools tools || bad=1
count=$(for f in tools/*.c tools/*/*.c; do names "$f" "$reads"; listed "$f"; done | wc -l)
[ "$count" -gt 150 ] || { echo "only $count option names read in tools/: the pattern no longer matches"; bad=1; }
# The check could fail: in a scratch copy of a file of tools/ (alone), a misspelt name in a command's
# file, then in a shared file, then in an array of names, must each be found.
scratch=$(mktemp -d)
trap 'rm -f "$opts"; rm -rf "$scratch"' EXIT
misspell() { # FILE FROM TO: the copy with one read misspelt; the check must name TO
    rm -rf "$scratch/tools" && mkdir -p "$(dirname "$scratch/tools/$1")"
    grep -qF "$2" "tools/$1" || { echo "self-test: '$2' is no longer in tools/$1"; bad=1; return; }
    sed "s/$2/$3/" "tools/$1" >"$scratch/tools/$1"
    if check_tools "$scratch/tools" >"$scratch/out"; then
        echo "self-test: the check passed tools/ with $3 for $2 in $1"
        bad=1
    elif ! grep -q -- "--$(echo "$3" | sed -E 's/.*"([a-z0-9-]+)".*/\1/')," "$scratch/out"; then
        echo "self-test: the check failed without naming $3:" && cat "$scratch/out"
        bad=1
    fi
}
misspell cmd_rank.c 'cli_flag(c, "json")' 'cli_flag(c, "jsno")'
misspell cli.c 'cli_get(c, "memory")' 'cli_get(c, "memroy")'
misspell variants/multi_simulate.c '"tree-format", "mapping"' '"tree-format", "maping"'
# the words of the routes' parameter lists: the WEB_*_PARAMS definitions, the route table's third field,
# and the job kinds' (snprintf of allowed, in api.c: "kind" and the kind's own)
params=" $(grep -hE '#define WEB_[A-Z_]*PARAMS|^ *\{"/api|snprintf\(allowed' web/*.h web/*.c | grep -oE '"[a-z_ %]+"' |
    tr -d '"%' | tr '\n' ' ') "
total=0
for n in $(names "web/*.c" 'web_req_(get|bool|int|choice|id|need)'); do
    total=$((total + 1))
    case "$params" in
    *" $n "*) ;;
    *) echo "web/ reads the parameter $n, which no route declares"; bad=1 ;;
    esac
done
[ "$total" -gt 20 ] || { echo "only $total parameters found in web/: the pattern no longer matches"; bad=1; }
[ "$bad" = 0 ] && echo "cli_options_read: every option and parameter read by name is declared ($count in tools/, $total in web/;" \
    "a misspelt name in a copy is found)"
exit "$bad"
