// The fan source: every PWM fan and tachometer found by discover_fans().
#include "sensors/core/source.hpp"
#include "sensors/thermal/fan_discovery.hpp"
#include "sensors/thermal/thermal_sources.hpp"

namespace edgetop {
namespace {

class FanSource final : public Source {
  public:
    std::string name() const override { return "fan"; }

    bool discover(const Root& root) override {
        fans_ = discover_fans(root);
        return !fans_.empty();
    }

    void poll(Sample& sample) override {
        for (auto& fan : fans_)
            sample.fans.push_back(fan.read());
    }

    std::vector<SourceStatus> status() const override {
        std::vector<SourceStatus> all;
        for (const auto& fan : fans_) {
            if (fan.open_result == OpenResult::needs_root) {
                all.push_back({"fan", SourceStatus::State::needs_root, fan.path,
                               "debugfs is root-only: run as root or grant CAP_DAC_READ_SEARCH"});
            } else {
                all.push_back({"fan", SourceStatus::State::found, fan.path, ""});
            }
        }
        if (fans_.empty()) {
            all.push_back({"fan", SourceStatus::State::absent, "/sys/class/hwmon",
                           "no PWM fan or tachometer"});
        }
        return all;
    }

  private:
    std::vector<Fan> fans_;
};

}  // namespace

SourcePtr make_fan_source() {
    return std::make_unique<FanSource>();
}

}  // namespace edgetop
