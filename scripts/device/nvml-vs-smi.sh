#!/usr/bin/env bash
# edgetop's NVML values beside nvidia-smi's, for the same moments, on a machine with an NVIDIA GPU
# and its driver.
#
# Prints `edgetop --once`, then for each of ROUNDS rounds: `nvidia-smi --query-gpu` and
# `--query-compute-apps`, one edgetop sample (`edgetop record -n 1`, turned into columns by
# `edgetop export --format csv`), and nvidia-smi again. Each edgetop value is printed beside the
# two nvidia-smi readings around it and must lie between them, widened by the field's tolerance
# (bench/README.md says why each is what it is):
#   utilisation (GPU, memory, NVENC, NVDEC, NVJPG, OFA)  5 percentage points
#   temperature                                          2 °C
#   power draw                                           5 % (at least 2 W)
#   graphics and memory clocks                           5 % (at least 15 MHz)
#   maximum clocks, power limit, total memory            1 (MHz, W, MiB: nvidia-smi's rounding)
#   memory used                                          64 MiB, against used or used + reserved
#   a compute process's GPU memory                       16 MiB
# A value nvidia-smi gives in both readings and edgetop lacks is a difference too; one nvidia-smi
# does not give ([N/A], [Not Supported], a field this nvidia-smi does not know) is only shown.
#
# Usage: nvml-vs-smi.sh [ROUNDS]        (default 3)
# Environment: EDGETOP (default edgetop), NVIDIA_SMI (default nvidia-smi).
# Exit status: 0 every value within its tolerance, 1 a value outside it, 2 nothing to compare
# (no nvidia-smi, no GPU, edgetop failed).
set -u

rounds=${1:-3}
edgetop=${EDGETOP:-edgetop}
smi=${NVIDIA_SMI:-nvidia-smi}

fail() {
    echo "nvml-vs-smi: $*" >&2
    exit 2
}

case $rounds in
    '' | *[!0-9]*) fail "ROUNDS must be a positive number, not '$rounds'" ;;
esac
[ "$rounds" -gt 0 ] || fail "ROUNDS must be a positive number, not '$rounds'"
command -v "$smi" >/dev/null 2>&1 || fail "no $smi on PATH (set NVIDIA_SMI)"
command -v "$edgetop" >/dev/null 2>&1 || fail "no $edgetop on PATH (set EDGETOP)"

work=$(mktemp -d) || fail "cannot make a temporary directory"
trap 'rm -rf "$work"' EXIT

# nvidia-smi field, edgetop's key (a GPU column, or engine:NAME), divisor to nvidia-smi's unit,
# tolerance kind (abs, rel: percent with a floor, mem: used or used + reserved), its value(s).
fields="utilization.gpu load_pct 1 abs 5
utilization.memory mem_util_pct 1 abs 5
utilization.encoder engine:NVENC 1 abs 5
utilization.decoder engine:NVDEC 1 abs 5
utilization.jpeg engine:NVJPG 1 abs 5
utilization.ofa engine:OFA 1 abs 5
temperature.gpu temp_c 1 abs 2
power.draw power_mw 1000 rel 5:2
enforced.power.limit power_limit_mw 1000 abs 1
clocks.gr freq_hz 1000000 rel 5:15
clocks.mem mem_freq_hz 1000000 rel 5:15
clocks.max.gr hw_max_hz 1000000 abs 1
clocks.max.mem mem_max_hz 1000000 abs 1
memory.total mem_total_kb 1024 abs 1
memory.used mem_used_kb 1024 mem 64
memory.reserved - 1 - 0"

# The fields this nvidia-smi knows (utilization.jpeg and .ofa, memory.reserved are recent).
known=""
while read -r field _; do
    if "$smi" --query-gpu="$field" --format=csv,noheader,nounits >/dev/null 2>&1; then
        known="$known$field,"
    fi
done <<<"$fields"
known=${known%,}
case ",$known," in
    *,utilization.gpu,*) ;;
    *) fail "$smi --query-gpu=utilization.gpu fails: no NVIDIA GPU or driver here" ;;
