#!/usr/bin/env bash
# Fuzzes the tegrastats line parser for a bounded time (first argument or FUZZ_SECONDS, default
# 20 s) with libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer, starting from one seed
# file per line of the real captures in tests/import/data. Exits non-zero when an input crashes,
# leaks or hits undefined behaviour; the input is kept as tegrastats-fuzz-crash-* in
# FUZZ_ARTIFACTS (default: the current directory).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
seconds="${1:-${FUZZ_SECONDS:-20}}"
artifacts="${FUZZ_ARTIFACTS:-$PWD}"

if ! command -v clang++ >/dev/null 2>&1; then
    echo "skipped: clang++ not found"
    exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I "$source_dir/include" -I "$source_dir" \
    "$here/tegrastats_fuzz.cpp" "$source_dir"/import/tegrastats/*.cpp \
    "$source_dir/sensors/power/power_total.cpp" "$source_dir/sensors/thermal/thermal_naming.cpp" \
    "$source_dir/include/edgetop/numbers.cpp" \
    -o "$work/tegrastats_fuzz"

mkdir "$work/corpus"
count=0
for log in "$source_dir"/tests/import/data/*.log; do
    while IFS= read -r line || [ -n "$line" ]; do
        count=$((count + 1))
        printf '%s\n' "$line" >"$work/corpus/seed-$count"
    done <"$log"
done
echo "fuzzing for ${seconds}s from $count seed lines"

mkdir -p "$artifacts"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$work/tegrastats_fuzz" "$work/corpus" \
    -dict="$here/tegrastats.dict" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$artifacts/tegrastats-fuzz-"
