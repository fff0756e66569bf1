#include "tui/layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tui/panel_table.hpp"

namespace edgetop::tui {
namespace {

const LayoutModel kEmpty{};
LayoutModel machine(int cores, int gpus, int rails, int zones, int fans, int engines, int flags) {
    LayoutModel model{.cores = cores};
    model.set("gpu", gpus).set("rails", rails).set("thermal", zones).set("fans", fans);
    model.set("engines", engines).set("flags", flags);
    return model;
}
const LayoutModel kOrin = machine(12, 1, 5, 11, 1, 11, 1);
const LayoutModel kHuge = machine(128, 2, 24, 60, 4, 16, 9);

bool has(const std::vector<Panel>& panels, PanelId id) {
    return std::any_of(panels.begin(), panels.end(), [&](const Panel& p) { return p.id == id; });
}

// What is wrong with a layout: a panel that is empty, leaves the screen or overlaps a later one
// ("" when nothing is). Plain comparisons, one assertion per layout: half a million layouts are
// checked, and an assertion per pair of panels cost most of the test's time.
std::string misplaced(const std::vector<Panel>& panels, int rows, int cols) {
    for (size_t i = 0; i < panels.size(); ++i) {
        const Rect& r = panels[i].rect;
        if (r.empty()) return std::string(panel_name(panels[i].id)) + " is empty";
        if (!(r.x >= 0 && r.y >= 0 && r.right() <= cols && r.bottom() <= rows))
            return std::string(panel_name(panels[i].id)) + " leaves the screen";
        for (size_t j = i + 1; j < panels.size(); ++j)
            if (overlaps(r, panels[j].rect))
                return std::string(panel_name(panels[i].id)) + " / " +
                       std::string(panel_name(panels[j].id)) + " overlap";
    }
    return "";
}

TEST(Layout, NoPanelOverlapsOrLeavesTheScreenAtAnySize) {
    for (const LayoutModel& model : {kEmpty, kOrin, kHuge})
        for (int p = 0; p < kPageCount; ++p)
            for (int cols = 20; cols <= 300; ++cols)
                for (int rows = 8; rows <= 100; ++rows)
                    ASSERT_EQ(
                        misplaced(layout_page(page_from_index(p), rows, cols, model), rows, cols),
                        "")
                        << page_name(page_from_index(p)) << " " << cols << "x" << rows;
}

TEST(Layout, EveryPageKeepsItsMainPanelDownTo40x12) {
    struct Main {
        Page page;
        PanelId panel;
    };
    for (auto [page, panel] :
         {Main{Page::overview, PanelId::cpu_bars}, Main{Page::cpu, PanelId::cpu_cores},
          Main{Page::gpu, PanelId::gpu_info}, Main{Page::power, PanelId::rails},
          Main{Page::memory, PanelId::memory_breakdown},
          Main{Page::processes, PanelId::process_table},
          Main{Page::analysis, PanelId::flag_list}}) {
        for (int cols = 40; cols <= 300; cols += 13)
            for (int rows = 12; rows <= 100; rows += 7) {
                auto panels = layout_page(page, rows, cols, kOrin);
                EXPECT_TRUE(has(panels, panel)) << page_name(page) << " " << cols << "x" << rows;
                EXPECT_TRUE(has(panels, PanelId::header));
                EXPECT_TRUE(has(panels, PanelId::tabs));
                EXPECT_TRUE(has(panels, PanelId::footer));
            }
    }
}

TEST(Layout, WideScreensUseTwoColumnsAndShowEverything) {
    auto panels = layout_page(Page::overview, 50, 160, kOrin);
    for (PanelId id : {PanelId::cpu_bars, PanelId::gpu_summary, PanelId::memory_summary,
                       PanelId::power_summary, PanelId::thermal_summary, PanelId::fans_summary,
                       PanelId::flags_summary, PanelId::top_processes})
        EXPECT_TRUE(has(panels, id)) << panel_name(id);
    Rect cpu{}, power{};
    for (const auto& p : panels) {
        if (p.id == PanelId::cpu_bars) cpu = p.rect;
        if (p.id == PanelId::power_summary) power = p.rect;
    }
    EXPECT_EQ(cpu.y, power.y);  // side by side
    EXPECT_LT(cpu.right(), power.x);
    // 12 cores in 80 columns, compact: four columns of three rows plus the title.
    EXPECT_EQ(cpu.h, 4);
}

TEST(Layout, TinyTerminalsStillShowTheHeader) {
    for (int rows = 1; rows < 8; ++rows)
        for (int cols = 1; cols < 20; ++cols) {
            auto panels = layout_page(Page::overview, rows, cols, kOrin);
            ASSERT_FALSE(panels.empty());
            EXPECT_EQ(panels.front().id, PanelId::header);
            for (const auto& p : panels)
                EXPECT_LE(p.rect.bottom(), rows);
        }
    EXPECT_TRUE(layout_page(Page::cpu, 0, 80, kOrin).empty());
}

TEST(Layout, CoreColumnsFollowTheWidth) {
    EXPECT_EQ(core_columns(80, 12), 2);
    EXPECT_EQ(core_columns(40, 12), 1);
    EXPECT_EQ(core_columns(300, 4), 1);
    EXPECT_EQ(core_columns(300, 128), 8);
    EXPECT_EQ(core_columns(0, 0), 1);
}

const Panel* find_panel(const std::vector<Panel>& panels, PanelId id) {
    for (const auto& p : panels)
        if (p.id == id) return &p;
    return nullptr;
}

TEST(Layout, EveryPanelIsPlacedFoldedOrNamedAtEverySize) {
    LayoutModel bare = kOrin;
    bare.set("fans", 0).set("flags", 0);
    bare.procs = false, bare.emc = false;
    for (const LayoutModel& model : {kEmpty, kOrin, kHuge, bare})
        for (int p = 0; p < kPageCount; ++p)
            for (int cols = 40; cols <= 300; cols += 7)
                for (int rows = 12; rows <= 100; rows += 3) {
                    Page page = page_from_index(p);
                    auto panels = layout_page(page, rows, cols, model);
                    for (const auto& spec : page_panels(page, rows, cols, model)) {
                        bool placed =
                            std::any_of(panels.begin(), panels.end(), [&](const Panel& q) {
                                return q.id == spec.id ||
                                       std::find(q.listed.begin(), q.listed.end(), spec.id) !=
                                           q.listed.end();
                            });
                        ASSERT_TRUE(placed) << page_name(page) << " " << cols << "x" << rows << " "
                                            << panel_name(spec.id);
                    }
                    for (const auto& q : panels) {
                        if (q.state == PanelState::folded) {
                            EXPECT_EQ(q.rect.h, 1);
                        }
                    }
                }
}

TEST(Layout, AbsentSourcesShareOneStatusLine) {
    LayoutModel model = kOrin;
    model.set("fans", 0).set("flags", 0).set("disks", 0).set("net", 0);
    model.procs = false;
    auto panels = layout_page(Page::overview, 24, 80, model);
    const Panel* absent = find_panel(panels, PanelId::absent_sources);
    ASSERT_NE(absent, nullptr);
    EXPECT_EQ(absent->rect.h, 1);
    EXPECT_EQ(absent->listed, (std::vector<PanelId>{PanelId::flags_summary, PanelId::fans_summary,
                                                    PanelId::io, PanelId::top_processes}));
    EXPECT_EQ(find_panel(panels, PanelId::fans_summary), nullptr);
    // Nothing absent: no status line.
    LayoutModel all = kOrin;
    all.set("disks", 2).set("net", 3);
    auto complete = layout_page(Page::overview, 24, 80, all);
    EXPECT_EQ(find_panel(complete, PanelId::absent_sources), nullptr);
}

TEST(Layout, SixteenCoresFitTheOverviewAt80x24And12At60x20) {
    LayoutModel model = kOrin;
    model.cores = 16, model.procs = false;
    model.set("flags", 0);
    auto at_80 = layout_page(Page::overview, 24, 80, model);
    const Panel* cpu = find_panel(at_80, PanelId::cpu_bars);
    ASSERT_NE(cpu, nullptr);
    EXPECT_EQ(compact_core_columns(80, 16), 4);
    EXPECT_EQ(cpu->rect.h, 1 + 4);
    model.cores = 12;
    auto at_60 = layout_page(Page::overview, 20, 60, model);
    cpu = find_panel(at_60, PanelId::cpu_bars);
    ASSERT_NE(cpu, nullptr);
    EXPECT_EQ(compact_core_columns(60, 12), 3);
    EXPECT_EQ(cpu->rect.h, 1 + 4);
}

TEST(Layout, LargeScreensUseTheFullHeight) {
    for (int p = 0; p < kPageCount; ++p) {
        Page page = page_from_index(p);
        for (auto [rows, cols] : {std::pair{60, 200}, std::pair{100, 300}}) {
            auto panels = layout_page(page, rows, cols, kOrin);
            int lowest = 0;
            for (const auto& q : panels)
                if (q.id != PanelId::footer) lowest = std::max(lowest, q.rect.bottom());
            EXPECT_EQ(lowest, rows - 1) << page_name(page) << " " << cols << "x" << rows;
        }
    }
}

TEST(Layout, TooFewRowsNameThePanelsLeftWithout) {
    auto panels = layout_page(Page::overview, 8, 80, kHuge);
    const Panel* more = find_panel(panels, PanelId::more_panels);
    ASSERT_NE(more, nullptr);
    EXPECT_FALSE(more->listed.empty());
    EXPECT_EQ(more->rect.h, 1);
}

TEST(Layout, OverlayStaysInside) {
    Rect r = overlay_rect(12, 40, 17, 80);
    EXPECT_EQ(r.y, 0);
    EXPECT_EQ(r.h, 12);
    EXPECT_EQ(r.w, 40);
    Rect centred = overlay_rect(50, 100, 10, 20);
    EXPECT_EQ(centred.y, 20);
    EXPECT_EQ(centred.x, 40);
}

}  // namespace
}  // namespace edgetop::tui

namespace edgetop::tui {
namespace {

TEST(PanelTable, EveryPanelOfAPageIsSizedAndDrawnAndNamedOnce) {
    std::set<std::string_view> names;
    for (const PanelInfo& info : panel_table()) {
        EXPECT_TRUE(names.insert(info.name).second) << info.name;
        EXPECT_FALSE(info.title.empty()) << info.name;
        if (info.pages == 0) continue;
        EXPECT_NE(info.size, nullptr) << info.name;
        EXPECT_NE(info.draw, nullptr) << info.name;
        EXPECT_EQ(info.item_kind.empty(), info.item_count == nullptr) << info.name;
        // An absent source is named on the "n/a:" line by what is missing, not by the title.
        if (info.present) {
            EXPECT_FALSE(info.absent.empty()) << info.name;
        }
    }
}

}  // namespace
}  // namespace edgetop::tui
