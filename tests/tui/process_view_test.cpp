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

TEST(ProcessView, OneAbsentMarkerInEveryColumn) {
    auto all = processes();
    const ProcessSample& xorg = all.back();
    for (ProcColumn column : {ProcColumn::user, ProcColumn::state, ProcColumn::cpu, ProcColumn::rss,
                              ProcColumn::threads, ProcColumn::vol_ctxt, ProcColumn::nonvol_ctxt,
                              ProcColumn::gpu, ProcColumn::gpu_mem})
        EXPECT_EQ(cell_text(xorg, column), kAbsentCell) << column_info(column).title;
    EXPECT_EQ(cell_text(all[0], ProcColumn::gpu), "yes");
    EXPECT_EQ(cell_text(all[1], ProcColumn::gpu), "no");  // known not to hold it: not absent
}

TEST(ProcessView, OnePrecisionPerColumn) {
    auto all = processes();
    EXPECT_EQ(cell_text(all[0], ProcColumn::cpu), "97.5");
    EXPECT_EQ(cell_text(all[2], ProcColumn::cpu), "0.5");
    all[2].cpu_pct = 0;
    EXPECT_EQ(cell_text(all[2], ProcColumn::cpu), "0.0");
    // MiB with one decimal whatever the size, as the title says.
    EXPECT_EQ(cell_text(all[0], ProcColumn::rss), "1800.0");
    EXPECT_EQ(cell_text(all[1], ProcColumn::rss), "500.0");
    all[1].rss_kb = 512;
    EXPECT_EQ(cell_text(all[1], ProcColumn::rss), "0.5");
    // Switches per second as whole numbers, small or large.
    all[0].vol_ctxt_per_s = 3.4, all[1].vol_ctxt_per_s = 12345.6;
    EXPECT_EQ(cell_text(all[0], ProcColumn::vol_ctxt), "3");
    EXPECT_EQ(cell_text(all[1], ProcColumn::vol_ctxt), "12346");
}

