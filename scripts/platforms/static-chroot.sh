#!/usr/bin/env bash
# Stage: the aarch64 static binary from the tarball, alone in an otherwise empty root (a fixture
# tree, /etc/passwd, the one terminfo entry tmux asks for and an empty /tmp, where the built-in
# C.UTF-8 table is unpacked; no shared library, no locale file, no shell), run with chroot under qemu: --once, record, user names from that /etc/passwd, and
# the interactive view in tmux with a UTF-8 locale, which must draw Unicode without locale files.
#
#   STATIC_ARCH  the tarball's architecture (default aarch64; x86_64 runs natively)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
arch=${STATIC_ARCH:-aarch64}
need_root
[ "$arch" = aarch64 ] && need_aarch64_binfmt
need_host_packages tmux ncurses-base
version=$(project_version)
chroot_cmd=$(command -v chroot)
tarball="$platform_root/dist/edgetop-$version-linux-$arch.tar.gz"
[ -s "$tarball" ] || die "missing $tarball (the dist stage makes it)"

root="$platform_work/static-root-$arch"
remove_tree "$root"
mkdir -p "$root/etc" "$root/proc" "$root/tmp"
chmod 1777 "$root/tmp"
mkdir -p "$root/usr/share/terminfo/t" "$root/opt/terminfo/t"
tar -C "$root" -xzf "$tarball" --strip-components=1 "edgetop-$version-linux-$arch/edgetop"
cp -a "$platform_root/tests/fixtures/orin-nano" "$root/fixture"
# uid 4242 exists only here: its name can only come from this /etc/passwd.
printf 'root:x:0:0:root:/root:/bin/sh\njetson:x:4242:4242:Jetson user:/home/jetson:/bin/sh\n' >"$root/etc/passwd"
entry=$(find /etc/terminfo /lib/terminfo /usr/share/terminfo -name tmux-256color 2>/dev/null | head -n 1)
[ -n "$entry" ] || die "no tmux-256color terminfo entry on this machine"
cp "$entry" "$root/usr/share/terminfo/t/"
burner=""
socket_base="edgetop-static-$$"
socket=$socket_base
views=0
cleanup() {
  [ -n "$burner" ] && kill "$burner" 2>/dev/null
  tmux -L "$socket" kill-server 2>/dev/null
  unmount_all
}
trap cleanup EXIT

[ -z "$(find "$root" -name '*.so*' -o -name locale -o -name sh)" ] || die "the root is not empty enough"

out=$(env -i "$chroot_cmd" "$root" /edgetop --once --root /fixture) || die "edgetop --once failed in the empty root"
grep -q "^Board .*Orin Nano" <<<"$out" || die "--once shows no Orin Nano board: $(head -n 2 <<<"$out")"

env -i "$chroot_cmd" "$root" /edgetop record -n 3 -i 100 --root /fixture -o /session.jsonl || die "record failed"
samples=$(grep -c '"type":"sample"' "$root/session.jsonl" || true)
[ "$samples" = 3 ] || die "record -n 3 wrote $samples samples"

# A busy process of uid 4242 (unknown to this machine) in the process table of the real /proc.
mount -t proc proc "$root/proc"
platform_mounts+=("$root/proc")
nice -n -5 setpriv --reuid=4242 --regid=4242 --clear-groups sh -c 'while :; do :; done' &
burner=$!
sleep 1
env -i "$chroot_cmd" "$root" /edgetop record -n 2 -i 500 -o /processes.jsonl || die "record of /proc failed"
grep -q '"user":"jetson"' "$root/processes.jsonl" ||
  die "uid 4242 is not named jetson from the root's /etc/passwd: $(grep -o '"user":"[^"]*"' "$root/processes.jsonl" | sort -u | tr '\n' ' ')"
kill "$burner"
burner=""

# view DESCRIPTION EXTRA_ENV...: starts the view in tmux, returns the screen once it is drawn.
view() {
  local what=$1
  shift
  # A server of its own for each view: a new one on a socket whose server is still stopping fails.
  tmux -L "$socket" kill-server 2>/dev/null || true
  views=$((views + 1))
  socket="$socket_base-$views"
  tmux -u -f /dev/null -L "$socket" new-session -d -x 120 -y 40 \
    "env -i TERM=tmux-256color LANG=C.UTF-8 $* $chroot_cmd $root /edgetop --root /fixture -i 500; sleep 30"
  local screen="" i
  for i in $(seq 1 60); do
    sleep 0.5
    screen=$(tmux -L "$socket" capture-pane -p -t 0)
    grep -q "Orin Nano" <<<"$screen" && break
  done
  tmux -L "$socket" send-keys -t 0 q
  grep -q "Orin Nano" <<<"$screen" || die "the view ($what) drew no board: $(head -n 3 <<<"$screen")"
  printf '%s\n' "$screen"
}

view "terminfo in /usr/share/terminfo" >"$root.screen"
screen=$(cat "$root.screen")
# Bars and rules the view draws in Unicode (U+2500 box, U+2581..U+2588 blocks); ASCII has none.
glyphs=$(LC_ALL=C grep -a -o -E $'\xe2(\x94\x80|\x96[\x81-\x8f])' <<<"$screen" | sort -u | tr -d '\n' || true)
[ -n "$glyphs" ] || die "the view drew no Unicode with LANG=C.UTF-8 and no locale files"

# The same entry found only through TERMINFO_DIRS.
mv "$root/usr/share/terminfo/t/tmux-256color" "$root/opt/terminfo/t/"
tmux -L "$socket" kill-server 2>/dev/null || true
view "terminfo through TERMINFO_DIRS" TERMINFO_DIRS=/opt/terminfo >/dev/null
echo "static-chroot ($arch): --once, record ($samples samples), user jetson from /etc/passwd, view with Unicode ($glyphs) and TERMINFO_DIRS passed"
