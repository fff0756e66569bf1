// edgetop sweep -- CMD against a stand-in nvpmodel: a script first on PATH that records its
// arguments and applies a mode to a copy of the Orin Nano fixture as the real tool does (status
// file, online cores, CPU and GPU caps), plus the VDD_IN current each mode draws. The job sleeps
// for as long as the active mode makes it take, so every mode's time and energy are known:
//
//   mode  name        job    VDD_IN   energy   (4.992 V x the current below)
//   0     15W         1.5 s   6 W      9 J     least energy
//   1     25W         1.0 s  14 W     14 J
//   2     MAXN_SUPER  0.5 s  40 W     20 J     fastest
//   3     7W          3.0 s   4 W     12 J     slower and dearer than 0: off the Pareto front
//                                              (on it, and least energy, when 0 fails)
//
// The gaps are wide enough that a loaded machine's start-up delays (tenths of a second) cannot
// reorder them. The fixture's active mode is 0.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <thread>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr const char* kStatus = "/var/lib/nvpmodel/status";
constexpr const char* kRestoreFile = "/var/lib/edgetop/sweep-restore";
constexpr const char* kVddInCurrent =
    "/sys/devices/platform/bus@0/c240000.i2c/i2c-1/1-0040/hwmon/hwmon1/curr1_input";
constexpr const char* kGpuMax =
    "/sys/devices/platform/bus@0/17000000.gpu/devfreq/17000000.gpu/max_freq";

void write_script(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
    ::chmod(path.c_str(), 0755);
}

class SweepTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (::geteuid() != 0) GTEST_SKIP() << "sweep switches power modes only as root";
        fs::create_directory(tmp_.file("bin"));
        std::string root = tree_.root();
        // The stand-in. FAIL_ON holds a mode id it refuses; SLOW makes every call take a second;
        // HANG_ON holds a mode id it hangs on, in a child it waits for (whose pid goes to
        // hung.pid), as an nvpmodel stuck on a driver would.
        write_script(tmp_.file("bin/nvpmodel"), R"sh(#!/bin/sh
echo "$*" >> )sh" + log() + R"sh(
[ "$1" = "-m" ] || exit 1
if [ -f )sh" + tmp_.file("HANG_ON") + R"sh( ] && [ "$(cat )sh" +
                                                    tmp_.file("HANG_ON") + R"sh()" = "$2" ]; then
    sleep 60 & echo $! > )sh" + tmp_.file("hung.tmp") +
                                                    R"sh(
    mv )sh" + tmp_.file("hung.tmp") + " " + tmp_.file("hung.pid") +
                                                    R"sh(
    wait
fi
[ -f )sh" + tmp_.file("SLOW") + R"sh( ] && sleep 1
if [ -f )sh" + tmp_.file("FAIL_ON") + R"sh( ] && [ "$(cat )sh" +
                                                    tmp_.file("FAIL_ON") + R"sh()" = "$2" ]; then
    echo "NVPM ERROR: failed to set power mode $2" >&2; exit 1
fi
R=)sh" + root + R"sh(
case $2 in
    0) off=""; cpu=1497600; gpu=612000000; ma=1200 ;;
    1) off=""; cpu=1344000; gpu=918000000; ma=2800 ;;
    2) off=""; cpu=1728000; gpu=1020000000; ma=8016 ;;
    3) off="4 5"; cpu=960000; gpu=408000000; ma=800 ;;
    *) echo "NVPM ERROR: Invalid mode id $2" >&2; exit 1 ;;
esac
printf 'pmode:%04d fmode:quiet\n' "$2" > $R)sh" + kStatus +
                                                    R"sh(