TEST(ProcessView, GpuMemoryFromNvmlSortsAndShowsInMebibytes) {
    auto all = processes();
    all[0].gpu_mem_kb = 2097152;  // trtexec: 2 GiB on the GPU
    all[1].gpu_mem_kb = 262144;   // python3: 256 MiB
    EXPECT_EQ(cell_text(all[0], ProcColumn::gpu_mem), "2048.0");
    EXPECT_EQ(cell_text(all[1], ProcColumn::gpu_mem), "256.0");
    EXPECT_EQ(cell_text(all[2], ProcColumn::gpu_mem), kAbsentCell);
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

bool has(const std::vector<ProcColumn>& columns, ProcColumn column) {
    return std::find(columns.begin(), columns.end(), column) != columns.end();
}

TEST(ProcessView, GpuColumnsOnlyWithAGpuSourceAndSwitchesOnlyWhenAsked) {
    Sample sample = testing::orin_sample();
    ProcColumnsOn on = process_columns_on(sample, false);
    EXPECT_TRUE(on.gpu);
    EXPECT_FALSE(on.gpu_mem);  // no process has a GPU memory figure
    EXPECT_FALSE(on.ctxt);
    auto wide = visible_columns(200, on);
    EXPECT_TRUE(has(wide, ProcColumn::gpu));
    EXPECT_FALSE(has(wide, ProcColumn::gpu_mem));
    EXPECT_FALSE(has(wide, ProcColumn::vol_ctxt));
    EXPECT_FALSE(has(wide, ProcColumn::nonvol_ctxt));
    sample.procs->all[0].gpu_mem_kb = 262144;
    EXPECT_TRUE(process_columns_on(sample, false).gpu_mem);
    EXPECT_TRUE(has(visible_columns(200, process_columns_on(sample, true)), ProcColumn::vol_ctxt));

    sample.gpu.clear();  // a machine (or a replay) without a GPU source
    on = process_columns_on(sample, true);
    EXPECT_FALSE(on.gpu);
    EXPECT_FALSE(on.gpu_mem);
    wide = visible_columns(200, on);
    EXPECT_FALSE(has(wide, ProcColumn::gpu));
    EXPECT_FALSE(has(wide, ProcColumn::gpu_mem));
    EXPECT_TRUE(has(wide, ProcColumn::nonvol_ctxt));
}

TEST(ProcessView, CommandLineWithArgumentsOrTheNameWithout) {
    ProcessSample a, b, plain;
    a.name = b.name = plain.name = "python3";
    a.command = "/usr/bin/python3 -c import time; time.sleep(600) # serve";
    b.command = "/usr/bin/python3 -c import time; time.sleep(600) # train";
    EXPECT_EQ(cell_text(a, ProcColumn::name), a.command);
    EXPECT_NE(command_text(a, 80), command_text(b, 80));
    EXPECT_EQ(command_text(a, 80), a.command);  // fits: the whole line
    // Tight: the program's directory gives way to the arguments.
    EXPECT_EQ(command_text(a, 48), "python3 -c import time; time.sleep(600) # serve");
    // Tighter: both ends around an ellipsis, so that the two still differ.
    EXPECT_EQ(command_text(a, 30), "python3 -c imp\u2026ep(600) # serve");
    EXPECT_EQ(command_text(b, 30, true), "python3 -c imp~ep(600) # train");
    EXPECT_EQ(command_text(a, 10), "python3 -c import time; time.sleep(600) # serve");  // cut later
    EXPECT_EQ(command_text(plain, 30), "python3");
    ProcessSample kernel;
    kernel.name = "kworker/u24:1", kernel.command = "[kworker/u24:1]";
    EXPECT_EQ(command_text(kernel, 5), "[kworker/u24:1]");
    // The filter looks at the arguments too.
    std::vector<ProcessSample> both = {a, b};
    both[0].pid = 1, both[1].pid = 2;
    EXPECT_EQ(pids(select_processes(both, {ProcColumn::cpu, true, "TRAIN"})),
              (std::vector<int>{2}));
}

// init and kthreadd with their descendants, as a live table lists them (in pid order).
std::vector<ProcessSample> family() {
    auto proc = [](int pid, int ppid, std::string name, double cpu) {
        ProcessSample p;
        p.pid = pid, p.ppid = ppid, p.name = std::move(name), p.cpu_pct = cpu;
        return p;
    };
    return {proc(1, 0, "systemd", 0.1),     proc(2, 0, "kthreadd", 0.0),
            proc(77, 2, "kworker", 0.5),    proc(100, 1, "bash", 0.5),
            proc(1001, 100, "python3", 12), proc(4242, 100, "trtexec", 97.5)};
}

std::vector<std::string> prefixes(const ProcessTree& tree, bool ascii) {
    std::vector<std::string> out;
    for (const auto& line : tree.lines)
        out.push_back(tree_prefix(line, ascii, 40));
    return out;
}

TEST(ProcessView, TreeListsChildrenUnderParentsSortedAmongSiblings) {
    auto all = family();
    ProcessTree tree = select_process_tree(all, {});  // CPU descending
    EXPECT_EQ(pids(tree.rows), (std::vector<int>{1, 100, 4242, 1001, 2, 77}));
    EXPECT_EQ(prefixes(tree, false),
              (std::vector<std::string>{"", "\u2514\u2500 ", "   \u251c\u2500 ", "   \u2514\u2500 ",
                                        "", "\u2514\u2500 "}));
    EXPECT_EQ(prefixes(tree, true),
              (std::vector<std::string>{"", "`- ", "   |- ", "   `- ", "", "`- "}));
    ProcessTree ascending = select_process_tree(all, {ProcColumn::cpu, false, ""});
    EXPECT_EQ(pids(ascending.rows), (std::vector<int>{2, 77, 1, 100, 1001, 4242}));
}

TEST(ProcessView, TreeDrawsTheLinesOfAncestorsWithMoreChildren) {
    auto all = family();
    all[4].ppid = 4242;  // python3 under trtexec, which has a sibling below it
    all.push_back(all[3]);
    all.back().pid = 300, all.back().name = "sshd", all.back().cpu_pct = 0;  // bash's sibling
    ProcessTree tree = select_process_tree(all, {});
    EXPECT_EQ(pids(tree.rows), (std::vector<int>{1, 100, 4242, 1001, 300, 2, 77}));
    EXPECT_EQ(prefixes(tree, true),
              (std::vector<std::string>{"", "|- ", "|  `- ", "|     `- ", "`- ", "", "`- "}));
    // The levels nearest the root give way first where the column is narrow.
    EXPECT_EQ(tree_prefix(tree.lines[3], true, 6), "   `- ");
}

TEST(ProcessView, TreeOfAFilterAndOfBadParents) {
    auto all = family();
    ProcessTree filtered = select_process_tree(all, {ProcColumn::cpu, true, "python"});
    EXPECT_EQ(pids(filtered.rows), (std::vector<int>{1001}));  // its parent is filtered out
    EXPECT_EQ(filtered.lines[0].depth, 0);
    // A loop (only bad data has one) and a process its own parent: each row once.
    all[0].ppid = 100;
    all[1].ppid = 2;
    ProcessTree tree = select_process_tree(all, {});
    auto rows = pids(tree.rows);
    std::sort(rows.begin(), rows.end());
    EXPECT_EQ(rows, (std::vector<int>{1, 2, 77, 100, 1001, 4242}));
}

TEST(ProcessView, ColumnCycleWraps) {
    EXPECT_EQ(next_column(ProcColumn::name, 1), ProcColumn::pid);
    EXPECT_EQ(next_column(ProcColumn::pid, -1), ProcColumn::name);
}

}  // namespace
}  // namespace edgetop::tui
