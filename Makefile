# Thin wrapper over CMake. `make demo` and `make test` are the two commands of the README;
# `make check` adds the checks of docs/hacking.md (scripts/check.sh), which CI (.ci/run) runs too.
PRESET ?= release
BUILD := $(if $(filter release,$(PRESET)),build,build-$(PRESET))
JOBS ?= 2
PREFIX ?= /usr/local
MAKEFLAGS += --no-print-directory

.PHONY: all build deps demo test check bench asan clean format install

all: build

deps:
	@scripts/deps.sh

build: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

demo: build
	@scripts/demo.sh $(BUILD)/codebreaker

test: build
	@ctest --preset $(PRESET) -j $(JOBS)

check: deps
	@scripts/check.sh

asan:
	@$(MAKE) --no-print-directory test PRESET=asan

# make install PREFIX=DIR: the program, the library, headers, pkg-config and CMake files, man pages
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

bench: build
	@bench/run.sh $(BUILD)

format:
	@clang-format -i $$(git ls-files "*.[ch]")

clean:
	rm -rf build build-debug build-asan build-werror build-clang build-tsan
