#!/usr/bin/env bash
# CPU time of `edgetop serve` over the same wall time with no scraper and with 10 scrapers that
# each fetch /metrics once a second: what scrapers add to the cost of sampling.
#
#   bench/serve_scrapers.sh [EDGETOP] [SECONDS]
#
# EDGETOP defaults to build/edgetop (a release-type build), SECONDS to 30. ROOT (default: the
# agx-orin fixture) is passed to --root; ROOT=/ measures the running machine. AS_PROMETHEUS=1
# makes each scraper ask as Prometheus does (OpenMetrics first, gzip); by default they ask for
# the plain text format. The scrapers are bash loops over /dev/tcp, so nothing else needs to be
# installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
seconds=${2:-30}
root=${ROOT:-$here/../tests/fixtures/agx-orin}
work=$(mktemp -d)
headers='Host: 127.0.0.1\r\n'
if [[ ${AS_PROMETHEUS:-0} == 1 ]]; then
    headers+='Accept: application/openmetrics-text;version=1.0.0,application/openmetrics-text;'
    headers+='version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1\r\n'
    headers+='Accept-Encoding: gzip\r\n'
fi
trap 'rm -rf "$work"' EXIT

# Nanoseconds on CPU of every thread of the process (schedstat: finer than the 10 ms ticks of stat).
cpu_ns() { cat /proc/"$1"/task/*/schedstat | awk '{sum += $1} END {printf "%d", sum}'; }

scraper() {
    local port=$1 until=$2
    while (($(date +%s) < until)); do
        exec 3<>"/dev/tcp/127.0.0.1/$port"
        printf "GET /metrics HTTP/1.0\r\n$headers\r\n" >&3
        cat <&3 >/dev/null
        exec 3<&-
        sleep 1
    done
}

# run SCRAPERS: prints "SCRAPERS SAMPLES CPU_SECONDS"
run() {
    local scrapers=$1
    "$edgetop" serve --root "$root" --listen 127.0.0.1:0 --interval 1000 2>"$work/err" &
    local pid=$!
    local port=""
    for _ in $(seq 100); do
        port=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/err" | head -n1 | cut -d: -f2 || true)
        [[ -n $port ]] && break
        sleep 0.1
    done
    [[ -n $port ]] || { echo "edgetop serve did not start" >&2; kill "$pid"; exit 1; }
    sleep 2  # past start-up and the first samples
    local start end until pids=()
    start=$(cpu_ns "$pid")
    until=$(($(date +%s) + seconds))
    for _ in $(seq "$scrapers"); do
        scraper "$port" "$until" &
        pids+=($!)
    done
    sleep "$seconds"
    end=$(cpu_ns "$pid")
    for p in "${pids[@]}"; do wait "$p" || true; done
    local samples
    samples=$(exec 3<>"/dev/tcp/127.0.0.1/$port"; printf 'GET /metrics HTTP/1.0\r\n\r\n' >&3;
              grep '^edgetop_samples_total ' <&3 | awk '{print $2}')
    kill -TERM "$pid"
    wait "$pid" || true
    echo "$scrapers $samples $(awk -v t=$((end - start)) 'BEGIN{print t / 1e9}')"
}

echo "root=$root seconds=$seconds interval=1000ms as_prometheus=${AS_PROMETHEUS:-0}"
printf '%-9s %-8s %-10s %s\n' scrapers samples cpu_s "cpu % of one core"
for n in 0 10; do
    read -r scrapers samples cpu < <(run "$n")
    awk -v n="$scrapers" -v m="$samples" -v c="$cpu" -v s="$seconds" \
        'BEGIN{printf "%-9d %-8d %-10.3f %.3f\n", n, m, c, 100 * c / s}'
done