esac

query_gpus() {
    "$smi" --query-gpu="index,name,$known" --format=csv,noheader,nounits >"$1" 2>"$work/smi.err" ||
        fail "$smi --query-gpu failed: $(head -n 1 "$work/smi.err")"
}

query_apps() {
    "$smi" --query-compute-apps=pid,used_memory --format=csv,noheader,nounits >"$1" 2>/dev/null ||
        : >"$1"
}

echo "== edgetop --once"
"$edgetop" --once || fail "edgetop --once failed"

# One CSV line (edgetop's export quotes a field holding a comma or a quote) as one field a line.
split_csv='
function split_line(line,   n, i, c, field, quoted) {
    n = 0; field = ""; quoted = 0
    for (i = 1; i <= length(line); ++i) {
        c = substr(line, i, 1)
        if (quoted) {
            if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field c; ++i }
            else if (c == "\"") quoted = 0
            else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { cells[++n] = field; field = "" }
        else field = field c
    }
    cells[++n] = field
    return n
}'

# edgetop's sample as "column<TAB>value" lines, in the columns' order.
columns() {
    awk "$split_csv"'
        NR == 1 { n = split_line($0); for (i = 1; i <= n; ++i) name[i] = cells[i]; next }
        NR == 2 { split_line($0); for (i = 1; i <= n; ++i) printf "%s\t%s\n", name[i], cells[i] }
    ' "$1"
}

# shellcheck disable=SC2016 # an awk program, not a shell expansion
compare='
BEGIN { FS = "\t"; split(known_list, known, ",") }
FILENAME == ARGV[1] { split($0, sp, " "); spec[++nspec] = sp[1]; key[sp[1]] = sp[2]
                      div[sp[1]] = sp[3]; kind[sp[1]] = sp[4]; tol[sp[1]] = sp[5]; next }
