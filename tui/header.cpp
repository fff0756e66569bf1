// The header line (identity, mode, uptime, interval, recording, flags), the page tabs and the
// footer (prompts, messages, the hint about missing values).
#include <fmt/format.h>

#include <string_view>

#include "edgetop/number_text.hpp"
#include "text/text_software.hpp"
#include "text/text_units.hpp"
#include "tui/control_keys.hpp"
#include "tui/flag_severity.hpp"
#include "tui/footer_hint.hpp"
#include "tui/keys.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

std::string board_name(const Board& board) {
    if (!board.model) return "unknown board";
    std::string model = *board.model;
    if (model.starts_with("NVIDIA ")) model.erase(0, 7);
    return model;
}

// "NVIDIA Jetson AGX Orin Developer Kit" -> "AGX Orin": what tells boards apart on a narrow line;
// a remark keeps its first word ("(guessed from tegrastats)" -> "(guessed)").
std::string short_board_name(const Board& board) {
    std::string name = board_name(board);
    for (std::string_view noise : {" Developer Kit", "Jetson "})
        if (size_t at = name.find(noise); at != std::string::npos) name.erase(at, noise.size());
    if (size_t open = name.find(" ("); open != std::string::npos)
        if (size_t space = name.find(' ', open + 2); space != std::string::npos)
            name = name.substr(0, space) + ")";
    return name;
}

// The parts joined by two spaces, as many of them as fit in `width` from the first; where the first
// part alone is too wide, its words that fit. Never a part or a word cut short.
std::string fitting_parts(const std::vector<std::string>& parts, int width) {
    std::string line;
    for (const auto& part : parts) {
        if (part.empty()) continue;
        std::string longer = line + (line.empty() ? " " : "  ") + part;
        if (shown_columns(longer) <= width) {
            line = std::move(longer);
            continue;
        }
        if (!line.empty()) break;
        size_t word_end = 0;  // the first part is too wide: its words while they fit
        for (size_t end = part.find(' ');; end = part.find(' ', end + 1)) {
            if (shown_columns(part.substr(0, end)) + 1 > width) break;
            word_end = end == std::string::npos ? part.size() : end;
            if (end == std::string::npos) break;
        }
        if (word_end > 0) line = " " + part.substr(0, word_end);
        break;
    }
    return line;
}

std::string release(const Board& board) {
    std::string out;
    if (board.l4t) out += "L4T " + *board.l4t;
    if (board.l4t || board.jetpack)
        out += (out.empty() ? "" : " ") + ("JP " + text::jetpack_text(board.l4t, board.jetpack));
    return out;
}

std::string power_mode(const Board& board) {
    if (const PowerMode* mode = board.current_mode()) return "mode " + mode->name;
    if (board.current_mode_id) return "mode " + std::to_string(*board.current_mode_id);
    return {};
}

std::string process_name(const FrameContext& ctx, int pid) {
    const auto& procs = ctx.view.sample().procs;
    if (procs)
        for (const auto& p : process_source(*procs))
            if (p.pid == pid) return p.name;
    return "?";
}

}  // namespace

void draw_header(const Canvas& c, const FrameContext& ctx) {
    c.fill(0, Style::header);
    // The right side first: it holds the states the user must always see.
    std::string right;
    if (ctx.ui.paused) right += " PAUSED ";
    if (ctx.recording) right += c.ascii() ? " *REC " : " \u25cf REC ";
    int x_right = c.width();
    if (!right.empty()) x_right = c.text_right(0, right, Style::status);
    // Informational flags (a power-mode cap) are on the Overview and Analysis pages; the badge
    // counts what asks for attention, red while a critical one is raised.
    FlagCounts counts = count_flags(ctx.view.sample().flags);
    int flags = counts.alerting();
    Level level = counts.critical > 0 ? Level::crit : flags > 0 ? Level::warn : Level::good;
    std::string badge = with_marker(" " + plural(flags, "flag"), level);
    badge += " ";
    Style badge_style = counts.critical > 0 ? Style::badge
                        : flags > 0         ? Style::badge_warn
                                            : Style::header;
    Canvas left = c.sub(0, 0, 1, x_right);
    int x_badge = left.text_right(0, badge, badge_style);
    Canvas info = c.sub(0, 0, 1, std::max(0, x_badge - 1));
    // Drop the least useful parts until the line fits.
    std::string mode = power_mode(ctx.board);
    std::string up = "up " + text::format_duration_s(ctx.view.sample().system.uptime_s);
    std::string every = "every " + text::format_interval_ms(ctx.ui.interval_ms);
    std::string replay;
    if (ctx.replay) {
        // The session time is the replayed sample's t; the pace is the speed, not an interval.
        replay = "REPLAY t " + text::format_session_time(ctx.view.sample().t_s);
        every = "x" + text::format_speed(ctx.ui.replay_speed);
    }
    // The board stays longest: over SSH to many boards, which one this is matters most.
    std::string board = board_name(ctx.board);
    std::string short_board = short_board_name(ctx.board);
    std::vector<std::vector<std::string>> candidates = {
        {"edgetop", replay, board, release(ctx.board), mode, up, every},
        {replay, board, release(ctx.board), mode, up, every},
        {replay, board, mode, up, every},
        {replay, short_board, mode, up, every},
        {replay, short_board, mode, every},
        {replay, short_board, mode},
        {replay, short_board},
    };
    std::string line;
    for (const auto& parts : candidates) {
        line.clear();
        for (const auto& part : parts)
            if (!part.empty()) line += (line.empty() ? " " : "  ") + part;
        if (shown_columns(line) <= info.width()) break;
    }
    // Narrower still: the shortest form's leading parts, cut between parts or words.
    if (shown_columns(line) > info.width()) line = fitting_parts(candidates.back(), info.width());
    info.text(0, 0, line, Style::header);
}