for c in 0 1 2 3 4 5; do echo 1 > $R/sys/devices/system/cpu/cpu$c/online; done
for c in $off; do echo 0 > $R/sys/devices/system/cpu/cpu$c/online; done
if [ -n "$off" ]; then echo 0-3 > $R/sys/devices/system/cpu/online; else echo 0-5 > $R/sys/devices/system/cpu/online; fi
echo $cpu > $R/sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq
echo $cpu > $R/sys/devices/system/cpu/cpu4/cpufreq/scaling_max_freq
echo $gpu > $R)sh" + kGpuMax + R"sh(
echo $ma > $R)sh" + kVddInCurrent + R"sh(
)sh");
        // The job: as long as the active mode makes it take; FAIL_JOB_ON holds a mode it fails in.
        // running-<mode> holds its pid.
        write_script(tmp_.file("job"), R"sh(#!/bin/sh
mode=$(sed 's/pmode:0*\([0-9]\).*/\1/' )sh" +
                                           root + kStatus + R"sh()
echo $$ > )sh" + tmp_.file("running.tmp") + R"sh(
mv )sh" + tmp_.file("running.tmp") + " " + tmp_.file("running-") +
                                           R"sh($mode
if [ -f )sh" + tmp_.file("FAIL_JOB_ON") + R"sh( ] && [ "$(cat )sh" +
                                           tmp_.file("FAIL_JOB_ON") +
                                           R"sh()" = "$mode" ]; then exit 3; fi
case $mode in 0) exec sleep 1.5 ;; 1) exec sleep 1.0 ;; 2) exec sleep 0.5 ;; *) exec sleep 3.0 ;; esac
)sh");
    }

    std::string log() const { return tmp_.file("nvpmodel.log"); }
    std::vector<std::string> calls() const { return read_lines(log()); }
    std::string active_status() const { return tree_.read(kStatus); }
    std::string restore_file() const { return tree_.path(kRestoreFile); }

    SpawnOptions with_stand_in() const {
        SpawnOptions options;
        options.env.emplace_back("PATH", tmp_.file("bin") + ":" + std::getenv("PATH"));
        return options;
    }
    std::vector<std::string> sweep_args(std::vector<std::string> extra) const {
        std::vector<std::string> args{"sweep", "--root", tree_.root(), "--settle", "0", "-i", "50"};
        args.insert(args.end(), extra.begin(), extra.end());
        args.insert(args.end(), {"--", tmp_.file("job")});
        return args;
    }
    static const json& mode_of(const json& j, int id) {
        for (const auto& m : j["modes"])
            if (m["id"] == id) return m;
        throw std::runtime_error("no mode " + std::to_string(id));
    }

    TempDir tmp_;
    FixtureTree tree_{"orin-nano"};
};

