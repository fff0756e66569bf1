#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

namespace {

// The chip's power reading, else volts x amperes (the INA3221 hwmon driver gives no power file).
std::optional<double> rail_watts(const RailSample& rail) {
    if (rail.power_mw) return *rail.power_mw / 1000.0;
    if (rail.voltage_mv && rail.current_ma) return *rail.voltage_mv * *rail.current_ma / 1e6;
    return std::nullopt;
}

bool has_rail_power(const Sample& sample, const std::string& name) {
    for (const auto& rail : sample.rails)
        if (rail.name == name) return rail_watts(rail).has_value();
    return false;
}

void append_energy(const FamilyInput& in, Families& out) {
    auto rails = make_family("edgetop_rail_energy_joules_total",
                             "Energy through the rail since edgetop started, integrated from its "
                             "power readings.",
                             MetricType::Counter);
    for (const auto& rail : in.energy.rails()) {
        // A rail that has vanished keeps no series; a rail read now starts at its count so far.
        if (!has_rail_power(in.sample, rail.name)) continue;
        add_value(rails, rail.energy.joules, {{"rail", rail.name}});
    }
    auto total = make_family("edgetop_energy_joules_total",
                             "Energy of the whole board since edgetop started, integrated from "
                             "the total power readings.",
                             MetricType::Counter);
    if (in.sample.power_total_mw || in.energy.total().intervals > 0)
        add_value(total, in.energy.total().joules);
    out.push_back(std::move(rails));
    out.push_back(std::move(total));
}

}  // namespace

void append_power_families(const FamilyInput& in, Families& out) {
    auto volts = make_family("edgetop_rail_voltage_volts", "Bus voltage of the power rail.",
                             MetricType::Gauge);
    auto amps = make_family("edgetop_rail_current_amperes", "Current through the power rail.",
                            MetricType::Gauge);
    auto watts = make_family("edgetop_rail_power_watts",
                             "Power of the rail: the sensor's reading, else volts x amperes.",
                             MetricType::Gauge);
    for (const auto& rail : in.sample.rails) {
        Labels labels{{"rail", rail.name}};
        add_if(volts, scaled(rail.voltage_mv, 0.001), labels);
        add_if(amps, scaled(rail.current_ma, 0.001), labels);
        add_if(watts, rail_watts(rail), labels);
    }
    auto total = make_family("edgetop_power_watts",
                             "Power of the whole board (its input rail, or the sum of its rails).",
                             MetricType::Gauge);
    add_if(total, scaled(in.sample.power_total_mw, 0.001));
    for (auto* family : {&volts, &amps, &watts, &total})
        out.push_back(std::move(*family));
    append_energy(in, out);
}

}  // namespace edgetop::exporter
