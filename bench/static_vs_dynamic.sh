#!/usr/bin/env bash
# The static build (one download for every JetPack) against the dynamic one, in one go on this
# machine: CPU time per sample of `edgetop record` on a fixture tree and on the live machine
# (process table included), and CPU use of the interactive view, both builds side by side in
# tmux panes over the same span; then the size of the aarch64 static binary. The two builds
# always run at the same time, so the machine's noise falls on both alike.
#
# usage: bench/static_vs_dynamic.sh [SECONDS] [ROUNDS]
#   SECONDS  span of each view measurement (default 60); ROUNDS  record runs per build (default 5)
#   DYNAMIC_BUILD  a Release build directory (default build-bench-release; built here if needed)
#   STATIC_BIN, AARCH64_BIN  the static binaries (default: make dist's, built here if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
rounds=${2:-5}
dynamic_dir=${DYNAMIC_BUILD:-build-bench-release}
static_bin=${STATIC_BIN:-build-dist/static-x86_64/edgetop}
aarch64_bin=${AARCH64_BIN:-build-dist/static-aarch64/edgetop}
socket="edgetop-static-bench-$$"
work=$(mktemp -d)
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
command -v tmux >/dev/null || { echo "tmux is needed" >&2; exit 1; }

if [[ ! -f "$dynamic_dir/CMakeCache.txt" ]]; then
  cmake -S . -B "$dynamic_dir" -DCMAKE_BUILD_TYPE=Release >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
fi
cmake --build "$dynamic_dir" --target edgetop -j2 >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; exit 1; }
if [[ ! -x "$static_bin" || ! -x "$aarch64_bin" ]]; then
  scripts/dist/make-dist.sh >"$work/dist.log" 2>&1 || { cat "$work/dist.log" >&2; exit 1; }
fi
dynamic_bin=$(realpath "$dynamic_dir/edgetop")
static_bin=$(realpath "$static_bin")

# cpu_us COMMAND...: user + system CPU time of the command, in microseconds (getrusage of the
# child, which GNU time rounds to 10 ms).
cpu_us() {
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(int((r.ru_utime + r.ru_stime) * 1e6))' "$@"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# record_cost LABEL ROOT_ARGS...: both builds record 200 samples 50 ms apart at the same time.
record_cost() {
  local label=$1
  shift
  local samples=200 r
  : >"$work/dynamic" && : >"$work/static"
  for ((r = 0; r < rounds; r++)); do
    cpu_us "$dynamic_bin" record -n $samples -i 50 "$@" -o /dev/null >>"$work/dynamic" &
    cpu_us "$static_bin" record -n $samples -i 50 "$@" -o /dev/null >>"$work/static" &
    wait
  done
  local d s
  d=$(median <"$work/dynamic")
  s=$(median <"$work/static")
  awk -v l="$label" -v d="$d" -v s="$s" -v n=$samples -v r="$rounds" 'BEGIN {
    printf "%-28s dynamic %7.1f us  static %7.1f us  static/dynamic %.3f  (median of %d runs)\n",
      l, d / n, s / n, s / d, r }'
}

echo "CPU time per sample, edgetop record -n 200 -i 50 (startup included):"
record_cost "fixture agx-orin" --root tests/fixtures/agx-orin
record_cost "live machine (processes)"

cpu_ticks() {
  local stat
  stat=$(<"/proc/$1/stat")
  stat=${stat##*) }
  read -r -a f <<<"$stat"
  echo $((f[11] + f[12]))
}
tmux -f /dev/null -L "$socket" new-session -d -x 120 -y 40 \
  "exec env TERM=xterm-256color LANG=C.UTF-8 $dynamic_bin --interval 1000"
tmux -L "$socket" new-window -d "exec env TERM=xterm-256color LANG=C.UTF-8 $static_bin --interval 1000"
sleep 2
read -r dynamic_pid < <(tmux -L "$socket" list-panes -t :0 -F '#{pane_pid}')
read -r static_pid < <(tmux -L "$socket" list-panes -t :1 -F '#{pane_pid}')
d0=$(cpu_ticks "$dynamic_pid")
s0=$(cpu_ticks "$static_pid")
sleep "$seconds"
d1=$(cpu_ticks "$dynamic_pid")
s1=$(cpu_ticks "$static_pid")
awk -v hz="$(getconf CLK_TCK)" -v d=$((d1 - d0)) -v s=$((s1 - s0)) -v span="$seconds" 'BEGIN {
  printf "interactive view, 1 s interval, %d s: dynamic %.3f %% of a core (%d ticks)  static %.3f %% (%d ticks)",
    span, d / hz / span * 100, d, s / hz / span * 100, s;
  if (d > 0) printf "  static/dynamic %.2f", s / d;
  printf "\n" }'

stripped="$work/edgetop-aarch64"
aarch64-linux-gnu-strip -o "$stripped" "$aarch64_bin"
printf 'aarch64 static binary: %d bytes stripped (%.1f MiB), %d bytes gzipped\n' \
  "$(stat -c %s "$stripped")" "$(echo "$(stat -c %s "$stripped") / 1048576" | bc -l)" \
  "$(gzip -9 -c "$stripped" | wc -c)"
