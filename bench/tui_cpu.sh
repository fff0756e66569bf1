#!/usr/bin/env bash
# CPU use of the interactive view against `top -d 1` and `htop -d 10`, each drawing into its own
# tmux window (120x40) for the same span, refreshing once a second, with SLEEPERS sleeping
# children on the machine (1,000 by default, as a busy board has). Reads utime+stime of each
# program from /proc/PID/stat before and after, and prints each as a share of one core and
# edgetop's ratio to each. Target: edgetop under 1.5 % of one core with 1,000 processes.
# htop is a requirement of this bench only (apt-get install htop); without it the bench runs
# edgetop and top.
#
# usage: bench/tui_cpu.sh [BUILD_DIR] [SECONDS] [SLEEPERS]
#   BUILD_DIR  a Release build directory, configured and built here if needed
#              (default: build-bench-release)
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${1:-build-bench-release}
seconds=${2:-60}
sleepers=${3:-1000}
socket="edgetop-bench-$$"
work=$(mktemp -d)
pids=()
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
    if ((${#pids[@]})); then kill "${pids[@]}" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

command -v tmux >/dev/null || { echo "tmux is needed" >&2; exit 1; }
has_htop=1
command -v htop >/dev/null || { has_htop=0; echo "htop not found (apt-get install htop): skipped" >&2; }
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >"$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; exit 1; }
fi
cmake --build "$build_dir" --target edgetop -j2 >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
binary=$(realpath "$build_dir/edgetop")

for ((i = 0; i < sleepers; i++)); do
    sleep 3600 &
    pids+=($!)
done

# utime + stime of a process, in clock ticks (fields 14 and 15; the name in field 2 may hold
# spaces, so count from the closing parenthesis).
cpu_ticks() {
    local stat
    stat=$(<"/proc/$1/stat")
    stat=${stat##*) }
    read -r -a f <<<"$stat"
    echo $((f[11] + f[12]))
}

# Homes without a toprc or htoprc, so top and htop run with their defaults.
tmux -f /dev/null -L "$socket" new-session -d -x 120 -y 40 \
    "exec env TERM=xterm-256color LANG=C.UTF-8 $binary --interval 1000"
tmux -L "$socket" new-window -d "exec env HOME=$work TERM=xterm-256color top -d 1"
names=(edgetop "top -d 1")
if ((has_htop)); then
    mkdir -p "$work/htop-home"
    tmux -L "$socket" new-window -d \
        "exec env HOME=$work/htop-home XDG_CONFIG_HOME=$work/htop-home TERM=xterm-256color htop -d 10"
    names+=("htop -d 10")
fi
sleep 3  # every program past start-up and its first frames
programs=()
for ((w = 0; w < ${#names[@]}; w++)); do
    read -r pid < <(tmux -L "$socket" list-panes -t ":$w" -F '#{pane_pid}')
    programs+=("$pid")
done
processes=$(find /proc -maxdepth 1 -name '[0-9]*' | wc -l)

hz=$(getconf CLK_TCK)
before=()
for pid in "${programs[@]}"; do before+=("$(cpu_ticks "$pid")"); done
start=$(date +%s.%N)
sleep "$seconds"
after=()
for pid in "${programs[@]}"; do after+=("$(cpu_ticks "$pid")"); done
end=$(date +%s.%N)

span=$(echo "$end - $start" | bc)
printf 'span %.1f s at 1 s refreshes, %d processes on the machine, %d CPUs, clock tick %d Hz\n' \
    "$span" "$processes" "$(nproc)" "$hz"
edgetop_ticks=$((after[0] - before[0]))
for ((w = 0; w < ${#names[@]}; w++)); do
    ticks=$((after[w] - before[w]))
    awk -v name="${names[w]}" -v t="$ticks" -v hz="$hz" -v span="$span" -v e="$edgetop_ticks" \
        'BEGIN {
        printf "%-10s: %6.3f %% of one core (%d ticks)", name, t / hz / span * 100, t;
        if (name != "edgetop" && t > 0) printf "   edgetop/%s: %.2f", name, e / t;
        printf "\n";
    }'
done
echo "target: edgetop under 1.5 % of one core"
