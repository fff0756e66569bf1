#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "cli/cli_help.hpp"
#include "cli/cli_table.hpp"
#include "edgetop/view_keys.hpp"

namespace edgetop::cli {
namespace {

TEST(CliHelp, ListsEveryOptionOfTheTableWithItsDefault) {
    std::string help = help_text("");
    for (const auto& o : kOptions) {
        EXPECT_NE(help.find("--" + std::string(o.name)), std::string::npos) << o.name;
        if (o.short_name) {
            std::string label = std::string("-") + o.short_name + ", --" + std::string(o.name);
            EXPECT_NE(help.find(label), std::string::npos) << o.name;
        }
    }
    EXPECT_NE(help.find("(default: 1000)"), std::string::npos);
    EXPECT_NE(help.find("Commands:\n  (none)"), std::string::npos);
    EXPECT_NE(help.find("\n  record "), std::string::npos);
    EXPECT_NE(help.find("-- CMD [ARGS...]"), std::string::npos);
}

TEST(CliHelp, CommandHelpShowsItsOwnOptionsFirst) {
    std::string help = help_text("record");
    EXPECT_TRUE(help.starts_with("Usage: edgetop record [OPTIONS] [-- CMD [ARGS...]]\n"));
    size_t own = help.find("--count");
    size_t global = help.find("Global options:");
    ASSERT_NE(own, std::string::npos);
    ASSERT_NE(global, std::string::npos);
    EXPECT_LT(own, global);
    EXPECT_NE(help.find("--root", global), std::string::npos);
}

TEST(CliHelp, CommandHelpListsOnlyTheOptionsItTakes) {
    // Every option of the table is in the help of each command that takes it, and in no other.
    for (const auto& c : kCommands) {
        if (c.name.empty()) continue;
        std::string help = help_text(c.name);
        for (const auto& o : kOptions) {
            bool listed = help.find("--" + std::string(o.name) + " ") != std::string::npos ||
                          help.find("--" + std::string(o.name) + "\n") != std::string::npos;
            bool taken = false;
            for (const auto& other : kOptions)
                if (other.name == o.name && (other.commands & c.bit) != 0) taken = true;
            EXPECT_EQ(listed, taken) << "--" << o.name << " in the help of " << c.name;
        }
    }
    EXPECT_EQ(help_text("report").find("--once"), std::string::npos);
    EXPECT_NE(help_text("replay").find("--page N"), std::string::npos);
}

TEST(CliHelp, FitsEightyColumns) {
    for (const char* command : {"", "record"}) {
        std::istringstream in(help_text(command));
        std::string line;
        while (std::getline(in, line))
            EXPECT_LE(line.size(), 80u) << line;
    }
}

TEST(CliHelp, EveryOptionLabelIsSetApartFromItsText) {
    std::string help = help_text("");
    for (const auto& o : kOptions) {
        std::string label = "--" + std::string(o.name);
        if (!o.argument.empty()) label += " " + std::string(o.argument);
        // The label's own line: "  -o, --output FILE  ..." or "      --once  ...".
        size_t at = help.find((o.short_name ? ", " : "    ") + label);
        ASSERT_NE(at, std::string::npos) << label;
        char after = help[at + (o.short_name ? 2 : 4) + label.size()];
        EXPECT_TRUE(after == ' ' || after == '\n') << "runs into its text: " << label;
    }
}

// The view's keys: every entry of the table the view's own help draws, with the start of its
// action.
TEST(CliHelp, ListsEveryKeyOfTheView) {
    std::string help = help_text("");
    size_t section = help.find("Keys of the interactive view");
    ASSERT_NE(section, std::string::npos);
    for (const auto& key : kViewKeys) {
        size_t at = help.find("  " + std::string(key.keys) + " ", section);
        ASSERT_NE(at, std::string::npos) << key.keys;
        std::string first_word(key.action.substr(0, key.action.find(' ')));
        EXPECT_NE(help.find(first_word, at), std::string::npos) << key.keys;
    }
    EXPECT_NE(help.find("power mode", section), std::string::npos);
    EXPECT_NE(help.find("jetson_clocks", section), std::string::npos);
}

TEST(CliHelp, Version) {
    EXPECT_TRUE(std::regex_match(version_text(), std::regex("edgetop [0-9]+\\.[0-9]+\\.[0-9]+\n")))
        << version_text();
}

}  // namespace
}  // namespace edgetop::cli
