# Quick start: `make run` and `make test`. Both install missing Debian packages first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps build run test fuzz clean format

deps:
	@./scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) >/dev/null
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

test: deps
	@cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS)" >/dev/null
	@cmake --build $(ASAN_DIR) -j $(JOBS)
	@cd $(ASAN_DIR) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS)

# Every libFuzzer target (clang++ with ASan and UBSan) for FUZZ_SECONDS each; a crashing input is
# kept as <target>-fuzz-crash-* in FUZZ_ARTIFACTS.
FUZZ_SECONDS ?= 60
FUZZ_ARTIFACTS ?= $(CURDIR)/fuzz-artifacts
fuzz:
	@FUZZ_ARTIFACTS=$(FUZZ_ARTIFACTS) ./tests/import/fuzz/run_fuzz.sh $(FUZZ_SECONDS)
	@for target in session_lines nvpmodel_conf rule_config; do \
		FUZZ_ARTIFACTS=$(FUZZ_ARTIFACTS) ./tests/fuzz/run_fuzz.sh $$target $(FUZZ_SECONDS) || exit 1; \
	done

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	@rm -rf $(BUILD_DIR) $(ASAN_DIR)
