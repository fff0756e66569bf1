#!/usr/bin/env bash
# Fails unless FILE is a fully static executable for ARCH: no program interpreter, no needed
# shared library.
#
# usage: check-static.sh FILE ARCH
set -euo pipefail
file=$1 arch=$2
case $arch in
  x86_64) machine="Advanced Micro Devices X86-64" ;;
  aarch64) machine="AArch64" ;;
  *) echo "unknown architecture $arch" >&2; exit 2 ;;
esac
readelf -h "$file" | grep -q "Machine: *$machine" || { echo "$file is not an $arch executable" >&2; exit 1; }
if readelf -l "$file" | grep -q INTERP; then
  echo "$file has a program interpreter: not static" >&2
  exit 1
fi
if readelf -d "$file" | grep -q NEEDED; then
  echo "$file needs shared libraries: $(readelf -d "$file" | grep NEEDED | tr -s ' ' | tr '\n' ' ')" >&2
  exit 1
fi
file -b "$file" | grep -q "statically linked" || { echo "$file: $(file -b "$file")" >&2; exit 1; }
