// Uptime (/proc/uptime) and load average (/proc/loadavg).
//
// Both are fixed one-line kernel formats of plain decimal numbers; libproc2 reads them only from
// the live /proc, so the few tokens are split here.
#include <cmath>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/cpu/cpu_sources.hpp"

namespace edgetop {
namespace {

constexpr const char* kUptime = "/proc/uptime";
constexpr const char* kLoadavg = "/proc/loadavg";

// The n-th white-space separated token as a non-negative number.
std::optional<double> token_as_number(std::string_view text, int n) {
    size_t pos = 0;
    for (int i = 0;; ++i) {
        pos = text.find_first_not_of(" \t\n", pos);
        if (pos == std::string_view::npos) return std::nullopt;
        size_t end = text.find_first_of(" \t\n", pos);
        if (i == n) {
            auto value = parse_double(text.substr(pos, end - pos));
            if (!value || !std::isfinite(*value) || *value < 0) return std::nullopt;
            return value;
        }
        if (end == std::string_view::npos) return std::nullopt;
        pos = end;
    }
}

class SystemSource : public Source {
  public:
    std::string name() const override { return "system"; }

    bool discover(const Root& root) override {
        uptime_ = SysFile(root.path(kUptime));
        loadavg_ = SysFile(root.path(kLoadavg));
        return uptime_.is_open() || loadavg_.is_open();
    }

    void poll(Sample& sample) override {
        if (auto text = uptime_.read()) sample.system.uptime_s = token_as_number(*text, 0);
        if (auto text = loadavg_.read()) {
            sample.system.load_1 = token_as_number(*text, 0);
            sample.system.load_5 = token_as_number(*text, 1);
            sample.system.load_15 = token_as_number(*text, 2);
        }
    }

    std::vector<SourceStatus> status() const override {
        return {file_status("system.uptime", kUptime, uptime_),
                file_status("system.loadavg", kLoadavg, loadavg_)};
    }

  private:
    SysFile uptime_;
    SysFile loadavg_;
};

}  // namespace

SourcePtr make_system_source() {
    return std::make_unique<SystemSource>();
}

}  // namespace edgetop
