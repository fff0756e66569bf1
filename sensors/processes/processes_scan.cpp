#include "sensors/processes/processes_scan.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "sensors/processes/processes_stat_line.hpp"

namespace edgetop {

namespace {

// Descriptors left for everything else the program opens (sensor files, the session, the
// status files the tracker keeps open, at most ProcessTracker::kMaxKeptStatus, and fd reads of
// single processes).
constexpr rlim_t kReservedDescriptors = 256;
// Each open stat keeps a kernel seq_file page; more processes than this are re-opened per poll.
constexpr rlim_t kMaxHeldDescriptors = 16384;

// Raises the soft RLIMIT_NOFILE to the hard limit and returns how many descriptors the table may
// keep open.
size_t descriptor_budget() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    rlim_t soft = limit.rlim_cur == RLIM_INFINITY ? kMaxHeldDescriptors : limit.rlim_cur;
    rlim_t usable = soft - std::min(kReservedDescriptors, soft / 2);
    return static_cast<size_t>(std::min(usable, kMaxHeldDescriptors));
}

bool by_pid(const auto& a, const auto& b) {
    return a.pid < b.pid;
}

}  // namespace

ProcessScan::ProcessScan(std::optional<size_t> max_open, OwnDescriptors* own)
    : requested_max_open_(max_open), own_(own) {}

ProcessScan::~ProcessScan() {
    for (Known& known : known_)
        close_descriptor(known.fd);
    if (proc_dir_) closedir(proc_dir_);
}

bool ProcessScan::open() {
    if (is_open()) return true;
    if (!facts_.open()) return false;
    if (!proc_dir_) proc_dir_ = opendir("/proc");
    if (!proc_dir_) return false;
    max_open_ = requested_max_open_ ? *requested_max_open_ : descriptor_budget();
    page_kb_ = sysconf(_SC_PAGESIZE) / 1024;
    return true;
}

std::optional<int64_t> ProcessScan::poll(std::vector<ProcessSample>& out) {
    if (!is_open() || !list_pids()) return std::nullopt;
    size_t first_out = out.size();
    out.reserve(first_out + listed_.size());
    fresh_.clear();
    next_.clear();
    next_.reserve(listed_.size());
    // Both lists ascend: one merge tells the pids that stay, left, or are new. A listed pid whose
    // stat no longer reads (the process exited: ESRCH) or shows another start (the pid was
    // reused) or another comm (an exec) is asked from libproc2 as a new one.
    size_t j = 0;
    for (Known& known : known_) {
        while (j < listed_.size() && listed_[j] < known.pid)
            fresh_.push_back(static_cast<unsigned>(listed_[j++]));
        bool listed = j < listed_.size() && listed_[j] == known.pid;
        if (listed) ++j;
        if (listed && read_known(known, out)) {
            next_.push_back(std::move(known));
            known.fd = -1;
            continue;
        }
        close_descriptor(known.fd);
        if (listed) fresh_.push_back(static_cast<unsigned>(known.pid));
    }
    while (j < listed_.size())
        fresh_.push_back(static_cast<unsigned>(listed_[j++]));
    known_.swap(next_);
    add_fresh(out, first_out);
    commands_.end_poll();
    return std::count_if(out.begin() + static_cast<std::ptrdiff_t>(first_out), out.end(),
                         [](const ProcessSample& p) { return p.state == 'R'; });
}

bool ProcessScan::list_pids() {
    listed_.clear();
    rewinddir(proc_dir_);
    errno = 0;
    while (const dirent* entry = readdir(proc_dir_)) {
        const char* name = entry->d_name;
        if (name[0] < '1' || name[0] > '9') continue;
        int pid = 0;
        auto [end, ec] = std::from_chars(name, name + std::strlen(name), pid);
        if (ec == std::errc() && *end == '\0') listed_.push_back(pid);
    }
    if (errno != 0 && listed_.empty()) return false;
    if (!std::is_sorted(listed_.begin(), listed_.end())) std::sort(listed_.begin(), listed_.end());
    return true;
}

