#!/usr/bin/env bash
# Builds an aarch64 sysroot for cross-compiling: Debian bookworm's arm64 packages unpacked with
# `dpkg -x` into DIR, nothing installed on this machine. The list is what the static build and
# the suite link against (static archives and headers), plus the C and C++ runtimes.
#
# usage: arm64-sysroot.sh DIR
set -euo pipefail
dir=${1:?usage: $0 DIR}
here=$(cd "$(dirname "$0")" && pwd)
packages=(
  libc6 libc6-dev linux-libc-dev libcrypt1 libcrypt-dev
  libgcc-s1 libgcc-12-dev libstdc++6 libstdc++-12-dev libatomic1
  libncurses-dev libncursesw6 libncurses6 libtinfo6
  libproc2-0 libproc2-dev
  zlib1g zlib1g-dev libzstd1 libzstd-dev libfmt9 libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libbenchmark1debian
  libsimdjson-dev libsimdjson14
  libssl-dev libssl3
  libyaml-dev libyaml-0-2
)
stamp="$dir/.complete"
want=$(printf '%s\n' "${packages[@]}" | sha1sum | cut -c1-12)
if [ -e "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
state="$dir.apt"
debs="$dir.debs"
rm -rf "$dir" "$debs"
mkdir -p "$dir" "$debs"
(cd "$debs" && "$here/apt-private.sh" "$state" arm64 bookworm download "${packages[@]}" >/dev/null) || {
  echo "cannot download the arm64 packages for the sysroot" >&2
  exit 1
}
for deb in "$debs"/*.deb; do
  dpkg -x "$deb" "$dir"
done
# Absolute symbolic links inside the packages (libfoo.so -> /lib/...) must point into the sysroot.
find "$dir" -type l -lname '/*' | while read -r link; do
  ln -sfn "$dir$(readlink "$link")" "$link"
done
echo "$want" >"$stamp"
