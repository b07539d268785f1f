#!/bin/sh
# python.sh: the Python package as a user meets it. `pip wheel ./python`, offline (the package's
# build backend compiles the C library into the package and needs nothing from an index), writing
# nothing into the source folder; the wheel's library needing only what a Debian 12 system has
# (libc, libm, libgomp1); the source distribution's contents; the wheel installed into a fresh
# virtual environment of Debian's python3 and imported from another folder with no environment
# variable. Then, in an environment that also sees Debian's pytest, mypy and pandas: the package's
# tests, mypy over the package, its backend, its tests and examples (these two checked against the
# installed package, through its py.typed), and the examples run.
# usage: tests/install/python.sh
src=$(cd "$(dirname "$0")/../.." && pwd)
cb=none
. "$src/tests/cli/lib.sh"
work="$tmp/work"
mkdir -p "$work"
cd "$work" || exit 1
unset CODEBREAKER_LIBRARY LD_LIBRARY_PATH PYTHONPATH
export PIP_DISABLE_PIP_VERSION_CHECK=1

# The wheel: built by the plain command, in a bare environment (nothing but pip inside).
bare="$tmp/bare"
check "venv bare" /usr/bin/python3 -m venv "$bare"
# Nothing new in the source folder, __pycache__ included, after the build and after every step below
# (the tests and mypy run with PYTHONDONTWRITEBYTECODE, as they read the sources in place).
find "$src/python" | sort >"$tmp/before"
written() { find "$src/python" | sort | comm -13 "$tmp/before" -; }
check "pip wheel" "$bare/bin/pip" wheel -w "$tmp/wheels" "$src/python"
written >"$tmp/written"
[ ! -s "$tmp/written" ] && ok || bad "the build wrote into the source folder: $(head -3 "$tmp/written")"
# A relative library= is read from the folder pip was run in (here the repository's top).
if [ -f "$src/build/src/libcodebreaker.so.0.4" ]; then
    (cd "$src" && "$bare/bin/pip" wheel -q -w "$tmp/wheels-lib" --config-settings library=build/src/libcodebreaker.so.0.4 \
        ./python) >"$tmp/out" 2>&1 && ok || bad "pip wheel library=build/src/...: $(tail -3 "$tmp/out")"
fi
wheel=$(ls "$tmp/wheels"/codebreaker_solver-*-py3-none-linux_*.whl 2>/dev/null)
[ -f "$wheel" ] && ok || bad "no codebreaker_solver wheel in: $(ls "$tmp/wheels")"
/usr/bin/python3 -m zipfile -l "$wheel" >"$tmp/out"
has wheel-library '^codebreaker/libcodebreaker\.so\.[0-9]+\.[0-9]+ '
has wheel-typed '^codebreaker/py\.typed '
/usr/bin/python3 -m zipfile -e "$wheel" "$tmp/unzipped"
has wheel-name '^Name: codebreaker-solver$' "$tmp/unzipped"/codebreaker_solver-*.dist-info/METADATA
has wheel-python '^Requires-Python: >=3\.11$' "$tmp/unzipped"/codebreaker_solver-*.dist-info/METADATA
# ... with the licences of the project and of the word lists compiled into its library, as in the sources
for f in LICENSE data/README.md data/selby/LICENSE; do
    cmp -s "$tmp/unzipped"/codebreaker_solver-*.dist-info/licenses/$f "$src/$f" && ok || bad "wheel: no licenses/$f"
done
has wheel-attribution 'CC BY 3\.0' "$tmp/unzipped"/codebreaker_solver-*.dist-info/licenses/data/README.md
# ... whose library needs only the C library, libm and OpenMP's runtime.
readelf -d "$tmp/unzipped"/codebreaker/libcodebreaker.so.* | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort >"$tmp/out"
printf 'libc.so.6\nlibgomp.so.1\nlibm.so.6\n' | cmp -s - "$tmp/out" && ok || bad "the library needs: $(cat "$tmp/out")"

# The source distribution (the backend's build_sdist, as python3 -m build calls it): the package and
# the C project under csrc/, which its wheel is built from the same way.
mkdir -p "$tmp/sdist"
check sdist env PYTHONPATH="$src/python/backend" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c \
    'import sys, cb_build; print(cb_build.build_sdist(sys.argv[1]))' "$tmp/sdist"
