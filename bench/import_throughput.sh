#!/usr/bin/env bash
# Import speed and memory of `edgetop import tegrastats` on real captures: the captures in the
# repository (examples/*.tegrastats.log, tests/import/data/*.log) are concatenated over and over
# into a 10 MB and a 100 MB temporary file, each is imported to /dev/null, and the lines per second
# and peak resident memory are printed. Memory must not depend on the size of the file.
#
#   bench/import_throughput.sh [EDGETOP]     (default: a Release build in build-bench/)
set -euo pipefail

source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
edgetop="${1:-}"
if [ -z "$edgetop" ]; then
    cmake -S "$source_dir" -B "$source_dir/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$source_dir/build-bench" --target edgetop -j "$(nproc)" >/dev/null
    edgetop="$source_dir/build-bench/edgetop"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat "$source_dir"/examples/*.tegrastats.log "$source_dir"/tests/import/data/*.log >"$work/once.log"

# Repeats once.log until the file holds at least $2 MB.
make_log() {
    local out="$1" megabytes="$2"
    : >"$out"
    while [ "$(stat -c %s "$out")" -lt $((megabytes * 1024 * 1024)) ]; do
        cat "$work/once.log" "$work/once.log" "$work/once.log" "$work/once.log" >>"$out"
    done
}

printf '%-8s %12s %10s %14s %14s\n' size lines seconds lines/s "peak RSS"
for megabytes in 10 100; do
    log="$work/capture-$megabytes.log"
    make_log "$log" "$megabytes"
    lines=$(wc -l <"$log")
    /usr/bin/time -f '%e %M' -o "$work/time" \
        "$edgetop" import tegrastats "$log" -o /dev/null 2>/dev/null >/dev/null || true
    read -r seconds rss_kb <"$work/time"
    rate=$(awk -v l="$lines" -v s="$seconds" 'BEGIN { printf "%.0f", (s > 0 ? l / s : 0) }')
    printf '%-8s %12s %10s %14s %11s MB\n' "$(($(stat -c %s "$log") / 1048576)) MB" "$lines" \
        "$seconds" "$rate" "$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')"
done
