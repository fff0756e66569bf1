// An option's default is written in its table entry (default_value, which --help prints as
// "(default: X)") and again in its man text ("Default: X." or "(default X)"): the two must agree.
#include <gtest/gtest.h>

#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/cli_table.hpp"

namespace edgetop::cli {
namespace {

// Roff source as the words it prints: a font macro's arguments joined as it joins them
// (".BR / ." prints "/."), "\-" as "-", lines joined by spaces.
std::string printed(std::string_view roff) {
    std::istringstream in{std::string(roff)};
    std::string out, line;
    while (std::getline(in, line)) {
        static const std::regex font_macro(R"(^\.(B|I|BR|RB|IR|RI|BI|IB) )");
        if (std::regex_search(line, font_macro)) {
            line = line.substr(line.find(' ') + 1);
            std::string joined;
            bool quoted = false;
            for (char c : line) {
                if (c == '"')
                    quoted = !quoted;
                else if (c != ' ' || quoted)
                    joined += c;
            }
            line = joined;
        }
        if (!out.empty()) out += ' ';
        out += line;
    }
    return std::regex_replace(out, std::regex(R"(\\-)"), "-");
}

// The default a text states ("Default: 1000.", "(default 5; 0 allowed)", "(default: every mode"),
// without the sentence's full stop.
std::optional<std::string> stated_default(std::string_view text) {
    static const std::regex pattern(R"((?:Default:|\(default:?) ([^ ;)]+))");
    std::string s(text);
    std::smatch m;
    if (!std::regex_search(s, m, pattern)) return std::nullopt;
    std::string value = m[1].str();
    if (value.size() > 1 && value.back() == '.') value.pop_back();
    return value;
}

TEST(CliDefaults, ManTextStatesTheTablesDefault) {
    int stated = 0;
    for (const auto& o : kOptions) {
        auto in_man = stated_default(printed(o.man));
        auto in_help = stated_default(o.help);
        if (!o.default_value.empty()) {
            // --help appends the table's default; the help text must not state another one.
            EXPECT_FALSE(in_help) << o.name << ": help states " << *in_help;
            ASSERT_TRUE(in_man) << o.name << ": the man text states no default; the table says "
                                << o.default_value;
            EXPECT_EQ(*in_man, o.default_value) << o.name;
            ++stated;
        } else {
            // A default that is no value ("every mode") is stated in both texts, the same.
            EXPECT_EQ(in_man, in_help) << o.name;
        }
    }
    EXPECT_GE(stated, 10);
}

// The comparison must see each way a man text writes a default, and a disagreement.
TEST(CliDefaults, ReadsEveryWayADefaultIsWritten) {
    EXPECT_EQ(stated_default(printed("Sampling interval.\nDefault: 1000.\n")), "1000");
    EXPECT_EQ(stated_default(printed("no process table.\nDefault:\n.BR / .\n")), "/");
    EXPECT_EQ(stated_default(printed("standard output.\nDefault:\n.BR \\- .\n")), "-");
    EXPECT_EQ(stated_default(printed("the run (default 5; 0 allowed).\n")), "5");
    EXPECT_EQ(stated_default(printed("fastest time (default 10).\n")), "10");
    EXPECT_EQ(stated_default(printed("Default: 127.0.0.1:9102.\n")), "127.0.0.1:9102");
    EXPECT_EQ(stated_default("separated by commas (default: every mode of the configuration)"),
              "every");
    EXPECT_EQ(stated_default(printed(".B 0.0.0.0:9102\nits default;\n")), std::nullopt);
    EXPECT_NE(stated_default(printed("Default: 500.\n")), "1000");
}

}  // namespace
}  // namespace edgetop::cli
