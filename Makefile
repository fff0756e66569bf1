# Quick start: `make run` and `make test`. Both install the missing distribution packages first:
# `make run` only what building and running need, `make test` also the test tools
# (scripts/install-deps.sh knows each release's names).
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

# Where the system's default compiler is too old (Ubuntu 20.04), install-deps.sh names the one to
# use in .cache/compiler (expanded when a recipe runs, so after install-deps.sh).
COMPILER_FLAG = $(if $(wildcard .cache/compiler),-DCMAKE_CXX_COMPILER=$(shell cat .cache/compiler))

.PHONY: deps deps-test deps-fuzz build run test test-some man fleet-files fuzz dist test-platforms clean format

deps:
	@./scripts/install-deps.sh build

deps-test:
	@./scripts/install-deps.sh test

deps-fuzz:
	@./scripts/install-deps.sh fuzz

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) $(COMPILER_FLAG) -DEDGETOP_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@./$(BUILD_DIR)/edgetop $(ARGS)

# The suite runs on a Debug build with AddressSanitizer (leaks included: LeakSanitizer works here)
# and UndefinedBehaviorSanitizer, where any report fails the test; the end-to-end tests drive
# that sanitized binary. A second, optimised build of every test would double the build time of
# `make test` for little: `make run` builds the optimised binary.
ASAN_DIR ?= build-asan
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
# The suite starts about 1,200 test processes and several thousand edgetop processes. A sanitized
# position-independent executable carries ~1.9 million relative relocations (the sanitizers' data
# for every check) that the loader applies at each start: linked -no-pie, a start costs half the
# CPU time. lld (when installed: `make deps-test` does) links the test executables 2-3x faster.
# Only the test build: the binaries `make run` and `make dist` build stay position-independent.
TEST_LINK_FLAGS = -no-pie $$(command -v ld.lld >/dev/null && echo -fuse-ld=lld)

CONFIGURE_TEST_BUILD = cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug \
	-DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS)" -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DCMAKE_C_FLAGS_DEBUG=-g1 \
	-DCMAKE_EXE_LINKER_FLAGS="$(TEST_LINK_FLAGS)" $(COMPILER_FLAG) -DEDGETOP_BUILD_TESTS=ON >/dev/null

test: deps-test
	@$(CONFIGURE_TEST_BUILD)
	@cmake --build $(ASAN_DIR) -j $(JOBS)
	@cd $(ASAN_DIR) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS)

# The sanitized tests whose names match TESTS (a ctest regular expression), built from TARGETS
# alone, installing nothing: the Debian 11 platform stage runs the view's end-to-end tests so.
TARGETS ?= edgetop test_e2e
test-some:
	@$(CONFIGURE_TEST_BUILD)
	@cmake --build $(ASAN_DIR) -j $(JOBS) --target $(TARGETS)
	@cd $(ASAN_DIR) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS) -R '$(TESTS)'

# Rewrites the sections of man/edgetop.1 generated from the option tables and the rule catalog
# (after changing cli/cli_table.hpp, cli/cli_commands.hpp or analysis/rules_catalog.cpp); the
# man-page test fails while they differ and never rewrites them itself.
man: deps-test
	@$(CONFIGURE_TEST_BUILD)
	@cmake --build $(ASAN_DIR) -j $(JOBS) --target edgetop_update_man
	@$(SANITIZE_ENV) ./$(ASAN_DIR)/edgetop_update_man man/edgetop.1

# Rewrites the Prometheus alerting rules and the Grafana dashboard under packaging/ (after changing
# the rule catalog, exporter/alert_specs.cpp or exporter/grafana_dashboard.cpp); a test fails
# while they differ from the program's output. XDG_CONFIG_HOME points at no config file: defaults.
fleet-files: deps-test
	@$(CONFIGURE_TEST_BUILD)
	@cmake --build $(ASAN_DIR) -j $(JOBS) --target edgetop
	@XDG_CONFIG_HOME=/nonexistent $(SANITIZE_ENV) ./$(ASAN_DIR)/edgetop serve --print-alert-rules \
	  > packaging/prometheus/edgetop-rules.yml
	@XDG_CONFIG_HOME=/nonexistent $(SANITIZE_ENV) ./$(ASAN_DIR)/edgetop serve \
	  --print-grafana-dashboard > packaging/grafana/edgetop.json

# Static edgetop for x86_64 and aarch64 (cross-compiled): tarballs and .debs under dist/.
dist:
	@./scripts/dist/make-dist.sh

# Every target proven on this machine (root): Debian 11 source build, the aarch64 suite under
# qemu, the .deb on another release, the static binary alone in an empty root. About 18 min
# (README "Platforms tested here"); .ci/run runs it after `make test`.
test-platforms:
	@./scripts/test-platforms.sh

# Every libFuzzer target (clang++ with ASan and UBSan, built once in FUZZ_BUILD) for FUZZ_SECONDS
# each; a crashing input is kept as <target>-fuzz-crash-* in FUZZ_ARTIFACTS.
FUZZ_SECONDS ?= 60
FUZZ_BUILD ?= build-fuzz
FUZZ_ARTIFACTS ?= $(CURDIR)/fuzz-artifacts
FUZZ_TARGETS := $(shell cat tests/fuzz/targets.txt)
fuzz: deps-fuzz
	@command -v clang++ >/dev/null || { echo "make fuzz: clang++ not found (install clang)" >&2; exit 1; }
	@./tests/fuzz/build_fuzz.sh $(FUZZ_BUILD)
	@for target in $(FUZZ_TARGETS); do \
		FUZZ_NO_BUILD=1 FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_ARTIFACTS=$(FUZZ_ARTIFACTS) \
			./tests/fuzz/run_fuzz.sh $$target $(FUZZ_SECONDS) || exit 1; \
	done

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	@rm -rf $(BUILD_DIR) $(ASAN_DIR) $(FUZZ_BUILD) build-dist dist
