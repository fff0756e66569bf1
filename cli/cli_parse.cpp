#include "cli/cli_parse.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/cli_table.hpp"
#include "exporter/api_duration.hpp"
#include "exporter/listen_address.hpp"

namespace edgetop::cli {

namespace {

// The entries of one long or short name: one per command that gives the name its own meaning
// (-o of record, import, stat and sweep); the first one found stands for the name until the command
// is known.
const OptionSpec* find_long(std::string_view name) {
    for (const auto& o : kOptions)
        if (o.name == name) return &o;
    return nullptr;
}

const OptionSpec* find_short(char name) {
    for (const auto& o : kOptions)
        if (o.short_name != 0 && o.short_name == name) return &o;
    return nullptr;
}

const OptionSpec* entry_for(const OptionSpec& o, CommandSet command) {
    for (const auto& other : kOptions)
        if (other.name == o.name && (other.commands & command) != 0) return &other;
    return nullptr;
}

std::string commands_of(const OptionSpec& o) {
    std::string out;
    for (const auto& other : kOptions)
        if (other.name == o.name)
            for (const auto& c : kCommands)
                if ((other.commands & c.bit) != 0)
                    out += fmt::format("{}{}", out.empty() ? "" : " or ",
                                       c.name.empty() ? "no command" : fmt::format("'{}'", c.name));
    return out;
}

bool one_kind(const OptionSpec& o) {
    for (const auto& other : kOptions)
        if (other.name == o.name && other.kind != o.kind) return false;
    return true;
}

bool takes_operands(std::string_view command) {
    for (const auto& operand : kOperands)
        if (operand.command == command) return true;
    return false;
}

const CommandSpec* find_command(std::string_view name) {
    for (const auto& c : kCommands)
        if (!c.name.empty() && c.name == name) return &c;
    return nullptr;
}

std::string display(const OptionSpec& o) {
    return fmt::format("--{}", o.name);
}

std::optional<int64_t> parse_positive_int(const std::string& text) {
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') return std::nullopt;
    return v;
}

std::optional<double> parse_seconds(const std::string& text) {
    if (text.empty() || !((text[0] >= '0' && text[0] <= '9') || text[0] == '.'))
        return std::nullopt;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (*end != '\0' || !std::isfinite(v)) return std::nullopt;
    return v;
}

// "64k", "10M", "2G" (binary multiples) or a number of bytes.
std::optional<int64_t> parse_size(std::string text) {
    int64_t unit = 1;
    if (!text.empty()) {
        switch (text.back()) {
            case 'k':
            case 'K':
                unit = int64_t{1} << 10;
                break;
            case 'M':
                unit = int64_t{1} << 20;
                break;
            case 'G':
                unit = int64_t{1} << 30;
                break;
            default:
                break;
        }
        if (unit != 1) text.pop_back();
    }
    auto n = parse_positive_int(text);
    if (!n || *n > (int64_t{1} << 50) / unit) return std::nullopt;
    return *n * unit;
}

// csv with any of noheader and nounits after commas (nvidia-smi's form), or json.
bool is_query_format(const std::string& value) {
    if (value == "json") return true;
    size_t start = 0;
    bool first = true;
    while (start <= value.size()) {
        size_t comma = value.find(',', start);
        if (comma == std::string::npos) comma = value.size();
        std::string_view word = std::string_view(value).substr(start, comma - start);
        if (first ? word != "csv" : word != "noheader" && word != "nounits") return false;
        first = false;
        start = comma + 1;
    }
    return true;
}

// Checks value against o's kind and converts it; the kind decides the alternative of Value.
Value convert(const OptionSpec& o, const std::string& value) {
    auto fail = [&](std::string_view expected) {
        return UsageError(fmt::format("{}: expected {}, got '{}'", display(o), expected, value));
    };
    switch (o.kind) {
        case ValueKind::flag:
            return std::monostate{};
        case ValueKind::year: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1970 || *n > 9999) throw fail("a year (YYYY)");
            return *n;
        }
        case ValueKind::speed: {
            auto x = parse_seconds(value);
            if (!x || *x < 0.01 || *x > 1000) throw fail("a speed factor from 0.01 to 1000");
            return *x;
        }
        case ValueKind::format:
            if (value != "tegrastats") throw fail("a log format (tegrastats)");
            return value;
        case ValueKind::export_format:
            if (value != "csv" && value != "perfetto") throw fail("csv or perfetto");
            return value;
        case ValueKind::address:
            if (!exporter::parse_listen_address(value))
                throw fail(
                    "ADDR:PORT with a numeric address (e.g. 127.0.0.1:9102 or [::1]:9102) or "
                    "unix:PATH");
            return value;
        case ValueKind::group:
            if (value.empty()) throw fail("a group name or number");
            return value;
        case ValueKind::series: {
            auto n = parse_positive_int(value);
            if (!n || *n > 1000) throw fail("a number of control groups from 0 to 1000");
            return *n;
        }
        case ValueKind::clients: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1 || *n > 4096) throw fail("a number of clients from 1 to 4096");
            return *n;
        }
        case ValueKind::page: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1 || *n > 8) throw fail("a page number from 1 to 8");
            return *n;
        }
        case ValueKind::rule_assignment:
            if (value.find('=') == std::string::npos) throw fail("ID.KEY=VALUE");
            return value;
        case ValueKind::rule_list:
            if (value.empty()) throw fail("rule ids separated by commas");
            return value;
        case ValueKind::mode_list: {
            // Names are checked against nvpmodel.conf once it is read (sweep_command.cpp).
            std::vector<std::string> modes;
            size_t start = 0;
            while (start <= value.size()) {
                size_t comma = value.find(',', start);
                if (comma == std::string::npos) comma = value.size();
                std::string mode = value.substr(start, comma - start);
                if (mode.empty()) throw fail("power mode ids or names separated by commas");
                modes.push_back(std::move(mode));
                start = comma + 1;
            }
            return modes;
        }
        case ValueKind::file:
            if (value.empty()) throw fail("a file");
            return value;
        case ValueKind::runs: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1 || *n > 1000) throw fail("a number of runs from 1 to 1000");
            return *n;
        }
        case ValueKind::delay: {
            auto s = parse_seconds(value);
            if (!s || *s > 3600) throw fail("seconds from 0 to 3600");
            return *s;
        }
        case ValueKind::percent: {
            auto pct = parse_seconds(value);
            if (!pct || *pct > 1000) throw fail("a percentage from 0 to 1000");
            return *pct;
        }
        case ValueKind::watts: {
            auto w = parse_seconds(value);
            if (!w || *w <= 0) throw fail("watts (more than 0)");
            return *w;
        }
        case ValueKind::size: {
            auto bytes = parse_size(value);
            if (!bytes || *bytes < 4096)
                throw fail("a size of 4k or more (bytes, or k, M, G: KiB, MiB, GiB)");
            return *bytes;
        }
        case ValueKind::files: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1) throw fail("a number of files (1 or more)");
            return *n;
        }
        case ValueKind::duration: {
            auto span = exporter::parse_duration(value);
            if (!span || span->count() <= 0 || *span > std::chrono::hours(24))
                throw fail("a duration up to 24h with its unit (500ms, 30s, 10m, 1h)");
            return static_cast<int64_t>(span->count());
        }
        case ValueKind::query_format:
            if (!is_query_format(value)) throw fail("csv, csv,noheader, csv,nounits or json");
            return value;
        case ValueKind::url:
            if (!(value.starts_with("http://") || value.starts_with("https://") ||
                  value.starts_with("unix:")) ||
                value.find_first_of(" \t\r\n") != std::string::npos)
                throw fail("http://HOST:PORT, https://HOST:PORT or unix:PATH");
            return value;
        case ValueKind::user_name:
            if (value.empty() || std::any_of(value.begin(), value.end(), [](char c) {
                    return c == ':' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
                }))
                throw fail("a user name without ':' or control characters");
            return value;
        case ValueKind::command_line:
            if (value.find_first_not_of(" \t") == std::string::npos ||
                std::any_of(value.begin(), value.end(), [](char c) {
                    return c != '\t' && (static_cast<unsigned char>(c) < 0x20 || c == 0x7f);
                }))
                throw fail("a command line without control characters");
            return value;
        case ValueKind::field_list:
            if (value.empty()) throw fail("field names separated by commas");
            return value;
        case ValueKind::directory:
            if (value.empty()) throw fail("a directory");
            return value;
        case ValueKind::output:
            if (value.empty()) throw fail("a file name or -");
            return value;
        case ValueKind::milliseconds: {
            auto ms = parse_positive_int(value);
            if (!ms) throw fail("milliseconds");
            if (*ms < kMinIntervalMs)
                throw UsageError(fmt::format("{}: must be at least {} ms, got '{}'", display(o),
                                             kMinIntervalMs, value));
            return *ms;
        }
        case ValueKind::count: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1) throw fail("a number of samples (1 or more)");
            return *n;
        }
        case ValueKind::seconds: {
            auto s = parse_seconds(value);
            if (!s || *s <= 0) throw fail("seconds (more than 0)");
            return *s;
        }
    }
    return std::monostate{};
}

