// Keys of the board controls: m opens the power modes, c jetson_clocks, f the fan profile; each
// asks before anything runs, and is refused with the reason the application gives.
#pragma once

#include <span>
#include <string>

#include "tui/keys.hpp"

namespace edgetop::tui {

// m, c or f pressed with no prompt open.
KeyAction open_control(Control control, UiState& ui, const KeyContext& context);
// A key while one of the control prompts is open.
KeyAction control_prompt(int key, UiState& ui, const KeyContext& context);
// The fan profiles f offers, in the order of their list.
std::span<const char* const> fan_profiles();
// The footer's line for the open control prompt.
std::string control_prompt_text(const UiState& ui);

}  // namespace edgetop::tui
