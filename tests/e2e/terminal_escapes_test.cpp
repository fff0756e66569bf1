// Names with terminal sequences and bidi controls in a sensor tree (a rail's hwmon label, a
// zone's type), in a session (its host, its file name) and in the messages about them: --once,
// report and the warnings on standard error show them escaped, and nothing they print is a control
// a terminal would act on. JSON output keeps the names, as JSON escapes them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"
#include "text/text_escape.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

const std::string kRailLabel = "VDD\x1b[2J\x1b]0;owned\x07\u202eGPU";
const std::string kRailShown = "VDD\\x1b[2J\\x1b]0;owned\\x07\\u202eGPU";
const std::string kZoneType = "SOC0\x1b[31m\u2066zone";
const std::string kZoneShown = "SOC0\\x1b[31m\\u2066zone";

// The first code point of `text` that a terminal acts on (a control but newline, a bidi
// control, a byte that is not UTF-8), as an escape; empty when there is none.
std::string first_control(const std::string& text) {
    for (size_t i = 0; i < text.size();) {
        auto cp = text::utf8_code_point(text, i);
        if (!cp || (text::is_control_code_point(cp->value) && cp->value != '\n'))
            return text::terminal_safe(text.substr(i, cp ? cp->length : 1));
        i += cp->length;
    }
    return "";
}

class HostileNames : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("/sys/devices/platform/c240000.i2c/i2c-1/1-0040/hwmon/hwmon3/in1_label",
                    kRailLabel + "\n");
        tree_.write("/sys/devices/virtual/thermal/thermal_zone5/type", kZoneType + "\n");
    }
    FixtureTree tree_{"agx-orin"};
    TempDir tmp_;
};

TEST_F(HostileNames, OnceShowsThemEscaped) {
    auto run = run_edgetop({"--once", "--root", tree_.root()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find(kRailShown), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(kZoneShown), std::string::npos) << run.out;
    EXPECT_EQ(first_control(run.out), "") << run.out;
    EXPECT_EQ(first_control(run.err), "") << run.err;
}

TEST_F(HostileNames, ReportAndItsWarningsShowThemEscaped) {
    // A session of the tree, its host made hostile, under a hostile file name, its last line cut
    // (a warning naming the file).
    std::string recorded = tmp_.file("s.jsonl");
    auto record =
        run_edgetop({"record", "--root", tree_.root(), "-n", "2", "-i", "50", "-o", recorded});
    ASSERT_EQ(record.status, 0) << record.err;
    std::ifstream in(recorded);
    std::string header_line;
    std::getline(in, header_line);
    std::stringstream rest;
    rest << in.rdbuf();
    json header = json::parse(header_line);
    header["host"] = "jetson\x1b[8m\u202dhost";
    std::string name = "run\x1b[31m\u2067.jsonl";
    std::string path = tmp_.file(name);
    std::string body = rest.str();
    std::ofstream(path) << header.dump() << "\n" << body.substr(0, body.size() - 10);

    auto report = run_edgetop({"report", path});
    ASSERT_EQ(report.status, 0) << report.err;
    for (const std::string& shown :
         {kRailShown, kZoneShown, std::string("jetson\\x1b[8m\\u202dhost"),
          tmp_.file("run\\x1b[31m\\u2067.jsonl")})
        EXPECT_NE(report.out.find(shown), std::string::npos) << shown << "\n" << report.out;
    EXPECT_EQ(first_control(report.out), "") << report.out;
    // The cut line's warning names the file, escaped.
    EXPECT_NE(report.err.find("edgetop: " + tmp_.file("run\\x1b[31m\\u2067.jsonl")),
              std::string::npos)
        << report.err;
    EXPECT_EQ(first_control(report.err), "") << report.err;

    // A file that is not there: the one-line error names it escaped.
    auto missing = run_edgetop({"report", tmp_.file("gone\x1b[1m.jsonl")});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find(tmp_.file("gone\\x1b[1m.jsonl")), std::string::npos) << missing.err;
    EXPECT_EQ(first_control(missing.err), "") << missing.err;

    // JSON keeps the names as they are (JSON escapes the C0 controls).
    auto as_json = run_edgetop({"report", "--json", path});
    ASSERT_EQ(as_json.status, 0) << as_json.err;
    EXPECT_EQ(as_json.out.find('\x1b'), std::string::npos);
    json parsed = json::parse(as_json.out);
    EXPECT_EQ(parsed["sessions"][0]["host"], "jetson\x1b[8m\u202dhost") << parsed.dump();
}

}  // namespace
}  // namespace edgetop::testing
