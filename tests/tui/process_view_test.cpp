#include "tui/process_view.hpp"

#include <gtest/gtest.h>

#include "tests/tui/tui_samples.hpp"

namespace edgetop::tui {
namespace {

std::vector<int> pids(const std::vector<const ProcessSample*>& rows) {
    std::vector<int> out;
    for (const auto* p : rows)
        out.push_back(p->pid);
    return out;
}

std::vector<ProcessSample> processes() {
    auto procs = testing::orin_sample().procs->all;  // trtexec 4242, python3 1001, kworker 77
    ProcessSample unknown;
    unknown.pid = 9, unknown.name = "Xorg";  // nothing readable but pid and name
    procs.push_back(unknown);
    return procs;
}

TEST(ProcessView, SortsByCpuDescendingWithAbsentLast) {
    auto all = processes();
    EXPECT_EQ(pids(select_processes(all, {})), (std::vector<int>{4242, 1001, 77, 9}));
    ProcessQuery ascending{ProcColumn::cpu, false, ""};
    EXPECT_EQ(pids(select_processes(all, ascending)), (std::vector<int>{77, 1001, 4242, 9}));
}

TEST(ProcessView, SortsByEveryColumn) {
    auto all = processes();
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::pid, false, ""})),
              (std::vector<int>{9, 77, 1001, 4242}));
    // kworker has no RSS (a kernel thread) and Xorg nothing: both last, by pid.
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::rss, true, ""})),
              (std::vector<int>{4242, 1001, 9, 77}));
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::name, false, ""})),
              (std::vector<int>{9, 77, 1001, 4242}));
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::gpu, true, ""})),
              (std::vector<int>{4242, 77, 1001, 9}));
    for (int c = 0; c < kProcColumnCount; ++c)
        EXPECT_EQ(select_processes(all, {static_cast<ProcColumn>(c), true, ""}).size(), 4u);
}

TEST(ProcessView, FiltersByNameIgnoringCase) {
    auto all = processes();
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::cpu, true, "PYTH"})),
              (std::vector<int>{1001}));
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::cpu, true, "r"})),
              (std::vector<int>{4242, 77, 9}));
    EXPECT_TRUE(select_processes(all, {ProcColumn::cpu, true, "nothing-like-this"}).empty());
    EXPECT_TRUE(select_processes({}, {}).empty());
}

TEST(ProcessView, CellsShowNotAvailableForAbsentValues) {
    auto all = processes();
    const ProcessSample& xorg = all.back();
    EXPECT_EQ(cell_text(xorg, ProcColumn::cpu), "n/a");
    EXPECT_EQ(cell_text(xorg, ProcColumn::rss), "n/a");
    EXPECT_EQ(cell_text(xorg, ProcColumn::gpu), "n/a");
    EXPECT_EQ(cell_text(xorg, ProcColumn::user), "n/a");
    EXPECT_EQ(cell_text(all[0], ProcColumn::cpu), "97.5");
    EXPECT_EQ(cell_text(all[0], ProcColumn::rss), "1.76 GiB");
    EXPECT_EQ(cell_text(all[0], ProcColumn::gpu), "yes");
    EXPECT_EQ(cell_text(all[1], ProcColumn::gpu), "-");
}

TEST(ProcessView, GpuMemoryFromNvmlSortsAndShowsInBinaryUnits) {
    auto all = processes();
    all[0].gpu_mem_kb = 2097152;  // trtexec: 2 GiB on the GPU
    all[1].gpu_mem_kb = 262144;   // python3: 256 MiB
    EXPECT_EQ(cell_text(all[0], ProcColumn::gpu_mem), "2.00 GiB");
    EXPECT_EQ(cell_text(all[1], ProcColumn::gpu_mem), "256.0 MiB");
    EXPECT_EQ(cell_text(all[2], ProcColumn::gpu_mem), "n/a");
    // Absent last in both directions, by pid.
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::gpu_mem, true, ""})),
              (std::vector<int>{4242, 1001, 9, 77}));
    EXPECT_EQ(pids(select_processes(all, {ProcColumn::gpu_mem, false, ""})),
              (std::vector<int>{1001, 4242, 9, 77}));
}

TEST(ProcessView, NarrowScreensDropLowPriorityColumnsButKeepPidCpuName) {
    auto narrow = visible_columns(30);
    EXPECT_EQ(narrow.front(), ProcColumn::pid);
    EXPECT_EQ(narrow.back(), ProcColumn::name);
    EXPECT_NE(std::find(narrow.begin(), narrow.end(), ProcColumn::cpu), narrow.end());
    // The GPU marker outranks the memory and switch columns; its memory needs more room.
    EXPECT_NE(std::find(narrow.begin(), narrow.end(), ProcColumn::gpu), narrow.end());
    EXPECT_EQ(std::find(narrow.begin(), narrow.end(), ProcColumn::gpu_mem), narrow.end());
    EXPECT_EQ(std::find(narrow.begin(), narrow.end(), ProcColumn::nonvol_ctxt), narrow.end());
    auto at_80 = visible_columns(80);
    EXPECT_NE(std::find(at_80.begin(), at_80.end(), ProcColumn::gpu_mem), at_80.end());
    EXPECT_EQ(visible_columns(200).size(), static_cast<size_t>(kProcColumnCount));
    EXPECT_EQ(visible_columns(0), (std::vector<ProcColumn>{ProcColumn::name}));
}

TEST(ProcessView, ColumnCycleWraps) {
    EXPECT_EQ(next_column(ProcColumn::name, 1), ProcColumn::pid);
    EXPECT_EQ(next_column(ProcColumn::pid, -1), ProcColumn::name);
}

}  // namespace
}  // namespace edgetop::tui
