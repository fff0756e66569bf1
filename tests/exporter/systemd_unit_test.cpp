// The shipped systemd unit of `edgetop serve`, checked by systemd's own tools where this machine
// has them: `systemd-analyze verify` (every key known, the command executable) and
// `systemd-analyze security --offline` (the exposure score the README states).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing::systemd_unit {
namespace {

using namespace std::chrono_literals;

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool have_systemd_analyze() {
    return access("/usr/bin/systemd-analyze", X_OK) == 0 ||
           access("/bin/systemd-analyze", X_OK) == 0;
}

// The unit with its ExecStart pointing at the binary just built, as it would be installed.
std::string unit_for_this_build(const TempDir& dir) {
    std::string unit =
        read_text(std::string(EDGETOP_SOURCE_DIR) + "/packaging/edgetop-serve.service");
    unit = std::regex_replace(unit, std::regex("/usr/local/bin/edgetop"), EDGETOP_BINARY);
    std::string path = dir.path() + "/edgetop-serve.service";
    std::ofstream(path) << unit;
    return path;
}

TEST(SystemdUnit, VerifiesWithoutAWordFromSystemd) {
    if (!have_systemd_analyze()) GTEST_SKIP() << "no systemd-analyze on this machine";
    TempDir dir;
    // A unit with nothing to fault first: where even that does not verify, systemd-analyze cannot
    // work here (in a chroot it finds no cgroup of its own), whatever the unit says.
    std::ofstream(dir.file("plain.service")) << "[Service]\nExecStart=/bin/true\n";
    RunResult control =
        ChildProcess({"systemd-analyze", "verify", "--man=no", dir.file("plain.service")})
            .collect(30s);
    if (control.status != 0)
        GTEST_SKIP() << "systemd-analyze verify fails on a one-line unit here: " << control.err;
    ChildProcess verify({"systemd-analyze", "verify", "--man=no", unit_for_this_build(dir)});
    RunResult result = verify.collect(30s);
    // An unknown or misspelt key is only a warning to systemd: the unit must draw none.
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.err, "");
    EXPECT_EQ(result.out, "");
}

TEST(SystemdUnit, ExposureScoreIsTheReadmesAndOnlyTheReadCapabilityIsBounded) {
    if (!have_systemd_analyze()) GTEST_SKIP() << "no systemd-analyze on this machine";
    TempDir dir;
    ChildProcess security(
        {"systemd-analyze", "security", "--offline=true", unit_for_this_build(dir)});
    RunResult result = security.collect(30s);
    std::smatch level;
    if (!std::regex_search(result.out, level,
                           std::regex(R"(Overall exposure level for [^:]+: ([0-9.]+))")))
        GTEST_SKIP() << "systemd-analyze cannot score a unit file here (systemd before 250): "
                     << result.err;
    double score = std::stod(level[1]);
    // Each hardening line is worth 0.1 to 0.5: removing one moves the score past the README's.
    std::string readme = read_text(std::string(EDGETOP_SOURCE_DIR) + "/README.md");
    std::smatch stated;
    ASSERT_TRUE(std::regex_search(readme, stated,
                                  std::regex(R"(`systemd-analyze security` scores it ([0-9.]+))")))
        << "the README states the unit's score";
    EXPECT_LE(score, std::stod(stated[1]) + 1e-9) << result.out;

    std::string unit =
        read_text(std::string(EDGETOP_SOURCE_DIR) + "/packaging/edgetop-serve.service");
    std::smatch bounding;
    ASSERT_TRUE(
        std::regex_search(unit, bounding, std::regex(R"(\nCapabilityBoundingSet=([^\n]*))")));
    EXPECT_EQ(bounding[1], "CAP_DAC_READ_SEARCH");
}

}  // namespace
}  // namespace edgetop::testing::systemd_unit
