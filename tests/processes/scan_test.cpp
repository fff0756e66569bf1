// ProcessScan against real processes: descriptors kept between polls, processes that exit or
// rename themselves, pids reused, and too few descriptors.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sensors/processes/processes_scan.hpp"
#include "sensors/processes/processes_stat_line.hpp"
#include "support/child_process.hpp"

namespace edgetop {
namespace {

using namespace std::chrono_literals;
using testing::ChildProcess;
using testing::idle;
using testing::on_usr1;
using testing::ready;
using testing::run_in_child;

constexpr int kSkip = 77;

const ProcessSample* find(const std::vector<ProcessSample>& table, int pid) {
    for (const auto& p : table)
        if (p.pid == pid) return &p;
    return nullptr;
}

std::vector<int> list_proc() {
    std::vector<int> pids;
    if (DIR* dir = opendir("/proc")) {
        while (const dirent* entry = readdir(dir))
            if (entry->d_name[0] >= '1' && entry->d_name[0] <= '9')
                pids.push_back(std::atoi(entry->d_name));
        closedir(dir);
    }
    std::sort(pids.begin(), pids.end());
    return pids;
}

std::vector<ProcessSample> poll(ProcessScan& scan) {
    std::vector<ProcessSample> table;
    scan.poll(table);
    return table;
}

// A poll that holds every process alive throughout it, in ascending pid order, once each.
bool complete_poll(ProcessScan& scan, std::vector<ProcessSample>& table) {
    std::vector<int> before = list_proc();
    table.clear();
    if (!scan.poll(table)) return false;
    std::vector<int> after = list_proc();
    std::vector<int> alive;
    std::set_intersection(before.begin(), before.end(), after.begin(), after.end(),
                          std::back_inserter(alive));
    for (size_t i = 1; i < table.size(); ++i)
        if (table[i - 1].pid >= table[i].pid) return false;
    for (int pid : alive)
        if (!find(table, pid)) return false;
    return !alive.empty();
}

std::optional<StatLine> stat_of(int pid, std::string& text) {
    std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
    std::stringstream content;
    content << file.rdbuf();
    text = content.str();
    return parse_stat_line(text);
}

// `count` idle children named "et-many" that hold no descriptor of this process.
std::vector<pid_t> spawn_idle(int count) {
    std::vector<pid_t> kids;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return kids;
    for (int i = 0; i < count; ++i) {
        pid_t kid = fork();
        if (kid == 0) {
            close(fds[0]);
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            prctl(PR_SET_NAME, "et-many");
            idle(fds[1]);
        }
        if (kid > 0) kids.push_back(kid);
    }
    close(fds[1]);
    char byte;
    for (size_t i = 0; i < kids.size(); ++i)
        if (read(fds[0], &byte, 1) != 1) break;
    close(fds[0]);
    return kids;
}

void stop_all(const std::vector<pid_t>& kids) {
    for (pid_t kid : kids)
        kill(kid, SIGKILL);
    for (pid_t kid : kids)
        waitpid(kid, nullptr, 0);
}

TEST(ProcessScan, FactsFromLibprocFieldsFromTheOpenStat) {
    ChildProcess sleeper("et-scan-idle", idle);
    ASSERT_TRUE(sleeper.wait_asleep());
    ProcessScan scan;
    ASSERT_TRUE(scan.open());
    std::vector<ProcessSample> table;
    ASSERT_TRUE(complete_poll(scan, table));
    // Every process keeps its stat open: the budget is far above a test machine's count.
    EXPECT_EQ(scan.held_descriptors(), table.size());
    ASSERT_TRUE(complete_poll(scan, table));
    const ProcessSample* p = find(table, sleeper.pid());
    ASSERT_TRUE(p);
    EXPECT_EQ(p->name, "et-scan-idle");
    passwd* pw = getpwuid(geteuid());
    ASSERT_TRUE(pw);
    EXPECT_EQ(p->user, std::string(pw->pw_name));
    EXPECT_EQ(p->state, 'S');
    EXPECT_EQ(p->threads, 1);
    std::string text;
    auto line = stat_of(sleeper.pid(), text);
    ASSERT_TRUE(line);
    EXPECT_EQ(p->start_ticks, line->start_ticks);
    EXPECT_EQ(p->cpu_ticks, line->cpu_ticks);  // idle: unchanged since the poll
    EXPECT_EQ(p->rss_kb, line->rss_pages * (sysconf(_SC_PAGESIZE) / 1024));
}

TEST(ProcessScan, RenamedProcessGetsItsNewName) {
    // Renames itself (as an exec would) on SIGUSR1.
    ChildProcess renaming = on_usr1("et-before", [](int fd) {
        prctl(PR_SET_NAME, "et-after");
        idle(fd);
    });
    ASSERT_TRUE(renaming.wait_ready());
    ProcessScan scan;
    ASSERT_TRUE(scan.open());
    auto first = poll(scan);
    ASSERT_TRUE(find(first, renaming.pid()));
    EXPECT_EQ(find(first, renaming.pid())->name, "et-before");
    kill(renaming.pid(), SIGUSR1);
    ASSERT_TRUE(renaming.wait_ready());
    auto second = poll(scan);
    ASSERT_TRUE(find(second, renaming.pid()));
    EXPECT_EQ(find(second, renaming.pid())->name, "et-after");
    EXPECT_EQ(find(second, renaming.pid())->start_ticks, find(first, renaming.pid())->start_ticks);
}

TEST(ProcessScan, ExitBetweenPollsClosesItsDescriptor) {
    ChildProcess leaving("et-exiting", idle);
    ASSERT_TRUE(leaving.wait_ready());
    int pid = leaving.pid();
    ProcessScan scan;
    ASSERT_TRUE(scan.open());
    auto first = poll(scan);
    ASSERT_TRUE(find(first, pid));
    // Dead but not reaped: still listed, as a zombie.
    leaving.kill_only();
    std::this_thread::sleep_for(50ms);
    auto zombie = poll(scan);
    ASSERT_TRUE(find(zombie, pid));
    EXPECT_EQ(find(zombie, pid)->state, 'Z');
    leaving.stop();
    auto gone = poll(scan);
    EXPECT_FALSE(find(gone, pid));
    // One descriptor per listed process: the exited one's was closed.
    EXPECT_EQ(scan.held_descriptors(), gone.size());
}

TEST(ProcessScan, WithoutDescriptorsToKeepEveryPollReopens) {
    ChildProcess sleeper("et-reopened", idle);
    ASSERT_TRUE(sleeper.wait_asleep());
    for (size_t budget : {size_t{0}, size_t{3}}) {
        ProcessScan scan(budget);
        ASSERT_TRUE(scan.open());
        std::vector<ProcessSample> table;
        for (int i = 0; i < 2; ++i) {
            ASSERT_TRUE(complete_poll(scan, table)) << "budget " << budget;
            EXPECT_EQ(scan.held_descriptors(), budget);
            const ProcessSample* p = find(table, sleeper.pid());
            ASSERT_TRUE(p);
            EXPECT_EQ(p->name, "et-reopened");
            EXPECT_EQ(p->state, 'S');
        }
    }
}

// Reuses a pid on purpose inside a pid namespace of its own, where this test is alone: the
// process gone, ns_last_pid is set so that the next fork gets the same pid. The second process
// has the same name but another user, so only its start time tells it apart.
int reuse_a_pid(std::optional<size_t> budget) {
    if (geteuid() != 0 || unshare(CLONE_NEWNS | CLONE_NEWPID) != 0) return kSkip;
    return run_in_child([budget] {
        if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
            mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
            return kSkip;
        passwd* nobody = getpwuid(65534);
        if (!nobody) return kSkip;
        std::string nobody_name = nobody->pw_name;
        ProcessScan scan(budget);
        if (!scan.open()) return 10;
        ChildProcess first("et-reused", idle);
        if (!first.wait_ready()) return 11;
        int pid = first.pid();
        auto before = poll(scan);
        const ProcessSample* p = find(before, pid);
        if (!p || p->user != "root") return 12;
        uint64_t first_start = p->start_ticks.value_or(0);
        first.stop();
        std::this_thread::sleep_for(30ms);  // a later start, in clock ticks
        {
            std::ofstream last_pid("/proc/sys/kernel/ns_last_pid");
            last_pid << pid - 1;
        }
        ChildProcess second("et-reused", [](int fd) {
            if (setuid(65534) != 0) _exit(1);
            idle(fd);
        });
        if (second.pid() != pid) return kSkip;
        if (!second.wait_ready()) return 13;
        auto after = poll(scan);
        if (std::count_if(after.begin(), after.end(), [&](auto& q) { return q.pid == pid; }) != 1)
            return 14;
        p = find(after, pid);
        std::string text;
        auto line = stat_of(pid, text);
        if (!line || p->start_ticks != line->start_ticks || p->start_ticks == first_start)
            return 15;
        if (p->user != nobody_name) return 16;  // the facts are the new process's
        return 0;
    });
}

TEST(ProcessScan, ReusedPidIsAnotherProcess) {
    for (auto budget : {std::optional<size_t>{}, std::optional<size_t>{0}}) {
        int code = run_in_child([budget] { return reuse_a_pid(budget); });
        if (code == kSkip) GTEST_SKIP() << "needs root and a pid namespace of its own";
        EXPECT_EQ(code, 0) << (budget ? "re-opened every poll" : "descriptor kept");
    }
}

TEST(ProcessScan, RaisesTheSoftFileLimitToTheHardOne) {
    int code = run_in_child([] {
        rlimit limit{100, 200};
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) return kSkip;
        ProcessScan scan;
        if (!scan.open()) return 10;
        if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur != 200) return 11;
        return scan.max_open() == 100 ? 0 : 12;  // half of a small limit stays for the rest
    });
    if (code == kSkip) GTEST_SKIP() << "cannot set RLIMIT_NOFILE";
    EXPECT_EQ(code, 0);
}

