#!/usr/bin/env bash
# Unpacks Debian bookworm's source package PACKAGE into DIR/PACKAGE (once), for a library that
# Debian ships without a static archive. Nothing of it goes into the repository: DIR is a
# build directory.
#
# usage: debian-source.sh PACKAGE DIR
set -euo pipefail
package=${1:?usage: $0 PACKAGE DIR} dir=${2:?usage: $0 PACKAGE DIR}
here=$(cd "$(dirname "$0")" && pwd)
[ -e "$dir/$package/.complete" ] && exit 0
mkdir -p "$dir/downloads"
rm -rf "${dir:?}/$package"
(cd "$dir/downloads" && "$here/apt-private.sh" "$dir/apt" amd64 bookworm source --download-only "$package" >/dev/null) || {
  echo "cannot download the Debian source package $package" >&2
  exit 1
}
# apt checked the files against the signed Release file; the .dsc signature key is not needed.
dsc=$(ls -t "$dir/downloads/${package}"_*.dsc | head -n 1)
dpkg-source --no-check -q -x "$dsc" "$dir/$package" >/dev/null 2>&1 || {
  echo "cannot unpack $dsc" >&2
  exit 1
}
touch "$dir/$package/.complete"
