// Garbage, empty, huge, negative and vanished files: values stay absent, nothing crashes.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/cpu/rates_cpu.hpp"
#include "sensors/memory/memory_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

struct Readers {
    SourcePtr freq = make_cpu_freq_source();
    SourcePtr stat = make_cpu_stat_source();
    SourcePtr system = make_system_source();
    SourcePtr memory = make_memory_source();

    void discover(const FixtureTree& tree) {
        Root root(tree.root());
        for (Source* s : {freq.get(), stat.get(), system.get(), memory.get()})
            s->discover(root);
    }
    Sample poll() {
        Sample s;
        for (Source* source : {freq.get(), stat.get(), system.get(), memory.get()})
            source->poll(s);
        return s;
    }
};

const char* const kProcFiles[] = {"/proc/stat", "/proc/uptime", "/proc/loadavg", "/proc/meminfo",
                                  "/proc/buddyinfo"};

void expect_all_proc_values_absent(const Sample& s) {
    EXPECT_FALSE(s.cpu.ticks);
    for (const auto& core : s.cpu.cores)
        EXPECT_FALSE(core.ticks) << core.id;
    EXPECT_FALSE(s.system.ctxt_total);
    EXPECT_FALSE(s.system.procs_running);
    EXPECT_FALSE(s.system.uptime_s);
    EXPECT_FALSE(s.system.load_1);
    EXPECT_FALSE(s.system.load_15);
    EXPECT_FALSE(s.mem.total_kb);
    EXPECT_FALSE(s.mem.used_kb);
    EXPECT_FALSE(s.mem.swap_used_kb);
    EXPECT_FALSE(s.mem.gpu_shared_kb);
    EXPECT_FALSE(s.mem.lfb_blocks);
    EXPECT_FALSE(s.mem.lfb_block_kb);
}

TEST(BadInput, EmptyProcFiles) {
    FixtureTree tree("agx-orin");
    Readers readers;
    readers.discover(tree);
    for (const char* file : kProcFiles)
        tree.write(file, "");
    expect_all_proc_values_absent(readers.poll());
}

TEST(BadInput, GarbageProcFiles) {
    FixtureTree tree("agx-orin");
    Readers readers;
    readers.discover(tree);
    for (const char* file : kProcFiles)
        tree.write(file, "N/A\n\x01\x02 garbage: here kB\n");
    expect_all_proc_values_absent(readers.poll());
}

TEST(BadInput, NegativeValues) {
    FixtureTree tree("nano");
    Readers readers;
    readers.discover(tree);
    tree.write("/proc/stat", "cpu  -1 0 0 5\ncpu0 -1 0 0 5\nctxt -20\nprocs_running -1\n");
    tree.write("/proc/uptime", "-5.00 10.00\n");
    tree.write("/proc/loadavg", "-0.5 -1 -2 1/100 300\n");
    tree.write("/proc/meminfo",
               "MemTotal: -4 kB\nMemAvailable: -1 kB\nSwapTotal: 100 kB\nSwapFree: 200 kB\n"
               "NvMapMemUsed: -3 kB\n");
    tree.write("/proc/buddyinfo", "Node 0, zone Normal -1 -2 -3\n");
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq", "-1479000\n");
    Sample s = readers.poll();
    expect_all_proc_values_absent(s);
    EXPECT_EQ(s.mem.swap_total_kb, 100);
    EXPECT_FALSE(s.mem.swap_used_kb);  // SwapFree above SwapTotal
    EXPECT_FALSE(s.cpu.cores[0].freq_khz);
    EXPECT_EQ(s.cpu.cores[0].max_khz, 1479000);  // its neighbours are still read
}

