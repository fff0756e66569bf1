#!/usr/bin/env bash
# `make dist`: static edgetop for x86_64 and aarch64 (cross-compiled), each as a tarball and a
# .deb under dist/.
#
#   DIST_ARCHS   which ones (default "x86_64 aarch64")
#   DIST_WORK    build directory (default build-dist)
#   DIST_CMAKE_ARGS  more arguments for cmake (e.g. -DEDGETOP_SIMDJSON=OFF)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/scripts/dist"
work=${DIST_WORK:-$root/build-dist}
archs=${DIST_ARCHS:-x86_64 aarch64}
jobs=${JOBS:-$(nproc)}
version=$(sed -n 's/^project(edgetop VERSION \([0-9][0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
[ -n "$version" ] || { echo "no VERSION in project() of CMakeLists.txt" >&2; exit 1; }

"$root/scripts/install-deps.sh" build
host_packages=(locales zlib1g-dev libzstd-dev libssl-dev libyaml-dev libcrypt-dev dpkg-dev debian-archive-keyring file binutils)
case " $archs " in *" aarch64 "*) host_packages+=(crossbuild-essential-arm64 binutils-aarch64-linux-gnu) ;; esac
"$here/need-packages.sh" "${host_packages[@]}"

"$here/debian-source.sh" simdjson "$work/src"
simdjson="$work/src/simdjson/singleheader"

mkdir -p "$root/dist"
for arch in $archs; do
  build="$work/static-$arch"
  options=(-DCMAKE_BUILD_TYPE=Release -DEDGETOP_STATIC=ON -DEDGETOP_SIMDJSON_SOURCE="$simdjson"
           -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON ${DIST_CMAKE_ARGS:-})
  if [ "$arch" = aarch64 ]; then
    "$here/arm64-sysroot.sh" "$work/sysroot-aarch64"
    export EDGETOP_AARCH64_SYSROOT="$work/sysroot-aarch64"
    options+=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-aarch64.cmake")
  fi
  cmake -S "$root" -B "$build" "${options[@]}" >/dev/null
  nice -n 10 cmake --build "$build" -j "$jobs" --target edgetop
  "$here/check-static.sh" "$build/edgetop" "$arch"
  "$here/tarball.sh" "$build" "$arch" "$version" "$root/dist"
  # cpack installs only what the build above made (the install does not depend on "all").
  (cd "$build" && cpack -G DEB -B "$build/cpack" >/dev/null)
  cp "$build"/cpack/edgetop_"$version"_*.deb "$root/dist/"
done
ls -l "$root/dist"
