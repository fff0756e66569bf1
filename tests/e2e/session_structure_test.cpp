// A recording on the machine running the tests: every line valid JSON with the documented keys.
#include <gtest/gtest.h>

#include <set>

#include "analysis/rules_config.hpp"
#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

std::set<std::string> keys(const json& object) {
    std::set<std::string> out;
    for (const auto& [k, v] : object.items())
        out.insert(k);
    return out;
}

const std::set<std::string> kSampleKeys = {
    "type",    "t",       "time",           "cpu",     "system",    "ctxt_per_s", "gpu",   "emc",
    "engines", "rails",   "power_total_mw", "thermal", "fans",      "mem",        "procs", "flags",
    "psi",     "cooling", "disks",          "net",     "oc_events", "groups"};

void expect_sample_shape(const json& s) {
    EXPECT_EQ(keys(s), kSampleKeys);
    EXPECT_TRUE(s["t"].is_number());
    EXPECT_TRUE(s["time"].is_string());
    EXPECT_EQ(keys(s["cpu"]), (std::set<std::string>{"util", "user", "system", "iowait", "cores"}));
    for (const auto& core : s["cpu"]["cores"])
        EXPECT_EQ(keys(core), (std::set<std::string>{"id", "online", "util", "user", "system",
                                                     "iowait", "freq_khz", "min_khz", "max_khz",
                                                     "hw_max_khz", "governor", "cluster"}));
    EXPECT_EQ(keys(s["system"]), (std::set<std::string>{"uptime_s", "load_1", "load_5", "load_15",
                                                        "procs_running", "procs_blocked"}));
    for (const char* family : {"gpu", "engines", "rails", "thermal", "fans", "flags", "oc_events"})
        EXPECT_TRUE(s[family].is_array()) << family;
    EXPECT_TRUE(s["emc"].is_null() || s["emc"].is_object());
    EXPECT_EQ(keys(s["mem"]),
              (std::set<std::string>{"total_kb", "available_kb", "used_kb", "free_kb", "buffers_kb",
                                     "cached_kb", "swap_total_kb", "swap_used_kb", "swap_cached_kb",
                                     "gpu_shared_kb", "lfb_blocks", "lfb_block_kb",
                                     "major_faults_per_s", "oom_kills"}));
    EXPECT_TRUE(s["procs"].is_null() || s["procs"].is_object());
    // This machine's kernel has PSI (6.1); a kernel without it writes null.
    if (!s["psi"].is_null()) {
        EXPECT_EQ(keys(s["psi"]), (std::set<std::string>{"cpu_some", "memory_some", "memory_full",
                                                         "io_some", "io_full"}));
    }
    EXPECT_TRUE(s["cooling"].is_array());
    for (const auto& device : s["cooling"])
        EXPECT_EQ(keys(device), (std::set<std::string>{"name", "state", "max_state"}));
}

TEST(SessionStructure, LiveRecordingHasHeaderSamplesAndEnd) {
    TempDir tmp;
    std::string out = tmp.file("live.jsonl");
    RunResult run = run_edgetop({"record", "--count", "5", "--interval", "100", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "");
    auto lines = parse_lines(read_lines(out));
    ASSERT_EQ(lines.size(), 7u);

    const json& header = lines.front();
    EXPECT_EQ(keys(header),
              (std::set<std::string>{"type", "format", "version", "started", "interval_ms", "host",
                                     "root", "board", "sources", "software", "rules"}));
    EXPECT_TRUE(header["software"].is_object());
    EXPECT_EQ(header["rules"].size(), analysis::RuleConfig{}.enabled_ids().size());
    EXPECT_EQ(header["type"], "header");
    EXPECT_EQ(header["format"], "edgetop-session");
    EXPECT_EQ(header["version"], 1);
    EXPECT_EQ(header["interval_ms"], 100);
    EXPECT_EQ(header["root"], "/");
    EXPECT_FALSE(header["host"].get<std::string>().empty());
    EXPECT_TRUE(header["started"].get<std::string>().ends_with("Z"));
    EXPECT_EQ(keys(header["board"]),
              (std::set<std::string>{"model", "soc", "l4t", "jetpack", "compatible", "power_mode",
                                     "power_modes", "default_mode_id", "thermal_trips"}));
    ASSERT_TRUE(header["sources"].is_object());
    EXPECT_FALSE(header["sources"].empty());
    for (const auto& [name, source] : header["sources"].items()) {
        EXPECT_EQ(keys(source), (std::set<std::string>{"state", "path", "hint"})) << name;
        std::string state = source["state"];
        EXPECT_TRUE(state == "found" || state == "absent" || state == "needs root") << state;
    }

    for (size_t i = 1; i + 1 < lines.size(); ++i) {
        SCOPED_TRACE("line " + std::to_string(i + 1));
        EXPECT_EQ(lines[i]["type"], "sample");
        expect_sample_shape(lines[i]);
        EXPECT_TRUE(lines[i]["procs"].is_object());  // the live root has a process table
    }
    EXPECT_FALSE(lines[1]["cpu"]["cores"].empty());
    EXPECT_TRUE(lines[2]["cpu"]["util"].is_number());  // a rate needs the second reading

    const json& end = lines.back();
    EXPECT_EQ(keys(end), (std::set<std::string>{"type", "t", "samples", "reason"}));
    EXPECT_EQ(end["samples"], 5);
    EXPECT_EQ(end["reason"], "count");
}

TEST(SessionStructure, TimeIsStrictlyIncreasingAndSamplesFollowTheInterval) {
    TempDir tmp;
    std::string out = tmp.file("timing.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("agx-orin"), "--count", "6",
                                 "--interval", "100", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_EQ(lines.size(), 8u);
    std::vector<double> t;
    for (const auto& line : lines)
        if (line.contains("t")) t.push_back(line["t"].get<double>());
    ASSERT_EQ(t.size(), 7u);  // six samples and the end line
    for (size_t i = 1; i < t.size(); ++i)
        EXPECT_GT(t[i], t[i - 1]) << "t must increase (entry " << i << ")";
    // Ticks are scheduled at start + k * 100 ms: on average at least half an interval apart
    // (late first sample) and not wildly more (loose bound, slow machines skip ticks).
    double mean_spacing = (t[5] - t[0]) / 5;
    EXPECT_GE(mean_spacing, 0.05);
    EXPECT_LE(mean_spacing, 2.0);
}

TEST(SessionStructure, FixtureRootHasNoProcessTable) {
    TempDir tmp;
    std::string out = tmp.file("fixture.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("x86-pc"), "--count", "1",
                                 "--interval", "50", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0]["root"], fixture_root("x86-pc"));
    expect_sample_shape(lines[1]);
    EXPECT_TRUE(lines[1]["procs"].is_null());
}

TEST(SessionStructure, StandardOutputIsTheDefault) {
    RunResult run =
        run_edgetop({"record", "--root", fixture_root("nano"), "--count", "2", "--interval", "50"});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(split_lines(run.out));
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0]["type"], "header");
    EXPECT_EQ(lines[3]["type"], "end");
    EXPECT_TRUE(run.out.ends_with("\n"));
}

}  // namespace
}  // namespace edgetop::testing
