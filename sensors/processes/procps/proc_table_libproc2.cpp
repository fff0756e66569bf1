// ProcTable on libproc2 (procps 4: Debian 12+, Ubuntu 24.04+): one procps_pids handle kept for
// the life of the reader.
#include <libproc2/pids.h>
#include <unistd.h>

#include <algorithm>
#include <array>

#include "sensors/processes/processes_libproc.hpp"

namespace edgetop {

namespace {

// Only items served by /proc/<pid>/stat and the owner of /proc/<pid>. RSS is stat's resident
// pages times the real page size (never an assumed 4 KiB); the tracker puts the exact VmRSS in
// where it reads status anyway.
constexpr std::array kItems = {PIDS_ID_PID, PIDS_TICS_BEGAN, PIDS_CMD, PIDS_ID_EUID,
                               PIDS_STATE,  PIDS_TICS_ALL,   PIDS_RSS, PIDS_NLWP};
enum Slot { kPid, kBegan, kCmd, kEuid, kState, kTics, kRes, kNlwp };

// procps_pids_select() takes at most FILL_ID_MAX (255) pids per call.
constexpr size_t kSelectChunk = 255;

}  // namespace

struct ProcTable::Library {
    pids_info* info = nullptr;
    ~Library() {
        if (info) procps_pids_unref(&info);
    }
};

ProcTable::ProcTable() = default;
ProcTable::~ProcTable() = default;

const char* ProcTable::library_name() {
    return "libproc2";
}

bool ProcTable::open() {
    if (open_) return true;
    page_kb_ = sysconf(_SC_PAGESIZE) / 1024;
    library_ = std::make_unique<Library>();
    auto items = kItems;
    if (procps_pids_new(&library_->info, items.data(), static_cast<int>(items.size())) < 0)
        library_->info = nullptr;
    open_ = library_->info != nullptr;
    return open_;
}

void ProcTable::select(const std::vector<unsigned>& pids, std::vector<ProcessSample>& out) {
    if (!open_) return;
    users_.refresh();
    std::array<unsigned, kSelectChunk> chunk;
    for (size_t first = 0; first < pids.size(); first += kSelectChunk) {
        size_t count = std::min(kSelectChunk, pids.size() - first);
        std::copy_n(pids.begin() + static_cast<std::ptrdiff_t>(first), count, chunk.begin());
        pids_fetch* fetch = procps_pids_select(library_->info, chunk.data(),
                                               static_cast<int>(count), PIDS_SELECT_PID);
        if (!fetch || !fetch->stacks) continue;
        for (pids_stack** stack = fetch->stacks; *stack; ++stack) {
            const pids_result* r = (*stack)->head;
            ProcessSample& p = out.emplace_back();
            p.pid = r[kPid].result.s_int;
            p.start_ticks = r[kBegan].result.ull_int;
            if (r[kCmd].result.str) p.name = r[kCmd].result.str;
            p.user = users_.name(r[kEuid].result.u_int);
            if (r[kState].result.s_ch > ' ') p.state = static_cast<char>(r[kState].result.s_ch);
            p.cpu_ticks = r[kTics].result.ull_int;
            if (page_kb_ > 0) p.rss_kb = static_cast<int64_t>(r[kRes].result.ul_int) * page_kb_;
            if (r[kNlwp].result.s_int > 0) p.threads = r[kNlwp].result.s_int;
        }
    }
}

}  // namespace edgetop
