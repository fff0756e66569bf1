#include <gtest/gtest.h>
#include <unistd.h>

#include "sensors/processes/processes_top.hpp"
#include "sensors/processes/rates_processes.hpp"

namespace edgetop {
namespace {

const double kHz = static_cast<double>(sysconf(_SC_CLK_TCK));

ProcessSample process(int pid, uint64_t ticks, int64_t rss_kb, uint64_t start = 1000) {
    ProcessSample p;
    p.pid = pid;
    p.name = "p" + std::to_string(pid);
    p.cpu_ticks = ticks;
    p.start_ticks = start;
    p.rss_kb = rss_kb;
    return p;
}

Sample sample_at(double t_s, std::vector<ProcessSample> all) {
    Sample s;
    s.t_s = t_s;
    s.procs.emplace();
    s.procs->all = std::move(all);
    s.procs->total = static_cast<int64_t>(s.procs->all.size());
    return s;
}

const ProcessSample* find(const Sample& s, int pid) {
    for (const auto& p : s.procs->all)
        if (p.pid == pid) return &p;
    return nullptr;
}

TEST(DeriveProcessRates, CpuPercentOverTheLastIntervalOnly) {
    // A process with a large lifetime total that used half a core in the last 2 s.
    Sample prev = sample_at(10.0, {process(100, 50000, 2048)});
    Sample cur = sample_at(12.0, {process(100, 50000 + static_cast<uint64_t>(kHz), 2048)});
    derive_process_rates(prev, cur);
    ASSERT_TRUE(cur.procs->all[0].cpu_pct);
    EXPECT_NEAR(*cur.procs->all[0].cpu_pct, 50.0, 1e-9);
}

TEST(DeriveProcessRates, MoreThanOneCoreForMultithreaded) {
    Sample prev = sample_at(0.0, {process(7, 0, 1)});
    Sample cur = sample_at(1.0, {process(7, static_cast<uint64_t>(3.5 * kHz), 1)});
    derive_process_rates(prev, cur);
    EXPECT_NEAR(*cur.procs->all[0].cpu_pct, 350.0, 1e-9);
}

TEST(DeriveProcessRates, ContextSwitchRates) {
    ProcessSample before = process(5, 10, 1), after = process(5, 10, 1);
    before.vol_ctxt_total = 1000;
    before.nonvol_ctxt_total = 40;
    after.vol_ctxt_total = 1600;
    after.nonvol_ctxt_total = 40;
    Sample prev = sample_at(1.0, {before});
    Sample cur = sample_at(1.5, {after});
    derive_process_rates(prev, cur);
    EXPECT_NEAR(*cur.procs->all[0].vol_ctxt_per_s, 1200.0, 1e-9);
    EXPECT_NEAR(*cur.procs->all[0].nonvol_ctxt_per_s, 0.0, 1e-9);
    EXPECT_NEAR(*cur.procs->all[0].cpu_pct, 0.0, 1e-9);
}

TEST(DeriveProcessRates, CountersMissingOnOneSideStayAbsent) {
    ProcessSample before = process(5, 10, 1), after = process(5, 12, 1);
    after.vol_ctxt_total = 1600;  // not read in the previous poll
    after.nonvol_ctxt_total = 3;
    Sample prev = sample_at(1.0, {before});
    Sample cur = sample_at(2.0, {after});
    derive_process_rates(prev, cur);
    EXPECT_FALSE(cur.procs->all[0].vol_ctxt_per_s);
    EXPECT_FALSE(cur.procs->all[0].nonvol_ctxt_per_s);
    EXPECT_TRUE(cur.procs->all[0].cpu_pct);
}

TEST(DeriveProcessRates, NewVanishedAndReusedPids) {
    Sample prev =
        sample_at(0.0, {process(10, 100, 1), process(20, 100, 1, 500), process(30, 100, 1)});
    // 10 exited, 20's pid was reused by a process started later, 40 is new, 30 stayed.
    Sample cur = sample_at(1.0, {process(20, 150, 1, 900), process(30, 110, 1), process(40, 5, 1)});
    derive_process_rates(prev, cur);
    EXPECT_EQ(find(cur, 10), nullptr);
    EXPECT_FALSE(find(cur, 20)->cpu_pct);
    EXPECT_FALSE(find(cur, 40)->cpu_pct);
    EXPECT_NEAR(*find(cur, 30)->cpu_pct, 100.0 * 10 / kHz, 1e-9);
}

TEST(DeriveProcessRates, CounterGoingBackIsAbsentNotHuge) {
    Sample prev = sample_at(0.0, {process(3, 500, 1)});
    Sample cur = sample_at(1.0, {process(3, 400, 1)});
    derive_process_rates(prev, cur);
    EXPECT_FALSE(cur.procs->all[0].cpu_pct);
}

TEST(DeriveProcessRates, NoTimeElapsedGivesNoRates) {
    Sample prev = sample_at(5.0, {process(3, 100, 1)});
    Sample cur = sample_at(5.0, {process(3, 200, 1)});
    derive_process_rates(prev, cur);
    EXPECT_FALSE(cur.procs->all[0].cpu_pct);
}

TEST(DeriveProcessRates, TopIsBusiestThenLargest) {
    std::vector<ProcessSample> before, after;
    for (int pid = 1; pid <= 30; ++pid) {
        before.push_back(process(pid, 1000, pid * 100));
        // pids 1..5 used 5..1 ticks; the others nothing.
        after.push_back(
            process(pid, 1000 + static_cast<uint64_t>(pid <= 5 ? 6 - pid : 0), pid * 100));
    }
    after.push_back(process(31, 9999, 1'000'000));  // new: no CPU figure, ranks last
    Sample prev = sample_at(0.0, before);
    Sample cur = sample_at(1.0, after);
    derive_process_rates(prev, cur);
    ASSERT_EQ(cur.procs->top.size(), kDefaultTopProcesses);
    std::vector<int> pids;
    for (const auto& p : cur.procs->top)
        pids.push_back(p.pid);
    // Busiest first, then the idle ones by resident memory.
    EXPECT_EQ(pids, (std::vector<int>{1, 2, 3, 4, 5, 30, 29, 28, 27, 26}));
}

TEST(SelectTopProcesses, FirstSampleIsByMemory) {
    ProcsSample procs;
    procs.all = {process(1, 0, 300), process(2, 0, 900), process(3, 0, 100)};
    procs.all[2].rss_kb.reset();
    select_top_processes(procs, 10);
    ASSERT_EQ(procs.top.size(), 3u);
    EXPECT_EQ(procs.top[0].pid, 2);
    EXPECT_EQ(procs.top[1].pid, 1);
    EXPECT_EQ(procs.top[2].pid, 3);  // unknown size last
}

TEST(DeriveProcessRates, ReplayedSampleWithoutTableKeepsItsTop) {
    Sample prev = sample_at(0.0, {});
    Sample cur = sample_at(1.0, {});
    ProcessSample shown = process(9, 0, 1);
    shown.cpu_pct = 42.0;
    cur.procs->top = {shown};
    derive_process_rates(prev, cur);
    ASSERT_EQ(cur.procs->top.size(), 1u);
    EXPECT_EQ(cur.procs->top[0].cpu_pct, 42.0);
}

TEST(DeriveProcessRates, NoProcessTableNoCrash) {
    Sample prev, cur;
    cur.t_s = 1.0;
    derive_process_rates(prev, cur);
    EXPECT_FALSE(cur.procs);
}

}  // namespace
}  // namespace edgetop
