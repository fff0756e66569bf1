// The processes source against real child processes of this test.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/processes/processes_gpu_fds.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/processes/rates_processes.hpp"
#include "support/child_process.hpp"

namespace edgetop {
namespace {

using namespace std::chrono_literals;

using testing::ChildProcess;
using testing::idle;
using testing::ready;

[[noreturn]] void spin(int fd) {
    ready(fd);
    volatile uint64_t counter = 0;
    while (true)
        counter = counter + 1;
}

[[noreturn]] void nap_every_millisecond(int fd) {
    ready(fd);
    timespec ms{0, 1'000'000};
    while (true)
        nanosleep(&ms, nullptr);
}

int first_allowed_cpu() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) return cpu;
    return 0;
}

void pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0) _exit(1);
}

class LiveTable : public ::testing::Test {
  protected:
    void SetUp() override {
        source_ = make_processes_source();
        ASSERT_TRUE(source_->discover(Root("/")));
    }
    Sample poll() {
        Sample s;
        s.t_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        source_->poll(s);
        return s;
    }
    // Two samples `interval` apart, with the rates of the second.
    Sample two_samples(std::chrono::milliseconds interval = 300ms) {
        Sample first = poll();
        std::this_thread::sleep_for(interval);
        Sample second = poll();
        derive_process_rates(first, second);
        return second;
    }
    static const ProcessSample* find(const Sample& s, int pid) {
        if (!s.procs) return nullptr;
        for (const auto& p : s.procs->all)
            if (p.pid == pid) return &p;
        return nullptr;
    }

