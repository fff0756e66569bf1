// The energy part of `edgetop report` in text and JSON: a session whose samples carry no power
// reading at all has no energy figure (n/a, null), never "0 J".
#include <gtest/gtest.h>

#include <regex>

#include "report/report_builder.hpp"
#include "report/report_json.hpp"
#include "report/report_text.hpp"

namespace edgetop {
namespace {

// A machine without power sensors (an x86 box without RAPL, or a tegrastats capture without rail
// columns): CPU load and a temperature every second, nothing about power.
Sample unpowered(double t_s) {
    Sample s;
    s.t_s = t_s;
    s.cpu.util_pct = 20 + t_s;
    s.thermal.push_back({"x86_pkg_temp", 45.0 + t_s / 10});
    return s;
}

Sample powered(double t_s) {
    Sample s = unpowered(t_s);
    s.rails.push_back({"VDD_IN", true, 5000, 1000, 5000, {}, {}, {}, {}, {}, {}, false});
    s.power_total_mw = 5000;
    return s;
}

analysis::SessionReport report_of(Sample (*make)(double)) {
    analysis::SessionReportBuilder builder("box.jsonl", Board{}, 1000);
    for (int i = 0; i <= 10; ++i)
        builder.add_sample(make(i));
    return builder.finish();
}

// The "total" row of the energy block (the distributions have a "total" power row too).
std::string energy_total_row(const std::string& text) {
    std::string energy = text.substr(text.find("\nenergy "));
    std::smatch m;
    static const std::regex row(R"(\n(  total [^\n]*)\n)");
    return std::regex_search(energy, m, row) ? m[1].str() : "";
}

TEST(ReportEnergyText, NoPowerReadingsIsNotAvailableNotZero) {
    auto r = report_of(unpowered);
    EXPECT_TRUE(r.rail_energy.empty());
    std::string row = energy_total_row(format_report(r));
    ASSERT_FALSE(row.empty()) << format_report(r);
    EXPECT_TRUE(std::regex_search(row, std::regex(R"(^  total\s+n/a\s+n/a\s+n/a\s+0$)"))) << row;

    auto total = report_to_json(r)["energy"]["total"];
    EXPECT_TRUE(total["joules"].is_null()) << total;
    EXPECT_TRUE(total["wh"].is_null()) << total;
    EXPECT_TRUE(total["average_w"].is_null()) << total;
    EXPECT_EQ(total["covered_s"], 0.0);
    EXPECT_EQ(total["skipped_s"], 10.0);
}

TEST(ReportEnergyText, FiveWattsForTenSecondsIsFiftyJoules) {
    auto r = report_of(powered);
    std::string row = energy_total_row(format_report(r));
    EXPECT_TRUE(std::regex_search(row, std::regex(R"(^  total\s+50\s+0\.0139\s+5\s+10$)"))) << row;
    auto total = report_to_json(r)["energy"]["total"];
    EXPECT_DOUBLE_EQ(total["joules"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(total["wh"].get<double>(), 50.0 / 3600);
}

TEST(ReportEnergyText, ComparisonSaysNotAvailableForTheSessionWithoutPower) {
    std::string table = format_comparison({report_of(powered), report_of(unpowered)});
    EXPECT_TRUE(std::regex_search(table, std::regex(R"(energy J\s+50\s+n/a)"))) << table;
    EXPECT_TRUE(std::regex_search(table, std::regex(R"(avg power W\s+5\s+n/a)"))) << table;
}

}  // namespace
}  // namespace edgetop
