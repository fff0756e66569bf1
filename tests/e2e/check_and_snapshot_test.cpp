// edgetop --check and edgetop with no command.
#include <gtest/gtest.h>

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
