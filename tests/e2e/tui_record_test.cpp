// The r key of the interactive view writes a session file that reads like one of
// `edgetop record`; and the analysis engine runs on the live feed.
#include <gtest/gtest.h>

#include <string>

#include "e2e/edgetop_process.hpp"
#include "e2e/tmux_session.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

class TuiRecord : public ::testing::Test {
  protected:
    void SetUp() override { EDGETOP_REQUIRE_TMUX(); }
};

// Types a path into the record prompt in place of the proposed one.
void start_recording(const TmuxSession& tmux, const std::string& path) {
    tmux.keys("r");
    tmux.wait_for("edgetop-");  // the proposed, dated name
    std::string erase;
    for (int i = 0; i < 64; ++i)
        erase += " BSpace";
    tmux.keys(erase);
    tmux.keys(shell_quote(path), true);
    tmux.keys("Enter");
    tmux.wait_for("recording to " + path.substr(0, 20));
}

void expect_valid_session(const std::string& path, size_t min_samples) {
    auto lines = parse_lines(read_lines(path));
    ASSERT_GE(lines.size(), min_samples + 2);
    const auto& header = lines.front();
    EXPECT_EQ(header["type"], "header");
    EXPECT_EQ(header["format"], "edgetop-session");
    EXPECT_EQ(header["version"], 1);
    EXPECT_EQ(header["board"]["model"], "Jetson AGX Orin");
    EXPECT_EQ(header["interval_ms"], 200);
    EXPECT_FALSE(header["sources"].empty());
    double previous_t = -1;
    size_t samples = 0;
    for (size_t i = 1; i + 1 < lines.size(); ++i) {
        const auto& s = lines[i];
        ASSERT_EQ(s["type"], "sample") << s.dump();
        double t = s["t"].get<double>();
        EXPECT_GT(t, previous_t);
        EXPECT_LT(t, 60.0) << "t counts from the start of the recording";
        previous_t = t;
        // Values of the fixture, as `edgetop record` writes them.
        EXPECT_EQ(s["gpu"][0]["freq_hz"], 1300500000);
        EXPECT_EQ(s["rails"][0]["name"], "VDD_GPU_SOC");
        EXPECT_TRUE(s["flags"].is_array());
        ++samples;
    }
    const auto& end = lines.back();
    EXPECT_EQ(end["type"], "end");
    EXPECT_EQ(end["samples"], samples);
    EXPECT_EQ(end["reason"], "stopped");
    EXPECT_GE(end["t"].get<double>(), previous_t);
    EXPECT_GE(samples, min_samples);
}

TEST_F(TuiRecord, RKeyRecordsAValidSessionAndRStopsIt) {
    TempDir dir;
    std::string path = dir.file("ui.jsonl");
    TmuxSession tmux({"--root", fixture_root("agx-orin"), "--interval", "200"});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    start_recording(tmux, path);
    ASSERT_TRUE(wait_for_samples(path, 3, std::chrono::seconds(10)));
    tmux.keys("r");
    tmux.wait_for("recording stopped");
    expect_valid_session(path, 3);
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiRecord, QuittingWhileRecordingEndsTheFile) {
    TempDir dir;
    std::string path = dir.file("quit.jsonl");
    TmuxSession tmux({"--root", fixture_root("agx-orin"), "--interval", "200"});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    start_recording(tmux, path);
    ASSERT_TRUE(wait_for_samples(path, 2, std::chrono::seconds(10)));
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
    expect_valid_session(path, 2);
}

TEST_F(TuiRecord, UnwritablePathIsReportedAndTheViewGoesOn) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    tmux.keys("r");
    tmux.wait_for("edgetop-");
    std::string erase;
    for (int i = 0; i < 64; ++i)
        erase += " BSpace";
    tmux.keys(erase);
    tmux.keys("/nonexistent-dir/x.jsonl", true);
    tmux.keys("Enter");
    tmux.wait_for("cannot record to /nonexistent-dir/x.jsonl: No such file or directory");
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiRecord, AnalysisPageShowsARaisedFlagWithItsEvidence) {
    // A power mode that caps the first CPU cluster below the hardware maximum (as nvpmodel's
    // 30 W mode does): power_mode_cap is raised on the first sample.
    FixtureTree tree("agx-orin");
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq", "1728000\n");
    TmuxSession tmux({"--root", tree.root(), "--page", "7"});
    ASSERT_TRUE(tmux.started());
    // Information: listed and dim, not counted in the header's badge.
    tmux.wait_for_all({"power_mode_cap (info)", "1 active", "raised", "0 flags"});

    TmuxSession off({"--root", tree.root(), "--page", "7", "--rules-off", "power_mode_cap"});
    off.wait_for_all({"no bottleneck flag is active", "0 flags"});
}

}  // namespace
}  // namespace edgetop::testing
