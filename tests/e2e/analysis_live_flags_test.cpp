// edgetop record runs every sample through the rules: flags in each sample, raise and clear as
// event lines. Real busy processes on this machine, and fixture trees whose files change while
// `record --root` reads them.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <regex>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// The event lines of a session file for one flag, in order.
std::vector<json> events_of(const std::string& path, const std::string& flag) {
    std::vector<json> out;
    for (const auto& line : read_lines(path)) {
        auto value = json::parse(line, nullptr, false);
        if (!value.is_discarded() && value.value("type", "") == "event" &&
            value.value("flag", "") == flag)
            out.push_back(value);
    }
    return out;
}

// Waits until `flag` has at least `count` events in the file.
bool wait_for_events(const std::string& path, const std::string& flag, size_t count,
                     std::chrono::seconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (events_of(path, flag).size() >= count) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

TEST(LiveFlagsSerial, BusyProcessesOverHalfTheCoresRaiseAndClearCpuOversubscribed) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    ASSERT_GT(cores, 0);
    TempDir tmp;
    std::string out = tmp.file("busy.jsonl");
    EdgetopProcess record(
        {"record", "-i", "200", "-o", out, "--rule", "cpu_oversubscribed.sustain_s=1", "--rule",
         "cpu_oversubscribed.clear_s=1", "--rule", "cpu_oversubscribed.window_s=1",
         // This suite runs alone, so a spinner gets nearly a whole core; 60 % keeps edgetop
         // itself (slower under the sanitizers) out of the count.
         "--rule", "cpu_oversubscribed.busy_cpu_pct=60"});
    std::vector<std::unique_ptr<ChildProcess>> spinners;
    for (long i = 0; i < cores / 2 + 1; ++i)
        spinners.push_back(std::make_unique<ChildProcess>(busy_loop_command()));

    ASSERT_TRUE(wait_for_events(out, "cpu_oversubscribed", 1, 30s))
        << "no cpu_oversubscribed event with " << spinners.size() << " spinners on " << cores
        << " cores";
    auto raised = events_of(out, "cpu_oversubscribed").front();
    EXPECT_EQ(raised["state"], "raised");
    const std::string evidence = raised["evidence"].dump();
    for (const auto& s : spinners)
        EXPECT_NE(evidence.find(fmt::format("\"pid\":{}", s->pid())), std::string::npos)
            << "pid " << s->pid() << " missing from " << evidence;
    // The message names the busiest few (up to eight); which spinners they are is the
    // scheduler's choice, so any of them will do, but it names spinners, as many as it lists.
    const std::string message = raised["message"].get<std::string>();
    std::set<std::string> numbers;
    const std::regex number("[0-9]+");
    for (std::sregex_iterator it(message.begin(), message.end(), number), end; it != end; ++it)
        numbers.insert(it->str());
    size_t named = 0;
    for (const auto& s : spinners)
        named += numbers.count(std::to_string(s->pid()));
    EXPECT_GE(named, std::min<size_t>(spinners.size(), 8)) << message;

    // Samples carry the flag while it is up.
    bool flagged_sample = false;
    for (const auto& line : read_lines(out)) {
        auto v = json::parse(line, nullptr, false);
        if (v.value("type", "") != "sample") continue;
        for (const auto& f : v["flags"])
            flagged_sample = flagged_sample || f == "cpu_oversubscribed";
    }
    EXPECT_TRUE(flagged_sample);

    for (auto& s : spinners)
        s->stop();
    ASSERT_TRUE(wait_for_events(out, "cpu_oversubscribed", 2, 30s)) << "never cleared";
    EXPECT_EQ(events_of(out, "cpu_oversubscribed")[1]["state"], "cleared");
    record.send(SIGTERM);
    EXPECT_EQ(record.wait().status, 0);
}

// Rewrites files of a fixture tree in the background until stopped.
class Changer {
  public:
    explicit Changer(std::function<void(int)> step)
        : thread_([this, step] {
              for (int i = 0; !stop_; ++i) {
                  step(i);
                  std::this_thread::sleep_for(50ms);
              }
          }) {}
    ~Changer() {
        stop_ = true;
        thread_.join();
    }

