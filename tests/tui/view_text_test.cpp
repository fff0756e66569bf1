// The view's words: columns that line up, every value named with its unit, counts in the singular
// for one, lists in the order that keeps the values in sight, titles and the header cut between
// their parts, never inside a word.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "edgetop/number_text.hpp"
#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "text/text_units.hpp"
#include "tui/frame.hpp"

namespace edgetop::tui::view_text {
namespace {

using testing::VirtualScreen;

struct Scene {
    ViewModel view;
    UiState ui;
    Board board = testing::orin_board();
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{true, false};
    bool replay = false;

    explicit Scene(const Sample& s) { view.update(s); }
    std::string draw(Page page, int rows, int cols, VirtualScreen& screen) {
        screen.resize(rows, cols);
        ui.page = page;
        FrameContext ctx{view, ui, board, status, theme, details, false, replay, false, false, ""};
        draw_frame(stdscr, ctx);
        return screen.text();
    }
};

// The screen rows that hold `needle`.
std::vector<std::string> rows_with(const std::string& text, const std::string& needle) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find(needle) != std::string::npos) out.push_back(line);
    return out;
}

// The screen column where `needle` starts in `row` (the bars before it are several bytes a cell).
int column_of(const std::string& row, const std::string& needle) {
    const size_t at = row.find(needle);
    if (at == std::string::npos) return -1;
    int column = 0;
    for (size_t i = 0; i < at; ++i)
        column += (static_cast<unsigned char>(row[i]) & 0xC0) != 0x80 ? 1 : 0;
    return column;
}

class ViewText : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo"; }
    VirtualScreen screen;
};

TEST(Plural, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(plural(1, "disk"), "1 disk");
    EXPECT_EQ(plural(0, "disk"), "0 disks");
    EXPECT_EQ(plural(7, "interface"), "7 interfaces");
    EXPECT_EQ(plural(1, "process", "processes"), "1 process");
    EXPECT_EQ(plural(3, "process", "processes"), "3 processes");
}

TEST(ClockTenths, KeepsTheTenthThatTellsTwoEventsOfOneSecondApart) {
    EXPECT_EQ(text::format_clock_tenths(29.04), "00:00:29.0");
    EXPECT_EQ(text::format_clock_tenths(29.46), "00:00:29.5");
    EXPECT_EQ(text::format_clock_tenths(3725.25), "01:02:05.3");  // rounds half away from zero
    EXPECT_EQ(text::format_clock_tenths(86400 * 3 + 61.96), "3d 00:01:02.0");
    EXPECT_EQ(text::format_clock_tenths(-1), "n/a");
    EXPECT_EQ(text::format_clock_tenths(1e300), "n/a");
}

// The GPU and EMC rows of the Overview hold their load and clock in the same columns, whatever
// the width of each value.
TEST_F(ViewText, OverviewGpuAndEmcValuesShareTheirColumns) {
    Sample s = testing::orin_sample();
    s.gpu.front().load_pct = 87.0, s.gpu.front().freq_hz = 612000000;
    s.emc->util_pct = 5.0, s.emc->freq_hz = 3199000000;
    Scene scene(s);
    for (auto [rows, cols] : {std::pair{24, 80}, {40, 120}, {50, 200}}) {
        std::string text = scene.draw(Page::overview, rows, cols, screen);
        auto gpu = rows_with(text, "612 MHz"), emc = rows_with(text, "3.20 GHz");
        ASSERT_EQ(gpu.size(), 1u) << text;
        ASSERT_EQ(emc.size(), 1u) << text;
        EXPECT_EQ(column_of(gpu[0], "% "), column_of(emc[0], "% ")) << text;
        EXPECT_EQ(column_of(gpu[0], "MHz"), column_of(emc[0], "GHz")) << text;
    }
}

