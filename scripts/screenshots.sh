#!/bin/sh
# Pictures of the interactive view as a user sees it: edgetop runs in a detached tmux server at
# 80x24, 120x40 and 200x50, every page is captured with its colours (tmux capture-pane -e),
# converted to HTML by aha and to PNG by headless Chromium; btop, where installed, is captured
# at the same sizes on this machine for comparison.
#
#   scripts/screenshots.sh [--binary PATH] [--out DIR] [--loaded SESSION] [--only SCENE] [--docs]
#
# Scenes: "idle", the live view of a copy of the AGX Orin fixture tree (tests/fixtures/agx-orin:
# nothing runs, its readings stay flat) whose first CPU cluster is capped at 1.728 GHz as the
# 30 W power mode does (the cap mark), and "loaded", the replay of an Orin Nano running TensorRT
# (examples/orin-nano-super-trt.jsonl, or --loaded SESSION), played LOADED_SPEED times faster
# and paused when it reaches LOADED_AT seconds (27: its busiest stretch, a core at 100 %), and
# "live", this machine while two busy loops and a python3 run (with btop beside it), and
# "fleet", the fleet page over serves of five fixture boards and this machine, a socket that
# never answers and a closed port. Files: OUT/<scene>-<page>-<cols>x<rows>.{ansi,html,png},
# OUT/fleet-<cols>x<rows>.png, OUT/btop-<cols>x<rows>.png. --only SCENE takes that scene alone.
# --docs copies the pictures the README shows into docs/screenshots/.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
binary=${EDGETOP:-}
out="$here/build/screenshots"
docs=0
only=""
loaded="$here/examples/orin-nano-super-trt.jsonl"
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --loaded) loaded=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --docs) docs=1; shift ;;
        -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "screenshots.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

if [ -z "$binary" ]; then
    for candidate in "$here/build/edgetop" "$here/build-asan/edgetop"; do
        if [ -x "$candidate" ]; then binary=$candidate; break; fi
    done
fi
[ -n "$binary" ] && [ -x "$binary" ] || {
    echo "screenshots.sh: no edgetop binary (make build, or --binary PATH)" >&2; exit 1; }

chromium=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" >/dev/null 2>&1; then chromium=$name; break; fi
done
missing=""
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
command -v aha >/dev/null 2>&1 || missing="$missing aha"
command -v perl >/dev/null 2>&1 || missing="$missing perl"
[ -n "$chromium" ] || missing="$missing chromium"
if [ -n "$missing" ]; then
    echo "screenshots.sh: missing:$missing (Debian/Ubuntu: apt-get install$missing)" >&2
    exit 1
fi

LOADED_SPEED=${LOADED_SPEED:-2}
LOADED_AT=${LOADED_AT:-27}
socket="edgetop-shots-$$"
tmux_() { tmux -f /dev/null -L "$socket" "$@"; }
tree=$(mktemp -d)
load_pids=""
cleanup() {
    tmux_ kill-server 2>/dev/null || true
    [ -z "$load_pids" ] || kill $load_pids 2>/dev/null || true
    rm -rf "$tree"
}
trap cleanup EXIT INT TERM
mkdir -p "$out"

# One glyph cell of DejaVu Sans Mono at 14 px is 8.43 x 17 px (line-height 17px below).
png() { # html png cols rows
    width=$(awk -v c="$3" 'BEGIN { printf "%d", c * 8.43 + 0.999 }')
    height=$(( $4 * 17 ))
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --screenshot="$2" --window-size="$width,$height" "file://$1" >/dev/null 2>&1
}

# Braille and block glyphs come from a fallback font of another width: each is put in a box one
# cell wide so that the columns after it stay where the terminal has them.
html() { # ansi html title
    aha --black --title "$3" <"$1" |
        sed 's#</head>#<style>body{margin:0;background:\#000}pre{margin:0;font:14px/17px "DejaVu Sans Mono",monospace}i{font-style:normal;display:inline-block;width:1ch;overflow:hidden;vertical-align:top}</style></head>#' |
        perl -CSD -pe 's#([\x{2580}-\x{259F}\x{2800}-\x{28FF}])#<i>$1</i>#g' >"$2"
}

