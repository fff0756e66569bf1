// The keys of the interactive view, one table for the view's own help (h), `edgetop --help` and
// the README and man page, which list the same keys.
#pragma once

#include <array>
#include <string_view>

namespace edgetop {

struct ViewKey {
    std::string_view keys;
    std::string_view action;
};

inline constexpr std::array kViewKeys = {
    ViewKey{"1-8", "go to a page: Overview CPU GPU Power Memory Procs Analysis Info"},
    ViewKey{"Tab / Shift-Tab", "next / previous page (also Right / Left)"},
    ViewKey{"q", "quit (also Ctrl-C)"},
    ViewKey{"Esc", "close a prompt or this help (never quits)"},
    ViewKey{"h / ?", "show or hide this help (Up/Down PgUp/PgDn scroll it)"},
    ViewKey{"p / Space", "pause the display (sampling and recording go on)"},
    ViewKey{"+ / -", "sample slower / faster (100 ms .. 10 s; also = / _)"},
    ViewKey{"r", "start recording to a file (asks for the path) / stop"},
    ViewKey{"s", "cycle the process sort column"},
    ViewKey{"< / >", "sort by the previous / next column (also , / .)"},
    ViewKey{"i", "invert the sort order"},
    ViewKey{"/", "filter processes by name or command line (Enter keeps, Esc clears)"},
    ViewKey{"t", "process tree: children under their parents / the flat list"},
    ViewKey{"x", "show / hide the context-switch columns (VCSW/s NVCSW/s)"},
    ViewKey{"Up/Down PgUp/PgDn", "move in the process table and in lists (Home / End)"},
    ViewKey{"  on Analysis (7)", "Up/Down select a flag, PgUp/PgDn scroll the timeline or detail"},
    ViewKey{"Enter / Esc", "open / close the selected flag's detail and history (page 7)"},
    ViewKey{"k", "send a signal to the selected process (asks y/n; refused once it has left)"},
    ViewKey{"  in that prompt", "t TERM, k KILL, i INT, h HUP, s STOP, c CONT"},
    ViewKey{"m", "power mode: Up/Down or type an id, Enter, y (runs nvpmodel -m ID; root)"},
    ViewKey{"c", "jetson_clocks: y maximum clocks (state stored first), r restore (root)"},
    ViewKey{"f", "fan profile: Up/Down Enter or q quiet, c cool, then y (nvpmodel -d; root, JP5+)"},
    ViewKey{"replay: Space / p", "pause or resume the playback"},
    ViewKey{"replay: Left / Right", "step one sample back / forward (pauses)"},
    ViewKey{"replay: g / G", "jump to the first / last sample"},
    ViewKey{"replay: + / -", "play twice as fast / half as fast"},
};

}  // namespace edgetop
