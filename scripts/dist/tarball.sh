#!/usr/bin/env bash
# Writes OUT_DIR/edgetop-VERSION-linux-ARCH.tar.gz from a static build: the binary, the man page,
# the systemd unit and the tarball's README, in one directory edgetop-VERSION-linux-ARCH/.
#
# usage: tarball.sh BUILD_DIR ARCH VERSION OUT_DIR
set -euo pipefail
build=$1 arch=$2 version=$3 out=$4
root=$(cd "$(dirname "$0")/../.." && pwd)
name="edgetop-$version-linux-$arch"
stage="$build/tarball/$name"
rm -rf "$build/tarball"
mkdir -p "$stage" "$out"
strip_tool=strip
[ "$arch" = aarch64 ] && strip_tool=aarch64-linux-gnu-strip
"$strip_tool" -o "$stage/edgetop" "$build/edgetop"
cp "$build/man/edgetop.1" "$root/packaging/edgetop-serve.service" "$stage/"
sed -e "s/@VERSION@/$version/g" -e "s/@ARCH@/$arch/g" "$root/packaging/README.tarball" >"$stage/README"
# Fixed owner, order and times: the same build gives the same tarball.
tar -C "$build/tarball" --owner=0 --group=0 --numeric-owner --sort=name \
  --mtime="@${SOURCE_DATE_EPOCH:-0}" -cf - "$name" | gzip -9 -n >"$out/$name.tar.gz"
