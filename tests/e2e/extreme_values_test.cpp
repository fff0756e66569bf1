// A session carrying values at the edge of what JSON can hold: times outside what a time_point
// holds (RFC 3339 parsing overflowed), a clock of 9.2e15 kHz (overflowed as hertz), and 1.8e308
// (printed as a 309-digit number). Under the suite's sanitizers any overflow fails the run; the
// outputs must stay short.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <regex>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

// A real recording of the Orin Nano fixture with its values pushed to the extremes.
std::string extreme_session(const TempDir& tmp) {
    std::string path = tmp.file("real.jsonl");
    RunResult run = run_edgetop(
        {"record", "--root", fixture_root("orin-nano"), "-n", "3", "-i", "50", "-o", path});
    EXPECT_EQ(run.status, 0) << run.err;
    std::vector<json> lines = parse_lines(read_lines(path));
    lines[0]["started"] = "2300-01-01T00:00:00.000Z";
    const double huge = std::numeric_limits<double>::max();  // 1.8e308
    for (size_t i = 1; i + 1 < lines.size(); ++i) {
        json& s = lines[i];
        if (s["type"] != "sample") continue;
        s["time"] = i == 1 ? "1500-01-01T00:00:00.000Z" : "2262-12-31T23:59:59.999Z";
        s["power_total_mw"] = huge;
        s["cpu"]["util"] = huge;
        for (auto& core : s["cpu"]["cores"]) {
            core["freq_khz"] = 9223372036854775;
            core["max_khz"] = 9223372036854775807LL;
            core["util"] = -huge;
        }
        for (auto& gpu : s["gpu"])
            gpu["load"] = huge;
        for (auto& zone : s["thermal"])
            zone["temp_c"] = huge;
        for (auto& rail : s["rails"])
            rail["power_mw"] = huge;
        s["mem"]["used_kb"] = 9223372036854775807LL;
    }
    std::string out = tmp.file("extreme.jsonl");
    std::ofstream file(out);
    for (const auto& line : lines)
        file << line.dump() << "\n";
    return out;
}

void expect_no_long_numbers(const std::string& text, const std::string& what) {
    static const std::regex kLongNumber("[0-9]{25,}");
    std::smatch match;
    EXPECT_FALSE(std::regex_search(text, match, kLongNumber))
        << what << " prints " << match.str().size() << " digits in a row";
}

TEST(ExtremeValues, ReportTextAndJsonStayShortAndDefined) {
    TempDir tmp;
    std::string session = extreme_session(tmp);
    RunResult text = run_edgetop({"report", session});
    EXPECT_EQ(text.status, 0) << text.err;
    expect_no_long_numbers(text.out, "report");
    RunResult as_json = run_edgetop({"report", "--json", session});
    EXPECT_EQ(as_json.status, 0) << as_json.err;
    expect_no_long_numbers(as_json.out, "report --json");
    EXPECT_FALSE(json::parse(as_json.out, nullptr, false).is_discarded());
}

}  // namespace
}  // namespace edgetop::testing
