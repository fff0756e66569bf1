// The over-current event source: the SoC's `soctherm_oc` hwmon on Jetson Orin and Thor, registered
// by NVIDIA's tegra234-oc-event driver (nvidia-oot drivers/thermal/tegra234-oc-event.c) under
// /sys/devices/platform/soctherm-oc-event/hwmon/hwmonN. Each `ocN_event_cnt` is a count since boot
// that the BPMP keeps of one alarm (oc1 under-voltage, oc2 average over-current, oc3
// instantaneous over-current); `ocN_throt_en` says whether that alarm throttles the clocks. Every
// read of these files is a message to the BPMP, so the files are opened once and only re-read.
#include <array>

#include "sensors/core/source.hpp"
#include "sensors/power/power_sources.hpp"

namespace edgetop {
namespace {

struct OcAlarm {
    const char* name;
    const char* kind;
};

constexpr std::array<OcAlarm, 3> kAlarms = {{
    {"oc1", "under-voltage"},
    {"oc2", "average over-current"},
    {"oc3", "instantaneous over-current"},
}};

constexpr const char* kHwmonName = "soctherm_oc";

struct OcCounter {
    const OcAlarm* alarm = nullptr;
    SysFile events, throttle_enabled;
};

// A count is digits that fit: a negative or unparsable content is garbage, not a count.
std::optional<int64_t> read_count(SysFile& file) {
    auto value = file.read_int();
    if (!value || *value < 0) return std::nullopt;
    return value;
}

class OcEventSource final : public Source {
  public:
    std::string name() const override { return "oc_events"; }

    bool discover(const Root& root) override {
        counters_.clear();
        dir_.clear();
        for (const auto& name_path : root.glob("/sys/class/hwmon/hwmon*/name")) {
            auto name = read_text_file(root.path(name_path));
            if (!name || *name != kHwmonName) continue;
            dir_ = name_path.substr(0, name_path.size() - std::string_view("/name").size());
            break;
        }
        if (dir_.empty()) return false;
        for (const auto& alarm : kAlarms) {
            const std::string prefix = dir_ + "/" + alarm.name;
            counters_.push_back({&alarm, SysFile(root.path(prefix + "_event_cnt")),
                                 SysFile(root.path(prefix + "_throt_en"))});
        }
        return true;
    }

    void poll(Sample& sample) override {
        for (auto& counter : counters_) {
            OcEventSample event;
            event.name = counter.alarm->name;
            event.kind = counter.alarm->kind;
            event.events = read_count(counter.events);
            event.throttle_enabled = read_flag(counter.throttle_enabled);
            sample.oc_events.push_back(std::move(event));
        }
    }

    std::vector<SourceStatus> status() const override {
        if (counters_.empty())
            return {{"power.oc_events", SourceStatus::State::absent, "/sys/class/hwmon/*/name",
                     "no soctherm_oc hwmon (Jetson Orin and Thor have one)"}};
        std::vector<SourceStatus> all;
        for (const auto& counter : counters_) {
            const std::string path = dir_ + "/" + counter.alarm->name + "_event_cnt";
            SourceStatus status = file_status("power.oc_events", path, counter.events);
            if (status.state == SourceStatus::State::found) status.hint = counter.alarm->kind;
            all.push_back(std::move(status));
        }
        return all;
    }

  private:
    std::string dir_;  // machine path of the hwmon directory
    std::vector<OcCounter> counters_;
};

}  // namespace

SourcePtr make_oc_events_source() {
    return std::make_unique<OcEventSource>();
}

}  // namespace edgetop