// "--count: only valid with 'record'"; with a command, also the command that does not take it.
UsageError not_taken(const OptionSpec& o, const std::string& command) {
    if (command.empty())
        return UsageError(fmt::format("{}: only valid with {}", display(o), commands_of(o)));
    return UsageError(fmt::format("{}: not an option of '{}' (only valid with {})", display(o),
                                  command, commands_of(o)));
}

CommandSet bit_of(const std::string& command) {
    for (const auto& c : kCommands)
        if (c.name == command) return c.bit;
    return 0;
}

struct Given {
    const OptionSpec* option;  // the first entry of its name
    std::string value;         // as given ("" for a flag)
};

// query's words after parsing: fields, or --smi with --query-gpu.
void check_query(const Args& args) {
    const QueryArgs& q = args.query;
    if (q.ca && !q.from) throw UsageError("query: --ca needs --from https://...");
    if (q.smi || q.query_gpu) {
        if (!args.operands.empty())
            throw UsageError("query: --smi takes its fields from --query-gpu, not '" +
                             args.operands.front() + "'");
        if (q.format == "json") throw UsageError("--format: --smi prints csv only, got 'json'");
        return;
    }
    if (args.operands.empty())
        throw UsageError("query: expected at least one FIELD (e.g. power_total_mw), or --smi");
}

