# Helpers shared by the platform stages (sourced, not run).
#
# Chroots are made with debootstrap once per release, architecture, package list and mirror, and
# kept as a tarball in PLATFORM_CACHE (default /var/cache/edgetop-platforms, outside the clone, so
# that CI's fresh clone on the same machine finds it): every stage unpacks a fresh copy, so each
# run starts from a clean system while only the first one pays for the download and the
# (emulated) install. A cold cache is made on the way.

platform_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
platform_work=${PLATFORM_WORK:-$platform_root/build-platforms}
platform_cache=${PLATFORM_CACHE:-/var/cache/edgetop-platforms}
platform_mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
platform_mounts=()

die() {
  echo "test-platforms: $*" >&2
  exit 1
}

# Installs the host packages a stage needs (root only; CI may run on a fresh machine).
need_host_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || die "missing host packages (${missing[*]}) and not root to install them"
  echo "installing: ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null; } ||
    die "cannot install host packages: ${missing[*]}"
}

need_root() {
  [ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot and mounts)"
}

# aarch64 executables must run directly (binfmt_misc with qemu-aarch64), so that a test's
# /bin/sh and its children are aarch64 too.
need_aarch64_binfmt() {
  need_host_packages qemu-user-static binfmt-support
  if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null ||
      die "no binfmt_misc support (cannot mount /proc/sys/fs/binfmt_misc)"
  fi
  if ! grep -qx enabled /proc/sys/fs/binfmt_misc/qemu-aarch64 2>/dev/null; then
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 ||
      die "no binfmt support for aarch64 (update-binfmts --enable qemu-aarch64 failed)"
  fi
  grep -q '^flags: .*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 ||
    die "binfmt qemu-aarch64 lacks the F flag: it cannot run inside a chroot"
}

# make_chroot DIR RELEASE ARCH PACKAGES...: DIR becomes a fresh minbase system with PACKAGES.
make_chroot() {
  local dir=$1 release=$2 arch=$3
  shift 3
  local include
  include=$(IFS=,; echo "$*")
  local key lock
  key=$(echo "$release $arch $include $platform_mirror" | sha1sum | cut -c1-10)
  local tarball="$platform_cache/$release-$arch-$key.tar"
  mkdir -p "$platform_cache"
  # Two runs at once (a warm-up beside a stage) make it once: the second waits for the first.
  exec {lock}>"$tarball.lock"
  flock "$lock"
  if [ ! -s "$tarball" ]; then
    need_host_packages debootstrap debian-archive-keyring
    local staging="$platform_cache/staging-$release-$arch"
    remove_tree "$staging"
    echo "debootstrap $release $arch (once; cached in $tarball)" >&2
    debootstrap --variant=minbase --arch="$arch" ${include:+--include="$include"} \
      "$release" "$staging" "$platform_mirror" >"$platform_cache/debootstrap-$release-$arch.log" 2>&1 ||
      die "debootstrap $release $arch failed (no network to $platform_mirror?); see $platform_cache/debootstrap-$release-$arch.log"
    rm -rf "$staging"/var/cache/apt/archives/*.deb "$staging"/var/lib/apt/lists/*_Packages
    tar -C "$staging" -cf "$tarball.partial" . && mv "$tarball.partial" "$tarball"
    remove_tree "$staging"
  fi
  exec {lock}>&-
  remove_tree "$dir"
  mkdir -p "$dir"
  tar -C "$dir" -xf "$tarball"
}

# Deletes a chroot left by an earlier run, unmounting first whatever is still mounted in it (a
# bind-mounted /dev must never be deleted through).
remove_tree() {
  local dir=$1 mounted
  [ -e "$dir" ] || return 0
  dir=$(cd "$dir" && pwd -P)
  while read -r mounted; do
    umount -l "$mounted" 2>/dev/null || true
  done < <(awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r)
  if awk -v d="$dir/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    die "cannot unmount what is mounted under $dir"
  fi
  rm -rf "$dir"
}

# bind_mount SOURCE TARGET [ro]: remembered, and undone by unmount_all.
bind_mount() {
  mkdir -p "$2"
  mount --bind "$1" "$2"
  platform_mounts+=("$2")
  if [ "${3:-}" = ro ]; then
    mount -o remount,bind,ro "$2" || die "cannot make the bind mount of $1 read-only"
  fi
}

# A /dev of the chroot's own: a small tmpfs with the nodes builds and tests use and a devpts
# instance of its own, never the host's /dev bind-mounted. A stage killed outright (SIGKILL, a
# power cut) leaves its mounts behind, and deleting the tree then (rm -rf build-platforms) would
# delete through a bound /dev the host's own device nodes.
chroot_dev() {
  local dev=$1/dev name major minor
  mkdir -p "$dev"
  mount -t tmpfs -o mode=0755,size=16m edgetop-chroot-dev "$dev"
  platform_mounts+=("$dev")
  while read -r name major minor; do
    mknod -m 0666 "$dev/$name" c "$major" "$minor"
  done <<'NODES'
null 1 3
zero 1 5
full 1 7
random 1 8
urandom 1 9
tty 5 0
NODES
  mkdir -p "$dev/pts" "$dev/shm"
  chmod 1777 "$dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$dev/pts"
  platform_mounts+=("$dev/pts")
  ln -s pts/ptmx "$dev/ptmx"
  ln -s /proc/self/fd "$dev/fd"
  ln -s /proc/self/fd/0 "$dev/stdin"
  ln -s /proc/self/fd/1 "$dev/stdout"
  ln -s /proc/self/fd/2 "$dev/stderr"
}

chroot_mounts() {
  local dir=$1
  mkdir -p "$dir/proc" "$dir/sys"
  mount -t proc proc "$dir/proc"
  platform_mounts+=("$dir/proc")
  chroot_dev "$dir"
}

unmount_all() {
  local i
  for ((i = ${#platform_mounts[@]} - 1; i >= 0; i--)); do
    umount -l "${platform_mounts[$i]}" 2>/dev/null || true
  done
  platform_mounts=()
}

project_version() {
  sed -n 's/^project(edgetop VERSION \([0-9][0-9.]*\).*/\1/p' "$platform_root/CMakeLists.txt"
}
