#!/bin/sh
# Remove what the last install wrote (`make uninstall`): every file of the manifest that
# scripts/install.sh wrote (TYPE SHA256 PATH, DESTDIR included), then the folders it leaves empty:
# those named codebreaker and, inside a DESTDIR stage, every emptied parent up to the stage.
# It first checks the whole manifest against the files and removes nothing when they disagree: a
# file missing, changed since the install (its SHA-256) or of another kind, a path that is not
# absolute or holds a `..`, a DESTDIR given now that is not the one of the install. Then it names
# each disagreement and exits 1: delete what you mean to by hand, or install again first.
# usage: scripts/uninstall.sh MANIFEST
set -e
manifest="$1"
if [ ! -f "$manifest" ]; then
    echo "uninstall: no manifest $manifest: nothing installed from this build (make install writes it)" >&2
    exit 1
fi
head -1 "$manifest" | grep -q '^# codebreaker install manifest' || {
    echo "uninstall: $manifest is not a manifest of scripts/install.sh; nothing removed" >&2
    exit 1
}
destdir=$(sed -n 's/^# destdir \{0,1\}//p' "$manifest")
prefix=$(sed -n 's/^# prefix \{0,1\}//p' "$manifest")
if [ -n "${DESTDIR:-}" ] && [ "$(cd "$DESTDIR" 2>/dev/null && pwd)" != "$destdir" ]; then
    echo "uninstall: DESTDIR=$DESTDIR, but the last install was to ${destdir:-no DESTDIR}; nothing removed" >&2
    exit 1
fi

# Every line checked before anything is removed (in few processes: one sha256sum for every file).
entries=$(grep -v '^#' "$manifest")
problems=$(echo "$entries" | while IFS= read -r line; do
    kind=${line%% *}
    rest=${line#* }
    f=${rest#* }
    case "$kind:$f" in
    [fl]:/*) ;;
    *)
        echo "a line that is not TYPE SHA256 /PATH: $line"
        continue
        ;;
    esac
    case "$f/" in */../* | */./*)
        echo "a path with . or ..: $f"
        continue
        ;;
    esac
    case "$f" in "$destdir"/*) ;; *)
        echo "outside the install's DESTDIR $destdir: $f"
        continue
        ;;
    esac
    if [ "$kind" = l ]; then
        if [ ! -L "$f" ]; then
            echo "not a symbolic link any more: $f"
        elif [ "$(readlink "$f" | sha256sum | cut -d' ' -f1)" != "${rest%% *}" ]; then
            echo "a symbolic link changed since the install: $f"
        fi
    elif [ -L "$f" ] || [ ! -f "$f" ]; then
        echo "missing or not a plain file: $f"
    fi
done)
if [ -z "$problems" ]; then # the plain files' contents against their sums: the lines not written again
    sums=$(mktemp -d)
    trap 'rm -rf "$sums"' EXIT
    echo "$entries" | grep '^f ' >"$sums/want" || true
    sed 's/^f [0-9a-f]* //' "$sums/want" | tr '\n' '\0' | xargs -0 -r sha256sum -- | sed 's/^/f /; s/  / /' >"$sums/got"
    problems=$(grep -vxF -f "$sums/got" "$sums/want" | sed 's/^f [0-9a-f]* /changed since the install: /')
fi
if [ -n "$problems" ]; then
    echo "uninstall: the files disagree with $manifest; nothing removed:" >&2
    echo "$problems" | head -20 | sed 's/^/  /' >&2
    [ "$(echo "$problems" | wc -l)" -le 20 ] || echo "  ... ($(echo "$problems" | wc -l) in all)" >&2
    exit 1
fi

files=$(echo "$entries" | sed 's/^[fl] [0-9a-f]* //')
echo "$files" | tr '\n' '\0' | xargs -0 rm -f --
# The folders that may be left empty, deepest first (rmdir removes only empty ones): every parent
# inside a stage; else codebreaker's own under the prefix (include/codebreaker, share/doc/codebreaker/docs, ...)
echo "$files" | awk -v destdir="$destdir" -v prefix="$prefix" '
    {
        d = $0
        while (sub(/\/[^\/]*$/, "", d) && d != "" && d != destdir) {
            if (destdir != "") print d
            else if (index(d, prefix "/") == 1 && ("/" substr(d, length(prefix) + 2) "/") ~ /\/codebreaker\//) print d
        }
    }' | sort -ru | tr '\n' '\0' | xargs -0 -r rmdir --ignore-fail-on-non-empty -- 2>/dev/null || true
rm -f "$manifest"
echo "uninstall: removed the $(echo "$files" | wc -l) files listed in $manifest${destdir:+ (in $destdir)}"
