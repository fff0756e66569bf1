#!/usr/bin/env bash
# Stage: `make dist` (static x86_64 and aarch64 builds, tarballs and .debs), then checks that
# every artefact is there and that each binary is fully static for its architecture.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$platform_root/scripts/dist/make-dist.sh"
version=$(project_version)
for arch in x86_64 aarch64; do
  tarball="$platform_root/dist/edgetop-$version-linux-$arch.tar.gz"
  [ -s "$tarball" ] || die "missing $tarball"
  listing=$(tar -tzf "$tarball" | LC_ALL=C sort | tr '\n' ' ')
  expected="edgetop-$version-linux-$arch/ edgetop-$version-linux-$arch/README edgetop-$version-linux-$arch/edgetop edgetop-$version-linux-$arch/edgetop-serve.service edgetop-$version-linux-$arch/edgetop.1 "
  [ "$listing" = "$expected" ] || die "$tarball holds: $listing"
  extracted="$platform_work/dist-check/$arch"
  rm -rf "$extracted" && mkdir -p "$extracted"
  tar -C "$extracted" -xzf "$tarball"
  "$platform_root/scripts/dist/check-static.sh" "$extracted/edgetop-$version-linux-$arch/edgetop" "$arch"
done
for deb_arch in amd64 arm64; do
  deb="$platform_root/dist/edgetop_${version}_$deb_arch.deb"
  [ -s "$deb" ] || die "missing $deb"
  [ "$(dpkg-deb -f "$deb" Architecture)" = "$deb_arch" ] || die "$deb: wrong Architecture"
  [ -z "$(dpkg-deb -f "$deb" Depends)" ] || die "$deb depends on: $(dpkg-deb -f "$deb" Depends)"
  contents=$(dpkg-deb -c "$deb" | awk '{print $6}' | grep -v '/$' | LC_ALL=C sort | tr '\n' ' ')
  expected="./usr/bin/edgetop ./usr/lib/systemd/system/edgetop-serve.service ./usr/share/man/man1/edgetop.1 "
  [ "$contents" = "$expected" ] || die "$deb holds: $contents"
done
echo "dist: $(cd "$platform_root/dist" && ls | tr '\n' ' ')"
