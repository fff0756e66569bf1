// edgetop stat -- CMD: the command's streams and exit status untouched, a summary on standard
// error whose energy matches `report` on the kept session and the fixture's power times the time.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <regex>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

// The figure in the "total" row of stat's energy table.
std::optional<double> stat_total_joules(const std::string& err) {
    std::smatch m;
    static const std::regex row(R"(\n\s*total\s+([0-9.]+)\s)");
    if (!std::regex_search(err, m, row)) return std::nullopt;
    return std::stod(m[1]);
}

TEST(StatCommand, PassesTheExitStatusAndStreamsThrough) {
    auto run = run_edgetop({"stat", "--root", fixture_root("nano"), "-i", "100", "--", "sh", "-c",
                            "echo out; echo err >&2; exit 7"});
    EXPECT_EQ(run.status, 7);
    EXPECT_EQ(run.out, "out\n");
    EXPECT_TRUE(run.err.starts_with("err\n")) << run.err;
    EXPECT_NE(run.err.find("exit status 7"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("energy"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("peak temperature"), std::string::npos) << run.err;

    run = run_edgetop({"stat", "--root", fixture_root("nano"), "--", "sh", "-c", "kill -KILL $$"});
    EXPECT_EQ(run.status, 128 + SIGKILL);
    run = run_edgetop({"stat", "--root", fixture_root("nano"), "--", "/nonexistent/cmd"});
    EXPECT_EQ(run.status, 127);
    run = run_edgetop({"stat", "--root", fixture_root("nano")});
    EXPECT_EQ(run.status, 2);
}

TEST(StatCommand, EnergyMatchesTheReportOfItsSession) {
    TempDir tmp;
    std::string kept = tmp.file("stat.jsonl");
    auto start = std::chrono::steady_clock::now();
    auto run = run_edgetop({"stat", "--root", fixture_root("agx-orin"), "-i", "100", "-o", kept,
                            "--", "sleep", "0.8"});
    double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(run.status, 0) << run.err;
    auto stat_joules = stat_total_joules(run.err);
    ASSERT_TRUE(stat_joules) << run.err;
    EXPECT_GT(*stat_joules, 0);

    auto report = run_edgetop({"report", "--json", kept});
    ASSERT_EQ(report.status, 0) << report.err;
    auto j = json::parse(report.out);
    const json& total = j["sessions"][0]["energy"]["total"];
    double report_joules = total["joules"];
    // stat prints two decimals.
    EXPECT_NEAR(*stat_joules, report_joules, 0.0051) << run.err;
    // From first principles, apart from both commands' integrator: the fixture's power is
    // constant, its three module rails (tests/fixtures/agx-orin hwmon3/hwmon4: 840 mV x 5200 mA,
    // 752 mV x 2112 mA, 1800 mV x 224 mA), so the energy is that power times the time covered,
    // which is the command's 0.8 s less at most one interval at each end, and no more than
    // the whole run took.
    constexpr double kWatts = (840.0 * 5200 + 752.0 * 2112 + 1800.0 * 224) / 1e6;
    double covered_s = total["covered_s"];
    EXPECT_NEAR(report_joules, kWatts * covered_s, 1e-6 * report_joules);  // 7 digits a line
    EXPECT_GE(covered_s, 0.8 - 2 * 0.1);
    EXPECT_LE(covered_s, wall_s);
    for (const char* rail : {"VDD_GPU_SOC", "VDD_CPU_CV"})
        EXPECT_NE(run.err.find(rail), std::string::npos) << rail;
}

TEST(StatCommand, CtrlCGoesToTheCommandAndStatWaitsForIt) {
    TempDir tmp;
    std::string kept = tmp.file("int.jsonl");
    // The command traps SIGINT and exits 5 on it. edgetop must not die of the SIGINT but pass it
    // on (a terminal's Ctrl-C reaches the command directly through the process group; a kill(1)
    // aimed at edgetop alone is forwarded), then wait and report the command's status.
    EdgetopProcess stat({"stat", "--root", fixture_root("nano"), "-i", "50", "-o", kept, "--", "sh",
                         "-c", "trap 'exit 5' INT; while :; do sleep 0.05; done"});
    ASSERT_TRUE(wait_for_samples(kept, 3));
    stat.send(SIGINT);
    auto run = stat.wait(std::chrono::seconds(20));
    EXPECT_EQ(run.status, 5) << run.err;
    EXPECT_NE(run.err.find("exit status 5"), std::string::npos) << run.err;
}

TEST(StatCommand, TheCommandStartsWithTheDescriptorLimitEdgetopStartedWith) {
    // On the live board the process table raises edgetop's own soft limit to the hard one; the
    // measured command must not inherit that.
    rlimit limit{};
    ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &limit), 0);
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max <= 256)
        GTEST_SKIP() << "the hard descriptor limit leaves no room to raise";
    TempDir tmp;
    for (std::string command : {"stat", "record"}) {
        std::string seen = tmp.file(command + ".limit");
        std::vector<std::string> argv{
            "sh", "-c", "ulimit -Sn 256 && exec \"$0\" \"$@\"", EDGETOP_BINARY, command,
            "-i", "100"};
        if (command == "record") argv.insert(argv.end(), {"-o", tmp.file("record.jsonl")});
        argv.insert(argv.end(), {"--", "sh", "-c", "ulimit -Sn > " + seen});
        auto run = ChildProcess(argv).collect(std::chrono::seconds(30));
        EXPECT_EQ(run.status, 0) << command << ": " << run.err;
        EXPECT_EQ(read_lines(seen), std::vector<std::string>{"256"}) << command;
    }
}

}  // namespace
}  // namespace edgetop::testing
