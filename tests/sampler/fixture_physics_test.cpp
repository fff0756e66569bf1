// The fixture boards hold only what a board could show: each check reads the fixture files
// directly (no reader of edgetop's) and holds them to the hardware's own rules.
// - INA3221 (TI datasheet SBOS576; Linux drivers/hwmon/ina3221.c): bus voltage in
//   steps of 8 mV, shunt voltage in steps of 40 µV, current = shunt steps x 40000 nV / shunt µΩ
//   rounded to the closest mA; no rail behind a chip's input channel at a higher bus voltage.
// - devfreq: cur_freq is one of available_frequencies, within min_freq..max_freq.
// - Orin's tj zone is the hottest of the SoC's own zones (cpu, gpu, cv, soc).
// - /proc/stat: no core has more ticks than the uptime holds (USER_HZ 100), and the `cpu` line
//   is at least the sum of the core lines (it also counts cores now offline).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "sensors/core/text_scan.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;

fs::path board_root(const std::string& board) {
    return fs::path(EDGETOP_FIXTURES) / board;
}

std::optional<std::string> read_text(const fs::path& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return std::string(trim(text.str()));
}

std::optional<int64_t> read_number(const fs::path& path) {
    auto text = read_text(path);
    if (!text || text->empty()) return std::nullopt;
    try {
        return std::stoll(*text);
    } catch (...) {
        return std::nullopt;
    }
}

// Every directory under root (symlinks not followed: each file is seen once).
std::vector<fs::path> directories(const fs::path& root) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_directory() && !entry.is_symlink()) found.push_back(entry.path());
    return found;
}

int64_t div_round_closest(int64_t a, int64_t b) {
    return (a + b / 2) / b;
}

// The shunt register steps that give `ma` through the driver's rounding, if any.
std::optional<int64_t> shunt_steps_for(int64_t ma, int64_t shunt_uohm) {
    int64_t guess = ma * shunt_uohm / 40000;
    for (int64_t steps = guess - 2; steps <= guess + 2; ++steps)
        if (steps >= 0 && div_round_closest(steps * 40000, shunt_uohm) == ma) return steps;
    return std::nullopt;
}

bool is_input_rail(const std::string& label) {
    return label == "VDD_IN" || label == "VIN" || label == "POM_5V_IN";
}

TEST(FixturePhysics, Ina3221ReadingsAreOnTheChipsStepsAndNoRailIsAboveItsInput) {
    int channels = 0;
    for (const std::string& board : fixture_boards())
        for (const fs::path& dir : directories(board_root(board))) {
            if (read_text(dir / "name") != "ina3221") continue;
            std::optional<int64_t> input_mv;
            std::vector<std::pair<std::string, int64_t>> rails;
            for (int ch = 1; ch <= 3; ++ch) {
                std::string n = std::to_string(ch);
                auto mv = read_number(dir / ("in" + n + "_input"));
                auto ma = read_number(dir / ("curr" + n + "_input"));
                auto shunt = read_number(dir / ("shunt" + n + "_resistor"));
                std::string label = read_text(dir / ("in" + n + "_label")).value_or("");
                std::string where = board + " " + dir.filename().string() + " ch" + n + " " + label;
                if (!mv || !ma) continue;
                ++channels;
                EXPECT_EQ(*mv % 8, 0) << where << ": bus voltage " << *mv << " mV";
                ASSERT_TRUE(shunt && *shunt > 0) << where << ": no shunt resistor";
                auto steps = shunt_steps_for(*ma, *shunt);
                EXPECT_TRUE(steps) << where << ": " << *ma << " mA is no whole number of 40 µV "
                                   << "steps over " << *shunt << " µΩ";
                auto shunt_uv = read_number(dir / ("in" + std::to_string(ch + 3) + "_input"));
                if (steps && shunt_uv) {
                    EXPECT_EQ(*shunt_uv, *steps * 40) << where << ": shunt voltage";
                }
                if (is_input_rail(label))
                    input_mv = *mv;
                else
                    rails.emplace_back(where, *mv);
            }
            if (input_mv)
                for (const auto& [where, mv] : rails) {
                    EXPECT_LE(mv, *input_mv) << where << ": above the input rail's bus voltage";
                }
        }
    EXPECT_GE(channels, 15);  // the checks ran on every INA3221 board
}

