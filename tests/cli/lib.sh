# lib.sh: the shared harness of the CLI test scripts that source it (after setting cb="$1"):
# counters, a scratch folder, and checks that count passes and print failures.

pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# check NAME COMMAND...: the command must succeed (its output is kept in $tmp/out)
check() {
    name="$1"
    shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then ok; else bad "$name: status $?"; head -3 "$tmp/err"; fi
}

# has NAME PATTERN [FILE]: the output (or FILE) matches PATTERN (grep -E)
has() {
    f="${3:-$tmp/out}"
    if grep -Eq "$2" "$f"; then ok; else bad "$1: no /$2/ in $f"; head -20 "$f"; fi
}

# expect_err NAME STATUS PATTERN -- ARGS...: exit status STATUS, one line on stderr matching PATTERN
expect_err() {
    name="$1" status="$2" pattern="$3"
    shift 4
    "$cb" "$@" >"$tmp/eout" 2>"$tmp/err" </dev/null
    rc=$?
    if [ "$rc" = "$status" ] && grep -Eq "$pattern" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -le 1 ]; then
        ok
    else
        bad "$name: status $rc (want $status), stderr:"
        cat "$tmp/err"
    fi
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
