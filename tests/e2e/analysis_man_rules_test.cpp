// The man page's rule table is the built-in one: every rule, key, default and unit.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "analysis/rules_catalog.hpp"

namespace {

std::string man_rule_table() {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1");
    std::string line, table;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line == R"(.\" BEGIN RULE TABLE)") {
            inside = true;
            continue;
        }
        if (line == R"(.\" END RULE TABLE)") break;
        if (!inside) continue;
        line = std::regex_replace(line, std::regex(R"(\\-)"), "-");
        line = std::regex_replace(line, std::regex(R"(\\\(de)"), "°");
        table += line + "\n";
    }
    return table;
}

TEST(ManPageRules, ListsTheBuiltInRuleTableExactly) {
    EXPECT_EQ(man_rule_table(), edgetop::analysis::format_rule_table())
        << "regenerate the RULES table of man/edgetop.1 from format_rule_table()";
}

TEST(ManPageRules, NamesEveryRuleAndKey) {
    const std::string table = man_rule_table();
    ASSERT_FALSE(table.empty());
    for (const auto& rule : edgetop::analysis::rule_catalog())
        for (const auto& param : rule.params)
            EXPECT_NE(table.find(rule.id + "." + param.key), std::string::npos)
                << rule.id << "." << param.key;
}

TEST(ManPageRules, DescribesEveryRuleOfTheCatalogOnce) {
    // The tags (.TP, then .B ID or .BR ID ", " ID) of RULES name each rule of the catalog once.
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/man/edgetop.1");
    std::string line, section;
    std::multiset<std::string> described;
    bool tag_next = false;
    while (std::getline(in, line)) {
        if (line.starts_with(".SH ")) section = line.substr(4);
        if (section != "RULES") continue;
        if (line == ".TP") {
            tag_next = true;
            continue;
        }
        if (!tag_next) continue;
        tag_next = false;
        std::istringstream words(std::regex_replace(line, std::regex(R"(^\.BR? |"|,)"), " "));
        for (std::string word; words >> word;)
            described.insert(word);
    }
    std::multiset<std::string> catalog;
    for (const auto& rule : edgetop::analysis::rule_catalog())
        catalog.insert(rule.id);
    EXPECT_EQ(described, catalog);
}

}  // namespace
