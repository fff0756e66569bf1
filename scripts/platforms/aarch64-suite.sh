#!/usr/bin/env bash
# Stage: the whole suite built for aarch64 (the static build of `make dist`, without sanitizers)
# and run under qemu-user inside an aarch64 Debian chroot, so that /bin/sh, tmux, promtool and
# every child process a test starts are aarch64 too. The source tree is bind-mounted at the same
# path, so the paths compiled into the tests hold inside the chroot.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_root
need_aarch64_binfmt
build=${DIST_WORK:-$platform_root/build-dist}/static-aarch64
[ -f "$build/CMakeCache.txt" ] || die "no aarch64 static build in $build (the dist stage makes it)"

# Tests that cannot work under qemu-user, with the reason: what they check is the host kernel's
# view of a process, which qemu changes or fakes (all seen failing here, and passing natively).
declare -A emulation_excluded=(
  [ParseStatLine.OwnProcess]="qemu-user fakes /proc/self/stat: state 0, 0 threads, 0 resident pages"
  [LiveTable.ThreadsCountsTheMainThread]="qemu-user adds a host thread of its own to every process: /proc counts 5 threads for 4"
  [ProcessScan.FactsFromLibprocFieldsFromTheOpenStat]="the same extra qemu thread: /proc counts 2 threads for 1"
  [RecordCommand.MissingCommandIsReportedWithStatus127]="qemu-user runs posix_spawn's CLONE_VM|CLONE_VFORK child as a fork, so a failed exec is never reported to the parent (the child still exits 127)"
  [ToolRunner.AMissingToolIsAReason]="the same posix_spawn emulation: the view's mode switch is not told that a missing nvpmodel or jetson_clocks failed to start"
  [LargeTreeSerial.ThreeThousandFansZonesAndRailsAreRecordedInLinearTime]="an absolute bound of CPU seconds set for the sanitized native build: emulation multiplies CPU time (12.5 s under qemu for the 10 s bound); its linear-time ratio is checked natively"
  [TuiKeys.SigtermAndSighupQuitAndRestoreTheTerminal]="it finds edgetop as the tmux pane shell's child with pkill -P, which finds no child there under qemu-user (seen failing here; the view's SIGTERM and SIGHUP handling itself is the same code natively)"
  [ProcessScan.ChildsArgumentsAndParentInTheTable]="under qemu-user binfmt the kernel's /proc/PID/cmdline is the emulator's argv (\"/usr/libexec/qemu-binfmt/aarch64-binfmt-P /usr/bin/sleep sleep 30.5\"), not the program's"
  [TableReference.ChildrenMatchProcAsTheyStartRenameExecAndExit]="the same two emulation effects: an exec'd child's /proc/PID/cmdline is the emulator's argv, and qemu's own host threads come and go between the table's read and the reference's (seen failing here on the thread count and the exec)"
  [TableReference.OtherUsersAndAUserChangedByExec]="its child execs sleep: under qemu-user its /proc/PID/cmdline is the emulator's argv, so the exec is never seen as \"sleep 62\""
  [HupTermInt/StopSignal.SentAtStartUpStillLeavesASessionWithAnEndLine/*]="qemu-user keeps the guest's blocked-signal mask to itself: SigBlk in /proc/PID/status, which the test waits on before signalling, is qemu's host mask, so the signal arrives before edgetop has blocked it"
)
excluded=$(IFS=:; echo "${!emulation_excluded[*]}")
for test in "${!emulation_excluded[@]}"; do
  echo "not run under qemu: $test: ${emulation_excluded[$test]}"
done
# The libFuzzer targets are no test executables: `make fuzz` builds the readers with the host's
# clang (tests/fuzz/build_fuzz.sh) and fuzzes them on the host, a stage of .ci/run of its own.
echo "not run under qemu: the libFuzzer targets: host-side runs (clang) of \`make fuzz\`, not part of the aarch64 build"

# The shipped binary and edgetop's libraries as `make dist` built them (Release); the test
# executables at -O0 without debug information, a third of their compile time.
EDGETOP_AARCH64_SYSROOT=${DIST_WORK:-$platform_root/build-dist}/sysroot-aarch64 \
  cmake -S "$platform_root" -B "$build" -DEDGETOP_BUILD_TESTS=ON -DEDGETOP_FAST_TEST_BUILD=ON >/dev/null
tests=$(cmake --build "$build" --target help | sed -n 's/^\.\.\. \(test_[a-z0-9_]*\)$/\1/p' | sort)
[ -n "$tests" ] || die "the aarch64 build has no test executables"
# shellcheck disable=SC2086
nice -n 10 cmake --build "$build" -j "${JOBS:-$(nproc)}" --target $tests

root="$platform_work/arm64-suite"
make_chroot "$root" bookworm arm64 tmux prometheus
trap unmount_all EXIT
chroot_mounts "$root"
# The source tree read-only (a tree deleted through a mount left by a killed run must not take
# the sources with it), the test build read-write on top: ctest writes there.
bind_mount "$platform_root" "$root$platform_root" ro
bind_mount "$build" "$root$build"
cp "$platform_root/scripts/platforms/run-suite.sh" "$root/run-suite.sh"
uname_m=$(chroot "$root" uname -m)
[ "$uname_m" = aarch64 ] || die "the chroot's uname -m says $uname_m, not aarch64"
file -L "$root/bin/sh" | grep -q aarch64 || die "the chroot's /bin/sh is not aarch64"
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TMPDIR=/tmp \
  /run-suite.sh "$build" "$excluded"
