// The board controls of the view (m power mode, c jetson_clocks, f fan), implemented by the
// application: the view decides what to run and shows the outcome, never runs a tool itself.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace edgetop::tui {

enum class Control { power_mode, clocks, fan };

// What a finished run gave: the last command run, its exit status (shell terms), its output.
struct ControlOutcome {
    std::string command;
    int status = 0;
    std::string output;
};

class Controls {
  public:
    virtual ~Controls() = default;
    // Why the control cannot be used here ("needs root...", "no 'nvpmodel' on PATH"), or empty.
    virtual std::string refusal(Control control) const = 0;
    // Starts the commands one after the other (each only after the previous succeeded) without
    // waiting for them; false with a one-line reason when they cannot start.
    virtual bool start(const std::vector<std::vector<std::string>>& commands,
                       std::string& error) = 0;
    virtual bool busy() const = 0;
    // Called by the loop: collects output, and once the run has finished returns its outcome
    // (once).
    virtual std::optional<ControlOutcome> poll() = 0;
};

}  // namespace edgetop::tui
