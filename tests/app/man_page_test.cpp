// The man page documents exactly the options and commands that --help (generated from the
// option table) shows; its COMMANDS and OPTIONS sections are the table's, and its RULES section
// the rule catalog's, byte for byte.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/rules_catalog.hpp"
#include "cli/cli_man.hpp"

namespace {

std::string man_path() {
    return std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The section as man/edgetop.1 has it must be the generated one; `make man` writes them (after
// editing cli/cli_table.hpp, cli/cli_commands.hpp or analysis/rules_catalog.cpp).
void expect_generated_section(const std::string& name, const std::string& generated) {
    std::string current = edgetop::cli::man_section(read_file(man_path()), name);
    ASSERT_FALSE(current.empty()) << "man/edgetop.1 has no section " << name;
    EXPECT_EQ(current, generated)
        << "man/edgetop.1 " << name
        << " differs from its table (cli/cli_table.hpp, cli/cli_commands.hpp or "
           "analysis/rules_catalog.cpp); rewrite it with `make man`";
}

std::string run_binary(const std::string& args) {
    std::string command = std::string(EDGETOP_BINARY) + " " + args;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return "";
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0)
        out.append(buf, n);
    pclose(pipe);
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        lines.push_back(line);
    return lines;
}

// "--interval", "-i" and the pairing "-i=--interval" of every option named in `text`.
void collect_options(const std::string& text, std::set<std::string>& into) {
    static const std::regex long_option(R"((?:^|[\s,"\[])--([a-z][a-z-]*))");
    static const std::regex short_option(R"((?:^|[\s"\[])-([A-Za-z])(?=[\s,"\]]|$))");
    std::string first_short;
    for (std::sregex_iterator it(text.begin(), text.end(), short_option), end; it != end; ++it) {
        into.insert("-" + (*it)[1].str());
        if (first_short.empty()) first_short = "-" + (*it)[1].str();
    }
    for (std::sregex_iterator it(text.begin(), text.end(), long_option), end; it != end; ++it) {
        into.insert("--" + (*it)[1].str());
        if (!first_short.empty()) into.insert(first_short + "=--" + (*it)[1].str());
    }
}

struct Documented {
    std::set<std::string> options;
    std::set<std::string> commands;
};

// Option entries of --help are lines indented by two spaces that start with "-".
Documented from_help(const std::string& help) {
    Documented d;
    bool in_commands = false;
    for (const auto& line : lines_of(help)) {
        if (line.empty() || line[0] != ' ') {
            in_commands = line == "Commands:";
            continue;
        }
        std::string entry = line.substr(line.find_first_not_of(' '));
        // The label ends where the two-space gap before the description starts.
        std::string label = entry.substr(0, entry.find("  "));
        if (line.starts_with("  ") && !line.starts_with("   ") && in_commands)
            d.commands.insert(label);
        else if (line.size() > 2 && (line[2] == '-' || line.starts_with("      --")))
            collect_options(label, d.options);
    }
    return d;
}

// Replaces roff escapes and font changes with plain text.
std::string plain(std::string line) {
    line = std::regex_replace(line, std::regex(R"(\\f[BIRP])"), "");
    line = std::regex_replace(line, std::regex(R"(\\-)"), "-");
    line = std::regex_replace(line, std::regex(R"(^\.[A-Z]+\s*)"), "");
    line = std::regex_replace(line, std::regex("\""), "");
    return line;
}

// Option entries of the man page are the tag lines after .TP in OPTIONS; commands are the tag
// lines after .TP in COMMANDS.
Documented from_man(const std::string& path) {
    std::ifstream in(path);
    Documented d;
    std::string section, line;
    bool tag_next = false;
    while (std::getline(in, line)) {
        if (line.starts_with(".SH ")) {
            section = line.substr(4);
            continue;
        }
        if (line.starts_with(".TP")) {
            tag_next = true;
            continue;
        }
        if (!tag_next) continue;
        tag_next = false;
        if (section == "OPTIONS") collect_options(plain(line), d.options);
        if (section == "COMMANDS") d.commands.insert(plain(line));
    }
    return d;
}

std::string join(const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s)
        out += x + " ";
    return out;
}

TEST(ManPage, DocumentsExactlyTheOptionsOfHelp) {
    std::string help = run_binary("--help") + run_binary("record --help");
    Documented from_binary = from_help(help);
    Documented documented = from_man(std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1");
    ASSERT_FALSE(from_binary.options.empty()) << help;
    EXPECT_TRUE(from_binary.options.contains("--interval"));
    EXPECT_TRUE(from_binary.options.contains("-o=--output"));
    EXPECT_EQ(join(documented.options), join(from_binary.options))
        << "man/edgetop.1 OPTIONS and edgetop --help list different options";
}

TEST(ManPage, DocumentsExactlyTheCommandsOfHelp) {
    Documented from_binary = from_help(run_binary("--help"));
    from_binary.commands.erase("(none)");
    Documented documented = from_man(std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1");
    EXPECT_EQ(join(documented.commands), join(from_binary.commands));
    EXPECT_TRUE(documented.commands.contains("record"));
}

TEST(ManPage, HasEverySection) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const char* section :
         {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "RULES", "KEYS", "TOTAL POWER",
          "FILES", "ENVIRONMENT", "PERMISSIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"})
        EXPECT_NE(text.find(std::string("\n.SH ") + section + "\n"), std::string::npos) << section;
    EXPECT_NE(text.find("CAP_DAC_READ_SEARCH"), std::string::npos);
}

TEST(ManPage, CommandsSectionIsTheTables) {
    expect_generated_section("COMMANDS", edgetop::cli::man_commands_section());
}

TEST(ManPage, OptionsSectionIsTheTables) {
    expect_generated_section("OPTIONS", edgetop::cli::man_options_section());
}

TEST(ManPage, RulesSectionIsTheCatalog) {
    expect_generated_section("RULES", edgetop::cli::man_rules_section());
}

TEST(ManPage, MakeManRewritesOnlyTheGeneratedSections) {
    // A page whose OPTIONS section is stale and whose own text around it is the author's.
    std::string page =
        ".TH EDGETOP 1\n.SH NAME\nedgetop\n.SH COMMANDS\nold\n.SH OPTIONS\n"
        ".TP\n\\-\\-gone\nremoved\n.SH RULES\nold\n.SH KEYS\nmine\n";
    auto updated = edgetop::cli::with_generated_sections(page);
    ASSERT_TRUE(updated);
    EXPECT_EQ(edgetop::cli::man_section(*updated, "OPTIONS"), edgetop::cli::man_options_section());
    EXPECT_EQ(edgetop::cli::man_section(*updated, "RULES"), edgetop::cli::man_rules_section());
    EXPECT_EQ(edgetop::cli::man_section(*updated, "KEYS"), ".SH KEYS\nmine\n");
    EXPECT_TRUE(updated->starts_with(".TH EDGETOP 1\n.SH NAME\nedgetop\n.SH COMMANDS\n"));
    EXPECT_EQ(edgetop::cli::with_generated_sections(*updated), *updated);
    EXPECT_FALSE(edgetop::cli::with_generated_sections(".SH NAME\nedgetop\n.SH OPTIONS\nx\n"));
}

TEST(ManPage, RulesSectionDescribesEveryRuleAndThreshold) {
    // Each rule of the catalog has one entry (its tag with its severity, then the first words of
    // its description) and each of its thresholds one row ("-" and "°" as roff writes them).
    const std::string section = edgetop::cli::man_rules_section();
    for (const auto& rule : edgetop::analysis::rule_catalog()) {
        std::string tag = ".TP\n.BR " + rule.id + " \" (" +
                          std::string(edgetop::analysis::to_string(rule.severity)) + ")\"\n";
        size_t at = section.find(tag);
        ASSERT_NE(at, std::string::npos) << rule.id;
        EXPECT_EQ(section.find(tag, at + 1), std::string::npos) << rule.id << " described twice";
        std::string first_words = rule.description.substr(0, rule.description.find(' ', 6));
        EXPECT_EQ(section.compare(at + tag.size(), first_words.size(), first_words), 0)
            << rule.id << ": " << section.substr(at, 200);
        for (const auto& param : rule.params)
            EXPECT_NE(section.find("\n" + rule.id + "." + param.key + " "), std::string::npos)
                << rule.id << "." << param.key;
    }
    EXPECT_NE(section.find("\nthermal_throttle.warn_c                  85 \\(deC   limit"),
              std::string::npos);
    EXPECT_NE(section.find("GPU\\-holding process or an online core at or above this\n"),
              std::string::npos);
    EXPECT_NE(section.find("\n.BR cpu_oversubscribed \" (warning)\"\nMore busy processes "
                           "(\\(>= busy_cpu_pct"),
              std::string::npos);
    EXPECT_NE(section.find("\n.BR thermal_throttle \" (critical)\"\n"), std::string::npos);
}

TEST(ManPage, GeneratedSectionsAreWholeRoffSections) {
    // The generated text replaces whole sections: it must start with its .SH line, end a line,
    // and hold no other .SH (which would swallow the next section on regeneration).
    for (const std::string& section :
         {edgetop::cli::man_commands_section(), edgetop::cli::man_options_section(),
          edgetop::cli::man_rules_section()}) {
        ASSERT_FALSE(section.empty());
        EXPECT_TRUE(section.starts_with(".SH "));
        EXPECT_EQ(section.back(), '\n');
        EXPECT_EQ(section.find("\n.SH "), std::string::npos);
    }
    EXPECT_NE(edgetop::cli::man_options_section().find(".SS Options of serve\n.TP\n"
                                                       ".BI \\-\\-listen \" ADDR:PORT\"\n"),
              std::string::npos);
    EXPECT_NE(edgetop::cli::man_options_section().find(".BI \\-i \", \" \\-\\-interval \" MS\"\n"),
              std::string::npos);
}

TEST(ManPage, InstalledPageNamesTheProgramsVersion) {
    // The build writes the page to install with project()'s version in its title.
    std::string binary = EDGETOP_BINARY;
    std::string built = read_file(binary.substr(0, binary.rfind('/')) + "/man/edgetop.1");
    std::string version = run_binary("--version");  // "edgetop X.Y.Z\n"
    ASSERT_FALSE(version.empty());
    version.pop_back();
    std::string title = built.substr(0, built.find('\n'));
    EXPECT_TRUE(title.starts_with(".TH EDGETOP 1 ")) << title;
    EXPECT_NE(title.find("\"" + version + "\""), std::string::npos) << title;
    EXPECT_NE(read_file(man_path()).find("\"edgetop @PROJECT_VERSION@\""), std::string::npos);
}

// The parser of this test must see a difference, or it proves nothing.
TEST(ManPage, ComparisonNoticesAMissingOption) {
    std::set<std::string> a, b;
    collect_options("-i, --interval MS", a);
    collect_options(plain(R"(.BI \-i ", " \-\-interval " MS")"), b);
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, (std::set<std::string>{"-i", "--interval", "-i=--interval"}));
    std::set<std::string> c;
    collect_options(plain(R"(.BI \-\-intervals " MS")"), c);
    EXPECT_NE(a, c);
    std::set<std::string> none;
    collect_options(plain(R"(.BI \-\- " CMD \fR[\fPARGS\fR...]\fP")"), none);
    EXPECT_TRUE(none.empty());
}

}  // namespace
