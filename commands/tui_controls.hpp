// The view's board controls on the live machine: refused without root or without the tool on
// PATH, run in the background by a ToolRunner (never in the sampling path).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "commands/tool_runner.hpp"
#include "edgetop/board.hpp"
#include "tui/controls.hpp"

namespace edgetop {

class ToolControls final : public tui::Controls {
  public:
    // euid: the effective user the refusals are judged for (geteuid() in the program).
    ToolControls(const Board& board, unsigned euid);

    std::string refusal(tui::Control control) const override;
    bool start(const std::vector<std::vector<std::string>>& commands, std::string& error) override;
    bool busy() const override { return runner_.busy(); }
    std::optional<tui::ControlOutcome> poll() override;

  private:
    const Board& board_;
    unsigned euid_;
    ToolRunner runner_;
};

}  // namespace edgetop
