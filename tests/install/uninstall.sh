#!/bin/sh
# uninstall.sh: `make uninstall` removes exactly what the last `make install` wrote, inside its
# DESTDIR when there was one, and nothing when the manifest and the files disagree. A decoy prefix
# holds an install of the same files (as /usr would hold a distribution's copy); the build is then
# staged with DESTDIR=S PREFIX=decoy, as `make install` does it (scripts/install.sh), and
# `make uninstall` must leave the decoy as it was and S empty of our files. Everything happens in a
# temporary folder; no system path is touched.
# usage: tests/install/uninstall.sh BUILD_DIR
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
. "$src/tests/cli/lib.sh"
decoy="$tmp/decoy"
stage="$tmp/S"
manifest="$tmp/installed.txt"
cd "$tmp" || exit 1

# what a folder holds: every file and link with its content, every folder
snapshot() { (cd "$1" && find . -type d | sort && find . -type f -exec sha256sum {} + | sort && find . -type l -exec ls -l {} + | sed 's/.* \(\.\/\)/\1/' | sort); }
# our files left in a folder
ours() { find "$1" ! -type d | head -5; }

# `make install` and `make uninstall` run these two scripts, with MANIFEST
make -n -C "$src" install uninstall BUILD="$build" MANIFEST="$manifest" PREFIX="$decoy" >"$tmp/out" 2>&1
has make-install "scripts/install.sh $build $decoy $manifest\$"
has make-uninstall "scripts/uninstall.sh $manifest\$"

check decoy cmake --install "$build" --prefix "$decoy"
snapshot "$decoy" >"$tmp/decoy.before"
files=$(find "$decoy" ! -type d | wc -l)
[ "$files" -gt 50 ] && ok || bad "decoy: only $files files installed"

# make install DESTDIR=S PREFIX=decoy && make uninstall
check staged-install env DESTDIR="$stage" sh "$src/scripts/install.sh" "$build" "$decoy" "$manifest"
[ "$(find "$stage$decoy" ! -type d | wc -l)" = "$files" ] && ok || bad "stage: not the $files files of the decoy"
n=$(grep -c '^[fl] ' "$manifest")
[ "$n" = "$files" ] && ok || bad "manifest: $n files for $files installed"
if grep '^[fl] ' "$manifest" | grep -v " $stage$decoy/" >"$tmp/out"; then bad "manifest: paths outside the stage:"; head -3 "$tmp/out"; else ok; fi
check uninstall make -C "$src" uninstall MANIFEST="$manifest"
has uninstall-says "removed the $files files listed in $manifest \\(in $stage\\)"
snapshot "$decoy" >"$tmp/decoy.after"
cmp -s "$tmp/decoy.before" "$tmp/decoy.after" && ok || { bad "uninstall changed the decoy:"; diff "$tmp/decoy.before" "$tmp/decoy.after" | head -5; }
left=$(ours "$stage")
[ -z "$left" ] && ok || bad "uninstall left files in the stage: $left"
[ -d "$stage" ] && [ -z "$(ls -A "$stage")" ] && ok || bad "the stage is not left empty: $(ls -A "$stage")"
[ ! -e "$manifest" ] && ok || bad "the manifest is left after the uninstall"
# a second uninstall has nothing to remove, and says so
"$src/scripts/uninstall.sh" "$manifest" >"$tmp/out" 2>&1
[ $? = 1 ] && has uninstall-twice 'no manifest' || bad "uninstall twice: not status 1"

# uninstall_refuses NAME PATTERN: the uninstall exits 1 naming PATTERN, and removes nothing
uninstall_refuses() {
    snapshot "$stage" >"$tmp/stage.before"
    "$src/scripts/uninstall.sh" "$manifest" >"$tmp/out" 2>&1
    rc=$?
    [ "$rc" = 1 ] && ok || bad "$1: status $rc (want 1)"
    has "$1" "$2"
    has "$1-nothing" 'nothing removed'
    snapshot "$stage" >"$tmp/stage.after"
    cmp -s "$tmp/stage.before" "$tmp/stage.after" && ok || bad "$1: the uninstall removed files"
}
install_staged() { check "$1" env DESTDIR="$stage" sh "$src/scripts/install.sh" "$build" "$decoy" "$manifest"; }

# A file changed since the install, one gone, a link retargeted: refused, nothing removed.
install_staged install-2
readme="$stage$decoy/share/doc/codebreaker/README.md"
echo "edited" >>"$readme"
uninstall_refuses changed "changed since the install: $readme"
install_staged install-3
header=$(find "$stage$decoy/include" -name codebreaker.h)
rm "$header"
uninstall_refuses missing "missing or not a plain file: $header"
install_staged install-4
link=$(find "$stage$decoy" -type l -name 'libcodebreaker.so' | head -1)
ln -sf elsewhere.so "$link"
uninstall_refuses link "a symbolic link changed since the install: $link"
# A manifest edited to name a file outside the stage (the decoy's own): refused.
install_staged install-5
grep '^f ' "$manifest" | head -1 | sed "s| $stage| |" >>"$manifest"
uninstall_refuses outside "outside the install's DESTDIR $stage: $decoy/"
install_staged install-6
sed -i '4s|/bin/|/bin/../bin/|' "$manifest"
uninstall_refuses dotdot 'a path with \. or \.\.'
# DESTDIR given to the uninstall but another than the install's
install_staged install-7
snapshot "$stage" >"$tmp/stage.before"
DESTDIR="$decoy" "$src/scripts/uninstall.sh" "$manifest" >"$tmp/out" 2>&1
[ $? = 1 ] && has other-destdir "but the last install was to $stage" || bad "uninstall with another DESTDIR: not refused"
# not a manifest of ours (CMake's, without DESTDIR): refused
"$src/scripts/uninstall.sh" "$build/install_manifest.txt" >"$tmp/out" 2>&1
[ $? = 1 ] && has cmake-manifest 'not a manifest of scripts/install.sh' || bad "CMake's manifest: not refused"
snapshot "$decoy" >"$tmp/decoy.after"
cmp -s "$tmp/decoy.before" "$tmp/decoy.after" && ok || bad "the refusals changed the decoy"
# and with the same DESTDIR it goes
check uninstall-destdir env DESTDIR="$stage" sh "$src/scripts/uninstall.sh" "$manifest"
left=$(ours "$stage")
[ -z "$left" ] && ok || bad "uninstall left files in the stage: $left"

# Without DESTDIR: the prefix is left without our files; folders shared with others stay.
check install-prefix sh "$src/scripts/install.sh" "$build" "$decoy" "$manifest"
check uninstall-prefix sh "$src/scripts/uninstall.sh" "$manifest"
left=$(ours "$decoy")
[ -z "$left" ] && ok || bad "uninstall left files in the prefix: $left"
[ ! -e "$decoy/include/codebreaker" ] && [ ! -e "$decoy/share/doc/codebreaker" ] && ok || bad "codebreaker's folders left"
[ -d "$decoy/share/man/man1" ] && ok || bad "a shared folder was removed"

summary uninstall
