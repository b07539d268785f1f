#!/bin/sh
# install.sh: install the build into a temporary prefix and use it from another folder, as a user
# would: the shared library's SONAME and exports; examples/*.c and a C++ program built with
# pkg-config and with a CMake find_package project, and run; the installed `codebreaker serve`
# answering with its page; every man page rendered by man, with the options of --help; the bash
# completion loaded and asked; the docs with every link resolving; the uninstall from the manifest
# (a staged install and its refusals: uninstall.sh).
# The Python package, which bundles its own copy of the library, has its test: python.sh.
# The layout is the build's (GNUInstallDirs: lib/x86_64-linux-gnu for the prefix /usr on Debian).
# usage: tests/install/install.sh BUILD_DIR BINDIR LIBDIR INCLUDEDIR DATADIR MANDIR DOCDIR
#        (CMAKE_INSTALL_BINDIR and the others, relative to the prefix; ctest passes them)
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
bindir="${2:-bin}" libdir="${3:-lib}" includedir="${4:-include}" datadir="${5:-share}" mandir="${6:-share/man}"
docdir="${7:-share/doc/codebreaker}"
cb=none
. "$src/tests/cli/lib.sh"
for d in "$bindir" "$libdir" "$includedir" "$datadir" "$mandir" "$docdir"; do
    case "$d" in /*) skip_test "the install folder $d is absolute: this test installs into a temporary prefix only" ;; esac
done
prefix="$tmp/prefix"
work="$tmp/work"
mkdir -p "$work"
cd "$work" || exit 1

# make install never installs packages: `make -n install` names no apt-get nor sudo, and what it
# runs to report missing packages calls neither (stubs that would leave a trace stand in for them).
make -n -C "$src" install BUILD="$build" >"$tmp/make-n" 2>&1
if grep -Eq 'apt-get|sudo' "$tmp/make-n"; then bad "make -n install: $(grep -E 'apt-get|sudo' "$tmp/make-n")"; else ok; fi
mkdir -p "$tmp/stubs"
for stub in apt-get sudo; do printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$stub" "$tmp/called" >"$tmp/stubs/$stub"; done
chmod +x "$tmp/stubs/"*
echo codebreaker-no-such-package >"$tmp/list.txt"
PATH="$tmp/stubs:$PATH" sh "$src/scripts/deps.sh" --report "$tmp/list.txt" 2>"$tmp/err"
[ ! -e "$tmp/called" ] && grep -q 'missing Debian packages: codebreaker-no-such-package' "$tmp/err" && ok ||
    bad "deps.sh --report: $(cat "$tmp/called" "$tmp/err" 2>/dev/null)"

check install sh "$src/scripts/install.sh" "$build" "$prefix" "$tmp/manifest"
lib="$prefix/$libdir/libcodebreaker.so"
bin="$prefix/$bindir/codebreaker"

# The library: a SONAME with the version, only the public cb_ names exported.
readelf -d "$lib" >"$tmp/out"
has soname 'SONAME.*\[libcodebreaker\.so\.[0-9]+\.[0-9]+\]'
nm -D --defined-only "$lib" | awk '{ print $NF }' >"$tmp/syms"
has exports-public '^cb_version$' "$tmp/syms"
if grep -v '^cb_[a-z]' "$tmp/syms" >"$tmp/out"; then bad "exports: not cb_:"; head "$tmp/out"; else ok; fi
# ... exactly the functions the installed headers declare.
cc -E -P -I"$prefix/$includedir" "$prefix/$includedir/codebreaker/codebreaker.h" | grep -o '\bcb_[a-z0-9_]*(' | tr -d '(' |
    sort -u >"$tmp/declared"
sort -u "$tmp/syms" >"$tmp/exported"
if [ -s "$tmp/declared" ] && cmp -s "$tmp/declared" "$tmp/exported"; then
    ok
else
    bad "exports differ from the functions of the headers (< declared, > exported):"
    diff "$tmp/declared" "$tmp/exported" | head -10
fi
[ -f "$prefix/$libdir/libcodebreaker.a" ] && [ -f "$prefix/$includedir/codebreaker/codebreaker.h" ] && ok || bad "archive or headers missing"

# Into /usr (staged with DESTDIR): the .pc names /usr itself, so pkg-config gives no
# -I/usr/lib/.../pkgconfig/../../../include but the system's folder, which it leaves out.
DESTDIR="$tmp/usr-stage" cmake --install "$build" --prefix /usr >/dev/null 2>&1
pc="$tmp/usr-stage/usr/$libdir/pkgconfig/codebreaker.pc"
has pc-usr-prefix '^prefix=/usr$' "$pc"
PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags codebreaker >"$tmp/out" 2>&1
if grep -q '\.\.' "$tmp/out"; then bad "pkg-config --cflags for /usr: $(cat "$tmp/out")"; else ok; fi
has pc-relocatable '^prefix=\$\{pcfiledir\}/' "$build/codebreaker.pc"

# examples/*.c with pkg-config, linked to the shared library.
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs codebreaker) && ok || bad "pkg-config codebreaker"
for c in "$src"/examples/*.c; do
    ex=$(basename "$c" .c)
    # shellcheck disable=SC2086
    check "pkg-config build $ex" cc -std=c11 -Wall -Wextra -Werror "$c" $flags -o "$work/$ex"
    check "pkg-config run $ex" env LD_LIBRARY_PATH="$prefix/$libdir" "$work/$ex"
    cp "$tmp/out" "$tmp/$ex.out"
done
has example-feedback '^wordle +salet against aback: \.Y\.\.\.$' "$tmp/feedback.out"
has example-candidates '1 candidate\(s\): avoid$' "$tmp/feedback.out"
has example-simulate '^minimax .*: 5801 guesses over 1296 games, 4\.4761 on average, at most 5$' "$tmp/simulate.out"
# ... and statically, with the private flags pkg-config gives for that.
# shellcheck disable=SC2086
check "pkg-config static" cc -std=c11 "$src/examples/simulate.c" $(pkg-config --cflags codebreaker) \
    "$prefix/$libdir/libcodebreaker.a" $(pkg-config --libs-only-other --static codebreaker) -lm -o "$work/simulate-static"
check "static run" "$work/simulate-static" expected
has static-expected '5696 guesses'
if readelf -d "$work/simulate-static" | grep -q libcodebreaker; then bad "static example needs the .so"; else ok; fi

# The same with CMake: find_package(codebreaker) and its imported targets, every example linked to
# the shared library and simulate.c also to the static one.
# The version asked for is docs/install.md's, so that the docs' line works against this release.
docver=$(sed -n 's/^find_package(codebreaker \([0-9.]*\) REQUIRED)$/\1/p' "$src/docs/install.md")
[ -n "$docver" ] && ok || bad "docs/install.md: no find_package(codebreaker VERSION REQUIRED) line"
mkdir -p "$work/cmake"
cat >"$work/cmake/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(use_codebreaker C)
find_package(codebreaker ${docver:-0} REQUIRED)
file(GLOB examples $src/examples/*.c)
foreach(example \${examples})
  get_filename_component(name \${example} NAME_WE)
  add_executable(\${name} \${example})
  target_link_libraries(\${name} PRIVATE codebreaker::codebreaker)
endforeach()
add_executable(simulate_static $src/examples/simulate.c)
target_link_libraries(simulate_static PRIVATE codebreaker::codebreaker_static)
CMAKE
check "cmake configure" cmake -S "$work/cmake" -B "$work/cmake/build" -DCMAKE_PREFIX_PATH="$prefix"
check "cmake build" cmake --build "$work/cmake/build"
for c in "$src"/examples/*.c; do
    check "cmake run $(basename "$c" .c)" "$work/cmake/build/$(basename "$c" .c)"
    cmp -s "$tmp/out" "$tmp/$(basename "$c" .c).out" && ok || bad "cmake $(basename "$c" .c): not as with pkg-config"
done
check "cmake run static" "$work/cmake/build/simulate_static"
has cmake-simulate '5801 guesses'
if readelf -d "$work/cmake/build/simulate_static" | grep -q libcodebreaker; then bad "static target needs the .so"; else ok; fi

# C++: every header declares its functions extern "C" and compiles as C++ (pedantic); a C++
# program links and runs with pkg-config, and with a C++-only CMake project (shared and static).
for h in "$prefix/$includedir"/codebreaker/*.h; do
    [ "$(basename "$h")" = codebreaker.h ] || grep -q 'extern "C"' "$h" && ok || bad "c++: no extern \"C\" in $(basename "$h")"
done
check "c++ headers" c++ -std=c++11 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c++ "$prefix/$includedir/codebreaker/codebreaker.h" \
    $(pkg-config --cflags codebreaker)
# shellcheck disable=SC2086
check "c++ pkg-config build" c++ -std=c++11 -Wall -Wextra -Werror "$src/tests/install/use.cpp" $flags -o "$work/use-cxx"
check "c++ pkg-config run" env LD_LIBRARY_PATH="$prefix/$libdir" "$work/use-cxx"
has c++-feedback '^C\+\+ over libcodebreaker [0-9.]+: salet against aback: \.Y\.\.\.$'
has c++-simulate '^minimax on mastermind: 5801 guesses over 1296 games$'
cp "$tmp/out" "$tmp/use-cxx.out"
mkdir -p "$work/cmake-cxx"
cat >"$work/cmake-cxx/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(use_codebreaker_cxx CXX)
find_package(codebreaker 0.4 REQUIRED)
add_executable(use_cxx $src/tests/install/use.cpp)
target_link_libraries(use_cxx PRIVATE codebreaker::codebreaker)
add_executable(use_cxx_static $src/tests/install/use.cpp)
target_link_libraries(use_cxx_static PRIVATE codebreaker::codebreaker_static)
CMAKE
check "c++ cmake configure" cmake -S "$work/cmake-cxx" -B "$work/cmake-cxx/build" -DCMAKE_PREFIX_PATH="$prefix"
check "c++ cmake build" cmake --build "$work/cmake-cxx/build"
for exe in use_cxx use_cxx_static; do
    check "c++ cmake run $exe" "$work/cmake-cxx/build/$exe"
    cmp -s "$tmp/out" "$tmp/use-cxx.out" && ok || bad "c++ cmake $exe: not as with pkg-config"
done
if readelf -d "$work/cmake-cxx/build/use_cxx_static" | grep -q libcodebreaker; then bad "c++ static target needs the .so"; else ok; fi

# The installed program draws with its plotting module (lib/codebreaker/codebreaker-plot.so), which
# it loads only then: PLplot is not among the libraries it starts with.
if [ -f "$build/codebreaker-plot.so" ]; then
    check "installed plot" "$bin" distribution --game mastermind 1122 --plot "$work/parts.svg"
    head -c 300 "$work/parts.svg" | grep -q '<svg' && ok || bad "installed plot: no SVG"
    if ldd "$bin" | grep -q plplot; then bad "the program links PLplot at start"; else ok; fi
else
    skip_part plotting "this build has no PLplot"
fi

# The installed program serves its page from any folder (here, one without a web/); a build without
# libmicrohttpd says that it has no dashboard.
if ! "$bin" --version | grep -q '^web dashboard: yes'; then
    "$bin" serve --port 0 >"$tmp/serve.out" 2>"$tmp/serve.err"
    [ $? = 1 ] && grep -q 'no web dashboard' "$tmp/serve.err" && ok || bad "serve without libmicrohttpd: no message"
    skip_part serve "this build has no web dashboard"
else
"$bin" serve --port 0 >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
port=""
for _ in $(seq 50); do
    port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9][0-9]*\)/.*|\1|p' "$tmp/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -n "$port" ]; then
    /usr/bin/python3 - "$port" >"$tmp/out" 2>&1 <<'PY'
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
for path in ["/", "/app.js", "/vendor/uPlot.iife.min.js", "/api/games"]:
    try:
        with opener.open(f"http://127.0.0.1:{sys.argv[1]}{path}", timeout=10) as r:
            body = r.read()
            print(path, r.status, r.headers["Content-Type"], len(body), body[:15])
    except urllib.error.HTTPError as e:
        print(path, e.code)
PY
    has serve-page '^/ 200 text/html.*<!doctype html' "$tmp/out"
    has serve-script '^/app.js 200 text/javascript' "$tmp/out"
    has serve-api '^/api/games 200 application/json' "$tmp/out"
    if "$bin" --version | grep -q "^web dashboard: yes.*with uPlot's charts"; then
        has serve-uplot '^/vendor/uPlot.iife.min.js 200 text/javascript' "$tmp/out"
    else
        has serve-no-uplot '^/vendor/uPlot.iife.min.js 404' "$tmp/out"
        skip_part charts "the dashboard was built without uPlot (npm ci, or CB_UPLOT_DIR)"
    fi
else
    bad "serve: no address printed"
    cat "$tmp/serve.err"
fi
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
fi

# codebreaker-mpi is installed when the build made it.
if [ -x "$build/codebreaker-mpi" ]; then [ -x "$prefix/$bindir/codebreaker-mpi" ] && ok || bad "codebreaker-mpi not installed"; else skip_part mpi "this build has no MPI"; fi

# The docs: every relative link of the installed Markdown files resolves inside the install.
docdir="$prefix/$docdir"
[ -f "$docdir/README.md" ] && [ -f "$docdir/docs/usage.md" ] && [ -f "$docdir/LICENSE" ] && ok || bad "docs not installed"
# the licences and attributions of the bundled lists: data/README.md (sources, terms, the CC BY
# attribution of the frequencies) and the MIT notice of A. Selby's lists
has data-attribution 'CC BY' "$docdir/data/README.md"
cmp -s "$docdir/data/selby/LICENSE" "$src/data/selby/LICENSE" && ok || bad "data/selby/LICENSE not installed"
find "$docdir" -name '*.md' | while read -r md; do
    grep -o '\](\([^)#]*\)' "$md" | sed 's/^](//' | grep -v '^[a-z]*:' | while read -r link; do
        [ -n "$link" ] || continue
        [ -e "$(dirname "$md")/$link" ] || echo "${md#"$docdir"/}: $link"
    done
done >"$tmp/links"
[ ! -s "$tmp/links" ] && ok || { bad "links that do not resolve in $docdir:"; head "$tmp/links"; }

# Every man page renders without a warning, and lists exactly the options of --help.
pages=$(ls "$prefix/$mandir/man1/"*.1 2>/dev/null | wc -l)
commands=$("$bin" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
mpi_page=0
[ -x "$build/codebreaker-mpi" ] && mpi_page=1
[ "$pages" -eq $(($(echo "$commands" | wc -l) + 1 + mpi_page)) ] && ok || bad "man: $pages pages for $(echo "$commands" | wc -l) commands"
if [ "$mpi_page" = 1 ]; then [ -f "$prefix/$mandir/man1/codebreaker-mpi.1" ] && ok || bad "no codebreaker-mpi(1)"; fi
set -- "$prefix/$mandir/man1/"*.1
if ! command -v man >/dev/null 2>&1; then
    skip_part man "man (Debian: man-db) is not installed: the pages were not rendered"
    set --
fi
for page in "$@"; do
    name=$(basename "$page" .1)
    if MANPAGER=cat MANWIDTH=200 man --warnings -l "$page" >"$tmp/man" 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ]; then
        ok
    else
        bad "man -l $name:"
        head -5 "$tmp/man.err"
    fi
    has "man $name NAME" "^NAME" "$tmp/man"
    has "man $name EXIT STATUS" "^EXIT STATUS" "$tmp/man"
    has "man $name EXAMPLES" "^EXAMPLES" "$tmp/man"
    has "man $name ENVIRONMENT" "^ENVIRONMENT" "$tmp/man"
    has "man $name FILES" "^FILES" "$tmp/man"
    # every path the page names under the install exists
    grep -o "$prefix/[^ ,;)]*[^ ,;).]" "$tmp/man" | sort -u | while read -r f; do [ -e "$f" ] || echo "$f"; done >"$tmp/paths"
    [ ! -s "$tmp/paths" ] && ok || { bad "man $name names missing files:"; head -3 "$tmp/paths"; }
    if grep -q '@DOCDIR@' "$page"; then bad "man $name: @DOCDIR@ left in the page"; else ok; fi
    cmd=${name#codebreaker}
    cmd=${cmd#-}
    [ "$cmd" = mpi ] && continue # codebreaker-mpi(1): optimal's options, named in codebreaker-optimal(1)
    if [ -z "$cmd" ]; then
        for section in SYNOPSIS DESCRIPTION COMMANDS OPTIONS NOTATION ENVIRONMENT FILES "SEE ALSO"; do
            has "man codebreaker $section" "^$section" "$tmp/man"
        done
        has "man codebreaker NO_COLOR" '^ +NO_COLOR' "$tmp/man"
        has "man codebreaker notation" '^ +Wordle +G\.Y\.\. ' "$tmp/man"
        has "man codebreaker docs" "$docdir/docs/usage\.md" "$tmp/man"
        continue
    fi
    sed -n 's/^ \{7\}\(-h, \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' "$tmp/man" | sort -u >"$tmp/man.opts"
    "$bin" "$cmd" --help | sed -n 's/^  \(-h, \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u >"$tmp/help.opts"
    # no page names --threads for a command without it (serve's named it, from the ENVIRONMENT text)
    if ! grep -q '^--threads$' "$tmp/help.opts" && grep -q -- '--threads' "$tmp/man"; then bad "man $name: names --threads"; else ok; fi
    if [ -s "$tmp/help.opts" ] && cmp -s "$tmp/man.opts" "$tmp/help.opts"; then
        ok
    else
        bad "man $name: options differ from --help"
        diff "$tmp/help.opts" "$tmp/man.opts" | head -5
    fi
done

# The bash completion loads and completes commands, options and their values.
completion="$prefix/$datadir/bash-completion/completions/codebreaker"
bash -c '
. "$1"
t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _codebreaker; echo "${COMPREPLY[*]}"; }
complete -p codebreaker
t codebreaker sim
t codebreaker simulate --strat
t codebreaker simulate --strategy minimax,entropy-k
t codebreaker rank --game maste
t codebreaker serve --
t codebreaker assist --lists nyt2022
t codebreaker letters --of g
t codebreaker rank --tie f
t codebreaker experiment --game m
' sh "$completion" >"$tmp/out" 2>&1
has bash-complete '^complete -F _codebreaker codebreaker$'
has bash-command '^simulate$'
has bash-option '^--strategy$'
has bash-strategies '^minimax,entropy-knuth$'
has bash-game '^mastermind$'
has bash-serve '^--port --bind --jobs --exact-seconds --head-seconds --body-seconds --web'
has bash-lists '^nyt2022sep nyt2022 nyt2022feb$'
has bash-of '^guesses$'
has bash-tie '^first frequency$'
has bash-experiment-game '^mastermind$'
zsh_completion="$prefix/$datadir/zsh/site-functions/_codebreaker"
fish_completion="$prefix/$datadir/fish/vendor_completions.d/codebreaker.fish"
[ -f "$zsh_completion" ] && [ -f "$fish_completion" ] && ok || bad "zsh or fish completion missing"
# zsh and fish, when this machine has them (scripts/packages-test.txt).
if command -v zsh >/dev/null 2>&1; then zsh -n "$zsh_completion" && ok || bad "zsh -n _codebreaker"; else skip_part zsh "zsh is not installed"; fi
command -v fish >/dev/null 2>&1 || skip_part fish "fish is not installed"
if command -v fish >/dev/null 2>&1; then
    fish -c "source '$fish_completion'; complete -C 'codebreaker simulate --str'; complete -C 'codebreaker optimal --objective '" >"$tmp/out" 2>&1
    has fish-option '^--strategy	'
    has fish-values '^worst	'
fi

# Uninstalling from the manifest leaves the prefix empty.
check uninstall sh "$src/scripts/uninstall.sh" "$tmp/manifest"
left=$(find "$prefix" -type f | head -5)
[ -z "$left" ] && ok || bad "uninstall left files: $left"

summary install
