#include "cli/cli_help.hpp"

#include "edgetop/view_keys.hpp"

#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "cli/cli_table.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::cli {

namespace {

constexpr size_t kWidth = 80;
constexpr size_t kLabelWidth = 24;

// Greedy word wrap of text into lines of at most `width` columns.
std::vector<std::string> wrap(std::string_view text, size_t width) {
    std::vector<std::string> lines(1);
    size_t pos = 0;
    while (pos < text.size()) {
        size_t space = text.find(' ', pos);
        std::string_view word = text.substr(
            pos, space == std::string_view::npos ? std::string_view::npos : space - pos);
        pos = space == std::string_view::npos ? text.size() : space + 1;
        if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width)
            lines.emplace_back();
        if (!lines.back().empty()) lines.back() += ' ';
        lines.back() += word;
    }
    return lines;
}

void append_entry(std::string& out, const std::string& label, std::string_view help) {
    auto lines = wrap(help, kWidth - kLabelWidth);
    if (label.size() + 3 > kLabelWidth) {  // two spaces before, at least one after
        out += fmt::format("  {}\n", label);
        for (const auto& line : lines)
            out += fmt::format("{:{}}{}\n", "", kLabelWidth, line);
        return;
    }
    for (size_t i = 0; i < lines.size(); ++i)
        out += fmt::format("  {:<{}}{}\n", i == 0 ? label : "", kLabelWidth - 2, lines[i]);
}

std::string option_label(const OptionSpec& o) {
    std::string label = o.short_name ? fmt::format("-{}, ", o.short_name) : std::string("    ");
    label += fmt::format("--{}", o.name);
    if (!o.argument.empty()) label += fmt::format(" {}", o.argument);
    return label;
}

std::string option_help(const OptionSpec& o) {
    if (o.default_value.empty()) return std::string(o.help);
    return fmt::format("{} (default: {})", o.help, o.default_value);
}

void append_options(std::string& out, std::string_view title, CommandSet commands,
                    bool shared_ones) {
    out += fmt::format("\n{}:\n", title);
    for (const auto& o : kOptions)
        if (is_shared(o) == shared_ones && (o.commands & commands) != 0)
            append_entry(out, option_label(o), option_help(o));
}

void append_command_options(std::string& out, std::string_view title, const CommandSpec& c) {
    append_options(out, title, c.bit, false);
    for (const auto& operand : kOperands)
        if (operand.command == c.name) append_entry(out, std::string(operand.name), operand.help);
    if (!c.trailing.empty()) append_entry(out, fmt::format("-- {}", c.trailing), c.trailing_help);
}

std::string usage_line(const CommandSpec& c) {
    std::string line = fmt::format("{}", kProgram);
    if (!c.name.empty()) line += fmt::format(" {}", c.name);
    line += " [OPTIONS]";
    for (const auto& operand : kOperands)
        if (operand.command == c.name) line += fmt::format(" {}", operand.name);
    if (!c.trailing.empty()) line += fmt::format(" [-- {}]", c.trailing);
    return line;
}

}  // namespace

std::string help_text(std::string_view command) {
    std::string out;
    const CommandSpec* spec = nullptr;
    for (const auto& c : kCommands)
        if (c.name == command) spec = &c;
    if (!spec) spec = &kCommands[0];

    if (spec->name.empty()) {
        const char* prefix = "Usage: ";
        for (const auto& c : kCommands) {
            out += fmt::format("{}{}\n", prefix, usage_line(c));
            prefix = "       ";
        }
        out += '\n';
        for (const auto& line : wrap(kDescription, kWidth))
            out += line + '\n';
        out += "\nCommands:\n";
        for (const auto& c : kCommands)
            append_entry(out, c.name.empty() ? "(none)" : std::string(c.name), c.summary);
        append_options(out, "Options", command::all, true);
        for (const auto& c : kCommands)
            if (!c.name.empty())
                append_command_options(out, fmt::format("Options of {}", c.name), c);
        out += "\nKeys of the interactive view (h shows them in the view):\n";
        for (const auto& key : kViewKeys)
            append_entry(out, std::string(key.keys), key.action);
        out += fmt::format("\nRun '{} COMMAND --help' for one command; see {}(1) for details.\n",
                           kProgram, kProgram);
        return out;
    }

    out += fmt::format("Usage: {}\n\n", usage_line(*spec));
    std::string summary(spec->summary);
    if (!summary.empty()) summary[0] = ascii::to_upper(summary[0]);
    for (const auto& line : wrap(summary, kWidth))
        out += line + '\n';
    append_command_options(out, "Options", *spec);
    append_options(out, "Global options", spec->bit, true);
    return out;
}

// EDGETOP_VERSION is project()'s VERSION (cmake/Packaging.cmake).
std::string_view version() {
    return EDGETOP_VERSION;
}

std::string version_text() {
    return fmt::format("{} {}\n", kProgram, EDGETOP_VERSION);
}

}  // namespace edgetop::cli
