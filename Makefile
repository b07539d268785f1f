# Thin wrapper over CMake. `make demo` and `make test` are the two commands of the README;
# `make check` adds the checks of docs/hacking.md (scripts/check.sh), which CI (.ci/run) runs too.
# Only `deps` (and demo, test, check, which run it first) install Debian packages and the npm
# packages (npm ci): `make build` and `make install` never reach the network, build with what is
# present and say what is missing.
PRESET ?= release
BUILD ?= $(if $(filter release,$(PRESET)),build,build-$(PRESET))
JOBS ?= 2
PREFIX ?= /usr/local
MAKEFLAGS += --no-print-directory

.PHONY: all build programs deps deps-build demo test check bench asan clean format install uninstall options

all: build

# The Debian packages of scripts/packages-build.txt (building), scripts/packages-test.txt and
# scripts/packages-browser.txt (tests), and the npm packages of package.json (uPlot for the page,
# playwright-core and axe-core for the browser tests).
deps:
	@scripts/deps.sh build test browser npm

# building: the Debian packages of scripts/packages-build.txt and uPlot for the dashboard's charts
# (npm ci --omit=dev, without the test tools), as `make demo` needs them
deps-build:
	@scripts/deps.sh build charts

# `build`: the programs, the library and the test programs; `programs`: what `make install` installs.
build: programs
	@cmake --build --preset $(PRESET) -j $(JOBS) --target tests

# CFLAGS (the environment's or `make CFLAGS=...`) are then the compiler's flags alone: build type
# None, so that CMake adds no -O3 -DNDEBUG of its Release type; they stay in the build's cache.
CB_CFLAGS_ARGS = $(if $(CFLAGS),-DCMAKE_BUILD_TYPE=None "-DCMAKE_C_FLAGS=$(CFLAGS)")
programs:
	@scripts/deps.sh --report build charts
	@cmake --preset $(PRESET) $(CB_CFLAGS_ARGS) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

demo: deps-build
	@$(MAKE) programs
	@scripts/demo.sh $(BUILD)/codebreaker

test: deps
	@$(MAKE) build
	@ctest --preset $(PRESET) -j $(JOBS) --label-exclude 'browser|long|slow'

check: deps
	@scripts/check.sh

asan:
	@$(MAKE) --no-print-directory test PRESET=asan

# make install PREFIX=DIR (DESTDIR=STAGE for a package): the programs, the library, headers,
# pkg-config and CMake files, man pages, completions, the docs (cmake/install.cmake). It never installs
# Debian packages. It writes MANIFEST: each file it wrote, DESTDIR included, with its SHA-256
# (scripts/install.sh). `make uninstall` removes exactly those, and nothing when one of them is
# missing or changed since (scripts/uninstall.sh).
MANIFEST ?= $(BUILD)/installed.txt
install: programs
	@scripts/install.sh $(BUILD) $(PREFIX) $(MANIFEST)

uninstall:
	@scripts/uninstall.sh $(MANIFEST)

# tools/man/options.tsv, which the man pages and completions are written from (cmake/docs.cmake),
# written again by the built program: after changing an option, a command or a registry's names
# (the test options_table fails until then).
options: programs
	@cmake --build --preset $(PRESET) --target options-table

bench: programs
	@cmake --build --preset $(PRESET) -j $(JOBS) --target benches
	@bench/run.sh $(BUILD)

format:
	@clang-format -i $$(git ls-files "*.[ch]")

clean:
	rm -rf build build-debug build-asan build-werror build-clang build-tsan build-fuzz build-package

# Fuzzing: the harnesses of tests/fuzz built with clang's libFuzzer (preset fuzz, build-fuzz/), each
# run for FUZZ_SECONDS (a bounded time: libFuzzer's -max_total_time, and each input at most
# FUZZ_INPUT_SECONDS), niced, on a working corpus in build-fuzz/corpus/NAME seeded from
# tests/fuzz/corpus/NAME; crash, leak, timeout and out-of-memory inputs go to
# tests/fuzz/crashes/NAME/, which the suite replays (ctest fuzz_NAME): commit them with the fix.
# The target fails when a run left a new one there. FUZZ=NAME runs one harness.
FUZZ_SECONDS ?= 60
FUZZ_INPUT_SECONDS ?= 25
FUZZ ?= wordlist notation tree results optimal request
.PHONY: fuzz
fuzz: deps
	@cmake --preset fuzz >/dev/null
	@nice cmake --build --preset fuzz -j $(JOBS) --target fuzz-all
	@new=0; for h in $(FUZZ); do \
	  mkdir -p build-fuzz/corpus/$$h tests/fuzz/crashes/$$h; \
	  before=$$(ls tests/fuzz/crashes/$$h | wc -l); \
	  echo "fuzz_$$h: $(FUZZ_SECONDS) s"; \
	  nice build-fuzz/fuzz/fuzz_$$h -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_INPUT_SECONDS) \
	    -close_fd_mask=2 -print_final_stats=1 \
	    -artifact_prefix=tests/fuzz/crashes/$$h/ build-fuzz/corpus/$$h tests/fuzz/corpus/$$h \
	    2>&1 | grep -E "^(stat::number_of_executed_units|stat::peak_rss|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" \
	    || true; \
	  after=$$(ls tests/fuzz/crashes/$$h | wc -l); \
	  if [ "$$after" -gt "$$before" ]; then \
	    echo "fuzz_$$h: $$((after - before)) new input(s) in tests/fuzz/crashes/$$h/: fix, then commit them"; new=1; \
	  fi; \
	done; [ $$new = 0 ]
