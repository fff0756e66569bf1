// The footer's missing-input line on real fixture trees: what matters on the board, said right
// to root and to a user, never cut inside a word.
#include "tui/footer_hint.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "sensors/sampler/sampler.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::tui {
namespace {

using State = SourceStatus::State;

struct Fixture {
    Board board;
    std::vector<SourceStatus> status;
};

Fixture sample_fixture(const std::string& name) {
    Sampler sampler{Root(edgetop::testing::fixture_path(name))};
    sampler.sample();
    return {sampler.board(), sampler.status()};
}

bool lists(const std::vector<SourceStatus>& status, std::string_view name) {
    for (const auto& s : status)
        if (s.name == name && s.state != State::found) return true;
    return false;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

TEST(FooterHint, BoardFamilies) {
    EXPECT_EQ(board_family(sample_fixture("agx-orin").board), BoardFamily::jetson);
    EXPECT_EQ(board_family(sample_fixture("nano").board), BoardFamily::jetson);
    EXPECT_EQ(board_family(sample_fixture("x86-pc").board), BoardFamily::pc);
    EXPECT_EQ(board_family(Board{}), BoardFamily::unknown);
    Board pi;
    pi.compatible = {"raspberrypi,4-model-b", "brcm,bcm2711"};
    EXPECT_EQ(board_family(pi), BoardFamily::arm);
}

TEST(FooterHint, JetsonListsNoPcOnlySource) {
    Fixture orin = sample_fixture("agx-orin");
    // The sampler reports them absent on the Orin tree; the footer must not.
    ASSERT_TRUE(lists(orin.status, "power.rapl"));
    std::string hint = missing_hint(Page::overview, orin.status, {orin.board, false}, 10000);
    for (std::string_view pc_only : {"rapl", "dmi", "thermal.hwmon", "nvml"})
        EXPECT_EQ(hint.find(pc_only), std::string::npos) << pc_only << " in: " << hint;
    std::string power = missing_hint(Page::power, orin.status, {orin.board, false}, 10000);
    EXPECT_EQ(power.find("rapl"), std::string::npos) << power;
}

TEST(FooterHint, PcListsNoJetsonOnlySource) {
    Fixture pc = sample_fixture("x86-pc");
    ASSERT_TRUE(lists(pc.status, "power.ina3221"));
    std::string hint = missing_hint(Page::overview, pc.status, {pc.board, false}, 10000);
    for (std::string_view jetson_only :
         {"ina3221", "emc.", "engines", "nvmap", "l4t", "nvpmodel", "devfreq", "devicetree"})
        EXPECT_EQ(hint.find(jetson_only), std::string::npos) << jetson_only << " in: " << hint;
}

TEST(FooterHint, NvmlMattersOnThorAndPcsOnly) {
    Board thor;
    thor.soc = "tegra264";
    Board orin;
    orin.soc = "tegra234";
    Board pc;
    pc.model = "Dell Inc. Precision 3660";
    EXPECT_TRUE(matters_on("gpu.nvml", thor));
    EXPECT_FALSE(matters_on("gpu.nvml", orin));
    EXPECT_TRUE(matters_on("gpu.nvml", pc));
    EXPECT_TRUE(matters_on("cpu.stat", orin));
    EXPECT_TRUE(matters_on("power.rapl", Board{})) << "an unknown board hides nothing";
}

TEST(FooterHint, RootIsNotToldToBecomeRoot) {
    Board orin;
    orin.soc = "tegra234";
    std::vector<SourceStatus> status = {
        {"emc.actmon", State::needs_root, "", "debugfs is root-only"},
        {"emc.clock", State::absent, "", ""},
        {"cpu.stat", State::found, "/proc/stat", ""}};
    EXPECT_EQ(missing_hint(Page::memory, status, {orin, false}, 200),
              "n/a: emc.actmon needs root (debugfs is root-only), emc.clock absent");
    std::string as_root = missing_hint(Page::memory, status, {orin, true}, 200);
    EXPECT_EQ(as_root, "n/a: emc.actmon unreadable, emc.clock absent");
    EXPECT_EQ(as_root.find("root"), std::string::npos);
    EXPECT_EQ(missing_hint(Page::cpu, status, {orin, false}, 200), "");
}

TEST(FooterHint, NarrowWidthDropsWholeItems) {
    Fixture orin = sample_fixture("agx-orin");
    std::string full = missing_hint(Page::overview, orin.status, {orin.board, false}, 10000);
    ASSERT_FALSE(full.empty());
    auto full_words = words(full);
    for (int width = 0; width <= static_cast<int>(full.size()) + 2; ++width) {
        std::string hint = missing_hint(Page::overview, orin.status, {orin.board, false}, width);
        EXPECT_LE(static_cast<int>(hint.size()), width) << hint;
        for (const auto& w : words(hint)) {
            bool whole = std::find(full_words.begin(), full_words.end(), w) != full_words.end() ||
                         w == "more" || w == "more," || w == "(edgetop" || w == "--check)" ||
                         (w.size() > 1 && w[0] == '+');
            EXPECT_TRUE(whole) << "cut word '" << w << "' at width " << width << ": " << hint;
        }
    }
}

TEST(FooterHint, FitItemsCountsWhatIsLeftOut) {
    std::vector<std::string> items = {"gpu.devfreq absent", "emc.clock absent", "fan absent"};
    EXPECT_EQ(fit_items("n/a: ", items, ", ", 100),
              "n/a: gpu.devfreq absent, emc.clock absent, fan absent");
    EXPECT_EQ(fit_items("n/a: ", items, ", ", 50),
              "n/a: gpu.devfreq absent, emc.clock absent, +1 more");
    EXPECT_EQ(fit_items("n/a: ", items, ", ", 32), "n/a: gpu.devfreq absent, +2 more");
    EXPECT_EQ(fit_items("n/a: ", items, ", ", 14), "n/a: +3 more");
    EXPECT_EQ(fit_items("n/a: ", items, ", ", 5), "");
}

}  // namespace
}  // namespace edgetop::tui
