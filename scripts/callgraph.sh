#!/bin/sh
# The house without loops (docs/hacking.md, rule 5; docs/design.md): fails when two source files of
# src/, tools/ or web/ call each other (directly or through others), when src/base/ includes or calls
# the library above it, when a module of the library calls or includes one above it (or beside it, on
# top: simulate, variants, analysis), when a .c file there is over 1000 lines, or when a file outside
# src/ but the tests includes a private header of the library (the benchmarks: the kernels' own).
#
# Calls are read from the object files of a build (`nm`): a file calls another when one of its
# undefined symbols is a function the other defines. The compiler's view rather than a parser's
# (cscope): macros are expanded, static functions never show, an inline function in a header is
# no call between files, and nm is part of binutils, which the build needs already; the price is a
# build first (scripts/check.sh's step `callgraph` makes the release build).
#
# usage: scripts/callgraph.sh [-v] [BUILD_DIR]   (default: build); -v lists every call between files.
set -e
cd "$(dirname "$0")/.."
verbose=0
[ "$1" = -v ] && verbose=1 && shift
dir="${1:-build}"
limit=1000
status=0

long=$(git ls-files 'src/*.c' 'tools/*.c' 'web/*.c' | xargs wc -l | awk -v m="$limit" '$2 != "total" && $1 > m {print "  " $2 " (" $1 " lines)"}')
if [ -n "$long" ]; then
    printf 'callgraph: .c files over %d lines (split them along their sections):\n%s\n' "$limit" "$long" >&2
    status=1
fi

# every object of the library and the program, named by its source (a source built into two targets,
# such as tools/cmd_optimal.c in the MPI program or the library's portable copy, counts once: its first
# target by name, codebreaker_objects before codebreaker_portable)
objs=$(find "$dir/src" "$dir/tools" "$dir/web" -path '*/CMakeFiles/*.dir/*' -name '*.c.o' 2>/dev/null | sort |
    awk '{ s = $0; sub(/\/CMakeFiles\/[^\/]*\.dir\//, "/", s); if (!(s in seen)) { seen[s] = 1; print } }')
[ -n "$objs" ] || {
    echo "callgraph: no object files under $dir (build first: make build)" >&2
    exit 1
}
srcs=$(echo "$objs" | sed "s|^$dir/||; s|/CMakeFiles/[^/]*\\.dir/|/|; s|\\.o\$||" | sort -u)
missing=$(git ls-files 'src/*.c' 'tools/*.c' 'web/*.c' | grep -vxF "$srcs" | sed 's/^/  /' || true)
if [ -n "$missing" ]; then
    # a source the build leaves out (MPI missing) is not checked; say so rather than pass in silence
    printf 'callgraph: not built, not checked:\n%s\n' "$missing" >&2
fi

# shellcheck disable=SC2086
edges=$(nm -A $objs | sed "s|^$dir/||; s|/CMakeFiles/[^/]*\\.dir/|/|; s|\\.o:| |" | awk '
    NF == 3 && $2 == "U" {print "U", $1, $3} NF == 4 && ($3 == "T" || $3 == "W" || $3 == "i") {print "D", $1, $4}' |
    sort -u | awk '
    $1 == "D" { if (!($3 in def)) def[$3] = $2; next }
    { use[++n] = $2 " " $3 }
    END {
        for (i = 1; i <= n; i++) {
            split(use[i], u, " ")
            if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]], u[2]
        }
    }' | sort)

[ "$verbose" = 1 ] && echo "$edges" | awk '{print $1 " -> " $2 " (" $3 ")"}'

