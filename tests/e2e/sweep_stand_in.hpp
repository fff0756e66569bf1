// The fixture of the sweep tests (sweep_command_test.cpp: results and refusals;
// sweep_interrupt_test.cpp: signals, hangs and restores).
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
#pragma once

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

namespace edgetop::testing::sweep {

using nlohmann::json;
namespace fs = std::filesystem;

inline constexpr const char* kStatus = "/var/lib/nvpmodel/status";
inline constexpr const char* kRestoreFile = "/var/lib/edgetop/sweep-restore";
inline constexpr const char* kVddInCurrent =
    "/sys/devices/platform/bus@0/c240000.i2c/i2c-1/1-0040/hwmon/hwmon1/curr1_input";
inline constexpr const char* kGpuMax =
    "/sys/devices/platform/bus@0/17000000.gpu/devfreq/17000000.gpu/max_freq";

inline void write_script(const std::string& path, const std::string& text) {
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

inline bool wait_for_file(const std::string& path,
                          std::chrono::seconds limit = std::chrono::seconds(30)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (fs::exists(path)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

inline bool wait_for_calls(const std::string& log, size_t count,
                           std::chrono::seconds limit = std::chrono::seconds(30)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (read_lines(log).size() >= count) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

inline pid_t read_pid(const std::string& path) {
    auto lines = read_lines(path);
    return lines.empty() ? -1 : std::stoi(lines[0]);
}

// Dead: no such process, or a zombie that nobody has reaped yet (its parent, the killed stand-in,
// is gone). False when it is still alive after 5 s.
inline bool process_gone(pid_t pid) {
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

inline std::chrono::milliseconds since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start);
}

}  // namespace edgetop::testing::sweep
