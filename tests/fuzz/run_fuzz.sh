#!/usr/bin/env bash
# Fuzzes one input reader for a bounded time with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer:
#   run_fuzz.sh TARGET [SECONDS]     TARGET: session_lines, nvpmodel_conf or rule_config
# SECONDS defaults to FUZZ_SECONDS, else 20. Seeds come from the real captures in the tree:
# every line of examples/*.jsonl (session_lines), tests/board/data/*.conf (nvpmodel_conf) and
# tests/fuzz/seeds/rule_config. Exits non-zero when an input crashes, leaks, times out or hits
# undefined behaviour; the input is kept as TARGET-fuzz-crash-* in FUZZ_ARTIFACTS (default: the
# current directory). The last line is libFuzzer's run count (stat::number_of_executed_units).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../.." && pwd)"
target="${1:?usage: run_fuzz.sh session_lines|nvpmodel_conf|rule_config [SECONDS]}"
seconds="${2:-${FUZZ_SECONDS:-20}}"
artifacts="${FUZZ_ARTIFACTS:-$PWD}"

if ! command -v clang++ >/dev/null 2>&1; then
    echo "skipped: clang++ not found"
    exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"

case "$target" in
session_lines)
    sources=("$source_dir"/session/*.cpp "$source_dir/sensors/core/source.cpp"
             "$source_dir/sensors/core/sysfs_file.cpp" "$source_dir/include/edgetop/numbers.cpp")
    libs=(-lsimdjson -lfmt -lpthread)
    count=0
    for session in "$source_dir"/examples/*.jsonl; do
        # Every header, event and end line, and one sample line in 50 (they differ little).
        while IFS= read -r line || [ -n "$line" ]; do
            count=$((count + 1))
            case "$line" in
            '{"type":"sample"'*) [ $((count % 50)) -eq 0 ] || continue ;;
            esac
            printf '%s\n' "$line" >"$work/corpus/seed-$count"
        done <"$session"
    done
    ;;
nvpmodel_conf)
    sources=("$source_dir/sensors/board/nvpmodel_conf.cpp"
             "$source_dir/sensors/board/nvpmodel_current.cpp"
             "$source_dir/sensors/core/sysfs_file.cpp" "$source_dir/sensors/core/sysfs_root.cpp"
             "$source_dir/include/edgetop/numbers.cpp")
    libs=()
    cp "$source_dir"/tests/board/data/*.conf "$work/corpus/"
    ;;
rule_config)
    # The catalog names every rule's check, so every rule comes along.
    sources=("$source_dir"/analysis/rules_*.cpp "$source_dir/analysis/energy_integrator.cpp"
             "$source_dir/sensors/core/sysfs_file.cpp"
             "$source_dir/include/edgetop/number_text.cpp"
             "$source_dir/include/edgetop/numbers.cpp")
    libs=(-lfmt)
    cp "$here"/seeds/rule_config/* "$work/corpus/"
    ;;
*)
    echo "run_fuzz.sh: unknown target '$target'" >&2
    exit 2
    ;;
esac

clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I "$source_dir/include" -I "$source_dir" \
    "$here/${target}_fuzz.cpp" "${sources[@]}" "${libs[@]}" -o "$work/fuzz"

echo "fuzzing $target for ${seconds}s from $(ls "$work/corpus" | wc -l) seeds"
mkdir -p "$artifacts"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
    "$work/fuzz" "$work/corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/$target-fuzz-" \
    2>"$work/log" || { tail -60 "$work/log"; exit 1; }
grep -E '^stat::number_of_executed_units' "$work/log"
