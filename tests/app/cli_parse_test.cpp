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
    // A name may repeat for different commands (-o of record and of stat), with the same short
    // name (its kind may differ: --from of report and of query); never for two entries that one
    // command takes.
    std::set<std::string_view> commands;
    CommandSet known = 0;
    for (const auto& c : kCommands) {
        EXPECT_TRUE(commands.insert(c.name).second) << c.name;
        EXPECT_EQ(known & c.bit, 0U) << c.name;
        known |= c.bit;
    }
    EXPECT_EQ(known, command::all);
    for (const auto& o : kOptions) {
        for (const auto& other : kOptions) {
            if (&other == &o) continue;
            if (other.name == o.name) {
                EXPECT_EQ(other.short_name, o.short_name) << o.name;
            }
            if (other.name == o.name || (o.short_name && other.short_name == o.short_name)) {
                EXPECT_EQ(other.commands & o.commands, 0U) << o.name;
            }
        }
        EXPECT_NE(o.commands, 0U) << o.name;
        EXPECT_EQ(o.commands & ~command::all, 0U) << o.name;
        EXPECT_EQ(o.argument.empty(), o.kind == ValueKind::flag) << o.name;
        EXPECT_FALSE(o.help.empty()) << o.name;
        EXPECT_NE(o.store, nullptr) << o.name;
    }
}

TEST(CliParse, DefaultsComeFromTheTable) {
    Args args = parse_args({});
    EXPECT_EQ(args.command, "");
    EXPECT_EQ(args.global.root, "/");
    EXPECT_EQ(args.global.interval_ms, 1000);
    EXPECT_EQ(args.record.output, "-");
    EXPECT_FALSE(args.record.count);
    EXPECT_FALSE(args.record.duration_s);
    EXPECT_FALSE(args.global.check || args.global.help || args.global.version);
    EXPECT_TRUE(args.exec.empty());
}

TEST(CliParse, LongShortAndAttachedValues) {
    Args args = parse_args({"--root", "/tmp/tree", "record", "-i", "250", "--count=5", "-o", "-",
                            "--duration", "1.5"});
    EXPECT_EQ(args.command, "record");
    EXPECT_EQ(args.global.root, "/tmp/tree");
    EXPECT_EQ(args.global.interval_ms, 250);
    EXPECT_EQ(args.record.count, 5);
    EXPECT_EQ(args.record.output, "-");
    EXPECT_DOUBLE_EQ(*args.record.duration_s, 1.5);
    Args attached = parse_args({"record", "-i50", "-n3", "--output=run.jsonl", "-d", ".5"});
    EXPECT_EQ(attached.global.interval_ms, 50);
    EXPECT_EQ(attached.record.count, 3);
    EXPECT_EQ(attached.record.output, "run.jsonl");
    EXPECT_DOUBLE_EQ(*attached.record.duration_s, 0.5);
}

TEST(CliParse, GlobalOptionsGoBeforeOrAfterTheCommand) {
    EXPECT_EQ(parse_args({"record", "--root", "/x"}).global.root, "/x");
    EXPECT_EQ(parse_args({"--interval", "60", "record"}).global.interval_ms, 60);
    EXPECT_TRUE(parse_args({"--check", "--root", "/x"}).global.check);
}

TEST(CliParse, EverythingAfterDoubleDashIsTheCommand) {
    Args args = parse_args({"record", "-o", "s.jsonl", "--", "python3", "-m", "bench", "--help"});
    EXPECT_EQ(args.exec, (std::vector<std::string>{"python3", "-m", "bench", "--help"}));
    EXPECT_FALSE(args.global.help);
}

TEST(CliParse, HelpAndVersionFlags) {
    EXPECT_TRUE(parse_args({"-h"}).global.help);
    EXPECT_TRUE(parse_args({"record", "--help"}).global.help);
    EXPECT_EQ(parse_args({"record", "--help"}).command, "record");
    EXPECT_TRUE(parse_args({"-V"}).global.version);
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
              "--output: only valid with 'record' or 'import' or 'stat' or 'sweep' or "
              "'export'");
    EXPECT_EQ(error_of({"--", "sleep", "1"}),
              "'--' and a command to run need 'record', 'stat' or 'sweep'");
    EXPECT_EQ(error_of({"record", "--"}), "record: expected a command after '--'");
}

