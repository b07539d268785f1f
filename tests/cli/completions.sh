#!/bin/sh
# completions.sh: the generated completions (scripts/completions.sh) complete in SHELL, driven as a
# user would: bash through COMP_WORDS and the completion function, zsh through a pseudo-terminal
# (completion_zsh.zsh, zpty), fish through `complete -C`. Commands, options, option values (after a
# space, after '=' and after a comma in a strategy list), help topics and file names. Exit 77
# (skipped) when SHELL is not installed (make deps installs zsh and fish); 1 with CB_NO_SKIP=1 (CI).
# usage: sh tests/cli/completions.sh bash|zsh|fish COMPLETIONS_DIR
shell="$1"
dir=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
command -v "$shell" >/dev/null 2>&1 || {
    echo "skipped: $shell is not installed (Debian: $shell; make deps installs it)"
    [ "${CB_NO_SKIP:-0}" = 1 ] && exit 1 # CI: every test runs
    exit 77
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
: >words-list.txt
pass=0
fail=0

# complete LINE: the matches SHELL offers at the end of LINE, one a line, without a leading --option=
complete() {
    case "$shell" in
    bash)
        # bash makes '=' a word of its own (COMP_WORDBREAKS); a line ending in a space has an empty last word
        # shellcheck disable=SC2046
        bash -c '. "$1/codebreaker"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _codebreaker
                 printf "%s\n" "${COMPREPLY[@]}"' _ "$dir" $(printf '%s' "$1" | sed 's/=/ = /g') \
            $(case "$1" in *" ") echo "''" ;; esac) | sed "s/^''$//"
        ;;
    zsh) timeout 120 zsh -f "$here/completion_zsh.zsh" "$dir" "$1" ;;
    fish) fish --no-config -c "source '$dir/codebreaker.fish'; complete -C '$1'" | cut -f1 ;;
    esac | sed 's/^--[a-z-]*=//'
}

# expect NAME LINE MATCH...: each MATCH is among the completions of LINE
expect() {
    name="$1" line="$2"
    shift 2
    complete "$line" >"$tmp/out" 2>"$tmp/err"
    for m in "$@"; do
        if grep -qx -- "$m" "$tmp/out"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $shell $name: '$line' does not offer '$m'; it offers: $(head -8 "$tmp/out" | tr '\n' ' ')"
            head -3 "$tmp/err"
        fi
    done
}

expect command "codebreaker sim" simulate
expect option "codebreaker simulate --ti" --tie
expect game "codebreaker simulate --game " wordle mastermind quordle absurdle
expect game-equals "codebreaker simulate --game=" wordle mastermind
expect game-prefix "codebreaker simulate --game=mas" mastermind
expect tie "codebreaker solve --tie " first random frequency
expect strategy "codebreaker simulate --strategy " minimax entropy
expect strategy-comma "codebreaker simulate --strategy minimax,en" minimax,entropy minimax,entropy-knuth
expect help-topic "codebreaker help si" simulate
expect help-topics "codebreaker help " play serve verify-tree
expect file "codebreaker simulate --words words-" words-list.txt
expect lists "codebreaker assist --lists nyt" nyt2023 nyt2022

echo "completions $shell: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
