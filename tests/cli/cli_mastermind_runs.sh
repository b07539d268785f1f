#!/bin/sh
# cli_mastermind_runs.sh: the committed results files of the Mastermind proofs under way (data/mastermind/,
# bench/mastermind_proof.sh; issue 59) hold: each is derived again line by line by `optimal --sign` under the
# test's own key (every opener it names searched again with its line's budget), and the signed file has the
# same openers and values. It costs what settling those openers cost: label long (not in `make test`).
# usage: sh tests/cli/cli_mastermind_runs.sh path/to/codebreaker (from the top of the tree)
cb="$1"
. "$(dirname "$0")/lib.sh"
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
    cp "$res" "$tmp/$size.results"
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
    if [ "$(norm_results "$res")" = "$(norm_results "$tmp/$size.results")" ] &&
        [ "$(grep -vc "^#" "$res")" = "$(grep -vc '^#' "$tmp/$size.results")" ]; then ok; else
        bad "$size: the signed file's openers differ from $res"
    fi
done
if [ "$n" = 2 ]; then ok; else bad "data/mastermind: $n results files (want 4x10 and 5x7)"; fi
summary cli_mastermind_runs
