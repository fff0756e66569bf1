// The live feed of the interactive view runs the bottleneck rules; the `r` recorder writes a
// session file in the format of `edgetop record`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/evidence_table.hpp"
#include "commands/tui_feed.hpp"
#include "commands/tui_recorder.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

void cap_first_cluster(const FixtureTree& tree) {
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq", "1728000\n");
}

TEST(AnalyzedLiveFeed, QuietFixtureHasNoFlagsButAnalysisRuns) {
    Sampler sampler{Root(testing::fixture_path("agx-orin"))};
    AnalyzedLiveFeed feed(sampler, {});
    const Sample* s = feed.next();
    ASSERT_NE(s, nullptr);
    EXPECT_TRUE(s->flags.empty());
    EXPECT_TRUE(feed.analysis_enabled());
    EXPECT_TRUE(feed.flag_details().empty());
    EXPECT_EQ(feed.board().model, "Jetson AGX Orin");
    EXPECT_DOUBLE_EQ(feed.session_time_s(), s->t_s);
}

TEST(AnalyzedLiveFeed, CappedClusterRaisesPowerModeCapWithEvidence) {
    FixtureTree tree("agx-orin");
    cap_first_cluster(tree);
    Sampler sampler{Root(tree.root())};
    AnalyzedLiveFeed feed(sampler, {});
    const Sample* s = feed.next();
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->flags, std::vector<std::string>{"power_mode_cap"});
    auto details = feed.flag_details();
    ASSERT_EQ(details.size(), 1u);
    EXPECT_EQ(details[0].id, "power_mode_cap");
    EXPECT_NE(details[0].message.find("1728"), std::string::npos) << details[0].message;
    // The evidence is a table of the clock units, clocks in MHz, not JSON text.
    const auto& evidence = details[0].evidence;
    ASSERT_EQ(evidence.tables.size(), 1u);
    const auto& units = evidence.tables[0];
    EXPECT_EQ(units.title, "units");
    ASSERT_GE(units.columns.size(), 4u);
    EXPECT_EQ(units.columns[0], "unit");
    const auto max = std::find(units.columns.begin(), units.columns.end(), "max MHz");
    ASSERT_NE(max, units.columns.end());
    const auto column = static_cast<size_t>(max - units.columns.begin());
    ASSERT_FALSE(units.rows.empty());
    EXPECT_EQ(units.rows[0][0], "cpu0");
    EXPECT_EQ(units.rows[0][column], "1728");
}

TEST(AnalyzedLiveFeed, AFlagWaitingOutItsClearTimeSaysItNoLongerHolds) {
    FixtureTree tree("agx-orin");
    cap_first_cluster(tree);
    Sampler sampler{Root(tree.root())};
    analysis::RuleConfig config;
    ASSERT_FALSE(config.set("power_mode_cap.clear_s", "600"));
    AnalyzedLiveFeed feed(sampler, config);
    ASSERT_EQ(feed.next()->flags, std::vector<std::string>{"power_mode_cap"});
    ASSERT_EQ(feed.flag_details().size(), 1u);
    EXPECT_TRUE(feed.flag_details()[0].holds_now);
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq", "2201600\n");
    EXPECT_EQ(feed.next()->flags, std::vector<std::string>{"power_mode_cap"});  // still raised
    auto details = feed.flag_details();
    ASSERT_EQ(details.size(), 1u);
    EXPECT_FALSE(details[0].holds_now);
    EXPECT_EQ(details[0].message.find("1728"), std::string::npos) << details[0].message;
}

TEST(AnalyzedLiveFeed, DisabledRuleStaysDown) {
    FixtureTree tree("agx-orin");
    cap_first_cluster(tree);
    Sampler sampler{Root(tree.root())};
    analysis::RuleConfig config;
    ASSERT_FALSE(config.disable("power_mode_cap"));
    AnalyzedLiveFeed feed(sampler, config);
    EXPECT_TRUE(feed.next()->flags.empty());
}

