// ProcTable on libprocps (procps 3.3: Debian 11, Ubuntu 18.04 to 22.04): one openproc() per
// select over the pids asked for, reading /proc/<pid>/stat only.
#include <proc/readproc.h>
#include <unistd.h>

#include <vector>

#include "sensors/processes/processes_libproc.hpp"

namespace edgetop {

// libprocps keeps no state between calls: nothing to hold.
struct ProcTable::Library {};

ProcTable::ProcTable() = default;
ProcTable::~ProcTable() = default;

const char* ProcTable::library_name() {
    return "libprocps";
}

bool ProcTable::open() {
    if (open_) return true;
    page_kb_ = sysconf(_SC_PAGESIZE) / 1024;
    library_ = std::make_unique<Library>();
    open_ = true;
    return open_;
}

void ProcTable::select(const std::vector<unsigned>& pids, std::vector<ProcessSample>& out) {
    if (!open_ || pids.empty()) return;
    users_.refresh();
    std::vector<pid_t> list(pids.begin(), pids.end());
    list.push_back(0);  // PROC_PID takes a 0-terminated list
    // readproc() sets euid from the owner of /proc/<pid> with PROC_FILLSTAT alone, as libproc2
    // does for PIDS_ID_EUID.
    PROCTAB* table = openproc(PROC_FILLSTAT | PROC_PID, list.data());
    if (!table) return;
    while (proc_t* proc = readproc(table, nullptr)) {
        ProcessSample& p = out.emplace_back();
        p.pid = proc->tid;
        p.start_ticks = proc->start_time;
        p.name = proc->cmd;
        p.user = users_.name(proc->euid);
        if (proc->state > ' ') p.state = proc->state;
        p.cpu_ticks = proc->utime + proc->stime;
        if (page_kb_ > 0) p.rss_kb = static_cast<int64_t>(proc->rss) * page_kb_;
        if (proc->nlwp > 0) p.threads = proc->nlwp;
        freeproc(proc);
    }
    closeproc(table);
}

}  // namespace edgetop