bool ProcessScan::read_known(Known& known, std::vector<ProcessSample>& out) {
    auto text = read_stat(known.pid, known.fd);
    if (!text) return false;
    auto line = parse_stat_line(*text);
    if (!line || line->pid != known.pid || line->start_ticks != known.start_ticks ||
        line->comm != known.comm)
        return false;
    ProcessSample& p = out.emplace_back();
    p.pid = known.pid;
    p.name = known.name;
    p.user = known.user;
    p.state = line->state;
    p.ppid = line->ppid;
    p.command = commands_.get(known.pid, known.start_ticks, known.comm);
    p.cpu_ticks = line->cpu_ticks;
    p.start_ticks = line->start_ticks;
    if (page_kb_ > 0) p.rss_kb = line->rss_pages * page_kb_;
    if (line->threads > 0) p.threads = line->threads;
    return true;
}

// The facts of the new pids from libproc2; their stat is opened and read once here, both to
// keep the descriptor and to check that it shows the same process libproc2 described.
void ProcessScan::add_fresh(std::vector<ProcessSample>& out, size_t first_out) {
    if (fresh_.empty()) return;
    fresh_facts_.clear();
    facts_.select(fresh_, fresh_facts_);
    size_t old_known = known_.size();
    size_t old_out = out.size();
    for (ProcessSample& process : fresh_facts_) {
        Known known;
        known.pid = process.pid;
        known.start_ticks = process.start_ticks.value_or(0);
        auto text = read_stat(known.pid, known.fd);
        auto line = text ? parse_stat_line(*text) : std::nullopt;
        if (line && line->pid == known.pid && line->start_ticks == known.start_ticks) {
            known.comm = line->comm;
            known.name = process.name;
            known.user = process.user;
            process.ppid = line->ppid;
            process.command = commands_.get(known.pid, known.start_ticks, known.comm);
            known_.push_back(std::move(known));
        } else {
            // Exited, or the pid was reused in between: the next poll asks again.
            close_descriptor(known.fd);
        }
        out.push_back(std::move(process));
    }
    auto by_pid_order = [](const auto& a, const auto& b) { return by_pid(a, b); };
    std::inplace_merge(known_.begin(), known_.begin() + static_cast<std::ptrdiff_t>(old_known),
                       known_.end(), by_pid_order);
    std::inplace_merge(out.begin() + static_cast<std::ptrdiff_t>(first_out),
                       out.begin() + static_cast<std::ptrdiff_t>(old_out), out.end(), by_pid_order);
}

// The stat text through `fd`, opening it first when it is -1; the descriptor is kept while the
// budget allows. Nullopt when the process is gone (the read of a dead task fails with ESRCH).
std::optional<std::string_view> ProcessScan::read_stat(int pid, int& fd) {
    bool opened = false;
    if (fd < 0) {
        fd = open_stat(pid);
        if (fd < 0) return std::nullopt;
        opened = true;
        ++held_;
        if (own_) own_->add(fd);
    }
    ssize_t n;
    do {
        n = pread(fd, buffer_, sizeof(buffer_), 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0 || (opened && held_ > max_open_)) close_descriptor(fd);
    if (n <= 0) return std::nullopt;
    return std::string_view(buffer_, static_cast<size_t>(n));
}

int ProcessScan::open_stat(int pid) {
    char path[32];
    std::snprintf(path, sizeof(path), "/proc/%d/stat", pid);
    int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && (errno == EMFILE || errno == ENFILE) && release_one_descriptor())
        fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    return fd;
}

// Out of descriptors although within the budget (the rest of the program holds more than the
// reserve): give one back and keep no more than are held now.
bool ProcessScan::release_one_descriptor() {
    for (auto* list : {&next_, &known_})
        for (auto it = list->rbegin(); it != list->rend(); ++it)
            if (it->fd >= 0) {
                close_descriptor(it->fd);
                max_open_ = held_;
                return true;
            }
    max_open_ = held_;
    return false;
}

void ProcessScan::close_descriptor(int& fd) {
    if (fd < 0) return;
    if (own_) own_->remove(fd);
    ::close(fd);
    fd = -1;
    --held_;
}

}  // namespace edgetop