has sdist-name '^codebreaker_solver-[0-9.]+\.tar\.gz$'
tar tzf "$tmp/sdist"/codebreaker_solver-*.tar.gz | sed 's|^[^/]*/||' >"$tmp/out"
for f in PKG-INFO pyproject.toml backend/cb_build.py codebreaker/py.typed csrc/CMakeLists.txt csrc/LICENSE; do
    grep -qx "$f" "$tmp/out" && ok || bad "sdist: no $f"
done
# ... every tracked file of the library, its headers and data, and the CMake project's parts.
git -C "$src" ls-files CMakeLists.txt cmake include src data web tools bench | sed 's|^|csrc/|' | sort >"$tmp/tracked"
sort "$tmp/out" | comm -23 "$tmp/tracked" - >"$tmp/missing"
[ -s "$tmp/tracked" ] && [ ! -s "$tmp/missing" ] && ok || bad "sdist: missing $(head -3 "$tmp/missing")"
if grep -q 'libcodebreaker\.so\|__pycache__\|^csrc/tests/' "$tmp/out"; then bad "sdist: builds or tests inside"; else ok; fi

# Installed from the wheel, used from another folder with no environment variable.
check "pip install" "$bare/bin/pip" install --no-index "$wheel"
check import "$bare/bin/python" -c 'import codebreaker as cb, codebreaker._native as n
print(cb.__file__, n.lib._name, cb.Game("mastermind").feedback("1122", "1223"))'
site="$bare/lib/python3[^/]*/site-packages/codebreaker"
has import-bundled "^$site/__init__\.py $site/libcodebreaker\.so\.[0-9.]+ 2B1W$"
ls "$bare"/lib/python3*/site-packages/codebreaker/py.typed >/dev/null 2>&1 && ok || bad "py.typed not installed"

# The tests, mypy and the examples, in an environment that sees Debian's pytest, mypy and pandas.
export PYTHONDONTWRITEBYTECODE=1
venv="$tmp/venv"
check venv /usr/bin/python3 -m venv --system-site-packages "$venv"
check "pip install (pytest)" "$venv/bin/pip" install --no-index "$wheel"
check pytest "$venv/bin/python" -m pytest -q -rs -p no:cacheprovider "$src/python/tests"
has pytest-passed '[0-9]+ passed'
if grep -Eq 'skipped|failed' "$tmp/out"; then bad "pytest: $(tail -1 "$tmp/out")"; else ok; fi
config="$src/python/pyproject.toml"
check "mypy package" "$venv/bin/python" -m mypy --config-file "$config" --cache-dir "$tmp/mypy" \
    "$src/python/codebreaker" "$src/python/backend"
# The tests and examples import the installed package: mypy reads its types through py.typed.
check "mypy examples" "$venv/bin/python" -m mypy --config-file "$config" --cache-dir "$tmp/mypy" \
    "$src/python/examples" "$src/python/tests"
has mypy-clean '^Success: no issues found in [0-9]+ source files$'

check figure1 "$venv/bin/python" "$src/python/examples/figure1.py"
printf 'Answer\tAAAA\tAAAB\tAABB\tAABC\tABCD\n0,0\t625\t256\t256\t81\t16\n' >"$tmp/figure1.head"
head -2 "$tmp/out" | cmp -s - "$tmp/figure1.head" && ok || bad "figure1: $(head -2 "$tmp/out")"
has figure1-rows '^4,0	1	1	1	1	1$'
[ "$(wc -l <"$tmp/out")" -eq 15 ] && ok || bad "figure1: $(wc -l <"$tmp/out") lines"

check tour "$venv/bin/python" "$src/python/examples/tour.py"
has tour-knuth "^Knuth's minimax: 5801 guesses over 1296 codes, at most 5$"
has tour-pandas '^5 +694$'
has tour-absurdle "^fewest guesses from salet: 4 \('salet', 'groin', 'dampy', 'chuck'\)"

# Every python block of docs/python.md, run as one script against the installed package; the values
# its comments give are checked (tests/install/python_docs.py).
mkdir -p "$tmp/docs" && (cd "$tmp/docs" && "$venv/bin/python" "$src/tests/install/python_docs.py" "$src/docs/python.md") \
    >"$tmp/out" 2>&1 && ok || { bad "docs/python.md examples:"; tail -5 "$tmp/out"; }
has docs-ran '^docs/python\.md: [0-9]+ blocks ran$'

written >"$tmp/written"
[ ! -s "$tmp/written" ] && ok || bad "the tests wrote into the source folder: $(head -3 "$tmp/written")"

summary python
