#!/bin/sh
# options_table.sh: the manual pages and the completions are written from tools/man/options.tsv,
# without running the program (cmake/docs.cmake: a cross build makes them too). This checks that the
# file is what the built program's tables say (`codebreaker --options`), and that the completions
# written from it offer, for every command, exactly the options its --help lists, the commands of
# `codebreaker --help` and the experiments of `codebreaker experiment list`. (tests/install/install.sh
# checks the installed man pages against --help the same way.)
# usage: tests/cli/options_table.sh PROGRAM OPTIONS_TSV COMPLETIONS_DIR
cb="$1"
tsv="$2"
dir="$3"
. "$(dirname "$0")/lib.sh"

# 1. The file is the program's tables, byte for byte.
"$cb" --options >"$tmp/options.tsv" && ok || bad "--options failed"
if cmp -s "$tmp/options.tsv" "$tsv"; then ok; else
    bad "$tsv differs from '$cb --options' (after changing an option, a command or a registry's names, write it again: make options, or cmake --build BUILD --target options-table):"
    diff "$tsv" "$tmp/options.tsv" | head -10
fi

# 2. The commands: those of --help, in bash, zsh and fish.
"$cb" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p' | sort >"$tmp/commands"
[ "$(wc -l <"$tmp/commands")" -ge 10 ] && ok || bad "--help lists $(wc -l <"$tmp/commands") commands"
sed -n "s/.*COMPREPLY=(\$(compgen -W '\([^']*\) help --help.*/\1/p" "$dir/codebreaker" | tr ' ' '\n' | sort >"$tmp/bash"
sed -n "/^commands=(/,/^)/s/^  '\([a-z-]*\):.*/\1/p" "$dir/_codebreaker" | sort >"$tmp/zsh"
sed -n "s/^complete -c codebreaker -n __fish_use_subcommand -a \([a-z-]*\) .*/\1/p" "$dir/codebreaker.fish" |
    grep -vx help | sort >"$tmp/fish"
for shell in bash zsh fish; do
    if cmp -s "$tmp/commands" "$tmp/$shell"; then ok; else
        bad "$shell completes other commands than --help lists:"
        diff "$tmp/commands" "$tmp/$shell" | head -5
    fi
done

# 3. Each command's options: those of its --help (but --help itself, which every command takes).
for c in $(cat "$tmp/commands"); do
    "$cb" "$c" --help | sed -n 's/^  \(-h, \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' | grep -vx help | sort -u >"$tmp/help"
    [ -s "$tmp/help" ] || [ "$c" = info ] || bad "$c --help lists no options"
    sed -n "s/^    $c) opts='\([^']*\)' ;;\$/\1/p" "$dir/codebreaker" | tr ' ' '\n' | sed 's/^--//' | sort -u >"$tmp/bash"
    awk -v c="$c" '$0 == c ")" { on = 1; next } on && /^  ;;$/ { on = 0 } on' "$dir/_codebreaker" |
        sed -n "s/^ *'--\([a-z][a-z-]*\)[=[].*/\1/p" | sort -u >"$tmp/zsh"
    sed -n "s/^complete -c codebreaker -n '__fish_seen_subcommand_from $c' -l \([a-z][a-z-]*\).*/\1/p" \
        "$dir/codebreaker.fish" | sort -u >"$tmp/fish"
    for shell in bash zsh fish; do
        if cmp -s "$tmp/help" "$tmp/$shell"; then ok; else
            bad "$shell completes other options of $c than its --help lists (< help, > $shell):"
            diff "$tmp/help" "$tmp/$shell" | head -5
        fi
    done
done

# 4. The experiments (experiment's first argument): `experiment list`'s and `list` itself.
{
    echo list
    "$cb" experiment list | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'
} | sort >"$tmp/experiments"
[ "$(wc -l <"$tmp/experiments")" -ge 3 ] && ok || bad "experiment list names $(wc -l <"$tmp/experiments") experiments"
sed -n "s/.*-eq 2 \]; then\$//; s/^        COMPREPLY=(\$(compgen -W '\([^']*\)' -- \"\$cur\"))\$/\1/p" "$dir/codebreaker" |
    tail -1 | tr ' ' '\n' | sed '/^$/d' | sort >"$tmp/bash"
if cmp -s "$tmp/experiments" "$tmp/bash"; then ok; else
    bad "bash completes other experiments than experiment list names (experiment's usage in $tsv):"
    diff "$tmp/experiments" "$tmp/bash" | head -5
fi

summary options_table