TEST_F(ViewText, FanValuesAreNamedOnTheOverviewAndThePowerPage) {
    Sample s = testing::orin_sample();
    s.fans.push_back({"fan2", 12.0, std::nullopt, std::nullopt});
    Scene scene(s);
    for (Page page : {Page::overview, Page::power}) {
        std::string text = scene.draw(page, 40, 120, screen);
        auto first = rows_with(text, "pwmfan"), second = rows_with(text, "fan2 ");
        ASSERT_EQ(first.size(), 1u) << text;
        ASSERT_EQ(second.size(), 1u) << text;
        EXPECT_TRUE(std::regex_search(first[0], std::regex("speed +38%  2049 rpm  control auto")))
            << first[0];
        EXPECT_TRUE(std::regex_search(second[0], std::regex("speed +12%  rpm n/a  control n/a")))
            << second[0];
    }
}

// Where rows run out, "+N more zones" counts the coolest zones and those without a reading.
TEST_F(ViewText, PowerPageListsZonesWithValuesHottestFirst) {
    Sample s = testing::orin_sample();
    s.thermal = {{"CV0", std::nullopt}, {"CV1", std::nullopt}, {"CV2", std::nullopt},
                 {"SOC0", 49.7},        {"CPU", 52.6},         {"GPU", 48.3},
                 {"SOC1", 49.8},        {"SOC2", 48.5},        {"tj", 88.0}};
    Scene scene(s);
    std::string text = scene.draw(Page::power, 24, 80, screen);
    const std::string zones = text.substr(text.find("Thermal zones"));
    ASSERT_NE(zones.find("more zones"), std::string::npos) << text;  // the list is cut here
    ASSERT_NE(zones.find("tj "), std::string::npos) << text;
    EXPECT_LT(zones.find("tj "), zones.find("CPU ")) << text;
    EXPECT_EQ(zones.find("CV0"), std::string::npos) << text;
    // Tall enough for all: the absent ones last, in their order.
    text = scene.draw(Page::power, 60, 80, screen);
    const std::string all = text.substr(text.find("Thermal zones"));
    EXPECT_LT(all.find("GPU "), all.find("CV0")) << text;
    EXPECT_LT(all.find("CV0"), all.find("CV1")) << text;
    EXPECT_LT(all.find("CV1"), all.find("CV2")) << text;
}

TEST_F(ViewText, TripPointsCarryTheirUnit) {
    Scene scene(testing::orin_sample());
    std::string text = scene.draw(Page::power, 40, 120, screen);
    // The unit once, after the last point, in the 53 columns the panel has at 120x40.
    EXPECT_NE(text.find("passive 99 critical 104 \u00b0C"), std::string::npos) << text;
    EXPECT_NE(text.find("passive 85 critical 105 \u00b0C"), std::string::npos) << text;
}

// The AGX Orin's total is three of its four rails: at 120x40 the names do not fit beside it, the
// one rail left out does.
TEST_F(ViewText, RailsTitleKeepsWhatTheTotalIsMadeOfInItsShortForms) {
    Sample s = testing::orin_sample();
    s.rails.pop_back();
    for (auto& rail : s.rails)
        rail.in_total = rail.name != "VIN_SYS_5V0";
    Scene scene(s);
    std::string text = scene.draw(Page::power, 40, 120, screen);
    EXPECT_EQ(rows_with(text, "= all rails but VIN_SYS_5V0").size(), 1u) << text;
    // All rails in the total, a title narrower still: how many.
    for (auto& rail : s.rails)
        rail.in_total = true;
    scene.view.update(s);
    text = scene.draw(Page::power, 40, 110, screen);
    EXPECT_EQ(rows_with(text, "= 4 rails").size(), 1u) << text;
}

TEST_F(ViewText, MemoryPageSaysBuffersAndCache) {
    Scene scene(testing::orin_sample());
    std::string text = scene.draw(Page::memory, 40, 120, screen);
    EXPECT_EQ(rows_with(text, "buffers/cache   88.0 MiB / 3.56 GiB").size(), 1u) << text;
    EXPECT_EQ(text.find("SRecl"), std::string::npos) << text;
}

