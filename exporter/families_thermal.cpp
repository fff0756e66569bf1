#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

void append_thermal_families(const FamilyInput& in, Families& out) {
    auto temp = make_family("edgetop_temperature_celsius",
                            "Temperature of the thermal zone (absent while power-gated).",
                            MetricType::Gauge);
    for (const auto& zone : in.sample.thermal)
        add_if(temp, zone.temp_c, {{"zone", zone.name}});
    auto speed = make_family("edgetop_fan_speed_ratio", "Fan PWM duty, 0 to 1.", MetricType::Gauge);
    auto rpm =
        make_family("edgetop_fan_speed_rpm", "Fan speed from its tachometer.", MetricType::Gauge);
    for (const auto& fan : in.sample.fans) {
        Labels labels{{"fan", fan.name}};
        add_if(speed, scaled(fan.speed_pct, 0.01), labels);
        add_if(rpm, scaled(fan.rpm), labels);
    }
    out.push_back(std::move(temp));
    out.push_back(std::move(speed));
    out.push_back(std::move(rpm));
}

}  // namespace edgetop::exporter
