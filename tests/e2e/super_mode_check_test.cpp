// An Orin Nano in MAXN_SUPER whose GPU frequency table predates the Super modes: --check warns,
// and record raises the super_mode_no_firmware flag with its evidence. The tree is
// tests/fixtures/orin-nano with the changes tests/fixtures/notes/board.md lists ("Super mode
// without its firmware").
#include <gtest/gtest.h>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::super_mode_check {
namespace {

using nlohmann::json;

constexpr const char* kDevfreq = "/sys/devices/platform/bus@0/17000000.gpu/devfreq/17000000.gpu";

// nvpmodel in mode 2 (MAXN_SUPER) while the GPU offers the old table, topped at 624.75 MHz.
void without_super_firmware(const FixtureTree& tree) {
    tree.write("/var/lib/nvpmodel/status", "pmode:0002 fmode:quiet\n");
    const std::string dir = kDevfreq;
    tree.write(dir + "/available_frequencies", "306000000 408000000 510000000 624750000\n");
    tree.write(dir + "/max_freq", "624750000\n");
    tree.write(dir + "/cur_freq", "624750000\n");
}

TEST(SuperModeCheck, WarnsWithTheModeItsCapAndTheHighestFrequency) {
    FixtureTree tree("orin-nano");
    without_super_firmware(tree);
    RunResult run = run_edgetop({"--check", "--root", tree.root()});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\nwarning: power mode MAXN_SUPER leaves the GPU uncapped (at least "
                           "918 MHz, the cap of mode 25W), but the available frequencies of GPU "
                           "gpu stop at 624.75 MHz: the firmware for the Super modes (BPMP) "
                           "seems not to be installed\n"),
              std::string::npos)
        << run.out;
}

// The same board with the Super firmware's table (the fixture's own, up to 1020 MHz), and the old
// table in a mode that is not a Super one: nothing to warn about.
TEST(SuperModeCheck, NoWarningWithTheSuperTableOrOutsideASuperMode) {
    FixtureTree tree("orin-nano");
    tree.write("/var/lib/nvpmodel/status", "pmode:0002 fmode:quiet\n");
    RunResult run = run_edgetop({"--check", "--root", tree.root()});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out.find("warning:"), std::string::npos) << run.out;

    without_super_firmware(tree);
    tree.write("/var/lib/nvpmodel/status", "pmode:0000 fmode:quiet\n");
    run = run_edgetop({"--check", "--root", tree.root()});
    EXPECT_EQ(run.out.find("warning:"), std::string::npos) << run.out;
}

TEST(SuperModeCheck, RecordRaisesTheFlagWithItsEvidence) {
    FixtureTree tree("orin-nano");
    without_super_firmware(tree);
    TempDir tmp;
    const std::string out = tmp.file("super.jsonl");
    RunResult run = run_edgetop({"record", "-n", "1", "-o", out, "--root", tree.root()});
    ASSERT_EQ(run.status, 0) << run.err;
    std::vector<json> raised;
    for (const auto& line : read_lines(out)) {
        auto value = json::parse(line, nullptr, false);
        if (!value.is_discarded() && value.value("type", "") == "event" &&
            value.value("flag", "") == "super_mode_no_firmware")
            raised.push_back(value);
    }
    ASSERT_EQ(raised.size(), 1u);
    EXPECT_EQ(raised[0]["state"], "raised");
    EXPECT_EQ(raised[0]["evidence"]["power_mode"], "MAXN_SUPER");
    EXPECT_EQ(raised[0]["evidence"]["mode_gpu_max_hz"], 918000000);
    EXPECT_EQ(raised[0]["evidence"]["available_max_hz"], 624750000);
}

}  // namespace
}  // namespace edgetop::testing::super_mode_check
