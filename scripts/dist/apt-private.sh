#!/usr/bin/env bash
# Runs apt-get against Debian's archive with its own sources, lists and cache under a build
# directory, so that downloading another architecture's packages or a source package never
# changes this machine's apt state (several arm64 -dev packages are not co-installable with
# their amd64 twins: installing them would break the native build).
#
# usage: apt-private.sh STATE_DIR ARCH SUITE apt-get-arguments...
#   DEBIAN_MIRROR overrides the mirror (default http://deb.debian.org/debian).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 STATE_DIR ARCH SUITE apt-get-arguments..." >&2
  exit 2
fi
state=$1 arch=$2 suite=$3
shift 3
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "missing $keyring (Debian package debian-archive-keyring)" >&2; exit 1; }

mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/etc"
touch "$state/status"
sources="$state/etc/sources.list"
printf 'deb [arch=%s signed-by=%s] %s %s main\ndeb-src [signed-by=%s] %s %s main\n' \
  "$arch" "$keyring" "$mirror" "$suite" "$keyring" "$mirror" "$suite" >"$sources.new"
# A changed mirror or suite needs fresh lists.
if ! cmp -s "$sources.new" "$sources"; then
  mv "$sources.new" "$sources"
  rm -f "$state/updated"
else
  rm -f "$sources.new"
fi

options=(
  -o "Dir::Etc::SourceList=$sources" -o "Dir::Etc::SourceParts=$state/etc/none"
  -o "Dir::State::Lists=$state/lists" -o "Dir::State::Status=$state/status"
  -o "Dir::Cache=$state/cache" -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch"
  -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -qq
)
if [ ! -e "$state/updated" ]; then
  apt-get "${options[@]}" update >/dev/null || {
    echo "cannot reach Debian's archive at $mirror (apt-get update failed)" >&2
    exit 1
  }
  touch "$state/updated"
fi
exec apt-get "${options[@]}" "$@"