void draw_tabs(const Canvas& c, const FrameContext& ctx) {
    int current = static_cast<int>(ctx.ui.page);
    int full = 0;
    for (int i = 0; i < kPageCount; ++i)
        full += 4 + static_cast<int>(kPageNames[static_cast<size_t>(i)].size());
    bool names = full <= c.width();
    int x = 0;
    for (int i = 0; i < kPageCount; ++i) {
        std::string tab = " " + std::to_string(i + 1);
        if (names || i == current) tab += " " + std::string(kPageNames[static_cast<size_t>(i)]);
        tab += " ";
        x = c.text(0, x, tab, i == current ? Style::selected : Style::dim) + 1;
    }
}

void draw_footer(const Canvas& c, const FrameContext& ctx, bool missing_shown_above) {
    const UiState& ui = ctx.ui;
    switch (ui.prompt) {
        case Prompt::filter:
            c.text(0, 0, "filter: " + ui.input + "_", Style::label);
            return;
        case Prompt::record_path:
            c.text(0, 0, "record to: " + ui.input + "_  (Enter starts, Esc cancels)", Style::label);
            return;
        case Prompt::kill_confirm:
            c.text(0, 0,
                   fmt::format("send {} to {} ({})? y/n  [t TERM k KILL i INT h HUP s STOP c CONT]",
                               signal_name(ui.kill_signal), ui.kill_pid,
                               process_name(ctx, ui.kill_pid)),
                   Style::warn);
            return;
        case Prompt::power_mode:
        case Prompt::clocks_choice:
        case Prompt::fan_choice:
        case Prompt::control_confirm:
            c.text(0, 0, control_prompt_text(ui), Style::warn);
            return;
        case Prompt::none:
            break;
    }
    if (!ui.message.empty()) {
        c.text(0, 0, ui.message, Style::warn);
        return;
    }
    if (ctx.replay_ended) {
        c.text(0, 0, "end of the recording: q quits", Style::warn);
        return;
    }
    if (ui.page == Page::processes && !ui.query.filter.empty()) {
        c.text(0, 0, "filter: " + ui.query.filter + "  (/ edits it, Esc there clears it)",
               Style::label);
        return;
    }
    // The keys always hold the start of the row; what is missing on this page goes on the
    // status line of absent panels above, or here on the right where the keys leave room.
    std::vector<std::string> keys = {"h help",  "q quit",       "1-8 pages",
                                     "p pause", "+/- interval", "r record"};
    if (ctx.replay)
        keys = {"h help",    "Space pause", "Left/Right step", "g/G start/end",
                "+/- speed", "1-8 pages",   "q quit"};
    if (ui.page == Page::processes)
        keys = {"h help", "s/</> sort", "i invert", "/ filter", "k signal", "q quit"};
    // The n/a line takes at most half the row; the keys drop from the end (h help stays first,
    // the help lists them all).
    std::string hint = missing_shown_above ? std::string()
                                           : missing_hint(ui.page, ctx.status,
                                                          {ctx.board, ctx.root}, c.width() / 2);
    constexpr int kGap = 3;
    const int key_room = c.width() - (hint.empty() ? 0 : shown_columns(hint) + kGap);
    std::string line;
    for (const auto& key : keys) {
        std::string longer = line.empty() ? key : line + "  " + key;
        if (shown_columns(longer) > key_room && !line.empty()) break;
        line = std::move(longer);
    }
    c.text(0, 0, line, Style::dim);
    if (!hint.empty()) c.text_right(0, hint, Style::dim);
}

}  // namespace edgetop::tui
