// Keys: what each one does to the UiState, and the help table listing every one of them.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/view_keys.hpp"
#include "tui/ui_state.hpp"

namespace edgetop::tui {

// What the loop must do beyond the state change.
enum class KeyAction {
    none,
    redraw,
    quit,
    interval_changed,
    pause_changed,
    start_recording,  // path in UiState::input
    stop_recording,
    send_signal,  // UiState::kill_pid, kill_signal
    run_control,  // UiState::control_commands
    // Replay only (KeyContext::replay):
    step_forward,
    step_back,
    jump_start,
    jump_end,
    speed_changed,
};

struct KeyContext {
    const std::vector<int>* visible_pids = nullptr;  // process rows in display order
    // Every process of the newest sample (the display may be paused on an older one): a signal
    // goes only to a process still in it.
    const std::vector<ProcessSample>* live_processes = nullptr;
    int table_rows = 10;  // rows one page of the table shows
    // The columns the table shows, which s, < and > cycle through (every column without).
    const std::vector<ProcColumn>* process_columns = nullptr;
    const std::vector<std::string>* flags = nullptr;  // the Analysis page's flags, in order
    bool recording = false;
    bool recorder_available = false;
    std::string default_record_path;
    bool replay = false;        // Left/Right step, g/G jump, +/- change the speed
    bool escape_quits = false;  // opened from the fleet page: Esc with nothing open goes back
    // Board controls: whether the application offers them, why each is refused (by Control;
    // empty: allowed), whether a command is running, the power modes to choose from.
    bool controls_available = false;
    std::array<std::string, 3> control_refusals;
    bool control_busy = false;
    const Board* board = nullptr;
};

// Replay speed after one step faster (+1) or slower (-1): x2 or /2, within kMinReplaySpeed ..
// kMaxReplaySpeed.
inline constexpr double kMinReplaySpeed = 0.01;
inline constexpr double kMaxReplaySpeed = 1000;
double step_speed(double speed, int direction);

KeyAction handle_key(int key, UiState& ui, const KeyContext& context);

// The interval after one step up (+1) or down (-1) through 100 ms .. 10 s.
int step_interval(int interval_ms, int direction);

std::string_view signal_name(int signal);

using KeyHelp = ViewKey;
std::span<const KeyHelp> key_help();

}  // namespace edgetop::tui
