// The thermal source: /sys/class/thermal zones (with their trip points) and hwmon temperatures.
#include <string_view>

#include "sensors/core/source.hpp"
#include "sensors/thermal/thermal_hwmon.hpp"
#include "sensors/thermal/thermal_naming.hpp"
#include "sensors/thermal/thermal_sources.hpp"

namespace edgetop {
namespace {

struct Zone {
    std::string name;
    SysFile temp;
    std::vector<TripPoint> trips;
};

std::vector<TripPoint> read_trips(const Root& root, const std::string& zone_dir) {
    std::vector<TripPoint> trips;
    for (const auto& type_path : root.glob(zone_dir + "/trip_point_*_type")) {
        std::string stem = type_path.substr(0, type_path.size() - std::string_view("_type").size());
        auto type = read_text_file(root.path(type_path));
        auto temp = millidegrees_to_celsius(read_int_file(root.path(stem + "_temp")));
        // x86_pkg_temp exposes its unused thresholds as passive trips at 0: not a trip point.
        if (!type || type->empty() || !temp || *temp <= 0) continue;
        trips.push_back({*type, *temp});
    }
    return trips;
}

class ThermalSource final : public Source {
  public:
    std::string name() const override { return "thermal"; }

    bool discover(const Root& root) override {
        zones_.clear();
        for (const auto& dir : root.glob("/sys/class/thermal/thermal_zone*")) {
            auto type = read_text_file(root.path(dir + "/type"));
            if (!type || type->empty() || is_fake_zone(*type)) continue;
            zones_.push_back(
                {zone_short_name(*type), SysFile(root.path(dir + "/temp")), read_trips(root, dir)});
        }
        hwmon_ = discover_hwmon_temps(root);
        std::vector<std::string> names;
        for (const auto& zone : zones_)
            names.push_back(zone.name);
        for (const auto& temp : hwmon_)
            names.push_back(temp.name);
        make_names_unique(names);
        for (size_t i = 0; i < zones_.size(); ++i)
            zones_[i].name = names[i];
        for (size_t i = 0; i < hwmon_.size(); ++i)
            hwmon_[i].name = names[zones_.size() + i];
        return !zones_.empty() || !hwmon_.empty();
    }

    void poll(Sample& sample) override {
        for (auto& zone : zones_)
            sample.thermal.push_back({zone.name, millidegrees_to_celsius(zone.temp.read_int())});
        for (auto& temp : hwmon_)
            sample.thermal.push_back({temp.name, millidegrees_to_celsius(temp.input.read_int())});
    }

    void describe(Board& board) const override {
        for (const auto& zone : zones_)
            board.thermal_zones.push_back({zone.name, zone.trips});
    }

    std::vector<SourceStatus> status() const override {
        std::vector<SourceStatus> all;
        if (zones_.empty()) {
            all.push_back({"thermal", SourceStatus::State::absent,
                           "/sys/class/thermal/thermal_zone*", "no thermal zones"});
        } else {
            all.push_back({"thermal", SourceStatus::State::found, "/sys/class/thermal", ""});
        }
        if (hwmon_.empty()) {
            all.push_back({"thermal.hwmon", SourceStatus::State::absent, "/sys/class/hwmon",
                           "no hwmon temperature sensors"});
        } else {
            all.push_back({"thermal.hwmon", SourceStatus::State::found, "/sys/class/hwmon", ""});
        }
        return all;
    }

  private:
    std::vector<Zone> zones_;
    std::vector<HwmonTemp> hwmon_;
};

}  // namespace

SourcePtr make_thermal_source() {
    return std::make_unique<ThermalSource>();
}

}  // namespace edgetop