TEST(CliParse, EachCommandKeepsItsOwnOptions) {
    // The same name stores into the struct of the command it is given to, before or after it.
    EXPECT_EQ(parse_args({"-o", "a.jsonl", "record"}).record.output, "a.jsonl");
    Args imported = parse_args({"import", "tegrastats", "log.txt", "-o", "b.jsonl", "--strict"});
    EXPECT_EQ(imported.import.output, "b.jsonl");
    EXPECT_TRUE(imported.import.strict);
    EXPECT_EQ(imported.record.output, "-");
    EXPECT_EQ(imported.operands, (std::vector<std::string>{"tegrastats", "log.txt"}));
    Args stat = parse_args({"stat", "-o", "c.jsonl", "--", "true"});
    EXPECT_EQ(stat.stat.output, "c.jsonl");
    EXPECT_EQ(stat.record.output, "-");
    EXPECT_FALSE(parse_args({"stat", "--", "true"}).stat.output);
    Args sweep =
        parse_args({"sweep", "-o", "runs", "--modes", "2,MAXN_SUPER", "--json", "--", "true"});
    EXPECT_EQ(sweep.sweep.output, "runs");
    EXPECT_EQ(sweep.sweep.modes, (std::vector<std::string>{"2", "MAXN_SUPER"}));
    EXPECT_TRUE(sweep.sweep.json);
    EXPECT_FALSE(sweep.report.json);
    EXPECT_TRUE(parse_args({"report", "--json", "s.jsonl"}).report.json);
}

TEST(CliParse, SweepRestoreTakesNoCommandAndTheTimeoutIsSeconds) {
    Args restore = parse_args({"sweep", "--restore"});
    EXPECT_TRUE(restore.sweep.restore);
    EXPECT_TRUE(restore.exec.empty());
    EXPECT_EQ(error_of({"sweep", "--restore", "--", "true"}),
              "sweep: --restore takes no command to run");
    EXPECT_EQ(error_of({"sweep"}), "sweep: expected '--' and a command to run");
    EXPECT_EQ(parse_args({"sweep", "--", "true"}).sweep.nvpmodel_timeout_s, 30);
    EXPECT_EQ(
        parse_args({"sweep", "--nvpmodel-timeout", "0.5", "--", "true"}).sweep.nvpmodel_timeout_s,
        0.5);
    for (const char* bad : {"0", "-1", "inf", "x"})
        EXPECT_EQ(
            error_of({"sweep", "--nvpmodel-timeout", bad, "--", "true"}),
            std::string("--nvpmodel-timeout: expected seconds (more than 0), got '") + bad + "'")
            << bad;
    EXPECT_EQ(error_of({"stat", "--restore", "--", "true"}),
              "--restore: not an option of 'stat' (only valid with 'sweep')");
}

TEST(CliParse, ServeHistoryIsADurationWithItsUnitUpTo24Hours) {
    EXPECT_EQ(parse_args({"serve"}).serve.history_ms, 600000);
    EXPECT_EQ(parse_args({"serve", "--history", "90s"}).serve.history_ms, 90000);
    EXPECT_EQ(parse_args({"serve", "--history=1.5h"}).serve.history_ms, 5400000);
    EXPECT_FALSE(parse_args({"serve"}).serve.api_processes);
    EXPECT_TRUE(parse_args({"serve", "--api-processes"}).serve.api_processes);
    for (const char* bad : {"90", "0s", "25h", "-1m", "5x", ""})
        EXPECT_EQ(error_of({"serve", "--history", bad}),
                  std::string("--history: expected a duration up to 24h with its unit (500ms, "
                              "30s, 10m, 1h), got '") +
                      bad + "'")
            << bad;
}

