#!/bin/sh
# cli_tmux.sh: play and assist inside a real terminal. tmux (a Debian package, see scripts/packages-test.txt)
# runs the program in a pseudo-terminal; send-keys types, capture-pane reads the screen, with its colours.
# Checks: coloured tiles, pegs and keyboard; Symble's symbols; NO_COLOR and --plain; line editing and
# history (when the build has libedit); Ctrl-C and end of input leave with the terminal restored.
# usage: sh tests/cli/cli_tmux.sh path/to/codebreaker [LIBEDIT_FOUND]   (exit 77: skipped, tmux missing)
cb="$1"
libedit="$2"
case "$cb" in /*) ;; *) cb="$PWD/$cb" ;; esac
# skip REASON: the test cannot run here (77: ctest's skipped; 1 under CB_NO_SKIP=1, as CI runs)
skip() {
    echo "skipped: $1"
    [ "${CB_NO_SKIP:-0}" = 1 ] && exit 1
    exit 77
}
command -v tmux >/dev/null 2>&1 || skip "tmux is not installed (Debian: tmux)"
pass=0
fail=0
tmp=$(mktemp -d)
sock="cbtest$$"
tm() { LC_ALL=C.UTF-8 tmux -u -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
esc=$(printf '\033')

# The program runs under a wrapper that reports its exit status and the terminal's modes after it, then
# waits, so that the screen stays to be read.
cat >"$tmp/wrap.sh" <<'EOF'
#!/bin/sh
trap '' INT
"$@"
echo "EXIT $?"
echo "MODES $(stty -a | tr ' ;' '\n\n' | grep -E '^-?(icanon|echo|isig)$' | tr '\n' ' ')"
sleep 600
EOF

# start NAME ENV... -- ARGS...: a new window running the program (ENV: extra variables such as NO_COLOR=1)
start() {
    win="$1"
    shift
    envs=""
    while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
    shift
    tm new-window -d -n "$win" "env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color $envs sh $tmp/wrap.sh $cb $*"
}
screen() { tm capture-pane -p -t "$win" -S 0 -E 60 >"$tmp/screen"; }
screen_esc() { tm capture-pane -p -e -t "$win" -S 0 -E 60 >"$tmp/screen"; }
keys() { tm send-keys -t "$win" "$@"; }
bad() {
    fail=$((fail + 1))
    echo "FAIL $win: $1"
    sed 's/^/  | /' "$tmp/screen" | cat -v | grep -v '^  | $' | tail -30
}
# wait_for TEXT: until the screen shows TEXT (fixed string); at most 2 minutes, only so that a
# broken program cannot hang the test (a loaded machine takes seconds at most)
wait_for() {
    i=0
    while [ $i -lt 1200 ]; do
        screen
        grep -qF -- "$1" "$tmp/screen" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    bad "timed out waiting for '$1'"
    return 1
}
# has TEXT...: the screen (as last captured) shows each
has() { for s in "$@"; do grep -qF -- "$s" "$tmp/screen" || { bad "missing '$s'"; return; }; done; pass=$((pass + 1)); }
lacks() { for s in "$@"; do grep -qF -- "$s" "$tmp/screen" && { bad "unexpected '$s'"; return; }; done; pass=$((pass + 1)); }
restored() { # the program left with status $1 and the terminal back in its normal modes
    wait_for "MODES" && has "EXIT $1" && has "icanon" && lacks "MODES -" " -icanon" " -echo" " -isig"
}

tm new-session -d -x 120 -y 60 -s cb "sleep 600" || skip "tmux cannot start here"
printf '%s\n' crane crave craze trace salet strae crony coley avant >"$tmp/words.txt"   # a small list: fast

# --- play Wordle: coloured tiles and keyboard; a refused word costs no turn; line editing --------------
start play -- play --game wordle --secret crane --first trace
wait_for "guess 1/6>"
keys salet Enter
wait_for "guess 2/6>"
screen_esc
has "${esc}[43m A " "${esc}[48;5;240m S " "${esc}[48;5;250m Q "   # yellow and gray tiles, untried key
screen
has "S   A   L   E   T" "Q   W   E   R   T   Y   U   I   O   P" "A   S   D   F   G   H   J   K   L" "Z   X   C   V   B   N   M"
keys xyzzy Enter
wait_for "(no turn used)"
has "guess 2/6> xyzzy" "'xyzzy' is not in the list of allowed guesses (no turn used)"
keys crabe BSpace BSpace ne Enter                                    # edited to crane
wait_for "solved in 2 guesses!"
screen_esc
has "${esc}[42m C " "${esc}[42m E "                                 # green tiles
restored 0
screen
has "secret: crane" "you: salet (" "would play: trace"
cp "$tmp/screen" "$tmp/play.txt"

# --- assist Wordle: Enter takes the proposal, tiles of the typed feedback, history, Ctrl-C -------------
start assist -- assist --game wordle --first trace
wait_for "guess [trace]>"
keys Enter
wait_for "feedback for trace>"
keys .ggyg Enter
wait_for "3 candidates left"
screen_esc
has "${esc}[42m R " "${esc}[43m C " "${esc}[48;5;240m T "
keys "top 3" Enter
wait_for "best guesses by"
if [ "$libedit" = 1 ] || [ "$libedit" = TRUE ]; then
    keys Up Enter                                                     # history: top 3 again
    i=0
    while [ $i -lt 1200 ] && [ "$(grep -c 'best guesses by' "$tmp/screen")" -lt 2 ]; do
        sleep 0.1; screen; i=$((i + 1))
    done
    [ "$(grep -c 'best guesses by' "$tmp/screen")" -ge 2 ] && pass=$((pass + 1)) || bad "Up did not recall 'top 3'"
fi
keys cra
i=0
while [ $i -lt 1200 ] && ! grep -q '> cra *$' "$tmp/screen"; do # Ctrl-C once the typed text is on the line
    sleep 0.1; screen; i=$((i + 1))
done
keys C-c
wait_for "interrupted"
restored 130
cp "$tmp/screen" "$tmp/assist.txt"

# --- play Symble: the three symbols in tiles; end of input (Ctrl-D) leaves cleanly ---------------------
start symble -- play --game symble --words $tmp/words.txt --secret crane --mapping abc
wait_for "guess 1/8>"
keys strae Enter
wait_for "guess 2/8>"
has "S   T   R   A   E" "☀   ♥   ♥   ☀   💧"
keys C-d
wait_for "end of input: bye"
restored 0

# --- NO_COLOR: no colour escapes, but the pegs' symbols; Mastermind -----------------------------------
start nocolor NO_COLOR=1 -- play --game mastermind --secret 1234
wait_for "guess 1/10>"
keys 1122 Enter
wait_for "guess 2/10>"
has "1122  ●○··  1B1W"
screen_esc
lacks "${esc}["
keys quit Enter
restored 0

# --- Mastermind in colour: coloured pegs ----------------------------------------------------------------
start pegs -- play --game mastermind --secret 1234
wait_for "guess 1/10>"
keys 1356 Enter
wait_for "guess 2/10>"
screen_esc
has "${esc}[48;5;196m 1 " "${esc}[48;5;226m 3 " "●○··"
keys giveup Enter
restored 0

# --- --plain in a terminal: words, no escapes, no symbols -----------------------------------------------
start plain -- assist --game symble --words $tmp/words.txt --plain --first strae
wait_for "guess [strae]>"
keys "strae ☀♥♥☀💧" Enter
wait_for "candidates left"
has "strae: a b b a c" "the symbols mean" "a gray, b yellow, c green"
screen_esc
grep -v '^guess \[' "$tmp/screen" >"$tmp/said" && mv "$tmp/said" "$tmp/screen"   # what the program said
lacks "${esc}[" "☀"
keys quit Enter
restored 0

printf '\nplay, as captured:\n'; grep -v '^$' "$tmp/play.txt" | sed -n '1,30p'
printf '\nassist, as captured:\n'; grep -v '^$' "$tmp/assist.txt" | sed -n '1,30p'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || exit 1
case "$libedit" in 1 | TRUE | ON) ;; *) skip "line editing: this build has no libedit (Debian: libedit-dev)" ;; esac
