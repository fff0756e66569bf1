// Records two samples from every fixture board with the real binary and checks every leaf of
// tests/e2e/expected/<board>/*.json: board.json against the header's "board", every other file
// against the last sample line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::vector<std::string> kBoards = {"nano",     "tx2",       "xavier-nx", "agx-xavier",
                                          "agx-orin", "orin-nano", "thor",      "x86-pc"};

std::string kind_of(const json& v) {
    if (v.is_null()) return "null";
    if (v.is_number()) return "number";
    return v.type_name();
}

bool numbers_match(double expected, double actual) {
    double scale = std::max(std::abs(expected), std::abs(actual));
    return std::abs(expected - actual) <= 1e-6 * scale;
}

// Compares expected (a subset) with actual, adding one line per mismatch to `problems`.
void compare(const json& expected, const json& actual, const std::string& path,
             std::vector<std::string>& problems) {
    auto mismatch = [&] {
        problems.push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
    };
    if (expected.is_object()) {
        if (!actual.is_object()) return mismatch();
        for (const auto& [key, value] : expected.items()) {
            std::string child = path.empty() ? key : path + "." + key;
            if (!actual.contains(key))
                problems.push_back(child + ": missing (expected " + value.dump() + ")");
            else
                compare(value, actual[key], child, problems);
        }
    } else if (expected.is_array()) {
        if (!actual.is_array()) return mismatch();
        if (expected.size() != actual.size()) {
            problems.push_back(path + ": expected " + std::to_string(expected.size()) +
                               " elements, got " + std::to_string(actual.size()) + ": " +
                               actual.dump());
            return;
        }
        for (size_t i = 0; i < expected.size(); ++i)
            compare(expected[i], actual[i], path + "[" + std::to_string(i) + "]", problems);
    } else if (expected.is_number()) {
        if (!actual.is_number() || !numbers_match(expected.get<double>(), actual.get<double>()))
            mismatch();
    } else if (kind_of(expected) != kind_of(actual) || expected != actual) {
        mismatch();
    }
}

TEST(ExpectedValuesComparison, ChecksEveryLeafOfTheSubset) {
    json actual = json::parse(R"({"gpu":[{"name":"gpu","freq_hz":1300500000,"load":null}],
                                  "mem":{"total_kb":31321088},"extra":1})");
    std::vector<std::string> problems;
    compare(json::parse(R"({"gpu":[{"freq_hz":1300500000.0001}],"mem":{}})"), actual, "", problems);
    EXPECT_TRUE(problems.empty());
    compare(json::parse(R"({"gpu":[{"load":0}],"mem":{"total_kb":31321000,"free_kb":1},
                           "cpu":[]})"),
            actual, "", problems);
    EXPECT_EQ(problems, (std::vector<std::string>{
                            "cpu: missing (expected [])",
                            "gpu[0].load: expected 0, got null",
                            "mem.free_kb: missing (expected 1)",
                            "mem.total_kb: expected 31321000, got 31321088",
                        }));
    problems.clear();
    compare(json::parse(R"({"gpu":[{},{}]})"), actual, "", problems);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_TRUE(problems[0].starts_with("gpu: expected 2 elements, got 1"));
}

class ExpectedValues : public ::testing::TestWithParam<std::string> {};

TEST_P(ExpectedValues, RecordingMatchesTheHandComputedValues) {
    const std::string board = GetParam();
    fs::path expected_dir = fs::path(EDGETOP_SOURCE_DIR) / "tests/e2e/expected" / board;
    std::vector<fs::path> files;
    if (fs::is_directory(expected_dir))
        for (const auto& entry : fs::directory_iterator(expected_dir))
            if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) GTEST_SKIP() << "no expected values for board " << board << " yet";
    ASSERT_TRUE(fs::is_directory(fixture_root(board))) << "no fixture tree for " << board;

    TempDir tmp;
    std::string out = tmp.file("session.jsonl");
    RunResult run = run_edgetop(
        {"record", "--root", fixture_root(board), "--count", "2", "--interval", "100", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    // Event lines (e.g. the power-mode cap information) may sit between the samples.
    std::vector<json> samples;
    for (const auto& line : lines)
        if (line["type"] == "sample") samples.push_back(line);
    ASSERT_EQ(samples.size(), 2u);
    ASSERT_EQ(lines.front()["type"], "header");
    ASSERT_EQ(lines.back()["type"], "end");
    const json& header = lines.front();
    const json& last_sample = samples.back();

    for (const auto& file : files) {
        std::ifstream in(file);
        json expected = json::parse(in, nullptr, false);
        ASSERT_FALSE(expected.is_discarded()) << file << " is not valid JSON";
        ASSERT_TRUE(expected.is_object()) << file << " is not a JSON object";
        bool is_board = file.filename() == "board.json";
        // board.json may hold the board object itself or {"board": {...}}.
        if (is_board && expected.size() == 1 && expected.contains("board"))
            expected = json(expected["board"]);
        std::vector<std::string> problems;
        compare(expected, is_board ? header["board"] : last_sample, is_board ? "board" : "",
                problems);
        std::ostringstream report;
        for (const auto& p : problems)
            report << "\n  " << p;
        EXPECT_TRUE(problems.empty())
            << board << "/" << file.filename().string() << ":" << report.str();
    }
}

INSTANTIATE_TEST_SUITE_P(Boards, ExpectedValues, ::testing::ValuesIn(kBoards),
                         [](const auto& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

}  // namespace
}  // namespace edgetop::testing