// fleet: hosts from its words or a file, credentials in pairs, one output.
void check_fleet(const Args& args) {
    const FleetArgs& f = args.fleet;
    if (args.operands.empty() && !f.hosts_file)
        throw UsageError("fleet: expected at least one HOST (http://HOST:PORT), or --hosts-file");
    if (f.once && f.json) throw UsageError("fleet: --once prints text, --json JSON: one of them");
    if (f.cert.has_value() != f.key.has_value())
        throw UsageError("fleet: --cert and --key go together");
    if (f.user.has_value() != f.password_file.has_value())
        throw UsageError("fleet: --user and --password-file go together");
    if (f.user && f.bearer_token_file)
        throw UsageError("fleet: --user or --bearer-token-file, not both");
}

}  // namespace

Args parse(std::span<const char* const> argv) {
    Args args;
    std::vector<Given> given;
    bool exec_follows = false;
    for (size_t i = 0; i < argv.size(); ++i) {
        std::string arg = argv[i];
        if (arg == "--") {
            exec_follows = true;
            for (size_t j = i + 1; j < argv.size(); ++j)
                args.exec.emplace_back(argv[j]);
            break;
        }
        const OptionSpec* option = nullptr;
        std::optional<std::string> value;
        if (arg.starts_with("--")) {
            auto eq = arg.find('=');
            option = find_long(std::string_view(arg).substr(
                2, eq == std::string::npos ? std::string::npos : eq - 2));
            if (eq != std::string::npos) value = arg.substr(eq + 1);
        } else if (arg.size() >= 2 && arg[0] == '-') {
            option = find_short(arg[1]);
            if (option && arg.size() > 2) {
                if (option->argument.empty())
                    option = nullptr;  // "-hx": no bundling
                else
                    value = arg.substr(2);
            }
        } else if (args.command.empty() && find_command(arg)) {
            args.command = arg;
            continue;
        } else if (takes_operands(args.command)) {
            args.operands.push_back(arg);
            continue;
        } else {
            throw UsageError(fmt::format("unknown command '{}'", arg));
        }
        if (!option) throw UsageError(fmt::format("unknown option '{}'", arg));
        if (option->argument.empty() && value)
            throw UsageError(fmt::format("{}: takes no value", display(*option)));
        if (!option->argument.empty() && !value) {
            if (i + 1 >= argv.size())
                throw UsageError(
                    fmt::format("{}: missing value {}", display(*option), option->argument));
            value = argv[++i];
        }
        // Where every entry of the name takes the same kind, a bad value is named before the
        // command is looked at.
        if (one_kind(*option)) convert(*option, value.value_or(""));
        given.push_back({option, value.value_or("")});
    }

    // The value is checked once the command, which may come later, has picked the entry: the
    // entries of one name may take different kinds (--from of report and of query).
    CommandSet command_bit = bit_of(args.command);
    // Defaults only for the entries not given: a repeatable option given (--listen A --listen
    // B) stands instead of its default, not beside it.
    for (const auto& o : kOptions) {
        if (o.default_value.empty()) continue;
        bool named = std::any_of(given.begin(), given.end(), [&](const Given& g) {
            return entry_for(*g.option, command_bit) == &o;
        });
        if (!named) o.store(args, convert(o, std::string(o.default_value)));
    }
    for (const auto& g : given) {
        const OptionSpec* entry = entry_for(*g.option, command_bit);
        if (!entry) throw not_taken(*g.option, args.command);
        entry->store(args, convert(*entry, g.value));
    }
    if (exec_follows) {
        const CommandSpec* command = find_command(args.command);
        if (!command || command->trailing.empty())
            throw UsageError("'--' and a command to run need 'record', 'stat' or 'sweep'");
        if (args.exec.empty() && !args.global.help)
            throw UsageError(fmt::format("{}: expected a command after '--'", args.command));
    }
    bool help = args.global.help;
    if (args.sweep.restore && !args.exec.empty())
        throw UsageError("sweep: --restore takes no command to run");
    bool runs_command = args.command == "stat" || (args.command == "sweep" && !args.sweep.restore);
    if (!help && runs_command && args.exec.empty())
        throw UsageError(fmt::format("{}: expected '--' and a command to run", args.command));
    if (!help && args.command == "query") check_query(args);
    if (!help && args.command == "fleet") check_fleet(args);
    if (!help && takes_operands(args.command) && args.command != "query" &&
        args.command != "fleet" && args.operands.empty())
        throw UsageError(fmt::format("{}: expected at least one session file", args.command));
    return args;
}

}  // namespace edgetop::cli
