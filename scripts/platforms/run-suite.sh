#!/bin/bash
# Runs every test executable of BUILD_DIR the way ctest does (tests named *Serial* alone, after
# the others), for a machine without CMake: the aarch64 chroot of the aarch64-suite stage.
# Prints each executable's result and fails if any test failed.
#
# usage: run-suite.sh BUILD_DIR [EXCLUDED_FILTER]
#   EXCLUDED_FILTER: gtest patterns (a:b:c) of the tests that cannot run here.
set -u
build=$1 excluded=${2:-}
failed=0
results=$(mktemp)
run() {  # run EXECUTABLE FILTER
  local log
  log=$(mktemp)
  timeout 1800 "$1" --gtest_filter="$2" --gtest_brief=1 >"$log" 2>&1
  local status=$?
  local passed skipped
  passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log")
  skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log")
  if [ $status -ne 0 ]; then
    failed=1
    echo "FAIL $(basename "$1") ($2): exit $status"
    grep -E '^\[  FAILED  \]|Failure|timeout' "$log" | head -n 40
    [ $status -eq 124 ] && tail -n 20 "$log"
  fi
  echo "$(basename "$1") ${passed:-0} ${skipped:-0} $status" >>"$results"
  rm -f "$log"
}
negative=${excluded:+:$excluded}
for t in "$build"/test_*; do
  [ -x "$t" ] && run "$t" "*-*Serial*$negative"
done
for t in "$build"/test_*; do
  [ -x "$t" ] && "$t" --gtest_list_tests --gtest_filter="*Serial*" | grep -q '^ ' &&
    run "$t" "*Serial*-${excluded:-NONE}"
done
awk '{ p += $2; s += $3 } END { printf "suite: %d tests passed, %d skipped\n", p, s }' "$results"
rm -f "$results"
exit $failed
