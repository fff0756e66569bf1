// The live process table. ProcessScan lists /proc and re-reads each process's open stat (libproc2
// describes the new ones); ProcessTracker adds context switches and GPU device nodes for the
// processes that matter.
#include <unistd.h>

#include "sensors/core/source.hpp"
#include "sensors/processes/processes_nvmap.hpp"
#include "sensors/processes/processes_scan.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/processes/processes_top.hpp"
#include "sensors/processes/processes_tracker.hpp"

namespace edgetop {

namespace {

constexpr const char* kFdHint =
    "other users' /proc/<pid>/fd are unreadable: run as root or grant CAP_SYS_PTRACE";

class ProcessesSource final : public Source {
  public:
    std::string name() const override { return "processes"; }

    bool discover(const Root& root) override {
        live_ = root.is_live();
        if (live_) nvmap_.open(root);  // root only: GPU memory per process on nvgpu boards
        return live_ && scan_.open();
    }

    void poll(Sample& sample) override {
        ProcsSample procs;
        procs.all.reserve(last_count_ + last_count_ / 8 + 16);
        auto running = scan_.poll(procs.all);
        if (!running) return;
        last_count_ = procs.all.size();
        tracker_.update(procs.all, kDefaultTopProcesses);
        nvmap_.fill(procs.all);
        procs.total = static_cast<int64_t>(procs.all.size());
        procs.running = *running;
        select_top_processes(procs);  // by memory until the rates know the CPU figures
        sample.procs = std::move(procs);
    }

    std::vector<SourceStatus> status() const override {
        using State = SourceStatus::State;
        if (!live_) return {{"processes", State::absent, "/proc", "read only on the live machine"}};
        if (!scan_.is_open())
            return {{"processes", State::absent, "/proc", "libproc2 could not read /proc"}};
        return {{"processes", State::found, "/proc", ""},
                {"processes.gpu_fds", tracker_.gpu_denied() ? State::needs_root : State::found,
                 "/proc/<pid>/fd", tracker_.gpu_denied() || geteuid() != 0 ? kFdHint : ""}};
    }

  private:
    bool live_ = false;
    OwnDescriptors own_;  // before the scan and the tracker, which note their descriptors in it
    ProcessScan scan_{std::nullopt, &own_};
    ProcessTracker tracker_{&own_};
    NvmapClients nvmap_;
    size_t last_count_ = 0;
};

}  // namespace

SourcePtr make_processes_source() {
    return std::make_unique<ProcessesSource>();
}

}  // namespace edgetop
