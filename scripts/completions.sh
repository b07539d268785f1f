#!/bin/sh
# Write the shell completions of codebreaker from the program's own --help, so they follow its
# commands and options: bash (codebreaker), zsh (_codebreaker) and fish (codebreaker.fish).
# usage: scripts/completions.sh PROGRAM OUTPUT_DIR
set -e
prog="$1"
out="$2"
mkdir -p "$out"
help="$("$prog" --help)"
commands=$(printf '%s\n' "$help" | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || {
    echo "scripts/completions.sh: '$prog --help' lists no commands" >&2
    exit 1
}
# q: text quoted for the inside of '...' in sh, bash, zsh and fish.
q() { sed "s/'/'\\\\''/g"; }
summary() { printf '%s\n' "$help" | sed -n "s/^  $1  *//p" | sed "s/[:;].*//"; }
# Every option of a command as lines "name METAVAR description" (METAVAR "-" for a flag).
options() {
    "$prog" "$1" --help | sed -n 's/^  \(-h, \)\{0,1\}--\([a-z][a-z-]*\) \{1,\}\([A-Z][^ ]*\) \{2,\}\(.*\)/\2 \3 \4/p
s/^  \(-h, \)\{0,1\}--\([a-z][a-z-]*\) \{2,\}\(.*\)/\2 - \3/p'
}
# A list written in a help line ("a, b (default), c; ..."): its words.
listed() { sed 's/([^)]*)//g; s/;.*//; s/,/ /g; s/ or / /g' | tr -s ' ' '\n' | grep -E '^[a-z][a-z-]*$' | tr '\n' ' '; }
# --game and --strategy end their help with the registry's names, after the last ": "
games=$("$prog" simulate --help | sed -n 's/^  --game NAME  *.*: //p' | listed)
strategies=$("$prog" simulate --help | sed -n 's/^  --strategy NAMES  *.*: //p' | listed)
experiments=$("$prog" experiment --help | sed -n 's/.*(NAME: \([^)]*\)/\1/p; s/^  *\([a-z-]*, [^)]*\))$/\1/p' | listed)
# values NAME: the words an option's value may be, when it is one of a list.
values() {
    case "$1" in
    game) echo "$games" ;;
    strategy) echo "$strategies" ;;
    tree-format) echo "text json" ;;
    table) echo "auto on off" ;;
    tie) echo "first random" ;;
    objective) echo "total worst" ;;
    dictionary) echo "english" ;;
    esac
}

# bash
{
    echo "# bash completion for codebreaker, generated from its --help by scripts/completions.sh"
    echo "_codebreaker() {"
    echo "    local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} opts=''"
    echo "    COMPREPLY=()"
    echo "    if [ \"\$COMP_CWORD\" -eq 1 ]; then"
    echo "        COMPREPLY=(\$(compgen -W '$(echo $commands) --help --version' -- \"\$cur\"))"
    echo "        return"
    echo "    fi"
    echo "    case \$prev in"
    for o in game strategy tree-format table tie objective dictionary; do
        if [ "$o" = strategy ]; then # comma-separated: complete the last name
            echo "    --strategy) local done=\${cur%\"\${cur##*,}\"}; COMPREPLY=(\$(compgen -P \"\$done\" -W '$(values strategy)' -- \"\${cur##*,}\")); return ;;"
        else
            echo "    --$o) COMPREPLY=(\$(compgen -W '$(values $o)' -- \"\$cur\")); return ;;"
        fi
    done
    for c in $commands; do options "$c"; done | awk '$2 == "FILE" { print "--" $1 }' | sort -u | tr '\n' '|' |
        sed 's/|$//; s/.*/    &) COMPREPLY=($(compgen -f -- "$cur")); return ;;/'
    echo
    for c in $commands; do options "$c"; done | awk '$2 == "DIR" { print "--" $1 }' | sort -u | tr '\n' '|' |
        sed 's/|$//; s/.*/    &) COMPREPLY=($(compgen -d -- "$cur")); return ;;/'
    echo
    for c in $commands; do options "$c"; done | awk '$2 != "-" { print "--" $1 }' | sort -u | tr '\n' '|' |
        sed 's/|$//; s/.*/    &) return ;;/'
    echo
    echo "    esac"
    echo "    case \${COMP_WORDS[1]} in"
    for c in $commands; do
        echo "    $c) opts='$(options "$c" | awk '{ printf "%s--%s", (NR > 1 ? " " : ""), $1 }')' ;;"
    done
    echo "    esac"
    echo "    if [[ \$cur == -* ]]; then"
    echo "        COMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))"
    echo "    elif [ \"\${COMP_WORDS[1]}\" = verify-tree ]; then"
    echo "        COMPREPLY=(\$(compgen -f -- \"\$cur\"))"
    echo "    elif [ \"\${COMP_WORDS[1]}\" = experiment ] && [ \"\$COMP_CWORD\" -eq 2 ]; then"
    echo "        COMPREPLY=(\$(compgen -W '$experiments' -- \"\$cur\"))"
    echo "    fi"
    echo "}"
    echo "complete -F _codebreaker codebreaker"
} >"$out/codebreaker"