TEST_F(SweepTest, RecommendsTheKnownModesKeepsSessionsAndRestores) {
    std::string dir = tmp_.file("sessions");
    auto run = run_edgetop(sweep_args({"--json", "--budget-w", "4.5", "-o", dir}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["original_mode"], 0);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(j["pareto"], json({2, 1, 0})) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 2) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 0) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy_within_slack"], 2) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy_under_budget"], 3) << run.out;
    ASSERT_EQ(j["modes"].size(), 4u);
    EXPECT_EQ(mode_of(j, 3)["name"], "7W");
    EXPECT_EQ(mode_of(j, 3)["caps"]["online_cores"], 4);
    EXPECT_EQ(mode_of(j, 3)["caps"]["cpu_max_mhz"], 960);
    EXPECT_EQ(mode_of(j, 2)["caps"]["gpu_max_mhz"], nullptr);  // MAXN: no cap
    // Average power is the mode's VDD_IN: 4.992 V x the stand-in's current.
    EXPECT_NEAR(mode_of(j, 2)["avg_power_w"].get<double>(), 4.992 * 8.016, 0.05);
    EXPECT_NEAR(mode_of(j, 3)["avg_power_w"].get<double>(), 4.992 * 0.800, 0.05);
    EXPECT_GE(mode_of(j, 3)["duration_s"].get<double>(), 3.0);
    // Mode 2's 0.5 s at -i 50 is about 10 samples: said on standard error beside the JSON.
    EXPECT_EQ(mode_of(j, 2)["samples"], mode_of(j, 2)["runs"][0]["samples"]);
    EXPECT_LT(mode_of(j, 2)["samples"].get<int>(), 20);
    EXPECT_GE(mode_of(j, 3)["samples"].get<int>(), 20);
    EXPECT_NE(run.err.find("edgetop sweep: mode 2: only "), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("edgetop sweep: mode 3: only "), std::string::npos) << run.err;

    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 2", "-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));  // removed once the mode is back

    // Every run's session is kept, and `report` on it gives the sweep's figures.
    for (const auto& mode : j["modes"]) {
        int id = mode["id"];
        std::string session = dir + "/mode-" + std::to_string(id) + "-run-1.jsonl";
        ASSERT_EQ(mode["runs"].size(), 1u);
        EXPECT_EQ(mode["runs"][0]["session"], session);
        EXPECT_EQ(mode["runs"][0]["exit_status"], 0);
        auto report = run_edgetop({"report", "--json", session});
        ASSERT_EQ(report.status, 0) << report.err;
        auto r = json::parse(report.out);
        const json& total = r["sessions"][0]["energy"]["total"];
        EXPECT_DOUBLE_EQ(total["joules"].get<double>(), mode["energy_j"].get<double>())
            << "mode " << id;
        // And from first principles, apart from the integrator both share: the stand-in's
        // constant VDD_IN (4.992 V x the mode's current) times the time covered, which is the
        // job's own time less at most an interval (50 ms) at each end, within the mode's.
        const double amperes[] = {1.200, 2.800, 8.016, 0.800}, job_s[] = {1.5, 1.0, 0.5, 3.0};
        double covered_s = total["covered_s"];
        EXPECT_NEAR(total["joules"].get<double>(), 4.992 * amperes[id] * covered_s,
                    1e-6 * total["joules"].get<double>())  // lines keep 7 significant digits
            << "mode " << id;
        EXPECT_GE(covered_s, job_s[id] - 2 * 0.05) << "mode " << id;
        EXPECT_LE(covered_s, mode["duration_s"].get<double>()) << "mode " << id;
    }
}

