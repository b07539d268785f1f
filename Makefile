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

.PHONY: all build programs deps deps-build demo test check bench asan clean format install uninstall

all: build

# The Debian packages of scripts/packages-build.txt (building), scripts/packages-test.txt and
# scripts/packages-browser.txt (tests), and the npm packages of package.json (uPlot for the page,
# playwright-core and axe-core for the browser tests).
deps:
	@scripts/deps.sh build test browser npm

deps-build:
	@scripts/deps.sh build

# `build`: the programs, the library and the test programs; `programs`: what `make install` installs.
build: programs
	@cmake --build --preset $(PRESET) -j $(JOBS) --target tests

programs:
	@scripts/deps.sh --report build npm
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

demo: deps-build
	@$(MAKE) programs
	@scripts/demo.sh $(BUILD)/codebreaker

test: deps
	@$(MAKE) build
	@ctest --preset $(PRESET) -j $(JOBS) --label-exclude browser

check: deps
	@scripts/check.sh

asan:
	@$(MAKE) --no-print-directory test PRESET=asan

# make install PREFIX=DIR (DESTDIR=STAGE for a package): the programs, the library, headers,
# pkg-config and CMake files, man pages, completions, the docs (cmake/install.cmake). It never installs
# Debian packages. `make uninstall` removes every file the last `make install` wrote (its manifest).
install: programs
	@cmake --install $(BUILD) --prefix $(PREFIX)
	@cp $(BUILD)/install_manifest.txt $(BUILD)/installed.txt

uninstall:
	@scripts/uninstall.sh $(BUILD)/installed.txt

bench: programs
	@cmake --build --preset $(PRESET) -j $(JOBS) --target benches
	@bench/run.sh $(BUILD)

format:
	@clang-format -i $$(git ls-files "*.[ch]")

clean:
	rm -rf build build-debug build-asan build-werror build-clang build-tsan build-fuzz

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
