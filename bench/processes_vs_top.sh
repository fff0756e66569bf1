#!/usr/bin/env bash
# CPU time per refresh of the edgetop process table against `top -b`, with ~1000 sleeping
# processes on the machine. Target: edgetop / top <= 0.5.
#
# usage: bench/processes_vs_top.sh [BUILD_DIR] [SLEEPERS] [REFRESHES]
#   BUILD_DIR  a Release build directory, configured and built here if needed
#              (default: build-bench-release)
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${1:-build-bench-release}
sleepers=${2:-1000}
refreshes=${3:-50}
interval_ms=200

work=$(mktemp -d)
pids=()
cleanup() {
    if ((${#pids[@]})); then kill "${pids[@]}" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
build_quietly() {
    if ! "$@" >"$work/build.log" 2>&1; then
        cat "$work/build.log" >&2
        exit 1
    fi
}
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    build_quietly cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
fi
build_quietly cmake --build "$build_dir" --target edgetop_processes -j2

c++ -std=c++20 -O2 -I include -I . bench/processes_sampler.cpp \
    "$build_dir/libedgetop_processes.a" "$build_dir/libedgetop_core.a" \
    "$build_dir/libedgetop_model.a" \
    $(pkg-config --libs libproc2) -lfmt -o "$work/processes_sampler"

for ((i = 0; i < sleepers; i++)); do
    sleep 600 &
    pids+=($!)
done
sleep 1
processes=$(find /proc -maxdepth 1 -name '[0-9]*' | wc -l)

# Prints "user sys" CPU seconds of one command.
cpu_seconds() {
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null
    cat "$work/time"
}

# A home without a toprc, so top runs with its defaults.
read -r top_user top_sys < <(HOME="$work" cpu_seconds top -b -d "0.$((interval_ms / 100))" \
    -n "$refreshes")
read -r et_user et_sys < <(cpu_seconds "$work/processes_sampler" "$refreshes" "$interval_ms")

awk -v n="$refreshes" -v procs="$processes" -v tu="$top_user" -v ts="$top_sys" \
    -v eu="$et_user" -v es="$et_sys" 'BEGIN {
    top = (tu + ts) / n * 1000; et = (eu + es) / n * 1000;
    printf "processes on the machine: %d, refreshes: %d\n", procs, n;
    printf "top -b    : %7.3f ms CPU per refresh (user %.2f s, sys %.2f s)\n", top, tu, ts;
    printf "edgetop   : %7.3f ms CPU per refresh (user %.2f s, sys %.2f s)\n", et, eu, es;
    printf "edgetop/top: %.3f (target <= 0.5)\n", et / top;
}'
