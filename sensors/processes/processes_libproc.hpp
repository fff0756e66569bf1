// The facts of newly seen processes from the procps library chosen at configure time: libproc2
// (procps 4, sensors/procps/proc_table_libproc2.cpp) or libprocps (procps 3.3,
// sensors/procps/proc_table_libprocps.cpp). Both fill the same fields; user names come from
// /etc/passwd (UserNames), never from the library, which would ask NSS.
#pragma once

#include <memory>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/processes/processes_user_names.hpp"

namespace edgetop {

class ProcTable {
  public:
    ProcTable();
    ProcTable(const ProcTable&) = delete;
    ProcTable& operator=(const ProcTable&) = delete;
    ~ProcTable();

    // Prepares the library (once); false when it refuses.
    bool open();
    bool is_open() const { return open_; }

    // Appends the processes among `pids` that still exist (pid, name, user, state, ticks, start,
    // rss, threads) to `out`, in the order of `pids`. A pid that exited meanwhile is left out.
    void select(const std::vector<unsigned>& pids, std::vector<ProcessSample>& out);

    // Which library answers: "libproc2" or "libprocps".
    static const char* library_name();

  private:
    struct Library;  // the library's handle, defined by the backend
    std::unique_ptr<Library> library_;
    bool open_ = false;
    int64_t page_kb_ = 0;  // sysconf(_SC_PAGESIZE) in KiB: 4, 16 or 64 on arm64 kernels
    UserNames users_;
};

}  // namespace edgetop
