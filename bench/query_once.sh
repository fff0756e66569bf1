#!/usr/bin/env bash
# `edgetop query FIELD...` one-shot against `edgetop --once` (the baseline) on the same board:
# RUNS of each, interleaved (once, query, once, query...) so that the machine's load falls on both
# alike; CPU time (user + system, from the children's rusage) and wall time per run, medians.
#
#   bench/query_once.sh [EDGETOP] [RUNS]
#
# EDGETOP defaults to build/edgetop (a release-type build), RUNS to 40. ROOT (default: the
# agx-orin fixture) is passed to --root; ROOT=/ measures the running machine.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
edgetop=${1:-$here/../build/edgetop}
runs=${2:-40}
root=${ROOT:-$here/../tests/fixtures/agx-orin}

python3 - "$edgetop" "$runs" "$root" <<'PY'
import resource, statistics, subprocess, sys, time
edgetop, runs, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
commands = {
    "--once": [edgetop, "--once", "--root", root],
    "query": [edgetop, "query", "--root", root, "power_total_mw", "mem.used_kb", "gpu.0.load",
              "thermal.tj.temp_c"],
}
measured = {name: ([], []) for name in commands}
for _ in range(runs):
    for name, command in commands.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        measured[name][0].append(cpu)
        measured[name][1].append(wall)
print(f"root={root} runs={runs} (medians)")
print(f"{'command':<8} {'cpu ms':>8} {'wall ms':>8} {'cpu / --once':>13} {'wall / --once':>14}")
base_cpu = statistics.median(measured["--once"][0])
base_wall = statistics.median(measured["--once"][1])
for name, (cpu, wall) in measured.items():
    c, w = statistics.median(cpu), statistics.median(wall)
    print(f"{name:<8} {c * 1e3:>8.2f} {w * 1e3:>8.2f} {c / base_cpu:>13.2f} {w / base_wall:>14.2f}")
PY
