// /proc/stat: per-core and aggregate ticks, context switches, running and blocked tasks.
#include <algorithm>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/cpu/cpu_proc_stat.hpp"
#include "sensors/cpu/cpu_sources.hpp"

namespace edgetop {
namespace {

constexpr const char* kProcStat = "/proc/stat";
// The intr line lists every interrupt and makes /proc/stat tens of kB on large machines.
constexpr size_t kMaxStatBytes = size_t{1} << 20;

CoreSample& core_with_id(std::vector<CoreSample>& cores, int id) {
    auto it = std::lower_bound(cores.begin(), cores.end(), id,
                               [](const CoreSample& core, int value) { return core.id < value; });
    if (it != cores.end() && it->id == id) return *it;
    // Not listed by the cpufreq source (no sysfs under this root): a core in /proc/stat is online.
    CoreSample core;
    core.id = id;
    return *cores.insert(it, core);
}

class CpuStatSource : public Source {
  public:
    std::string name() const override { return "cpu_stat"; }

    bool discover(const Root& root) override {
        stat_ = SysFile(root.path(kProcStat));
        return stat_.is_open();
    }

    void poll(Sample& sample) override {
        auto text = stat_.read_lines(kMaxStatBytes);
        if (!text) return;
        parse_proc_stat(*text, parsed_);
        sample.cpu.ticks = parsed_.total;
        for (const auto& core : parsed_.cores)
            core_with_id(sample.cpu.cores, core.id).ticks = core.ticks;
        sample.system.ctxt_total = parsed_.ctxt;
        sample.system.procs_running = parsed_.procs_running;
        sample.system.procs_blocked = parsed_.procs_blocked;
    }

    std::vector<SourceStatus> status() const override {
        return {
            file_status("cpu.stat", kProcStat, stat_, "",
                        "/proc/stat is not readable: check the mount options of /proc (hidepid)")};
    }

  private:
    SysFile stat_;
    ProcStat parsed_;
};

}  // namespace

SourcePtr make_cpu_stat_source() {
    return std::make_unique<CpuStatSource>();
}

}  // namespace edgetop
