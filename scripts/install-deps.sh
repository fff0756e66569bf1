#!/usr/bin/env bash
# Installs the distribution packages edgetop needs, by this system's own names; installs only what
# is missing and does nothing when everything is present.
#
#   scripts/install-deps.sh [build|test|fuzz]
#     build  what `make run` needs: compiler, CMake, pkg-config and the libraries
#     test   build plus what `make test` needs: GoogleTest/GoogleMock, Google Benchmark, the
#            Prometheus server (for promtool), tmux, procps, setcap (libcap2-bin), lld (faster
#            links of the test executables), systemd (systemd-analyze checks the service unit),
#            openssl, curl and python3 (the certificates and clients of serve's TLS and stream
#            tests), python3-jsonschema (validates sample lines against the API's schema),
#            util-linux (setpriv: curl as another user at a unix socket), openssh-server and
#            -client (fleet's ssh:// boards, through an sshd the test starts), and a
#            decimal-comma locale (de_DE.UTF-8, generated
#            from the locales package) for the tests that a file's numbers ignore the locale
#     fuzz   build plus clang (libFuzzer and its sanitizers), what `make fuzz` needs
#
# Knows Debian 11, 12, 13 and Ubuntu 20.04, 22.04, 24.04 (read from /etc/os-release); any other
# system is tried with Debian 12's names, and says so. When the default C++ compiler is too old
# (Ubuntu 20.04: GCC 9), the one to use is written to .cache/compiler, which the Makefile passes
# to CMake; elsewhere that file is removed.
set -euo pipefail

set_name=${1:-build}
case "$set_name" in
  build | test | fuzz) ;;
  *)
    echo "install-deps.sh: unknown package set '$set_name' (use build, test or fuzz)" >&2
    exit 2
    ;;
esac

id="" version=""
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  . /etc/os-release
  id=${ID:-}
  version=${VERSION_ID:-}
fi

compiler=""
common=(cmake pkg-config libncurses-dev libfmt-dev nlohmann-json3-dev zlib1g-dev libzstd-dev)
# serve's TLS: OpenSSL's headers and its shared and static libraries; its web configuration:
# libyaml, and libxcrypt for bcrypt. In every release below, each with its static archive.
common+=(libssl-dev libyaml-dev libcrypt-dev)
# Names checked against each release's package lists (packages.debian.org /
# packages.ubuntu.com) unless marked otherwise.
case "$id $version" in
  "debian 11")
    build=(build-essential "${common[@]}" libprocps-dev libsimdjson-dev)
    ;;
  "debian 12")
    build=(build-essential "${common[@]}" libproc2-dev libsimdjson-dev)
    ;;
  "debian 13")
    # Not verifiable from this machine's archive (bookworm only): trixie's names as published.
    build=(build-essential "${common[@]}" libproc2-dev libsimdjson-dev)
    ;;
  "ubuntu 20.04")
    # GCC 9 (the default) lacks parts of C++20 edgetop uses; g++-10 is in focal's archive.
    # focal's simdjson (0.2) is too old for the On-Demand reader: it is not installed, the
    # nlohmann-json reader is used.
    build=(build-essential g++-10 "${common[@]}" libprocps-dev)
    compiler=g++-10
    ;;
  "ubuntu 22.04")
    build=(build-essential "${common[@]}" libprocps-dev libsimdjson-dev)
    ;;
  "ubuntu 24.04")
    build=(build-essential "${common[@]}" libproc2-dev libsimdjson-dev)
    ;;
  *)
    echo "install-deps.sh: ${PRETTY_NAME:-unknown system}: not a known release; trying Debian 12's" \
      "package names" >&2
    build=(build-essential "${common[@]}" libproc2-dev libsimdjson-dev)
    ;;
esac
test_only=(libgtest-dev libgmock-dev libbenchmark-dev prometheus tmux procps libcap2-bin lld systemd
  locales openssl curl python3 python3-jsonschema util-linux openssh-server openssh-client)
# Every target release packages `clang` (its libFuzzer and sanitizer runtimes come with it).
fuzz_only=(clang)

packages=("${build[@]}")
[ "$set_name" = test ] && packages+=("${test_only[@]}")
[ "$set_name" = fuzz ] && packages+=("${fuzz_only[@]}")

compiler_file="$(cd "$(dirname "$0")/.." && pwd)/.cache/compiler"
if [ -n "$compiler" ]; then
  mkdir -p "$(dirname "$compiler_file")"
  echo "$compiler" >"$compiler_file"
else
  rm -f "$compiler_file"
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

# The view runs under the user's locale; the tests check that a decimal comma never changes what
# a file's numbers mean, so `make test` needs one such locale.
ensure_comma_locale() {
  [ "$set_name" = test ] || return 0
  locale -a 2>/dev/null | grep -qix 'de_DE.utf8' && return 0
  echo "generating the de_DE.UTF-8 locale (for the tests of numbers under a decimal comma)" >&2
  $sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  ensure_comma_locale
  exit 0
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive

# The Prometheus server and sshd are installed for the tests, which start their own: the
# services must not start. A
# policy-rc.d that answers 101 tells invoke-rc.d (and deb-systemd-invoke) to start nothing while
# the packages install; the previous one, if any, comes back afterwards.
policy=/usr/sbin/policy-rc.d
saved_policy=""
restore_policy() {
  if [ -n "$saved_policy" ]; then
    $sudo mv -f "$saved_policy" "$policy"
  else
    $sudo rm -f "$policy"
  fi
}
if [ -e "$policy" ]; then
  saved_policy=$(mktemp /tmp/policy-rc.d.XXXXXX)
  $sudo cp -p "$policy" "$saved_policy"
fi
trap restore_policy EXIT
printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
$sudo chmod 755 "$policy"

$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

if [[ " ${missing[*]} " == *" prometheus "* ]] && [ -d /run/systemd/system ]; then
  $sudo systemctl disable --now prometheus >/dev/null 2>&1 || true
fi
if [[ " ${missing[*]} " == *" openssh-server "* ]] && [ -d /run/systemd/system ]; then
  $sudo systemctl disable --now ssh >/dev/null 2>&1 || true
fi
ensure_comma_locale
