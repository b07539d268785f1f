#!/bin/sh
# Remove what an install wrote: every file of its manifest (CMake's install_manifest.txt, one path
# a line, DESTDIR included), then the folders of codebreaker's own that are left empty. Nothing else
# is touched: a file that is gone already is skipped, a folder shared with others stays.
# usage: scripts/uninstall.sh MANIFEST
set -e
manifest="$1"
if [ ! -f "$manifest" ]; then
    echo "uninstall: no manifest $manifest (make install writes it)" >&2
    exit 1
fi
n=0
while IFS= read -r f || [ -n "$f" ]; do # the manifest has no final line break
    [ -n "$f" ] || continue
    if [ -e "$f" ] || [ -L "$f" ]; then
        rm -f "$f"
        n=$((n + 1))
    fi
done <"$manifest"
# the folders only codebreaker uses, deepest first, when empty
sed -n 's|^\(.*/codebreaker\)/.*|\1|p' "$manifest" | sort -ru | while IFS= read -r d; do
    find "$d" -depth -type d -empty -delete 2>/dev/null || true
done
echo "uninstall: removed $n files listed in $manifest"
