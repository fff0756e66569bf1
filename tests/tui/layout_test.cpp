#include "tui/layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace edgetop::tui {
namespace {

const LayoutModel kEmpty{};
const LayoutModel kOrin{12, 1, 5, 11, 1, 11, 1};
const LayoutModel kHuge{128, 2, 24, 60, 4, 16, 9};

bool has(const std::vector<Panel>& panels, PanelId id) {
    return std::any_of(panels.begin(), panels.end(), [&](const Panel& p) { return p.id == id; });
}

TEST(Layout, NoPanelOverlapsOrLeavesTheScreenAtAnySize) {
    for (const LayoutModel& model : {kEmpty, kOrin, kHuge})
        for (int p = 0; p < kPageCount; ++p)
            for (int cols = 20; cols <= 300; ++cols)
                for (int rows = 8; rows <= 100; ++rows) {
                    auto panels = layout_page(page_from_index(p), rows, cols, model);
                    for (size_t i = 0; i < panels.size(); ++i) {
                        const Rect& r = panels[i].rect;
                        ASSERT_FALSE(r.empty()) << panel_name(panels[i].id);
                        ASSERT_TRUE(r.x >= 0 && r.y >= 0 && r.right() <= cols && r.bottom() <= rows)
                            << page_name(page_from_index(p)) << " " << cols << "x" << rows << " "
                            << panel_name(panels[i].id);
                        for (size_t j = i + 1; j < panels.size(); ++j)
                            ASSERT_FALSE(overlaps(r, panels[j].rect))
                                << page_name(page_from_index(p)) << " " << cols << "x" << rows
                                << " " << panel_name(panels[i].id) << " / "
                                << panel_name(panels[j].id);
                    }
                }
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
    // 12 cores in 80 columns: two columns of six rows plus the title.
    EXPECT_EQ(cpu.h, 7);
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
