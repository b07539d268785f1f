#!/bin/sh
# data.sh: every file under data/ is named in the provenance table of data/README.md ("Provenance and
# terms of every bundled file"), by its path or a pattern (`nyt/*.txt`), with where it came from and
# its terms. usage: sh tests/install/data.sh (from anywhere)
cd "$(dirname "$0")/../../data" || exit 1
# the first column's `...` items of the table's rows
patterns=$(sed -n '/^## Provenance and terms/,/^$/p; /^| file | where from/,/^$/p' README.md |
    awk -F'|' '/^\| `/ { print $2 }' | grep -o '`[^`]*`' | tr -d '`' | sort -u)
[ -n "$patterns" ] || { echo "FAIL data/README.md: no provenance table"; exit 1; }
fail=0
n=0
for f in $(find . -type f ! -name README.md | sed 's|^\./||' | sort); do
    n=$((n + 1))
    found=0
    for p in $patterns; do
        # shellcheck disable=SC2254
        case "$f" in $p) found=1 ;; esac
    done
    [ "$found" = 1 ] || { echo "FAIL data/$f: not in the provenance table of data/README.md"; fail=1; }
done
echo "data: $n files, each with its provenance"
exit $fail
