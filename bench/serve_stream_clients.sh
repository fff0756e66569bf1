#!/usr/bin/env bash
# CPU time and memory of `edgetop serve --interval 1000` over the same wall time with no client
# and with CLIENTS clients of /api/v1/stream (default 100), each reading every event: what the
# event stream adds to the cost of sampling. The clients are one Python process (standard library
# only) whose connections come from 127.0.0.2, 127.0.0.3, ... so that serve's per-address
# connection limit does not refuse them; it checks that every client got every sample, in order.
#
#   bench/serve_stream_clients.sh [EDGETOP] [SECONDS]
#
# EDGETOP defaults to build/edgetop (a release-type build), SECONDS to 60. ROOT (default: the
# agx-orin fixture) is passed to --root; ROOT=/ measures the running machine.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
seconds=${2:-60}
clients=${CLIENTS:-100}
root=${ROOT:-$here/../tests/fixtures/agx-orin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Nanoseconds on CPU of every thread of the process (schedstat: finer than the 10 ms ticks of stat).
cpu_ns() { cat /proc/"$1"/task/*/schedstat | awk '{sum += $1} END {printf "%d", sum}'; }
rss_kb() { awk '/^VmRSS:/ {print $2}' /proc/"$1"/status; }

cat >"$work/clients.py" <<'PY'
import selectors, socket, sys, time
port, clients, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
selector = selectors.DefaultSelector()
ids = {}
for i in range(clients):
    s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{2 + i}", 0))
    s.sendall(b"GET /api/v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    s.setblocking(False)
    selector.register(s, selectors.EVENT_READ, i)
    ids[i] = [b"", []]
end = time.monotonic() + seconds
while time.monotonic() < end:
    for key, _ in selector.select(timeout=0.5):
        data = key.fileobj.recv(65536)
        if not data:
            sys.exit(f"client {key.data}: serve closed the stream")
        state = ids[key.data]
        state[0] += data
        *lines, state[0] = state[0].split(b"\n")
        state[1] += [int(float(l[4:]) * 1e6) for l in lines if l.startswith(b"id: ")]
counts = sorted(len(v[1]) for v in ids.values())
for i, (_, got) in ids.items():
    if got != sorted(set(got)):
        sys.exit(f"client {i}: events out of order or twice")
print(counts[0], counts[-1])
PY

# run CLIENTS: prints "CLIENTS SAMPLES CPU_SECONDS RSS_START_KB RSS_END_KB EVENTS_MIN EVENTS_MAX"
run() {
    local n=$1
    "$edgetop" serve --root "$root" --listen 127.0.0.1:0 --interval 1000 \
        --stream-clients "$((n > 0 ? n : 1))" 2>"$work/err" &
    local pid=$!
    local port=""
    for _ in $(seq 100); do
        port=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/err" | head -n1 | cut -d: -f2 || true)
        [[ -n $port ]] && break
        sleep 0.1
    done
    [[ -n $port ]] || { echo "edgetop serve did not start" >&2; kill "$pid"; exit 1; }
    sleep 2  # past start-up and the first samples
    local start end rss_start rss_end events="- -" client=""
    if ((n > 0)); then
        python3 "$work/clients.py" "$port" "$n" "$seconds" >"$work/events" &
        client=$!
        sleep 1  # the clients connected
    fi
    rss_start=$(rss_kb "$pid")
    start=$(cpu_ns "$pid")
    sleep "$seconds"
    end=$(cpu_ns "$pid")
    rss_end=$(rss_kb "$pid")
    if [[ -n $client ]]; then
        wait "$client" || { echo "the stream clients failed" >&2; kill "$pid"; exit 1; }
        events=$(cat "$work/events")
    fi
    local samples
    samples=$(exec 3<>"/dev/tcp/127.0.0.1/$port"; printf 'GET /metrics HTTP/1.0\r\n\r\n' >&3;
              grep '^edgetop_samples_total ' <&3 | awk '{print $2}')
    kill -TERM "$pid"
    wait "$pid" || true
    echo "$n $samples $(awk -v t=$((end - start)) 'BEGIN{print t / 1e9}') $rss_start $rss_end $events"
}

echo "root=$root seconds=$seconds interval=1000ms"
printf '%-8s %-8s %-9s %-18s %-12s %s\n' clients samples cpu_s "cpu % of one core" \
    "rss_kb" "events per client (min max)"
for n in 0 "$clients"; do
    read -r c samples cpu rss0 rss1 lo hi < <(run "$n")
    awk -v n="$c" -v m="$samples" -v c="$cpu" -v s="$seconds" -v r0="$rss0" -v r1="$rss1" \
        -v lo="$lo" -v hi="$hi" \
        'BEGIN{printf "%-8d %-8d %-9.3f %-18.3f %-12s %s %s\n", n, m, c, 100 * c / s, r0 "->" r1, lo, hi}'
done
