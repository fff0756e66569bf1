// A few kilobytes of zstd that stand for lines of more GPUs than any machine has, given to report,
// replay and export: each keeps what the element limits allow and says so once. (A list of few
// elements keeps the test cheap; the limits of every list are read alike, tests/session.)
#include <gtest/gtest.h>
#include <zstd.h>

#include <fstream>

#include <fmt/format.h>

#include "analysis/rules_config.hpp"
#include "commands/replay_feed.hpp"
#include "e2e/edgetop_process.hpp"
#include "session/session_element_limits.hpp"
#include "session/session_records_json.hpp"
#include "support/temp_dir.hpp"

// A namespace of its own: the unity build puts several test files in one translation unit.
namespace edgetop::session_bombs_e2e_test {
namespace {

using nlohmann::json;
using testing::run_edgetop;

// Header, `lines` samples of `gpus` GPUs each, end line: one zstd frame.
std::string write_bomb(const testing::TempDir& tmp, std::size_t gpus, int lines) {
    SessionHeader header;
    header.started = std::chrono::system_clock::time_point(std::chrono::seconds(1700000000));
    header.interval_ms = 1000;
    std::string list;
    for (std::size_t i = 0; i < gpus; ++i)
        list += fmt::format(R"({}{{"name":"gpu{}","load":{}}})", i ? "," : "", i, i % 7);
    std::string text = header_to_json(header).dump() + "\n";
    for (int t = 0; t < lines; ++t)
        text += fmt::format(R"({{"type":"sample","t":{},"gpu":[{}]}})", t, list) + "\n";
    text += fmt::format(R"({{"type":"end","t":{},"samples":{},"reason":"count"}})", lines, lines) +
            "\n";
    std::string zst(ZSTD_compressBound(text.size()), '\0');
    zst.resize(ZSTD_compress(zst.data(), zst.size(), text.data(), text.size(), 3));
    std::string path = tmp.file("bomb.jsonl.zst");
    std::ofstream(path, std::ios::binary) << zst;
    return path;
}

std::size_t count_lines(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

TEST(SessionBombs, ReportReplayAndExportKeepTheElementsTheLimitAllowsAndSaySoOnce) {
    testing::TempDir tmp;
    const std::size_t limit = element_limit("gpu");
    std::string path = write_bomb(tmp, 5 * limit, 20);
    const std::string warning = "more than 64 gpu: the elements past the limit are dropped";

    auto report = run_edgetop({"report", "--json", path});
    ASSERT_EQ(report.status, 0) << report.err;
    EXPECT_EQ(count_lines(report.err, warning), 1u) << report.err;
    json j = json::parse(report.out);
    std::size_t gpu_metrics = 0;
    for (const auto& m : j["sessions"][0]["metrics"])
        gpu_metrics += m["family"] == "gpu";
    EXPECT_EQ(gpu_metrics, limit);
    EXPECT_EQ(j["sessions"][0]["samples"], 20);

    ReplayFeed feed({path}, analysis::RuleConfig{});
    int played = 0;
    while (const Sample* s = feed.next()) {
        EXPECT_EQ(s->gpu.size(), limit);
        ++played;
    }
    EXPECT_EQ(played, 20);
    ASSERT_EQ(feed.problem_count(), 1u);
    EXPECT_NE(feed.problems().at(0).find(warning), std::string::npos) << feed.problems().at(0);

    std::string csv = tmp.file("bomb.csv");
    auto exported = run_edgetop({"export", "--format", "csv", "-o", csv, path});
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_EQ(count_lines(exported.err, warning), 1u) << exported.err;
    std::ifstream in(csv);
    std::string header_row;
    std::getline(in, header_row);
    std::size_t gpu_columns = 0;
    for (std::size_t at = 0; at != std::string::npos;) {
        std::size_t comma = header_row.find(',', at);
        std::string name = header_row.substr(at, comma == std::string::npos ? comma : comma - at);
        gpu_columns += name.starts_with("gpu_") && name.ends_with("_load_pct");
        at = comma == std::string::npos ? comma : comma + 1;
    }
    EXPECT_EQ(gpu_columns, limit);
}

}  // namespace
}  // namespace edgetop::session_bombs_e2e_test
