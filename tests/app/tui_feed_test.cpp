// The live feed of the interactive view runs the bottleneck rules; the `r` recorder writes a
// session file in the format of `edgetop record`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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
    EXPECT_FALSE(details[0].evidence.empty());
    EXPECT_EQ(details[0].evidence.find('{'), std::string::npos) << "evidence is text, not JSON";
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

TEST(EvidenceText, NumbersRoundedKeysInOrder) {
    nlohmann::json evidence = {{"a_pct", 97.123456}, {"name", "GR3D"}, {"n", 3}};
    EXPECT_EQ(evidence_text(evidence), "a_pct 97.12, n 3, name GR3D");
    EXPECT_EQ(evidence_text(nlohmann::json::object()), "");
    EXPECT_EQ(evidence_text(nlohmann::json()), "");
    EXPECT_EQ(evidence_text(nlohmann::json{{"x", 2.0}}), "x 2");
    nlohmann::json nested = {
        {"units", {{{"unit", "cpu0"}, {"capped", true}}, {{"unit", "ga10b"}}}}};
    EXPECT_EQ(evidence_text(nested), "units [capped true unit cpu0, unit ga10b]");
}

std::vector<nlohmann::json> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<nlohmann::json> out;
    std::string line;
    while (std::getline(in, line))
        out.push_back(nlohmann::json::parse(line));
    return out;
}

TEST(SessionFileRecorder, WritesHeaderSamplesAndEnd) {
    FixtureTree tree("agx-orin");
    Sampler sampler{Root(tree.root())};
    std::string path = tree.root() + "/session.jsonl";
    SessionFileRecorder recorder(sampler, tree.root(), 500);
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
    SessionFileRecorder recorder(sampler, "/", 1000);
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
    SessionFileRecorder recorder(sampler, "/", 1000);
    std::string error;
    // The header of a session fits the stdio-free write(2) of one line; /dev/full refuses it.
    EXPECT_FALSE(recorder.start("/dev/full", error));
    EXPECT_EQ(error, "No space left on device");
    EXPECT_FALSE(recorder.is_recording());
}

}  // namespace
}  // namespace edgetop
