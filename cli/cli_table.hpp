// The command line, declared once: every subcommand and option with its help text and default.
// The parser, --help and the man-page test all read this table.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace edgetop::cli {

inline constexpr std::string_view kProgram = "edgetop";
inline constexpr std::string_view kDescription =
    "A terminal monitor for NVIDIA Jetson boards (and any Linux machine): per-core CPU, GPU, "
    "memory controller, power rails, temperatures, fans, memory and processes, read directly "
    "from sysfs and procfs with exact units.";

// What an option's argument must look like; the parser validates and converts by kind.
enum class ValueKind {
    flag,
    directory,
    milliseconds,
    count,
    seconds,
    output,
    rule_assignment,  // ID.KEY=VALUE, repeatable
    rule_list,        // ID,ID,..., repeatable
    page,             // 1..7, a page of the interactive view
    year,             // YYYY
    speed,            // a positive factor, 0.01..1000
    format,           // an input format: tegrastats
    address,          // HOST:PORT to listen on (IPv4 or [IPv6], port 0 to 65535)
    mode_list,        // ID,ID,... power mode ids
    file,             // a file to read
    runs,             // a number of runs, 1 or more
    delay,            // seconds, 0 or more
    percent,          // a percentage, 0 or more
    watts,            // a power, more than 0
};

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
    CommandSpec{"",
                "open the interactive view; with --once, or when standard output is not a "
                "terminal, print one sample of every sensor as text, then exit",
                "", ""},
    CommandSpec{"record",
                "write a session file (JSON Lines): a header, one sample per interval, an end line",
                "CMD [ARGS...]",
                "run CMD with ARGS, record until it exits, then exit with its status"},
    CommandSpec{"report",
                "summarise session files: duration, sampling regularity, distributions, energy, "
                "flags; several files side by side",
                "", ""},
    CommandSpec{"stat",
                "run a command like perf stat: sample while it runs, then print its energy, "
                "utilisation, peak temperature and flags to standard error",
                "CMD [ARGS...]", "the command to run (required); edgetop exits with its status"},
    CommandSpec{"sweep",
                "run a command once per power mode (switching with nvpmodel, restoring the "
                "original mode afterwards) and recommend the mode that runs it with the least "
                "energy; needs root",
                "CMD [ARGS...]", "the command to run in every mode (required)"},
    CommandSpec{"import",
                "convert a tegrastats log into a session file (header, samples, end line), so that "
                "report, replay and every rule work on it",
                "", ""},
    CommandSpec{"replay",
                "play a recorded or imported session in the interactive view, at its recorded "
                "speed or faster, with the flags recomputed",
                "", ""},
    CommandSpec{"serve",
                "serve Prometheus metrics over HTTP: sample on a fixed schedule (with the flags) "
                "and answer every scrape with the latest sample",
                "", ""},
};

// Words after a command that are not options (the session files of `report`).
struct OperandSpec {
    std::string_view command;
    std::string_view name;  // "FILE..."
    std::string_view help;
};

inline constexpr std::array kOperands{
    OperandSpec{"report", "FILE...", "session files (- is standard input); at least one"},
    OperandSpec{"import", "tegrastats FILE",
                "the format (only tegrastats) and the log to read (- is standard input)"},
    OperandSpec{"replay", "FILE", "the session file to play"},
};

