#!/usr/bin/env bash
# Installs the Debian packages edgetop needs to build and test; does nothing when all are present.
set -euo pipefail
packages=(
  build-essential cmake pkg-config
  libncurses-dev libfmt-dev libproc2-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsimdjson-dev prometheus-cpp-dev prometheus
  tmux procps
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
