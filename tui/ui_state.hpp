// The view's own state: page, pause, prompts, process-table position. Changed only by keys.
#pragma once

#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tui/controls.hpp"
#include "tui/page.hpp"
#include "tui/process_view.hpp"

namespace edgetop::tui {

enum class Prompt {
    none,
    filter,
    record_path,
    kill_confirm,
    // the board controls (tui/control_keys.hpp)
    power_mode,
    clocks_choice,
    fan_choice,
    control_confirm,
};

struct UiState {
    Page page = Page::overview;
    int interval_ms = 1000;
    bool paused = false;  // the display is frozen; sampling (and recording) go on
                          // (replay: playback stops; the arrows step)
    double replay_speed = 1;
    bool help = false;
    int help_scroll = 0;  // the first line of the help shown
    bool quit = false;
    ProcessQuery query;
    int selected_pid = -1;      // the highlighted process row, followed across refreshes
    int selected_row = 0;       // its row, used when the pid goes away
    bool process_tree = false;  // t: children under their parents
    bool show_ctxt = false;     // x: the context-switch columns
    int timeline_scroll = 0;
    int selected_flag = 0;    // the highlighted flag of the Analysis page, by position
    std::string flag_detail;  // the flag whose detail view is open; empty: none
    int detail_scroll = 0;    // its first line shown
    Prompt prompt = Prompt::none;
    std::string input;  // text being typed in a prompt
    int kill_pid = 0;
    std::optional<uint64_t> kill_start_ticks;  // tells the asked process from a reuse of its pid
    int kill_signal = SIGTERM;
    std::string message;  // one-line status shown in the footer until the next key
    // Board controls: what y runs, the question asking it, and the last run's outcome (shown
    // over the page until a key).
    std::vector<std::vector<std::string>> control_commands;
    std::string control_question;
    int list_cursor = 0;  // the highlighted entry of an open list (power modes, fan profiles)
    std::optional<ControlOutcome> control_result;
};

}  // namespace edgetop::tui
