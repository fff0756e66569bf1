// One frame of the view: lays out the current page and draws every panel into a window. Does not
// refresh the terminal; the loop calls wnoutrefresh + doupdate once per frame.
#pragma once

#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "sensors/core/source.hpp"
#include "tui/canvas.hpp"
#include "tui/feed.hpp"
#include "tui/ui_state.hpp"
#include "tui/view_model.hpp"

namespace edgetop::tui {

struct FrameContext {
    const ViewModel& view;
    const UiState& ui;
    const Board& board;
    const std::vector<SourceStatus>& status;
    const Theme& theme;
    const std::vector<FlagDetail>& flag_details;
    bool analysis_enabled = false;
    bool replay = false;
    bool replay_ended = false;
    bool recording = false;
    std::string record_path;
    bool root = false;  // the user is root (the footer says no "needs root")
};

void draw_frame(WINDOW* win, const FrameContext& ctx);

// The processes page rows for the current query (shared by drawing and key handling).
std::vector<const ProcessSample*> visible_processes(const ViewModel& view, const UiState& ui);
// Rows of data the process table shows at this terminal size.
int process_table_rows(int rows, int cols, const ViewModel& view);

}  // namespace edgetop::tui
