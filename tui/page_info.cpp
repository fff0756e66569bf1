// Page 8, Info: the board, the module and the installed software, read once at start (replay:
// as the session's header recorded them). "n/a" for each value absent.
#include <fmt/format.h>

#include <algorithm>

#include "text/text_software.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

constexpr int kLabelWidth = 20;  // "module part number" and a space
constexpr int kTwoColumnsFrom = 84;

std::vector<text::LabelledValue> board_rows(const Board& b) {
    std::string mode = text::kAbsent;
    if (const PowerMode* m = b.current_mode())
        mode = fmt::format("{} ({})", m->id, m->name);
    else if (b.current_mode_id)
        mode = fmt::format("{}", *b.current_mode_id);
    std::vector<text::LabelledValue> rows = {{"model", text::text_or_absent(b.model)},
                                             {"SoC", text::text_or_absent(b.soc)},
                                             {"power mode", mode}};
    for (auto& row : text::module_rows(b.software))
        rows.push_back({"module " + row.first, std::move(row.second)});
    return rows;
}

// A titled list of rows; what does not fit ends in "+N more".
void rows_box(const Canvas& c, std::string_view title,
              const std::vector<text::LabelledValue>& rows) {
    c.title(0, title);
    int room = c.height() - 1;
    int shown = static_cast<int>(rows.size()) <= room ? static_cast<int>(rows.size())
                                                      : std::max(0, room - 1);
    for (int i = 0; i < shown; ++i) {
        const auto& [label, value] = rows[static_cast<size_t>(i)];
        c.text(1 + i, 0, label, Style::label);
        c.text(1 + i, kLabelWidth, value, value == text::kAbsent ? Style::dim : Style::normal);
    }
    if (shown < static_cast<int>(rows.size()) && room > 0)
        c.text(1 + shown, 0, fmt::format("+{} more", rows.size() - static_cast<size_t>(shown)),
               Style::dim);
}

}  // namespace

void draw_info(const Canvas& c, const FrameContext& ctx) {
    auto board = board_rows(ctx.board);
    auto software = text::software_rows(ctx.board.software);
    if (c.width() >= kTwoColumnsFrom) {
        int half = c.width() / 2;
        rows_box(c.sub(0, 0, c.height(), half - 1), "Board", board);
        rows_box(c.sub(0, half, c.height(), c.width() - half), "Software", software);
        return;
    }
    int board_h = std::min(c.height(), static_cast<int>(board.size()) + 1);
    rows_box(c.sub(0, 0, board_h, c.width()), "Board", board);
    if (c.height() > board_h)
        rows_box(c.sub(board_h, 0, c.height() - board_h, c.width()), "Software", software);
}

// What `--check` says: every source, found or not, and why not, from the start of the run.
void draw_sources(const Canvas& c, const FrameContext& ctx) {
    int found = 0, root = 0;
    for (const auto& st : ctx.status) {
        found += st.state == SourceStatus::State::found ? 1 : 0;
        root += st.state == SourceStatus::State::needs_root ? 1 : 0;
    }
    int absent = static_cast<int>(ctx.status.size()) - found - root;
    c.title(0, "Sources (edgetop --check)",
            ctx.status.empty()
                ? ""
                : fmt::format("{} found, {} absent, {} need root", found, absent, root));
    if (ctx.status.empty()) {
        c.text(1, 0, "n/a: a replay has no source status (run edgetop --check on the board)",
               Style::dim);
        return;
    }
    size_t name_w = 0;
    for (const auto& st : ctx.status)
        name_w = std::max(name_w, st.name.size());
    int count = static_cast<int>(ctx.status.size());
    int shown = items_shown(count, c.height() - 1);
    for (int i = 0; i < shown; ++i) {
        const SourceStatus& st = ctx.status[static_cast<size_t>(i)];
        Style style = st.state == SourceStatus::State::found        ? Style::normal
                      : st.state == SourceStatus::State::needs_root ? Style::warn
                                                                    : Style::dim;
        int x = c.text(1 + i, 0, fmt::format("{:<{}}  ", st.name, name_w), Style::label);
        x = c.text(1 + i, x, fmt::format("{:<10} ", to_string(st.state)), style);
        std::string where = st.hint.empty() ? st.path : st.path + " (" + st.hint + ")";
        c.text(1 + i, x, where, style == Style::normal ? Style::dim : style);
    }
    if (shown < count) c.text(1 + shown, 0, more_items(count - shown, "sources"), Style::dim);
}

}  // namespace edgetop::tui
