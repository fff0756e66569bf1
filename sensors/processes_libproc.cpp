#include "sensors/processes_libproc.hpp"

#include <libproc2/pids.h>
#include <unistd.h>

#include <algorithm>
#include <array>

namespace edgetop {

namespace {

// Only items served by /proc/<pid>/stat and the owner of /proc/<pid>, so one refresh costs a
// single small read per process. RSS is stat's resident pages times the real page size (never an
// assumed 4 KiB). PIDS_MEM_RES (statm) and PIDS_VM_RSS (status) are already KiB but would add a
// read per process; the tracker puts the exact VmRSS in where it reads status anyway.
constexpr std::array kItems = {PIDS_ID_PID, PIDS_TICS_BEGAN, PIDS_CMD, PIDS_ID_EUSER,
                               PIDS_STATE,  PIDS_TICS_ALL,   PIDS_RSS, PIDS_NLWP};
enum Slot { kPid, kBegan, kCmd, kEuser, kState, kTics, kRes, kNlwp };

bool by_pid(const ProcessSample& a, const ProcessSample& b) {
    return a.pid < b.pid;
}

}  // namespace

ProcTable::~ProcTable() {
    if (info_) procps_pids_unref(&info_);
}

bool ProcTable::open() {
    if (info_) return true;
    page_kb_ = sysconf(_SC_PAGESIZE) / 1024;
    auto items = kItems;
    if (procps_pids_new(&info_, items.data(), static_cast<int>(items.size())) < 0) info_ = nullptr;
    return info_ != nullptr;
}

std::optional<int64_t> ProcTable::reap(std::vector<ProcessSample>& out) {
    if (!info_) return std::nullopt;
    pids_fetch* fetch = procps_pids_reap(info_, PIDS_FETCH_TASKS_ONLY);
    if (!fetch || !fetch->stacks || !fetch->counts) return std::nullopt;
    size_t first = out.size();
    out.reserve(first + static_cast<size_t>(std::max(fetch->counts->total, 0)));
    for (pids_stack** stack = fetch->stacks; *stack; ++stack) {
        const pids_result* r = (*stack)->head;
        ProcessSample& p = out.emplace_back();
        p.pid = r[kPid].result.s_int;
        p.start_ticks = r[kBegan].result.ull_int;
        if (r[kCmd].result.str) p.name = r[kCmd].result.str;
        if (r[kEuser].result.str) p.user = std::string(r[kEuser].result.str);
        if (r[kState].result.s_ch > ' ') p.state = static_cast<char>(r[kState].result.s_ch);
        p.cpu_ticks = r[kTics].result.ull_int;
        if (page_kb_ > 0) p.rss_kb = static_cast<int64_t>(r[kRes].result.ul_int) * page_kb_;
        if (r[kNlwp].result.s_int > 0) p.threads = r[kNlwp].result.s_int;
    }
    // /proc lists processes by pid; the rates join two tables on that order.
    if (!std::is_sorted(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), by_pid))
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), by_pid);
    return fetch->counts->running;
}

}  // namespace edgetop
