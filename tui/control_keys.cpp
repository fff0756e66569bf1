#include "tui/control_keys.hpp"

#include <fmt/format.h>

#include <cctype>

#include "tui/curses.hpp"
#include "tui/key_reader.hpp"

namespace edgetop::tui {
namespace {

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

KeyAction power_mode_key(int key, UiState& ui, const KeyContext& context) {
    if (key >= '0' && key <= '9' && ui.input.size() < 4) {
        ui.input += static_cast<char>(key);
        return KeyAction::redraw;
    }
    if ((key == KEY_BACKSPACE || key == 127 || key == 8) && !ui.input.empty()) {
        ui.input.pop_back();
        return KeyAction::redraw;
    }
    if (key != '\n' && key != '\r' && key != KEY_ENTER) return KeyAction::redraw;
    if (ui.input.empty()) return KeyAction::redraw;
    int id = std::stoi(ui.input);
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
        case Control::power_mode:
            if (!context.board || context.board->power_modes.empty()) {
                ui.message = "no power modes: /etc/nvpmodel.conf is absent or has none";
                return KeyAction::redraw;
            }
            ui.prompt = Prompt::power_mode;
            break;
        case Control::clocks:
            ui.prompt = Prompt::clocks_choice;
            break;
        case Control::fan:
            ui.prompt = Prompt::fan_choice;
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
            for (const char* profile : {"quiet", "cool"})
                if (key == profile[0]) {
                    std::vector<std::string> argv = {"nvpmodel", "-d", profile};
                    std::string question = fmt::format("set the fan profile {}: run '{}'? y/n",
                                                       profile, command_text(argv));
                    return ask(ui, {std::move(argv)}, std::move(question));
                }
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

std::string control_prompt_text(const UiState& ui) {
    switch (ui.prompt) {
        case Prompt::power_mode:
            return "power mode id: " + ui.input + "_  (Enter asks to confirm, Esc cancels)";
        case Prompt::clocks_choice:
            return "jetson_clocks: y maximum clocks (the current state is stored first), "
                   "r restore the stored state, n cancels";
        case Prompt::fan_choice:
            return "fan profile (nvpmodel -d): q quiet, c cool, n cancels";
        case Prompt::control_confirm:
            return ui.control_question;
        default:
            return {};
    }
}

}  // namespace edgetop::tui