TEST(BadInput, HugeFilesAndValues) {
    FixtureTree tree("thor");
    Readers readers;
    readers.discover(tree);
    // A 3 MiB /proc/stat: read up to its 1 MiB cap; the cpu lines come first and survive.
    std::string stat = tree.read("/proc/stat");
    stat.insert(stat.find("ctxt"), "intr " + std::string(3 << 20, '0') + "\n");
    tree.write("/proc/stat", stat);
    tree.write("/proc/uptime", std::string(200000, '9') + " 1\n");
    tree.write("/proc/loadavg", "1e999 0.1 0.1 1/1 1\n");
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq",
               "99999999999999999999999\n");
    tree.write("/proc/meminfo", "MemTotal: 99999999999999999999999 kB\n");
    Sample s = readers.poll();
    ASSERT_EQ(s.cpu.cores.size(), 14u);
    EXPECT_TRUE(s.cpu.ticks);
    EXPECT_TRUE(s.cpu.cores[13].ticks);
    EXPECT_FALSE(s.system.ctxt_total);  // cut off beyond the cap
    EXPECT_FALSE(s.system.uptime_s);    // 200000 digits: beyond the read size, then garbage
    EXPECT_FALSE(s.system.load_1);      // overflows a double
    EXPECT_DOUBLE_EQ(*s.system.load_5, 0.1);
    EXPECT_FALSE(s.cpu.cores[0].freq_khz);
    EXPECT_FALSE(s.mem.total_kb);
}

TEST(BadInput, GarbageCpufreqAndOnlineFiles) {
    FixtureTree tree("orin-nano");
    Readers readers;
    readers.discover(tree);
    tree.write("/sys/devices/system/cpu/cpufreq/policy4/scaling_max_freq", "fast\n");
    tree.write("/sys/devices/system/cpu/cpufreq/policy4/scaling_governor", "");
    tree.write("/sys/devices/system/cpu/cpu5/online", "maybe\n");  // falls back to the online list
    tree.write("/sys/devices/system/cpu/online", "0-4\n");
    Sample s = readers.poll();
    EXPECT_FALSE(s.cpu.cores[4].max_khz);
    EXPECT_FALSE(s.cpu.cores[4].governor);
    EXPECT_EQ(s.cpu.cores[4].freq_khz, 1497600);
    EXPECT_FALSE(s.cpu.cores[5].online);
    EXPECT_FALSE(s.cpu.cores[5].freq_khz);
}

TEST(BadInput, FilesMissingAtDiscovery) {
    FixtureTree tree("xavier-nx");
    for (const char* file : kProcFiles)
        tree.remove(file);
    tree.remove("/sys/devices/system/cpu/cpufreq");
    Readers readers;
    readers.discover(tree);
    Sample s = readers.poll();
    expect_all_proc_values_absent(s);
    ASSERT_EQ(s.cpu.cores.size(), 6u);  // cpuN directories are still there
    EXPECT_TRUE(s.cpu.cores[2].online);
    EXPECT_FALSE(s.cpu.cores[2].freq_khz);
    EXPECT_FALSE(s.cpu.cores[2].cluster);
    for (const auto& st : readers.stat->status())
        EXPECT_EQ(st.state, SourceStatus::State::absent);
    for (const auto& st : readers.memory->status())
        EXPECT_EQ(st.state, SourceStatus::State::absent) << st.name;
}

TEST(BadInput, EmptyRootFindsNothing) {
    FixtureTree tree;
    Root root(tree.root());
    SourcePtr sources[] = {make_cpu_freq_source(), make_cpu_stat_source(), make_system_source(),
                           make_memory_source()};
    Sample s;
    for (auto& source : sources) {
        EXPECT_FALSE(source->discover(root)) << source->name();
        source->poll(s);
    }
    EXPECT_TRUE(s.cpu.cores.empty());
    EXPECT_FALSE(s.mem.total_kb);
}

TEST(BadInput, FilesVanishingAfterDiscovery) {
    FixtureTree tree("agx-xavier");
    Readers readers;
    readers.discover(tree);
    Sample before = readers.poll();
    tree.remove("/sys/devices/system/cpu");
    tree.remove("/proc");
    Sample after = readers.poll();  // the open descriptors still read; nothing crashes
    derive_cpu_rates(before, after);
    EXPECT_EQ(after.cpu.cores.size(), 8u);
}

TEST(BadInput, ProcStatWithoutSysfsStillListsCores) {
    // A container without /sys: the cores come from /proc/stat and count as online.
    FixtureTree tree("nano");
    tree.remove("/sys/devices/system/cpu");
    Readers readers;
    readers.discover(tree);
    Sample s = readers.poll();
    ASSERT_EQ(s.cpu.cores.size(), 4u);
    EXPECT_EQ(s.cpu.cores[3].id, 3);
    EXPECT_TRUE(s.cpu.cores[3].online);
    EXPECT_TRUE(s.cpu.cores[3].ticks);
}

}  // namespace
}  // namespace edgetop
