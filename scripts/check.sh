#!/bin/sh
# make check: the habits of docs/hacking.md, enforced. Each step says what it checks and stops the
# run on the first failure (exit status 1), naming the step.
#   format   every tracked .c/.h file is clang-format clean (.clang-format)
#   library  the library never prints, exits or reads the environment, nor calls strtok and the
#            like, whose hidden state threads share (its undefined symbols)
#   callgraph  no two files of src/, tools/, web/ call each other (directly or through others), base
#            is under the rest of the library, no .c over 1000 lines, no private header of the
#            library included outside it but by the tests (scripts/callgraph.sh, over nm)
#   werror   gcc, optimised, every target, warnings are errors (build-werror/)
#   clang    clang likewise (build-clang/), and its unit tests run
#   browser  the long browser tests (label browser: web_browser, web_access, web_player, web_trust) on the release
#            build, which `make test` leaves out to stay under five minutes
#   long     the other long tests (label long: docs_recipes, the recipes of docs/hacking.md tried in a
#            scratch copy of the tree, which it builds; label slow: cli_coach_games, python, web_load), which `make test`
#            leaves out likewise
#   asan     the suite under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/), but for the
#            browser tests: they check the page's scripts, which the browser step does, and under
#            the sanitizers they took 12 of CI's 32 minutes; web_api runs every route they call
#   tsan     the threaded tests under ThreadSanitizer: clang with LLVM's libomp (build-tsan/)
#   package  a distribution's build (build-package/): build type None, dpkg-buildflags' flags,
#            prefix /usr, the multiarch libdir, every optional part OFF and then ON; the unit tests
#            and the parts' tests on the first (the parts' skipping with their reasons), the parts'
#            tests on the second, then each staged with DESTDIR: nothing outside the stage, and make
#            uninstall's script empties it. The other command tests ran on the release build.
# usage: scripts/check.sh [STEP ...]   (default: all, in that order); JOBS=N builds with N jobs.
set -e
cd "$(dirname "$0")/.."
JOBS="${JOBS:-2}"
steps="${*:-format library callgraph browser long werror clang asan tsan package}"

say() { printf '\n== check %s: %s\n' "$1" "$2"; }
fail() {
    printf '\ncheck %s FAILED: %s\n' "$1" "$2" >&2
    exit 1
}

build() { # preset
    cmake --preset "$1" >/dev/null || fail "$1" "cmake could not configure the $1 build"
    cmake --build --preset "$1" -j "$JOBS" || fail "$1" "the $1 build failed (warnings are errors)"
}

step_format() {
    say format "clang-format --dry-run --Werror over every tracked C file"
    # shellcheck disable=SC2046
    clang-format --dry-run --Werror $(git ls-files '*.[ch]') || fail format "run 'make format' and commit"
}

step_library() {
    say library "no stdout, stderr, printf, exit, getenv or strtok-like state in libcodebreaker"
    build release
    lib=build/src/libcodebreaker.a
    bad=$(nm -u "$lib" | awk '{print $2}' | grep -E '^(stdout|stderr|printf|puts|putchar|perror|vprintf|exit|_exit|_Exit|abort|getenv|secure_getenv|system)$' | sort -u | tr '\n' ' ')
    [ -z "$bad" ] || fail library "the library uses $bad(see docs/hacking.md: the caller prints, exits and reads the environment)"
    # functions whose state is hidden and shared by threads: the library is called from many at once
    racy=$(nm -u "$lib" | awk '{print $2}' | grep -E '^(strtok|strerror|rand|srand|random|srandom|drand48|lrand48|localtime|gmtime|ctime|asctime|getpwnam|getpwuid|readdir|setlocale|strsignal|tmpnam|mblen|mbtowc|wctomb|ttyname|hcreate|hsearch|ecvt|fcvt|gethostbyname|inet_ntoa)$' | sort -u | tr '\n' ' ')
    [ -z "$racy" ] || fail library "the library uses $racy(hidden static state: use the _r form or the library's own, docs/hacking.md)"
}

