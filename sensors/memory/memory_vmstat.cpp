// The vmstat source: the pgmajfault counter (its rate is derived in rates_memory.cpp) and the
// oom_kill count.
#include "sensors/memory/memory_vmstat.hpp"

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/memory/memory_sources.hpp"

namespace edgetop {

namespace {

// The value of the line "key value": found with one search for the key at a line's start (the
// file has about 190 lines; tokenising each one cost more than reading the file).
std::optional<int64_t> value_of(std::string_view text, std::string_view key) {
    size_t at = 0;
    while (true) {
        at = text.find(key, at);
        if (at == std::string_view::npos) return std::nullopt;
        const size_t end = at + key.size();
        if ((at == 0 || text[at - 1] == '\n') && end < text.size() && text[end] == ' ') break;
        at = end;
    }
    std::string_view rest = text.substr(at + key.size());
    auto value = parse_int(next_line(rest));
    if (!value || *value < 0) return std::nullopt;
    return value;
}

}  // namespace

VmstatCounters parse_vmstat(std::string_view text) {
    VmstatCounters counters;
    if (auto faults = value_of(text, "pgmajfault"))
        counters.pgmajfault = static_cast<uint64_t>(*faults);
    counters.oom_kill = value_of(text, "oom_kill");
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
        return {file_status("memory.vmstat", kVmstat, vmstat_)};
    }

  private:
    SysFile vmstat_;
};

}  // namespace

SourcePtr make_vmstat_source() {
    return std::make_unique<VmstatSource>();
}

}  // namespace edgetop