TEST(CliParse, ServeLogIsItsOwnAndDashIsStandardOutput) {
    // serve --log used to share record's -o, whose default "-" meant "no log": --log - was lost.
    EXPECT_FALSE(parse_args({"serve"}).serve.log);
    EXPECT_EQ(parse_args({"serve", "--log", "-"}).serve.log, "-");
    EXPECT_EQ(parse_args({"serve", "--log=s.jsonl"}).serve.log, "s.jsonl");
    EXPECT_EQ(parse_args({"serve"}).serve.listen, std::vector<std::string>{"127.0.0.1:9102"});
}

TEST(CliParse, ListenIsRepeatableAndGivenAddressesReplaceTheDefault) {
    EXPECT_EQ(parse_args({"serve", "--listen", "unix:/run/edgetop.sock", "--listen", "[::1]:0"})
                  .serve.listen,
              (std::vector<std::string>{"unix:/run/edgetop.sock", "[::1]:0"}));
    EXPECT_EQ(parse_args({"serve", "--listen=0.0.0.0:9102"}).serve.listen,
              std::vector<std::string>{"0.0.0.0:9102"});
    for (const char* bad : {"unix:", "localhost:9102", "/run/edgetop.sock"})
        EXPECT_EQ(error_of({"serve", "--listen", bad}),
                  std::string("--listen: expected ADDR:PORT with a numeric address (e.g. "
                              "127.0.0.1:9102 or [::1]:9102) or unix:PATH, got '") +
                      bad + "'")
            << bad;
    EXPECT_EQ(error_of({"serve", "--stream-clients", "0"}),
              "--stream-clients: expected a number of clients from 1 to 4096, got '0'");
}

TEST(CliParse, RotateTakesBytesOrBinarySuffixes) {
    EXPECT_EQ(parse_args({"record", "--rotate", "4096"}).record.rotate_bytes, 4096);
    EXPECT_EQ(parse_args({"record", "--rotate", "64k"}).record.rotate_bytes, 64 * 1024);
    EXPECT_EQ(parse_args({"record", "--rotate", "10M"}).record.rotate_bytes, 10 * 1024 * 1024);
    EXPECT_EQ(parse_args({"serve", "--rotate=2G"}).record.rotate_bytes, int64_t{2} << 30);
    EXPECT_EQ(parse_args({"record", "--rotate", "1M", "--keep", "5"}).record.keep_files, 5);
    for (const char* bad : {"4095", "3k", "1x", "k", "-1M", "1.5M", "", "99999999999G"})
        EXPECT_EQ(error_of({"record", "--rotate", bad}),
                  std::string("--rotate: expected a size of 4k or more (bytes, or k, M, G: KiB, "
                              "MiB, GiB), got '") +
                      bad + "'")
            << bad;
    EXPECT_EQ(error_of({"record", "--keep", "0"}),
              "--keep: expected a number of files (1 or more), got '0'");
}