step_callgraph() {
    say callgraph "no loop between source files, base under the library, no .c over 1000 lines"
    build release
    scripts/callgraph.sh build || fail callgraph "see docs/hacking.md, 'How we write C here', rule 5"
}

step_browser() {
    say browser "the page in Chromium: web_browser, web_access, web_player and web_trust on the release build"
    build release
    ctest --preset release -j "$JOBS" --label-regex browser || fail browser "the browser tests failed"
}

step_long() {
    say long "the long tests but the browser's: docs_recipes (the recipes of docs/hacking.md, built and played), cli_coach_games, python and web_load (label slow)"
    build release
    ctest --preset release -j "$JOBS" --label-regex 'long|slow' || fail long "a long test failed"
}

step_werror() {
    say werror "gcc -Werror build of every target"
    build werror
}

step_clang() {
    say clang "clang -Werror build of every target, and its unit tests"
    build clang
    ctest --preset clang -j "$JOBS" -R '^test_' || fail clang "unit tests failed under clang"
}

step_asan() {
    say asan "the suite but the browser tests under AddressSanitizer + UndefinedBehaviorSanitizer"
    build asan
    ctest --preset asan -j "$JOBS" --label-exclude 'browser|long' || fail asan "the sanitizer suite failed"
}

step_tsan() {
    say tsan "the threaded tests under ThreadSanitizer (table, simulate, optimal, variants, web jobs, stops)"
    build tsan
    ctest --preset tsan -j "$JOBS" || fail tsan "ThreadSanitizer found a race (or a test failed)"
}

# The package step runs the unit tests (the library with the distribution's flags) and the tests that
# read an optional part (PACKAGE_PARTS below) on the distribution's build; the other command tests,
# whose code the unit tests and the release and asan suites run, are left to those (they took 150 s
# of CI's 2 cores here). Of the unit tests, the portable copies are left out too: test_*_portable
# build the library again without the vector kernels, the same in any build (make test runs them).
PACKAGE_HEAVY='_portable$'
# With every part ON, the library is the one the OFF build tested: then only the tests that read a
# part (or the install, whose files the parts change) run again.
PACKAGE_PARTS='^(test_headers|test_web|cli|cli_analysis|cli_seeds|cli_experiment|cli_conventions|cli_interactive|cli_tmux|cli_optimal_mpi|web_api|web_variants|install|uninstall|options_table|completion_bash|completion_zsh|completion_fish|configure_parts)$'

