// The vmstat source: the pgmajfault counter (its rate is derived in rates_memory.cpp) and the
// oom_kill count.
#include "sensors/memory/memory_vmstat.hpp"

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

VmstatCounters parse_vmstat(std::string_view text) {
    VmstatCounters counters;
    while (!text.empty() && !(counters.pgmajfault && counters.oom_kill)) {
        std::string_view line = next_line(text);
        const std::string_view key = next_token(line);
        if (key != "pgmajfault" && key != "oom_kill") continue;
        auto value = parse_int(line);
        if (!value || *value < 0) continue;
        if (key == "pgmajfault")
            counters.pgmajfault = static_cast<uint64_t>(*value);
        else
            counters.oom_kill = *value;
    }
    return counters;
}

namespace {

constexpr const char* kVmstat = "/proc/vmstat";
constexpr size_t kMaxVmstatBytes = 64 * 1024;  // about 5 KiB on 6.x kernels

class VmstatSource : public Source {
  public:
    std::string name() const override { return "vmstat"; }

    bool discover(const Root& root) override {
        vmstat_ = SysFile(root.path(kVmstat));
        return vmstat_.is_open();
    }

    void poll(Sample& sample) override {
        auto text = vmstat_.read_lines(kMaxVmstatBytes);
        if (!text) return;
        const VmstatCounters counters = parse_vmstat(*text);
        sample.mem.major_faults_total = counters.pgmajfault;
        sample.mem.oom_kills = counters.oom_kill;
    }

    std::vector<SourceStatus> status() const override {
        SourceStatus s{"memory.vmstat", SourceStatus::State::absent, kVmstat, ""};
        if (vmstat_.open_result() == OpenResult::ok)
            s.state = SourceStatus::State::found;
        else
            s.hint = std::string("no ") + kVmstat + " under this root";
        return {s};
    }

  private:
    SysFile vmstat_;
};

}  // namespace

SourcePtr make_vmstat_source() {
    return std::make_unique<VmstatSource>();
}

}  // namespace edgetop