# zsh: the description of an option without the characters _arguments gives a meaning to.
zdesc() { sed "s/\[/(/g; s/\]/)/g; s/:/ -/g; s/\\\\//g" | q; }
{
    echo "#compdef codebreaker"
    echo "# zsh completion for codebreaker, generated from its --help by scripts/completions.sh"
    echo "local -a commands"
    echo "commands=("
    for c in $commands; do echo "  '$c:$(summary "$c" | zdesc)'"; done
    echo ")"
    echo "if (( CURRENT == 2 )); then"
    echo "  _describe 'command' commands"
    echo "  return"
    echo "fi"
    echo "case \$words[2] in"
    for c in $commands; do
        printf '%s)\n  _arguments -s' "$c"
        options "$c" | while read -r name meta desc; do
            d=$(printf '%s' "$desc" | zdesc)
            case "$meta" in
            -) spec="'--$name[$d]'" ;;
            FILE) spec="'--$name[$d]:file:_files'" ;;
            DIR) spec="'--$name[$d]:folder:_files -/'" ;;
            *)
                v=$(values "$name")
                if [ -n "$v" ] && [ "$name" != strategy ]; then spec="'--$name[$d]:$meta:($v)'"; else spec="'--$name[$d]:$meta: '"; fi
                ;;
            esac
            printf ' \\\n    %s' "$spec"
        done
        case "$c" in
        verify-tree) printf " \\\\\n    '*:tree file:_files'" ;;
        experiment) printf " \\\\\n    '1:experiment:(%s)'" "$experiments" ;;
        esac
        printf '\n  ;;\n'
    done
    echo "esac"
} >"$out/_codebreaker"

# fish
{
    echo "# fish completion for codebreaker, generated from its --help by scripts/completions.sh"
    echo "complete -c codebreaker -f"
    for c in $commands; do
        echo "complete -c codebreaker -n __fish_use_subcommand -a $c -d '$(summary "$c" | q)'"
    done
    for c in $commands; do
        options "$c" | while read -r name meta desc; do
            d=$(printf '%s' "$desc" | sed "s/\\\\//g" | q)
            case "$meta" in
            -) extra="" ;;
            FILE) extra=" -r -F" ;;
            DIR) extra=" -r -F" ;;
            *)
                v=$(values "$name")
                if [ -n "$v" ]; then extra=" -x -a '$v'"; else extra=" -x"; fi
                ;;
            esac
            echo "complete -c codebreaker -n '__fish_seen_subcommand_from $c' -l $name$extra -d '$d'"
        done
    done
    echo "complete -c codebreaker -n '__fish_seen_subcommand_from verify-tree' -F"
    echo "complete -c codebreaker -n '__fish_seen_subcommand_from experiment' -a '$experiments'"
} >"$out/codebreaker.fish"