shoot() { # scene cols rows command...
    scene=$1 cols=$2 rows=$3
    shift 3
    tmux_ kill-server 2>/dev/null || true
    tmux_ new-session -d -x "$cols" -y "$rows" \
        "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $*; sleep 600"
    tmux_ set-option -g status off >/dev/null
    if [ "$scene" = loaded ]; then
        # Pause the replay where the load is, whatever the machine's pace.
        waited=0
        until tmux_ capture-pane -p -t 0 | grep -q "REPLAY t $LOADED_AT\."; do
            sleep 0.1
            waited=$((waited + 1))
            [ "$waited" -lt 900 ] || { echo "screenshots.sh: replay never reached t $LOADED_AT s" >&2; exit 1; }
        done
        tmux_ send-keys -t 0 Space
    elif [ "$scene" = btop ] || [ "$scene" = fleet ]; then
        sleep 8
        base="$out/$scene-${cols}x$rows"
        tmux_ capture-pane -e -p -t 0 >"$base.ansi"
        html "$base.ansi" "$base.html" "$scene ${cols}x$rows"
        png "$base.html" "$base.png" "$cols" "$rows"
        echo "$base.png"
        return
    else
        sleep 8 # a few samples for the graphs and rates
    fi
    for page in 1 2 3 4 5 6 7 8; do
        tmux_ send-keys -t 0 "$page"
        sleep 1
        base="$out/$scene-$page-${cols}x$rows"
        tmux_ capture-pane -e -p -t 0 >"$base.ansi"
        html "$base.ansi" "$base.html" "edgetop $scene page $page ${cols}x$rows"
        png "$base.html" "$base.png" "$cols" "$rows"
        echo "$base.png"
    done
    tmux_ send-keys -t 0 q
}

cp -a "$here/tests/fixtures/agx-orin/." "$tree/"
for f in scaling_max_freq scaling_cur_freq; do
    echo 1728000 >"$tree/sys/devices/system/cpu/cpufreq/policy0/$f"
done

# The live scene's load: two busy loops and a python3 that holds memory.
for i in 1 2; do
    sh -c 'while :; do :; done' &
    load_pids="$load_pids $!"
done
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import time; b = bytearray(300 << 20); time.sleep(900)' &
    load_pids="$load_pids $!"
fi

# The fleet: a serve per board on loopback, named in a hosts file with labels.
serve_pids=""
fleet_hosts="$tree/fleet-hosts"
if [ -z "$only" ] || [ "$only" = fleet ]; then
    port=19300
    for board in "orin-07 $tree site=lab" "nano-cam-1 $here/tests/fixtures/nano site=gate" \
        "thor-01 $here/tests/fixtures/thor site=lab" "xavier-nx $here/tests/fixtures/xavier-nx site=field" \
        "tx2-old $here/tests/fixtures/tx2 site=field" "this-pc / site=lab"; do
        set -- $board
        port=$((port + 1))
        # thor-01 runs with a lower thermal warning, so that the page has a critical flag.
        rule=""
        [ "$1" != thor-01 ] || rule="--rule thermal_throttle.warn_c=40"
        "$binary" serve --root "$2" --listen "127.0.0.1:$port" --interval 1000 $rule \
            >/dev/null 2>&1 &
        serve_pids="$serve_pids $!"
        echo "$1 http://127.0.0.1:$port $3" >>"$fleet_hosts"
    done
    python3 -c 'import socket, time; s = socket.socket(); s.bind(("127.0.0.1", 19399)); s.listen(8); time.sleep(900)' &
    serve_pids="$serve_pids $!"
    echo "cam-gate-2 http://127.0.0.1:19399 site=gate" >>"$fleet_hosts"
    echo "orin-12 http://127.0.0.1:19398 site=lab" >>"$fleet_hosts"
    load_pids="$load_pids $serve_pids"
fi

wants() { [ -z "$only" ] || [ "$only" = "$1" ]; }
for size in "80 24" "120 40" "200 50"; do
    set -- $size
    wants idle && shoot idle "$1" "$2" "$binary" --root "$tree"
    wants loaded && shoot loaded "$1" "$2" "$binary" replay --speed "$LOADED_SPEED" "$loaded"
    wants live && shoot live "$1" "$2" "$binary"
    wants fleet && shoot fleet "$1" "$2" "$binary" fleet --timeout 1 --hosts-file "$fleet_hosts"
    if wants btop && command -v btop >/dev/null 2>&1; then
        mkdir -p "$tree/.home"
        shoot btop "$1" "$2" env HOME="$tree/.home" btop
    fi
done

if [ "$docs" = 1 ]; then
    mkdir -p "$here/docs/screenshots"
    for scene in idle loaded live fleet; do
        cp "$out/$scene"-*.png "$here/docs/screenshots/" 2>/dev/null || true
    done
    cp "$out"/btop-*.png "$here/docs/screenshots/" 2>/dev/null || true
    echo "copied the pictures into docs/screenshots/"
fi
