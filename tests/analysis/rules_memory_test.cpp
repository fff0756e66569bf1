#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

constexpr int64_t kTotalKb = 62841 * 1024;
constexpr int64_t kSwapKb = 31421 * 1024;

Sample with_available(double t, int64_t available_kb) {
    Sample s = orin_idle(t);
    s.mem.available_kb = available_kb;
    return s;
}

// Swap use growing by pct_per_10s of the swap size every 10 s, from 1 GiB.
Sample swapping(double t, double pct_per_10s) {
    Sample s = orin_idle(t);
    s.mem.swap_used_kb = 1048576 + static_cast<int64_t>(kSwapKb * pct_per_10s / 100 * t / 10);
    return s;
}

TEST(MemoryPressure, LowAvailableRam) {
    const auto r =
        evaluate(check_memory_pressure, "memory_pressure", {with_available(0, kTotalKb / 20)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "RAM 5.0 % available (3.1 GiB of 61.4 GiB), below 10 %");
    EXPECT_EQ(r.evidence["available_pct"], 5.0);
    EXPECT_EQ(r.evidence["total_kb"], kTotalKb);
    EXPECT_FALSE(
        evaluate(check_memory_pressure, "memory_pressure", {with_available(0, kTotalKb / 9)})
            .holds);
}

TEST(MemoryPressure, SwapGrowingFasterThanOnePercentPerTenSeconds) {
    std::vector<Sample> window;
    for (int t = 0; t <= 12; ++t)
        window.push_back(swapping(t, 1.5));
    auto r = evaluate(check_memory_pressure, "memory_pressure", window);
    EXPECT_TRUE(r.holds);
    EXPECT_NEAR(r.evidence["swap_rise_pct"].get<double>(), 1.5, 0.01);
    EXPECT_THAT(r.message, HasSubstr("swap use growing 1.5 % of swap per 10 s"));

    window.clear();
    for (int t = 0; t <= 12; ++t)
        window.push_back(swapping(t, 0.5));
    r = evaluate(check_memory_pressure, "memory_pressure", window);
    EXPECT_FALSE(r.holds);
    EXPECT_NEAR(r.evidence["swap_rise_pct"].get<double>(), 0.5, 0.01);
}

TEST(MemoryPressure, SwapTrendNeedsHalfAWindowOfHistory) {
    // Two samples 1 s apart cannot extrapolate a 10 s trend.
    const auto r =
        evaluate(check_memory_pressure, "memory_pressure", {swapping(0, 1.5), swapping(1, 1.5)});
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_TRUE(r.evidence["swap_rise_pct"].is_null());
}

TEST(MemoryPressure, NoSwapMeansOnlyRamCounts) {
    Sample s = with_available(0, kTotalKb / 2);
    s.mem.swap_total_kb = 0;
    const auto r = evaluate(check_memory_pressure, "memory_pressure", {s});
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
}

TEST(MemoryPressure, InactiveWithoutMeminfo) {
    Sample s = orin_idle(0);
    s.mem = MemSample{};
    const auto r = evaluate(check_memory_pressure, "memory_pressure", {s});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
    // Absent MemAvailable is not 0 % available.
    s.mem.total_kb = kTotalKb;
    EXPECT_FALSE(evaluate(check_memory_pressure, "memory_pressure", {s}).active);
}

TEST(MemoryPressure, HysteresisOverTheAnalyzer) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 10, 1, [](double t) {
        return with_available(t, t >= 2 ? kTotalKb / 25 : kTotalKb / 2);
    });
    auto events = events_of(run.events, "memory_pressure");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 5);
}

// --- io_stall ---

Sample waiting(double t, double iowait) {
    Sample s = orin_idle(t);
    s.cpu.iowait_pct = iowait;
    s.system.procs_blocked = 3;
    return s;
}

TEST(IoStall, IowaitAtTwentyPercent) {
    auto r = evaluate(check_io_stall, "io_stall", {waiting(0, 34)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "CPUs 34 % in iowait, at or above 20 %, 3 processes blocked on I/O");
    EXPECT_EQ(r.evidence["procs_blocked"], 3);
    EXPECT_FALSE(evaluate(check_io_stall, "io_stall", {waiting(0, 19.9)}).holds);
}

TEST(IoStall, InactiveWithoutIowait) {
    Sample s = orin_idle(0);
    s.cpu.iowait_pct.reset();
    const auto r = evaluate(check_io_stall, "io_stall", {s});
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("iowait"));
}

