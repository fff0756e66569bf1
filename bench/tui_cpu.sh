#!/usr/bin/env bash
# CPU use of the interactive view on the live machine against `top -d 1`, both drawing into their
# own tmux pane (120x40) for the same span, sampling once a second. Reads utime+stime of each
# process from /proc/PID/stat before and after. Target: edgetop under 1 % of one core.
#
# usage: bench/tui_cpu.sh [BUILD_DIR] [SECONDS]
#   BUILD_DIR  a Release build directory, configured and built here if needed
#              (default: build-bench-release)
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${1:-build-bench-release}
seconds=${2:-60}
socket="edgetop-bench-$$"
work=$(mktemp -d)
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
    rm -rf "$work"
}
trap cleanup EXIT

command -v tmux >/dev/null || { echo "tmux is needed" >&2; exit 1; }
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >"$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; exit 1; }
fi
cmake --build "$build_dir" --target edgetop -j2 >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
binary=$(realpath "$build_dir/edgetop")

# utime + stime of a process, in clock ticks (fields 14 and 15; the name in field 2 may hold
# spaces, so count from the closing parenthesis).
cpu_ticks() {
    local stat
    stat=$(<"/proc/$1/stat")
    stat=${stat##*) }
    read -r -a f <<<"$stat"
    echo $((f[11] + f[12]))
}

tmux -f /dev/null -L "$socket" new-session -d -x 120 -y 40 \
    "exec env TERM=xterm-256color LANG=C.UTF-8 $binary --interval 1000"
# A home without a toprc, so top runs with its defaults.
tmux -L "$socket" new-window -d \
    "exec env HOME=$work TERM=xterm-256color top -d 1"
sleep 2  # both past start-up and the first frames
read -r edgetop_pid < <(tmux -L "$socket" list-panes -t :0 -F '#{pane_pid}')
read -r top_pid < <(tmux -L "$socket" list-panes -t :1 -F '#{pane_pid}')

hz=$(getconf CLK_TCK)
e0=$(cpu_ticks "$edgetop_pid")
t0=$(cpu_ticks "$top_pid")
start=$(date +%s.%N)
sleep "$seconds"
e1=$(cpu_ticks "$edgetop_pid")
t1=$(cpu_ticks "$top_pid")
end=$(date +%s.%N)

awk -v hz="$hz" -v e="$((e1 - e0))" -v t="$((t1 - t0))" -v span="$(echo "$end - $start" | bc)" \
    -v cpus="$(nproc)" 'BEGIN {
    ep = e / hz / span * 100; tp = t / hz / span * 100;
    printf "span %.1f s at 1 s intervals, %d CPUs, clock tick %d Hz\n", span, cpus, hz;
    printf "edgetop : %6.3f %% of one core (%d ticks)\n", ep, e;
    printf "top -d 1: %6.3f %% of one core (%d ticks)\n", tp, t;
    if (t > 0) printf "edgetop/top: %.2f (target: edgetop under 1 %%)\n", e / t;
}'
