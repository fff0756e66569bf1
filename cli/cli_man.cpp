#include "cli/cli_man.hpp"

#include <string_view>

#include <fmt/format.h>

#include "cli/cli_table.hpp"

namespace edgetop::cli {

namespace {

// "-" is a hyphen in roff, "\-" the minus sign that options are written with.
std::string roff_name(std::string_view name) {
    std::string out;
    for (char c : name)
        out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

// The tag line of an option's entry: bold names, italic argument.
std::string option_tag(const OptionSpec& o) {
    std::string names = fmt::format("\\-\\-{}", roff_name(o.name));
    if (o.argument.empty())
        return o.short_name ? fmt::format(".BR \\-{} \", \" {}", o.short_name, names)
                            : fmt::format(".B {}", names);
    return o.short_name
               ? fmt::format(".BI \\-{} \", \" {} \" {}\"", o.short_name, names, o.argument)
               : fmt::format(".BI {} \" {}\"", names, o.argument);
}

std::string option_entry(const OptionSpec& o, std::string_view man) {
    return fmt::format(".TP\n{}\n{}", option_tag(o), man);
}

const OptionSpec* shared_option(std::string_view name) {
    for (const auto& o : kOptions)
        if (o.name == name && is_shared(o)) return &o;
    return nullptr;
}

}  // namespace

std::string man_commands_section() {
    std::string out = ".SH COMMANDS\n";
    for (const auto& c : kCommands)
        if (!c.name.empty()) out += fmt::format(".TP\n.B {}\n{}", c.name, c.man);
    return out;
}

std::string man_options_section() {
    std::string out = ".SH OPTIONS\n";
    for (const auto& o : kOptions)
        if (is_shared(o)) out += option_entry(o, o.man);
    for (const auto& c : kCommands) {
        if (c.name.empty()) continue;
        out += fmt::format(".SS Options of {}\n", c.name);
        for (const auto& o : kOptions)
            if (!is_shared(o) && o.commands == c.bit) out += option_entry(o, o.man);
        for (const auto& note : kOptionNotes)
            if (note.command == c.bit)
                if (const OptionSpec* o = shared_option(note.option))
                    out += option_entry(*o, note.man);
        for (const auto& operand : kOperands)
            if (operand.command == c.name && !operand.man.empty())
                out += fmt::format(".TP\n{}", operand.man);
        if (!c.trailing_man.empty())
            out += fmt::format(".TP\n.BI \\-\\- \" CMD \\fR[\\fPARGS\\fR...]\\fP\"\n{}",
                               c.trailing_man);
    }
    return out;
}

}  // namespace edgetop::cli
