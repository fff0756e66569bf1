// The small kernel-format parsers: CPU lists, /proc/stat, meminfo, buddyinfo, nvmap clients.
#include <gtest/gtest.h>

#include "sensors/cpu/cpu_list.hpp"
#include "sensors/cpu/cpu_proc_stat.hpp"
#include "sensors/memory/memory_nvmap.hpp"
#include "sensors/memory/memory_parse.hpp"

namespace edgetop {
namespace {

using Cpus = std::vector<int>;

TEST(CpuList, RangeAndSpaceSeparatedFormats) {
    EXPECT_EQ(parse_cpu_list("0-3\n"), Cpus({0, 1, 2, 3}));      // /sys/devices/system/cpu/online
    EXPECT_EQ(parse_cpu_list("0 1 2 3\n"), Cpus({0, 1, 2, 3}));  // policyN/related_cpus
    EXPECT_EQ(parse_cpu_list("0,3-5\n"), Cpus({0, 3, 4, 5}));    // TX2 with Denver cores off
    EXPECT_EQ(parse_cpu_list("0 3 4 5"), Cpus({0, 3, 4, 5}));
    EXPECT_EQ(parse_cpu_list("8-11,0-3"), Cpus({0, 1, 2, 3, 8, 9, 10, 11}));
    EXPECT_EQ(parse_cpu_list("13"), Cpus({13}));
    EXPECT_EQ(parse_cpu_list("\n"), Cpus());  // affected_cpus of a fully offline policy
}

TEST(CpuList, MalformedIsAbsent) {
    EXPECT_EQ(parse_cpu_list("0-"), std::nullopt);
    EXPECT_EQ(parse_cpu_list("3-1"), std::nullopt);
    EXPECT_EQ(parse_cpu_list("a-b"), std::nullopt);
    EXPECT_EQ(parse_cpu_list("-1"), std::nullopt);
    EXPECT_EQ(parse_cpu_list("0-99999999999"), std::nullopt);
    EXPECT_EQ(parse_cpu_list("0-100000"), std::nullopt);  // beyond any NR_CPUS
}

TEST(ProcStat, ParsesTicksCountersAndSkipsOtherLines) {
    ProcStat stat;
    parse_proc_stat(
        "cpu  169920 2736 74508 459033 5185 10946 13708 7 0 0\n"
        "cpu0 37204 600 16201 123033 732 2400 3000 1 9 9\n"
        "cpu3 42425 684 18475 114585 732 2737 3421 2 0 0\n"
        "intr 5760028 0 0 0\nctxt 9600046\nbtime 1750858168\nprocesses 6996\n"
        "procs_running 3\nprocs_blocked 1\nsoftirq 2880014 12 960004\n",
        stat);
    ASSERT_TRUE(stat.total);
    EXPECT_EQ(stat.total->user, 169920u);
    EXPECT_EQ(stat.total->steal, 7u);
    EXPECT_EQ(stat.total->total(), 169920u + 2736 + 74508 + 459033 + 5185 + 10946 + 13708 + 7);
    ASSERT_EQ(stat.cores.size(), 2u);
    EXPECT_EQ(stat.cores[1].id, 3);
    EXPECT_EQ(stat.cores[1].ticks.idle, 114585u);
    EXPECT_EQ(stat.cores[0].ticks.steal, 1u);  // guest/guest_nice are not added again
    EXPECT_EQ(stat.ctxt, 9600046u);
    EXPECT_EQ(stat.procs_running, 3);
    EXPECT_EQ(stat.procs_blocked, 1);
}

TEST(ProcStat, OldKernelWithFourFields) {
    auto ticks = parse_cpu_ticks(" 10 20 30 40");
    ASSERT_TRUE(ticks);
    EXPECT_EQ(ticks->idle, 40u);
    EXPECT_EQ(ticks->iowait, 0u);
    EXPECT_EQ(parse_cpu_ticks(" 10 20 30"), std::nullopt);
}

TEST(ProcStat, GarbageNegativeAndHugeValuesAreAbsentPerLine) {
    ProcStat stat;
    parse_proc_stat(
        "cpu  -5 0 0 100 0 0 0 0\n"
        "cpu0 12 x 0 100 0 0 0 0\n"
        "cpu1 99999999999999999999999 0 0 100 0 0 0 0\n"
        "cpu2 18446744073709551615 0 0 100 0 0 0 0\n"  // would overflow the sum
        "cpu3 1 2 3 4 5 6 7 8\n"
        "cpuX 1 2 3 4\n"
        "ctxt -1\nprocs_running -2\nprocs_blocked many\n",
        stat);
    EXPECT_FALSE(stat.total);
    ASSERT_EQ(stat.cores.size(), 1u);
    EXPECT_EQ(stat.cores[0].id, 3);
    EXPECT_FALSE(stat.ctxt);
    EXPECT_FALSE(stat.procs_running);
    EXPECT_FALSE(stat.procs_blocked);
}

TEST(ProcStat, EmptyTextClearsEverything) {
    ProcStat stat;
    parse_proc_stat("cpu  1 2 3 4\ncpu0 1 2 3 4\nctxt 5\n", stat);
    parse_proc_stat("", stat);
    EXPECT_FALSE(stat.total);
    EXPECT_TRUE(stat.cores.empty());
    EXPECT_FALSE(stat.ctxt);
}

TEST(Meminfo, LinesWithAndWithoutUnits) {
    Meminfo info = parse_meminfo(
        "MemTotal:        4059540 kB\nMemFree:         1735884 kB\n"
        "MemAvailable:    3007804 kB\nBuffers:           68412 kB\n"
        "Cached:          1296344 kB\nSwapCached:            0 kB\n"
        "SwapTotal:       4194304 kB\nSwapFree:        4194304 kB\n"
        "SReclaimable:      75120 kB\nHugePages_Total:       0\n"
        "NvMapMemFree:      47104 kB\nNvMapMemUsed:     141312 kB\n");
    EXPECT_EQ(info.mem_total, 4059540);
    EXPECT_EQ(info.mem_available, 3007804);
    EXPECT_EQ(info.cached, 1296344);
    EXPECT_EQ(info.sreclaimable, 75120);
    EXPECT_EQ(info.swap_total, 4194304);
    EXPECT_EQ(info.nvmap_used, 141312);  // not NvMapMemFree
}

TEST(Meminfo, GarbageAndNegativeAreAbsent) {
    Meminfo info = parse_meminfo("MemTotal: lots kB\nMemFree: -5 kB\nBuffers:\nCached 12 kB\n");
    EXPECT_FALSE(info.mem_total);
    EXPECT_FALSE(info.mem_free);
    EXPECT_FALSE(info.buffers);
    EXPECT_FALSE(info.cached);  // no colon
    EXPECT_FALSE(info.nvmap_used);
}

TEST(Buddyinfo, HighestOrderSummedOverZones) {
    // AGX Orin fixture, order 10 = 4 MiB blocks: tegrastats "lfb 459x4MB".
    auto block = parse_buddyinfo(
        "Node 0, zone      DMA   1530   1204    877    530    296    160     88     47     25     "
        "14    322 \n"
        "Node 0, zone   Normal   6022   4310   2805   1388    702    341    172     80     41     "
        "20    137 \n");
    ASSERT_TRUE(block);
    EXPECT_EQ(block->order, 10);
    EXPECT_EQ(block->count, 459);
}

TEST(Buddyinfo, LowerOrderWhenNoZoneHasTheTopOne) {
    // Xavier NX "lfb 20x2MB": nothing free at order 10, 20 blocks of order 9 in all zones.
    auto block = parse_buddyinfo(
        "Node 0, zone      DMA    400    300    200    100     50     20     10      5      2     "
        "12      0\n"
        "Node 0, zone   Normal    900    700    500    300    100     40     20     10      4      "
        "8      0\n");
    ASSERT_TRUE(block);
    EXPECT_EQ(block->order, 9);
    EXPECT_EQ(block->count, 20);
}

TEST(Buddyinfo, NodesAreSummedToo) {
    auto block = parse_buddyinfo(
        "Node 0, zone   Normal      5      4      3\n"
        "Node 1, zone   Normal      5      4      7\n");
    ASSERT_TRUE(block);
    EXPECT_EQ(block->order, 2);
    EXPECT_EQ(block->count, 10);
}

TEST(Buddyinfo, BadInputIsAbsent) {
    EXPECT_FALSE(parse_buddyinfo(""));
    EXPECT_FALSE(parse_buddyinfo("Node 0, zone Normal 0 0 0 0\n"));  // nothing free
    EXPECT_FALSE(parse_buddyinfo("Node 0, zone Normal 1 2 x\n"));
    EXPECT_FALSE(parse_buddyinfo("Node 0, zone Normal 1 -2 3\n"));
    EXPECT_FALSE(parse_buddyinfo("Node 0, zone Normal\n"));
    EXPECT_FALSE(parse_buddyinfo("garbage line\n"));
    EXPECT_FALSE(
        parse_buddyinfo("Node 0, zone Normal 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"));
    EXPECT_FALSE(parse_buddyinfo("Node 0, zone Normal 99999999999999 1\n"));
}

TEST(NvmapClients, TotalLineInKiB) {
    EXPECT_EQ(
        parse_nvmap_clients_total("CLIENT                        PROCESS      PID        SIZE\n"
                                  "user                          trtexec     4312    1198080K\n"
                                  "total                                             1284652K\n"
                                  "Note: total memory is precise account of pages\n"),
        1284652);
    EXPECT_EQ(parse_nvmap_clients_total("total            0K\n"), 0);  // Thor reports 0
    EXPECT_EQ(parse_nvmap_clients_total("CLIENT PROCESS PID SIZE\n"), std::nullopt);
    EXPECT_EQ(parse_nvmap_clients_total("total 12M\n"), std::nullopt);
    EXPECT_EQ(parse_nvmap_clients_total("total -3K\n"), std::nullopt);
    EXPECT_EQ(parse_nvmap_clients_total(""), std::nullopt);
}

TEST(NvmapStatus, WhereGpuSharedMemoryComesFrom) {
    using State = SourceStatus::State;
    EXPECT_EQ(nvmap_status(true, OpenResult::absent, true).state, State::found);
    EXPECT_EQ(nvmap_status(true, OpenResult::absent, true).path, "/proc/meminfo");
    auto debugfs = nvmap_status(false, OpenResult::ok, true);
    EXPECT_EQ(debugfs.state, State::found);
    EXPECT_EQ(debugfs.path, "/sys/kernel/debug/nvmap/iovmm/clients");
    auto denied = nvmap_status(false, OpenResult::needs_root, true);
    EXPECT_EQ(denied.state, State::needs_root);
    EXPECT_NE(denied.hint.find("CAP_DAC_READ_SEARCH"), std::string::npos);
    // A PC's debugfs is root-only too, but it has no nvmap device: nothing to grant.
    EXPECT_EQ(nvmap_status(false, OpenResult::needs_root, false).state, State::absent);
    EXPECT_EQ(nvmap_status(false, OpenResult::absent, false).state, State::absent);
}

}  // namespace
}  // namespace edgetop
