#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/schema_metrics.hpp"

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

// A count since boot, so a counter: rate() over it is the events per second.
void append_oc_events(const Sample& sample, Families& out) {
    auto events = make_family("edgetop_oc_events_total",
                              "Throttle events of the SoC's over-current hwmon since boot "
                              "(soctherm_oc): oc1 under-voltage, oc2 average over-current, oc3 "
                              "instantaneous over-current.",
                              MetricType::Counter);
    for (const auto& event : sample.oc_events)
        if (event.events)
            add_value(events, static_cast<double>(*event.events), {{"event", event.name}});
    out.push_back(std::move(events));
    append_schema_families(sample.oc_events, out);
}

}  // namespace

void append_power_families(const FamilyInput& in, Families& out) {
    append_schema_families(in.sample.rails, out);
    auto watts = make_family("edgetop_rail_power_watts",
                             "Power of the rail: the sensor's reading, else volts x amperes.",
                             MetricType::Gauge);
    for (const auto& rail : in.sample.rails)
        add_if(watts, rail_watts(rail), {{"rail", rail.name}});
    out.push_back(std::move(watts));
    append_schema_families(&in.sample, out);
    append_energy(in, out);
    append_oc_events(in.sample, out);
}

}  // namespace edgetop::exporter
