#!/usr/bin/env bash
# Latency of a well-behaved scrape of `edgetop serve` while it is under the abuse of issue 13:
# IDLE sockets that connect and send nothing, and SLOW slowloris clients that send one more
# header line every half second and never finish (reconnecting when the server drops them).
#
#   bench/serve_abuse.sh [EDGETOP] [PROBES]
#
# EDGETOP defaults to build/edgetop, PROBES (one every 0.5 s) to 40; IDLE defaults to 300, SLOW
# to 50. Prints the latency of each probe (connect to the last byte, HTTP/1.0 GET /metrics) with
# and without the abuse, then the median and the worst. The abuse is bash over /dev/tcp; the
# probes are curl's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
probes=${2:-40}
idle=${IDLE:-300}
slow=${SLOW:-50}
work=$(mktemp -d)
pid=""
cleanup() {
    [[ -n $pid ]] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
ulimit -n 4096
command -v curl >/dev/null || { echo "serve_abuse.sh needs curl" >&2; exit 1; }

"$edgetop" serve --root "$here/../tests/fixtures/agx-orin" --listen 127.0.0.1:0 2>"$work/err" &
pid=$!
port=""
for _ in $(seq 100); do
    port=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/err" | head -n1 | cut -d: -f2 || true)
    [[ -n $port ]] && break
    sleep 0.1
done
[[ -n $port ]] || { echo "edgetop serve did not start" >&2; exit 1; }
sleep 1.5  # past the first sample

# One scrape (curl: its own timing, no process start-up counted); prints its latency in ms, or
# "failed".
probe() {
    local result
    result=$(curl -s -o /dev/null --max-time 10 -w '%{http_code} %{time_total}' \
        "http://127.0.0.1:$port/metrics" || true)
    if [[ $result == "200 "* ]]; then
        awk -v t="${result#200 }" 'BEGIN{printf "%.2f\n", t * 1000}'
    else
        echo failed
    fi
}

# series NAME: probes every 0.5 s, keeping the slowloris clients going in between.
series() {
    local name=$1 latencies=()
    for _ in $(seq "$probes"); do
        for i in "${!slow_fds[@]}"; do
            printf 'X-Slow: 1\r\n' 2>/dev/null >&"${slow_fds[$i]}" || reopen "$i"
        done
        latencies+=("$(probe)")
        sleep 0.5
    done
    printf '%s\n' "${latencies[@]}" | sort -n | awk -v name="$name" '
        $1 == "failed" {failed++; next}
        {v[++n] = $1}
        END {
            printf "%-28s probes %d  failed %d  median %.2f ms  worst %.2f ms\n", name, n + failed,
                   failed, n ? v[int((n + 1) / 2)] : 0, n ? v[n] : 0
        }'
}

slowloris() {
    exec {fd}<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n' >&"$fd" 2>/dev/null || true
    slow_fds+=("$fd")
}
# The server dropped slow_fds[$1]: close it and take its place with a new slowloris client.
reopen() {
    eval "exec ${slow_fds[$1]}>&-"
    exec {fd}<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n' >&"$fd" 2>/dev/null || true
    slow_fds[$1]=$fd
    reconnects=$((reconnects + 1))
}

trap '' PIPE  # a write to a dropped connection fails instead of ending the script
slow_fds=()
reconnects=0
series "no abuse"

for _ in $(seq "$idle"); do exec {fd}<>"/dev/tcp/127.0.0.1/$port"; done
for _ in $(seq "$slow"); do slowloris; done
series "$idle idle + $slow slowloris"
echo "slowloris clients reconnected after being dropped: $reconnects"
