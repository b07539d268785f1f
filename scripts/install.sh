#!/bin/sh
# Install a build (`make install`) and write the manifest that `make uninstall` reads
# (scripts/uninstall.sh). CMake's own install_manifest.txt lists the paths without DESTDIR; this
# manifest lists the files as written, DESTDIR included, each with its SHA-256 (of its bytes, or of
# its target for a symbolic link), so that the uninstall removes exactly what this install wrote and
# nothing that has changed since. Its first lines record DESTDIR and the prefix.
# usage: scripts/install.sh BUILD_DIR PREFIX MANIFEST   (DESTDIR from the environment, as for cmake)
set -e
[ $# = 3 ] || {
    echo "usage: scripts/install.sh BUILD_DIR PREFIX MANIFEST" >&2
    exit 2
}
build="$1" prefix="$2" manifest="$3"
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix=$(echo "$prefix" | sed 's|//*|/|g; s|\(.\)/$|\1|')
destdir="${DESTDIR:-}"
if [ -n "$destdir" ]; then # an absolute stage: the manifest's paths must not depend on the folder
    mkdir -p "$destdir"
    destdir=$(cd "$destdir" && pwd)
    export DESTDIR="$destdir"
fi
cmake --install "$build" --prefix "$prefix"
list="$build/install_manifest.txt"
tmp="$manifest.tmp"
mkdir -p "$(dirname "$manifest")"
# the paths as written (CMake's list has no final line break); a path with a backslash or a line
# break would be escaped by sha256sum, and none of ours has one
listed=$({ cat "$list" && echo; } | sed '/^$/d')
if echo "$listed" | grep -qv '^/' || echo "$listed" | grep -qF '\'; then
    echo "install: $list names a relative path or one with a backslash" >&2
    exit 1
fi
paths=$(echo "$listed" | while IFS= read -r p; do echo "$destdir$p"; done)
missing=$(echo "$paths" | while IFS= read -r p; do [ -L "$p" ] || [ -f "$p" ] || echo "$p"; done)
if [ -n "$missing" ]; then
    echo "install: cmake lists files it did not write: $missing" >&2
    exit 1
fi
{
    echo "# codebreaker install manifest (scripts/install.sh): TYPE SHA256 PATH; make uninstall reads it"
    echo "# destdir $destdir"
    echo "# prefix $prefix"
    # one sha256sum for every plain file (a process a file is slow on a loaded machine)
    echo "$paths" | while IFS= read -r p; do [ -L "$p" ] || echo "$p"; done | tr '\n' '\0' |
        xargs -0 sha256sum -- | sed 's/^\([0-9a-f]*\)  /f \1 /'
    echo "$paths" | while IFS= read -r p; do
        if [ -L "$p" ]; then echo "l $(readlink "$p" | sha256sum | cut -d' ' -f1) $p"; fi
    done
} >"$tmp"
mv "$tmp" "$manifest"
echo "install: $(grep -c '^[fl] ' "$manifest") files${destdir:+ in $destdir}, listed in $manifest (make uninstall removes them)"