// More processes than a low file limit allows: part keeps a descriptor, the rest is re-opened.
TEST(ProcessScan, LowFileLimitKeepsPartAndReopensTheRest) {
    int code = run_in_child([] {
        auto kids = spawn_idle(40);
        rlimit limit{64, 64};
        if (kids.size() != 40 || setrlimit(RLIMIT_NOFILE, &limit) != 0) return kSkip;
        ProcessScan scan;
        if (!scan.open() || scan.max_open() != 32) return 10;
        std::vector<ProcessSample> table;
        for (int i = 0; i < 2; ++i) {
            if (!complete_poll(scan, table)) return 11;
            if (scan.held_descriptors() != 32) return 12;
            for (pid_t kid : kids)
                if (!find(table, kid) || find(table, kid)->name != "et-many") return 13;
        }
        stop_all(kids);
        return 0;
    });
    if (code == kSkip) GTEST_SKIP() << "cannot set RLIMIT_NOFILE";
    EXPECT_EQ(code, 0);
}

// A budget beyond what the process may open: at EMFILE the scan gives a descriptor back and
// reads the rest one at a time, leaving one free.
TEST(ProcessScan, RunningOutOfDescriptorsGivesSomeBack) {
    int code = run_in_child([] {
        auto kids = spawn_idle(40);
        rlimit limit{64, 64};
        if (kids.size() != 40 || setrlimit(RLIMIT_NOFILE, &limit) != 0) return kSkip;
        ProcessScan scan(1000);
        if (!scan.open()) return 10;
        std::vector<ProcessSample> table;
        for (int i = 0; i < 2; ++i) {
            if (!complete_poll(scan, table)) return 11;
            if (scan.max_open() != scan.held_descriptors() || scan.held_descriptors() >= 64)
                return 12;
            for (pid_t kid : kids)
                if (!find(table, kid) || find(table, kid)->name != "et-many") return 13;
            int spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
            if (spare < 0) return 14;
            close(spare);
        }
        stop_all(kids);
        return 0;
    });
    if (code == kSkip) GTEST_SKIP() << "cannot set RLIMIT_NOFILE";
    EXPECT_EQ(code, 0);
}

}  // namespace
}  // namespace edgetop
