// parse_line into one Sample reused line after line (what the import does) against a fresh Sample
// per line, over every real capture in turn: boards change between files, so lists grow, shrink
// and change names, and nothing of a previous line may stay behind.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> capture_lines() {
    std::vector<fs::path> logs;
    for (const auto& entry : fs::directory_iterator(import_data("")))
        if (entry.path().extension() == ".log") logs.push_back(entry.path());
    for (const auto& entry : fs::directory_iterator(std::string(EDGETOP_SOURCE_DIR) + "/examples"))
        if (entry.path().extension() == ".log") logs.push_back(entry.path());
    std::sort(logs.begin(), logs.end());
    std::vector<std::string> lines;
    for (const auto& path : logs) {
        std::ifstream in(path, std::ios::binary);
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
    }
    return lines;
}

void expect_same(const Sample& a, const Sample& b, std::size_t line) {
    SCOPED_TRACE("line " + std::to_string(line));
    EXPECT_EQ(a.t_s, b.t_s);
    EXPECT_EQ(a.time, b.time);
    ASSERT_EQ(a.cpu.cores.size(), b.cpu.cores.size());
    for (std::size_t i = 0; i < a.cpu.cores.size(); ++i) {
        EXPECT_EQ(a.cpu.cores[i].id, b.cpu.cores[i].id);
        EXPECT_EQ(a.cpu.cores[i].online, b.cpu.cores[i].online);
        EXPECT_EQ(a.cpu.cores[i].util_pct, b.cpu.cores[i].util_pct);
        EXPECT_EQ(a.cpu.cores[i].freq_khz, b.cpu.cores[i].freq_khz);
    }
    ASSERT_EQ(a.gpu.size(), b.gpu.size());
    for (std::size_t i = 0; i < a.gpu.size(); ++i) {
        EXPECT_EQ(a.gpu[i].name, b.gpu[i].name);
        EXPECT_EQ(a.gpu[i].load_pct, b.gpu[i].load_pct);
        EXPECT_EQ(a.gpu[i].freq_hz, b.gpu[i].freq_hz);
    }
    ASSERT_EQ(a.emc.has_value(), b.emc.has_value());
    if (a.emc) {
        EXPECT_EQ(a.emc->util_pct, b.emc->util_pct);
        EXPECT_EQ(a.emc->freq_hz, b.emc->freq_hz);
    }
    ASSERT_EQ(a.engines.size(), b.engines.size());
    for (std::size_t i = 0; i < a.engines.size(); ++i) {
        EXPECT_EQ(a.engines[i].name, b.engines[i].name);
        EXPECT_EQ(a.engines[i].online, b.engines[i].online);
        EXPECT_EQ(a.engines[i].freq_hz, b.engines[i].freq_hz);
    }
    ASSERT_EQ(a.rails.size(), b.rails.size());
    for (std::size_t i = 0; i < a.rails.size(); ++i) {
        EXPECT_EQ(a.rails[i].name, b.rails[i].name);
        EXPECT_EQ(a.rails[i].power_mw, b.rails[i].power_mw);
        EXPECT_EQ(a.rails[i].is_total, b.rails[i].is_total);
    }
    EXPECT_EQ(a.power_total_mw, b.power_total_mw);
    ASSERT_EQ(a.thermal.size(), b.thermal.size());
    for (std::size_t i = 0; i < a.thermal.size(); ++i) {
        EXPECT_EQ(a.thermal[i].name, b.thermal[i].name);
        EXPECT_EQ(a.thermal[i].temp_c, b.thermal[i].temp_c);
    }
    EXPECT_EQ(a.mem.used_kb, b.mem.used_kb);
    EXPECT_EQ(a.mem.total_kb, b.mem.total_kb);
    EXPECT_EQ(a.mem.swap_used_kb, b.mem.swap_used_kb);
    EXPECT_EQ(a.mem.swap_total_kb, b.mem.swap_total_kb);
    EXPECT_EQ(a.mem.swap_cached_kb, b.mem.swap_cached_kb);
    EXPECT_EQ(a.mem.lfb_blocks, b.mem.lfb_blocks);
    EXPECT_EQ(a.mem.lfb_block_kb, b.mem.lfb_block_kb);
    EXPECT_TRUE(b.fans.empty());
    EXPECT_TRUE(b.flags.empty());
    EXPECT_FALSE(b.procs.has_value());
    EXPECT_FALSE(b.system.uptime_s.has_value());
}

TEST(TegrastatsReuse, AReusedSampleGetsWhatAFreshOneGets) {
    const auto lines = capture_lines();
    ASSERT_GT(lines.size(), 400u);
    TegrastatsImporter fresh, reusing;
    // A sample that a caller used for something else first: none of it may show through.
    Sample reused;
    reused.fans.push_back(FanSample{"fan0", 50.0, 1200, "auto"});
    reused.flags.push_back("cpu_saturated");
    reused.procs.emplace();
    reused.system.uptime_s = 12.5;
    reused.rails.resize(40);
    reused.cpu.cores.resize(3);
    std::size_t samples = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto expected = fresh.parse_line(lines[i], i + 1);
        bool parsed = reusing.parse_line(lines[i], i + 1, reused);
        ASSERT_EQ(parsed, expected.has_value()) << lines[i];
        if (!parsed) continue;
        ++samples;
        expect_same(*expected, reused, i + 1);
    }
    EXPECT_GT(samples, 400u);
    EXPECT_EQ(fresh.warnings().size(), reusing.warnings().size());
    EXPECT_EQ(fresh.notes().size(), reusing.notes().size());
}

}  // namespace
}  // namespace edgetop::testing