TEST(IoStall, FiveSecondsToRaiseFiveToClear) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 4.9, 0.7, [](double t) { return waiting(t, 40); });
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());
    run = feed(analyzer, 5.6, 5.6, 1, [](double t) { return waiting(t, 40); });
    ASSERT_EQ(events_of(run.events, "io_stall").size(), 1u);
    run = feed(analyzer, 6.3, 11, 0.7, orin_idle);
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());  // false for 4.9 s only
    run = feed(analyzer, 11.3, 11.3, 1, orin_idle);
    ASSERT_EQ(events_of(run.events, "io_stall").size(), 1u);
    EXPECT_EQ(run.events.back().state, EventState::cleared);
}

// An NVMe SSD and the eMMC of an AGX Orin; the fetch stall is on the eMMC.
Sample waiting_on_emmc(double t, double iowait) {
    Sample s = waiting(t, iowait);
    DiskSample nvme;
    nvme.name = "nvme0n1";
    nvme.read_bytes_per_s = 48 * 1048576.0;
    nvme.write_bytes_per_s = 0;
    nvme.busy_pct = 12;
    DiskSample emmc;
    emmc.name = "mmcblk0";
    emmc.read_bytes_per_s = 41.5 * 1048576;
    emmc.write_bytes_per_s = 2.25 * 1048576;
    emmc.busy_pct = 97.4;
    s.disks = {nvme, emmc};
    return s;
}

TEST(IoStall, NamesTheBusiestDiskWithItsThroughput) {
    const auto r = evaluate(check_io_stall, "io_stall", {waiting_on_emmc(0, 34)});
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "CPUs 34 % in iowait, at or above 20 %, 3 processes blocked on I/O; busiest disk "
              "mmcblk0 97 % busy, 41.5 MiB/s read, 2.2 MiB/s written");
    EXPECT_EQ(r.evidence["disk"]["name"], "mmcblk0");
    EXPECT_EQ(r.evidence["disk"]["busy_pct"], 97.4);
    EXPECT_EQ(r.evidence["disk"]["read_bytes_per_s"], 41.5 * 1048576);
    EXPECT_EQ(r.evidence["disk"]["write_bytes_per_s"], 2.25 * 1048576);
}

TEST(IoStall, BusyTiedTheHigherThroughputIsNamed) {
    Sample s = waiting_on_emmc(0, 34);
    s.disks[0].busy_pct = s.disks[1].busy_pct;
    const auto r = evaluate(check_io_stall, "io_stall", {s});
    EXPECT_EQ(r.evidence["disk"]["name"], "nvme0n1");
}

TEST(IoStall, NoDiskEvidenceWithoutDiskstatsOrBeforeItsRates) {
    auto r = evaluate(check_io_stall, "io_stall", {waiting(0, 34)});
    EXPECT_TRUE(r.holds);
    EXPECT_TRUE(r.evidence.contains("disk"));
    EXPECT_TRUE(r.evidence["disk"].is_null());
    EXPECT_THAT(r.message, ::testing::Not(HasSubstr("disk")));
    // The first reading of diskstats: disks listed, no rates yet.
    Sample first = waiting_on_emmc(0, 34);
    for (auto& d : first.disks) {
        d.read_bytes_per_s.reset();
        d.write_bytes_per_s.reset();
        d.busy_pct.reset();
    }
    r = evaluate(check_io_stall, "io_stall", {first});
    EXPECT_TRUE(r.evidence["disk"].is_null());
    EXPECT_THAT(r.message, ::testing::Not(HasSubstr("busiest disk")));
}

TEST(IoStall, RaisedWithTheDiskAndClearedWithHysteresis) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 4.9, 0.7, [](double t) { return waiting_on_emmc(t, 40); });
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());
    run = feed(analyzer, 5.6, 5.6, 1, [](double t) { return waiting_on_emmc(t, 40); });
    auto raised = events_of(run.events, "io_stall");
    ASSERT_EQ(raised.size(), 1u);
    EXPECT_EQ(raised[0].state, EventState::raised);
    EXPECT_EQ(raised[0].evidence["disk"]["name"], "mmcblk0");
    EXPECT_THAT(raised[0].message, HasSubstr("busiest disk mmcblk0 97 % busy"));
    // The disk goes idle and iowait drops: cleared only after clear_s (5 s).
    const auto idle = [](double t) {
        Sample s = waiting_on_emmc(t, 0.5);
        for (auto& d : s.disks) {
            d.busy_pct = 0.2;
            d.read_bytes_per_s = 4096;
            d.write_bytes_per_s = 0;
        }
        return s;
    };
    run = feed(analyzer, 6.3, 11, 0.7, idle);
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());
    run = feed(analyzer, 11.3, 11.3, 1, idle);
    const auto cleared = events_of(run.events, "io_stall");
    ASSERT_EQ(cleared.size(), 1u);
    EXPECT_EQ(cleared[0].state, EventState::cleared);
    EXPECT_EQ(cleared[0].evidence["disk"]["busy_pct"], 0.2);
}

}  // namespace
}  // namespace edgetop::analysis