TEST(CliParse, EveryOptionStoresIntoItsCommand) {
    // Each entry's kind converts a value its member can hold (else std::bad_variant_access), and
    // stores it where its command reads it: the parse differs from the defaults.
    for (const auto& o : kOptions) {
        for (const auto& c : kCommands) {
            if ((o.commands & c.bit) == 0) continue;
            std::vector<std::string> words;
            if (!c.name.empty()) words.emplace_back(c.name);
            std::string option = "--" + std::string(o.name);
            if (o.kind != ValueKind::flag) {
                std::string value = o.kind == ValueKind::milliseconds      ? "60"
                                    : o.kind == ValueKind::format          ? "tegrastats"
                                    : o.kind == ValueKind::export_format   ? "perfetto"
                                    : o.kind == ValueKind::address         ? "127.0.0.1:1"
                                    : o.kind == ValueKind::year            ? "2024"
                                    : o.kind == ValueKind::rule_assignment ? "a.b=1"
                                    : o.kind == ValueKind::size            ? "2M"
                                    : o.kind == ValueKind::duration        ? "2m"
                                    : o.kind == ValueKind::query_format    ? "json"
                                    : o.kind == ValueKind::url             ? "unix:/run/e.sock"
                                    : o.kind == ValueKind::seconds         ? "3"
                                                                           : "2";
                option += "=" + value;
            }
            std::vector<std::string> operands;
            if (c.name == "report" || c.name == "replay" || c.name == "export")
                operands = {"s.jsonl"};
            if (c.name == "import") operands = {"tegrastats", "l.txt"};
            // query reads fields, or nvidia-smi's fields with --smi or --query-gpu (either
            // alone); --ca verifies an https --from.
            if (c.name == "query") {
                if (o.name == "smi")
                    operands = {"--query-gpu=name"};
                else if (o.name == "query-gpu")
                    operands = {"--smi"};
                else
                    operands = {"power_total_mw"};
                if (o.name == "ca") operands.emplace_back("--from=https://127.0.0.1:1");
            }
            // fleet reads boards; its credentials go in pairs, given together.
            std::string partner;
            if (c.name == "fleet") {
                operands = {"http://127.0.0.1:1"};
                partner = o.name == "cert"            ? "--key=k.pem"
                          : o.name == "key"           ? "--cert=c.pem"
                          : o.name == "user"          ? "--password-file=p"
                          : o.name == "password-file" ? "--user=u"
                                                      : "";
            }
            // --restore stands in for the command to run: without it, that command is needed.
            bool replaces_command = o.name == "restore";
            if (!c.trailing.empty() && !replaces_command) operands = {"--", "true"};
            auto parse_words = [&](bool with_option) {
                std::vector<const char*> argv;
                for (const auto& w : words)
                    argv.push_back(w.c_str());
                if (with_option) argv.push_back(option.c_str());
                if (with_option && !partner.empty()) argv.push_back(partner.c_str());
                for (const auto& w : operands)
                    argv.push_back(w.c_str());
                return parse_args(argv);
            };
            Args without;
            if (replaces_command) {
                without = parse_args({words[0].c_str(), "--", "true"});
                without.exec.clear();
            } else {
                without = parse_words(false);
            }
            Args with;
            ASSERT_NO_THROW(with = parse_words(true)) << option << " of '" << c.name << "'";
            EXPECT_NE(with, without) << option << " of '" << c.name << "' stores nothing";
        }
    }
}

TEST(CliParse, AnOptionGivenToACommandThatDoesNotTakeItIsAnError) {
    EXPECT_EQ(error_of({"report", "--once", "s.jsonl"}),
              "--once: not an option of 'report' (only valid with no command or 'fleet')");
    EXPECT_EQ(error_of({"report", "--count", "3", "s.jsonl"}),
              "--count: not an option of 'report' (only valid with 'record')");
    EXPECT_EQ(error_of({"serve", "-o", "s.jsonl"}),
              "--output: not an option of 'serve' (only valid with 'record' or 'import' or 'stat' "
              "or 'sweep' or 'export')");
    EXPECT_EQ(error_of({"--page", "2", "record"}),
              "--page: not an option of 'record' (only valid with no command or 'replay')");
    EXPECT_EQ(error_of({"import", "tegrastats", "l.txt", "--root", "/x"}),
              "--root: not an option of 'import' (only valid with no command or 'record' or "
              "'stat' or 'sweep' or 'serve' or 'query')");
    EXPECT_EQ(error_of({"--log", "-"}), "--log: only valid with 'serve'");
    // A bad value is named before the command is looked at, as before.
    EXPECT_EQ(error_of({"report", "--page", "9", "s.jsonl"}),
              "--page: expected a page number from 1 to 8, got '9'");
    // Options every command takes.
    EXPECT_TRUE(parse_args({"import", "--help"}).global.help);
    EXPECT_TRUE(parse_args({"serve", "-V"}).global.version);
    EXPECT_EQ(parse_args({"replay", "--page", "7", "--ascii", "s.jsonl"}).view.page, 7);
}

}  // namespace
}  // namespace edgetop::cli
