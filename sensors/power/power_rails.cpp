// The power source: INA3221 rails (hwmon or IIO) and INA238 monitors (Thor's board input) with
// the board total, and x86 RAPL counters.
#include "sensors/core/source.hpp"
#include "sensors/power/power_ina238.hpp"
#include "sensors/power/power_ina3221.hpp"
#include "sensors/power/power_sources.hpp"
#include "sensors/power/power_total.hpp"
#include "sensors/power/rapl_powercap.hpp"

namespace edgetop {
namespace {

class PowerSource final : public Source {
  public:
    std::string name() const override { return "power"; }

    bool discover(const Root& root) override {
        chips_ = discover_ina3221(root);
        inputs_ = discover_ina238(root);
        std::vector<std::string> names;
        for (const auto& chip : chips_)
            for (const auto& channel : chip.channels)
                names.push_back(channel.name);
        for (const auto& input : inputs_)
            names.push_back(input.name);
        total_rule_ = choose_total_rule(names);
        rapl_ = discover_rapl(root);
        return !chips_.empty() || !inputs_.empty() || !rapl_.empty();
    }

    void poll(Sample& sample) override {
        size_t first = sample.rails.size();
        for (auto& chip : chips_)
            for (auto& channel : chip.channels)
                sample.rails.push_back(channel.read());
        for (auto& input : inputs_)
            sample.rails.push_back(input.read());
        if (sample.rails.size() > first) {
            std::span<RailSample> ina(sample.rails.begin() + static_cast<ptrdiff_t>(first),
                                      sample.rails.end());
            sample.power_total_mw = apply_total_rule(total_rule_, ina);
        }
        read_rapl(rapl_, sample.rails);
    }

    std::vector<SourceStatus> status() const override {
        std::vector<SourceStatus> all;
        for (const auto& chip : chips_) {
            all.push_back({"power.ina3221", SourceStatus::State::found, chip.path,
                           chip.iio ? "iio driver (ina3221x, JetPack 4)" : "hwmon driver"});
        }
        if (chips_.empty()) {
            all.push_back({"power.ina3221", SourceStatus::State::absent,
                           "/sys/bus/i2c/devices/*/name", "no INA3221 power monitor"});
        }
        // Said only where found: an INA238 is Thor's alone.
        for (const auto& input : inputs_) {
            all.push_back({"power.ina238", SourceStatus::State::found, input.path,
                           "board input rail " + input.name});
        }
        all.push_back(rapl_status(rapl_));
        return all;
    }

  private:
    std::vector<Ina3221Chip> chips_;
    std::vector<Ina238Monitor> inputs_;
    TotalRule total_rule_;
    std::vector<RaplZone> rapl_;
};

}  // namespace

SourcePtr make_power_source() {
    return std::make_unique<PowerSource>();
}

}  // namespace edgetop