std::vector<int64_t> numbers_in(const std::string& text) {
    std::vector<int64_t> values;
    std::istringstream in(text);
    int64_t v = 0;
    while (in >> v)
        values.push_back(v);
    return values;
}

TEST(FixturePhysics, DevfreqClocksAreInTheirOwnTables) {
    int checked = 0;
    for (const std::string& board : fixture_boards())
        for (const fs::path& dir : directories(board_root(board))) {
            auto cur = read_number(dir / "cur_freq");
            auto table = read_text(dir / "available_frequencies");
            if (!cur || !table) continue;
            std::string where = board + " " + dir.filename().string();
            std::vector<int64_t> steps = numbers_in(*table);
            ++checked;
            EXPECT_NE(std::find(steps.begin(), steps.end(), *cur), steps.end())
                << where << ": cur_freq " << *cur << " is not in available_frequencies";
            auto min = read_number(dir / "min_freq");
            auto max = read_number(dir / "max_freq");
            if (min) {
                EXPECT_GE(*cur, *min) << where;
            }
            if (max) {
                EXPECT_LE(*cur, *max) << where;
            }
        }
    EXPECT_GE(checked, 7);
}

bool is_soc_zone(const std::string& type) {
    for (const char* prefix : {"cpu", "gpu", "cv", "soc"})
        if (type.rfind(prefix, 0) == 0) return true;
    return false;
}

TEST(FixturePhysics, TjIsTheHottestOfTheSocZones) {
    int checked = 0;
    for (const std::string& board : fixture_boards()) {
        fs::path zones = board_root(board) / "sys/devices/virtual/thermal";
        if (!fs::exists(zones)) continue;
        std::optional<int64_t> tj, hottest;
        for (const auto& entry : fs::directory_iterator(zones)) {
            std::string type = read_text(entry.path() / "type").value_or("");
            auto temp = read_number(entry.path() / "temp");
            if (!temp || *temp <= -40000) continue;  // unread, or the -256 C of a zone powered off
            if (type == "tj-thermal")
                tj = *temp;
            else if (is_soc_zone(type))
                hottest = std::max(hottest.value_or(*temp), *temp);
        }
        if (!tj) continue;
        ++checked;
        EXPECT_EQ(tj, hottest) << board;
    }
    EXPECT_GE(checked, 2);  // AGX Orin, Orin Nano, Thor
}

struct CpuTicks {
    std::string name;
    int64_t total = 0;
    std::vector<int64_t> fields;
};

std::vector<CpuTicks> cpu_lines(const std::string& stat) {
    std::vector<CpuTicks> lines;
    std::istringstream in(stat);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("cpu", 0) != 0) continue;
        std::istringstream words(line);
        CpuTicks ticks;
        words >> ticks.name;
        int64_t v = 0;
        while (words >> v) {
            ticks.fields.push_back(v);
            ticks.total += v;
        }
        lines.push_back(ticks);
    }
    return lines;
}

TEST(FixturePhysics, NoCoreHasMoreTicksThanTheUptimeAndTheCpuLineHoldsEveryCore) {
    constexpr int64_t kUserHz = 100;
    for (const std::string& board : fixture_boards()) {
        auto uptime = read_text(board_root(board) / "proc/uptime");
        auto stat = read_text(board_root(board) / "proc/stat");
        ASSERT_TRUE(uptime && stat) << board;
        double up_s = std::stod(*uptime);
        std::vector<CpuTicks> lines = cpu_lines(*stat);
        ASSERT_GE(lines.size(), 2u) << board;
        ASSERT_EQ(lines[0].name, "cpu") << board;
        std::vector<int64_t> sum(lines[0].fields.size(), 0);
        for (size_t i = 1; i < lines.size(); ++i) {
            // guest and guest_nice are counted in user and nice too: not added twice.
            int64_t ticks = lines[i].total;
            if (lines[i].fields.size() >= 10) ticks -= lines[i].fields[8] + lines[i].fields[9];
            EXPECT_LE(ticks, static_cast<int64_t>(up_s * kUserHz) + 1)
                << board << " " << lines[i].name << ": more ticks than " << up_s << " s hold";
            for (size_t f = 0; f < sum.size() && f < lines[i].fields.size(); ++f)
                sum[f] += lines[i].fields[f];
        }
        for (size_t f = 0; f < sum.size(); ++f) {
            EXPECT_GE(lines[0].fields[f], sum[f]) << board << " field " << f;
        }
    }
}

}  // namespace
}  // namespace edgetop::testing
