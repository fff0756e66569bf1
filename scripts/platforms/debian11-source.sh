#!/usr/bin/env bash
# Builds edgetop from source inside a Debian 11 (bullseye) chroot with Debian 11's own packages
# (GCC 10, CMake 3.18, libprocps 3.3, simdjson 0.7, no prometheus-cpp: the library generation of
# JetPack 5 and 6), each source file compiled alone (unity builds off), and runs the whole ctest
# suite there; then the view's end-to-end tests once more, built with the sanitizers of `make test`.
#
#   scripts/platforms/debian11-source.sh [work dir]    (default: build-platforms/debian11)
#
# Needs root and the Debian archive (DEBIAN_MIRROR, default
# http://deb.debian.org/debian). The debootstrapped system is cached like every stage's (lib.sh:
# a tarball in /var/cache/edgetop-platforms); the chroot itself is made afresh from it each run.
# /proc, /sys and a /dev of its own (lib.sh's chroot_mounts) are mounted while it runs and
# unmounted on every exit.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
source_dir=$platform_root
work=${1:-$platform_work/debian11}
mirror=$platform_mirror
suite=bullseye
root=$work/root

fail() {
  echo "debian11-source: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap and chroot need it)"
command -v chroot >/dev/null || fail "chroot is missing (coreutils)"
command -v git >/dev/null || fail "git is missing (the source tree is copied with git ls-files)"

stage_start=$SECONDS
stage() {
  local now=$SECONDS
  [ -n "${stage_name:-}" ] && printf 'debian11-source: %-28s %4d s\n' "$stage_name" $((now - stage_start))
  stage_name=$1
  stage_start=$now
  [ -n "$stage_name" ] && echo "debian11-source: $stage_name ..."
  return 0
}

cleanup() {
  local status=$?
  unmount_all
  # debootstrap mounts proc and sys itself and may leave them behind when it fails.
  for m in proc sys; do
    mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
  done
  exit $status
}
trap cleanup EXIT INT TERM

mkdir -p "$work"
stage "debootstrap $suite"
make_chroot "$root" "$suite" amd64
echo "deb $mirror $suite main" >"$root/etc/apt/sources.list"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

chroot_mounts "$root"
bind_mount /sys "$root/sys"

stage "copy source"
mkdir -p "$root/src/edgetop"
(cd "$source_dir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$root/src/edgetop"

in_chroot() {
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    bash -c "cd /src/edgetop && $1"
}

stage "install Debian 11 packages"
in_chroot "./scripts/install-deps.sh test" >"$work/install-deps.log" 2>&1 ||
  fail "install-deps.sh failed in the chroot; see $work/install-deps.log"

stage "configure"
# edgetop itself is built as `make run` builds it (RelWithDebInfo); the test executables at -O0
# without debug information (EDGETOP_FAST_TEST_BUILD), a third of their compile time. Every source
# file is compiled on its own (no unity batches, the one build that does so): an include a file
# lacks cannot hide behind the file before it in a batch, and GCC 10's library headers include
# less of each other than newer ones.
in_chroot "cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDGETOP_BUILD_TESTS=ON -DEDGETOP_FAST_TEST_BUILD=ON -DEDGETOP_UNITY_BUILD=OFF" \
  >"$work/configure.log" 2>&1 || fail "configure failed; see $work/configure.log"
grep '^-- edgetop:' "$work/configure.log" | sed 's/^-- /debian11-source:   /'

stage "build"
in_chroot "cmake --build build -j ${JOBS:-2}" >"$work/build.log" 2>&1 ||
  fail "build failed; see $work/build.log"

stage "test"
set +e
# CMake before 3.22 ignores gtest_discover_tests' TEST_FILTER, so the suites that measure the
# machine's load (*Serial*) are discovered as ordinary tests too; they run once each, alone, as
# <group>.serial, and are left out of the parallel run here.
in_chroot "cd build && ctest --output-on-failure -j ${JOBS:-2} -E Serial" >"$work/ctest.log" 2>&1
tests_status=$?
set -e
summary=$(grep -E '^[0-9]+% tests passed' "$work/ctest.log" || true)
total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$work/ctest.log")
echo "debian11-source: ${summary:-no ctest summary}"
grep -E '\*\*\*Skipped|Not Run|\(Failed\)|\(Timeout\)' "$work/ctest.log" | sed 's/^/debian11-source:   /' || true
stage ""

[ -n "$total" ] && [ "$total" -gt 0 ] || fail "no tests ran; see $work/ctest.log"
[ "$tests_status" -eq 0 ] || fail "tests failed in the Debian 11 chroot; see $work/ctest.log"

# The view's end-to-end tests once more, sanitized as `make test` builds them: the view's exit
# goes through Debian 11's ncurses 6.2 (its colour pairs once leaked at exit, which LeakSanitizer
# reports and the build above, without sanitizers, cannot see).
stage "sanitized view tests"
view_tests='^(Tui|ReplayTui|ColourDetection|FleetCommand)'
in_chroot "make test-some ASAN_DIR=build-asan JOBS=${JOBS:-2} TARGETS='edgetop test_e2e' TESTS='$view_tests'" \
  >"$work/view-asan.log" 2>&1 || fail "sanitized view tests failed; see $work/view-asan.log"
view_summary=$(grep -E '^[0-9]+% tests passed' "$work/view-asan.log" || true)
echo "debian11-source: sanitized view: ${view_summary:-no ctest summary}"
grep -q 'tests failed out of [1-9]' "$work/view-asan.log" || fail "no sanitized view test ran"
stage ""
echo "debian11-source: ok ($total tests, and the view's sanitized)"