FILENAME == ARGV[2] { value[$1] = $2; order[++ncol] = $1; next }
FILENAME == ARGV[3] || FILENAME == ARGV[4] {
    n = split($0, v, /, */)
    if (n < 2) next
    i = v[1]; gpus[i] = 1; gname[i] = v[2]
    for (k = 3; k <= n; ++k) {
        if (FILENAME == ARGV[3]) before[i, known[k - 2]] = v[k]; else after[i, known[k - 2]] = v[k]
    }
    next
}
FILENAME == ARGV[5] || FILENAME == ARGV[6] {
    n = split($0, v, /, */)
    if (v[2] !~ /^[0-9]+$/) next
    if (FILENAME == ARGV[5]) apps_before[v[1]] += v[2]; else apps_after[v[1]] += v[2]
    next
}
FILENAME == ARGV[7] { sample = sample $0 }
function number(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
function fmt(x) { return x == "" ? "-" : x }
function row(label, b, e, a, t, verdict) {
    printf "  %-22s %12s %12s %12s  %-16s %s\n", label, fmt(b), fmt(e), fmt(a), t, verdict
}
# Whether e lies between b and a widened by the tolerance; sets the tolerance text.
function within(e, b, a, kind, t,   lo, hi, parts, slack) {
    lo = b < a ? b : a; hi = b < a ? a : b
    if (kind == "rel") {
        split(t, parts, ":")
        slack = hi * parts[1] / 100; if (slack < parts[2]) slack = parts[2]
        ttext = "+-" parts[1] "% (>=" parts[2] ")"
    } else { slack = t; ttext = "+-" t }
    return e >= lo - slack && e <= hi + slack
}
END {
    # edgetop GPU entries NVML filled, in order: the i-th is nvidia-smi index i.
    for (c = 1; c <= ncol; ++c)
        if (order[c] ~ /^gpu_.*_source$/ && value[order[c]] ~ /nvml/) {
            g = substr(order[c], 5, length(order[c]) - 11)
            nvml_gpu[ng++] = g; integrated[g] = value[order[c]] != "nvml"
        }
    for (i = 0; i in gpus; ++i) {
        g = (i < ng) ? nvml_gpu[i] : ""
        printf "  GPU %d %s: edgetop %s\n", i, gname[i], g == "" ? "has no NVML GPU for it" : "\"" g "\""
        printf "  %-22s %12s %12s %12s  %-16s %s\n", "field", "smi before", "edgetop", "smi after",
               "tolerance", ""
        if (g == "") { ++differ; continue }
        for (s = 1; s <= nspec; ++s) {
            f = spec[s]
            if (key[f] == "-") continue
            if (key[f] ~ /^engine:/) {
                engine = substr(key[f], 8)
                col = "engine_" (integrated[g] ? "" : "GPU" i " ") engine "_load_pct"
            } else col = "gpu_" g "_" key[f]
            e = (col in value && value[col] != "") ? value[col] / div[f] : ""
            # Asked before it is read: reading an awk array element creates it.
            if (!((i, f) in before)) { row(f, "", e, "", "", "not compared (not a field of this nvidia-smi)"); continue }
            b = before[i, f]; a = after[i, f]
            if (!number(b) || !number(a)) {
                row(f, b, e, a, "", "not compared (nvidia-smi gives no number)"); continue
            }
            if (e == "") { row(f, b, e, a, "", "DIFFERS: edgetop has no value"); ++differ; continue }
            ok = within(e, b, a, kind[f], tol[f])
            verdict = "ok"
            if (!ok && kind[f] == "mem" && number(before[i, "memory.reserved"]) &&
                number(after[i, "memory.reserved"])) {
                ok = within(e, b + before[i, "memory.reserved"], a + after[i, "memory.reserved"],
                            "abs", tol[f])
                verdict = "ok (used + reserved)"
            }
            if (!ok) { verdict = "DIFFERS"; ++differ }
            row(f, b, sprintf("%.10g", e), a, ttext, verdict)
        }
    }
    for (pid in apps_before) {
        if (!(pid in apps_after)) continue
        b = apps_before[pid]; a = apps_after[pid]
        label = "process " pid " MiB"
        if (!match(sample, "\\{\"pid\":" pid ",[^{}]*\\}")) {
            row(label, b, "", a, "", "not compared (not in edgetop'"'"'s top processes)"); continue
        }
        p = substr(sample, RSTART, RLENGTH)
        mem = ""
        if (match(p, /"gpu_mem_kb":[0-9]+/)) mem = substr(p, RSTART + 13, RLENGTH - 13) / 1024
        if (p !~ /"gpu":true/ || mem == "") { row(label, b, mem, a, "", "DIFFERS: edgetop has no GPU memory for it"); ++differ; continue }
        verdict = within(mem, b, a, "abs", 16) ? "ok" : "DIFFERS"
        if (verdict == "DIFFERS") ++differ
        row(label, b, sprintf("%.10g", mem), a, ttext, verdict)
    }
    printf "  %d value(s) outside their tolerance\n", differ
    exit differ > 0
}'

status=0
for round in $(seq 1 "$rounds"); do
    query_gpus "$work/before.csv"
    query_apps "$work/apps-before.csv"
    rm -f "$work/sample.jsonl"
    "$edgetop" record -n 1 -o "$work/sample.jsonl" 2>"$work/edgetop.err" ||
        fail "edgetop record failed: $(head -n 1 "$work/edgetop.err")"
    query_gpus "$work/after.csv"
    query_apps "$work/apps-after.csv"
    "$edgetop" export --format csv -o "$work/sample.csv" "$work/sample.jsonl" ||
        fail "edgetop export failed"
    columns "$work/sample.csv" >"$work/columns.tsv"
    grep '"type":"sample"' "$work/sample.jsonl" >"$work/sample.json"
    echo "== round $round: nvidia-smi, edgetop record -n 1, nvidia-smi"
    awk -v known_list="$known" "$compare" \
        <(printf '%s\n' "$fields") "$work/columns.tsv" "$work/before.csv" "$work/after.csv" \
        "$work/apps-before.csv" "$work/apps-after.csv" "$work/sample.json" || status=1
done
exit "$status"
