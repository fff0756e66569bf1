#include "commands/tui_controls.hpp"

#include <cstdlib>

#include "commands/mode_switcher.hpp"

namespace edgetop {

namespace {

// JetPack 5 (L4T R34/R35) and later: nvpmodel sets the fan profile with -d.
bool nvpmodel_sets_fan(const Board& board) {
    if (!board.l4t) return false;
    return std::atoi(board.l4t->c_str()) >= 34;
}

}  // namespace

ToolControls::ToolControls(const Board& board, unsigned euid) : board_(board), euid_(euid) {}

std::string ToolControls::refusal(tui::Control control) const {
    std::string tool = control == tui::Control::clocks ? "jetson_clocks" : "nvpmodel";
    if (control == tui::Control::fan && !nvpmodel_sets_fan(board_))
        return board_.l4t ? "no tool sets the fan profile on L4T " + *board_.l4t +
                                " (nvpmodel -d needs JetPack 5 or later; edgetop writes no sysfs)"
                          : "no fan tool here (nvpmodel -d needs a Jetson with JetPack 5 or "
                            "later; edgetop writes no sysfs)";
    if (euid_ != 0) return tool + " needs root: run edgetop as root (sudo edgetop)";
    if (!find_on_path(tool)) return "no '" + tool + "' on PATH";
    return {};
}

bool ToolControls::start(const std::vector<std::vector<std::string>>& commands,
                         std::string& error) {
    return runner_.start(commands, error);
}

std::optional<tui::ControlOutcome> ToolControls::poll() {
    auto outcome = runner_.poll();
    if (!outcome) return std::nullopt;
    return tui::ControlOutcome{outcome->command, outcome->status, outcome->output};
}

}  // namespace edgetop
