// PSI (/proc/pressure) and /proc/vmstat per fixture board, the major-fault rate between two
// samples, and bad input.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/cpu/pressure_stall.hpp"
#include "sensors/memory/memory_sources.hpp"
#include "sensors/memory/memory_vmstat.hpp"
#include "sensors/memory/rates_memory.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

Sample poll(SourcePtr source, const std::string& root, bool found = true) {
    EXPECT_EQ(source->discover(Root(root)), found) << source->name();
    Sample sample;
    source->poll(sample);
    return sample;
}

TEST(Pressure, ParsesAvg10OfTheAskedLine) {
    constexpr std::string_view kIo =
        "some avg10=3.12 avg60=1.80 avg300=0.66 total=31788410\n"
        "full avg10=1.54 avg60=0.90 avg300=0.31 total=15092264\n";
    EXPECT_EQ(parse_psi_avg10(kIo, "some"), 3.12);
    EXPECT_EQ(parse_psi_avg10(kIo, "full"), 1.54);
    // 5.10 kernels have no "full" line in the cpu file.
    EXPECT_FALSE(
        parse_psi_avg10("some avg10=0.52 avg60=0.40 avg300=0.31 total=25114802\n", "full"));
    EXPECT_FALSE(parse_psi_avg10("", "some"));
    EXPECT_FALSE(parse_psi_avg10("some avg10=abc avg60=0.40\n", "some"));
    EXPECT_FALSE(parse_psi_avg10("some avg10=101.00 avg60=0.40\n", "some"));
    EXPECT_FALSE(parse_psi_avg10("some avg10=-1 avg60=0.40\n", "some"));
    EXPECT_FALSE(parse_psi_avg10("some avg60=0.40 total=3\n", "some"));
    EXPECT_FALSE(parse_psi_avg10("something avg10=1.00\n", "some"));
}

TEST(Pressure, AgxOrinFixture) {
    Sample s = poll(make_pressure_source(), fixture_path("agx-orin"));
    ASSERT_TRUE(s.psi);
    EXPECT_EQ(s.psi->cpu_some_pct, 2.35);
    EXPECT_EQ(s.psi->memory_some_pct, 0.84);
    EXPECT_EQ(s.psi->memory_full_pct, 0.41);
    EXPECT_EQ(s.psi->io_some_pct, 3.12);
    EXPECT_EQ(s.psi->io_full_pct, 1.54);
}

TEST(Pressure, X86FixtureIsThisKindOfMachinesCapture) {
    Sample s = poll(make_pressure_source(), fixture_path("x86-pc"));
    ASSERT_TRUE(s.psi);
    EXPECT_EQ(s.psi->cpu_some_pct, 99.22);
    EXPECT_EQ(s.psi->memory_full_pct, 0.0);
    EXPECT_EQ(s.psi->io_full_pct, 0.0);
}

// JetPack 4's 4.9 kernel has no /proc/pressure.
TEST(Pressure, AbsentOnJetPack4Kernels) {
    for (const char* board : {"nano", "tx2"}) {
        SCOPED_TRACE(board);
        auto source = make_pressure_source();
        Sample s = poll(std::move(source), fixture_path(board), false);
        EXPECT_FALSE(s.psi);
    }
    auto source = make_pressure_source();
    source->discover(Root(fixture_path("nano")));
    for (const auto& status : source->status()) {
        EXPECT_EQ(status.state, SourceStatus::State::absent) << status.name;
        EXPECT_NE(status.hint.find("4.20"), std::string::npos) << status.hint;
    }
}

TEST(Pressure, ChangesBetweenPollsAndGarbageIsAbsent) {
    FixtureTree tree("agx-orin");
    auto source = make_pressure_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/proc/pressure/memory",
               "some avg10=42.50 avg60=20.00 avg300=5.00 total=99\n"
               "full avg10=30.25 avg60=10.00 avg300=2.00 total=50\n");
    tree.write("/proc/pressure/io", "garbage\n");
    Sample s;
    source->poll(s);
    ASSERT_TRUE(s.psi);
    EXPECT_EQ(s.psi->memory_some_pct, 42.5);
    EXPECT_EQ(s.psi->memory_full_pct, 30.25);
    EXPECT_FALSE(s.psi->io_some_pct);
    EXPECT_FALSE(s.psi->io_full_pct);
    EXPECT_EQ(s.psi->cpu_some_pct, 2.35);
}

TEST(Vmstat, ParsesMajorFaultsAndOomKills) {
    auto c = parse_vmstat("nr_free_pages 1\npgfault 99\npgmajfault 5240\noom_kill 3\n");
    EXPECT_EQ(c.pgmajfault, 5240u);
    EXPECT_EQ(c.oom_kill, 3);
    c = parse_vmstat("pgmajfault x\noom_kill -1\n");
    EXPECT_FALSE(c.pgmajfault);
    EXPECT_FALSE(c.oom_kill);
    EXPECT_FALSE(parse_vmstat("").pgmajfault);
}

TEST(Vmstat, EveryBoardHasMajorFaultsOnlyNewKernelsCountOomKills) {
    for (const char* board :
         {"nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin", "orin-nano", "thor", "x86-pc"}) {
        SCOPED_TRACE(board);
        Sample s = poll(make_vmstat_source(), fixture_path(board));
        EXPECT_TRUE(s.mem.major_faults_total);
        EXPECT_FALSE(s.mem.major_faults_per_s);  // a rate needs two samples
        const bool jetpack4 = std::string_view(board) == "nano" || std::string_view(board) == "tx2";
        EXPECT_EQ(s.mem.oom_kills.has_value(), !jetpack4);
    }
    Sample orin = poll(make_vmstat_source(), fixture_path("agx-orin"));
    EXPECT_EQ(orin.mem.major_faults_total, 5240u);
    EXPECT_EQ(orin.mem.oom_kills, 1);
}

std::string vmstat_with(const std::string& text, uint64_t majfault) {
    std::string out;
    std::string_view rest = text;
    while (!rest.empty()) {
        auto end = rest.find('\n');
        std::string line(rest.substr(0, end));
        rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
        if (line.rfind("pgmajfault ", 0) == 0) line = "pgmajfault " + std::to_string(majfault);
        out += line + "\n";
    }
    return out;
}

TEST(Vmstat, MajorFaultRateBetweenTwoSamples) {
    FixtureTree tree("agx-orin");
    const std::string original = tree.read("/proc/vmstat");
    auto source = make_vmstat_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample first;
    first.t_s = 10;
    source->poll(first);
    tree.write("/proc/vmstat", vmstat_with(original, 5240 + 300));
    Sample second;
    second.t_s = 12;
    source->poll(second);
    derive_memory_rates(first, second);
    EXPECT_EQ(second.mem.major_faults_per_s, 150.0);

    // A counter that went back gives no rate.
    tree.write("/proc/vmstat", vmstat_with(original, 100));
    Sample third;
    third.t_s = 13;
    source->poll(third);
    derive_memory_rates(second, third);
    EXPECT_FALSE(third.mem.major_faults_per_s);
}

TEST(Vmstat, MissingFileIsAbsent) {
    FixtureTree empty;
    Sample s = poll(make_vmstat_source(), empty.root(), false);
    EXPECT_FALSE(s.mem.major_faults_total);
    EXPECT_FALSE(s.mem.oom_kills);
}

}  // namespace
}  // namespace edgetop
