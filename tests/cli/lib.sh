# lib.sh: the shared harness of the CLI test scripts that source it (after setting cb="$1"):
# counters, a scratch folder, and checks that count passes and print failures.

pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the secret key of results files (format 3): the test's own, never the user's
CODEBREAKER_KEY="$tmp/results.key"
export CODEBREAKER_KEY

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# norm_results FILE: the openers' lines of a results file (optimal --results), their digests left out, sorted,
# the bounds at or above the
# budget shown as ">=": their values depend on what the cache held when the opener was cut (docs/optimal.md)
norm_results() { grep -v '^#' "$1" | cut -d' ' -f1,2 | sed 's/>=[0-9]*/>=/' | sort; }

# check NAME COMMAND...: the command must succeed (its output is kept in $tmp/out)
check() {
    name="$1"
    shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then ok; else bad "$name: status $?"; head -3 "$tmp/err"; fi
}

# has NAME PATTERN [FILE]: the output (or FILE) matches PATTERN (grep -E)
has() {
    f="${3:-$tmp/out}"
    if grep -Eq -- "$2" "$f"; then ok; else bad "$1: no /$2/ in $f"; head -20 "$f"; fi
}

# expect NAME STATUS EXPECTED-OUTPUT -- ARGS...: stdout must equal EXPECTED-OUTPUT, exit status STATUS
expect() {
    name="$1" status="$2" want="$3"
    shift 4
    got=$("$cb" "$@" 2>"$tmp/err")
    rc=$?
    if [ "$rc" = "$status" ] && [ "$got" = "$want" ]; then ok; else
        bad "$name: status $rc (want $status), output:"
        echo "$got" | head -5
        echo "stderr:"
        head -3 "$tmp/err"
    fi
}

# expect_out NAME STATUS PATTERN -- ARGS...: exit status STATUS and a line of stdout matching PATTERN
# (grep -E); the output stays in $tmp/out
expect_out() {
    name="$1" status="$2" pattern="$3"
    shift 4
    "$cb" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ "$rc" = "$status" ] && grep -Eq -- "$pattern" "$tmp/out"; then ok; else
        bad "$name: status $rc (want $status), no line matches '$pattern'; output:"
        head -12 "$tmp/out"
        echo "stderr:"
        head -3 "$tmp/err"
    fi
}

# expect_err NAME STATUS PATTERN -- ARGS...: exit status STATUS and stderr matching PATTERN (grep -E) in at
# most $err_lines lines (default 1: one clear message); with quiet_out=1, a usage error (status 2) prints
# nothing on stdout either
expect_err() {
    name="$1" status="$2" pattern="$3"
    shift 4
    "$cb" "$@" >"$tmp/eout" 2>"$tmp/err" </dev/null
    rc=$?
    if [ "$rc" = "$status" ] && grep -Eq -- "$pattern" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -le "${err_lines:-1}" ] &&
        { [ -z "${quiet_out:-}" ] || [ "$status" != 2 ] || [ ! -s "$tmp/eout" ]; }; then
        ok
    else
        bad "$name: status $rc (want $status), stderr:"
        cat "$tmp/err"
        [ -s "$tmp/eout" ] && { echo "stdout:"; head -5 "$tmp/eout"; }
    fi
}

# Optional parts and tools. A test whose optional part (PLplot, the web dashboard, uPlot, MPI) or
# tool (zsh, fish, tmux, man) is absent runs the rest and reports the part skipped, with the reason:
# exit 77, which ctest reports as skipped (SKIP_RETURN_CODE); a failure elsewhere still fails it. Under
# CB_NO_SKIP=1 (CI, .ci/run: make deps installs everything) a skip is a failure.
skipped=""
# skip_part WHAT REASON: WHAT is not checked, for REASON
skip_part() {
    skipped="$skipped  $1: $2
"
    echo "SKIP $1: $2"
}
# skip_test REASON: nothing of the test can run
skip_test() {
    echo "skipped: $1"
    if [ "${CB_NO_SKIP:-0}" = 1 ]; then
        echo "FAIL: CB_NO_SKIP=1: every test must run"
        exit 1
    fi
    exit 77
}
# has_part NAME: the program's --version says the build has NAME (plotting, line editing, web
# dashboard, MPI): "NAME: yes"
has_part() { "$cb" --version 2>/dev/null | grep -q "^$1: yes"; }

# summary NAME: the counts and what was skipped; the script's status is that of this call (its last):
# 1 on a failure, else 77 when a part was skipped (1 with CB_NO_SKIP=1), else 0
summary() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" = 0 ] || return 1
    [ -n "$skipped" ] || return 0
    printf 'skipped, as this build or machine lacks them:\n%s' "$skipped"
    if [ "${CB_NO_SKIP:-0}" = 1 ]; then
        echo "FAIL: CB_NO_SKIP=1: every part must run"
        return 1
    fi
    exit 77
}

# image NAME FILE KIND: FILE is a real SVG (an XML document) or PNG of some size
image() {
    f="$2"
    size=$(wc -c <"$f" 2>/dev/null || echo 0)
    case "$3" in
    svg) head -c 200 "$f" 2>/dev/null | grep -q "<svg" && head -c 5 "$f" | grep -q "<?xml" && magic=1 || magic=0 ;;
    png) [ "$(head -c 8 "$f" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] && magic=1 || magic=0 ;;
    esac
    if [ "$magic" = 1 ] && [ "$size" -gt 10000 ]; then ok; else bad "$1: $f is not a $3 image ($size bytes)"; fi
}
