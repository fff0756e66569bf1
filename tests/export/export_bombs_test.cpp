// Export of sessions made to cost: lists past the readers' limits, elements that share an id and
// move from one sample to the next (found through one index per list and sample, not a search
// per element).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "export/export_test_support.hpp"
#include "session/session_element_limits.hpp"
#include "support/sample_builder.hpp"

// A namespace of its own: the unity build puts several test files in one translation unit.
namespace edgetop::export_bombs_test {
namespace {

using namespace edgetop::testing;
using session_export::Format;

std::size_t count_columns(const std::vector<std::string>& header, const std::string& prefix,
                          const std::string& suffix) {
    return static_cast<std::size_t>(std::count_if(header.begin(), header.end(), [&](const auto& c) {
        return c.starts_with(prefix) && c.ends_with(suffix);
    }));
}

TEST(ExportBombs, ACrowdedSessionHasColumnsForTheCoresKeptAndOneWarning) {
    TempDir tmp;
    const std::size_t cores = element_limit("cores") + 100;
    std::string list;
    for (std::size_t i = 0; i < cores; ++i)
        list += fmt::format(R"({}{{"id":{},"util":{}}})", i ? "," : "", i, i % 100);
    std::string path = tmp.file("crowded.jsonl");
    std::ofstream out(path);
    SessionHeader header;
    header.started = at_ms(1700000000000);
    out << header_to_json(header).dump() << "\n";
    for (int t = 0; t < 3; ++t)
        out << fmt::format(R"({{"type":"sample","t":{},"cpu":{{"cores":[{}]}}}})", t, list) << "\n";
    out << R"({"type":"end","t":3,"samples":3,"reason":"count"})"
        << "\n";
    out.close();
    for (Format format : {Format::csv, Format::perfetto}) {
        auto exported = export_files({path}, format);
        ASSERT_EQ(exported.warnings.size(), 1u) << ::testing::PrintToString(exported.warnings);
        EXPECT_NE(exported.warnings[0].find("more than 4096 cores"), std::string::npos)
            << exported.warnings[0];
        if (format != Format::csv) continue;
        auto rows = parse_csv(exported.text);
        ASSERT_EQ(rows.size(), 4u);
        EXPECT_EQ(count_columns(rows[0], "cpu", "_util_pct"), element_limit("cores") + 1)
            << "cpu_util_pct and one per core kept";
        EXPECT_EQ(rows[3][column(rows[0], "cpu4095_util_pct")], "95");
    }
}

TEST(ExportBombs, ElementsSharingAnIdAreFoundByTheirOccurrence) {
    TempDir tmp;
    auto core = [](int id, double util) {
        CoreSample c;
        c.id = id;
        c.util_pct = util;
        return c;
    };
    Sample first;
    first.time = at_ms(1700000000000);
    first.cpu.cores = {core(7, 1), core(7, 2), core(7, 3)};
    Sample moved = first;
    moved.t_s = 1;
    moved.cpu.cores = {core(8, 9), core(7, 4), core(7, 5), core(9, 9), core(7, 6)};
    Sample fewer = first;
    fewer.t_s = 2;
    fewer.cpu.cores = {core(7, 10)};
    std::string path = write_session(tmp, "ids.jsonl", {first, moved, fewer});
    auto exported = export_files({path}, Format::csv);
    auto rows = parse_csv(exported.text);
    ASSERT_EQ(rows.size(), 4u);
    const auto& header = rows[0];
    EXPECT_EQ(count_columns(header, "cpu", "_util_pct"), 4u);
    std::vector<std::string> names{"cpu7_util_pct", "cpu7#2_util_pct", "cpu7#3_util_pct"};
    std::vector<std::vector<std::string>> want{{"1", "2", "3"}, {"4", "5", "6"}, {"10", "", ""}};
    for (std::size_t row = 0; row < 3; ++row)
        for (std::size_t i = 0; i < names.size(); ++i)
            EXPECT_EQ(rows[row + 1][column(header, names[i])], want[row][i])
                << names[i] << " in sample " << row;
    ASSERT_EQ(exported.warnings.size(), 2u) << ::testing::PrintToString(exported.warnings);
    EXPECT_NE(exported.warnings[0].find("cores has an element the first sample lacks"),
              std::string::npos);
}

}  // namespace
}  // namespace edgetop::export_bombs_test
