#!/usr/bin/env bash
# `make test-platforms`: proves the targets of one download and of the source build on this
# machine (root, x86_64): each stage is a script under scripts/platforms/, run in this order,
# with its duration printed. The first failing stage stops the run with a non-zero exit.
#
#   PLATFORM_STAGES  a subset, e.g. "dist deb-install" (default: all, in the order below)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
all_stages=(dist debian11-source aarch64-suite deb-install static-chroot)
read -r -a stages <<<"${PLATFORM_STAGES:-${all_stages[*]}}"

[ "$(id -u)" -eq 0 ] || { echo "test-platforms: needs root (debootstrap, chroot, mounts)" >&2; exit 1; }
for stage in "${stages[@]}"; do
  [ -x "$root/scripts/platforms/$stage.sh" ] ||
    { echo "test-platforms: no stage scripts/platforms/$stage.sh" >&2; exit 1; }
done

total_start=$(date +%s)
for stage in "${stages[@]}"; do
  echo "== $stage"
  start=$(date +%s)
  if ! "$root/scripts/platforms/$stage.sh"; then
    echo "== $stage FAILED after $(($(date +%s) - start)) s" >&2
    exit 1
  fi
  printf '== %s passed in %d s\n' "$stage" $(($(date +%s) - start))
done
printf '== test-platforms: %d stages passed in %d s\n' "${#stages[@]}" $(($(date +%s) - total_start))