inline constexpr std::array kOptions{
    OptionSpec{"root", 0, "DIR", ValueKind::directory,
               "read sysfs, procfs and /etc under DIR instead of the running machine", "/", ""},
    OptionSpec{"interval", 'i', "MS", ValueKind::milliseconds, "sampling interval, at least 50 ms",
               "1000", ""},
    OptionSpec{"check", 0, "", ValueKind::flag,
               "list every sensor source as found, absent or needs root, then exit", "", ""},
    OptionSpec{"rule", 0, "ID.KEY=VALUE", ValueKind::rule_assignment,
               "override one rule threshold (repeatable; see RULES in the man page)", "", ""},
    OptionSpec{"rules-off", 0, "ID,...", ValueKind::rule_list,
               "switch these rules off (repeatable)", "", ""},
    OptionSpec{"once", 0, "", ValueKind::flag,
               "print one sample as text and exit instead of opening the interactive view", "", ""},
    OptionSpec{"ascii", 0, "", ValueKind::flag,
               "interactive view: draw with ASCII characters only (no Unicode bars or lines)", "",
               ""},
    OptionSpec{"no-color", 0, "", ValueKind::flag,
               "interactive view: no colours (also when NO_COLOR is set)", "", ""},
    OptionSpec{"page", 0, "N", ValueKind::page,
               "interactive view: start on page N (1 Overview, 2 CPU, 3 GPU, 4 Power, 5 Memory, "
               "6 Procs, 7 Analysis)",
               "1", ""},
    OptionSpec{"help", 'h', "", ValueKind::flag,
               "show this help (after a command: that command's help), then exit", "", ""},
    OptionSpec{"version", 'V', "", ValueKind::flag, "print the version, then exit", "", ""},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "write the session to FILE; - is standard output", "-", "record"},
    OptionSpec{"count", 'n', "N", ValueKind::count, "stop after N samples", "", "record"},
    OptionSpec{"duration", 'd', "S", ValueKind::seconds, "stop after S seconds (decimals allowed)",
               "", "record"},
    OptionSpec{"json", 0, "", ValueKind::flag, "print the report as one JSON object", "", "report"},
    OptionSpec{"from", 0, "FORMAT", ValueKind::format,
               "read the files as FORMAT logs (tegrastats) instead of session files", "", "report"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "write the session to FILE; - is standard output", "-", "import"},
    OptionSpec{"year", 0, "YYYY", ValueKind::year,
               "accepted for compatibility and ignored: every dated tegrastats line carries its "
               "own year, undated lines carry no date at all",
               "", "import"},
    OptionSpec{"strict", 0, "", ValueKind::flag,
               "fail (exit 1) at the first unknown token or malformed line instead of warning", "",
               "import"},
    OptionSpec{"speed", 0, "X", ValueKind::speed,
               "play X times faster than recorded (0.01 to 1000)", "1", "replay"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output, "also keep the session in FILE", "",
               "stat"},
    OptionSpec{"modes", 0, "LIST", ValueKind::mode_list,
               "the power mode ids to try, separated by commas (default: every mode of the "
               "configuration)",
               "", "sweep"},
    OptionSpec{"conf", 0, "FILE", ValueKind::file,
               "use this nvpmodel configuration instead of /etc/nvpmodel.conf (nvpmodel -f FILE)",
               "", "sweep"},
    OptionSpec{"repeat", 0, "N", ValueKind::runs, "run the command N times in every mode", "1",
               "sweep"},
    OptionSpec{"settle", 0, "S", ValueKind::delay,
               "wait S seconds after each switch before the run", "5", "sweep"},
    OptionSpec{"output", 'o', "DIR", ValueKind::output,
               "keep every run's session as DIR/mode-<id>-run-<k>.jsonl", "", "sweep"},
    OptionSpec{"slack", 0, "PCT", ValueKind::percent,
               "recommend the least energy within PCT % of the fastest time", "10", "sweep"},
    OptionSpec{"budget-w", 0, "W", ValueKind::watts,
               "also recommend the least energy with an average power of at most W watts", "",
               "sweep"},
    OptionSpec{"json", 0, "", ValueKind::flag, "print the results as one JSON object", "", "sweep"},
    OptionSpec{"listen", 0, "ADDR:PORT", ValueKind::address,
               "serve /metrics on this address (IPv4, or IPv6 in brackets: [::1]:9102); "
               "port 0 picks a free port",
               "127.0.0.1:9102", "serve"},
    OptionSpec{"log", 0, "FILE", ValueKind::output,
               "also write the session to FILE, as record does", "", "serve"},
};

inline constexpr int64_t kMinIntervalMs = 50;

}  // namespace edgetop::cli
