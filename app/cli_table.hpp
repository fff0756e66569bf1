// The command line, declared once: every subcommand and option with its help text and default.
// The parser, --help and the man-page test all read this table.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace edgetop::cli {

inline constexpr std::string_view kProgram = "edgetop";
inline constexpr std::string_view kVersion = "0.1.0";
inline constexpr std::string_view kDescription =
    "A terminal monitor for NVIDIA Jetson boards (and any Linux machine): per-core CPU, GPU, "
    "memory controller, power rails, temperatures, fans, memory and processes, read directly "
    "from sysfs and procfs with exact units.";

// What an option's argument must look like; the parser validates and converts by kind.
enum class ValueKind { flag, directory, milliseconds, count, seconds, output };

struct CommandSpec {
    std::string_view name;      // "" is the default command
    std::string_view summary;   // one line, for --help and the man page
    std::string_view trailing;  // what may follow "--", or "" when nothing may
    std::string_view trailing_help;
};

struct OptionSpec {
    std::string_view name;      // long name without "--"
    char short_name;            // 0 when there is none
    std::string_view argument;  // metavariable, "" for a flag
    ValueKind kind;
    std::string_view help;
    std::string_view default_value;  // "" when there is none
    std::string_view command;        // "" for a global option, else the subcommand it belongs to
};

inline constexpr std::array kCommands{
    CommandSpec{"", "print one sample of every sensor as text, then exit", "", ""},
    CommandSpec{"record",
                "write a session file (JSON Lines): a header, one sample per interval, an end line",
                "CMD [ARGS...]",
                "run CMD with ARGS, record until it exits, then exit with its status"},
};

inline constexpr std::array kOptions{
    OptionSpec{"root", 0, "DIR", ValueKind::directory,
               "read sysfs, procfs and /etc under DIR instead of the running machine", "/", ""},
    OptionSpec{"interval", 'i', "MS", ValueKind::milliseconds, "sampling interval, at least 50 ms",
               "1000", ""},
    OptionSpec{"check", 0, "", ValueKind::flag,
               "list every sensor source as found, absent or needs root, then exit", "", ""},
    OptionSpec{"help", 'h', "", ValueKind::flag,
               "show this help (after a command: that command's help), then exit", "", ""},
    OptionSpec{"version", 'V', "", ValueKind::flag, "print the version, then exit", "", ""},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "write the session to FILE; - is standard output", "-", "record"},
    OptionSpec{"count", 'n', "N", ValueKind::count, "stop after N samples", "", "record"},
    OptionSpec{"duration", 'd', "S", ValueKind::seconds, "stop after S seconds (decimals allowed)",
               "", "record"},
};

inline constexpr int64_t kMinIntervalMs = 50;

}  // namespace edgetop::cli
