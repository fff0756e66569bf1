// The cooling-device source: /sys/class/thermal/cooling_device*/{type,cur_state,max_state}
// (Documentation/driver-api/thermal/sysfs-api.rst). A CPU or GPU device above state 0 is the
// kernel lowering that unit's clocks; a fan's state is its speed step.
#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/thermal/thermal_naming.hpp"
#include "sensors/thermal/thermal_sources.hpp"

namespace edgetop {
namespace {

struct CoolingDevice {
    std::string name;
    SysFile cur_state;
    std::optional<int64_t> max_state;  // fixed by the driver: read once
};

class CoolingSource final : public Source {
  public:
    std::string name() const override { return "cooling"; }

    bool discover(const Root& root) override {
        devices_.clear();
        std::vector<std::string> names;
        for (const auto& dir : root.glob("/sys/class/thermal/cooling_device*")) {
            auto type = read_text_file(root.path(dir + "/type"));
            if (!type || type->empty()) continue;
            auto max_state = read_int_file(root.path(dir + "/max_state"));
            if (max_state && *max_state < 0) max_state.reset();
            devices_.push_back({*type, SysFile(root.path(dir + "/cur_state")), max_state});
            names.push_back(*type);
        }
        // x86 has one "Processor" device per CPU: the label of a series must be unique.
        make_names_unique(names, ".");
        for (size_t i = 0; i < devices_.size(); ++i)
            devices_[i].name = names[i];
        return !devices_.empty();
    }

    void poll(Sample& sample) override {
        for (auto& device : devices_) {
            auto state = device.cur_state.read_int();
            if (state && *state < 0) state.reset();
            sample.cooling.push_back({device.name, state, device.max_state});
        }
    }

    std::vector<SourceStatus> status() const override {
        if (devices_.empty())
            return {{"cooling", SourceStatus::State::absent, "/sys/class/thermal/cooling_device*",
                     "no cooling devices"}};
        return {{"cooling", SourceStatus::State::found, "/sys/class/thermal", ""}};
    }

  private:
    std::vector<CoolingDevice> devices_;
};

}  // namespace

SourcePtr make_cooling_source() {
    return std::make_unique<CoolingSource>();
}

}  // namespace edgetop
