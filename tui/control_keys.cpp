#include "tui/control_keys.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "tui/curses.hpp"
#include "tui/key_reader.hpp"

namespace edgetop::tui {
namespace {

constexpr int kListPage = 5;  // PgUp/PgDn in a list

const PowerMode* find_mode(const Board* board, int id) {
    if (!board) return nullptr;
    for (const auto& m : board->power_modes)
        if (m.id == id) return &m;
    return nullptr;
}

KeyAction cancel(UiState& ui) {
    ui.prompt = Prompt::none;
    ui.control_commands.clear();
    ui.message = "nothing run";
    return KeyAction::redraw;
}

KeyAction ask(UiState& ui, std::vector<std::vector<std::string>> commands, std::string question) {
    ui.control_commands = std::move(commands);
    ui.control_question = std::move(question);
    ui.prompt = Prompt::control_confirm;
    return KeyAction::redraw;
}

std::string command_text(const std::vector<std::string>& argv) {
    return fmt::format("{}", fmt::join(argv, " "));
}

bool is_enter(int key) {
    return key == '\n' || key == '\r' || key == KEY_ENTER;
}

// Up/Down/Home/End/PgUp/PgDn move the cursor of a list of `count` entries; false for other keys.
bool move_in_list(int key, int& cursor, int count, int page) {
    int last = std::max(0, count - 1);
    switch (key) {
        case KEY_UP:
            cursor -= 1;
            break;
        case KEY_DOWN:
            cursor += 1;
            break;
        case KEY_PPAGE:
            cursor -= page;
            break;
        case KEY_NPAGE:
            cursor += page;
            break;
        case KEY_HOME:
            cursor = 0;
            break;
        case KEY_END:
            cursor = last;
            break;
        default:
            return false;
    }
    cursor = std::clamp(cursor, 0, last);
    return true;
}

constexpr std::array<const char*, 2> kFanProfiles = {"quiet", "cool"};

KeyAction ask_fan_profile(UiState& ui, const char* profile) {
    std::vector<std::string> argv = {"nvpmodel", "-d", profile};
    std::string question =
        fmt::format("set the fan profile {}: run '{}'? y/n", profile, command_text(argv));
    return ask(ui, {std::move(argv)}, std::move(question));
}

KeyAction power_mode_key(int key, UiState& ui, const KeyContext& context) {
    const auto& modes = context.board->power_modes;
    int count = static_cast<int>(modes.size());
    if (move_in_list(key, ui.list_cursor, count, kListPage)) {
        ui.input.clear();  // the cursor chooses now
        return KeyAction::redraw;
    }
    if (key >= '0' && key <= '9' && ui.input.size() < 4) {
        ui.input += static_cast<char>(key);
        for (int i = 0; i < count; ++i)  // the typed id, where it is one, is highlighted
            if (modes[static_cast<size_t>(i)].id == std::stoi(ui.input)) ui.list_cursor = i;
        return KeyAction::redraw;
    }
    if ((key == KEY_BACKSPACE || key == 127 || key == 8) && !ui.input.empty()) {
        ui.input.pop_back();
        return KeyAction::redraw;
    }
    if (!is_enter(key) || count == 0) return KeyAction::redraw;
    int id = ui.input.empty()
                 ? modes[static_cast<size_t>(std::clamp(ui.list_cursor, 0, count - 1))].id
                 : std::stoi(ui.input);
    const PowerMode* mode = find_mode(context.board, id);
    if (!mode) {
        ui.input.clear();
        ui.message = fmt::format("no power mode {} in /etc/nvpmodel.conf", id);
        return KeyAction::redraw;
    }
    std::vector<std::string> argv = {"nvpmodel", "-m", std::to_string(id)};
    std::string question = fmt::format("switch to power mode {} ({}): run '{}'? y/n", id,
                                       mode->name, command_text(argv));
    return ask(ui, {std::move(argv)}, std::move(question));
}

}  // namespace

KeyAction open_control(Control control, UiState& ui, const KeyContext& context) {
    if (!context.controls_available) {
        ui.message = "the controls act on the live machine: not in a replay";
        return KeyAction::redraw;
    }
    if (context.control_busy) {
        ui.message = "a control command is still running";
        return KeyAction::redraw;
    }
    const std::string& refusal = context.control_refusals[static_cast<size_t>(control)];
    if (!refusal.empty()) {
        ui.message = "refused: " + refusal;
        return KeyAction::redraw;
    }
    ui.input.clear();
    ui.control_commands.clear();
    switch (control) {
        case Control::power_mode: {
            if (!context.board || context.board->power_modes.empty()) {
                ui.message = "no power modes: /etc/nvpmodel.conf is absent or has none";
                return KeyAction::redraw;
            }
            ui.prompt = Prompt::power_mode;
            const auto& modes = context.board->power_modes;  // the cursor starts on the active mode
            auto active = std::find_if(modes.begin(), modes.end(), [&](const PowerMode& m) {
                return context.board->current_mode_id == m.id;
            });
            ui.list_cursor = active == modes.end() ? 0 : static_cast<int>(active - modes.begin());
            break;
        }
        case Control::clocks:
            ui.prompt = Prompt::clocks_choice;
            break;
        case Control::fan:
            ui.prompt = Prompt::fan_choice;
            ui.list_cursor = 0;
            break;
    }
    return KeyAction::redraw;
}

KeyAction control_prompt(int key, UiState& ui, const KeyContext& context) {
    if (key == kEscapeKey) return cancel(ui);
    switch (ui.prompt) {
        case Prompt::power_mode:
            return power_mode_key(key, ui, context);
        case Prompt::clocks_choice:
            // This prompt is the confirmation: y and r say what runs.
            if (key == 'y' || key == 'Y') {
                ui.control_commands = {{"jetson_clocks", "--store"}, {"jetson_clocks"}};
                ui.prompt = Prompt::none;
                return KeyAction::run_control;
            }
            if (key == 'r' || key == 'R') {
                ui.control_commands = {{"jetson_clocks", "--restore"}};
                ui.prompt = Prompt::none;
                return KeyAction::run_control;
            }
            return cancel(ui);
        case Prompt::fan_choice:
            if (move_in_list(key, ui.list_cursor, static_cast<int>(kFanProfiles.size()), kListPage))
                return KeyAction::redraw;
            if (is_enter(key))
                return ask_fan_profile(
                    ui, kFanProfiles[static_cast<size_t>(std::clamp(ui.list_cursor, 0, 1))]);
            for (const char* profile : kFanProfiles)
                if (key == profile[0]) return ask_fan_profile(ui, profile);
            return cancel(ui);
        case Prompt::control_confirm:
            if (key == 'y' || key == 'Y') {
                ui.prompt = Prompt::none;
                return KeyAction::run_control;
            }
            return cancel(ui);
        default:
            return KeyAction::redraw;
    }
}

std::span<const char* const> fan_profiles() {
    return kFanProfiles;
}

std::string control_prompt_text(const UiState& ui) {
    switch (ui.prompt) {
        case Prompt::power_mode:
            return "power mode id: " + ui.input +
                   "_  (or Up/Down; Enter asks to confirm, Esc cancels)";
        case Prompt::clocks_choice:
            return "jetson_clocks: y maximum clocks (the current state is stored first), "
                   "r restore the stored state, n cancels";
        case Prompt::fan_choice:
            return "fan profile (nvpmodel -d): Up/Down and Enter, or q quiet, c cool; n cancels";
        case Prompt::control_confirm:
            return ui.control_question;
        default:
            return {};
    }
}

}  // namespace edgetop::tui