TEST_F(SweepTest, TextNamesTheFrontAndTheRecommendations) {
    // Modes by name, whatever the case: MAXN_SUPER is 2 on this module.
    auto run = run_edgetop(sweep_args({"--modes", "maxn_super,15W"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(time-energy Pareto front\s+2,0\n)")))
        << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(\n\s*fastest\s+mode 2 \(MAXN_SUPER\))")))
        << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(\n\s*least energy\s+mode 0 \(15W\))")))
        << run.out;
    EXPECT_NE(run.out.find("(no --budget-w)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("original mode 0 (15W) restored"), std::string::npos) << run.out;
    // Mode 2's 0.5 s job is about 10 samples at -i 50, already the shortest interval: more runs.
    EXPECT_TRUE(std::regex_search(
        run.out,
        std::regex(R"(\n  mode 2: only \d+ samples \(fewer than 20\): .*--repeat [2-9]\n)")))
        << run.out;
    EXPECT_NE(run.out.find("module's rails, not the carrier board"), std::string::npos) << run.out;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0", "-m 0"}));
}

TEST_F(SweepTest, AModeWhereTheJobFailsIsShownButNotRecommended) {
    std::ofstream(tmp_.file("FAIL_JOB_ON")) << "0";
    auto run = run_edgetop(sweep_args({"--json"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(mode_of(j, 0)["exit_status"], 3);
    EXPECT_EQ(mode_of(j, 0)["recommendable"], false);
    EXPECT_EQ(j["pareto"], json({2, 1, 3})) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 3) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 2) << run.out;
    EXPECT_EQ(j["restored"], true);
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_EQ(calls().back(), "-m 0");
}

TEST_F(SweepTest, AModeTheSwitchFailsOnIsShownButNotRecommended) {
    std::ofstream(tmp_.file("FAIL_ON")) << "2";
    auto run = run_edgetop(sweep_args({"--json"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(mode_of(j, 2)["runs"].size(), 0u);
    EXPECT_NE(mode_of(j, 2)["problem"].get<std::string>().find("exited with status 1"),
              std::string::npos);
    EXPECT_EQ(j["pareto"], json({1, 0})) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 1) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 0) << run.out;
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 2", "-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
}

bool wait_for_file(const std::string& path, std::chrono::seconds limit = std::chrono::seconds(30)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (fs::exists(path)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

bool wait_for_calls(const std::string& log, size_t count,
                    std::chrono::seconds limit = std::chrono::seconds(30)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (read_lines(log).size() >= count) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

TEST_F(SweepTest, SigintMidRunStopsAndRestores) {
    EdgetopProcess sweep(sweep_args({"--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("running-1")));
    sweep.send(SIGINT);
    auto run = sweep.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 128 + SIGINT) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["interrupted"], true);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(j["modes"].size(), 2u);  // 0 measured, 1 interrupted, 2 and 3 never tried
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
}

TEST_F(SweepTest, SigintMidSettleRestoresEvenThroughASecondCtrlC) {
    std::ofstream(tmp_.file("SLOW")) << "";
    auto args = sweep_args({"--modes", "2,3"});
    args[4] = "60";  // --settle 60: the interruption, not the wait, ends it
    EdgetopProcess sweep(args, with_stand_in());
    ASSERT_TRUE(wait_for_calls(log(), 1));
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // past the slow switch
    sweep.send(SIGINT);
    ASSERT_TRUE(wait_for_calls(log(), 2));  // the restore has begun; Ctrl-C again
    sweep.send(SIGINT);
    auto run = sweep.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 128 + SIGINT) << run.err;
    EXPECT_NE(run.out.find("original mode 0 (15W) restored"), std::string::npos) << run.out;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(tmp_.file("running-2")));
}

TEST_F(SweepTest, AFailedRestoreSaysSoWithTheCommand) {
    std::ofstream(tmp_.file("FAIL_ON")) << "0";
    auto run = run_edgetop(sweep_args({"--modes", "1", "--json"}), with_stand_in());
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_EQ(json::parse(run.out)["restored"], false);
    EXPECT_NE(run.err.find("NOT restored"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("sudo nvpmodel -m 0"), std::string::npos) << run.err;
}

TEST_F(SweepTest, RefusesBeforeSwitchingAnything) {
    struct Case {
        std::vector<std::string> args;
        SpawnOptions options;
        std::string message;
    };
    SpawnOptions nobody = with_stand_in();
    nobody.uid = 65534;
    SpawnOptions no_nvpmodel;
    no_nvpmodel.env.emplace_back("PATH", "/usr/bin:/bin");
    FixtureTree no_conf("orin-nano");
    no_conf.remove("/etc/nvpmodel.conf");
    std::string job = tmp_.file("job");
    std::vector<Case> cases{
        // uid 65534 cannot read the private temporary tree: it gets the source fixture.
        {{"sweep", "--root", fixture_root("orin-nano"), "--", job}, nobody, "needs root"},
        {sweep_args({}), no_nvpmodel, "no 'nvpmodel' on PATH"},
        {{"sweep", "--root", no_conf.root(), "--", job},
         with_stand_in(),
         "cannot read /etc/nvpmodel.conf"},
        {sweep_args({"--modes", "1,9"}), with_stand_in(), "no power mode 9 in /etc/nvpmodel.conf"},
        {sweep_args({"--modes", "15W,MAXQ"}), with_stand_in(),
         "no power mode MAXQ in /etc/nvpmodel.conf (its modes: 0 15W, 1 25W, 2 MAXN_SUPER, 3 7W)"},
    };
    for (const auto& c : cases) {
        auto run = run_edgetop(c.args, c.options);
        EXPECT_EQ(run.status, 2) << c.message;
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
        EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(log())) << c.message;
    }
}

pid_t read_pid(const std::string& path) {
    auto lines = read_lines(path);
    return lines.empty() ? -1 : std::stoi(lines[0]);
}

// Dead: no such process, or a zombie that nobody has reaped yet (its parent, the killed stand-in,
// is gone). False when it is still alive after 5 s.
bool process_gone(pid_t pid) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
        if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        auto paren = text.rfind(')');
        if (paren != std::string::npos && text.compare(paren, 3, ") Z") == 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

std::chrono::milliseconds since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start);
}

TEST_F(SweepTest, AHungSwitchIsKilledAtTheTimeoutAndTheSweepEndsAfterRestoring) {
    std::ofstream(tmp_.file("HANG_ON")) << "1";
    auto run = run_edgetop(sweep_args({"--modes", "1,2", "--json", "--nvpmodel-timeout", "0.5"}),
                           with_stand_in());
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 1' did not finish within 0.5 s: killed"),
              std::string::npos)
        << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["restored"], true);
    ASSERT_EQ(j["modes"].size(), 1u);  // mode 2 not tried: nvpmodel hangs
    EXPECT_NE(mode_of(j, 1)["problem"].get<std::string>().find("did not finish"),
              std::string::npos);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    // The kill reached the stand-in's process group, its child included.
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, SigtermDuringAHungSwitchEndsTheSweepAtOnceAndRestores) {
    std::ofstream(tmp_.file("HANG_ON")) << "1";
    EdgetopProcess sweep(sweep_args({"--modes", "1,2", "--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("hung.pid")));
    auto sent = std::chrono::steady_clock::now();
    sweep.send(SIGTERM);
    auto run = sweep.wait(std::chrono::seconds(20));
    EXPECT_LT(since(sent).count(), 10'000);  // the default timeout is 30 s
    EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 1' killed on SIGTERM"), std::string::npos) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["interrupted"], true);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0"}));
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, SigtermDuringAHungRestoreEndsItAndTheNextSweepRestoresFirst) {
    std::ofstream(tmp_.file("HANG_ON")) << "0";
    EdgetopProcess sweep(sweep_args({"--modes", "2", "--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("hung.pid")));  // the restore hangs
    auto sent = std::chrono::steady_clock::now();
    sweep.send(SIGTERM);
    auto run = sweep.wait(std::chrono::seconds(20));
    EXPECT_LT(since(sent).count(), 10'000);  // 3 s of grace, not the 30 s timeout
    EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 0' still running 3 s after SIGTERM: killed"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("NOT restored"), std::string::npos) << run.err;
    EXPECT_EQ(json::parse(run.out)["restored"], false);
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_TRUE(active_status().starts_with("pmode:0002")) << active_status();
    ASSERT_TRUE(fs::exists(restore_file()));

    // nvpmodel works again: the next sweep restores mode 0 first, says so in one line, then runs.
    fs::remove(tmp_.file("HANG_ON"));
    auto next = run_edgetop(sweep_args({"--modes", "2", "--json"}), with_stand_in());
    ASSERT_EQ(next.status, 0) << next.err;
    size_t said = 0;
    for (const auto& line : split_lines(next.err))
        said += line.find("restoring mode 0, left switched by a sweep that did not finish (" +
                          restore_file() + ")") != std::string::npos;
    EXPECT_EQ(said, 1u) << next.err;
    auto j = json::parse(next.out);
    EXPECT_EQ(j["original_mode"], 0);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0", "-m 0", "-m 2", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, AfterSigkillSweepRestoreSwitchesBackAndRemovesTheFile) {
    EdgetopProcess sweep(sweep_args({"--modes", "3"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("running-3")));
    pid_t job = read_pid(tmp_.file("running-3"));
    ::kill(job, SIGSTOP);  // the sweep stays in its run, however slow this machine is
    auto kept = read_lines(restore_file());
    EXPECT_NE(std::find(kept.begin(), kept.end(), "mode 0"), kept.end());
    // Meanwhile a second sweep is refused: it would take the running one's file for a left one.
    std::vector<std::string> restore{"sweep", "--root", tree_.root(), "--restore"};
    auto second = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(second.status, 2) << second.err;
    EXPECT_EQ(split_lines(second.err).size(), 1u) << second.err;
    EXPECT_NE(second.err.find("another edgetop sweep is running"), std::string::npos) << second.err;

    sweep.send(SIGKILL);
    ::kill(job, SIGKILL);
    EXPECT_EQ(sweep.wait().status, 128 + SIGKILL);
    EXPECT_TRUE(active_status().starts_with("pmode:0003")) << active_status();
    EXPECT_EQ(read_lines(restore_file()), kept);

    auto restored = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(restored.status, 0) << restored.err;
    EXPECT_EQ(split_lines(restored.err).size(), 1u) << restored.err;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));

    auto nothing = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(nothing.status, 0) << nothing.err;
    EXPECT_EQ(split_lines(nothing.err).size(), 1u) << nothing.err;
    EXPECT_NE(nothing.err.find("nothing to restore"), std::string::npos) << nothing.err;
    EXPECT_EQ(calls().size(), 2u);
}

TEST_F(SweepTest, ABadRestoreFileIsAOneLineErrorNamingIt) {
    tree_.write(kRestoreFile, "\x1b[2J\x1b]0;owned\x07 mode 1\n");
    std::vector<std::string> restore{"sweep", "--root", tree_.root(), "--restore"};
    for (const auto& args : {sweep_args({"--modes", "2"}), restore}) {
        auto run = run_edgetop(args, with_stand_in());
        EXPECT_EQ(run.status, 2) << run.err;
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
        EXPECT_NE(run.err.find(restore_file() + " is not a sweep restore file"), std::string::npos)
            << run.err;
        EXPECT_EQ(run.err.find('\x1b'), std::string::npos);  // its content is not echoed
    }
    tree_.remove(kRestoreFile);
    fs::create_directory(restore_file());
    auto run = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
    EXPECT_NE(run.err.find("cannot read the restore file " + restore_file()), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(log()));  // nothing switched
}

TEST_F(SweepTest, ALinkPlantedAtASessionsNameIsRefusedBeforeSwitching) {
    std::string dir = tmp_.file("sessions");
    fs::create_directory(dir);
    std::string victim = tmp_.file("victim");
    std::ofstream(victim) << "precious\n";
    std::string link = dir + "/mode-0-run-1.jsonl";
    fs::create_symlink(victim, link);
    auto run = run_edgetop(sweep_args({"-o", dir}), with_stand_in());
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: sweep: cannot write '" + link +
                           "': it is a symbolic link, not followed (remove it or name its "
                           "target)\n");
    EXPECT_FALSE(fs::exists(log()));  // no mode was switched
    EXPECT_EQ(read_lines(victim), std::vector<std::string>{"precious"});
}

// A job that is a script running other commands: a stop request sent to edgetop alone (kill,
// timeout -s, a supervisor) reaches every process of the job, which ends there, and the sweep with
// it, at once rather than when the job would have finished.
TEST_F(SweepTest, EveryStopSignalToEdgetopAloneEndsTheWholeJobAndTheSweep) {
    for (int signo : {SIGINT, SIGTERM, SIGHUP}) {
        std::string child = tmp_.file("child-" + std::to_string(signo));
        std::string script = tmp_.file("script-" + std::to_string(signo));
        write_script(script, "#!/bin/sh\nsh -c 'echo $$ > " + child + ".tmp; mv " + child +
                                 ".tmp " + child + "; exec sleep 30'\ntouch " + child + ".after\n");
        auto args = sweep_args({"--modes", "1", "--json"});
        args.back() = script;
        EdgetopProcess sweep(args, with_stand_in());
        ASSERT_TRUE(wait_for_file(child));
        pid_t pid = read_pid(child);
        auto sent = std::chrono::steady_clock::now();
        sweep.send(signo);
        auto run = sweep.wait(std::chrono::seconds(40));
        EXPECT_LT(since(sent).count(), 10'000) << signo;
        EXPECT_EQ(run.status, 128 + signo) << run.err;
        EXPECT_TRUE(process_gone(pid)) << signo;
        ::kill(pid, SIGKILL);  // whatever happened, nothing is left behind
        EXPECT_FALSE(fs::exists(child + ".after")) << signo;
        auto j = json::parse(run.out);
        EXPECT_EQ(j["interrupted"], true);
        EXPECT_EQ(j["restored"], true);
        EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    }
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0", "-m 1", "-m 0", "-m 1", "-m 0"}));
}

}  // namespace
}  // namespace edgetop::testing
