#!/bin/sh
# Write the shell completions of codebreaker from the program's option tables as tools/man/options.tsv
# holds them (what `codebreaker --options` prints: every command's options, each with the values it
# takes when they are a list; the test options_table checks that the built program prints the same),
# so they follow its commands, options and values: bash (codebreaker), zsh (_codebreaker) and fish
# (codebreaker.fish). The program is not run, so that a cross build writes them as well.
# usage: scripts/completions.sh OPTIONS_TSV OUTPUT_DIR
set -e
tsv="$1"
out="$2"
mkdir -p "$out"
commands=$(awk -F'\t' '$1 == "command" { print $2 }' "$tsv")
[ -n "$commands" ] || {
    echo "scripts/completions.sh: $tsv lists no commands" >&2
    exit 1
}
# q: text quoted for the inside of '...' in sh, bash, zsh and fish.
q() { sed "s/'/'\\\\''/g"; }
summary() { awk -F'\t' -v c="$1" '$1 == "command" && $2 == c { print $3 }' "$tsv" | sed "s/[:;].*//"; }
# Every option of a command as lines "name ARG VALUES description" (ARG and VALUES "-" when none;
# VALUES comma-joined).
options() {
    awk -F'\t' -v c="$1" '$1 == "option" && $2 == c { v = $6; gsub(/ /, ",", v); print $4 " " $5 " " v " " $7 }' "$tsv"
}
# the experiments: experiment's usage names them, "NAME [OPTIONS] (NAME: list, symble-lengths, ...)"
experiments=$(awk -F'\t' '$1 == "command" && $2 == "experiment" { print $4 }' "$tsv" |
    sed -n 's/.*(NAME: \([a-z, -]*\)).*/\1/p' | sed 's/, */ /g')
[ -n "$experiments" ] || {
    echo "scripts/completions.sh: experiment's usage in $tsv names no experiments (NAME: ...)" >&2
    exit 1
}

# bash
{
    echo "# bash completion for codebreaker, generated from its option tables by scripts/completions.sh"
    echo "_codebreaker() {"
    echo "    local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} opts=''"
    echo "    COMPREPLY=()"
    echo "    # --option=VALUE: bash makes '=' a word of its own (COMP_WORDBREAKS); the value is completed alone"
    echo "    if [ \"\$cur\" = = ]; then"
    echo "        cur=''"
    echo "    elif [ \"\$prev\" = = ] && [ \"\$COMP_CWORD\" -ge 3 ]; then"
    echo "        prev=\${COMP_WORDS[COMP_CWORD-2]}"
    echo "    fi"
    echo "    if [ \"\$COMP_CWORD\" -eq 1 ]; then"
    echo "        COMPREPLY=(\$(compgen -W '$(echo $commands) help --help --version --options' -- \"\$cur\"))"
    echo "        return"
    echo "    fi"
    echo "    if [ \"\$COMP_CWORD\" -eq 2 ] && [ \"\${COMP_WORDS[1]}\" = help ]; then"
    echo "        COMPREPLY=(\$(compgen -W '$(echo $commands)' -- \"\$cur\"))"
    echo "        return"
    echo "    fi"
    echo "    case \"\${COMP_WORDS[1]} \$prev\" in"
    # the values of an option that takes one of a list, for each command that has it (--strategy:
    # comma-separated, so the last name is completed)
    for c in $commands; do
        options "$c" | while read -r name meta vals desc; do
            [ "$vals" != - ] || continue
            v=$(echo "$vals" | tr , ' ')
            if [ "$name" = strategy ]; then
                echo "    '$c --strategy') local done=\${cur%\"\${cur##*,}\"}; COMPREPLY=(\$(compgen -P \"\$done\" -W '$v' -- \"\${cur##*,}\")); return ;;"
            else
                echo "    '$c --$name') COMPREPLY=(\$(compgen -W '$v' -- \"\$cur\")); return ;;"
            fi
        done
    done
    echo "    esac"
    echo "    case \$prev in"
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
    echo "# zsh completion for codebreaker, generated from its option tables by scripts/completions.sh"
    echo "local -a commands"
    echo "commands=("
    for c in $commands; do echo "  '$c:$(summary "$c" | zdesc)'"; done
    echo ")"
    echo "if (( CURRENT == 2 )); then"
    echo "  _describe 'command' commands"
    echo "  return"
    echo "fi"
    echo "# the command's own arguments: _arguments sees the subcommand as the command name"
    echo "local cmd=\$words[2]"
    echo "shift words"
    echo "(( CURRENT-- ))"
    echo "case \$cmd in"
    echo "help)"
    echo "  (( CURRENT == 2 )) && _describe 'command' commands"
    echo "  ;;"
    for c in $commands; do
        printf '%s)\n  _arguments -s' "$c"
        options "$c" | while read -r name meta vals desc; do
            d=$(printf '%s' "$desc" | zdesc)
            case "$meta" in
            # --name= : the value in the next word or after '=' in the same one
            -) spec="'--$name[$d]'" ;;
            FILE) spec="'--$name=[$d]:file:_files'" ;;
            DIR) spec="'--$name=[$d]:folder:_files -/'" ;;
            *)
                v=$(echo "$vals" | tr , ' ')
                if [ "$vals" != - ] && [ "$name" != strategy ]; then
                    spec="'--$name=[$d]:$meta:($v)'"
                elif [ "$vals" != - ]; then # comma-separated names
                    spec="'--$name=[$d]:$meta:_sequence compadd - $v'"
                else
                    spec="'--$name=[$d]:$meta: '"
                fi
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
    echo "# fish completion for codebreaker, generated from its option tables by scripts/completions.sh"
    echo "complete -c codebreaker -f"
    echo "# --strategy takes a comma-separated list: each name completes after the commas already typed"
    echo "function __codebreaker_after_comma"
    echo "    set -l done (string replace -r '[^,]*\$' '' -- (string replace -r '^--[^=]*=' '' -- (commandline -ct)))"
    echo "    for name in \$argv"
    echo "        echo \"\$done\$name\""
    echo "    end"
    echo "end"
    for c in $commands; do
        echo "complete -c codebreaker -n __fish_use_subcommand -a $c -d '$(summary "$c" | q)'"
    done
    echo "complete -c codebreaker -n __fish_use_subcommand -a help -d 'a command'\''s options and an example'"
    echo "complete -c codebreaker -n __fish_use_subcommand -l help -d 'the commands'"
    echo "complete -c codebreaker -n __fish_use_subcommand -l version -d 'the version and the optional parts of this build'"
    echo "complete -c codebreaker -n '__fish_seen_subcommand_from help' -a '$(echo $commands)'"
    for c in $commands; do
        options "$c" | while read -r name meta vals desc; do
            d=$(printf '%s' "$desc" | sed "s/\\\\//g" | q)
            case "$meta" in
            -) extra="" ;;
            FILE) extra=" -r -F" ;;
            DIR) extra=" -r -F" ;;
            *)
                v=$(echo "$vals" | tr , ' ')
                if [ "$vals" != - ] && [ "$name" = strategy ]; then
                    extra=" -x -a '(__codebreaker_after_comma $v)'"
                elif [ "$vals" != - ]; then extra=" -x -a '$v'"; else extra=" -x"; fi
                ;;
            esac
            echo "complete -c codebreaker -n '__fish_seen_subcommand_from $c' -l $name$extra -d '$d'"
        done
    done
    echo "complete -c codebreaker -n '__fish_seen_subcommand_from verify-tree' -F"
    echo "complete -c codebreaker -n '__fish_seen_subcommand_from experiment' -a '$experiments'"
} >"$out/codebreaker.fish"
