#!/usr/bin/env bash
# Rebuilds the example sessions of this directory from the tegrastats captures they come from
# (see README.md): `examples/make_examples.sh EDGETOP CAPTURES_DIR`, where CAPTURES_DIR holds the
# captures under the names of the table below. Each capture is copied as it is (*.tegrastats.log)
# and converted with `edgetop import tegrastats`.
set -euo pipefail

edgetop="${1:?usage: make_examples.sh EDGETOP CAPTURES_DIR}"
captures="${2:?usage: make_examples.sh EDGETOP CAPTURES_DIR}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# example name <- capture file
while read -r name capture; do
    install -m 644 "$captures/$capture" "$here/$name.tegrastats.log"
    "$edgetop" import tegrastats "$here/$name.tegrastats.log" -o "$here/$name.jsonl" 2>/dev/null
done <<'LIST'
orin-nano-super-trt orin-nano-8gb-super-hokwangchoi.log
agx-orin-64gb agx-orin-64gb-jetsontools-all.log
agx-xavier-jp4 agx-xavier-16gb-jetsontools-all.log
xavier-nx xavier-nx-8gb-jetsontools-all.log
LIST
