// The footer's line about missing inputs: only the sources this board family is expected to have,
// "needs root" only to a user who is not root, and whole items only ("+N more" for the rest).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "edgetop/board.hpp"
#include "sensors/core/source.hpp"
#include "tui/page.hpp"

namespace edgetop::tui {

enum class BoardFamily {
    jetson,   // an NVIDIA Tegra SoC (device tree compatible "nvidia,tegra*", or an L4T release)
    pc,       // no device tree: a PC or server (DMI identity)
    arm,      // another device-tree board
    unknown,  // nothing identifies it (a replay of a session without the board's identity)
};

BoardFamily board_family(const Board& board);

// Whether this input's absence matters on this board: no RAPL, DMI or coretemp-style hwmon on a
// Jetson, no INA3221, EMC, engines, nvmap, L4T or nvpmodel on a PC, NVML on a PC and on Thor
// (tegra264) only. Inputs of no particular family matter everywhere; on an unknown board, all.
bool matters_on(std::string_view source, const Board& board);

struct FooterContext {
    const Board& board;
    bool root = false;  // the user is root: a refused input is "unreadable", not "needs root"
};

// The missing inputs of this page that matter on this board, as one line of at most `width`
// columns: "n/a: emc.actmon needs root (debugfs is root-only), emc.clock absent, +2 more". Empty
// when nothing is missing.
std::string missing_hint(Page page, const std::vector<SourceStatus>& status,
                         const FooterContext& footer, int width);

// prefix + the items joined by sep, dropping whole items from the end until the line fits in
// width columns and saying how many went ("+3 more"); never cuts an item. Empty when not even
// the prefix and the count fit.
std::string fit_items(std::string_view prefix, const std::vector<std::string>& items,
                      std::string_view sep, int width);

}  // namespace edgetop::tui
