// One refresh loop of bench/processes_floor.sh: refreshes every INTERVAL_MS until killed (or
// COUNT refreshes) and writes one line to standard output per refresh, which the script counts.
//   floor   the least a process table can cost: one getdents pass over /proc and one pread of
//           every /proc/<pid>/stat, kept open between refreshes (opened once, closed at exit)
//   table   edgetop's process-table source and its rates, as a sample computes them
//   sample  a whole sample of the live machine (every source, the process table included)
// With --print the table mode shows the top of every refresh (a manual check against top).
#include <dirent.h>
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/processes/rates_processes.hpp"
#include "sensors/sampler/sampler.hpp"

namespace {

// pid -> its open stat, ascending by pid.
class Floor {
  public:
    Floor() : proc_(opendir("/proc")) {}
    ~Floor() {
        for (auto [pid, fd] : open_)
            close(fd);
        if (proc_) closedir(proc_);
    }
    bool ok() const { return proc_ != nullptr; }

    // Returns the bytes read, so that nothing is optimised away.
    size_t refresh() {
        listed_.clear();
        rewinddir(proc_);
        while (const dirent* entry = readdir(proc_))
            if (entry->d_name[0] >= '1' && entry->d_name[0] <= '9')
                listed_.push_back(std::atoi(entry->d_name));
        std::sort(listed_.begin(), listed_.end());
        next_.clear();
        size_t j = 0, bytes = 0;
        for (int pid : listed_) {
            while (j < open_.size() && open_[j].first < pid)
                close(open_[j++].second);
            int fd = -1;
            if (j < open_.size() && open_[j].first == pid) {
                fd = open_[j++].second;
            } else {
                char path[32];
                std::snprintf(path, sizeof(path), "/proc/%d/stat", pid);
                fd = open(path, O_RDONLY | O_CLOEXEC);
            }
            if (fd < 0) continue;
            ssize_t n = pread(fd, buffer_, sizeof(buffer_), 0);
            if (n <= 0) {
                close(fd);
                continue;
            }
            bytes += static_cast<size_t>(n);
            next_.emplace_back(pid, fd);
        }
        while (j < open_.size())
            close(open_[j++].second);
        open_.swap(next_);
        return bytes;
    }

  private:
    DIR* proc_;
    std::vector<int> listed_;
    std::vector<std::pair<int, int>> open_, next_;
    char buffer_[1024];
};

void print_top(int i, const edgetop::Sample& cur) {
    fmt::print("sample {}: total {} running {}\n", i, cur.procs->total, cur.procs->running);
    for (const auto& p : cur.procs->top)
        fmt::print(
            "  {:>7} {:<10} {:<16} {} cpu {:>6.1f} rss {:>8} kB thr {:>3} vol/s {:>8.1f} "
            "nonvol/s {:>8.1f} gpu {}\n",
            p.pid, p.user.value_or("?"), p.name, p.state.value_or('?'), p.cpu_pct.value_or(-1),
            p.rss_kb.value_or(-1), p.threads.value_or(-1), p.vol_ctxt_per_s.value_or(-1),
            p.nonvol_ctxt_per_s.value_or(-1), p.gpu ? (*p.gpu ? "yes" : "no") : "?");
}

void tick() {
    ssize_t written = write(STDOUT_FILENO, ".\n", 2);
    (void)written;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        fmt::print(stderr, "usage: {} floor|table|sample INTERVAL_MS [COUNT] [--print]\n", argv[0]);
        return 2;
    }
    std::string_view mode = argv[1];
    auto interval = std::chrono::milliseconds(std::atoi(argv[2]));
    long count = argc > 3 ? std::atol(argv[3]) : 0;  // 0: until killed
    bool print = argc > 4 && std::strcmp(argv[4], "--print") == 0;
    auto next = std::chrono::steady_clock::now();
    auto wait = [&] {
        next += interval;
        std::this_thread::sleep_until(next);
    };

    if (mode == "floor") {
        Floor floor;
        if (!floor.ok()) return 1;
        size_t bytes = 0;
        for (long i = 0; count == 0 || i < count; ++i, wait()) {
            bytes += floor.refresh();
            tick();
        }
        return bytes == 0;
    }
    if (mode == "sample") {
        edgetop::Sampler sampler(edgetop::Root("/"));
        for (long i = 0; count == 0 || i < count; ++i, wait()) {
            sampler.sample();
            tick();
        }
        return 0;
    }
    if (mode != "table") return 2;
    auto source = edgetop::make_processes_source();
    if (!source->discover(edgetop::Root("/"))) {
        fmt::print(stderr, "the process table is not readable\n");
        return 1;
    }
    auto start = std::chrono::steady_clock::now();
    edgetop::Sample prev, cur;
    for (long i = 0; count == 0 || i < count; ++i, wait()) {
        prev = std::move(cur);
        cur = edgetop::Sample{};
        cur.t_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        source->poll(cur);
        if (i > 0) edgetop::derive_process_rates(prev, cur);
        if (print && cur.procs)
            print_top(static_cast<int>(i), cur);
        else
            tick();
    }
    return 0;
}
