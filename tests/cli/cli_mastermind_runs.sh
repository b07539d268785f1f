#!/bin/sh
# cli_mastermind_runs.sh: the committed results files of the Mastermind proofs under way (data/mastermind/,
# bench/mastermind_proof.sh; issue 59) hold: their lines are derived again by `optimal --sign` under the
# test's own key (every opener named searched again with its line's budget), and the signed file has the
# same openers and values. Signing a line costs what settling its opener cost (11112 of 5x7: 380 s of CPU),
# so by default only the lines of the openers in $quick (seconds each) are derived again; MM_RUNS_ALL=1
# derives every line. Label long (not in `make test`).
# usage: sh tests/cli/cli_mastermind_runs.sh path/to/codebreaker (from the top of the tree)
cb="$1"
. "$(dirname "$0")/lib.sh"
# the openers each settled in seconds (data/mastermind/*.log)
quick="1111 11111"
n=0
for res in data/mastermind/*.results; do
    [ -f "$res" ] || continue
    n=$((n + 1))
    size=$(basename "$res" .results)
    case $size in
    4x10) rule="--pegs 4 --colors 10 --cutoff 55775" ;;
    5x7) rule="--pegs 5 --colors 7 --cutoff 85783" ;;
    *)
        bad "$res: no rule for $size (bench/mastermind_proof.sh's sizes)"
        continue
        ;;
    esac
    # the header (4 lines), then the lines to derive again
    sed -n 1,4p "$res" >"$tmp/$size.results"
    grep -v '^#' "$res" | while read -r word value digest; do
        case " $quick " in *" $word "*) echo "$word $value $digest" ;; *) [ "${MM_RUNS_ALL:-0}" = 1 ] && echo "$word $value $digest" ;; esac
    done >>"$tmp/$size.results"
    cp "$tmp/$size.results" "$tmp/$size.want"
    # the committed key is another installation's: refused as it is
    # shellcheck disable=SC2086
    "$cb" optimal --game mastermind $rule --threads 1 --quiet --results "$tmp/$size.results" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 2 ] && grep -q 'sealed with another secret key' "$tmp/err"; then ok; else
        bad "$size: read under another key with status $rc"
        head -3 "$tmp/err"
    fi
    # shellcheck disable=SC2086
    check "$size-sign" "$cb" optimal --game mastermind $rule --threads 1 --quiet --results "$tmp/$size.results" --sign
    has "$size-signed" "signed \(format 3" "$tmp/out"
    if [ "$(norm_results "$tmp/$size.want")" = "$(norm_results "$tmp/$size.results")" ] &&
        [ "$(grep -vc '^#' "$tmp/$size.want")" = "$(grep -vc '^#' "$tmp/$size.results")" ] &&
        [ "$(grep -vc '^#' "$tmp/$size.want")" -gt 0 ]; then ok; else
        bad "$size: the signed file's openers differ from those of $res, or none"
    fi
done
if [ "$n" = 2 ]; then ok; else bad "data/mastermind: $n results files (want 4x10 and 5x7)"; fi
summary cli_mastermind_runs
