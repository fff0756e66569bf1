#include "sensors/processes_libproc.hpp"

#include <libproc2/pids.h>
#include <unistd.h>

#include <algorithm>
#include <array>

namespace edgetop {

namespace {

// Only items served by /proc/<pid>/stat and the owner of /proc/<pid>. RSS is stat's resident
// pages times the real page size (never an assumed 4 KiB); the tracker puts the exact VmRSS in
// where it reads status anyway.
constexpr std::array kItems = {PIDS_ID_PID, PIDS_TICS_BEGAN, PIDS_CMD, PIDS_ID_EUSER,
                               PIDS_STATE,  PIDS_TICS_ALL,   PIDS_RSS, PIDS_NLWP};
enum Slot { kPid, kBegan, kCmd, kEuser, kState, kTics, kRes, kNlwp };

// procps_pids_select() takes at most FILL_ID_MAX (255) pids per call.
constexpr size_t kSelectChunk = 255;

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

void ProcTable::select(const std::vector<unsigned>& pids, std::vector<ProcessSample>& out) {
    if (!info_) return;
    std::array<unsigned, kSelectChunk> chunk;
    for (size_t first = 0; first < pids.size(); first += kSelectChunk) {
        size_t count = std::min(kSelectChunk, pids.size() - first);
        std::copy_n(pids.begin() + static_cast<std::ptrdiff_t>(first), count, chunk.begin());
        pids_fetch* fetch =
            procps_pids_select(info_, chunk.data(), static_cast<int>(count), PIDS_SELECT_PID);
        if (!fetch || !fetch->stacks) continue;
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
    }
}

}  // namespace edgetop
