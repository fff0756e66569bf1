#!/usr/bin/env bash
# What `edgetop fleet` costs per board: SERVES real `edgetop serve` processes (default 50, on the
# fixture boards in turn, sampling every 5 s) stand behind 10, 100 and 1,000 host entries (ports
# reused, names distinct; one entry in 20 a closed port, so that down boards are in every round).
# For each size: one `fleet --once` round (wall time, CPU time, peak RSS), then the fleet page in
# a detached tmux pane at --interval INTERVAL_MS (default 5000) for SECONDS (default 60): its CPU
# share of one core, CPU per refreshed board and RSS at the end.
#
#   bench/fleet_hosts.sh [EDGETOP] [SECONDS]
#
# EDGETOP defaults to build/edgetop (a release-type build). Needs tmux.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
seconds=${2:-60}
serves=${SERVES:-50}
interval_ms=${INTERVAL_MS:-5000}
work=$(mktemp -d)
socket="edgetop-fleet-bench-$$"
pids=()
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# CPU time of the process in ns: utime + stime of /proc/PID/stat, which keep the time of threads
# that have ended (each round's workers), unlike the live threads' schedstat.
cpu_ns() {
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); printf "%.0f", ($12 + $13) * 1e9 / hz }' \
        /proc/"$1"/stat
}
rss_kb() { awk '/^VmRSS:/ {print $2}' /proc/"$1"/status; }

boards=(agx-orin orin-nano nano xavier-nx tx2 thor agx-xavier)
ports=()
for i in $(seq 0 $((serves - 1))); do
    board=${boards[$((i % ${#boards[@]}))]}
    "$edgetop" serve --root "$here/../tests/fixtures/$board" --listen 127.0.0.1:0 \
        --interval 5000 2>"$work/serve-$i.log" &
    pids+=($!)
done
for i in $(seq 0 $((serves - 1))); do
    for _ in $(seq 1 100); do
        port=$(sed -n 's#.*serving http://127.0.0.1:\([0-9]*\)/metrics.*#\1#p' "$work/serve-$i.log")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "serve $i did not start: $(cat "$work/serve-$i.log")" >&2; exit 1; }
    ports+=("$port")
done
closed=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sleep 6  # every serve has a sample

printf '%-6s %-10s %-10s %-12s %-10s %-12s %-16s %-10s\n' hosts once_s once_cpu_s once_rss_mb \
    page_core page_rounds page_cpu_ms/host page_rss_mb
for hosts in 10 100 1000; do
    file="$work/hosts-$hosts"
    : >"$file"
    for i in $(seq 0 $((hosts - 1))); do
        if [ $((i % 20)) -eq 19 ]; then
            echo "down-$i http://127.0.0.1:$closed site=gone" >>"$file"
        else
            echo "board-$i http://127.0.0.1:${ports[$((i % serves))]} site=s$((i % 7))" >>"$file"
        fi
    done
    # One round, as a script or cron runs it.
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$edgetop" fleet --once --hosts-file "$file" \
        >"$work/once.txt" || true
    # (time writes "Command exited with non-zero status 1" first: some boards are down.)
    read -r wall user sys max_kb < <(tail -1 "$work/time")
    up=$(grep -c '  up  ' "$work/once.txt" || true)
    [ "$up" -eq $((hosts - hosts / 20)) ] || { echo "$hosts hosts: $up up" >&2; head -3 "$work/once.txt" >&2; exit 1; }
    # The page for SECONDS, in a tmux server of its own: a new session on the socket of a server
    # that is still exiting after kill-server fails ("server exited unexpectedly").
    tmux -L "$socket" kill-server 2>/dev/null || true
    socket="edgetop-fleet-bench-$$-$hosts"
    tmux -L "$socket" new-session -d -x 200 -y 50 \
        "exec env TERM=xterm-256color '$edgetop' fleet --interval $interval_ms --hosts-file '$file'"
    pid=$(tmux -L "$socket" display -p -t 0 '#{pane_pid}')
    sleep 2
    start=$(cpu_ns "$pid")
    sleep "$seconds"
    end=$(cpu_ns "$pid")
    rss=$(rss_kb "$pid")
    header=$(tmux -L "$socket" capture-pane -p -t 0 | head -1)
    case "$header" in
        *"$hosts boards  $((hosts - hosts / 20)) up  0 stale  $((hosts / 20)) down"*) ;;
        *) echo "$hosts hosts: the page says: $header" >&2; exit 1 ;;
    esac
    rounds=$(awk -v s="$seconds" -v i="$interval_ms" 'BEGIN { printf "%d", s * 1000 / i }')
    awk -v h="$hosts" -v w="$wall" -v u="$user" -v sy="$sys" -v m="$max_kb" -v a="$start" \
        -v b="$end" -v s="$seconds" -v r="$rounds" -v rss="$rss" 'BEGIN {
        cpu = (b - a) / 1e9
        printf "%-6d %-10.2f %-10.2f %-12.1f %-10.4f %-12d %-16.3f %-10.1f\n", h, w, u + sy,
            m / 1024, cpu / s, r, cpu * 1000 / (r * h), rss / 1024 }'
done