step_package() {
    say package "build type None, dpkg-buildflags, prefix /usr, multiarch libdir, parts OFF then ON, DESTDIR"
    b=build-package
    log="$b/package.log"
    mkdir -p "$b"
    multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
    [ -n "$multiarch" ] || fail package "no multiarch triplet (dpkg-architecture, from dpkg-dev)"
    cflags="$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)" ||
        fail package "dpkg-buildflags is missing (Debian: dpkg-dev)"
    ldflags=$(dpkg-buildflags --get LDFLAGS)
    for parts in OFF ON; do
        # GNUInstallDirs' multiarch libdir: CMake picks lib/<triplet> itself for the prefix /usr on Debian
        cmake -S . -B "$b" -DCMAKE_BUILD_TYPE=None -DCMAKE_INSTALL_PREFIX=/usr -U CMAKE_INSTALL_LIBDIR \
            -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" -DCMAKE_SHARED_LINKER_FLAGS="$ldflags" \
            -DCMAKE_MODULE_LINKER_FLAGS="$ldflags" -DCB_PLOT=$parts -DCB_MPI=$parts -DCB_WEB=$parts \
            -DCB_LIBEDIT=$parts -DCB_CHARTS=$parts >"$log" 2>&1 ||
            { cat "$log"; fail package "configure with every part $parts"; }
        grep -A6 "optional parts" "$log"
        libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$b/CMakeCache.txt")
        [ "$libdir" = "lib/$multiarch" ] || fail package "GNUInstallDirs chose the libdir '$libdir', not lib/$multiarch"
        cmake --build "$b" -j "$JOBS" >>"$log" 2>&1 || { tail -20 "$log"; fail package "build with every part $parts"; }
        # Debian's flags reached the compiler, and no optimisation of CMake's own
        grep -q -- '-fstack-protector-strong' "$b/compile_commands.json" || fail package "dpkg-buildflags' CFLAGS unused"
        grep -q -- '-D_FORTIFY_SOURCE' "$b/compile_commands.json" || fail package "dpkg-buildflags' CPPFLAGS unused"
        if grep -q -- '-O3' "$b/compile_commands.json"; then fail package "-O3 added to the packager's flags"; fi
        for link in tools/CMakeFiles/codebreaker-bin.dir src/CMakeFiles/codebreaker_shared.dir; do
            grep -qF -- "$ldflags" "$b/$link/link.txt" || fail package "dpkg-buildflags' LDFLAGS not in $link/link.txt"
        done
        # OFF: the unit tests and the parts' tests, these skipping with their reasons (CB_NO_SKIP=0); ON: the parts' tests, all run
        if [ "$parts" = OFF ]; then
            (cd "$b" && CB_NO_SKIP=0 ctest -j "$JOBS" --label-exclude browser -R "^test_|$PACKAGE_PARTS" \
                -E "$PACKAGE_HEAVY" --output-on-failure) ||
                fail package "the unit and parts' tests on the build with every part OFF"
        else
            (cd "$b" && CB_NO_SKIP="${CB_NO_SKIP:-0}" ctest -j "$JOBS" -R "$PACKAGE_PARTS" --output-on-failure) ||
                fail package "the parts' tests on the build with every part ON"
        fi
        # staged: every file in the stage under /usr, nothing written outside it, and the uninstall empties it
        rm -rf "$b/stage"
        touch "$b/before-install"
        DESTDIR="$PWD/$b/stage" scripts/install.sh "$b" /usr "$b/manifest" >/dev/null ||
            fail package "the staged install with every part $parts"
        top=$(find "$b/stage" -mindepth 1 -maxdepth 1)
        [ "$top" = "$b/stage/usr" ] || fail package "the stage holds $(echo "$top" | tr '\n' ' ')besides usr/"
        outside=$(find /usr /etc /opt /var/lib -xdev -newer "$b/before-install" ! -type d 2>/dev/null |
            grep -E '/(codebreaker|libcodebreaker|_codebreaker)' | head -5)
        [ -z "$outside" ] || fail package "the install wrote outside the stage: $outside"
        [ -f "$b/stage/usr/lib/$multiarch/libcodebreaker.so" ] || fail package "no library in /usr/lib/$multiarch"
        [ "$(find "$b/stage" ! -type d | wc -l)" = "$(grep -c '^[fl] ' "$b/manifest")" ] ||
            fail package "the stage holds files the manifest does not list"
        scripts/uninstall.sh "$b/manifest" || fail package "the staged uninstall"
        [ -z "$(find "$b/stage" ! -type d)" ] || fail package "the uninstall left files in the stage"
    done
    # the dashboard without uPlot, as a distribution without its package builds it (the rest ON): the
    # page names no file it lacks (web_api; it reports the charts skipped)
    cmake -S . -B "$b" -DCB_CHARTS=OFF >>"$log" 2>&1 || fail package "configure without the charts"
    cmake --build "$b" -j "$JOBS" >>"$log" 2>&1 || { tail -20 "$log"; fail package "build without the charts"; }
    "$b/codebreaker" --version | grep -q '^web dashboard: yes.*without charts' ||
        fail package "CB_CHARTS=OFF: --version says $("$b/codebreaker" --version | grep dashboard)"
    (cd "$b" && CB_NO_SKIP=0 ctest -R '^web_api$' --output-on-failure) || fail package "web_api without the charts"
}

for s in $steps; do
    case "$s" in
    format | library | callgraph | browser | long | werror | clang | asan | tsan | package) "step_$s" ;;
    *) fail "$s" "no such step (format library callgraph browser long werror clang asan tsan package)" ;;
    esac
done
printf '\ncheck passed: %s\n' "$steps"