TEST(EvidenceTable, ValuesCarryTheirUnitsArraysOfObjectsAreTables) {
    // The evidence of cpu_oversubscribed as the rule writes it.
    nlohmann::json evidence = {{"busy_count", 2},
                               {"online_cores", 4},
                               {"limit", 2.0},
                               {"busy_processes",
                                {{{"pid", 4242},
                                  {"name", "trtexec"},
                                  {"cpu_pct", 97.123},
                                  {"nonvol_ctxt_per_s", 310.5},
                                  {"gpu", true}},
                                 {{"pid", 77},
                                  {"name", "python3"},
                                  {"cpu_pct", nullptr},
                                  {"nonvol_ctxt_per_s", 2.0},
                                  {"gpu", nullptr}}}},
                               {"ctxt_per_s", 18342.25},
                               {"busy_cpu_pct", 50},
                               {"window_s", 5}};
    auto e = evidence_table(evidence);
    using tui::EvidenceValue;
    EXPECT_EQ(e.values, (std::vector<EvidenceValue>{{"busy count", "2"},
                                                    {"busy CPU", "50 %"},
                                                    {"ctxt", "18342.25/s"},
                                                    {"limit", "2"},
                                                    {"online cores", "4"},
                                                    {"window", "5 s"}}));
    ASSERT_EQ(e.tables.size(), 1u);
    const auto& t = e.tables[0];
    EXPECT_EQ(t.title, "busy processes");
    EXPECT_EQ(t.key_columns, 2);
    EXPECT_EQ(t.columns,
              (std::vector<std::string>{"PID", "name", "CPU %", "GPU", "nonvol ctxt/s"}));
    EXPECT_EQ(t.rows[0], (std::vector<std::string>{"4242", "trtexec", "97.12", "yes", "310.5"}));
    EXPECT_EQ(t.rows[1], (std::vector<std::string>{"77", "python3", "n/a", "n/a", "2"}));
}

// power_mode_cap's units as the rule writes them: a CPU cluster's clocks in kHz, the GPU's in Hz.
// Both read "max MHz" and "hw max MHz": one column each, every row filling it from its own key.
TEST(EvidenceTable, KeysThatReadTheSameAreOneColumn) {
    nlohmann::json evidence = {{"units",
                                {{{"unit", "cpu0"},
                                  {"cores", {0, 1, 2, 3}},
                                  {"max_khz", 1728000},
                                  {"hw_max_khz", 2201600},
                                  {"capped", true}},
                                 {{"unit", "ga10b"},
                                  {"max_hz", 1300500000},
                                  {"hw_max_hz", 1300500000},
                                  {"capped", false}}}}};
    auto e = evidence_table(evidence);
    ASSERT_EQ(e.tables.size(), 1u);
    const auto& t = e.tables[0];
    EXPECT_EQ(t.columns,
              (std::vector<std::string>{"unit", "capped", "cores", "hw max MHz", "max MHz"}));
    EXPECT_EQ(t.rows[0], (std::vector<std::string>{"cpu0", "yes", "0 1 2 3", "2201.6", "1728"}));
    EXPECT_EQ(t.rows[1], (std::vector<std::string>{"ga10b", "no", "", "1300.5", "1300.5"}));
    // Over time, a cell the row lacks is no value of its own.
    auto values = tui::flatten(e);
    EXPECT_EQ(std::count_if(values.begin(), values.end(),
                            [](const tui::EvidenceValue& v) { return v.name == "ga10b cores"; }),
              0);
    EXPECT_EQ(values.size(), 7u);
}

TEST(EvidenceTable, UnitsScaledEmptyListsAndOddShapes) {
    nlohmann::json evidence = {{"freq_hz", 1300500000},
                               {"max_khz", 2201600},
                               {"available_kb", 1048576},
                               {"temp_c", 52.626},
                               {"offline_cores", nlohmann::json::array()},
                               {"cores", {0, 1, 2}},
                               {"alarms", nlohmann::json::array()},
                               {"budget_source", "power mode MAXN"},
                               {"nested", {{"a_w", 1.5}}}};
    auto e = evidence_table(evidence);
    using tui::EvidenceValue;
    EXPECT_EQ(e.values, (std::vector<EvidenceValue>{{"alarms", "none"},
                                                    {"available", "1024 MiB"},
                                                    {"budget source", "power mode MAXN"},
                                                    {"cores", "0 1 2"},
                                                    {"freq", "1300.5 MHz"},
                                                    {"max", "2201.6 MHz"},
                                                    {"nested a", "1.5 W"},
                                                    {"offline cores", "none"},
                                                    {"temp", "52.63 \u00b0C"}}));
    EXPECT_TRUE(e.tables.empty());
    EXPECT_TRUE(evidence_table(nlohmann::json::object()).empty());
    EXPECT_TRUE(evidence_table(nlohmann::json()).empty());
    EXPECT_EQ(evidence_table(nlohmann::json("text")).values[0].value, "text");
}