loops=$(echo "$edges" | awk '
    { key = $1 " " $2; if (!(key in sym)) sym[key] = $3 }
    END {
        for (k in sym) {
            split(k, p, " ")
            back = p[2] " " p[1]
            if (p[1] < p[2] && (back in sym))
                print "  " p[1] " <-> " p[2] " (" sym[k] ", " sym[back] ")"
        }
    }' | sort)
if [ -n "$loops" ]; then
    printf 'callgraph: files that call each other (move the shared part to one of them, or below both):\n%s\n' "$loops" >&2
    status=1
fi

# nor a longer loop (a -> b -> c -> a): tsort names the files of each
cycle=$(echo "$edges" | awk 'NF {print $1, $2}' | sort -u | tsort 2>&1 >/dev/null | grep -v 'input contains a loop' | sed 's/^tsort: /  /' || true)
if [ -z "$loops" ] && [ -n "$cycle" ]; then
    printf 'callgraph: files that call each other through others:\n%s\n' "$cycle" >&2
    status=1
fi

# base is under everything: it includes only its own headers (codebreaker/X.h for its own X.c) ...
above=$(grep -n '#include "' src/base/*.[ch] | awk -F'"' '{
    h = $2
    if (h ~ /^base\// || h == "tuning.h") next
    if (h ~ /^codebreaker\//) { x = h; sub(/^codebreaker\//, "", x); sub(/\.h$/, ".c", x); if (system("test -f src/base/" x) == 0) next }
    split($1, w, ":"); print "  " w[1] " includes " h
}')
if [ -n "$above" ]; then
    printf 'callgraph: src/base includes a header from above it:\n%s\n' "$above" >&2
    status=1
fi
# ... and calls only base and the C library
up=$(echo "$edges" | awk '$1 ~ /^src\/base\// && $2 !~ /^src\/base\// {print "  " $1 " -> " $2 " (" $3 ")"}' | sort -u)
if [ -n "$up" ]; then
    printf 'callgraph: src/base calls above itself:\n%s\n' "$up" >&2
    status=1
fi

# the library's modules in their order (docs/design.md, "The library's folders"), lowest first: a module
# calls and includes only those below it; the three on top, none of each other
order="base game table state tree solver strategy simulate|variants|analysis"
rank() { # module -> its rank in $order, or nothing
    echo "$order" | tr ' ' '\n' | awk -v m="$1" '{ n = split($0, a, "|"); for (i = 1; i <= n; i++) if (a[i] == m) print NR }'
}
ranks=$(for m in $(echo "$order" | tr ' |' '\n\n'); do echo "$m $(rank "$m")"; done)
unknown=$(git ls-files 'src/*/*.c' | cut -d/ -f2 | sort -u | while read -r m; do [ -n "$(rank "$m")" ] || echo "  src/$m"; done)
if [ -n "$unknown" ]; then
    printf 'callgraph: modules not in the order of scripts/callgraph.sh (and docs/design.md):\n%s\n' "$unknown" >&2
    status=1
fi
upward=$({
    echo "$edges" | awk '$1 ~ /^src\// && $2 ~ /^src\// {split($1, a, "/"); split($2, b, "/"); print a[2], b[2], $1 " -> " $2 " (" $3 ")"}'
    git grep -n '#include "[a-z]*/' -- 'src/*/*.[ch]' | awk -F: '{h = $3; sub(/^[^"]*"/, "", h); sub(/".*$/, "", h)
        split($1, a, "/"); split(h, b, "/"); print a[2], b[1], $1 ":" $2 " includes " h}'
} | awk -v ranks="$ranks" 'BEGIN { n = split(ranks, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], w, " "); r[w[1]] = w[2] } }
    $1 != $2 && ($2 in r) && ($1 in r) && r[$2] >= r[$1] { $1 = ""; $2 = ""; sub(/^  /, ""); print "  " $0 }' | sort -u)
if [ -n "$upward" ]; then
    printf 'callgraph: a module reaches up (order, lowest first: %s):\n%s\n' "$order" "$upward" >&2
    status=1
fi

# the library's private headers (src/MODULE/*_internal.h, tuning.h, base/parallel.h) stay in the library: outside
# src/ only the tests include them, and the benchmarks the kernels' own (docs/design.md, "The layers")
private=$(git grep -n -E '#include "([a-z]+/[a-z0-9_]+_internal|base/parallel|tuning)\.h"' -- ':!src' ':!tests' | awk -F: '{
    h = $3; sub(/^[^"]*"/, "", h); sub(/".*$/, "", h)
    if ($1 ~ /^bench\/bench_[a-z0-9_]+\.c$/ && (h == "solver/rowkern_internal.h" || h == "solver/lbcount_internal.h")) next
    print "  " $1 ":" $2 " includes " h
}')
if [ -n "$private" ]; then
    printf 'callgraph: a private header of the library included outside it:\n%s\n' "$private" >&2
    status=1
fi

[ "$status" = 0 ] && echo "callgraph: $(echo "$objs" | wc -l) objects, $(echo "$edges" | awk '{print $1, $2}' | sort -u | wc -l) calls between files, no loop, no .c over $limit lines"
exit "$status"
