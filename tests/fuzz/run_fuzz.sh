#!/usr/bin/env bash
# Fuzzes one input reader for a bounded time with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer:
#   run_fuzz.sh TARGET [SECONDS]
# TARGET: one of tests/fuzz/targets.txt. SECONDS defaults to
# FUZZ_SECONDS, else 20. The targets are built by build_fuzz.sh in FUZZ_BUILD (default build-fuzz
# in the source tree) first, unless FUZZ_NO_BUILD=1 says they are already built (ctest builds them
# once in its fuzz_build entry). Seeds come from the real captures in the tree: every line of
# tests/import/data/*.log (tegrastats), every header, event and end line and one sample line in
# 50 of examples/*.jsonl (session_lines), tests/board/data/*.conf (nvpmodel_conf),
# tests/fuzz/seeds/rule_config, tests/fuzz/seeds/http_request (requests of Prometheus, curl,
# browsers and API clients, captured as tests/fuzz/seeds/CAPTURES.md says),
# tests/fuzz/seeds/web_config (web configurations in exporter-toolkit's format) and
# tests/fuzz/seeds/http_answer (answers of a running serve, captured the same way).
# Exits non-zero when an input crashes, leaks, times out or hits undefined behaviour (the input is
# kept as TARGET-fuzz-crash-* in FUZZ_ARTIFACTS, default: the current directory), or when fewer
# inputs ran than there are seeds. The last line is libFuzzer's run count.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../.." && pwd)"
target="${1:?usage: run_fuzz.sh TARGET [SECONDS] (TARGET: one of tests/fuzz/targets.txt)}"
seconds="${2:-${FUZZ_SECONDS:-20}}"
artifacts="${FUZZ_ARTIFACTS:-$PWD}"
build="${FUZZ_BUILD:-$source_dir/build-fuzz}"
# libFuzzer reads -max_total_time=0 as "no limit".
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "run_fuzz.sh: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2; }

if ! command -v clang++ >/dev/null 2>&1; then
    echo "skipped: clang++ not found"
    exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"

# one_seed_per_line FILE...: every line of the files as a seed of its own.
one_seed_per_line() {
    local count=0 file line
    for file in "$@"; do
        while IFS= read -r line || [ -n "$line" ]; do
            count=$((count + 1))
            printf '%s\n' "$line" >"$work/corpus/seed-$count"
        done <"$file"
    done
}

options=(-max_len=65536)
case "$target" in
tegrastats)
    one_seed_per_line "$source_dir"/tests/import/data/*.log
    options=(-max_len=8192 -dict="$source_dir/tests/import/fuzz/tegrastats.dict")
    ;;
session_lines)
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
        # The same session's start compressed, so that the decoders are fuzzed too.
        if command -v zstd >/dev/null; then
            head -n 3 "$session" | zstd -q -c >"$work/corpus/seed-$count.zst"
        fi
        head -n 3 "$session" | gzip -c >"$work/corpus/seed-$count.gz"
    done
    ;;
nvpmodel_conf)
    cp "$source_dir"/tests/board/data/*.conf "$work/corpus/"
    ;;
rule_config)
    cp "$here"/seeds/rule_config/* "$work/corpus/"
    ;;
http_request)
    cp "$here"/seeds/http_request/* "$work/corpus/"
    # Heads past the 16 KiB bound are refused without parsing more; a little over it suffices.
    options=(-max_len=20000)
    ;;
web_config)
    cp "$here"/seeds/web_config/* "$work/corpus/"
    options=(-max_len=8192)
    ;;
http_answer)
    cp "$here"/seeds/http_answer/* "$work/corpus/"
    # The target's body bound is 64 KiB; a little over it reaches the refusal.
    options=(-max_len=70000)
    ;;
*)
    echo "run_fuzz.sh: unknown target '$target'" >&2
    exit 2
    ;;
esac
seeds=$(find "$work/corpus" -type f | wc -l)
[ "$seeds" -gt 0 ] || { echo "run_fuzz.sh: no seeds for $target" >&2; exit 1; }

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    "$here/build_fuzz.sh" "$build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi
executable="$build/${target}_fuzz"
[ -x "$executable" ] || { echo "run_fuzz.sh: $executable is not built (build_fuzz.sh)" >&2; exit 1; }

echo "fuzzing $target for ${seconds}s from $seeds seeds"
mkdir -p "$artifacts"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
    "$executable" "$work/corpus" -max_total_time="$seconds" "${options[@]}" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/$target-fuzz-" \
    2>"$work/log" || { tail -60 "$work/log"; exit 1; }
runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\)$/\1/p' "$work/log")
[ "${runs:-0}" -ge "$seeds" ] ||
    { tail -20 "$work/log"; echo "run_fuzz.sh: $target ran ${runs:-no} inputs, fewer than its $seeds seeds" >&2; exit 1; }
grep -E '^stat::number_of_executed_units' "$work/log"
