#include "cli/cli_parse.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "cli/cli_table.hpp"
#include "exporter/listen_address.hpp"

namespace edgetop::cli {

namespace {

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

// An option name may appear once per command (e.g. -o of record and of stat); it is valid for a
// command when one of its entries is global or belongs to that command.
bool valid_for(const OptionSpec& o, std::string_view command) {
    for (const auto& other : kOptions)
        if (other.name == o.name && (other.command.empty() || other.command == command))
            return true;
    return false;
}

std::string commands_of(const OptionSpec& o) {
    std::string out;
    for (const auto& other : kOptions)
        if (other.name == o.name)
            out += fmt::format("{}'{}'", out.empty() ? "" : " or ", other.command);
    return out;
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

void store(Args& args, const OptionSpec& o, const std::string& value) {
    auto fail = [&](std::string_view expected) {
        return UsageError(fmt::format("{}: expected {}, got '{}'", display(o), expected, value));
    };
    switch (o.kind) {
        case ValueKind::flag:
            if (o.name == "check") args.check = true;
            if (o.name == "help") args.help = true;
            if (o.name == "version") args.version = true;
            if (o.name == "json") args.json = true;
            if (o.name == "once") args.once = true;
            if (o.name == "ascii") args.ascii = true;
            if (o.name == "no-color") args.no_color = true;
            if (o.name == "strict") args.strict = true;
            return;
        case ValueKind::year: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1970 || *n > 9999) throw fail("a year (YYYY)");
            args.year = static_cast<int>(*n);
            return;
        }
        case ValueKind::speed: {
            auto x = parse_seconds(value);
            if (!x || *x < 0.01 || *x > 1000) throw fail("a speed factor from 0.01 to 1000");
            args.speed = *x;
            return;
        }
        case ValueKind::format:
            if (value != "tegrastats") throw fail("a log format (tegrastats)");
            args.from = value;
            return;
        case ValueKind::address:
            if (!exporter::parse_listen_address(value))
                throw fail("ADDR:PORT with a numeric address (e.g. 127.0.0.1:9102 or [::1]:9102)");
            args.listen = value;
            return;
        case ValueKind::page: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1 || *n > 7) throw fail("a page number from 1 to 7");
            args.page = static_cast<int>(*n);
            return;
        }
        case ValueKind::rule_assignment:
            if (value.find('=') == std::string::npos) throw fail("ID.KEY=VALUE");
            args.rules.push_back(value);
            return;
        case ValueKind::rule_list:
            if (value.empty()) throw fail("rule ids separated by commas");
            args.rules_off.push_back(value);
            return;
        case ValueKind::mode_list: {
            args.modes.clear();
            size_t start = 0;
            while (start <= value.size()) {
                size_t comma = value.find(',', start);
                if (comma == std::string::npos) comma = value.size();
                auto id = parse_positive_int(value.substr(start, comma - start));
                if (!id || *id > 1000000) throw fail("power mode ids separated by commas");
                args.modes.push_back(static_cast<int>(*id));
                start = comma + 1;
            }
            return;
        }
        case ValueKind::file:
            if (value.empty()) throw fail("a file");
            args.conf = value;
            return;
        case ValueKind::runs: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1 || *n > 1000) throw fail("a number of runs from 1 to 1000");
            args.repeat = *n;
            return;
        }
        case ValueKind::delay: {
            auto s = parse_seconds(value);
            if (!s || *s > 3600) throw fail("seconds from 0 to 3600");
            args.settle_s = *s;
            return;
        }
        case ValueKind::percent: {
            auto pct = parse_seconds(value);
            if (!pct || *pct > 1000) throw fail("a percentage from 0 to 1000");
            args.slack_pct = *pct;
            return;
        }
        case ValueKind::watts: {
            auto w = parse_seconds(value);
            if (!w || *w <= 0) throw fail("watts (more than 0)");
            args.budget_w = *w;
            return;
        }
        case ValueKind::directory:
            if (value.empty()) throw fail("a directory");
            args.root = value;
            return;
        case ValueKind::output:
            if (value.empty()) throw fail("a file name or -");
            args.output = value;
            return;
        case ValueKind::milliseconds: {
            auto ms = parse_positive_int(value);
            if (!ms) throw fail("milliseconds");
            if (*ms < kMinIntervalMs)
                throw UsageError(fmt::format("{}: must be at least {} ms, got '{}'", display(o),
                                             kMinIntervalMs, value));
            args.interval_ms = *ms;
            return;
        }
        case ValueKind::count: {
            auto n = parse_positive_int(value);
            if (!n || *n < 1) throw fail("a number of samples (1 or more)");
            args.count = *n;
            return;
        }
        case ValueKind::seconds: {
            auto s = parse_seconds(value);
            if (!s || *s <= 0) throw fail("seconds (more than 0)");
            args.duration_s = *s;
            return;
        }
    }
}

Args defaults() {
    Args args;
    for (const auto& o : kOptions)
        if (!o.default_value.empty()) store(args, o, std::string(o.default_value));
    return args;
}

}  // namespace

Args parse(std::span<const char* const> argv) {
    Args args = defaults();
    std::vector<const OptionSpec*> seen;
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
            args.files.push_back(arg);
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
        store(args, *option, value.value_or(""));
        seen.push_back(option);
    }

    for (const OptionSpec* o : seen) {
        if (!valid_for(*o, args.command))
            throw UsageError(fmt::format("{}: only valid with {}", display(*o), commands_of(*o)));
    }
    if (exec_follows) {
        const CommandSpec* command = find_command(args.command);
        if (!command || command->trailing.empty())
            throw UsageError("'--' and a command to run need 'record', 'stat' or 'sweep'");
        if (args.exec.empty() && !args.help)
            throw UsageError(fmt::format("{}: expected a command after '--'", args.command));
    }
    if (!args.help && (args.command == "stat" || args.command == "sweep") && args.exec.empty())
        throw UsageError(fmt::format("{}: expected '--' and a command to run", args.command));
    if (!args.help && takes_operands(args.command) && args.files.empty())
        throw UsageError(fmt::format("{}: expected at least one session file", args.command));
    return args;
}

}  // namespace edgetop::cli
