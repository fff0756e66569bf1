// Control groups on this machine, as root: a group capped at 20 % of a core with a spinner in it
// shows in `edgetop record` near 20 % with its throttled periods rising and cpu_quota_throttle
// raised for it, and a memory-limited group whose process the OOM killer killed shows that kill.
// The test makes the groups in the hierarchy the machine mounts (v1: the cpu, cpuacct and memory
// controllers' own directories, as Docker does; v2: one directory) and removes them, also when it
// fails.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing::live_groups {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    out.flush();
    return static_cast<bool>(out);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// One test group in every hierarchy it needs; rmdir'd (children first killed by the caller's
// ChildProcess destructors, which run before this one's) at the end.
class TestGroup {
  public:
    explicit TestGroup(const std::string& name) : name_(name) {
        v2_ = fs::exists("/sys/fs/cgroup/cgroup.controllers");
        for (const std::string& mount : mounts()) {
            std::string dir = mount + "/" + name;
            if (::mkdir(dir.c_str(), 0755) != 0) {
                problem_ = "cannot create " + dir + ": " + std::strerror(errno);
                return;
            }
            made_.push_back(dir);
        }
    }
    ~TestGroup() {
        for (auto it = made_.rbegin(); it != made_.rend(); ++it)
            for (int i = 0; i < 100 && ::rmdir(it->c_str()) != 0 && errno == EBUSY; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    TestGroup(const TestGroup&) = delete;
    TestGroup& operator=(const TestGroup&) = delete;

    const std::string& problem() const { return problem_; }
    std::string path() const { return "/" + name_; }
    bool v2() const { return v2_; }
    std::string dir(const std::string& controller) const {
        return v2_ ? "/sys/fs/cgroup/" + name_ : "/sys/fs/cgroup/" + controller + "/" + name_;
    }
    // A shell line that moves the shell into the group.
    std::string join_line() const {
        std::string line;
        for (const std::string& dir : made_)
            line += "echo $$ > " + dir + "/cgroup.procs && ";
        return line;
    }
    // Waits (bounded) until the group holds `count` processes.
    bool wait_members(size_t count) const {
        for (int i = 0; i < 200; ++i) {
            std::string procs = read_file(made_.front() + "/cgroup.procs");
            if (static_cast<size_t>(std::count(procs.begin(), procs.end(), '\n')) >= count)
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

  private:
    std::vector<std::string> mounts() const {
        if (v2_) return {"/sys/fs/cgroup"};
        std::vector<std::string> out;
        for (const char* controller : {"cpu", "cpuacct", "memory"}) {
            std::string mount = std::string("/sys/fs/cgroup/") + controller;
            // Where cpu and cpuacct share a hierarchy both names lead to the same directory.
            if (fs::is_directory(mount) &&
                std::none_of(out.begin(), out.end(),
                             [&](const std::string& m) { return fs::equivalent(m, mount); }))
                out.push_back(mount);
        }
        return out;
    }

    std::string name_;
    bool v2_ = false;
    std::vector<std::string> made_;
    std::string problem_;
};

std::string skip_reason() {
    if (geteuid() != 0) return "needs root to create a control group";
    if (!fs::exists("/sys/fs/cgroup/cgroup.controllers") && !fs::is_directory("/sys/fs/cgroup/cpu"))
        return "no cgroup v2 hierarchy and no v1 cpu controller at /sys/fs/cgroup";
    return "";
}

// The group's entries of the recorded samples.
std::vector<json> recorded_group(const std::string& session, const std::string& path) {
    std::vector<json> out;
    for (const json& line : parse_lines(read_lines(session))) {
        if (line.value("type", "") != "sample" || !line.contains("groups")) continue;
        for (const json& group : line["groups"])
            if (group.value("path", "") == path) out.push_back(group);
    }
    return out;
}

TEST(LiveGroups, QuotaOfTwentyPercentShowsWithRisingThrottling) {
    if (auto reason = skip_reason(); !reason.empty()) GTEST_SKIP() << reason;
    TestGroup group("edgetop-test-quota-" + std::to_string(getpid()));
    if (!group.problem().empty()) GTEST_SKIP() << group.problem();
    bool capped = group.v2() ? write_file(group.dir("cpu") + "/cpu.max", "20000 100000")
                             : write_file(group.dir("cpu") + "/cpu.cfs_period_us", "100000") &&
                                   write_file(group.dir("cpu") + "/cpu.cfs_quota_us", "20000");
    ASSERT_TRUE(capped) << "could not set the quota of " << group.dir("cpu");
    ChildProcess spinner({"sh", "-c", group.join_line() + "exec sh -c 'while :; do :; done'"});
    ASSERT_TRUE(group.wait_members(1));

    TempDir dir;
    std::string session = dir.file("s.jsonl");
    // The rule's hysteresis shortened to fit the second recorded.
    RunResult run =
        run_edgetop({"record", "--interval", "200", "--rule", "cpu_quota_throttle.sustain_s=0.4",
                     "-o", session, "--", "sleep", "1.1"});
    ASSERT_EQ(run.status, 0) << run.err;
    auto samples = recorded_group(session, group.path());
    ASSERT_GE(samples.size(), 4u) << "the group is missing from the session";
    // The flag names the most throttled group: this one, unless the machine has another group
    // throttled more (then the evidence counts both).
    json raised;
    for (const json& line : parse_lines(read_lines(session)))
        if (line.value("type", "") == "event" && line.value("flag", "") == "cpu_quota_throttle" &&
            line.value("state", "") == "raised")
            raised = line;
    ASSERT_FALSE(raised.is_null()) << "cpu_quota_throttle was not raised for " << group.path();
    if (raised["evidence"].value("path", "") == group.path()) {
        EXPECT_NEAR(raised["evidence"]["quota_pct"].get<double>(), 20.0, 1e-6);
        EXPECT_GT(raised["evidence"]["throttled_pct"].get<double>(), 20.0);
    } else {
        EXPECT_GE(raised["evidence"]["groups_throttled"].get<int>(), 2) << raised.dump();
    }
    EXPECT_EQ(samples.front().value("processes", 0), 1);
    EXPECT_NEAR(samples.front().value("cpu_limit_pct", 0.0), 20.0, 1e-6);
    double sum = 0;
    int rates = 0;
    double most_throttled = 0;
    for (const json& s : samples)
        if (s["cpu_pct"].is_number()) {
            sum += s["cpu_pct"].get<double>();
            ++rates;
            most_throttled = std::max(most_throttled, s["throttled_pct"].get<double>());
        }
    ASSERT_GE(rates, 3);
    EXPECT_NEAR(sum / rates, 20.0, 5.0);
    EXPECT_GT(samples.back()["throttled_periods"].get<int64_t>(),
              samples.front()["throttled_periods"].get<int64_t>());
    // An interval in which the spinner ran was mostly throttled (on a loaded machine it may not
    // get its 20 % in every interval, and is not throttled in one where it did not).
    EXPECT_GT(most_throttled, 50.0);
}

TEST(LiveGroups, AMemoryLimitedGroupShowsItsOomKill) {
    if (auto reason = skip_reason(); !reason.empty()) GTEST_SKIP() << reason;
    TestGroup group("edgetop-test-oom-" + std::to_string(getpid()));
    if (!group.problem().empty()) GTEST_SKIP() << group.problem();
    if (!group.v2() && !fs::is_directory("/sys/fs/cgroup/memory"))
        GTEST_SKIP() << "no v1 memory controller at /sys/fs/cgroup/memory";
    std::string limit_file =
        group.dir("memory") + (group.v2() ? "/memory.max" : "/memory.limit_in_bytes");
    ASSERT_TRUE(write_file(limit_file, "16777216")) << limit_file;
    if (group.v2()) write_file(group.dir("memory") + "/memory.swap.max", "0");
    // A small process that stays, and one that reads 64 MiB into one buffer and is killed.
    ChildProcess holder({"sh", "-c", group.join_line() + "exec sleep 30"});
    ASSERT_TRUE(group.wait_members(1));
    ChildProcess hog(
        {"sh", "-c", group.join_line() + "exec dd if=/dev/zero of=/dev/null bs=64M count=1"});
    EXPECT_EQ(hog.wait(std::chrono::seconds(10)), 128 + SIGKILL);

    TempDir dir;
    std::string session = dir.file("s.jsonl");
    RunResult run =
        run_edgetop({"record", "--interval", "100", "-o", session, "--", "sleep", "0.3"});
    ASSERT_EQ(run.status, 0) << run.err;
    auto samples = recorded_group(session, group.path());
    ASSERT_FALSE(samples.empty()) << "the group is missing from the session";
    EXPECT_GE(samples.back().value("oom_kills", 0), 1);
    EXPECT_EQ(samples.back().value("memory_limit_kb", 0), 16384);
    EXPECT_EQ(samples.back().value("processes", 0), 1);
}

}  // namespace
}  // namespace edgetop::testing::live_groups
