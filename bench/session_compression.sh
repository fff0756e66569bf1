#!/usr/bin/env bash
# A live recording of this machine (process table included), plain and zstd-compressed, in
# alternating rounds of the same length: size on disk, and record's CPU time (user + system, from
# /usr/bin/time) for each. Prints the ratios. (`report` on .zst against plain is measured on a
# long session by BM_ReportFile in session_zstd_bench.cpp: these files are too short for it.)
#
# usage: bench/session_compression.sh [EDGETOP] [ROUNDS] [SAMPLES] [INTERVAL_MS]
#   EDGETOP  a release-type build of edgetop (default: build/edgetop)
set -euo pipefail

edgetop=${1:-build/edgetop}
rounds=${2:-3}
samples=${3:-300}
interval=${4:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (Debian package time)" >&2; exit 1; }

cpu_of() { # the user + system seconds /usr/bin/time wrote to $1
    awk '{ print $1 + $2 }' "$1"
}

declare -A record_cpu=([plain]=0 [zstd]=0) bytes=([plain]=0 [zstd]=0)
for round in $(seq "$rounds"); do
    for form in plain zstd; do
        file="$work/live-$round.jsonl"
        [ "$form" = zstd ] && file="$file.zst"
        /usr/bin/time -f '%U %S' -o "$work/time" \
            "$edgetop" record -i "$interval" -n "$samples" -o "$file" 2>/dev/null
        record_cpu[$form]=$(echo "${record_cpu[$form]} + $(cpu_of "$work/time")" | bc -l)
        bytes[$form]=$((bytes[$form] + $(stat -c %s "$file")))
    done
done

printf 'rounds of %s samples at %s ms: %s\n' "$samples" "$interval" "$rounds"
printf 'bytes per sample: plain %.0f, zstd %.0f, ratio %.1f\n' \
    "$(echo "${bytes[plain]} / ($rounds * $samples)" | bc -l)" \
    "$(echo "${bytes[zstd]} / ($rounds * $samples)" | bc -l)" \
    "$(echo "${bytes[plain]} / ${bytes[zstd]}" | bc -l)"
printf 'record CPU: plain %.2f s, zstd %.2f s, zstd/plain %.3f\n' "${record_cpu[plain]}" \
    "${record_cpu[zstd]}" "$(echo "${record_cpu[zstd]} / ${record_cpu[plain]}" | bc -l)"
