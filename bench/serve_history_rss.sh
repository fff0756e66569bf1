#!/usr/bin/env bash
# The memory serve's API history holds when full: two `edgetop serve` side by side on the same
# board, one keeping the default 10 minutes of samples at 1 Hz (600 samples) and one keeping one
# second's, their resident memory (VmRSS) compared once the first history is full. To fill 600
# samples in a minute, both sample every 100 ms and the first keeps --history 60s (the same 600
# sample lines).
#
#   bench/serve_history_rss.sh [EDGETOP]
#
# EDGETOP defaults to build/edgetop (a release-type build). ROOT (default: the agx-orin fixture)
# is passed to --root; ROOT=/ measures the running machine (with its process table, which the API
# serves only with --api-processes; API_PROCESSES=1 adds it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
root=${ROOT:-$here/../tests/fixtures/agx-orin}
extra=()
[[ ${API_PROCESSES:-0} == 1 ]] && extra=(--api-processes)

rss_kb() { awk '/^VmRSS:/ {print $2}' /proc/"$1"/status; }

"$edgetop" serve --root "$root" --listen 127.0.0.1:0 --interval 100 --history 60s "${extra[@]}" \
    2>/dev/null &
full=$!
"$edgetop" serve --root "$root" --listen 127.0.0.1:0 --interval 100 --history 1s "${extra[@]}" \
    2>/dev/null &
short=$!
trap 'kill "$full" "$short" 2>/dev/null || true' EXIT
echo "root=$root interval=100ms history=60s (600 samples) vs 1s (10 samples)"
printf '%-8s %-14s %-14s %s\n' seconds "rss_kb 600" "rss_kb 10" "difference_kb"
for seconds in ${CHECKPOINTS:-10 30 65 90}; do
    sleep $((seconds - ${last:-0}))
    last=$seconds
    a=$(rss_kb "$full")
    b=$(rss_kb "$short")
    printf '%-8s %-14s %-14s %s\n' "$seconds" "$a" "$b" "$((a - b))"
done