TEST_F(ViewText, ACountOfOneIsSingular) {
    Sample s = testing::orin_sample();
    DiskSample disk;
    disk.name = "nvme0n1", disk.read_bytes_per_s = 0, disk.write_bytes_per_s = 0, disk.busy_pct = 0;
    NetSample net;
    net.name = "eth0", net.rx_bytes_per_s = 0, net.tx_bytes_per_s = 0;
    s.disks = {disk};
    s.net = {net};
    s.thermal.resize(1);
    Scene scene(s);
    std::string text = scene.draw(Page::overview, 50, 200, screen);
    EXPECT_NE(text.find("1 disk, 1 interface"), std::string::npos) << text;
    EXPECT_NE(text.find("1 zone "), std::string::npos) << text;
    EXPECT_EQ(text.find("1 zones"), std::string::npos) << text;
    // gpu_bound, raised at the first sample, is one event.
    text = scene.draw(Page::analysis, 40, 120, screen);
    EXPECT_NE(text.find("1 event "), std::string::npos) << text;
}

// A tegrastats replay has the cores' loads and no total: the Overview says the cores' mean, and
// says that it is one.
TEST_F(ViewText, ReplayCpuTitleShowsTheMeanOfTheCoresWithoutATotal) {
    Sample s = testing::orin_sample();
    s.cpu.util_pct.reset();
    s.cpu.user_pct.reset(), s.cpu.system_pct.reset(), s.cpu.iowait_pct.reset();
    for (auto& core : s.cpu.cores)
        core.util_pct = core.id % 2 == 0 ? 30.0 : 50.0;
    Scene scene(s);
    std::string text = scene.draw(Page::overview, 40, 120, screen);
    EXPECT_EQ(rows_with(text, "mean of cores 40%").size(), 1u) << text;
    EXPECT_EQ(text.find("util n/a"), std::string::npos) << text;
    text = scene.draw(Page::cpu, 40, 120, screen);
    const auto mean = rows_with(text, "mean ");
    ASSERT_EQ(mean.size(), 1u) << text;
    EXPECT_NE(mean[0].find("40%"), std::string::npos) << text;
}

TEST_F(ViewText, GpuClockTitleOmitsAnUnknownMaximum) {
    Sample s = testing::orin_sample();
    s.gpu.front().hw_max_hz.reset(), s.gpu.front().max_hz.reset();
    s.gpu.front().freq_hz = 1011000000;
    Scene scene(s);
    std::string text = scene.draw(Page::gpu, 40, 120, screen);
    EXPECT_EQ(text.find("of n/a"), std::string::npos) << text;
    EXPECT_NE(text.find("1.01 GHz"), std::string::npos) << text;
}

// The header of a replay at widths from 24 to 130 columns: whole words only, the replay's time
// first.
TEST_F(ViewText, ReplayHeaderIsCutBetweenWordsNeverInside) {
    Sample s = testing::orin_sample();
    s.flags.clear();
    Scene scene(s);
    scene.board.model = "Jetson Orin Nano or Orin NX 8GB (guessed from tegrastats)";
    scene.board.l4t.reset(), scene.board.jetpack.reset();
    scene.replay = true;
    scene.ui.paused = true;
    const std::set<std::string> words = {
        "edgetop", "REPLAY", "t",   "1.0",      "s",    "Jetson",      "Orin",      "Nano",
        "or",      "NX",     "8GB", "(guessed", "from", "tegrastats)", "(guessed)", "mode",
        "MAXN",    "up",     "3d",  "02:02",    "x1",   "PAUSED",      "0",         "flags"};
    for (int cols = 24; cols <= 130; cols += 2) {
        scene.draw(Page::info, 24, cols, screen);
        std::istringstream header(screen.row(0));
        for (std::string word; header >> word;)
            EXPECT_TRUE(words.count(word))
                << "\"" << word << "\" at " << cols << " columns: \"" << screen.row(0) << "\"";
        if (cols >= 40) {
            EXPECT_NE(screen.row(0).find("REPLAY t 1.0 s"), std::string::npos) << cols;
        }
    }
}

}  // namespace
}  // namespace edgetop::tui::view_text
