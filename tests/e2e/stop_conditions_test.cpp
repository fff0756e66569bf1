// How a recording ends: sample count, duration, SIGINT, SIGTERM.
#include <gtest/gtest.h>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

size_t count_samples(const std::vector<json>& lines) {
    size_t n = 0;
    for (const auto& line : lines)
        n += line["type"] == "sample";
    return n;
}

TEST(StopConditions, CountStopsAfterThatManySamples) {
    TempDir tmp;
    std::string out = tmp.file("count.jsonl");
    RunResult run = run_edgetop(
        {"record", "--root", fixture_root("orin-nano"), "-n", "3", "-i", "50", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    EXPECT_EQ(count_samples(lines), 3u);
    EXPECT_EQ(lines.back()["reason"], "count");
    EXPECT_EQ(lines.back()["samples"], 3);
}

TEST(StopConditions, DurationStopsAfterThatManySeconds) {
    TempDir tmp;
    std::string out = tmp.file("duration.jsonl");
    auto begin = std::chrono::steady_clock::now();
    RunResult run = run_edgetop({"record", "--root", fixture_root("thor"), "--duration", "0.5",
                                 "--interval", "100", "-o", out});
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_FALSE(lines.empty());
    const json& end = lines.back();
    EXPECT_EQ(end["type"], "end");
    EXPECT_EQ(end["reason"], "duration");
    EXPECT_GE(end["t"].get<double>(), 0.5);
    EXPECT_GE(wall, 0.5);
    // Ticks at 0, 0.1, ... 0.5 s: six at most; a slow machine may skip some.
    size_t samples = count_samples(lines);
    EXPECT_GE(samples, 2u);
    EXPECT_LE(samples, 6u);
    EXPECT_EQ(end["samples"], samples);
}

TEST(StopConditions, CountAndDurationStopAtWhicheverComesFirst) {
    TempDir tmp;
    std::string out = tmp.file("both.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("tx2"), "--count", "2",
                                 "--duration", "30", "--interval", "50", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(parse_lines(read_lines(out)).back()["reason"], "count");
}

class StopBySignal : public ::testing::TestWithParam<int> {};

TEST_P(StopBySignal, WritesTheEndLineAndExitsZero) {
    TempDir tmp;
    std::string out = tmp.file("signal.jsonl");
    EdgetopProcess process(
        {"record", "--root", fixture_root("agx-xavier"), "--interval", "50", "-o", out});
    ASSERT_TRUE(wait_for_samples(out, 2)) << "no samples recorded";
    process.send(GetParam());
    RunResult run = process.wait();
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    auto raw = read_lines(out);
    auto lines = parse_lines(raw);
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines.front()["type"], "header");
    const json& end = lines.back();
    EXPECT_EQ(end["type"], "end");
    EXPECT_EQ(end["reason"], "signal");
    EXPECT_EQ(end["samples"], count_samples(lines));
    for (size_t i = 1; i + 1 < lines.size(); ++i)
        EXPECT_EQ(lines[i]["type"], "sample") << "line " << i + 1;
}

INSTANTIATE_TEST_SUITE_P(IntAndTerm, StopBySignal, ::testing::Values(SIGINT, SIGTERM),
                         [](const auto& info) {
                             return std::string(info.param == SIGINT ? "SIGINT" : "SIGTERM");
                         });

}  // namespace
}  // namespace edgetop::testing
