// edgetop --check and edgetop with no command.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

TEST(Check, ListsEverySourceAlignedAndExitsZero) {
    for (const std::string& root : {std::string("/"), fixture_root("agx-orin")}) {
        SCOPED_TRACE(root);
        RunResult run = run_edgetop({"--check", "--root", root});
        EXPECT_EQ(run.status, 0) << run.err;
        auto lines = split_lines(run.out);
        ASSERT_GE(lines.size(), 5u);
        size_t state_column = std::string::npos;
        for (const auto& line : lines) {
            // NAME, padding, STATE, padding, DETAIL: every state starts in the same column.
            size_t column = line.find_first_not_of(' ', line.find("  "));
            ASSERT_NE(column, std::string::npos) << line;
            std::string rest = line.substr(column);
            EXPECT_TRUE(rest.starts_with("found") || rest.starts_with("absent") ||
                        rest.starts_with("needs root"))
                << "no state in: " << line;
            if (state_column == std::string::npos) state_column = column;
            EXPECT_EQ(column, state_column) << "misaligned: " << line;
        }
    }
}

TEST(Check, FixtureRootFindsItsSourcesAndNamesMachinePaths) {
    RunResult run = run_edgetop({"--check", "--root", fixture_root("agx-orin")});
    ASSERT_EQ(run.status, 0);
    EXPECT_NE(run.out.find("found"), std::string::npos);
    for (const char* source : {"pressure.memory", "memory.vmstat", "cooling"})
        EXPECT_NE(run.out.find(source), std::string::npos) << source;
    EXPECT_EQ(run.out.find(EDGETOP_FIXTURES), std::string::npos)
        << "paths are machine paths, not paths under the fixture";
}

// A procfs table that is there but unreadable to this user is "needs root", not absent, whichever
// reader reads it.
TEST(Check, AFileThisUserMayNotReadNeedsRootInEveryReader) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to run edgetop as another user";
    TempDir dir;
    chmod(dir.path().c_str(), 0755);
    std::string tree = dir.file("x86-pc");
    std::filesystem::copy(
        fixture_root("x86-pc"), tree,
        std::filesystem::copy_options::recursive | std::filesystem::copy_options::copy_symlinks);
    const std::pair<const char*, const char*> denied[] = {
        {"cpu.stat", "/proc/stat"},           {"system.uptime", "/proc/uptime"},
        {"system.loadavg", "/proc/loadavg"},  {"memory", "/proc/meminfo"},
        {"memory.lfb", "/proc/buddyinfo"},    {"memory.vmstat", "/proc/vmstat"},
        {"pressure.io", "/proc/pressure/io"}, {"disk.diskstats", "/proc/diskstats"},
        {"net.dev", "/proc/net/dev"}};
    for (auto [source, path] : denied)
        chmod((tree + path).c_str(), 0600);
    SpawnOptions as_nobody;
    as_nobody.uid = 65534;
    as_nobody.env = {{"HOME", dir.path()}};
    RunResult run = run_edgetop({"--check", "--root", tree}, as_nobody);
    ASSERT_EQ(run.status, 0) << run.err;
    for (const auto& line : split_lines(run.out)) {
        for (auto [source, path] : denied) {
            if (!line.starts_with(std::string(source) + " ")) continue;
            EXPECT_NE(line.find("needs root"), std::string::npos) << line;
            EXPECT_NE(line.find(path), std::string::npos) << line;
        }
    }
    for (auto [source, path] : denied)
        EXPECT_NE(run.out.find(std::string("\n") + source + " "), std::string::npos) << source;
}

TEST(Snapshot, PrintsEveryFamilyWithUnitsAndExitsZero) {
    RunResult run = run_edgetop({"--root", fixture_root("agx-orin")});
    ASSERT_EQ(run.status, 0) << run.err;
    for (const char* section :
         {"Board", "\nCPU", "\nSystem", "\nGPU", "\nEMC", "\nEngines", "\nPower", "\nThermal",
          "\nFans", "\nCooling", "\nMemory", "\nPressure", "\nProcesses", "\nFlags"})
        EXPECT_NE(run.out.find(section), std::string::npos) << section;
    EXPECT_NE(run.out.find("MHz"), std::string::npos);
    EXPECT_NE(run.out.find("MiB"), std::string::npos);
    EXPECT_NE(run.out.find("Processes n/a"), std::string::npos);  // no process table under --root
}

TEST(Snapshot, LiveMachineHasRealUtilisation) {
    RunResult run = run_edgetop({});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("CPU       util "), std::string::npos);
    EXPECT_EQ(run.out.find("CPU       util n/a"), std::string::npos)
        << "two readings 250 ms apart give a utilisation";
}

}  // namespace
}  // namespace edgetop::testing
