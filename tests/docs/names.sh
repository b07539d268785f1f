#!/bin/sh
# names.sh: every file and every C name that docs/design.md and docs/hacking.md write in `backquotes`
# is in the tree: a path (from the top or from src/) exists, a name (cb_..., cbg_..., CB_..., CBO_...)
# occurs in the code. Placeholders (NAME, FILE, MODULE, a *, a brace, an API route) are left out.
# usage: names.sh   (from a git checkout; exit 77, skipped, elsewhere)
set -eu
cd "$(dirname "$0")/../.."
git rev-parse --git-dir >/dev/null 2>&1 || {
    echo "names: not a git checkout"
    exit 77
}
files=$(git ls-files -co --exclude-standard)
bad=0
for doc in docs/design.md docs/hacking.md; do
    for t in $(grep -o '`[^` ]*`' "$doc" | tr -d '`' | sort -u); do
        # paths of a build or an install (build-package/package.log, usr/, lib/x86_64-linux-gnu) are not files of the tree
        case "$t" in
        *NAME* | *FILE* | *MODULE* | *'*'* | *'{'* | /api/* | '"'* | build-*/ | build-*/* | usr/* | lib/* | .h | .c | *_) continue ;;
        esac
        case "$t" in
        */* | *.c | *.h | *.sh | *.md | *.json | *.txt | *.mjs | *.py | *.js)
            p=${t%%:*}
            [ -e "$p" ] || [ -e "src/$p" ] || echo "$files" | grep -q -e "/$p\$" ||
                { echo "$doc: no file $t" >&2 && bad=1; }
            ;;
        cb[a-z]_* | cb_* | CB_* | CB[A-Z]_*)
            n=$(echo "$t" | sed 's/[(.[].*//; s/[,;:]$//')
            git grep -q -w -e "$n" -- src include tools web tests bench scripts cmake CMakeLists.txt python ||
                { echo "$doc: no name $t in the code" >&2 && bad=1; }
            ;;
        esac
    done
done
[ "$bad" = 0 ] && echo "names: every file and C name of docs/design.md and docs/hacking.md is in the tree"
exit "$bad"