  private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

// /proc/stat of an AGX Orin whose twelve cores are 100 % busy: `i` x 5 user ticks per core.
std::string busy_proc_stat(int i) {
    std::string text;
    const long base_user = 300000, idle = 25000000;
    long user = base_user + 5L * i;
    text += fmt::format("cpu  {} 0 0 {} 0 0 0 0 0 0\n", 12 * user, 12 * idle);
    for (int c = 0; c < 12; ++c)
        text += fmt::format("cpu{} {} 0 0 {} 0 0 0 0 0 0\n", c, user, idle);
    text += fmt::format("ctxt {}\nbtime 1750594682\nprocesses 797455\n", 827793782 + 100L * i);
    text += "procs_running 13\nprocs_blocked 0\n";
    return text;
}

TEST(LiveFlags, ABusyClusterBelowItsAllowedClockRaisesCpuDvfsThrottle) {
    FixtureTree tree("agx-orin");
    // Cluster 0 (cpu0-3) held at 1 GHz while scaling_max_freq allows 2.2 GHz: 45 %.
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq", "1000000\n");
    TempDir tmp;
    std::string out = tmp.file("dvfs.jsonl");
    Changer changer([&](int i) { tree.write("/proc/stat", busy_proc_stat(i)); });
    EdgetopProcess record({"record", "--root", tree.root(), "-i", "200", "-o", out, "--rule",
                           "cpu_dvfs_throttle.sustain_s=1", "--rule",
                           "cpu_dvfs_throttle.clear_s=1"});
    ASSERT_TRUE(wait_for_events(out, "cpu_dvfs_throttle", 1, 20s));
    auto raised = events_of(out, "cpu_dvfs_throttle").front();
    EXPECT_EQ(raised["state"], "raised");
    const std::string evidence = raised["evidence"].dump();
    EXPECT_NE(evidence.find("\"freq_khz\":1000000"), std::string::npos) << evidence;
    EXPECT_NE(evidence.find("\"max_khz\":2201600"), std::string::npos) << evidence;

    // Back at full clock: the flag clears.
    tree.write("/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq", "2201600\n");
    ASSERT_TRUE(wait_for_events(out, "cpu_dvfs_throttle", 2, 20s));
    EXPECT_EQ(events_of(out, "cpu_dvfs_throttle")[1]["state"], "cleared");
    record.send(SIGTERM);
    EXPECT_EQ(record.wait().status, 0);
}

TEST(LiveFlags, AZoneCrossingItsPassiveTripRaisesThermalThrottle) {
    FixtureTree tree("agx-orin");
    // SOC0-therm exposes no trip points in the fixture; give it a passive one at 95 °C.
    const std::string zone = "/sys/class/thermal/thermal_zone5";
    tree.write(zone + "/trip_point_0_type", "passive\n");
    tree.write(zone + "/trip_point_0_temp", "95000\n");
    tree.write(zone + "/trip_point_1_type", "critical\n");
    tree.write(zone + "/trip_point_1_temp", "105000\n");
    TempDir tmp;
    std::string out = tmp.file("hot.jsonl");
    EdgetopProcess record({"record", "--root", tree.root(), "-i", "200", "-o", out, "--rule",
                           "thermal_throttle.clear_s=1"});
    ASSERT_TRUE(wait_for_samples(out, 3));
    EXPECT_TRUE(events_of(out, "thermal_throttle").empty()) << "49.7 °C is not a throttle";
    tree.write(zone + "/temp", "96500\n");
    ASSERT_TRUE(wait_for_events(out, "thermal_throttle", 1, 20s));
    auto raised = events_of(out, "thermal_throttle").front();
    EXPECT_EQ(raised["state"], "raised");
    EXPECT_NE(raised["message"].get<std::string>().find("SOC0"), std::string::npos)
        << raised["message"];
    EXPECT_NE(raised["evidence"].dump().find("96.5"), std::string::npos) << raised["evidence"];

    tree.write(zone + "/temp", "60000\n");
    ASSERT_TRUE(wait_for_events(out, "thermal_throttle", 2, 20s));
    EXPECT_EQ(events_of(out, "thermal_throttle")[1]["state"], "cleared");
    record.send(SIGTERM);
    EXPECT_EQ(record.wait().status, 0);
}

TEST(LiveFlags, BadRuleOptionsAreUsageErrors) {
    auto run = run_edgetop({"record", "-n", "1", "--root", fixture_root("nano"), "--rule",
                            "cpu_oversubscribed.nonsense=1"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("unknown key 'nonsense'"), std::string::npos) << run.err;
    run = run_edgetop(
        {"record", "-n", "1", "--root", fixture_root("nano"), "--rules-off", "no_such_rule"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("no_such_rule"), std::string::npos) << run.err;
    run = run_edgetop({"record", "-n", "1", "--root", fixture_root("nano"), "--rule", "x"});
    EXPECT_EQ(run.status, 2) << run.err;
}

}  // namespace
}  // namespace edgetop::testing
