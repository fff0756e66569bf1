#!/usr/bin/env bash
# Builds every libFuzzer target (tests/fuzz/CMakeLists.txt: clang++, ASan, UBSan) into BUILD_DIR,
# once: a later call rebuilds only what changed. run_fuzz.sh runs them; in `make test` this is
# the fuzz_build entry that the fuzz entries need, so the targets are compiled once per run.
#
#   build_fuzz.sh [BUILD_DIR]     default: build-fuzz in the source tree; JOBS: parallel jobs
#
# Prints "skipped: clang++ not found" and succeeds where clang++ is missing (ctest shows the
# entry as skipped); `make fuzz` refuses to run without it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../.." && pwd)"
build="${1:-$source_dir/build-fuzz}"
cmake="${CMAKE:-cmake}"

if ! command -v clang++ >/dev/null 2>&1; then
    echo "skipped: clang++ not found"
    exit 0
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
    "$cmake" -S "$here" -B "$build" -DCMAKE_CXX_COMPILER=clang++ >"$build.configure.log" 2>&1 ||
        { cat "$build.configure.log"; exit 1; }
fi
"$cmake" --build "$build" -j "${JOBS:-$(nproc)}"
