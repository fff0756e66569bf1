#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "cli/cli_parse.hpp"
#include "cli/cli_table.hpp"

namespace edgetop::cli {
namespace {

Args parse_args(std::vector<const char*> args) {
    return parse(args);
}

std::string error_of(std::vector<const char*> args) {
    try {
        parse(args);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

TEST(CliTable, NamesAreUniqueAndBelongToKnownCommands) {
    // A name may repeat for different commands (-o of record and of stat), with the same kind
    // and short name; never twice for one command or next to a global option of that name.
    std::set<std::pair<std::string_view, std::string_view>> longs;
    std::set<std::pair<char, std::string_view>> shorts;
    std::set<std::string_view> commands;
    for (const auto& c : kCommands)
        EXPECT_TRUE(commands.insert(c.name).second) << c.name;
    for (const auto& o : kOptions) {
        EXPECT_TRUE(longs.insert({o.name, o.command}).second) << o.name;
        for (const auto& other : kOptions)
            if (other.name == o.name) {
                EXPECT_EQ(other.kind, o.kind) << o.name;
                EXPECT_EQ(other.short_name, o.short_name) << o.name;
                if (&other != &o) {
                    EXPECT_FALSE(other.command.empty() || o.command.empty()) << o.name;
                }
            }
        if (o.short_name) {
            EXPECT_TRUE(shorts.insert({o.short_name, o.command}).second) << o.short_name;
        }
        EXPECT_TRUE(commands.contains(o.command)) << o.name;
        EXPECT_EQ(o.argument.empty(), o.kind == ValueKind::flag) << o.name;
        EXPECT_FALSE(o.help.empty()) << o.name;
    }
}

TEST(CliParse, DefaultsComeFromTheTable) {
    Args args = parse_args({});
    EXPECT_EQ(args.command, "");
    EXPECT_EQ(args.root, "/");
    EXPECT_EQ(args.interval_ms, 1000);
    EXPECT_EQ(args.output, "-");
    EXPECT_FALSE(args.count);
    EXPECT_FALSE(args.duration_s);
    EXPECT_FALSE(args.check || args.help || args.version);
    EXPECT_TRUE(args.exec.empty());
}

TEST(CliParse, LongShortAndAttachedValues) {
    Args args = parse_args({"--root", "/tmp/tree", "record", "-i", "250", "--count=5", "-o", "-",
                            "--duration", "1.5"});
    EXPECT_EQ(args.command, "record");
    EXPECT_EQ(args.root, "/tmp/tree");
    EXPECT_EQ(args.interval_ms, 250);
    EXPECT_EQ(args.count, 5);
    EXPECT_EQ(args.output, "-");
    EXPECT_DOUBLE_EQ(*args.duration_s, 1.5);
    Args attached = parse_args({"record", "-i50", "-n3", "--output=run.jsonl", "-d", ".5"});
    EXPECT_EQ(attached.interval_ms, 50);
    EXPECT_EQ(attached.count, 3);
    EXPECT_EQ(attached.output, "run.jsonl");
    EXPECT_DOUBLE_EQ(*attached.duration_s, 0.5);
}

TEST(CliParse, GlobalOptionsGoBeforeOrAfterTheCommand) {
    EXPECT_EQ(parse_args({"record", "--root", "/x"}).root, "/x");
    EXPECT_EQ(parse_args({"--interval", "60", "record"}).interval_ms, 60);
    EXPECT_TRUE(parse_args({"--check", "--root", "/x"}).check);
}

TEST(CliParse, EverythingAfterDoubleDashIsTheCommand) {
    Args args = parse_args({"record", "-o", "s.jsonl", "--", "python3", "-m", "bench", "--help"});
    EXPECT_EQ(args.exec, (std::vector<std::string>{"python3", "-m", "bench", "--help"}));
    EXPECT_FALSE(args.help);
}

TEST(CliParse, HelpAndVersionFlags) {
    EXPECT_TRUE(parse_args({"-h"}).help);
    EXPECT_TRUE(parse_args({"record", "--help"}).help);
    EXPECT_EQ(parse_args({"record", "--help"}).command, "record");
    EXPECT_TRUE(parse_args({"-V"}).version);
}

TEST(CliParse, MistakesNameTheProblem) {
    EXPECT_EQ(error_of({"--interval", "abc"}), "--interval: expected milliseconds, got 'abc'");
    EXPECT_EQ(error_of({"-i", "1e3"}), "--interval: expected milliseconds, got '1e3'");
    EXPECT_EQ(error_of({"--interval", "-100"}), "--interval: expected milliseconds, got '-100'");
    EXPECT_EQ(error_of({"--interval", "99999999999999999999"}),
              "--interval: expected milliseconds, got '99999999999999999999'");
    EXPECT_EQ(error_of({"--interval", "49"}), "--interval: must be at least 50 ms, got '49'");
    EXPECT_EQ(error_of({"--interval"}), "--interval: missing value MS");
    EXPECT_EQ(error_of({"--interval="}), "--interval: expected milliseconds, got ''");
    EXPECT_EQ(error_of({"--root", ""}), "--root: expected a directory, got ''");
    EXPECT_EQ(error_of({"record", "-n", "0"}),
              "--count: expected a number of samples (1 or more), got '0'");
    EXPECT_EQ(error_of({"record", "-n", "2.5"}),
              "--count: expected a number of samples (1 or more), got '2.5'");
    EXPECT_EQ(error_of({"record", "-d", "0"}),
              "--duration: expected seconds (more than 0), got '0'");
    EXPECT_EQ(error_of({"record", "-d", "inf"}),
              "--duration: expected seconds (more than 0), got 'inf'");
    EXPECT_EQ(error_of({"--bogus"}), "unknown option '--bogus'");
    EXPECT_EQ(error_of({"-x"}), "unknown option '-x'");
    EXPECT_EQ(error_of({"-hV"}), "unknown option '-hV'");
    EXPECT_EQ(error_of({"--check=1"}), "--check: takes no value");
    EXPECT_EQ(error_of({"top"}), "unknown command 'top'");
    EXPECT_EQ(error_of({"record", "record"}), "unknown command 'record'");
    EXPECT_EQ(error_of({"-o", "x.jsonl"}),
              "--output: only valid with 'record' or 'import' or 'stat' or 'sweep'");
    EXPECT_EQ(error_of({"--", "sleep", "1"}),
              "'--' and a command to run need 'record', 'stat' or 'sweep'");
    EXPECT_EQ(error_of({"record", "--"}), "record: expected a command after '--'");
}

}  // namespace
}  // namespace edgetop::cli
