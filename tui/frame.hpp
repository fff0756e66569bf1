// One frame of the view: lays out the current page and draws every panel into a window. Does not
// refresh the terminal; the loop calls wnoutrefresh + doupdate once per frame.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "sensors/core/source.hpp"
#include "tui/canvas.hpp"
#include "tui/feed.hpp"
#include "tui/ui_state.hpp"
#include "tui/view_model.hpp"

namespace edgetop::tui {

// How far the drawn frame could scroll its timeline and flag detail (unset where not drawn): the
// loop clamps the scroll state to it after each frame, so PgDn stops at the end and the next PgUp
// moves at once.
struct ScrollLimits {
    std::optional<int> timeline;
    std::optional<int> detail;
};

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
    std::string record_path = {};
    bool root = false;               // the user is root (the footer says no "needs root")
    ScrollLimits* limits = nullptr;  // filled by the drawing, where given
};

// Clamps the scroll state to what the last frame could show.
void clamp_scroll(UiState& ui, const ScrollLimits& limits);

void draw_frame(WINDOW* win, const FrameContext& ctx);

// The processes page rows for the current query (shared by drawing and key handling).
std::vector<const ProcessSample*> visible_processes(const ViewModel& view, const UiState& ui);
// Rows of data the process table shows at this terminal size.
int process_table_rows(int rows, int cols, const ViewModel& view);

}  // namespace edgetop::tui
