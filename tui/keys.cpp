#include "tui/keys.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "tui/control_keys.hpp"
#include "tui/curses.hpp"
#include "tui/key_reader.hpp"

namespace edgetop::tui {
namespace {

constexpr int kEscape = kEscapeKey;
constexpr int kTab = '\t';
constexpr std::array kIntervalsMs = {100, 200, 250, 500, 1000, 2000, 5000, 10000};

struct SignalKey {
    int key;
    int signal;
    std::string_view name;
};
constexpr std::array kSignals = {
    SignalKey{'t', SIGTERM, "SIGTERM"}, SignalKey{'k', SIGKILL, "SIGKILL"},
    SignalKey{'i', SIGINT, "SIGINT"},   SignalKey{'h', SIGHUP, "SIGHUP"},
    SignalKey{'s', SIGSTOP, "SIGSTOP"}, SignalKey{'c', SIGCONT, "SIGCONT"},
};

bool is_enter(int key) {
    return key == '\n' || key == '\r' || key == KEY_ENTER;
}
bool is_backspace(int key) {
    return key == KEY_BACKSPACE || key == 127 || key == 8;
}

KeyAction edit_line(int key, UiState& ui) {
    if (is_backspace(key)) {
        if (!ui.input.empty()) ui.input.pop_back();
    } else if (key >= 32 && key < 127) {
        ui.input += static_cast<char>(key);
    }
    return KeyAction::redraw;
}

KeyAction filter_prompt(int key, UiState& ui) {
    if (key == kEscape) {
        ui.query.filter.clear();
        ui.prompt = Prompt::none;
    } else if (is_enter(key)) {
        ui.prompt = Prompt::none;
    } else {
        edit_line(key, ui);
        ui.query.filter = ui.input;
    }
    return KeyAction::redraw;
}

KeyAction record_prompt(int key, UiState& ui) {
    if (key == kEscape) {
        ui.prompt = Prompt::none;
        return KeyAction::redraw;
    }
    if (is_enter(key)) {
        ui.prompt = Prompt::none;
        if (ui.input.empty()) return KeyAction::redraw;
        return KeyAction::start_recording;
    }
    return edit_line(key, ui);
}

// The process (pid and, where known, start) in the newest sample; true without a sample to ask.
bool still_listed(const KeyContext& context, int pid, std::optional<uint64_t> start_ticks) {
    if (!context.live_processes) return true;
    return std::any_of(context.live_processes->begin(), context.live_processes->end(),
                       [&](const ProcessSample& p) {
                           return p.pid == pid && (!start_ticks || p.start_ticks == start_ticks);
                       });
}

KeyAction refuse_gone(UiState& ui, int pid) {
    ui.prompt = Prompt::none;
    ui.message = fmt::format("process {} has left the list: no signal sent", pid);
    return KeyAction::redraw;
}

KeyAction kill_prompt(int key, UiState& ui, const KeyContext& context) {
    if (key == 'y' || key == 'Y') {
        if (!still_listed(context, ui.kill_pid, ui.kill_start_ticks))
            return refuse_gone(ui, ui.kill_pid);
        ui.prompt = Prompt::none;
        return KeyAction::send_signal;
    }
    for (const auto& s : kSignals)
        if (key == s.key) {
            ui.kill_signal = s.signal;
            return KeyAction::redraw;
        }
    ui.prompt = Prompt::none;  // n, Esc or anything else cancels
    ui.message = "no signal sent";
    return KeyAction::redraw;
}

void move_selection(UiState& ui, const KeyContext& context, int delta, bool absolute) {
    if (!context.visible_pids || context.visible_pids->empty()) return;
    const auto& pids = *context.visible_pids;
    int row = 0;
    auto it = std::find(pids.begin(), pids.end(), ui.selected_pid);
    if (it != pids.end())
        row = static_cast<int>(it - pids.begin());
    else
        row = std::clamp(ui.selected_row, 0, static_cast<int>(pids.size()) - 1);
    row = absolute ? delta : row + delta;
    row = std::clamp(row, 0, static_cast<int>(pids.size()) - 1);
    ui.selected_row = row;
    ui.selected_pid = pids[static_cast<size_t>(row)];
}

KeyAction open_kill_prompt(UiState& ui, const KeyContext& context) {
    if (context.replay) {
        ui.message = "a replay's processes are not this machine's: no signal sent";
        return KeyAction::redraw;
    }
    static const std::vector<int> kNone;
    const auto& pids = context.visible_pids ? *context.visible_pids : kNone;
    int chosen = ui.selected_pid;
    bool gone = chosen > 0 && std::find(pids.begin(), pids.end(), chosen) == pids.end();
    if (ui.page == Page::processes && gone && pids.empty()) return refuse_gone(ui, chosen);
    if (ui.page != Page::processes || pids.empty()) {
        ui.message = "select a process on page 6 first";
        return KeyAction::redraw;
    }
    // The highlighted row: before any move the table highlights the row at selected_row, the
    // first one at start. Once the chosen process is gone the row in its place is highlighted:
    // it becomes the selection, but this k is refused, as the user chose another process.
    move_selection(ui, context, 0, false);
    if (gone) return refuse_gone(ui, chosen);
    std::optional<uint64_t> start;
    if (context.live_processes)
        for (const auto& p : *context.live_processes)
            if (p.pid == ui.selected_pid) start = p.start_ticks;
    if (!still_listed(context, ui.selected_pid, std::nullopt))
        return refuse_gone(ui, ui.selected_pid);
    ui.prompt = Prompt::kill_confirm;
    ui.kill_pid = ui.selected_pid;
    ui.kill_start_ticks = start;
    ui.kill_signal = SIGTERM;
    return KeyAction::redraw;
}

// The next column the table shows (a hidden one would sort by what cannot be seen).
ProcColumn next_sort_column(ProcColumn column, int step, const KeyContext& context) {
    const auto* shown = context.process_columns;
    ProcColumn next = next_column(column, step);
    for (int i = 0; shown && !shown->empty() && i < kProcColumnCount; ++i) {
        if (std::find(shown->begin(), shown->end(), next) != shown->end()) break;
        next = next_column(next, step);
    }
    return next;
}

int flag_count(const KeyContext& context) {
    return context.flags ? static_cast<int>(context.flags->size()) : 0;
}

// Analysis page: Up/Down/Home/End select a flag (an open detail view follows the selection),
// PgUp/PgDn scroll the timeline, or the detail view while it is open.
KeyAction analysis_navigation(int key, UiState& ui, const KeyContext& context, int page) {
    int last = std::max(0, flag_count(context) - 1);
    int selected = std::clamp(ui.selected_flag, 0, last);
    if (key == KEY_UP) selected = std::max(0, selected - 1);
    if (key == KEY_DOWN) selected = std::min(last, selected + 1);
    if (key == KEY_HOME) selected = 0, ui.timeline_scroll = 0;
    if (key == KEY_END) selected = last;
    int& scroll = ui.flag_detail.empty() ? ui.timeline_scroll : ui.detail_scroll;
    if (key == KEY_PPAGE) scroll = std::max(0, scroll - page);
    if (key == KEY_NPAGE) scroll += page;
    if (selected != ui.selected_flag) ui.detail_scroll = 0;
    ui.selected_flag = selected;
    if (!ui.flag_detail.empty() && flag_count(context) > 0)
        ui.flag_detail = (*context.flags)[static_cast<size_t>(selected)];
    return KeyAction::redraw;
}

KeyAction open_flag_detail(UiState& ui, const KeyContext& context) {
    if (flag_count(context) == 0) {
        ui.message = "no flag is active";
        return KeyAction::redraw;
    }
    ui.selected_flag = std::clamp(ui.selected_flag, 0, flag_count(context) - 1);
    ui.flag_detail = (*context.flags)[static_cast<size_t>(ui.selected_flag)];
    ui.detail_scroll = 0;
    return KeyAction::redraw;
}

KeyAction navigation(int key, UiState& ui, const KeyContext& context) {
    int page = std::max(1, context.table_rows - 1);
    if (ui.page == Page::analysis) return analysis_navigation(key, ui, context, page);
    switch (key) {
        case KEY_UP:
            move_selection(ui, context, -1, false);
            break;
        case KEY_DOWN:
            move_selection(ui, context, 1, false);
            break;
        case KEY_PPAGE:
            move_selection(ui, context, -page, false);
            break;
        case KEY_NPAGE:
            move_selection(ui, context, page, false);
            break;
        case KEY_HOME:
            move_selection(ui, context, 0, true);
            break;
        case KEY_END:
            move_selection(ui, context, 1 << 30, true);
            break;
        default:
            break;
    }
    return KeyAction::redraw;
}

// Left/Right step, g/G jump, +/- change the speed; nullopt for the keys replay leaves as they are.
std::optional<KeyAction> replay_key(int key, UiState& ui) {
    switch (key) {
        case KEY_RIGHT:
            ui.paused = true;
            return KeyAction::step_forward;
        case KEY_LEFT:
            ui.paused = true;
            return KeyAction::step_back;
        case 'g':
            return KeyAction::jump_start;
        case 'G':
            return KeyAction::jump_end;
        case '+':
        case '=':
            ui.replay_speed = step_speed(ui.replay_speed, 1);
            return KeyAction::speed_changed;
        case '-':
        case '_':
            ui.replay_speed = step_speed(ui.replay_speed, -1);
            return KeyAction::speed_changed;
        default:
            return std::nullopt;
    }
}

}  // namespace

double step_speed(double speed, int direction) {
    return std::clamp(direction > 0 ? speed * 2 : speed / 2, kMinReplaySpeed, kMaxReplaySpeed);
}

int step_interval(int interval_ms, int direction) {
    if (direction > 0) {
        for (int v : kIntervalsMs)
            if (v > interval_ms) return v;
        return kIntervalsMs.back();
    }
    for (auto it = kIntervalsMs.rbegin(); it != kIntervalsMs.rend(); ++it)
        if (*it < interval_ms) return *it;
    return kIntervalsMs.front();
}

std::string_view signal_name(int signal) {
    for (const auto& s : kSignals)
        if (s.signal == signal) return s.name;
    return "signal";
}

std::span<const KeyHelp> key_help() {
    return kViewKeys;
}

namespace {

KeyAction apply_key(int key, UiState& ui, const KeyContext& context) {
    if (key == ERR || key == KEY_RESIZE) return KeyAction::redraw;
    if (key == kIgnoredKey) return KeyAction::none;  // an escape sequence no key is bound to
    ui.message.clear();
    switch (ui.prompt) {
        case Prompt::filter:
            return filter_prompt(key, ui);
        case Prompt::record_path:
            return record_prompt(key, ui);
        case Prompt::kill_confirm:
            return kill_prompt(key, ui, context);
        case Prompt::power_mode:
        case Prompt::clocks_choice:
        case Prompt::fan_choice:
        case Prompt::control_confirm:
            return control_prompt(key, ui, context);
        case Prompt::none:
            break;
    }
    if (ui.control_result) {  // any key closes a finished command's output
        ui.control_result.reset();
        if (key == 'q' || key == 'Q') return ui.quit = true, KeyAction::quit;
        return KeyAction::redraw;
    }
    if (ui.help) {
        // The arrows scroll a help taller than the screen (the drawing clamps the end).
        const int page = std::max(1, context.table_rows - 1);
        switch (key) {
            case KEY_UP:
                ui.help_scroll = std::max(0, ui.help_scroll - 1);
                return KeyAction::redraw;
            case KEY_DOWN:
                ++ui.help_scroll;
                return KeyAction::redraw;
            case KEY_PPAGE:
                ui.help_scroll = std::max(0, ui.help_scroll - page);
                return KeyAction::redraw;
            case KEY_NPAGE:
                ui.help_scroll += page;
                return KeyAction::redraw;
            case KEY_HOME:
                ui.help_scroll = 0;
                return KeyAction::redraw;
            case KEY_END:
                ui.help_scroll = 1 << 20;
                return KeyAction::redraw;
            default:
                break;
        }
        ui.help = false;
        ui.help_scroll = 0;
        if (key == 'q' || key == 'Q') return ui.quit = true, KeyAction::quit;
        return KeyAction::redraw;
    }
    if (key == kEscape && ui.page == Page::analysis && !ui.flag_detail.empty()) {
        ui.flag_detail.clear();
        return KeyAction::redraw;
    }
    if (key == kEscape && context.escape_quits) return ui.quit = true, KeyAction::quit;
    if (key == kEscape) {  // nothing is open: Esc never quits, it only says what does
        ui.message = "q quits";
        return KeyAction::redraw;
    }
    if (key >= '1' && key < '1' + kPageCount) {
        ui.page = page_from_index(key - '1');
        return KeyAction::redraw;
    }
    if (context.replay)
        if (auto action = replay_key(key, ui)) return *action;
    int page = static_cast<int>(ui.page);
    switch (key) {
        case 'q':
        case 'Q':
            ui.quit = true;
            return KeyAction::quit;
        case kTab:
        case KEY_RIGHT:
            ui.page = page_from_index(page + 1);
            return KeyAction::redraw;
        case KEY_BTAB:
        case KEY_LEFT:
            ui.page = page_from_index(page - 1);
            return KeyAction::redraw;
        case 'h':
        case '?':
            ui.help = true;
            return KeyAction::redraw;
        case 'p':
        case ' ':
            ui.paused = !ui.paused;
            return KeyAction::pause_changed;
        case '+':
        case '=':
            ui.interval_ms = step_interval(ui.interval_ms, 1);
            return KeyAction::interval_changed;
        case '-':
        case '_':
            ui.interval_ms = step_interval(ui.interval_ms, -1);
            return KeyAction::interval_changed;
        case 's':
        case '>':
        case '.':
            ui.query.sort = next_sort_column(ui.query.sort, 1, context);
            return KeyAction::redraw;
        case '<':
        case ',':
            ui.query.sort = next_sort_column(ui.query.sort, -1, context);
            return KeyAction::redraw;
        case 'i':
            ui.query.descending = !ui.query.descending;
            return KeyAction::redraw;
        case 'm':
            return open_control(Control::power_mode, ui, context);
        case 'c':
            return open_control(Control::clocks, ui, context);
        case 'f':
            return open_control(Control::fan, ui, context);
        case '/':
            ui.page = Page::processes;
            ui.prompt = Prompt::filter;
            ui.input = ui.query.filter;
            return KeyAction::redraw;
        case 'r':
            if (!context.recorder_available) {
                ui.message = "recording is not available here";
                return KeyAction::redraw;
            }
            if (context.recording) return KeyAction::stop_recording;
            ui.prompt = Prompt::record_path;
            ui.input = context.default_record_path;
            return KeyAction::redraw;
        case 'k':
            return open_kill_prompt(ui, context);
        case 't':
            ui.process_tree = !ui.process_tree;
            ui.message =
                ui.process_tree ? "process tree: children under their parents" : "process list";
            return KeyAction::redraw;
        case 'x':
            ui.show_ctxt = !ui.show_ctxt;
            ui.message =
                ui.show_ctxt ? "context-switch columns shown" : "context-switch columns hidden";
            return KeyAction::redraw;
        case '\n':
        case '\r':
        case KEY_ENTER:
            if (ui.page != Page::analysis) return KeyAction::none;
            return open_flag_detail(ui, context);
        case KEY_UP:
        case KEY_DOWN:
        case KEY_PPAGE:
        case KEY_NPAGE:
        case KEY_HOME:
        case KEY_END:
            return navigation(key, ui, context);
        default:
            return KeyAction::none;
    }
}

}  // namespace

KeyAction handle_key(int key, UiState& ui, const KeyContext& context) {
    const Page before = ui.page;
    KeyAction action = apply_key(key, ui, context);
    if (ui.page != before) ui.flag_detail.clear();  // a detail view belongs to its page
    return action;
}

}  // namespace edgetop::tui
