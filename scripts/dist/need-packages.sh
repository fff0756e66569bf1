#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are missing on this machine
# (root, or sudo); says which ones cannot be installed, in one line, and fails.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "missing packages (${missing[*]}) and not root to install them" >&2; exit 1; }
  sudo=sudo
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
install() { $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; }
install || { $sudo apt-get update -qq >/dev/null 2>&1 && install; } || {
  echo "cannot install the packages: ${missing[*]}" >&2
  exit 1
}
