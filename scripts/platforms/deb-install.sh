#!/usr/bin/env bash
# Stage: the amd64 .deb installed with dpkg -i into a clean Debian 11 (bullseye) chroot, another
# release than the one it was built on, then run there against a fixture tree.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_root
version=$(project_version)
deb="$platform_root/dist/edgetop_${version}_amd64.deb"
[ -s "$deb" ] || die "missing $deb (the dist stage makes it)"

root="$platform_work/deb-bullseye"
make_chroot "$root" bullseye amd64 man-db
trap unmount_all EXIT
chroot_mounts "$root"
cp "$deb" "$root/tmp/edgetop.deb"
cp -a "$platform_root/tests/fixtures/orin-nano" "$root/tmp/fixture"

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root dpkg -i /tmp/edgetop.deb >/dev/null || die "dpkg -i failed"

out=$(in_root edgetop --version) || die "edgetop --version failed"
[ "$out" = "edgetop $version" ] || die "edgetop --version says: $out"

out=$(in_root edgetop --once --root /tmp/fixture) || die "edgetop --once failed"
grep -q "^Board .*Orin Nano" <<<"$out" || die "edgetop --once shows no Orin Nano board: $(head -n 3 <<<"$out")"
grep -q "^GPU" <<<"$out" || die "edgetop --once shows no GPU section"

in_root edgetop record -n 3 -i 100 --root /tmp/fixture -o /tmp/session.jsonl || die "edgetop record failed"
samples=$(grep -c '"type":"sample"' "$root/tmp/session.jsonl" || true)
[ "$samples" = 3 ] || die "edgetop record -n 3 wrote $samples samples"

page=$(in_root man -w edgetop) || die "man -w edgetop found no page"
[ "$page" = /usr/share/man/man1/edgetop.1 ] || die "man -w edgetop: $page"
echo "deb-install: bullseye: dpkg -i, --version, --once, record -n 3 ($samples samples) and man -w ($page) passed"
