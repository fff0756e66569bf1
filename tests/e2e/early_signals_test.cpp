// SIGHUP ends a recording like SIGTERM, and a stop signal that comes while edgetop is still
// starting up (before the session file has its header) leaves a valid session with an end line
// instead of killing the process.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

// The process's blocked-signal mask (SigBlk in /proc/PID/status), or 0 when unreadable.
unsigned long long blocked_mask(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("SigBlk:")) return std::stoull(line.substr(7), nullptr, 16);
    return 0;
}

// Waits until edgetop's main has blocked SIGTERM: the earliest moment it can answer a signal
// (before that the loader and the sanitizers' start-up run, which edgetop does not control).
bool wait_until_blocked(pid_t pid) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    const unsigned long long term = 1ULL << (SIGTERM - 1);
    while (std::chrono::steady_clock::now() < deadline) {
        if (blocked_mask(pid) & term) return true;
        std::this_thread::yield();
    }
    return false;
}

void expect_valid_session_ended_by_signal(const std::string& path) {
    auto lines = parse_lines(read_lines(path));
    ASSERT_GE(lines.size(), 2u) << "no header and end line in " << path;
    EXPECT_EQ(lines.front()["type"], "header");
    const json& end = lines.back();
    EXPECT_EQ(end["type"], "end");
    EXPECT_EQ(end["reason"], "signal");
    size_t samples = 0;
    for (size_t i = 1; i + 1 < lines.size(); ++i)
        samples += lines[i]["type"] == "sample";
    EXPECT_EQ(end["samples"], samples);
}

class StopSignal : public ::testing::TestWithParam<int> {};

TEST_P(StopSignal, SentAtStartUpStillLeavesASessionWithAnEndLine) {
    // Several delays after the block: during argument parsing, sensor discovery and the first
    // samples.
    for (int delay_ms : {0, 0, 1, 3, 10, 30}) {
        TempDir tmp;
        std::string out = tmp.file("early.jsonl");
        EdgetopProcess process(
            {"record", "--root", fixture_root("agx-orin"), "--interval", "50", "-o", out});
        ASSERT_TRUE(wait_until_blocked(process.pid())) << "edgetop never blocked SIGTERM";
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        process.send(GetParam());
        RunResult run = process.wait(std::chrono::seconds(30));
        EXPECT_EQ(run.status, 0) << "delay " << delay_ms << " ms: " << run.err;
        EXPECT_EQ(run.err, "");
        expect_valid_session_ended_by_signal(out);
    }
}

TEST_P(StopSignal, EndsARunningRecording) {
    TempDir tmp;
    std::string out = tmp.file("running.jsonl");
    EdgetopProcess process(
        {"record", "--root", fixture_root("orin-nano"), "--interval", "50", "-o", out});
    ASSERT_TRUE(wait_for_samples(out, 2));
    process.send(GetParam());
    RunResult run = process.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 0) << run.err;
    expect_valid_session_ended_by_signal(out);
}

INSTANTIATE_TEST_SUITE_P(HupTermInt, StopSignal, ::testing::Values(SIGHUP, SIGTERM, SIGINT),
                         [](const auto& info) {
                             return std::string(info.param == SIGHUP    ? "SIGHUP"
                                                : info.param == SIGTERM ? "SIGTERM"
                                                                        : "SIGINT");
                         });

// With a command, the signal is passed on and the command's end ends the session.
TEST(StopSignals, SighupReachesTheCommandOfStatAndTheSessionEnds) {
    TempDir tmp;
    std::string out = tmp.file("stat.jsonl");
    EdgetopProcess process({"stat", "--root", fixture_root("orin-nano"), "--interval", "50", "-o",
                            out, "--", "sleep", "30"});
    ASSERT_TRUE(wait_for_samples(out, 2));
    process.send(SIGHUP);
    RunResult run = process.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 128 + SIGHUP) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines.back()["type"], "end");
    EXPECT_EQ(lines.back()["reason"], "command-exited");
}

// nohup's SIGHUP stays ignored: the recording goes on.
TEST(StopSignals, AnIgnoredSighupStaysIgnored) {
    TempDir tmp;
    std::string out = tmp.file("nohup.jsonl");
    SpawnOptions nohup;
    nohup.ignore_sighup = true;
    EdgetopProcess process(
        {"record", "--root", fixture_root("orin-nano"), "--interval", "50", "-o", out}, nohup);
    ASSERT_TRUE(wait_for_samples(out, 2));
    process.send(SIGHUP);
    size_t before = read_lines(out).size();
    ASSERT_TRUE(wait_for_samples(out, before + 2));
    process.send(SIGTERM);
    RunResult run = process.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 0) << run.err;
    expect_valid_session_ended_by_signal(out);
}

}  // namespace
}  // namespace edgetop::testing
