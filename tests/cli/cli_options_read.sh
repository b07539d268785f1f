#!/bin/sh
# cli_options_read.sh: every option read by name is declared (issue 55): a misspelt name would read as
# absent without an error. Each name a subcommand's file reads (cli_get, cli_flag, cli_int, cli_seconds,
# cli_input) is one of that command's options (its own or its groups', as `codebreaker --options` lists
# them), each name any other file of tools/ reads is an option of some command, and each parameter a
# handler of web/ reads by name (web_req_get, _bool, _int, _choice, _id, _need) is declared by a route.
# usage: sh tests/cli/cli_options_read.sh path/to/codebreaker (from the repository's root)
cb="$1"
bad=0
opts=$(mktemp)
trap 'rm -f "$opts"' EXIT
"$cb" --options >"$opts" || { echo "codebreaker --options failed"; exit 1; }
names() { grep -hoE "$2\\([a-z&>-]+, \"[a-z0-9_-]+\"" $1 | sed -E 's/.*"([a-z0-9_-]+)"/\1/' | sort -u; }
declared() { awk -F'\t' -v c="$1" -v n="$2" '$1 == "option" && (c == "" || $2 == c) && $4 == n { f = 1 } END { exit !f }' "$opts"; }
reads='cli_(get|flag|int|seconds|input)'
for f in tools/cmd_*.c; do
    base=$(basename "$f" .c)
    base=${base#cmd_}
    cmd=$(echo "$base" | tr _ -)
    awk -F'\t' -v c="$cmd" '$1 == "command" && $2 == c { f = 1 } END { exit !f }' "$opts" || cmd=${base%%_*}
    for n in $(names "$f" "$reads"); do
        declared "$cmd" "$n" || { echo "$f reads --$n, which $cmd does not declare"; bad=1; }
    done
done
for n in $(names "$(ls tools/*.c tools/*/*.c | grep -v '^tools/cmd_')" "$reads"); do
    declared "" "$n" || { echo "tools/ reads --$n, which no command declares"; bad=1; }
done
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
[ "$bad" = 0 ] && echo "cli_options_read: every option and parameter read by name is declared ($total in web/)"
exit "$bad"
