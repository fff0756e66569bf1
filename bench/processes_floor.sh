#!/usr/bin/env bash
# The process table against its floor and against top, in one run on the same processes.
# Starts SLEEPERS sleeping processes, then runs in turn, ROUNDS times, each for SECONDS with one
# refresh every 200 ms: the floor (one getdents pass over /proc, one pread of every kept-open
# /proc/<pid>/stat), edgetop's process table, a whole sample of this machine, `edgetop record`
# and `top -b`. Each one's CPU time (/proc/PID/schedstat, in ns) is taken over a window that
# starts after its first refreshes, divided by the refreshes it wrote in that window. Prints
# every round and the min and median of each ratio.
# Targets: table / floor <= 1.3, record / top -b <= 0.33.
#
# usage: bench/processes_floor.sh [BUILD_DIR] [SLEEPERS] [SECONDS] [ROUNDS]
#   BUILD_DIR  a release build directory configured with -DEDGETOP_BENCH=ON (default:
#              build-bench); its edgetop and edgetop_processes_loop are built here if needed
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${1:-build-bench}
sleepers=${2:-1000}
seconds=${3:-10}
rounds=${4:-3}
interval_ms=200
warmup_s=1.5

work=$(mktemp -d)
pids=()
running=
cleanup() {
    if [[ -n $running ]]; then kill "$running" 2>/dev/null || true; fi
    if ((${#pids[@]})); then kill "${pids[@]}" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDGETOP_BENCH=ON \
        >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
fi
cmake --build "$build_dir" --target edgetop edgetop_processes_loop -j2 >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
loop=$(realpath "$build_dir/edgetop_processes_loop")
edgetop=$(realpath "$build_dir/edgetop")

for ((i = 0; i < sleepers; i++)); do
    sleep 3600 &
    pids+=($!)
done
sleep 1
processes=$(find /proc -maxdepth 1 -name '[0-9]*' | wc -l)

# CPU ns of a process so far.
cpu_ns() { read -r ns _ <"/proc/$1/schedstat"; echo "$ns"; }
# Refreshes written so far: lines of the output (top: its header lines).
refreshes() {
    if [[ $2 == top ]]; then grep -c '^top - ' "$1" || true; else wc -l <"$1"; fi
}

# Runs one program in the background and prints its CPU µs per refresh over the window.
measure() {
    local kind=$1
    shift
    local out="$work/out.$kind"
    : >"$out"
    if [[ $kind == top ]]; then
        HOME="$work" "$@" >"$out" 2>/dev/null &
    else
        "$@" >"$out" 2>/dev/null &
    fi
    running=$!
    sleep "$warmup_s"
    local n0 c0 n1 c1
    n0=$(refreshes "$out" "$kind")
    c0=$(cpu_ns "$running")
    sleep "$seconds"
    c1=$(cpu_ns "$running")
    n1=$(refreshes "$out" "$kind")
    kill "$running" 2>/dev/null || true
    wait "$running" 2>/dev/null || true
    running=
    awk -v c="$((c1 - c0))" -v n="$((n1 - n0))" 'BEGIN { printf "%.1f", (n > 0 ? c / n / 1000 : 0) }'
}

kinds=(floor table sample record top)
declare -A results
printf 'processes on the machine: %d, %d ms between refreshes, %d s per measure\n' \
    "$processes" "$interval_ms" "$seconds"
printf '%-5s %9s %9s %9s %9s %9s  %11s %12s %10s %10s\n' round floor table sample record \
    'top -b' table/floor sample/floor record/top table/top
for ((r = 1; r <= rounds; r++)); do
    for kind in "${kinds[@]}"; do
        case $kind in
            floor | table | sample) results[$kind]=$(measure "$kind" "$loop" "$kind" "$interval_ms") ;;
            record) results[$kind]=$(measure record "$edgetop" record -i "$interval_ms") ;;
            top) results[$kind]=$(measure top top -b -d "0.$((interval_ms / 100))") ;;
        esac
    done
    awk -v r="$r" -v f="${results[floor]}" -v t="${results[table]}" -v s="${results[sample]}" \
        -v e="${results[record]}" -v p="${results[top]}" 'BEGIN {
        printf "%-5d %7.0fµs %7.0fµs %7.0fµs %7.0fµs %7.0fµs  %11.2f %12.2f %10.2f %10.2f\n",
            r, f, t, s, e, p, t / f, s / f, e / p, t / p }' | tee -a "$work/rounds"
done
# min and median of each ratio column (7 to 10)
awk 'function stats(col,   n, i, j, v, t) {
        n = 0; for (i = 1; i <= NR; ++i) v[++n] = row[i, col];
        for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return sprintf("min %.2f median %.2f", v[1], n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2)
    }
    { for (c = 1; c <= NF; ++c) row[NR, c] = $c }
    END {
        printf "table / floor : %s (target <= 1.3)\n", stats(7);
        printf "sample / floor: %s\n", stats(8);
        printf "record / top  : %s (target <= 0.33)\n", stats(9);
        printf "table / top   : %s\n", stats(10);
    }' "$work/rounds"
