// The process table against a reference read of /proc of the same processes, as they start,
// rename themselves, exec, exit and change user, and with a GPU device stand-in held open.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/processes/processes_gpu_fds.hpp"
#include "sensors/processes/processes_scan.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/processes/processes_stat_line.hpp"
#include "sensors/processes/processes_status.hpp"
#include "sensors/processes/processes_tracker.hpp"
#include "sensors/processes/rates_processes.hpp"
#include "support/child_process.hpp"

namespace edgetop::testing::table_reference {
namespace {

using namespace std::chrono_literals;

constexpr int kSkip = 77;

std::string file_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

// What /proc says of one process, read apart from the table.
struct Reference {
    std::string stat_text;
    StatLine stat;
    std::optional<StatusFields> status;
    std::string user;
    std::string command;
};

std::optional<Reference> reference_of(int pid) {
    Reference r;
    std::string dir = "/proc/" + std::to_string(pid);
    r.stat_text = file_text(dir + "/stat");
    auto line = parse_stat_line(r.stat_text);
    if (!line) return std::nullopt;
    r.stat = *line;
    r.status = parse_status(file_text(dir + "/status"));
    struct stat owner {};
    if (stat(dir.c_str(), &owner) != 0) return std::nullopt;
    passwd* pw = getpwuid(owner.st_uid);
    r.user = pw ? pw->pw_name : std::to_string(owner.st_uid);
    std::string cmdline = file_text(dir + "/cmdline");
    for (char& c : cmdline)
        if (c == '\0') c = ' ';
    while (!cmdline.empty() && cmdline.back() == ' ')
        cmdline.pop_back();
    r.command = cmdline.empty() ? "[" + std::string(r.stat.comm) + "]" : cmdline;
    return r;
}

const ProcessSample* find(const Sample& s, int pid) {
    for (const auto& p : s.procs->all)
        if (p.pid == pid) return &p;
    return nullptr;
}

// Every value of the table's row against the reference, for a process that sleeps throughout.
void expect_matches(const ProcessSample& p, const Reference& r) {
    SCOPED_TRACE("pid " + std::to_string(p.pid));
    int64_t page_kb = sysconf(_SC_PAGESIZE) / 1024;
    EXPECT_EQ(p.name, r.stat.comm);
    EXPECT_EQ(p.user, r.user);
    EXPECT_EQ(p.state, r.stat.state);
    EXPECT_EQ(p.ppid, r.stat.ppid);
    EXPECT_EQ(p.threads, r.stat.threads);
    EXPECT_EQ(p.start_ticks, r.stat.start_ticks);
    EXPECT_EQ(p.cpu_ticks, r.stat.cpu_ticks);
    EXPECT_EQ(p.command, r.command);
    ASSERT_TRUE(p.rss_kb && r.status);
    // status's exact VmRSS where the table read status, stat's resident pages otherwise.
    EXPECT_TRUE(*p.rss_kb == r.status->vm_rss_kb || *p.rss_kb == r.stat.rss_pages * page_kb)
        << *p.rss_kb << " kB";
    if (p.vol_ctxt_total) {
        EXPECT_EQ(*p.vol_ctxt_total, r.status->ctxt.voluntary);
    }
    if (p.nonvol_ctxt_total) {
        EXPECT_EQ(*p.nonvol_ctxt_total, r.status->ctxt.nonvoluntary);
    }
    EXPECT_NE(p.gpu, true);
}

// Waits until the process runs `command` and sleeps in it; false after 2 s.
bool exec_done(int pid, const std::string& command) {
    for (int tries = 0; tries < 200; ++tries) {
        auto r = reference_of(pid);
        if (r && r->command == command && r->stat.state == 'S') return true;
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

TEST(TableReference, ChildrenMatchProcAsTheyStartRenameExecAndExit) {
    ChildProcess sleeper("et-ref-idle", idle);
    ChildProcess threaded("et-ref-thr", [](int fd) {
        std::vector<std::thread> workers;
        for (int i = 0; i < 2; ++i)
            workers.emplace_back([] {
                while (true)
                    pause();
            });
        idle(fd);
    });
    ChildProcess renaming = on_usr1("et-ref-before", [](int fd) {
        prctl(PR_SET_NAME, "et-ref-after");
        idle(fd);
    });
    ChildProcess execing = on_usr1("et-ref-exec", [](int) {
        execlp("sleep", "sleep", "61", static_cast<char*>(nullptr));
        _exit(1);
    });
    ChildProcess leaving("et-ref-leaving", idle);
    for (auto* child : {&sleeper, &threaded, &renaming, &execing, &leaving})
        ASSERT_TRUE(child->wait_asleep());

    auto source = make_processes_source();
    ASSERT_TRUE(source->discover(Root("/")));
    Sample first;
    source->poll(first);
    ASSERT_TRUE(first.procs);
    for (auto* child : {&sleeper, &threaded, &renaming, &execing, &leaving}) {
        auto r = reference_of(child->pid());
        const ProcessSample* p = find(first, child->pid());
        ASSERT_TRUE(r && p);
        expect_matches(*p, *r);
    }
    EXPECT_EQ(find(first, threaded.pid())->threads, 3);

    renaming.send(SIGUSR1);
    execing.send(SIGUSR1);
    leaving.stop();
    ChildProcess arriving("et-ref-new", idle);
    ASSERT_TRUE(renaming.wait_asleep());
    ASSERT_TRUE(arriving.wait_asleep());
    // The exec'd child is a sleep(1) whose command line has replaced the old one.
    ASSERT_TRUE(exec_done(execing.pid(), "sleep 61"));
    for (int i = 0; i < 2; ++i) {  // the first poll after the changes, and one where all is known
        Sample s;
        source->poll(s);
        EXPECT_FALSE(find(s, leaving.pid()));
        for (auto* child : {&sleeper, &threaded, &renaming, &execing, &arriving}) {
            auto r = reference_of(child->pid());
            const ProcessSample* p = find(s, child->pid());
            ASSERT_TRUE(r && p);
            expect_matches(*p, *r);
        }
        EXPECT_EQ(find(s, renaming.pid())->name, "et-ref-after");
        EXPECT_EQ(find(s, execing.pid())->name, "sleep");
        EXPECT_EQ(find(s, execing.pid())->command, "sleep 61");
    }
}

// A process of another user, and one that changes user and then execs (as a login or su does).
TEST(TableReference, OtherUsersAndAUserChangedByExec) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to start processes of another user";
    passwd* nobody = getpwuid(65534);
    if (!nobody) GTEST_SKIP() << "no user 65534 in /etc/passwd";
    std::string nobody_name = nobody->pw_name;
    ChildProcess other("et-ref-other", [](int fd) {
        if (setuid(65534) != 0) _exit(1);
        idle(fd);
    });
    ChildProcess changing = on_usr1("et-ref-su", [](int) {
        if (setuid(65534) != 0) _exit(1);
        execlp("sleep", "sleep", "62", static_cast<char*>(nullptr));
        _exit(1);
    });
    ASSERT_TRUE(other.wait_asleep());
    ASSERT_TRUE(changing.wait_asleep());
    auto source = make_processes_source();
    ASSERT_TRUE(source->discover(Root("/")));
    Sample first;
    source->poll(first);
    ASSERT_TRUE(find(first, other.pid()) && find(first, changing.pid()));
    EXPECT_EQ(find(first, other.pid())->user, nobody_name);
    EXPECT_EQ(find(first, changing.pid())->user, "root");
    changing.send(SIGUSR1);
    ASSERT_TRUE(exec_done(changing.pid(), "sleep 62"));
    Sample second;
    source->poll(second);
    for (auto* child : {&other, &changing}) {
        auto r = reference_of(child->pid());
        const ProcessSample* p = find(second, child->pid());
        ASSERT_TRUE(r && p);
        expect_matches(*p, *r);
    }
    EXPECT_EQ(find(second, changing.pid())->user, nobody_name);
}

// The table's own descriptors are skipped when its own process is scanned: the links read are
// all but the kept-open stat files.
TEST(OwnDescriptors, ScanOfThisProcessSkipsTheTablesStatFiles) {
    OwnDescriptors own;
    ProcessScan scan(std::nullopt, &own);
    ASSERT_TRUE(scan.open());
    std::vector<ProcessSample> table;
    ASSERT_TRUE(scan.poll(table));
    ASSERT_GT(scan.held_descriptors(), 10u);
    size_t all_links = 0, links_skipping = 0;
    EXPECT_EQ(scan_gpu_fds(getpid(), nullptr, &all_links), FdScan::no_gpu);
    EXPECT_EQ(scan_gpu_fds(getpid(), &own, &links_skipping), FdScan::no_gpu);
    EXPECT_EQ(all_links - links_skipping, scan.held_descriptors());
    // Another process's descriptors are all read whatever `own` holds.
    ChildProcess child("et-own-other", idle);
    ASSERT_TRUE(child.wait_ready());
    size_t child_links = 0, child_links_skipping = 0;
    scan_gpu_fds(child.pid(), nullptr, &child_links);
    scan_gpu_fds(child.pid(), &own, &child_links_skipping);
    EXPECT_EQ(child_links, child_links_skipping);
}

// Status read through a descriptor kept open gives what a fresh read gives; a process that
// exits reads as gone through it.
TEST(StatusReader, KeptDescriptorReadsAgainAndSeesTheExit) {
    ChildProcess napper("et-status-fd", [](int fd) {
        ready(fd);
        timespec ms{0, 1'000'000};
        while (true)
            nanosleep(&ms, nullptr);
    });
    ASSERT_TRUE(napper.wait_ready());
    StatusReader reader;
    int fd = -1;
    auto first = reader.read(napper.pid(), fd);
    ASSERT_TRUE(first);
    ASSERT_GE(fd, 0);
    int kept = fd;
    // Wait until it has switched again, then read through the same descriptor.
    std::optional<StatusFields> fresh;
    for (int tries = 0; tries < 200; ++tries) {
        fresh = parse_status(file_text("/proc/" + std::to_string(napper.pid()) + "/status"));
        if (fresh && fresh->ctxt.voluntary > first->ctxt.voluntary) break;
        std::this_thread::sleep_for(2ms);
    }
    auto again = reader.read(napper.pid(), fd);
    EXPECT_EQ(fd, kept);
    ASSERT_TRUE(again && fresh);
    EXPECT_GE(again->ctxt.voluntary, fresh->ctxt.voluntary);
    EXPECT_GT(again->ctxt.voluntary, first->ctxt.voluntary);
    napper.stop();
    EXPECT_FALSE(reader.read(napper.pid(), fd));
    close(fd);
}

// The tracker keeps the status files of processes read on consecutive polls open, at most
// kMaxKeptStatus of them, and closes them when the processes stop being read or exit.
TEST(ProcessTracker, KeepsStatusOpenOnlyWhileReadAndWithinItsBound) {
    ChildProcess busy("et-kept-busy", [](int fd) {
        ready(fd);
        volatile uint64_t counter = 0;
        while (true)
            counter = counter + 1;
    });
    ASSERT_TRUE(busy.wait_ready());
    OwnDescriptors own;
    ProcessScan scan(std::nullopt, &own);
    ProcessTracker tracker(&own);
    ASSERT_TRUE(scan.open());
    std::vector<ProcessSample> table;
    ASSERT_TRUE(scan.poll(table));
    tracker.update(table, 3);  // every process is new: each read once
    EXPECT_LE(tracker.kept_status(), ProcessTracker::kMaxKeptStatus);
    EXPECT_EQ(tracker.kept_status(), std::min(table.size(), ProcessTracker::kMaxKeptStatus));
    // Wait until the busy child has used a clock tick, so that it is read again.
    uint64_t ticks = 0;
    for (const auto& p : table)
        if (p.pid == busy.pid()) ticks = p.cpu_ticks.value_or(0);
    for (int tries = 0; tries < 200; ++tries) {
        auto r = reference_of(busy.pid());
        if (r && r->stat.cpu_ticks > ticks + 1) break;
        std::this_thread::sleep_for(5ms);
    }
    table.clear();
    ASSERT_TRUE(scan.poll(table));
    tracker.update(table, 3);
    // Only the processes read this poll keep theirs: the busy child and the top three at most
    // beside those that ran.
    EXPECT_GE(tracker.kept_status(), 1u);
    size_t read_this_poll = 0;
    for (const auto& q : table)
        read_this_poll += q.vol_ctxt_total.has_value();
    EXPECT_LE(tracker.kept_status(), read_this_poll);
    const ProcessSample* p = nullptr;
    for (const auto& q : table)
        if (q.pid == busy.pid()) p = &q;
    ASSERT_TRUE(p && p->vol_ctxt_total);
    size_t before_exit = tracker.kept_status();
    busy.stop();
    table.clear();
    ASSERT_TRUE(scan.poll(table));
    tracker.update(table, 3);
    EXPECT_LE(tracker.kept_status(), before_exit);
    // Every kept descriptor is one of the table's own, skipped when this process is scanned.
    size_t all_links = 0, links_skipping = 0;
    scan_gpu_fds(getpid(), nullptr, &all_links);
    scan_gpu_fds(getpid(), &own, &links_skipping);
    EXPECT_EQ(all_links - links_skipping, scan.held_descriptors() + tracker.kept_status());
}

// A GPU device stand-in: a file at /dev/dri/renderD128 on a tmpfs mounted over /dev in a mount
// namespace of the test's own, so that /proc/<pid>/fd links read as the device's path.
int with_gpu_stand_in(const std::function<int(const char* device)>& body) {
    if (geteuid() != 0) return kSkip;
    return run_in_child([&] {
        if (unshare(CLONE_NEWNS) != 0 ||
            mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
            mount("tmpfs", "/dev", "tmpfs", 0, "size=64k") != 0 || mkdir("/dev/dri", 0755) != 0)
            return kSkip;
        const char* device = "/dev/dri/renderD128";
        int fd = open(device, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
        if (fd < 0) return kSkip;
        close(fd);
        return body(device);
    });
}

TEST(TableReference, GpuStandInHeldByAChildAndByTheTablesOwnProcess) {
    int code = with_gpu_stand_in([](const char* device) {
        static const char* path;
        path = device;
        ChildProcess holder("et-gpu-holder", [](int fd) {
            if (open(path, O_RDONLY) < 0) _exit(1);
            ready(fd);
            volatile uint64_t counter = 0;  // runs, so that its descriptors are scanned
            while (true)
                counter = counter + 1;
        });
        // Opens the device once told to: seen at the next descriptor scan, kGpuRescanPolls
        // polls after the one before.
        ChildProcess late("et-gpu-late", [](int fd) {
            sigset_t usr1;
            sigemptyset(&usr1);
            sigaddset(&usr1, SIGUSR1);
            sigprocmask(SIG_BLOCK, &usr1, nullptr);
            ready(fd);
            volatile uint64_t counter = 0;
            while (true) {
                counter = counter + 1;
                int signal = 0;
                timespec none{0, 0};
                if (counter % 65536 == 0 && sigtimedwait(&usr1, nullptr, &none) == SIGUSR1) {
                    if (open(path, O_RDONLY) < 0) _exit(1);
                    ready(fd);
                }
                (void)signal;
            }
        });
        ChildProcess plain("et-gpu-none", [](int fd) {
            ready(fd);
            volatile uint64_t counter = 0;
            while (true)
                counter = counter + 1;
        });
        if (!holder.wait_ready() || !plain.wait_ready() || !late.wait_ready()) return 10;
        int own_device = open(path, O_RDONLY | O_CLOEXEC);
        if (own_device < 0) return 11;
        auto source = make_processes_source();
        if (!source->discover(Root("/"))) return 12;
        Sample first, second;
        source->poll(first);
        // Its own process runs a few clock ticks, as the children do.
        auto self_ticks = reference_of(getpid())->stat.cpu_ticks;
        while (reference_of(getpid())->stat.cpu_ticks < self_ticks + 3) {
        }
        source->poll(second);
        const ProcessSample* h = find(second, holder.pid());
        const ProcessSample* n = find(second, plain.pid());
        const ProcessSample* self = find(second, getpid());
        if (!h || !n || !self) return 13;
        if (h->gpu != true) return 14;
        if (n->gpu != false) return 15;
        if (self->gpu != true) return 16;  // the skipped descriptors hide no device
        close(own_device);
        // The late holder was scanned at the first poll (where, new, it was among the largest)
        // or else at the second (it ran, and is among the busiest); it is scanned again
        // kGpuRescanPolls polls after that one, not before.
        const ProcessSample* l = find(first, late.pid());
        if (!l) return 17;
        uint64_t due_poll =
            l->gpu ? ProcessTracker::kGpuRescanPolls - 1 : ProcessTracker::kGpuRescanPolls;
        l = find(second, late.pid());
        if (!l || l->gpu != false) return 17;
        late.send(SIGUSR1);
        if (!late.wait_ready()) return 18;
        for (uint64_t poll = 1; poll <= due_poll; ++poll) {
            // It runs a clock tick between two polls, so that it stays of interest.
            auto ticks = reference_of(late.pid())->stat.cpu_ticks;
            while (reference_of(late.pid())->stat.cpu_ticks == ticks) {
            }
            Sample s;
            source->poll(s);
            l = find(s, late.pid());
            if (!l) return 19;
            bool due = poll >= due_poll;
            if (l->gpu != due) return 20 + static_cast<int>(poll);
        }
        return 0;
    });
    if (code == kSkip) GTEST_SKIP() << "needs root and a mount namespace for the /dev stand-in";
    EXPECT_EQ(code, 0);
}

}  // namespace
}  // namespace edgetop::testing::table_reference