    SourcePtr source_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Raises the calling process's CPU share where permitted, so that a build running on the same
// machine cannot take half a core from it: a nice of -10, in a session of its own whose
// scheduler autogroup also gets -10 (with autogroups, nice only counts within the group).
void claim_a_core() {
    setsid();
    if (FILE* autogroup = fopen("/proc/self/autogroup", "w")) {
        fputs("-10", autogroup);
        fclose(autogroup);
    }
    setpriority(PRIO_PROCESS, 0, -10);
}

TEST_F(LiveTable, BusyChildNearOneCoreIdleChildZero) {
    ChildProcess busy("et-busy", [](int fd) {
        claim_a_core();
        spin(fd);
    });
    ChildProcess sleeper("et-idle", idle);
    ASSERT_TRUE(busy.wait_ready());
    ASSERT_TRUE(sleeper.wait_asleep());
    Sample s = two_samples();
    const ProcessSample* b = find(s, busy.pid());
    const ProcessSample* z = find(s, sleeper.pid());
    ASSERT_TRUE(b && z);
    EXPECT_EQ(b->name, "et-busy");
    EXPECT_EQ(z->name, "et-idle");
    passwd* pw = getpwuid(geteuid());
    ASSERT_TRUE(pw);
    EXPECT_EQ(b->user, std::string(pw->pw_name));
    EXPECT_EQ(b->state, 'R');
    EXPECT_EQ(z->state, 'S');
    ASSERT_TRUE(b->cpu_pct && z->cpu_pct);
    EXPECT_GT(*b->cpu_pct, 50.0);
    EXPECT_LT(*b->cpu_pct, 110.0);  // one thread cannot use more than one core
    EXPECT_EQ(*z->cpu_pct, 0.0);
    ASSERT_TRUE(z->vol_ctxt_per_s);
    EXPECT_EQ(*z->vol_ctxt_per_s, 0.0);
    // The busy child is the busiest process of the machine or close to it.
    ASSERT_FALSE(s.procs->top.empty());
    bool in_top = false;
    for (const auto& p : s.procs->top)
        in_top = in_top || p.pid == busy.pid();
    EXPECT_TRUE(in_top);
    EXPECT_GE(s.procs->running, 1);
    EXPECT_EQ(s.procs->total, static_cast<int64_t>(s.procs->all.size()));
}

TEST_F(LiveTable, ChildWakingEveryMillisecondSwitchesVoluntarily) {
    ChildProcess napper("et-nap", nap_every_millisecond);
    ASSERT_TRUE(napper.wait_ready());
    Sample s = two_samples();
    const ProcessSample* p = find(s, napper.pid());
    ASSERT_TRUE(p);
    ASSERT_TRUE(p->vol_ctxt_per_s);
    // About 1000/s when the timer is exact; slack timers and a loaded machine give fewer.
    EXPECT_GT(*p->vol_ctxt_per_s, 50.0);
    EXPECT_LT(*p->vol_ctxt_per_s, 1100.0);
    ASSERT_TRUE(p->cpu_pct);
    EXPECT_LT(*p->cpu_pct, 25.0);
    // The counters keep being read on the next sample although it runs below a tick.
    std::this_thread::sleep_for(300ms);
    Sample later = poll();
    derive_process_rates(s, later);
    p = find(later, napper.pid());
    ASSERT_TRUE(p && p->vol_ctxt_per_s);
    EXPECT_GT(*p->vol_ctxt_per_s, 50.0);
}

TEST_F(LiveTable, TwoSpinnersOnOneCpuArePreempted) {
    int cpu = first_allowed_cpu();
    auto pinned_spin = [cpu](int fd) {
        pin_to(cpu);
        spin(fd);
    };
    ChildProcess a("et-pin-a", pinned_spin);
    ChildProcess b("et-pin-b", pinned_spin);
    ASSERT_TRUE(a.wait_ready());
    ASSERT_TRUE(b.wait_ready());
    Sample s = two_samples();
    const ProcessSample* pa = find(s, a.pid());
    const ProcessSample* pb = find(s, b.pid());
    ASSERT_TRUE(pa && pb);
    ASSERT_TRUE(pa->nonvol_ctxt_per_s && pb->nonvol_ctxt_per_s);
    EXPECT_GT(*pa->nonvol_ctxt_per_s, 0.0);
    EXPECT_GT(*pb->nonvol_ctxt_per_s, 0.0);
    ASSERT_TRUE(pa->cpu_pct && pb->cpu_pct);
    EXPECT_LT(*pa->cpu_pct + *pb->cpu_pct, 115.0);  // they share one core
}

TEST_F(LiveTable, ResidentMemoryInKilobytesWithTheRealPageSize) {
    constexpr size_t kBytes = 64u << 20;
    ChildProcess big("et-64mib", [](int fd) {
        auto* block = static_cast<char*>(malloc(kBytes));
        if (!block) _exit(1);
        memset(block, 0x5a, kBytes);
        // Keeps the optimiser from removing the never-read block.
        asm volatile("" : : "r"(block) : "memory");
        idle(fd);
    });
    ASSERT_TRUE(big.wait_ready());
    Sample s = poll();
    const ProcessSample* p = find(s, big.pid());
    ASSERT_TRUE(p && p->rss_kb);
    EXPECT_GE(*p->rss_kb, static_cast<int64_t>(kBytes / 1024));
    // The kernel's own kB figure of the idle child agrees exactly.
    std::string status;
    char path[64];
    std::snprintf(path, sizeof(path), "/proc/%d/status", big.pid());
    FILE* file = fopen(path, "r");
    ASSERT_TRUE(file);
    char line[256];
    long vm_rss_kb = -1;
    while (fgets(line, sizeof(line), file))
        if (std::sscanf(line, "VmRSS: %ld kB", &vm_rss_kb) == 1) break;
    fclose(file);
    // First sight of the child: its status is read, so the figure is the kernel's exact VmRSS.
    EXPECT_EQ(*p->rss_kb, vm_rss_kb);
    // Once idle it is no longer read from status; stat's per-CPU counters may lag by up to one
    // batch of pages per CPU and counter, far below a MiB here.
    poll();
    Sample idle_sample = poll();
    p = find(idle_sample, big.pid());
    ASSERT_TRUE(p && p->rss_kb);
    EXPECT_NEAR(static_cast<double>(*p->rss_kb), static_cast<double>(vm_rss_kb), 4096.0);
}

TEST_F(LiveTable, ThreadsCountsTheMainThread) {
    ChildProcess threaded("et-threads", [](int fd) {
        std::vector<std::thread> workers;
        for (int i = 0; i < 3; ++i)
            workers.emplace_back([] {
                while (true)
                    pause();
            });
        idle(fd);
    });
    ASSERT_TRUE(threaded.wait_ready());
    Sample s = poll();
    const ProcessSample* p = find(s, threaded.pid());
    ASSERT_TRUE(p);
    EXPECT_EQ(p->threads, 4);
}

TEST_F(LiveTable, ExitedChildDisappearsWithoutGarbage) {
    ChildProcess leaving("et-leaving", idle);
    ASSERT_TRUE(leaving.wait_ready());
    int pid = leaving.pid();
    Sample first = poll();
    ASSERT_TRUE(find(first, pid));
    leaving.stop();
    std::this_thread::sleep_for(50ms);
    Sample second = poll();
    derive_process_rates(first, second);
    EXPECT_EQ(find(second, pid), nullptr);
    for (const auto& p : second.procs->all)
        EXPECT_GT(p.pid, 0);
}

TEST_F(LiveTable, ChurningChildrenNeverBreakThePoll) {
    // Forks short-lived processes as fast as it can while the table is read.
    ChildProcess spawner("et-spawner", [](int fd) {
        ready(fd);
        while (true) {
            pid_t kid = fork();
            if (kid == 0) _exit(0);
            if (kid > 0) waitpid(kid, nullptr, 0);
        }
    });
    ASSERT_TRUE(spawner.wait_ready());
    Sample prev = poll();
    for (int i = 0; i < 10; ++i) {
        std::this_thread::sleep_for(20ms);
        Sample cur = poll();
        derive_process_rates(prev, cur);
        ASSERT_TRUE(cur.procs);
        EXPECT_EQ(cur.procs->total, static_cast<int64_t>(cur.procs->all.size()));
        for (const auto& p : cur.procs->all) {
            EXPECT_GE(p.cpu_pct.value_or(0.0), 0.0);
            EXPECT_GE(p.vol_ctxt_per_s.value_or(0.0), 0.0);
            EXPECT_FALSE(p.name.empty());
        }
        prev = std::move(cur);
    }
}

TEST_F(LiveTable, BusyChildHoldingDevNullHoldsNoGpu) {
    ChildProcess busy("et-devnull", [](int fd) {
        if (open("/dev/null", O_RDONLY) < 0) _exit(1);
        spin(fd);
    });
    ASSERT_TRUE(busy.wait_ready());
    EXPECT_EQ(scan_gpu_fds(busy.pid()), FdScan::no_gpu);
    Sample s = two_samples(200ms);
    const ProcessSample* p = find(s, busy.pid());
    ASSERT_TRUE(p);
    EXPECT_EQ(p->gpu, false);  // scanned because it ran; false, not unknown
}

TEST_F(LiveTable, StatusNamesTheTable) {
    auto status = source_->status();
    ASSERT_GE(status.size(), 2u);
    EXPECT_EQ(status[0].name, "processes");
    EXPECT_EQ(status[0].state, SourceStatus::State::found);
    EXPECT_EQ(status[0].path, "/proc");
    EXPECT_EQ(status[1].name, "processes.gpu_fds");
}

TEST(ProcessesSource, NotCreatedForAFixtureRoot) {
    auto source = make_processes_source();
    EXPECT_FALSE(source->discover(Root(EDGETOP_FIXTURES)));
    Sample s;
    source->poll(s);
    EXPECT_FALSE(s.procs);
    auto status = source->status();
    ASSERT_EQ(status.size(), 1u);
    EXPECT_EQ(status[0].state, SourceStatus::State::absent);
}

}  // namespace
}  // namespace edgetop