std::vector<nlohmann::json> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<nlohmann::json> out;
    std::string line;
    while (std::getline(in, line))
        out.push_back(nlohmann::json::parse(line));
    return out;
}

// The header's board and sources come from the view's feed: here one over a sampler.
class RecorderTestFeed : public tui::SampleFeed {
  public:
    explicit RecorderTestFeed(Sampler& sampler) : sampler_(sampler) {}
    const Sample* next() override { return &(last_ = sampler_.sample()); }
    const Board& board() const override { return sampler_.board(); }
    std::vector<SourceStatus> status() const override { return sampler_.status(); }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_.t_s; }

  private:
    Sampler& sampler_;
    Sample last_;
};

TEST(SessionFileRecorder, WritesHeaderSamplesAndEnd) {
    FixtureTree tree("agx-orin");
    Sampler sampler{Root(tree.root())};
    std::string path = tree.root() + "/session.jsonl";
    RecorderTestFeed feed(sampler);
    SessionFileRecorder recorder(feed, "orin-07", tree.root(), 500);
    std::string error;
    ASSERT_TRUE(recorder.start(path, error)) << error;
    EXPECT_TRUE(recorder.is_recording());
    EXPECT_EQ(recorder.path(), path);
    for (int i = 0; i < 3; ++i)
        recorder.record(sampler.sample());
    recorder.stop();
    EXPECT_FALSE(recorder.is_recording());
    recorder.record(sampler.sample());  // after stop: ignored

    auto lines = lines_of(path);
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0]["type"], "header");
    EXPECT_EQ(lines[0]["interval_ms"], 500);
    EXPECT_EQ(lines[0]["root"], tree.root());
    EXPECT_EQ(lines[0]["host"], "orin-07");
    EXPECT_EQ(lines[0]["board"]["model"], "Jetson AGX Orin");
    for (int i = 1; i <= 3; ++i) {
        EXPECT_EQ(lines[i]["type"], "sample");
        EXPECT_GE(lines[i]["t"].get<double>(), 0.0);
        EXPECT_LT(lines[i]["t"].get<double>(), 10.0);
    }
    EXPECT_EQ(lines[4]["type"], "end");
    EXPECT_EQ(lines[4]["samples"], 3);
    EXPECT_EQ(lines[4]["reason"], "stopped");
}

TEST(SessionFileRecorder, RefusesStandardOutputAndMissingDirectories) {
    Sampler sampler{Root(testing::fixture_path("agx-orin"))};
    RecorderTestFeed feed(sampler);
    SessionFileRecorder recorder(feed, "host", "/", 1000);
    std::string error;
    EXPECT_FALSE(recorder.start("-", error));
    EXPECT_NE(error.find("standard output"), std::string::npos);
    EXPECT_FALSE(recorder.start("/nonexistent-dir/x.jsonl", error));
    EXPECT_EQ(error, "No such file or directory");
    EXPECT_FALSE(recorder.is_recording());
}

TEST(SessionFileRecorder, WriteErrorEndsTheRecording) {
    if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    Sampler sampler{Root(testing::fixture_path("agx-orin"))};
    RecorderTestFeed feed(sampler);
    SessionFileRecorder recorder(feed, "host", "/", 1000);
    std::string error;
    // The header of a session fits the stdio-free write(2) of one line; /dev/full refuses it.
    EXPECT_FALSE(recorder.start("/dev/full", error));
    EXPECT_EQ(error, "No space left on device");
    EXPECT_FALSE(recorder.is_recording());
}

}  // namespace
}  // namespace edgetop
